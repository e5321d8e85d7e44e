// FoundationBehaviourRound29OrderedSetViewTests.swift: an ordered set's `-array` and `-set` are
// live views of it, as Apple's NSOrderedSet documents them: "This returns a proxy object for the
// receiver, which is immutable. However, if the receiver is mutable, the proxy reflects changes."
// (Apple's classes `__NSOrderedSetArrayProxy` and `__NSOrderedSetSetProxy`.) Before round 29 each
// was a copy made when it was asked for.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound29OrderedSetViewTests {
  /// The array view shows later insertions, removals and moves; it is an immutable NSArray; its
  /// `-copy` is a snapshot.
  @Test func anOrderedSetsArrayShowsItsLaterChanges() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let ordered = try runtime.mutableOrderedSet(["a"])
    let view = try #require(try send(ordered, "array").objectValue)
    #expect(view.isa.name == "__NSOrderedSetArrayProxy")
    #expect(try send(view, "isKindOfClass:", .class(try foundationClass("NSArray", in: runtime))) == true)
    #expect(try send(view, "respondsToSelector:", .selector("addObject:")) == false, "immutable")
    let before = try send(view, "copy")
    try send(ordered, "addObject:", "b")
    try send(ordered, "insertObject:atIndex:", "c", .int(0))
    #expect(try send(view, "count") == 3)
    #expect(try send(view, "objectAtIndex:", .int(0)) == "c")
    #expect(try send(view, "lastObject") == "b")
    #expect(Value.object(view) == ["c", "a", "b"])
    #expect(try send(view, "isEqualToArray:", ["c", "a", "b"]) == true)
    #expect(try send(view, "componentsJoinedByString:", "-") == "c-a-b")
    try send(ordered, "removeObject:", "a")
    #expect(Value.object(view) == ["c", "b"])
    #expect(before == ["a"], "the copy is a snapshot")
    #expect(try #require(before.objectValue).isa.name == "__NSArrayI")
    let error = expectFoundationError(.indexOutOfBounds) { try send(view, "objectAtIndex:", .int(2)) }
    #expect(error?.message == "*** -[__NSOrderedSetArrayProxy objectAtIndex:]: index 2 beyond bounds [0 .. 1]")
  }

  /// The set view answers membership and count as the ordered set is now.
  @Test func anOrderedSetsSetShowsItsLaterChanges() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let ordered = try runtime.mutableOrderedSet(["a"])
    let view = try #require(try send(ordered, "set").objectValue)
    #expect(view.isa.name == "__NSOrderedSetSetProxy")
    #expect(try send(view, "isKindOfClass:", .class(try foundationClass("NSSet", in: runtime))) == true)
    #expect(try send(view, "respondsToSelector:", .selector("addObject:")) == false, "immutable")
    let before = try send(view, "copy")
    try send(ordered, "addObject:", "b")
    #expect(try send(view, "count") == 2)
    #expect(try send(view, "containsObject:", "b") == true)
    #expect(try send(view, "member:", "b") == "b")
    #expect(Value.object(view) == .set(["a", "b"]))
    #expect(try send(view, "isEqualToSet:", .set(["a", "b"])) == true)
    try send(ordered, "removeAllObjects")
    #expect(try send(view, "count") == 0)
    #expect(try send(view, "anyObject").isNil)
    #expect(before == .set(["a"]), "the copy is a snapshot")
  }

  /// An immutable ordered set's views are views too, and keep the ordered set alive: the view
  /// retains it, as Apple's proxy does.
  @Test func aViewRetainsItsOrderedSet() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    var ordered: Object? = try runtime.orderedSet(["x", "y"])
    let reference = WeakReference(ordered)
    let base = try #require(ordered).retainCount
    var view: Object? = try send(ordered, "array").objectValue
    #expect(view != nil)
    #expect(reference.object?.retainCount == base + 1)
    ordered = nil
    #expect(reference.object != nil, "the view keeps the ordered set")
    #expect(Value.object(try #require(view)) == ["x", "y"])
    view = nil
    #expect(reference.object == nil)
  }

  /// Enumerating a view while its ordered set changes raises, as enumerating the ordered set does.
  @Test func changingTheOrderedSetWhileEnumeratingItsViewRaises() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let ordered = try runtime.mutableOrderedSet(["a", "b"])
    let view = try #require(try send(ordered, "array").objectValue)
    let block = try runtime.makeBlock { _ in
      try send(ordered, "addObject:", "z")
      return .nil
    }
    let error = expectFoundationError(.collectionMutated) { try send(view, "enumerateObjectsUsingBlock:", .object(block)) }
    #expect(error?.message.hasPrefix("*** Collection <__NSOrderedSetArrayProxy: 0x") == true)
  }
}
