// FoundationBehaviourRound8InitializerTests.swift: initializers and constructors Foundation
// documents that MiniFoundation did not answer before round 8 (NSNumber's -initWith…:, the
// copyItems: initializers, NSOrderedSet's constructors, NSString's C-string ones), and the
// ordered-set and index-set edits that go with them.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound8InitializerTests {
  @Test func allocThenInitWithMakesTheSameNumberAsTheFactory() throws {
    let runtime = Runtime()
    let nsNumber = try foundationClass("NSNumber", in: runtime)
    func made(_ selector: Selector, _ argument: Value) throws -> Value {
      try send(try send(nsNumber, "alloc").objectValue, selector, argument)
    }
    #expect(try made("initWithInt:", 5) == .int32(5))
    #expect(try send(try made("initWithInt:", 5).objectValue, "objCType") == .cString("i"))
    #expect(try made("initWithChar:", 300) == .int8(44))  // converted as the C call converts it
    #expect(try made("initWithDouble:", 2.5) == 2.5)
    #expect(try made("initWithUnsignedLongLong:", .uint64(.max)) == .uint64(.max))
    #expect(try made("initWithBool:", true).objectValue === (try send(nsNumber, "numberWithBool:", true).objectValue))  // @YES
    #expect(try made("initWithInteger:", 7).objectValue?.isa.name == "__NSCFNumber")
    let decimal = try foundationClass("NSDecimalNumber", in: runtime)
    let third = try send(try send(decimal, "alloc").objectValue, "initWithString:", "0.1")
    #expect(try send(third.objectValue, "description") == "0.1")
  }

  @Test func copyItemsPutsACopyOfEachObjectInTheNewCollectionOwnedOnce() throws {
    let runtime = Runtime()
    let mutableString = try foundationClass("NSMutableString", in: runtime)
    let original = try send(mutableString, "stringWithString:", "a")
    let nsArray = try foundationClass("NSArray", in: runtime)
    let copied = try send(try send(nsArray, "alloc").objectValue, "initWithArray:copyItems:", [original], true)
    let shared = try send(try send(nsArray, "alloc").objectValue, "initWithArray:copyItems:", [original], false)
    let element = try send(copied.objectValue, "firstObject")
    #expect(element.objectValue !== original.objectValue && element == "a")
    #expect(try send(shared.objectValue, "firstObject").objectValue === original.objectValue)
    try send(original.objectValue, "appendString:", "b")
    #expect(try send(copied.objectValue, "firstObject") == "a")
    #expect(element.objectValue?.retainCount == 1)  // the array's reference only
    let nsDictionary = try foundationClass("NSDictionary", in: runtime)
    let entries = try send(try send(nsDictionary, "alloc").objectValue, "initWithDictionary:copyItems:", .dictionary(["k": original]), true)
    #expect(try send(entries.objectValue, "objectForKey:", "k").objectValue !== original.objectValue)
    let nsSet = try foundationClass("NSSet", in: runtime)
    let members = try send(try send(nsSet, "alloc").objectValue, "initWithSet:copyItems:", .set([original]), true)
    #expect(try send(members.objectValue, "anyObject") == "ab")
    #expect(try send(members.objectValue, "anyObject").objectValue !== original.objectValue)
  }

  @Test func orderedSetsAreMadeFromAnObjectAnOrderedSetOrASetAndReverse() throws {
    let runtime = Runtime()
    let nsOrderedSet = try foundationClass("NSOrderedSet", in: runtime)
    let one = try send(nsOrderedSet, "orderedSetWithObject:", "a")
    #expect(try send(one.objectValue, "array") == ["a"])
    let three = try send(nsOrderedSet, "orderedSetWithArray:", ["a", "b", "c"])
    let again = try send(nsOrderedSet, "orderedSetWithOrderedSet:", three)
    #expect(try send(again.objectValue, "isEqualToOrderedSet:", three) == true)
    #expect(try send(try send(nsOrderedSet, "orderedSetWithSet:", .set(["x"])).objectValue, "array") == ["x"])
    let reversed = try send(three.objectValue, "reversedOrderedSet")
    #expect(try send(reversed.objectValue, "array") == ["c", "b", "a"])
    #expect(try send(try send(three.objectValue, "reverseObjectEnumerator").objectValue, "allObjects") == ["c", "b", "a"])
    #expect(try send(three.objectValue, "intersectsOrderedSet:", one) == true)
    #expect(try send(three.objectValue, "intersectsOrderedSet:", try send(nsOrderedSet, "orderedSetWithObject:", "z")) == false)
  }

  @Test func aMutableOrderedSetMovesObjectsToAnIndex() throws {
    // moveObjectsAtIndexes:toIndex: removes the objects, then inserts them, in order, at the index.
    let runtime = Runtime()
    let mutable = try foundationClass("NSMutableOrderedSet", in: runtime)
    let set = try send(mutable, "orderedSetWithCapacity:", 4)
    #expect(set.objectValue?.isa.name == "__NSOrderedSetM")
    try send(set.objectValue, "addObjectsFromArray:", ["a", "b", "c", "d"])
    let indexes = try send(try foundationClass("NSMutableIndexSet", in: runtime), "indexSet")
    try send(indexes.objectValue, "addIndex:", .uint64(0))
    try send(indexes.objectValue, "addIndex:", .uint64(2))
    try send(set.objectValue, "moveObjectsAtIndexes:toIndex:", indexes, .uint64(1))
    #expect(try send(set.objectValue, "array") == ["b", "a", "c", "d"])
    expectFoundationError(.indexOutOfBounds) { try send(set.objectValue, "moveObjectsAtIndexes:toIndex:", indexes, .uint64(3)) }
    #expect(try send(set.objectValue, "array") == ["b", "a", "c", "d"])
  }

  @Test func shiftIndexesMovesTheIndexesFromAStartAndRemovesThoseItLandsOn() throws {
    let runtime = Runtime()
    let mutable = try foundationClass("NSMutableIndexSet", in: runtime)
    let up = try #require(try send(mutable, "indexSetWithIndexesInRange:", .range(2..<5)).objectValue)
    try send(up, "shiftIndexesStartingAtIndex:by:", .uint64(3), .int64(2))
    #expect(Value.object(up).indexesValue == [2, 5, 6])
    try send(up, "shiftIndexesStartingAtIndex:by:", .uint64(5), .int64(-3))
    #expect(Value.object(up).indexesValue == [2, 3])  // 2 lay in [5 - 3, 5) and was removed; 5, 6 became 2, 3
  }

  @Test func stringsAreMadeFromACStringInAnEightBitEncoding() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    #expect(try send(nsString, "stringWithCString:encoding:", .cString("café"), .uint64(4)) == "café")
    #expect(try send(nsString, "stringWithCString:encoding:", .cString("café"), .uint64(1)) == .nil)  // not ASCII
    #expect(try send(nsString, "stringWithCString:encoding:", .cString("ab"), .uint64(1)) == "ab")
    let made = try send(try send(nsString, "alloc").objectValue, "initWithCString:encoding:", .cString("é"), .uint64(5))
    #expect(made == "Ã©")  // the two UTF-8 bytes read as Latin 1
    expectFoundationError(.invalidArgument) { try send(nsString, "stringWithCString:encoding:", .nil, .uint64(4)) }
  }
}

@Suite struct FoundationBehaviourRound8GeometryTests {
  @Test func valueBoxesPointsSizesAndRectsAndAnswersOnlyTheKindItHolds() throws {
    let runtime = Runtime()
    let nsValue = try foundationClass("NSValue", in: runtime)
    let point = Value.structure(Structure(name: "CGPoint", fields: [1.5, 2.0]))
    let size = Value.structure(Structure(name: "CGSize", fields: [3.0, 4.0]))
    let rect = Value.structure(Structure(name: "CGRect", fields: [point, size]))
    let boxedPoint = try send(nsValue, "valueWithPoint:", point)
    #expect(try send(boxedPoint.objectValue, "pointValue") == point)
    #expect(try send(boxedPoint.objectValue, "description") == "NSPoint: {1.5, 2}")
    #expect(try send(boxedPoint.objectValue, "objCType") == .cString("{CGPoint=dd}"))
    #expect(try send(try send(nsValue, "valueWithSize:", size).objectValue, "sizeValue") == size)
    let boxedRect = try send(nsValue, "valueWithRect:", rect)
    #expect(try send(boxedRect.objectValue, "rectValue") == rect)
    #expect(try send(boxedRect.objectValue, "description") == "NSRect: {{1.5, 2}, {3, 4}}")
    let wrongKind = expectFoundationError(.invalidArgument) { try send(boxedPoint.objectValue, "rectValue") }
    #expect(wrongKind?.message.hasSuffix("not the 32 bytes of an NSRect") == true)
    expectFoundationError(.invalidArgument) { try send(nsValue, "valueWithSize:", point) }
  }
}
