// MessageEquality.swift: how Foundation's collections reach an object's own -isEqual: and -hash.
//
// Docs: docs/foundation.md#equality-in-collections, docs/decisions/0024-collections-send-isequal-and-hash.md.
// Tests: Tests/MiniFoundationTests/CollectionEqualityTests.swift.
//
// Model: the storages keep Swift collections keyed by `Value`, whose `==` and `hash` send no
// message (Value+Equality.swift): numbers by value, Foundation's value objects and bridged values
// by contents, any other object by identity. That is also what `-isEqual:` and `-hash` answer for
// every object whose class does not override them, so only an object whose class (a superclass
// or a category) overrides one of the two ("an object with its own equality") needs a message.
// A collection message that looks such an object up resolves it first, to the element it holds
// that is equal by message (`member(of:in:)`), and then does the locked Swift operation with
// that element, which finds it by identity.
//
// Locking: none here. Every function works on a copy of the contents (`CollectionStorage.value`)
// with no lock held, because each `isEqual:` or `hash` is a call-out: it may throw (the error
// becomes the collection message's), or read or change the same collection. So a lookup and the
// edit that follows are two steps, as on Apple, where a mutable collection is not safe to change
// from two threads at once: an element equal to the object added by another thread between them
// may end up beside it.
//
// Cost: an object with its own equality is found in a set, a dictionary or an ordered set by
// sending `hash` to each element with its own equality and `isEqual:` to those whose hash
// matches: O(n) per lookup where Foundation's hash table is O(1). Other lookups keep Swift's
// hashed O(1) path; the check that picks the path is a few loads for a plain object and a tag
// test for a bridged value.

package enum MessageEquality {
  private static let isEqualSelector = Selector("isEqual:")
  private static let hashSelector = Selector("hash")

  /// Whether `value` is an object whose class overrides `-isEqual:` or `-hash` (NSObject's own
  /// and those of Foundation's value classes, which `Value`'s `==` reproduces, do not count).
  static func sendsMessages(_ value: Value) -> Bool {
    guard case .object(let object) = value, object.bridgedStorage == nil,
      let classes = FoundationClasses.installed(for: object)
    else { return false }
    return !object.runs(classes.rootIsEqual, for: isEqualSelector) || !object.runs(classes.rootHash, for: hashSelector)
  }

  /// `[receiver isEqual:argument]`: a message when the receiver has its own equality; for a
  /// collection, its elements compared by this function, as its `-isEqual:` sends `isEqual:` to
  /// them (MessageEquality+Collections.swift); `Value`'s `==` otherwise (which is what the
  /// receiver's `-isEqual:` answers).
  static func isEqual(_ receiver: Value, _ argument: Value) throws -> Bool {
    if sendsMessages(receiver), case .object(let object) = receiver {
      return try Runtime.msgSend(object, isEqualSelector, argument).boolValue ?? false
    }
    guard let contents = storedContents(receiver) else { return receiver == argument }
    if case .object(let mine) = receiver, case .object(let theirs) = argument, mine === theirs { return true }
    let (equal, reachedLimit) = try Value.reachingNestingLimit {
      try Value.nested { () throws -> Bool in try isEqual(contents: contents, argument) }
    }
    guard let equal, !reachedLimit else { throw tooDeep(receiver, "isEqual:") }
    return equal
  }

  /// `body`, a search for `argument` by `==` or `isEqual:`, raising when a comparison inside it
  /// walked collections past `Value.nestingLimit` (where `==` answered false).
  static func bounded<Result>(_ argument: Value, _ selector: String, _ body: () throws -> Result) throws -> Result {
    let (result, reachedLimit) = try Value.reachingNestingLimit(body)
    if reachedLimit { throw tooDeep(argument, selector) }
    return result
  }

  /// The error of a walk through collections nested past `Value.nestingLimit` levels, which is
  /// where one that holds itself ends: Apple's recursion runs out of stack there
  /// (docs/foundation.md#collections-that-contain-themselves).
  package static func tooDeep(_ collection: Value, _ selector: String) -> FoundationError {
    let name = collection.objectValue.map { "-[\($0.isa.name) \(selector)]" } ?? "-[NSArray \(selector)]"
    return FoundationError(
      .invalidArgument,
      "*** \(name): collections nested more than \(Value.nestingLimit) levels deep (does a collection contain itself?)")
  }

  /// `[value hash]`: a collection's count (what Foundation's collections answer, with no
  /// message), else the message (only called for an object with its own equality).
  private static func hash(_ value: Value) throws -> Value {
    if let count = storedCount(value) { return .uint64(UInt64(count)) }
    return try Runtime.msgSend(value.objectValue, hashSelector)
  }

  /// The index of the first element that `[argument isEqual:element]` finds (the direction of
  /// `-indexOfObject:` and `-removeObject:`), searching `range` (all of `elements` when nil).
  static func index(of argument: Value, in elements: [Value], range: Range<Int>? = nil) throws -> Int? {
    let range = range ?? elements.indices
    return try bounded(argument, "indexOfObject:") {
      guard comparesByMessage(argument) else { return elements[range].firstIndex(of: argument) }
      return try range.first { try isEqual(argument, elements[$0]) }
    }
  }

  /// The indexes, ascending, of every element in `range` (all of `elements` when nil) that
  /// `[argument isEqual:element]` finds: what `-removeObject:` and `-removeObject:inRange:` remove.
  /// Every message is sent before the caller changes anything, so an `isEqual:` that throws
  /// leaves the collection as it was.
  static func indexes(of argument: Value, in elements: [Value], range: Range<Int>? = nil) throws -> [Int] {
    let range = range ?? elements.indices
    return try bounded(argument, "removeObject:") {
      guard comparesByMessage(argument) else { return range.filter { elements[$0] == argument } }
      return try range.filter { try isEqual(argument, elements[$0]) }
    }
  }

  /// Whether an element says `[element isEqual:argument]` (the direction of `-containsObject:`).
  static func contains(_ argument: Value, in elements: [Value]) throws -> Bool {
    try elements.contains { try isEqual($0, argument) }
  }

  /// The element of a hashed collection (a set's members, a dictionary's keys) that `candidate`
  /// finds as Foundation's hash tables find it: `candidate` itself or a Swift-equal element; else,
  /// for a candidate compared by message (``comparesByMessage(_:)``), an element with its own
  /// equality (or, for a collection candidate, a collection) whose `hash` matches the
  /// candidate's and that answers `isEqual:` YES to it. `nil` when none.
  static func member<C: Collection>(of candidate: Value, in elements: C, contains: (Value) -> C.Index?) throws -> Value?
  where C.Element == Value {
    guard let index = try bounded(candidate, "member:", { contains(candidate) }) else {
      return try memberByMessage(of: candidate, in: elements)
    }
    return elements[index]
  }

  /// The rest of ``member(of:in:contains:)``: the search by `hash` and `isEqual:`.
  private static func memberByMessage<C: Collection>(of candidate: Value, in elements: C) throws -> Value?
  where C.Element == Value {
    guard comparesByMessage(candidate) else { return nil }
    let collection = storedCount(candidate) != nil
    var candidateHash: Value?
    for element in elements where sendsMessages(element) || (collection && storedCount(element) != nil) {
      let wanted = try candidateHash ?? hash(candidate)
      candidateHash = wanted
      if try hash(element) == wanted, try isEqual(element, candidate) { return element }
    }
    return nil
  }

  /// The member of `set` equal to `candidate` (see ``member(of:in:contains:)``).
  static func member(of candidate: Value, in set: Set<Value>) throws -> Value? {
    try member(of: candidate, in: set) { set.firstIndex(of: $0) }
  }

  /// The key of `entries` equal to `candidate` (see ``member(of:in:contains:)``).
  static func key(of candidate: Value, in entries: [Value: Value]) throws -> Value? {
    try member(of: candidate, in: entries.keys) { entries.index(forKey: $0) }
  }

  /// `values` without the later of two equal ones, in order, as adding each to a set in turn
  /// keeps them: an object with its own equality is compared by `hash` and `isEqual:`.
  static func distinct(_ values: [Value]) throws -> [Value] {
    var seen = Set<Value>()
    var kept: [Value] = []
    for value in values where try member(of: value, in: seen) == nil {
      seen.insert(value)
      kept.append(value)
    }
    return kept
  }
}
