// FoundationBehaviourRound14CollectionTests.swift: the fourteenth round of Foundation collection
// behaviours, GNUstep-base's NSArray and NSIndexSet cases and Apple's NSArray documentation
// (indexOfObject:inSortedRange:options:usingComparator:, subarrayWithRange:), each pinned to
// Apple's answer.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound14CollectionTests {
  private static let firstEqual: UInt64 = 1 << 8, lastEqual: UInt64 = 1 << 9, insertionIndex: UInt64 = 1 << 10
  private static let notFound = Value.uint64(UInt64(Int.max))

  private func numeric(_ runtime: Runtime) throws -> Object {
    try runtime.makeBlock { arguments in
      let (left, right) = (arguments[0].intValue ?? 0, arguments[1].intValue ?? 0)
      return .int(left < right ? -1 : left > right ? 1 : 0)
    }
  }

  @Test func binarySearchFindsAnEqualElementOrNSNotFound() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let array = try #require(try runtime.object(bridging: [1, 3, 3, 3, 5, 7]))
    let byValue = Value.object(try numeric(runtime))
    func search(_ value: Int, _ options: UInt64, _ range: Range<Int> = 0..<6) throws -> Value {
      try send(array, "indexOfObject:inSortedRange:options:usingComparator:", .int(value), .range(range), .uint64(options), byValue)
    }
    #expect(try search(5, 0) == 4)
    #expect(try search(4, 0) == Self.notFound)
    #expect(try search(3, Self.firstEqual) == 1)
    #expect(try search(3, Self.lastEqual) == 3)
    #expect(try search(1, 0, 1..<6) == Self.notFound, "only the range is searched")
    #expect(try search(7, 0, 2..<6) == 5, "an index in the whole array")
    #expect(try search(4, Self.insertionIndex) == 4)
    #expect(try search(3, Self.insertionIndex | Self.firstEqual) == 1)
    #expect(try search(3, Self.insertionIndex | Self.lastEqual) == 4)
    #expect(try search(0, Self.insertionIndex) == 0)
    #expect(try search(9, Self.insertionIndex) == 6)
    let ordered = try runtime.orderedSet([1, 2, 4])
    #expect(
      try send(ordered, "indexOfObject:inSortedRange:options:usingComparator:", 3, .range(0..<3), .uint64(Self.insertionIndex), byValue) == 2)
  }

  @Test func binarySearchRefusesBothEqualOptionsARangeBeyondTheEndAndNils() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let array = try #require(try runtime.object(bridging: [1, 2]))
    let byValue = Value.object(try numeric(runtime))
    let selector: Selector = "indexOfObject:inSortedRange:options:usingComparator:"
    let both = expectFoundationError(.invalidArgument) {
      try send(array, selector, 1, .range(0..<2), .uint64(Self.firstEqual | Self.lastEqual), byValue)
    }
    #expect(both?.message.contains("both NSBinarySearchingFirstEqual and NSBinarySearchingLastEqual") == true)
    let beyond = expectFoundationError(.indexOutOfBounds) {
      try send(array, selector, 1, .range(1..<4), .uint64(0), byValue)
    }
    #expect(beyond?.message.hasSuffix("range {1, 3} extends beyond bounds [0 .. 1]") == true)
    expectFoundationError(.invalidArgument) { try send(array, selector, .nil, .range(0..<2), .uint64(0), byValue) }
    expectFoundationError(.invalidArgument) { try send(array, selector, 1, .range(0..<2), .uint64(0), .nil) }
  }

  @Test func subarrayWithRangeOfAnEmptyArraySaysForEmptyArray() throws {
    // Apple: "*** -[__NSArray0 subarrayWithRange:]: range {0, 1} extends beyond bounds for empty array".
    let runtime = Runtime()
    try runtime.installFoundation()
    let empty = try #require(try runtime.object(bridging: .array([])))
    let error = expectFoundationError(.indexOutOfBounds) { try send(empty, "subarrayWithRange:", .range(0..<1)) }
    #expect(error?.message.hasSuffix("subarrayWithRange:]: range {0, 1} extends beyond bounds for empty array") == true)
    let two = try #require(try runtime.object(bridging: ["a", "b"]))
    let past = expectFoundationError(.indexOutOfBounds) { try send(two, "subarrayWithRange:", .range(1..<3)) }
    #expect(past?.message.hasSuffix("range {1, 2} extends beyond bounds [0 .. 1]") == true)
  }

  @Test func componentsJoinedByStringJoinsEachElementsDescription() throws {
    // GNUstep's NSArray test: elements that are not strings join as their -description.
    let runtime = Runtime()
    try runtime.installFoundation()
    let mixed = try #require(try runtime.object(bridging: [1, "a", 2.5, .array([2])]))
    #expect(try send(mixed, "componentsJoinedByString:", ", ") == "1, a, 2.5, (\n    2\n)")
    #expect(try runtime.msgSend(bridging: .array([]), "componentsJoinedByString:", "-") == "")
    #expect(try runtime.msgSend(bridging: ["x"], "componentsJoinedByString:", "-") == "x")
  }

  @Test func arrayByAddingObjectsFromArrayAppendsAndLeavesBothAlone() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let first = try runtime.mutableArray(["a"])
    let joined = try send(first, "arrayByAddingObjectsFromArray:", ["b", "a"])
    #expect(joined == ["a", "b", "a"])
    #expect(try send(first, "count") == 1)
    expectFoundationError(.invalidArgument) { try send(first, "arrayByAddingObjectsFromArray:", "b") }
  }

  @Test func indexSetNeighboursOfNSNotFoundAndZeroAreNSNotFound() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let set = try runtime.indexSet(Indexes([0, 5]))
    #expect(try send(set, "indexGreaterThanIndex:", Self.notFound) == Self.notFound)
    #expect(try send(set, "indexGreaterThanIndex:", 5) == Self.notFound)
    #expect(try send(set, "indexLessThanIndex:", 0) == Self.notFound)
    #expect(try send(set, "indexLessThanOrEqualToIndex:", 0) == 0)
    #expect(try send(set, "indexGreaterThanOrEqualToIndex:", 1) == 5)
    #expect(try send(set, "indexLessThanIndex:", Self.notFound) == 5)
  }
}
