// NSLocale.swift: NSLocale, as far as MiniFoundation's messages read one: a locale identifier
// (`sv_SE`, `de@collation=phonebook`), which chooses the collation of NSString's localized
// comparisons (Collation+Tailoring.swift) and, by its language, the decimal separator of the
// number and format messages (LocaleDictionary.swift).
//
// Docs: docs/foundation.md#localized-comparisons. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound25CollationTests.swift.
//
// The identifier is kept as given (Apple canonicalizes it; the collation reads the language and
// the `collation` keyword either way). `+currentLocale` is `en_US`, fixed: a library has no user
// preferences to read, and `en_US` collates as the root collation, which is what the localized
// comparisons answered before NSLocale existed. `+systemLocale` has the empty identifier, as
// Apple's has. Locking: the identifier sits behind its own lock, written once by
// `-initWithLocaleIdentifier:` and read by every other message.

/// What an `NSLocale` holds: its identifier.
final class LocaleStorage: BridgedStorage {
  private let identifierLock: Locked<String>

  init(_ identifier: String = "") { identifierLock = Locked(identifier) }

  var identifier: String {
    get { identifierLock.withLock { $0 } }
    set { identifierLock.withLock { $0 = newValue } }
  }

  /// A locale has no Swift value to bridge to; it compares by its identifier.
  var bridgedValue: Value? { nil }

  func isEqual(to other: any BridgedStorage) -> Bool {
    guard let other = other as? LocaleStorage else { return false }
    return identifier == other.identifier
  }

  func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

  var description: String { identifier }
}

enum NSLocaleMethods {
  /// The identifier of `+currentLocale` (see the design note).
  static let currentIdentifier = "en_US"

  static let all = ClassMethods(
    instance: ValueClassMethods.common + [
      MethodEntry("initWithLocaleIdentifier:", "@24@0:8@16") { receiver, selector, arguments in
        try storage(receiver, selector).identifier = try NSStringMethods.stringArgument(arguments[0], receiver, selector)
        return .object(receiver)
      },
      MethodEntry("localeIdentifier", "@16@0:8") { receiver, selector, _ in
        .string(try storage(receiver, selector).identifier)
      },
      MethodEntry("languageCode", "@16@0:8") { receiver, selector, _ in
        .string(languageCode(of: try storage(receiver, selector).identifier))
      },
    ],
    classSide: [
      MethodEntry("alloc", "@16@0:8") { receiver, _, _ in
        guard let cls = receiver as? Class else { return .nil }
        return .object(try cls.createInstance(bridgedStorage: LocaleStorage()))
      },
      MethodEntry("localeWithLocaleIdentifier:", "@24@0:8@16") { receiver, selector, arguments in
        let identifier = try NSStringMethods.stringArgument(arguments[0], receiver, selector)
        return try make(receiver, identifier)
      },
      MethodEntry("currentLocale", "@16@0:8") { receiver, _, _ in try make(receiver, currentIdentifier) },
      MethodEntry("autoupdatingCurrentLocale", "@16@0:8") { receiver, _, _ in try make(receiver, currentIdentifier) },
      MethodEntry("systemLocale", "@16@0:8") { receiver, _, _ in try make(receiver, "") },
    ])

  /// A new locale of the class `receiver` with `identifier`.
  private static func make(_ receiver: Object, _ identifier: String) throws -> Value {
    guard let cls = receiver as? Class else { return .nil }
    return .object(try cls.createInstance(bridgedStorage: LocaleStorage(identifier)))
  }

  /// The storage of a locale object, or the abstract-class error.
  private static func storage(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> LocaleStorage {
    guard let storage = receiver.bridgedStorage as? LocaleStorage else { throw Message.abstract(receiver, selector, "NSLocale") }
    return storage
  }

  /// The language of `identifier`: what comes before the first `_`, `-` or `@` (`sv` of `sv_SE`).
  static func languageCode(of identifier: String) -> String {
    String(identifier.prefix { $0 != "_" && $0 != "-" && $0 != "@" }).lowercased()
  }

  /// The identifier of the locale argument `value` of a localized message: an NSLocale's own; the
  /// current locale's for any other object, as NSString.h documents for
  /// `compare:options:range:locale:` (a dictionary was its locale before Mac OS X 10.5).
  static func identifier(of value: Value) -> String {
    (value.objectValue?.bridgedStorage as? LocaleStorage)?.identifier ?? currentIdentifier
  }
}
