// CollectionStorage.swift: the contents of Foundation's collection objects.
//
// Docs: docs/foundation.md#objects-and-bridged-values. Tests: Tests/MiniFoundationTests/BridgingTests.swift.
//
// Model: one storage object per collection object, attached when it is made
// (`Class.createInstance(bridgedStorage:)`); the class (`__NSArrayI` or `__NSArrayM`) decides
// whether messages may change it. Locking: each storage guards its Swift collection with its own
// lock (a leaf), held only to read or replace the collection: equality of `Value`s runs no user
// code, so nothing under it can call out. A reader gets a copy (copy-on-write makes that cheap),
// so a message that iterates never holds the lock while it sends messages. Beside the contents,
// under the same lock, a count of the changes made to them (`mutations`, the `mutationsPtr` of
// Foundation's fast enumeration): an enumeration of a mutable collection compares it before and
// after each call-out and raises when it moved.
//
// Ownership (docs/foundation.md#collections-retain-their-elements): a collection retains each
// object it holds as objc4's `objc_retain` does (`Runtime.retainForStore`: a `retain` message to
// a class with custom retain-release, the side-table count otherwise) and releases it when it is
// removed, replaced, or the collection goes (Swift frees it or a `release` deallocates it), so
// `retainCount` counts it. The factories below retain the first contents; each mutating
// primitive retains what it adds and releases what it removes, outside the lock (a `retain` or
// `release` override may run user code). A dictionary retains its keys and its values.

/// The contents of a Foundation collection: a Swift collection behind a lock, bridged as `bridge`
/// says.
final class CollectionStorage<Contents: Sendable>: BridgedStorage {
  /// The contents and how many changes were made to them, behind one lock.
  private struct Guarded {
    var contents: Contents
    var mutations: UInt = 0
  }

  private let contents: Locked<Guarded>
  private let bridge: @Sendable (Contents) -> Value?
  private let equal: (@Sendable (Contents, Contents) -> Bool)?
  /// Calls its body with each value the contents retain (`nil`: none, an index set's).
  private let held: (@Sendable (Contents, (Value) -> Void) -> Void)?
  /// The contents once the collection was deallocated by a `release`, its elements released.
  private let empty: Contents?

  /// - Parameters:
  ///   - bridge: The Swift value the contents bridge to (`nil` when there is none).
  ///   - equal: How two contents compare when there is no bridged value.
  ///   - held: The values the contents hold, which the storage retains now and releases when it
  ///     goes; `nil` when they hold no objects.
  ///   - empty: What the contents become when the collection is deallocated by a `release`.
  init(
    _ initial: Contents, bridge: @escaping @Sendable (Contents) -> Value?,
    equal: (@Sendable (Contents, Contents) -> Bool)? = nil, held: (@Sendable (Contents, (Value) -> Void) -> Void)? = nil,
    empty: Contents? = nil
  ) {
    contents = Locked(Guarded(contents: initial))
    self.bridge = bridge
    self.equal = equal
    self.held = held
    self.empty = empty
    // A retain refused (an object Objective-C already freed) leaves that element uncounted.
    held?(initial) { try? Runtime.retainForStore($0) }
  }

  deinit {
    held?(contents.withLock { $0.contents }) { Runtime.releaseForStore($0) }
  }

  /// Replaces the contents (an initializer's), retaining the new ones and releasing the old.
  func replaceContents(with new: Contents) {
    held?(new) { try? Runtime.retainForStore($0) }  // call-out: overrides, no lock held
    let old = contents.withLock { guarded in
      defer { guarded = Guarded(contents: new, mutations: guarded.mutations &+ 1) }
      return guarded.contents
    }
    held?(old) { Runtime.releaseForStore($0) }  // after unlocking: may run user code
  }

  /// Empties the contents and releases what they held: the collection was deallocated by a
  /// `release` (its `-dealloc` releases its elements) while Swift still holds its shell.
  func releaseContents() {
    guard let held, let empty else { return }
    let old = contents.withLock { guarded in
      defer { guarded = Guarded(contents: empty, mutations: guarded.mutations &+ 1) }
      return guarded.contents
    }
    held(old) { Runtime.releaseForStore($0) }  // after unlocking: may run user code
  }

  /// A copy of the contents, read under the lock.
  var value: Contents { contents.withLock { $0.contents } }

  /// How many changes were made to the contents so far (wrapping), read under the lock.
  var mutations: UInt { contents.withLock { $0.mutations } }

  /// Reads the contents under the lock without copying them. `body` must not call out.
  func read<Result>(_ body: (Contents) -> Result) -> Result { contents.withLock { body($0.contents) } }

  /// Changes the contents under the lock, counting one mutation unless `body` throws (which it
  /// does before changing anything). `body` must not call out (no messages, no user code).
  @discardableResult
  func update<Result, Failure: Error>(_ body: (inout Contents) throws(Failure) -> Result) throws(Failure) -> Result {
    try contents.withLock { (guarded: inout Guarded) throws(Failure) -> Result in
      let result = try body(&guarded.contents)
      guarded.mutations &+= 1
      return result
    }
  }

  /// Changes the contents under the lock as `body` says, counting a mutation only when it answers
  /// something (what it removed or replaced): removing an object that is not there changes
  /// nothing, so an enumeration goes on. `body` must not call out.
  func updateIfChanged<Changed>(_ body: (inout Contents) -> Changed?) -> Changed? {
    contents.withLock { guarded in
      let changed = body(&guarded.contents)
      if changed != nil { guarded.mutations &+= 1 }
      return changed
    }
  }

  var bridgedValue: Value? { bridge(value) }

  func isEqual(to other: any BridgedStorage) -> Bool {
    if other === self { return true }
    guard let equal else {
      guard let mine = bridgedValue, let theirs = other.bridgedValue else { return false }
      return mine == theirs
    }
    guard let other = other as? CollectionStorage<Contents> else { return false }
    return equal(value, other.value)
  }

  func hash(into hasher: inout Hasher) {
    if let bridged = bridgedValue { return bridged.hash(into: &hasher) }
    hasher.combine(ObjectIdentifier(Contents.self))
  }

  var description: String {
    if let bridged = bridgedValue { return bridged.description }
    if let printable = value as? any CustomStringConvertible { return printable.description }
    return "<\(Contents.self)>"
  }
}

/// An ordered set's contents: the elements in order, and the same elements for membership.
struct OrderedElements: Sendable, Equatable, CustomStringConvertible {
  private(set) var elements: [Value] = []
  private(set) var members: Set<Value> = []

  init<S: Sequence>(_ values: S) where S.Element == Value {
    for value in values { append(value) }
  }

  var count: Int { elements.count }
  /// `{(a, b)}`, as `%@` prints an ordered set on one line.
  var description: String { "{(" + elements.map(\.description).joined(separator: ", ") + ")}" }
  func contains(_ value: Value) -> Bool { members.contains(value) }
  func index(of value: Value) -> Int? { members.contains(value) ? elements.firstIndex(of: value) : nil }

  /// Appends `value` unless an equal one is there; `true` if it was added.
  @discardableResult
  mutating func append(_ value: Value) -> Bool { insert(value, at: elements.count) }

  /// Inserts `value` at `index` unless an equal one is there; `true` if it was inserted.
  @discardableResult
  mutating func insert(_ value: Value, at index: Int) -> Bool {
    guard members.insert(value).inserted else { return false }
    elements.insert(value, at: index)
    return true
  }

  /// Removes and returns the element at `index`.
  @discardableResult
  mutating func remove(at index: Int) -> Value {
    let removed = elements.remove(at: index)
    members.remove(removed)
    return removed
  }

  /// Replaces the element at `index` with `value`, unless `value` is already elsewhere; returns
  /// the element replaced, or `nil` when nothing changed.
  @discardableResult
  mutating func replace(at index: Int, with value: Value) -> Value? {
    if let existing = self.index(of: value) {
      if existing != index { return nil }
    }
    let old = elements[index]
    members.remove(old)
    elements[index] = value
    members.insert(value)
    return old
  }

  mutating func removeAll() {
    elements = []
    members = []
  }
}

typealias ArrayStorage = CollectionStorage<[Value]>
typealias DictionaryStorage = CollectionStorage<[Value: Value]>
typealias SetStorage = CollectionStorage<Set<Value>>
typealias OrderedSetStorage = CollectionStorage<OrderedElements>
typealias IndexSetStorage = CollectionStorage<Indexes>

extension CollectionStorage where Contents == [Value] {
  /// An array's storage.
  static func array(_ elements: [Value]) -> ArrayStorage {
    ArrayStorage(elements, bridge: { .array($0) }, held: { elements, body in elements.forEach(body) }, empty: [])
  }
}

extension CollectionStorage where Contents == [Value: Value] {
  /// A dictionary's storage.
  static func dictionary(_ entries: [Value: Value]) -> DictionaryStorage {
    DictionaryStorage(
      entries, bridge: { .dictionary($0) },
      held: { entries, body in
        for (key, value) in entries {
          body(key)
          body(value)
        }
      }, empty: [:])
  }
}

extension CollectionStorage where Contents == Set<Value> {
  /// A set's storage.
  static func set(_ elements: Set<Value>) -> SetStorage {
    SetStorage(elements, bridge: { .set($0) }, held: { elements, body in elements.forEach(body) }, empty: [])
  }
}

extension CollectionStorage where Contents == OrderedElements {
  /// An ordered set's storage: no bridged form (Swift has none); equal to an ordered set with
  /// the same elements in the same order, as `-isEqualToOrderedSet:` says.
  static func orderedSet(_ elements: OrderedElements) -> OrderedSetStorage {
    OrderedSetStorage(
      elements, bridge: { _ in nil }, equal: { $0.elements == $1.elements }, held: { contents, body in contents.elements.forEach(body) },
      empty: OrderedElements([]))
  }
}

extension CollectionStorage where Contents == Indexes {
  /// An index set's storage: equal to an index set with the same indexes.
  static func indexSet(_ indexes: Indexes) -> IndexSetStorage {
    IndexSetStorage(indexes, bridge: { _ in nil }, equal: { $0 == $1 })
  }
}

/// The contents of an immutable object that bridges to one value: an `NSString`, `NSNumber`,
/// `NSValue`, `NSNull`, or a `__SwiftValue` box.
final class ScalarStorage: BridgedStorage {
  let value: Value
  /// The type `+valueWithBytes:objCType:` was given, which `-objCType` answers (not the one CFNumber
  /// would report; nil: the type `value` implies).
  let objCType: String?
  /// The object of `+valueWithNonretainedObject:` (`value` is its address).
  let referent: NonretainedReferent?

  init(_ value: Value, objCType: String? = nil, referent: NonretainedReferent? = nil) {
    self.value = value
    self.objCType = objCType
    self.referent = referent
  }

  var bridgedValue: Value? { value }
}
