// ObjC4BehaviourRound10FoundationTests.swift: objc4 behaviours (association.m, blocks) that
// need Foundation's classes: a copy association of a mutable string, and block objects of each
// kind kept by collections.

import Testing

@testable import MiniFoundation

@Suite struct ObjC4BehaviourRound10FoundationTests {
  @Test func aCopyAssociationOfAMutableStringKeepsAnImmutableSnapshot() throws {
    // association.m: OBJC_ASSOCIATION_COPY sends -copy, so later edits of the mutable original
    // are not seen through the association, and the original's count is untouched.
    let runtime = Runtime()
    try runtime.installFoundation()
    let holder = try runtime.rootClass.createInstance()
    let original = try #require(try runtime.object(bridging: "Ann"))
    let mutable = try #require(try send(original, "mutableCopy").objectValue)
    let key = AssociationKey("name")
    try holder.setAssociatedObject(.object(mutable), forKey: key, policy: .copy)
    let stored = try #require(holder.associatedObject(forKey: key).objectValue)
    #expect(stored !== mutable)
    #expect(mutable.retainCount == 1, "copying does not retain the original")
    try send(mutable, "appendString:", " Lee")
    #expect(Value.object(stored) == "Ann")
    let error = expectFoundationError(.invalidArgument) { try send(stored, "appendString:", "!") }
    #expect(error?.message == "Attempt to mutate immutable object with appendString:")
    try holder.setAssociatedObject(.object(mutable), forKey: key, policy: .retain)
    #expect(holder.associatedObject(forKey: key).objectValue === mutable, "a retain policy keeps the object itself")
  }

  @Test func anArrayCopyingItsItemsMovesAStackBlockToTheHeap() throws {
    // -initWithArray:copyItems:YES sends -copyWithZone: to each element: a stack block's is a new
    // heap block, a global block's is itself.
    let runtime = Runtime()
    let stack = try runtime.makeBlock(kind: .stack) { _ in "stack" }
    let global = try runtime.makeBlock(kind: .global) { _ in "global" }
    try runtime.installFoundation()
    let array = Value.object(try #require(try runtime.object(bridging: .array([.object(stack), .object(global)]))))
    let copied = try send(try send(try foundationClass("NSArray", in: runtime), "alloc").objectValue, "initWithArray:copyItems:", array, true)
    let first = try #require(try send(copied.objectValue, "objectAtIndex:", 0).objectValue)
    let second = try #require(try send(copied.objectValue, "objectAtIndex:", 1).objectValue)
    #expect(first !== stack && first.blockKind == .malloc && first.retainCount == 1)
    #expect(try first.callBlock([]) == "stack")
    #expect(second === global && global.retainCount == 1)
  }

  @Test func aCollectionHoldingAHeapBlockCountsItAndReleasesItWhenRemoved() throws {
    let runtime = Runtime()
    let heap = try runtime.makeBlock { _ in .nil }
    let array = try send(try send(try foundationClass("NSMutableArray", in: runtime), "alloc").objectValue, "init")
    try send(array.objectValue, "addObject:", .object(heap))
    #expect(heap.retainCount == 2)
    try send(array.objectValue, "removeAllObjects")
    #expect(heap.retainCount == 1)
  }
}
