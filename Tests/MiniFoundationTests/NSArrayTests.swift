// NSArrayTests.swift: NSArray's and NSMutableArray's messages, bounds and refusals.

import Testing

@testable import MiniFoundation

@Suite struct NSArrayTests {
  @Test func readingMessagesAnswerAsFoundations() throws {
    let runtime = Runtime()
    let array = try runtime.object(bridging: ["a", "b", "c"])
    #expect(try send(array, "count") == 3)
    #expect(try send(array, "objectAtIndex:", 1) == "b")
    #expect(try send(array, "objectAtIndexedSubscript:", 2) == "c")
    #expect(try send(array, "firstObject") == "a" && send(array, "lastObject") == "c")
    #expect(try send(array, "indexOfObject:", "c") == 2)
    #expect(try send(array, "indexOfObject:", "z") == .uint64(UInt64(Int.max)), "NSNotFound")
    #expect(try send(array, "objectsAtIndexes:", .object(try runtime.indexSet([0, 2]))) == ["a", "c"])
    #expect(try send(array, "subarrayWithRange:", .range(1..<3)) == ["b", "c"])
    #expect(try send(array, "arrayByAddingObject:", "d") == ["a", "b", "c", "d"])
    #expect(try send(array, "componentsJoinedByString:", ", ") == "a, b, c")
    #expect(try send(array, "isEqual:", ["a", "b", "c"]) == true)
    #expect(try send(array, "isEqual:", .set(["a", "b", "c"])) == false)
    #expect(try send(array, "description") == "(\n    a,\n    b,\n    c\n)")
  }

  @Test func anIndexBeyondBoundsRaisesNSRangeException() throws {
    let runtime = Runtime()
    let array = try runtime.object(bridging: ["a", "b"])
    let error = expectFoundationError(.indexOutOfBounds) { try send(array, "objectAtIndex:", 2) }
    #expect(error?.message == "*** -[__NSArrayI objectAtIndex:]: index 2 beyond bounds [0 .. 1]")
    #expect(error?.exceptionName == "NSRangeException")
    let empty = try runtime.mutableArray()
    let emptyError = expectFoundationError(.indexOutOfBounds) { try send(empty, "removeObjectAtIndex:", 0) }
    #expect(emptyError?.message == "*** -[__NSArrayM removeObjectAtIndex:]: index 0 beyond bounds for empty array")
    expectFoundationError(.indexOutOfBounds) { try send(array, "objectAtIndex:", -1) }
  }

  @Test func anImmutableArrayRefusesEditingAsAnUnrecognizedSelector() throws {
    let runtime = Runtime()
    let array = try runtime.object(bridging: ["a"])
    do {
      try send(array, "addObject:", "b")
      Issue.record("an NSArray accepted addObject:")
    } catch let error as RuntimeError {
      #expect(error.code == .unrecognizedSelector)
      #expect(error.exceptionName == "NSInvalidArgumentException")
      #expect(error.message.hasPrefix("-[__NSArrayI addObject:]: unrecognized selector sent to instance"))
    }
    #expect(try send(array, "respondsToSelector:", .selector("addObject:")) == false)
    #expect(Value.object(try #require(array)) == ["a"])
  }

  @Test func editingMessagesChangeTheMutableArray() throws {
    let runtime = Runtime()
    let list = try runtime.mutableArray(["a"])
    try send(list, "addObject:", "c")
    try send(list, "insertObject:atIndex:", "b", 1)
    try send(list, "replaceObjectAtIndex:withObject:", 0, "A")
    #expect(Value.object(list) == ["A", "b", "c"])
    try send(list, "exchangeObjectAtIndex:withObjectAtIndex:", 0, 2)
    #expect(Value.object(list) == ["c", "b", "A"])
    try send(list, "insertObjects:atIndexes:", ["x", "y"], .object(try runtime.indexSet([0, 4])))
    #expect(Value.object(list) == ["x", "c", "b", "A", "y"])
    try send(list, "removeObjectsAtIndexes:", .object(try runtime.indexSet([0, 4])))
    try send(list, "replaceObjectsAtIndexes:withObjects:", .object(try runtime.indexSet([1, 2])), ["B", "a"])
    #expect(Value.object(list) == ["c", "B", "a"])
    try send(list, "removeObject:", "B")
    try send(list, "removeLastObject")
    try send(list, "setObject:atIndexedSubscript:", "z", 1)
    #expect(Value.object(list) == ["c", "z"])
    try send(list, "setArray:", ["q", "r", "q"])
    try send(list, "removeObjectsInArray:", ["q"])
    #expect(Value.object(list) == ["r"])
    try send(list, "removeAllObjects")
    #expect(Value.object(list) == [])
  }

  @Test func aRefusedMultiIndexEditChangesNothing() throws {
    let runtime = Runtime()
    let list = try runtime.mutableArray(["a", "b"])
    let mismatch = expectFoundationError(.invalidArgument) {
      try send(list, "insertObjects:atIndexes:", ["x"], .object(try runtime.indexSet([0, 1])))
    }
    #expect(mismatch?.message.contains("count of array (1) differs from count of index set (2)") == true)
    expectFoundationError(.indexOutOfBounds) { try send(list, "insertObjects:atIndexes:", ["x", "y"], .object(try runtime.indexSet([0, 4]))) }
    expectFoundationError(.indexOutOfBounds) { try send(list, "removeObjectsAtIndexes:", .object(try runtime.indexSet([1, 2]))) }
    expectFoundationError(.invalidArgument) { try send(list, "insertObjects:atIndexes:", ["x", .nil], .object(try runtime.indexSet([0, 1]))) }
    #expect(Value.object(list) == ["a", "b"])
  }

  @Test func nilCannotBeInserted() throws {
    let runtime = Runtime()
    let list = try runtime.mutableArray()
    let error = expectFoundationError(.invalidArgument) { try send(list, "addObject:", .nil) }
    #expect(error?.message == "*** -[__NSArrayM insertObject:atIndex:]: object cannot be nil")
    try send(list, "addObject:", .null)
    #expect(Value.object(list) == [.null], "NSNull is how an array holds a nil")
  }

  @Test func copiesAreImmutableAndAnImmutableCopyIsItself() throws {
    let runtime = Runtime()
    let list = try runtime.mutableArray(["a"])
    let copy = try #require(try send(list, "copy").objectValue)
    #expect(copy.isa.name == "__NSArrayI" && Value.object(copy) == ["a"])
    try send(list, "addObject:", "b")
    #expect(Value.object(copy) == ["a"], "a copy does not follow the original")
    #expect(try send(copy, "copy").objectValue === copy)
    let mutable = try #require(try send(copy, "mutableCopy").objectValue)
    #expect(mutable.isa.name == "__NSArrayM" && mutable !== copy)
  }

  @Test func classConstructorsBuildThroughAllocAndInit() throws {
    let runtime = Runtime()
    let mutableArray = try foundationClass("NSMutableArray", in: runtime)
    let made = try send(mutableArray, "arrayWithArray:", ["a", "b"])
    #expect(made.objectValue?.isa.name == "__NSArrayM" && made == ["a", "b"])
    #expect(try send(try foundationClass("NSArray", in: runtime), "arrayWithObject:", 1) == [1])
    let allocated = try send(mutableArray, "alloc").objectValue
    expectFoundationError(.invalidArgument) { try send(allocated, "initWithArray:", .set([1])) }  // a set is no array
  }
}
