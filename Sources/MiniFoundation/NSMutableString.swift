// NSMutableString.swift: NSMutableString, a string whose characters change in place.
//
// Docs: docs/foundation.md#nsmutablestring. Tests: Tests/MiniFoundationTests/NSMutableStringTests.swift,
// Tests/KVOTests/FoundationRound6Tests.swift.
//
// Model: as on Apple, one concrete class serves both kinds of string: `__NSCFString`, a subclass
// of NSMutableString, itself a subclass of NSString. What tells them apart is the storage: an
// immutable string holds a `ScalarStorage` (its one `.string`), a mutable one a mutable
// `StringStorage` (its text behind the storage's own lock, a leaf held only to read or replace
// the text; no message is sent under it; StringStorage.swift). So `[@"a" isKindOfClass:[NSMutableString class]]` is YES, as
// Apple's `__NSCFString` answers, and an editing message to an immutable string raises
// "Attempt to mutate immutable object with appendString:" rather than an unrecognized selector.
// Lengths, indexes and ranges count UTF-16 code units, as NSString's do.
//
// The primitive is `replaceCharactersInRange:withString:`; every other edit is written with it,
// so a user's subclass that defines it (and NSString's `length` and `characterAtIndex:`) gets the
// rest; on a subclass without it, it raises "method only defined for abstract class".

enum NSMutableStringMethods {
  static let all = ClassMethods(
    instance: [
      MethodEntry("replaceCharactersInRange:withString:", "v40@0:8{_NSRange=QQ}16@32") { receiver, selector, arguments in
        let storage = try storage(receiver, selector)
        let range = try Message.range(arguments[0], receiver, selector)
        let replacement = try NSStringMethods.textArgument(arguments[1], receiver, selector, mutation: true)
        try storage.update { (text: inout StringText) throws(FoundationError) in
          text = try replacing(text, range, with: replacement, receiver, selector)
        }
        return .nil
      },
      edit("appendString:", "v24@0:8@16") { receiver, selector, arguments in
        let addition = try NSStringMethods.textArgument(arguments[0], receiver, selector, mutation: true)
        let end = try length(receiver)
        return (.range(end..<end), addition)
      },
      edit("insertString:atIndex:", "v32@0:8@16Q24") { receiver, selector, arguments in
        let addition = try NSStringMethods.textArgument(arguments[0], receiver, selector, mutation: true)
        let index = try Message.index(arguments[1], receiver, selector)
        guard index <= (try length(receiver)) else { throw outOfBounds(receiver, selector) }
        return (.range(index..<index), addition)
      },
      edit("deleteCharactersInRange:", "v32@0:8{_NSRange=QQ}16") { _, _, arguments in
        (arguments[0], .string(""))
      },
      edit("setString:", "v24@0:8@16") { receiver, selector, arguments in
        (.range(0..<(try length(receiver))), try NSStringMethods.textArgument(arguments[0], receiver, selector, mutation: true))
      },
      edit("appendFormat:", "v24@0:8@16", variadic: true) { receiver, selector, arguments in
        let format = try NSStringMethods.stringArgument(arguments[0], receiver, selector)
        let text = try StringFormat.format(format, Array(arguments.values.dropFirst()), receiver, selector)
        let end = try length(receiver)
        return (.range(end..<end), text)
      },
      MethodEntry("initWithCapacity:", "@24@0:8Q16") { receiver, _, _ in
        try Runtime.msgSend(receiver, "init")
      },
      MethodEntry("replaceOccurrencesOfString:withString:options:range:", "Q48@0:8@16@24Q32{_NSRange=QQ}40") { receiver, selector, arguments in
        // Each occurrence through the primitive, the last first so earlier ranges stay valid;
        // answers how many were replaced.
        if NSStringMethods.isImmutable(receiver) { throw immutable(selector) }
        let found = try NSStringSearching.occurrences(receiver, selector, arguments[0], options: arguments[2], within: arguments[3])
        let replacement = try NSStringMethods.result(try NSStringMethods.textArgument(arguments[1], receiver, selector, mutation: true), receiver)
        for range in found.reversed() {
          try Runtime.msgSend(receiver, "replaceCharactersInRange:withString:", .range(range), replacement)
        }
        return .uint64(UInt64(found.count))
      },
    ],
    classSide: [
      CollectionLifecycle.convenience("stringWithCapacity:", "@24@0:8Q16", "initWithCapacity:")
    ])

  /// An editing message other than the primitive: it refuses an immutable string naming itself,
  /// as `__NSCFString` does, then works out the range and text to replace and sends the primitive.
  private static func edit(
    _ name: Selector, _ types: String, variadic: Bool = false,
    _ change: @escaping @Sendable (Object, Selector, Arguments) throws -> (range: Value, text: StringText)
  ) -> MethodEntry {
    MethodEntry(name, types, variadic: variadic) { receiver, selector, arguments in
      if NSStringMethods.isImmutable(receiver) { throw immutable(selector) }
      let (range, text) = try change(receiver, selector, arguments)
      return try Runtime.msgSend(receiver, "replaceCharactersInRange:withString:", range, try NSStringMethods.result(text, receiver))
    }
  }

  /// The storage a primitive edits: the abstract-class error for a subclass's instance, the
  /// immutable-object error for an immutable string.
  private static func storage(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> StringStorage {
    switch receiver.bridgedStorage {
    case let storage as StringStorage where storage.isMutable: return storage
    case is ScalarStorage, is StringStorage: throw immutable(selector)
    default: throw Message.abstract(receiver, selector, "NSMutableString")
    }
  }

  /// `text` with the UTF-16 units in `range` replaced by `replacement`: a pair cut in two keeps
  /// its halves, and halves brought together are a pair again.
  private static func replacing(
    _ text: StringText, _ range: Range<Int>, with replacement: StringText, _ receiver: Object, _ selector: Selector
  ) throws(FoundationError) -> StringText {
    var units = text.utf16
    guard range.upperBound <= units.count else { throw outOfBounds(receiver, selector) }
    units.replaceSubrange(range, with: replacement.utf16)
    return StringText(units: units)
  }

  /// The receiver's length, through its `length` message (a subclass's primitive).
  private static func length(_ receiver: Object) throws -> Int {
    try Runtime.msgSend(receiver, "length").intValue ?? 0
  }

  /// `Attempt to mutate immutable object with appendString:`, as CFString words it.
  static func immutable(_ selector: Selector) -> FoundationError {
    FoundationError(.invalidArgument, "Attempt to mutate immutable object with \(selector.name)")
  }

  /// `-[__NSCFString insertString:atIndex:]: Range or index out of bounds`, as CFString words it.
  private static func outOfBounds(_ receiver: Object, _ selector: Selector) -> FoundationError {
    FoundationError(.indexOutOfBounds, "\(Message.name(receiver, selector)): Range or index out of bounds")
  }
}
