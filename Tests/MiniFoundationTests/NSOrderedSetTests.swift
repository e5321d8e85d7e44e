// NSOrderedSetTests.swift: NSOrderedSet's array-like and set-like messages.

import Testing

@testable import MiniFoundation

@Suite struct NSOrderedSetTests {
  @Test func anOrderedSetKeepsTheFirstOfEachObjectInOrder() throws {
    let runtime = Runtime()
    let ordered = try runtime.orderedSet(["b", "a", "b", "c"])
    #expect(Value.object(ordered).orderedSetElements == ["b", "a", "c"])
    #expect(try send(ordered, "count") == 3)
    #expect(try send(ordered, "objectAtIndex:", 1) == "a")
    #expect(try send(ordered, "indexOfObject:", "c") == 2)
    #expect(try send(ordered, "array") == ["b", "a", "c"])
    #expect(try send(ordered, "set") == .set(["a", "b", "c"]))
    #expect(try send(ordered, "description") == "{(\n    b,\n    a,\n    c\n)}")
    #expect(try send(ordered, "isEqual:", ["b", "a", "c"]) == false, "an array is not an ordered set")
    #expect(try send(ordered, "isEqual:", .object(try runtime.orderedSet(["b", "a", "c"]))) == true)
    #expect(try send(ordered, "isEqual:", .object(try runtime.orderedSet(["a", "b", "c"]))) == false, "order matters")
  }

  @Test func insertingAnObjectItHoldsDoesNothing() throws {
    let runtime = Runtime()
    let ordered = try runtime.mutableOrderedSet(["a", "b"])
    try send(ordered, "insertObject:atIndex:", "b", 0)
    try send(ordered, "addObject:", "a")
    #expect(Value.object(ordered).orderedSetElements == ["a", "b"])
    try send(ordered, "insertObject:atIndex:", "c", 1)
    #expect(Value.object(ordered).orderedSetElements == ["a", "c", "b"])
  }

  @Test func setOperationsKeepTheOrder() throws {
    let runtime = Runtime()
    let ordered = try runtime.mutableOrderedSet(["a", "b", "c"])
    try send(ordered, "unionOrderedSet:", .object(try runtime.orderedSet(["d", "a"])))
    #expect(Value.object(ordered).orderedSetElements == ["a", "b", "c", "d"])
    try send(ordered, "minusSet:", .set(["b"]))
    try send(ordered, "intersectOrderedSet:", .object(try runtime.orderedSet(["d", "a"])))
    #expect(Value.object(ordered).orderedSetElements == ["a", "d"])
    try send(ordered, "exchangeObjectAtIndex:withObjectAtIndex:", 0, 1)
    #expect(Value.object(ordered).orderedSetElements == ["d", "a"])
    try send(ordered, "replaceObjectsAtIndexes:withObjects:", .object(try runtime.indexSet([1])), ["z"])
    try send(ordered, "removeObjectsAtIndexes:", .object(try runtime.indexSet([0])))
    #expect(Value.object(ordered).orderedSetElements == ["z"])
    expectFoundationError(.indexOutOfBounds) { try send(ordered, "removeObjectAtIndex:", 1) }
  }

  @Test func anImmutableOrderedSetRefusesEditing() throws {
    let runtime = Runtime()
    let ordered = try runtime.orderedSet(["a"])
    #expect(ordered.isa.name == "__NSOrderedSetI")
    #expect(throws: RuntimeError.self) { try send(ordered, "addObject:", "b") }
    #expect(try send(try send(ordered, "mutableCopy").objectValue, "class")
      == .class(try foundationClass("__NSOrderedSetM", in: runtime)))
  }
}
