// FoundationBehaviourRound25CollectionTests.swift: the twenty-fifth round of collection
// behaviours, from GNUstep-base's NSArray and NSOrderedSet tests and swift-corelibs'
// TestNSArray and TestNSOrderedSet: equality across kinds of collection, the bounds of
// `removeObjectsInRange:` and `exchangeObjectAtIndex:withObjectAtIndex:`, and
// `-[NSMutableOrderedSet setObject:atIndex:]`.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound25CollectionTests {
  private func strings(_ value: Value) -> [String]? { value.arrayValue?.compactMap(\.stringValue) }

  /// The elements of an ordered set, as `-array` gives them.
  private func elements(_ object: Object) throws -> [String]? { strings(try send(object, "array")) }

  @Test func anArrayIsNotEqualToAnOrderedSetOrASetOfTheSameObjects() throws {
    let runtime = Runtime()
    let array = try #require(try runtime.object(bridging: ["a", "b"]))
    let ordered = try runtime.orderedSet(["a", "b"])
    let set = try runtime.mutableSet(["a", "b"])
    #expect(try send(array, "isEqual:", .object(ordered)) == false)
    #expect(try send(ordered, "isEqual:", .object(array)) == false)
    #expect(try send(ordered, "isEqual:", .object(set)) == false)
    #expect(try send(set, "isEqual:", .object(ordered)) == false)
    #expect(try send(ordered, "isEqual:", .object(try runtime.mutableOrderedSet(["a", "b"]))) == true)
    #expect(try send(ordered, "isEqual:", .object(try runtime.orderedSet(["b", "a"]))) == false, "order counts")
  }

  @Test func removeObjectsInRangeRemovesTheRangeAndRaisesPastTheEnd() throws {
    let runtime = Runtime()
    let array = try runtime.mutableArray(["a", "b", "c", "d"])
    _ = try send(array, "removeObjectsInRange:", .range(1..<3))
    #expect(strings(.object(array)) == ["a", "d"])
    _ = try send(array, "removeObjectsInRange:", .range(2..<2))  // {count, 0}: nothing
    #expect(strings(.object(array)) == ["a", "d"])
    expectFoundationError(.indexOutOfBounds) { try send(array, "removeObjectsInRange:", .range(1..<3)) }
    expectFoundationError(.indexOutOfBounds) { try send(array, "removeObjectsInRange:", .range(3..<3)) }
    #expect(strings(.object(array)) == ["a", "d"], "a refused range removes nothing")
    let ordered = try runtime.mutableOrderedSet(["a", "b", "c"])
    _ = try send(ordered, "removeObjectsInRange:", .range(0..<2))
    #expect(try elements(ordered) == ["c"])
    #expect(try send(ordered, "indexOfObject:", "c") == .uint64(0))
    #expect(try send(ordered, "containsObject:", "a") == false)
    expectFoundationError(.indexOutOfBounds) { try send(ordered, "removeObjectsInRange:", .range(0..<2)) }
  }

  @Test func exchangeSwapsTwoIndexesAndRaisesPastTheEnd() throws {
    let runtime = Runtime()
    let array = try runtime.mutableArray(["a", "b", "c"])
    _ = try send(array, "exchangeObjectAtIndex:withObjectAtIndex:", 0, 2)
    #expect(strings(.object(array)) == ["c", "b", "a"])
    _ = try send(array, "exchangeObjectAtIndex:withObjectAtIndex:", 1, 1)
    #expect(strings(.object(array)) == ["c", "b", "a"])
    expectFoundationError(.indexOutOfBounds) { try send(array, "exchangeObjectAtIndex:withObjectAtIndex:", 0, 3) }
    expectFoundationError(.indexOutOfBounds) { try send(array, "exchangeObjectAtIndex:withObjectAtIndex:", 3, 0) }
    #expect(strings(.object(array)) == ["c", "b", "a"])
    let ordered = try runtime.mutableOrderedSet(["a", "b", "c"])
    _ = try send(ordered, "exchangeObjectAtIndex:withObjectAtIndex:", 0, 2)
    #expect(try elements(ordered) == ["c", "b", "a"])
    #expect(try send(ordered, "indexOfObject:", "a") == .uint64(2), "the index of each object follows it")
    #expect(try send(ordered, "indexOfObject:", "c") == .uint64(0))
    expectFoundationError(.indexOutOfBounds) { try send(ordered, "exchangeObjectAtIndex:withObjectAtIndex:", 0, 3) }
  }

  @Test func setObjectAtIndexAppendsAtTheCountAndReplacesBelowIt() throws {
    let runtime = Runtime()
    let ordered = try runtime.mutableOrderedSet(["a", "b"])
    _ = try send(ordered, "setObject:atIndex:", "c", 2)  // at the count: appended
    #expect(try elements(ordered) == ["a", "b", "c"])
    _ = try send(ordered, "setObject:atIndex:", "x", 0)  // below it: replaced
    #expect(try elements(ordered) == ["x", "b", "c"])
    #expect(try send(ordered, "containsObject:", "a") == false)
    _ = try send(ordered, "setObject:atIndex:", "c", 0)  // an object it holds elsewhere: nothing
    #expect(try elements(ordered) == ["x", "b", "c"])
    expectFoundationError(.indexOutOfBounds) { try send(ordered, "setObject:atIndex:", "y", 4) }
  }
}

@Suite struct FoundationBehaviourRound25DescriptionTests {
  /// A nested collection's first line carries the indent twice (the element's indent, then its
  /// own), as Foundation's `-descriptionWithLocale:indent:` prints it: sets and ordered sets too.
  @Test func setsAndOrderedSetsNestedInArraysAndDictionariesAreIndentedAsArraysAre() throws {
    let runtime = Runtime()
    let ordered = try runtime.orderedSet(["a"])
    let set = try runtime.mutableSet(["b"])
    let array = try runtime.mutableArray([.object(ordered), .object(set)])
    #expect(try send(array, "description") == "(\n        {(\n        a\n    )},\n        {(\n        b\n    )}\n)")
    let dictionary = try runtime.mutableDictionary(["k": .object(ordered), "s": .object(set)])
    #expect(try send(dictionary, "description") == "{\n    k =     {(\n        a\n    )};\n    s =     {(\n        b\n    )};\n}")
    let empty = try runtime.mutableArray([.object(try runtime.mutableArray([])), .object(try runtime.mutableDictionary([:]))])
    #expect(try send(empty, "description") == "(\n        (\n    ),\n        {\n    }\n)")
  }
}
