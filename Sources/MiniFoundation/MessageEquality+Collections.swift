// MessageEquality+Collections.swift: equality through nested collections, as Foundation's.
//
// Docs: docs/foundation.md#equality-in-collections, docs/decisions/0024-collections-send-isequal-and-hash.md.
// Tests: Tests/MiniFoundationTests/CollectionEqualityTests.swift.
//
// Model: Foundation's collections compare by sending `isEqual:` to their elements, so equality
// goes through messages at every depth: `@[@[a]]` equals `@[@[a2]]` when `[a isEqual:a2]`.
// `Value`'s `==` compares a collection's elements by `==`, which is identity for a user's
// object. So a collection (a bridged array, set or dictionary, or an object holding Foundation's
// storage) is compared here as its `-isEqual:` compares, element by element through
// `MessageEquality.isEqual`; and a collection that holds an object with its own equality, at any
// depth, is looked up in a set, a dictionary or an ordered set by its hash (its count, which is
// what Apple's `-[NSArray hash]`, `-[NSSet hash]` and `-[NSDictionary hash]` answer) and
// `isEqual:`, as such an object is. A collection holding none keeps `Value`'s hashed lookup,
// which already answers what the messages would.
//
// Locking: none, as in MessageEquality.swift: the contents are copies taken from the storages
// (each storage's lock is held only for the copy), and every message is sent with no lock held.
// A collection that holds itself is scanned once (`holdsOwnEquality` remembers the objects it
// entered). Comparing two distinct collections that each hold themselves recurses on Apple until
// the stack runs out; here `isEqual` counts the levels (`Value.nested`) and raises past
// `Value.nestingLimit` (docs/foundation.md#collections-that-contain-themselves).

extension MessageEquality {
  /// The contents of a collection read without a message: a bridged array, set or dictionary, or
  /// an object with Foundation's storage (a counted set's members); nil for anything else. A
  /// subclass's instance (a KVC proxy, a user's NSArray subclass) has no storage: it runs
  /// NSArray's `-isEqual:`, so it has its own equality and is sent messages.
  /// (`Value.collectionContents()` answers this, and reads such a subclass through its primitives.)
  static func storedContents(_ value: Value) -> CollectionContents? {
    switch value {
    case .array(let elements): return .array(elements)
    case .set(let elements): return .set(elements)
    case .dictionary(let entries): return .dictionary(entries)
    case .object(let object):
      switch object.bridgedStorage {
      case let storage as ArrayStorage: return .array(storage.value)
      case let storage as OrderedSetStorage: return .orderedSet(storage.value.elements)
      case let storage as SetStorage: return .set(storage.value)
      case let storage as CountedSetStorage: return .set(Set(storage.value.keys))
      case let storage as DictionaryStorage: return .dictionary(storage.value)
      case let view as OrderedSetView: return view.kind == .array ? .array(view.elements) : .set(view.members)
      default: return nil
      }
    default: return nil
    }
  }

  /// A stored collection's count, which is its `-hash` as Apple's collections answer it; nil for
  /// anything that is not a collection with Foundation's storage or a bridged one.
  static func storedCount(_ value: Value) -> Int? {
    switch value {
    case .array(let elements): return elements.count
    case .set(let elements): return elements.count
    case .dictionary(let entries): return entries.count
    case .object(let object):
      switch object.bridgedStorage {
      case let storage as ArrayStorage: return storage.read { $0.count }
      case let storage as OrderedSetStorage: return storage.read { $0.elements.count }
      case let storage as SetStorage: return storage.read { $0.count }
      case let storage as CountedSetStorage: return storage.read { $0.count }
      case let storage as DictionaryStorage: return storage.read { $0.count }
      case let view as OrderedSetView: return view.elements.count
      default: return nil
      }
    default: return nil
    }
  }

  /// Whether `value` is compared by `hash` and `isEqual:` when it is looked up: an object with its
  /// own equality, or a collection that holds one at any depth.
  static func comparesByMessage(_ value: Value) -> Bool {
    if sendsMessages(value) { return true }
    guard storedCount(value) != nil else { return false }
    var entered: Set<ObjectIdentifier> = []
    return holdsOwnEquality(value, &entered)
  }

  /// Whether the collection `value` holds an object with its own equality, at any depth;
  /// `entered` keeps the collection objects already scanned, so one that holds itself ends.
  private static func holdsOwnEquality(_ value: Value, _ entered: inout Set<ObjectIdentifier>) -> Bool {
    if sendsMessages(value) { return true }
    guard let contents = storedContents(value) else { return false }
    if case .object(let object) = value, !entered.insert(ObjectIdentifier(object)).inserted { return false }
    // Deeper than Value.nestingLimit: compared by message, whose isEqual: raises there.
    return Value.nested { holdsOwnEquality(contents, &entered) } ?? true
  }

  private static func holdsOwnEquality(_ contents: CollectionContents, _ entered: inout Set<ObjectIdentifier>) -> Bool {
    switch contents {
    case .array(let elements), .orderedSet(let elements): return elements.contains { holdsOwnEquality($0, &entered) }
    case .set(let elements): return elements.contains { holdsOwnEquality($0, &entered) }
    case .dictionary(let entries):
      return entries.contains { holdsOwnEquality($0.key, &entered) || holdsOwnEquality($0.value, &entered) }
    }
  }

  /// `[receiver isEqual:argument]` for a receiver that is a collection: what `-isEqualToArray:`,
  /// `-isEqualToOrderedSet:`, `-isEqualToSet:` and `-isEqualToDictionary:` answer (a collection of
  /// another kind is never equal), each element compared by ``isEqual(_:_:)``.
  ///
  /// - Throws: What an element's `isEqual:` or `hash`, or an argument subclass's primitives, threw.
  static func isEqual(contents mine: CollectionContents, _ argument: Value) throws -> Bool {
    switch (mine, try argument.collectionContents()) {
    case (.array(let mine), .array(let theirs)?), (.orderedSet(let mine), .orderedSet(let theirs)?):
      return try mine.count == theirs.count && zip(mine, theirs).allSatisfy { try isEqual($0, $1) }
    case (.set(let mine), .set(let theirs)?):
      return try mine.count == theirs.count && mine.allSatisfy { try member(of: $0, in: theirs) != nil }
    case (.dictionary(let mine), .dictionary(let theirs)?):
      guard mine.count == theirs.count else { return false }
      return try mine.allSatisfy { key, value in
        guard let theirs = try self.key(of: key, in: theirs).flatMap({ theirs[$0] }) else { return false }
        return try isEqual(value, theirs)
      }
    default:
      return false
    }
  }
}
