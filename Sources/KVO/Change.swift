// Change.swift: one notification's change dictionary.
//
// Docs: docs/kvo.md#change-dictionaries. Tests: Tests/KVOTests/ChangeDictionaryTests.swift.
//
// Model: an immutable object (kind, old, new, indexes, isPrior, and extras for layers above) that
// reads like Foundation's dictionary through a subscript by `ChangeKey`, so no dictionary is built
// per notification; it travels in the `change:` argument of a message as the object itself, and
// a message sent to it reaches an NSDictionary of its entries (Change+Bridging.swift).
// Each observer's change is built from its own options: `old`/`new` are present only when asked
// for, and a requested old or new value that was nil is present, never missing: the `old` and
// `new` properties read it as `.nil` (as Swift's `NSKeyValueObservedChange` reads NSNull as nil),
// and the dictionary reading (`change[.old]`, `dictionary`, messages) holds `.null`, Foundation's
// `NSNull`, as `objectForKey:` answers.

import MiniFoundation

/// What kind of change a notification reports.
///
/// Objective-C: `NSKeyValueChange`
public enum ChangeKind: UInt, Hashable, Sendable, CustomStringConvertible {
  /// The value was set (a to-one change, or a whole to-many replacement).
  ///
  /// Objective-C: `NSKeyValueChangeSetting`
  case setting = 1
  /// Objects were inserted into a to-many relationship.
  ///
  /// Objective-C: `NSKeyValueChangeInsertion`
  case insertion = 2
  /// Objects were removed from a to-many relationship.
  ///
  /// Objective-C: `NSKeyValueChangeRemoval`
  case removal = 3
  /// Objects were replaced in a to-many relationship.
  ///
  /// Objective-C: `NSKeyValueChangeReplacement`
  case replacement = 4

  /// `setting`, `insertion`, …
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String {
    switch self {
    case .setting: return "setting"
    case .insertion: return "insertion"
    case .removal: return "removal"
    case .replacement: return "replacement"
    }
  }
}

/// A key of the change dictionary.
///
/// Objective-C: `NSKeyValueChangeKey`
public struct ChangeKey: Hashable, Sendable, CustomStringConvertible {
  /// The key's string, as Foundation spells it (`kind`, `new`, `old`, …).
  ///
  /// Objective-C: the `NSString` value of the key constant.
  public let rawValue: String

  /// Creates a key.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The kind of change.
  ///
  /// Objective-C: `NSKeyValueChangeKindKey`
  public static let kind = ChangeKey("kind")
  /// The new value.
  ///
  /// Objective-C: `NSKeyValueChangeNewKey`
  public static let new = ChangeKey("new")
  /// The old value.
  ///
  /// Objective-C: `NSKeyValueChangeOldKey`
  public static let old = ChangeKey("old")
  /// The indexes of a to-many change.
  ///
  /// Objective-C: `NSKeyValueChangeIndexesKey`
  public static let indexes = ChangeKey("indexes")
  /// `true` in a notification sent before the change (option `prior`).
  ///
  /// Objective-C: `NSKeyValueChangeNotificationIsPriorKey`
  public static let notificationIsPrior = ChangeKey("notificationIsPrior")

  /// The key's string.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { rawValue }
}

/// The change dictionary of one notification.
///
/// ```swift
/// change.kind              // .setting
/// change.new               // 43          (only with option .new)
/// change.old               // 42          (only with option .old; .nil if it was nil)
/// change.old == nil        // no old entry: not asked for, or an insertion (the key is absent)
/// change.old == .nil       // the old value was nil
/// change[.old] == .null    // the dictionary's entry for it: NSNull, as in Foundation
/// change[.new]             // 43, dictionary-style
/// change[.indexes]         // nil for a to-one change; an NSIndexSet object for a to-many one
/// change.indexes           // the same indexes as a Swift value (`Indexes`)
/// change.isPrior           // false
/// ```
///
/// An immutable object, built per observer from its own options: it is what the runtime message
/// `observeValueForKeyPath:ofObject:change:context:` carries as its `change:` argument (an `id`,
/// like the `NSDictionary` it stands for), and what closure observers receive. No dictionary is
/// built per notification; `dictionary` makes one on demand.
///
/// Objective-C: the `NSDictionary<NSKeyValueChangeKey, id> *change` argument
public final class Change: Hashable, @unchecked Sendable, CustomStringConvertible {
  // Immutable: every stored property is a `let`. KVO builds a new change for every notification
  // pass and never rewrites one, because an observer may keep it and read it on another thread
  // after the set returns (a KVOController executor). `@unchecked Sendable` only because `Value`
  // may hold objects; nothing here is ever mutated.

  /// The kind of change.
  ///
  /// Objective-C: `change[NSKeyValueChangeKindKey]`
  public let kind: ChangeKind
  /// The new value, if the observer asked for it (`.nil` for a nil value, whose dictionary
  /// entry, `change[.new]`, is NSNull).
  ///
  /// Objective-C: `change[NSKeyValueChangeNewKey]` (NSNull read as nil, as Swift's
  /// `NSKeyValueObservedChange.newValue` reads it)
  public let new: Value?
  /// The old value, if the observer asked for it (`.nil` for a nil value, whose dictionary
  /// entry, `change[.old]`, is NSNull).
  ///
  /// Objective-C: `change[NSKeyValueChangeOldKey]` (NSNull read as nil, as Swift's
  /// `NSKeyValueObservedChange.oldValue` reads it)
  public let old: Value?
  /// The indexes of a to-many change, as a Swift value (`change[.indexes]` is the `NSIndexSet`
  /// object).
  ///
  /// Objective-C: `change[NSKeyValueChangeIndexesKey]`
  public var indexes: Indexes? { indexSource?.indexes }
  /// The indexes, with the runtime their `NSIndexSet` is made in (ChangeIndexes.swift).
  let indexSource: ChangeIndexes?
  /// Whether this notification comes before the change (option `prior`).
  ///
  /// Objective-C: `change[NSKeyValueChangeNotificationIsPriorKey]`
  public let isPrior: Bool
  /// Extra entries added by layers above (KVOController adds the observed key path).
  ///
  /// Objective-C: none (entries such as `FBKVONotificationKeyPathKey`).
  public var extras: [ChangeKey: Value] {
    Dictionary(extraList.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
  }
  /// The first extra entry, apart: a KVOController block's change has one (the key path, named
  /// at registration, whose entry it shares), which then costs one reference and no hashing.
  /// `nil` for most changes.
  @usableFromInline let firstExtra: ExtraChangeEntry?
  /// Any further extra entries, in the order added (rare).
  private let moreExtras: [ExtraChangeEntry]?

  /// Every extra entry, in the order added.
  private var extraList: [ExtraChangeEntry] {
    guard let firstExtra else { return [] }
    return [firstExtra] + (moreExtras ?? [])
  }

  /// Creates a change.
  ///
  /// A change made here belongs to no runtime, so its `indexes` entry (`change[.indexes]`) is
  /// the indexes as an array of numbers; the changes KVO delivers hold an `NSIndexSet` there.
  ///
  /// Objective-C: none (Foundation builds these internally).
  public init(
    kind: ChangeKind, new: Value? = nil, old: Value? = nil, indexes: Indexes? = nil, isPrior: Bool = false,
    extras: [ChangeKey: Value] = [:]
  ) {
    self.kind = kind
    self.new = new
    self.old = old
    indexSource = indexes.map { ChangeIndexes($0, in: nil) }
    self.isPrior = isPrior
    let list = extras.map { ExtraChangeEntry($0.value, forKey: $0.key) }
    firstExtra = list.first
    moreExtras = list.count > 1 ? Array(list.dropFirst()) : nil
  }

  private init(copying change: Change, first: ExtraChangeEntry, more: [ExtraChangeEntry]?) {
    kind = change.kind
    new = change.new
    old = change.old
    indexSource = change.indexSource
    isPrior = change.isPrior
    firstExtra = first
    moreExtras = more
  }

  /// The change KVO builds per notification: no extra entries, or the one entry its
  /// registration was made with (`addObserver(_:forKeyPath:options:context:extraEntry:)`).
  init(
    kind: ChangeKind, new: Value?, old: Value?, indexes: ChangeIndexes?, isPrior: Bool = false,
    extra: ExtraChangeEntry?
  ) {
    self.kind = kind
    self.new = new
    self.old = old
    indexSource = indexes
    self.isPrior = isPrior
    firstExtra = extra
    moreExtras = nil
  }

  /// The same change with one more entry (or `key`'s entry replaced).
  ///
  /// ```swift
  /// let tagged = change.adding(.string("age"), forKey: .notificationKeyPath)
  /// ```
  ///
  /// Objective-C: none (`-[NSMutableDictionary setObject:forKey:]` on a copy).
  public func adding(_ value: Value, forKey key: ChangeKey) -> Change {
    let entry = ExtraChangeEntry(value, forKey: key)
    guard firstExtra != nil else { return Change(copying: self, first: entry, more: nil) }
    var list = extraList
    list.removeAll { $0.key == key }
    list.append(entry)
    return Change(copying: self, first: list[0], more: list.count > 1 ? Array(list.dropFirst()) : nil)
  }

  /// The extra entry for `key` (one a layer above added), or `nil`: `self[key]` without first
  /// comparing `key` with Foundation's own keys.
  ///
  /// ```swift
  /// change.extra(forKey: .notificationKeyPath)   // "age" in a KVOController block's change
  /// ```
  ///
  /// Objective-C: none (MiniKVO extension: `-[NSDictionary objectForKey:]` for a key that is not
  /// one of Foundation's, read on every KVOController notification).
  public func extra(forKey key: ChangeKey) -> Value? {
    if let moreExtras, let last = moreExtras.last(where: { $0.key == key }) { return last.value }
    guard let firstExtra, firstExtra.key == key else { return nil }
    return firstExtra.value
  }

  /// Whether `entry` itself (not an equal one) is this change's first extra entry: true for
  /// every change KVO builds for a registration made with `entry`
  /// (`addObserver(_:forKeyPath:options:context:extraEntry:)`). A pointer comparison, where
  /// `extra(forKey:)` compares keys; when true, `extra(forKey: entry.key)` is `entry.value`.
  ///
  /// Objective-C: none (MiniKVO extension).
  @inlinable public func carries(_ entry: ExtraChangeEntry) -> Bool { firstExtra === entry }

  /// The entry for `key`, or `nil` if the dictionary has no such entry.
  ///
  /// A requested old or new value that was nil is `.null` here, the `NSNull` Foundation's
  /// dictionary holds (the `old` and `new` properties read it as `.nil`).
  /// `notificationIsPrior` is present only in prior notifications, as in Foundation.
  ///
  /// Objective-C: `-[NSDictionary objectForKey:]`
  public subscript(key: ChangeKey) -> Value? {
    switch key {
    case .kind: return .uint64(UInt64(kind.rawValue))
    case .new: return Self.entry(new)
    case .old: return Self.entry(old)
    case .indexes: return indexSource?.entry  // an NSIndexSet, as Foundation's
    case .notificationIsPrior: return isPrior ? .bool(true) : nil
    default: return extra(forKey: key)
    }
  }

  /// An old or new value as the dictionary holds it: nil is `NSNull`.
  @inline(__always)
  private static func entry(_ value: Value?) -> Value? {
    guard let value, value.isNil else { return value }
    return .null
  }

  /// Every entry, as a dictionary keyed by the entries' strings (`indexes` is an `NSIndexSet`,
  /// a nil old or new value `.null`).
  ///
  /// Objective-C: the `NSDictionary` itself.
  public var dictionary: [String: Value] {
    var result: [String: Value] = [:]
    for key in [ChangeKey.kind, .new, .old, .indexes, .notificationIsPrior] + Array(extras.keys) {
      if let value = self[key] { result[key.rawValue] = value }
    }
    return result
  }

  /// The keys of the entries present, without making any entry's object.
  private var presentKeys: [ChangeKey] {
    [ChangeKey.kind, .new, .old, .indexes, .notificationIsPrior].filter { key in
      switch key {
      case .new: return new != nil
      case .old: return old != nil
      case .indexes: return indexSource != nil
      case .notificationIsPrior: return isPrior
      default: return true
      }
    } + Array(extras.keys)
  }

  /// Changes are equal when all their entries are.
  ///
  /// Objective-C: `-[NSDictionary isEqualToDictionary:]`
  public static func == (lhs: Change, rhs: Change) -> Bool {
    lhs.kind == rhs.kind && lhs.new == rhs.new && lhs.old == rhs.old && lhs.indexes == rhs.indexes
      && lhs.isPrior == rhs.isPrior && lhs.extras == rhs.extras
  }

  /// Hashes the entries.
  ///
  /// Objective-C: `-[NSDictionary hash]`
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(new)
    hasher.combine(old)
    hasher.combine(indexes)
    hasher.combine(isPrior)
  }

  /// The dictionary as `NSDictionary` prints it, one entry per line, keys sorted, each value as
  /// a dictionary prints its values: a plain word bare (`age`, `43`), any other text quoted
  /// (`"Ann Lee"`, `"2.5"`, `"<Person: 0x…>"`), a collection indented, the indexes as their index
  /// set object does (`"<_NSCachedIndexSet: 0x…>[number of indexes: 1 (in 1 ranges), indexes:
  /// (0)]"`, the same object `change[.indexes]` answers). A value that was nil prints as `NSNull`
  /// does (`"<null>"`); a value not asked for has no line.
  ///
  /// Objective-C: `-[NSDictionary description]`
  public var description: String {
    // Built without sending a message: describing a change (as the runtime's `observerNotified`
    // event does) must not run user code or load Foundation's classes. An object prints its
    // identity, not its `-description`; the indexes print as their index set object does (made
    // once, with no message: ChangeIndexes.swift).
    let lines = presentKeys.map(\.rawValue).sorted().map { key -> String in
      if key == ChangeKey.indexes.rawValue, let indexSource { return "    indexes = \(indexSource.described);" }
      let value = self[ChangeKey(key)] ?? .null
      return "    \(key) = \(Describing.entryWithoutMessages(value) ?? value.description);"
    }
    return "{\n" + lines.joined(separator: "\n") + "\n}"
  }
}

extension Value {
  /// The change carried by a `change:` argument of `observeValueForKeyPath:ofObject:change:context:`.
  ///
  /// ```swift
  /// observer.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v@:@@@^v") { _, _, arguments in
  ///   let change = arguments[2].change   // Change?
  ///   return .nil
  /// }
  /// ```
  ///
  /// Objective-C: none (reading the `NSDictionary` argument).
  public var change: Change? { swiftObject(as: Change.self) }
}
