// FoundationAPICensusTests+Blocks.swift: the block messages that take indexes, a range or
// enumeration options (arrays, ordered sets, sets, dictionaries, index sets).
// Part of the API census (FoundationAPICensusTests.swift): the methods the census found missing,
// each with Apple's documented answer.

import Testing

@testable import MiniFoundation

extension FoundationAPICensusTests {
  @Test func indexOfAndIndexesOfObjectsAtIndexesTestOnlyThoseIndexes() throws {
    let runtime = Runtime()
    for (className, factory) in [("NSArray", "arrayWithArray:"), ("NSOrderedSet", "orderedSetWithArray:")] {
      let collection = try send(try foundationClass(className, in: runtime), Selector(interning: factory), ["a", "b", "c", "d"])
      let chosen = Value.object(try runtime.indexSet([1, 3]))
      let calls = BlockCalls()
      let notB = try calls.block(in: runtime, answer: { .bool($0[0] != "b") })
      #expect(try send(collection.objectValue, "indexesOfObjectsAtIndexes:options:passingTest:", chosen, .uint64(0), .object(notB)).indexesValue == [3])
      #expect(calls.all == [["b", .uint64(1)], ["d", .uint64(3)]], "the block sees each chosen object with its own index")
      let always = try BlockCalls().block(in: runtime, answer: { _ in .bool(true) })
      #expect(try send(collection.objectValue, "indexOfObjectAtIndexes:options:passingTest:", chosen, .uint64(0), .object(always)) == .uint64(1))
      #expect(try send(collection.objectValue, "indexOfObjectAtIndexes:options:passingTest:", chosen, .uint64(2), .object(always)) == .uint64(3), "NSEnumerationReverse")
      let never = try BlockCalls().block(in: runtime, answer: { _ in .bool(false) })
      #expect(try send(collection.objectValue, "indexOfObjectAtIndexes:options:passingTest:", chosen, .uint64(0), .object(never)) == .uint64(UInt64(Int.max)), "NSNotFound")
      let unseen = BlockCalls()
      expectFoundationError(.indexOutOfBounds) {
        try send(collection.objectValue, "indexesOfObjectsAtIndexes:options:passingTest:", .object(try runtime.indexSet([1, 5])), .uint64(0), .object(try unseen.block(in: runtime)))
      }
      #expect(unseen.all.isEmpty, "an index past the end raises before the first call")
    }
    try runtime.checkInvariants()
  }

  @Test func aSetAndADictionaryTakeEnumerationOptions() throws {
    let runtime = Runtime()
    let set = try #require(try runtime.object(bridging: .set(["a", "b", "c"])))
    let calls = BlockCalls()
    try send(set, "enumerateObjectsWithOptions:usingBlock:", .uint64(2), .object(try calls.block(in: runtime)))
    #expect(Set(calls.all.map { $0[0] }) == ["a", "b", "c"] && calls.all.count == 3, "each member once")
    let notB = try BlockCalls().block(in: runtime, answer: { .bool($0[0] != "b") })
    #expect(try send(set, "objectsWithOptions:passingTest:", .uint64(0), .object(notB)) == .set(["a", "c"]))
    let dictionary = try #require(try runtime.object(bridging: .dictionary(["x": 3, "y": 1, "z": 2, "w": 1])))
    let big = try BlockCalls().block(in: runtime, answer: { .bool(($0[1].intValue ?? 0) > 1) })
    #expect(try send(dictionary, "keysOfEntriesWithOptions:passingTest:", .uint64(2), .object(big)) == .set(["x", "z"]))
    let ascending = try runtime.makeBlock { arguments in
      let (first, second) = (arguments[0].intValue ?? 0, arguments[1].intValue ?? 0)
      return .int(first < second ? -1 : first > second ? 1 : 0)
    }
    let sorted = try send(dictionary, "keysSortedByValueWithOptions:usingComparator:", .uint64(0), .object(ascending)).arrayValue ?? []
    #expect(sorted.count == 4 && Set(sorted.prefix(2)) == ["y", "w"] && Array(sorted.suffix(2)) == ["z", "x"])
    try runtime.checkInvariants()
  }

  @Test func anIndexSetEnumeratesAndTestsInsideARangeAndWithOptions() throws {
    let runtime = Runtime()
    let indexes = try runtime.indexSet([1, 2, 3, 7, 8, 12])
    let inside = Value.range(2..<9)
    let calls = BlockCalls()
    try send(indexes, "enumerateIndexesInRange:options:usingBlock:", inside, .uint64(0), .object(try calls.block(in: runtime)))
    #expect(calls.all == [[.uint64(2)], [.uint64(3)], [.uint64(7)], [.uint64(8)]])
    let backwards = BlockCalls()
    try send(indexes, "enumerateIndexesInRange:options:usingBlock:", inside, .uint64(2), .object(try backwards.block(in: runtime)))
    #expect(backwards.all == [[.uint64(8)], [.uint64(7)], [.uint64(3)], [.uint64(2)]])
    let odd = try BlockCalls().block(in: runtime, answer: { .bool(($0[0].intValue ?? 0) % 2 == 1) })
    #expect(try send(indexes, "indexInRange:options:passingTest:", inside, .uint64(0), .object(odd)) == .uint64(3))
    #expect(try send(indexes, "indexInRange:options:passingTest:", inside, .uint64(2), .object(odd)) == .uint64(7))
    #expect(try send(indexes, "indexesInRange:options:passingTest:", inside, .uint64(0), .object(odd)).indexesValue == [3, 7])
    #expect(try send(indexes, "indexWithOptions:passingTest:", .uint64(2), .object(odd)) == .uint64(7))
    #expect(try send(indexes, "indexesWithOptions:passingTest:", .uint64(0), .object(odd)).indexesValue == [1, 3, 7])
    let never = try BlockCalls().block(in: runtime, answer: { _ in .bool(false) })
    #expect(try send(indexes, "indexInRange:options:passingTest:", inside, .uint64(0), .object(never)) == .uint64(UInt64(Int.max)), "NSNotFound")
    let ranges = BlockCalls()
    try send(indexes, "enumerateRangesInRange:options:usingBlock:", Value.range(3..<9), .uint64(0), .object(try ranges.block(in: runtime)))
    #expect(ranges.all == [[.range(3..<4)], [.range(7..<9)]], "each run cut to the range")
    let reversedRanges = BlockCalls()
    try send(indexes, "enumerateRangesInRange:options:usingBlock:", Value.range(0..<20), .uint64(2), .object(try reversedRanges.block(in: runtime)))
    #expect(reversedRanges.all == [[.range(12..<13)], [.range(7..<9)], [.range(1..<4)]])
    try runtime.checkInvariants()
  }

  @Test func aMutableOrderedSetSortsARangeOrWithOptions() throws {
    let runtime = Runtime()
    let ascending = try runtime.makeBlock { arguments in
      let (first, second) = (arguments[0].stringValue ?? "", arguments[1].stringValue ?? "")
      return .int(first < second ? -1 : first > second ? 1 : 0)
    }
    let set = try send(try foundationClass("NSMutableOrderedSet", in: runtime), "orderedSetWithArray:", ["d", "c", "b", "a"])
    try send(set.objectValue, "sortRange:options:usingComparator:", Value.range(1..<3), .uint64(0), .object(ascending))
    #expect(try send(set.objectValue, "array") == ["d", "b", "c", "a"], "only the range is sorted")
    expectFoundationError(.indexOutOfBounds) {
      try send(set.objectValue, "sortRange:options:usingComparator:", Value.range(2..<6), .uint64(0), .object(ascending))
    }
    #expect(try send(set.objectValue, "array") == ["d", "b", "c", "a"], "a range past the end changes nothing")
    try send(set.objectValue, "sortWithOptions:usingComparator:", .uint64(16), .object(ascending))  // NSSortStable
    #expect(try send(set.objectValue, "array") == ["a", "b", "c", "d"])
    try runtime.checkInvariants()
  }
}
