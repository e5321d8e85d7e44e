// CollectionEquality.swift: collection equality for the layers above Foundation.
//
// Docs: docs/foundation.md#equality-in-collections, docs/decisions/0024-collections-send-isequal-and-hash.md.
// Tests: Tests/MiniFoundationTests/CollectionEqualityTests.swift, Tests/KVOTests/ProxyEqualityTests.swift.
//
// Key-value coding's collection operators, the to-many proxies and the set mutations of
// key-value observing compare objects as Foundation's collections do; these are the public
// doors to MessageEquality for them. Stateless; every call sends its messages with no lock held.

/// Collection equality for the layers above Foundation (key-value coding's collection operators,
/// the to-many proxies, set mutations): objects compared as Foundation's collections compare
/// them, an object whose class overrides `-isEqual:` or `-hash` (or a collection holding one) by
/// those messages, everything else by `Value`'s `==`.
///
/// Objective-C: none (what Foundation's collections do inside)
public enum CollectionEquality {
  /// `values` without duplicates, the first of equal values kept, in order: equal as Foundation's
  /// sets find them, an object whose class overrides `-isEqual:` or `-hash` by those messages.
  ///
  /// ```swift
  /// try CollectionEquality.distinct([ann, "a", annAgain, "a"])   // [ann, "a"] if ann isEqual: annAgain
  /// ```
  ///
  /// - Throws: What an `-isEqual:` or `-hash` threw.
  /// - Complexity: O(n) for values without their own equality; O(n²) messages at worst otherwise.
  ///
  /// Objective-C: none (what `+[NSSet setWithArray:]` and `@distinctUnionOfObjects` do)
  public static func distinct(_ values: [Value]) throws -> [Value] { try MessageEquality.distinct(values) }

  /// The indexes, ascending, of the elements in `range` (all when nil) that `value` equals, asked
  /// as `-[NSMutableArray removeObject:]` asks: `[value isEqual:element]`, a message when
  /// `value`'s class overrides `-isEqual:` or `-hash`.
  ///
  /// ```swift
  /// try CollectionEquality.indexes(of: annAgain, in: [ann, "x", ann])                // [0, 2]
  /// try CollectionEquality.indexes(of: annAgain, in: [ann, "x", ann], range: 1..<3)  // [2]
  /// ```
  ///
  /// - Throws: What an `-isEqual:` threw (all are sent before this returns).
  ///
  /// Objective-C: none (what `-[NSMutableArray removeObject:]` and `removeObject:inRange:` look for)
  public static func indexes(of value: Value, in elements: [Value], range: Range<Int>? = nil) throws -> [Int] {
    try MessageEquality.indexes(of: value, in: elements, range: range)
  }

  /// The member of `members` that `candidate` finds as `-[NSSet member:]` finds it (`hash`, then
  /// `isEqual:`, for objects with their own equality); nil when none.
  ///
  /// - Throws: What an `-isEqual:` or `-hash` threw.
  ///
  /// Objective-C: none (what `-[NSSet member:]` answers)
  public static func member(of candidate: Value, in members: Set<Value>) throws -> Value? {
    try MessageEquality.member(of: candidate, in: members)
  }

  /// The objects of `others` that `-[NSMutableSet unionSet:]` adds to `members`: each one no
  /// member (nor an object added before it) equals, found as `-member:` finds it.
  ///
  /// ```swift
  /// try CollectionEquality.added(byUnion: [annAgain, bob], to: [ann])   // [bob]
  /// ```
  ///
  /// - Throws: What an `-isEqual:` or `-hash` threw.
  ///
  /// Objective-C: none (what `-[NSMutableSet unionSet:]` adds)
  public static func added(byUnion others: Set<Value>, to members: Set<Value>) throws -> Set<Value> {
    var all = members
    var added: Set<Value> = []
    for object in others where try MessageEquality.member(of: object, in: all) == nil {
      all.insert(object)
      added.insert(object)
    }
    return added
  }

  /// The members `-[NSMutableSet minusSet:]` removes: each member an object of `others` finds.
  ///
  /// ```swift
  /// try CollectionEquality.removed(byMinus: [annAgain], from: [ann, bob])   // [ann]
  /// ```
  ///
  /// - Throws: What an `-isEqual:` or `-hash` threw.
  ///
  /// Objective-C: none (what `-[NSMutableSet minusSet:]` removes)
  public static func removed(byMinus others: Set<Value>, from members: Set<Value>) throws -> Set<Value> {
    var removed: Set<Value> = []
    for object in others {
      if let member = try MessageEquality.member(of: object, in: members) { removed.insert(member) }
    }
    return removed
  }

  /// The members `-[NSMutableSet intersectSet:]` removes: each member that finds no object of
  /// `others`.
  ///
  /// ```swift
  /// try CollectionEquality.removed(byIntersect: [annAgain], from: [ann, bob])   // [bob]
  /// ```
  ///
  /// - Throws: What an `-isEqual:` or `-hash` threw.
  ///
  /// Objective-C: none (what `-[NSMutableSet intersectSet:]` removes)
  public static func removed(byIntersect others: Set<Value>, from members: Set<Value>) throws -> Set<Value> {
    try members.filter { try MessageEquality.member(of: $0, in: others) == nil }
  }
}
