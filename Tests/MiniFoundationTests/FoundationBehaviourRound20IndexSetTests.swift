// FoundationBehaviourRound20IndexSetTests.swift: an index set stores runs of indexes, not every
// index (decision 0053), so a set of almost every index is cheap, and the range edge cases of
// adding, removing and shifting.

import Testing

@testable import MiniFoundation

/// An `NSRange` value from its raw location and length (`Value.range` cannot spell one whose end
/// overflows).
private func nsRange(_ location: UInt64, _ length: UInt64) -> Value {
  .structure(Structure(name: "_NSRange", fields: [.uint64(location), .uint64(length)]))
}

/// `NSNotFound`.
private let notFound = Int.max

@Suite struct FoundationBehaviourRound20IndexSetTests {
  /// The indexes of an index set object.
  private func indexes(_ object: Object) -> Indexes? { Value.object(object).indexesValue }

  @Test func anIndexSetOfAlmostEveryIndexAnswersWithoutStoringEachIndex() throws {
    let runtime = Runtime()
    let nsIndexSet = try foundationClass("NSIndexSet", in: runtime)
    // NSMakeRange(0, NSNotFound - 1): the indexes 0 to NSNotFound - 2.
    let all = try #require(try send(nsIndexSet, "indexSetWithIndexesInRange:", .range(0..<(notFound - 1))).objectValue)
    #expect(try send(all, "count") == .uint64(UInt64(notFound - 1)))
    #expect(try send(all, "firstIndex") == .uint64(0))
    #expect(try send(all, "lastIndex") == .uint64(UInt64(notFound - 2)))
    #expect(try send(all, "containsIndex:", .uint64(4_000_000_000)) == true)
    #expect(try send(all, "containsIndex:", .uint64(UInt64(notFound - 1))) == false)
    #expect(try send(all, "countOfIndexesInRange:", .range(10..<110)) == .uint64(100))
    #expect(try send(all, "countOfIndexesInRange:", .range((notFound - 5)..<notFound)) == .uint64(4), "NSNotFound - 5 to NSNotFound - 2")
    #expect(try send(all, "containsIndexesInRange:", .range(7..<(notFound - 1))) == true)
    #expect(try send(all, "indexGreaterThanIndex:", .uint64(41)) == .uint64(42))
    #expect(try send(all, "indexGreaterThanIndex:", .uint64(UInt64(notFound - 2))) == .uint64(UInt64(notFound)))
    #expect(try send(all, "indexLessThanIndex:", .uint64(UInt64(notFound))) == .uint64(UInt64(notFound - 2)))
    let description = try send(all, "description").stringValue ?? ""
    #expect(description.hasSuffix("[number of indexes: 9223372036854775806 (in 1 ranges), indexes: (0-9223372036854775805)]"), "\(description)")
    let seen = Locked<[Value]>([])
    let block = try runtime.makeBlock { arguments in
      seen.withLock { $0.append(arguments[0]) }
      return .nil
    }
    try send(all, "enumerateRangesUsingBlock:", .object(block))
    #expect(seen.withLock { $0 } == [.range(0..<(notFound - 1))], "one range")
    #expect(try send(all, "isEqual:", .object(try runtime.indexSet(Indexes(integersIn: 0..<(notFound - 1))))) == true)
    #expect(try send(all, "containsIndexes:", .object(try runtime.indexSet(Indexes(integersIn: 5..<(notFound - 10))))) == true)
    let copy = try #require(try send(all, "mutableCopy").objectValue)
    try send(copy, "removeIndex:", .uint64(1_000_000))
    #expect(try send(copy, "count") == .uint64(UInt64(notFound - 2)))
    #expect(indexes(copy)?.rangeCount == 2)
    try runtime.checkInvariants()
  }

  @Test func theSwiftValueOfAHugeRangeCountsAndWalksWithoutMaterializing() {
    var indexes = Indexes(integersIn: 0..<(Int.max - 1))
    #expect(indexes.count == Int.max - 1)
    #expect(indexes.first == 0 && indexes.last == Int.max - 2)
    #expect(Array(indexes.prefix(3)) == [0, 1, 2])
    indexes.remove(5)
    #expect(indexes.count == Int.max - 2 && !indexes.contains(5) && indexes.contains(6))
    indexes.insert(5)
    #expect(indexes == Indexes(integersIn: 0..<(Int.max - 1)), "putting it back joins the two runs")
    #expect(indexes.hashValue == Indexes(integersIn: 0..<(Int.max - 1)).hashValue)
  }

  @Test func addingARangeThatBridgesTwoRunsJoinsThem() throws {
    let runtime = Runtime()
    let set = try #require(try send(try foundationClass("NSMutableIndexSet", in: runtime), "indexSet").objectValue)
    try send(set, "addIndexesInRange:", .range(0..<3))
    try send(set, "addIndexesInRange:", .range(5..<8))
    try send(set, "addIndexesInRange:", .range(10..<12))
    #expect(indexes(set)?.description == "[number of indexes: 8 (in 3 ranges), indexes: (0-2 5-7 10-11)]")
    try send(set, "addIndexesInRange:", .range(3..<5))  // touches 0-2 and 5-7: one run
    #expect(indexes(set)?.description == "[number of indexes: 10 (in 2 ranges), indexes: (0-7 10-11)]")
    try send(set, "addIndexesInRange:", .range(6..<11))  // overlaps both: one run
    #expect(indexes(set)?.description == "[number of indexes: 12 (in 1 ranges), indexes: (0-11)]")
    try send(set, "addIndex:", .uint64(12))  // adjacent to the end
    #expect(indexes(set)?.description == "[number of indexes: 13 (in 1 ranges), indexes: (0-12)]")
  }

  @Test func removingARangeInsideARunSplitsIt() throws {
    let runtime = Runtime()
    let nsMutableIndexSet = try foundationClass("NSMutableIndexSet", in: runtime)
    let set = try #require(try send(nsMutableIndexSet, "indexSetWithIndexesInRange:", .range(0..<10)).objectValue)
    try send(set, "removeIndexesInRange:", .range(3..<6))
    #expect(indexes(set)?.description == "[number of indexes: 7 (in 2 ranges), indexes: (0-2 6-9)]")
    try send(set, "removeIndexesInRange:", .range(2..<8))  // cuts the end of one run and the start of the next
    #expect(indexes(set)?.description == "[number of indexes: 4 (in 2 ranges), indexes: (0-1 8-9)]")
    try send(set, "removeIndexesInRange:", .range(0..<100))
    #expect(try send(set, "count") == .uint64(0))
    let huge = try #require(try send(nsMutableIndexSet, "indexSetWithIndexesInRange:", .range(0..<(notFound - 1))).objectValue)
    try send(huge, "removeIndexesInRange:", .range(100..<(notFound - 101)))
    #expect(indexes(huge)?.description == "[number of indexes: 200 (in 2 ranges), indexes: (0-99 9223372036854775706-9223372036854775805)]")
  }

  @Test func shiftingDownDeletesTheIndexesShiftedOverAndWhatFallsBelowZero() throws {
    let runtime = Runtime()
    let nsMutableIndexSet = try foundationClass("NSMutableIndexSet", in: runtime)
    let set = try #require(try send(nsMutableIndexSet, "indexSetWithIndexesInRange:", .range(0..<10)).objectValue)
    try send(set, "addIndexesInRange:", .range(20..<25))
    try send(set, "shiftIndexesStartingAtIndex:by:", .uint64(20), .int64(-12))  // 8, 9 lie in [8, 20): deleted
    #expect(indexes(set)?.description == "[number of indexes: 13 (in 1 ranges), indexes: (0-12)]")
    try send(set, "shiftIndexesStartingAtIndex:by:", .uint64(10), .int64(-15))  // 0-9 deleted; 10-12 would be -5 to -3
    #expect(try send(set, "count") == .uint64(0))
    let huge = try #require(try send(nsMutableIndexSet, "indexSetWithIndexesInRange:", .range(0..<(notFound - 1))).objectValue)
    try send(huge, "shiftIndexesStartingAtIndex:by:", .uint64(10), .int64(-5))
    #expect(indexes(huge)?.description == "[number of indexes: 9223372036854775801 (in 1 ranges), indexes: (0-9223372036854775800)]")
    try send(huge, "shiftIndexesStartingAtIndex:by:", .uint64(3), .int64(2))
    #expect(indexes(huge)?.description == "[number of indexes: 9223372036854775801 (in 2 ranges), indexes: (0-2 5-9223372036854775802)]")
  }

  @Test func aRangeEndingAtTheLastIndexIsTakenAndOnePastItRaises() throws {
    let runtime = Runtime()
    let nsMutableIndexSet = try foundationClass("NSMutableIndexSet", in: runtime)
    let set = try #require(try send(nsMutableIndexSet, "indexSet").objectValue)
    try send(set, "addIndex:", .uint64(UInt64(notFound - 1)))  // NSNotFound - 1 is the largest index
    try send(set, "addIndexesInRange:", nsRange(UInt64(notFound - 3), 2))
    #expect(indexes(set)?.description == "[number of indexes: 3 (in 1 ranges), indexes: (9223372036854775804-9223372036854775806)]")
    #expect(try send(set, "lastIndex") == .uint64(UInt64(notFound - 1)))
    #expect(try send(set, "indexGreaterThanIndex:", .uint64(UInt64(notFound - 1))) == .uint64(UInt64(notFound)))
    let past = expectFoundationError(.indexOutOfBounds) { try send(set, "addIndexesInRange:", nsRange(UInt64(notFound - 1), 2)) }
    #expect(past?.message == "*** -[NSMutableIndexSet addIndexesInRange:]: Range {9223372036854775806, 2} exceeds maximum index value of NSNotFound - 1")
    let overflowing = expectFoundationError(.indexOutOfBounds) { try send(set, "addIndexesInRange:", nsRange(5, UInt64.max)) }
    #expect(overflowing?.message == "*** -[NSMutableIndexSet addIndexesInRange:]: Range {5, 18446744073709551615} exceeds maximum index value of NSNotFound - 1")
    let notFoundIndex = expectFoundationError(.indexOutOfBounds) { try send(set, "addIndex:", .uint64(UInt64(notFound))) }
    #expect(notFoundIndex?.message == "*** -[NSMutableIndexSet addIndexesInRange:]: Range {9223372036854775807, 1} exceeds maximum index value of NSNotFound - 1")
    #expect(try send(set, "count") == .uint64(3), "nothing added")
    let nsIndexSet = try foundationClass("NSIndexSet", in: runtime)
    let made = expectFoundationError(.indexOutOfBounds) { try send(nsIndexSet, "indexSetWithIndex:", .uint64(UInt64(notFound))) }
    #expect(made?.message == "*** -[NSIndexSet initWithIndexesInRange:]: Range {9223372036854775807, 1} exceeds maximum index value of NSNotFound - 1")
  }

  @Test func anEmptyRangeAddsAndRemovesNothing() throws {
    let runtime = Runtime()
    let nsMutableIndexSet = try foundationClass("NSMutableIndexSet", in: runtime)
    let set = try #require(try send(nsMutableIndexSet, "indexSetWithIndexesInRange:", .range(0..<3)).objectValue)
    try send(set, "addIndexesInRange:", .range(3..<3))  // NSMakeRange(3, 0): adjacent, yet adds nothing
    try send(set, "addIndexesInRange:", .range(7..<7))
    try send(set, "removeIndexesInRange:", .range(1..<1))
    #expect(indexes(set)?.description == "[number of indexes: 3 (in 1 ranges), indexes: (0-2)]")
    #expect(try send(nsMutableIndexSet, "indexSetWithIndexesInRange:", .range(5..<5)) == .object(try runtime.indexSet([])))
    #expect(try send(set, "countOfIndexesInRange:", .range(1..<1)) == .uint64(0))
    #expect(try send(set, "containsIndexesInRange:", .range(1..<1)) == false)
  }

  @Test func getIndexesFillsTheBufferAndMovesTheRangePastTheLastOne() throws {
    let runtime = Runtime()
    let set = try runtime.indexSet(Indexes(integersIn: 2..<12))
    let buffer = VariablePointer(.cArray([.uint64(99), .uint64(99), .uint64(99), .uint64(99)]))
    let range = VariablePointer(.range(3..<8))
    #expect(try send(set, "getIndexes:maxCount:inIndexRange:", .swiftObject(buffer), .uint64(3), .swiftObject(range)) == .uint64(3))
    #expect(buffer.pointee == .cArray([.uint64(3), .uint64(4), .uint64(5), .uint64(99)]), "the slot past the count is the caller's")
    #expect(range.pointee == .range(6..<8), "the range now starts after the last index placed")
    #expect(try send(set, "getIndexes:maxCount:inIndexRange:", .swiftObject(buffer), .uint64(3), .swiftObject(range)) == .uint64(2))
    #expect(buffer.pointee == .cArray([.uint64(6), .uint64(7), .uint64(5), .uint64(99)]))
    #expect(range.pointee == .range(8..<8))
    #expect(try send(set, "getIndexes:maxCount:inIndexRange:", .swiftObject(buffer), .uint64(3), .swiftObject(range)) == .uint64(0))
    #expect(range.pointee == .range(8..<8), "nothing placed: the range stays")
    let whole = VariablePointer()
    #expect(try send(set, "getIndexes:maxCount:inIndexRange:", .swiftObject(whole), .uint64(100), .nil) == .uint64(10), "NULL range: every index")
    #expect(whole.pointee == .cArray((2..<12).map { .uint64(UInt64($0)) }))
    let huge = try runtime.indexSet(Indexes(integersIn: 0..<(notFound - 1)))
    let first = VariablePointer()
    #expect(try send(huge, "getIndexes:maxCount:inIndexRange:", .swiftObject(first), .uint64(2), .nil) == .uint64(2))
    #expect(first.pointee == .cArray([.uint64(0), .uint64(1)]))
    try runtime.checkInvariants()
  }
}
