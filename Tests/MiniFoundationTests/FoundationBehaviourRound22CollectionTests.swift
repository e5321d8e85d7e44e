// FoundationBehaviourRound22CollectionTests.swift: the twenty-second round of Foundation
// behaviours: a mutable ordered set given an object it already holds at another index.
//
// Apple documents that a mutable ordered set adds an object only "if it is not already a member"
// (`-addObject:`, `-insertObject:atIndex:`); replacing with a member held elsewhere would leave
// the set holding it twice, so Apple's set changes nothing there either. The other two differ,
// run on this machine: swift-corelibs-foundation stores the duplicate (`(c, b, c)`), GNUstep-base
// 1.28 drops the replaced object and keeps the member where it was (`(b, c)`). We follow Apple's
// rule.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound22CollectionTests {
  @Test func replacingWithAMemberHeldElsewhereChangesNothing() throws {
    // Already matched.
    let runtime = Runtime()
    let set = try runtime.mutableOrderedSet(["a", "b", "c"])
    try send(set, "replaceObjectAtIndex:withObject:", 0, "c")
    #expect(Value.object(set).orderedSetElements == ["a", "b", "c"])
    let equalCopy = try send(try foundationClass("NSMutableString", in: runtime), "stringWithString:", "b")
    try send(set, "replaceObjectAtIndex:withObject:", 2, equalCopy)
    #expect(Value.object(set).orderedSetElements == ["a", "b", "c"], "found by hash and isEqual:, not identity")
    try send(set, "replaceObjectAtIndex:withObject:", 1, "x")
    #expect(Value.object(set).orderedSetElements == ["a", "x", "c"], "a new object replaces")
    try runtime.checkInvariants()
  }

  @Test func setObjectAtIndexAndInsertWithAMemberChangeNothing() throws {
    // Already matched: -setObject:atIndex: replaces below the count and appends at it, each with
    // the rule above; -insertObject:atIndex: inserts a non-member only.
    let runtime = Runtime()
    let set = try runtime.mutableOrderedSet(["a", "b", "c"])
    try send(set, "setObject:atIndex:", "c", 0)
    try send(set, "setObject:atIndex:", "a", 3)
    try send(set, "insertObject:atIndex:", "b", 0)
    try send(set, "setObject:atIndexedSubscript:", "a", 1)
    #expect(Value.object(set).orderedSetElements == ["a", "b", "c"])
    try send(set, "setObject:atIndex:", "d", 3)
    try send(set, "setObject:atIndex:", "z", 0)
    #expect(Value.object(set).orderedSetElements == ["z", "b", "c", "d"])
    try runtime.checkInvariants()
  }

  @Test func replaceObjectsAtIndexesSkipsAMemberHeldElsewhere() throws {
    // Already matched: each index is replaced in turn, as -replaceObjectAtIndex:withObject:
    // (GNUstep-base answers (c, x, b), swift-corelibs-foundation (c, x, c)).
    let runtime = Runtime()
    let set = try runtime.mutableOrderedSet(["a", "b", "c"])
    try send(set, "replaceObjectsAtIndexes:withObjects:", .object(try runtime.indexSet([0, 1])), ["c", "x"])
    #expect(Value.object(set).orderedSetElements == ["a", "x", "c"])
    try runtime.checkInvariants()
  }
}
