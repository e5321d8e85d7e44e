// FoundationBehaviourRound15CollectionTests.swift: the fifteenth round of Foundation collection
// behaviours, from GNUstep-base's Tests/base (NSMutableArray, NSIndexSet, NSDictionary,
// NSCountedSet) and common bug reports: removeObjectsInRange: checks its range first, as
// CFArray's __NSArrayM does, and what already matched.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound15CollectionTests {
  @Test func removeObjectsInRangeRaisesForARangePastTheEndEvenAnEmptyOne() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let array = try runtime.mutableArray(["a", "b", "c"])
    let past = expectFoundationError(.indexOutOfBounds) { try send(array, "removeObjectsInRange:", .range(2..<4)) }
    #expect(past?.message == "*** -[__NSArrayM removeObjectsInRange:]: range {2, 2} extends beyond bounds [0 .. 2]")
    #expect(past?.exceptionName == "NSRangeException")
    let emptyPast = expectFoundationError(.indexOutOfBounds) { try send(array, "removeObjectsInRange:", .range(4..<4)) }
    #expect(emptyPast?.message == "*** -[__NSArrayM removeObjectsInRange:]: range {4, 0} extends beyond bounds [0 .. 2]")
    #expect(try send(array, "count") == 3, "nothing was removed")
    try send(array, "removeObjectsInRange:", .range(3..<3))
    try send(array, "removeObjectsInRange:", .range(1..<3))
    #expect(try send(array, "isEqualToArray:", ["a"]) == true)
    let empty = try runtime.mutableArray()
    let none = expectFoundationError(.indexOutOfBounds) { try send(empty, "removeObjectsInRange:", .range(0..<1)) }
    #expect(none?.message == "*** -[__NSArrayM removeObjectsInRange:]: range {0, 1} extends beyond bounds for empty array")
  }

  @Test func shiftingIndexesDownMergesRangesAndDropsWhatFallsBelowZero() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let mutableIndexSet = try #require(runtime.lookUpClass(named: "NSMutableIndexSet"))
    func shifted(_ start: Int, by delta: Int) throws -> [Int] {
      let set = try #require(try send(mutableIndexSet, "new").objectValue)
      try send(set, "addIndexesInRange:", .range(0..<3))
      try send(set, "addIndexesInRange:", .range(5..<8))
      try send(set, "shiftIndexesStartingAtIndex:by:", .int(start), .int64(Int64(delta)))
      var indexes: [Int] = []
      var index = try send(set, "firstIndex").intValue ?? Int.max
      while index != Int.max {
        indexes.append(index)
        index = try send(set, "indexGreaterThanIndex:", .int(index)).intValue ?? Int.max
      }
      return indexes
    }
    // Each answer is swift-corelibs-foundation's (CFIndexSet-like NSIndexSet) on this machine.
    #expect(try shifted(5, by: -2) == [0, 1, 2, 3, 4, 5], "the two ranges meet")
    #expect(try shifted(5, by: -4) == [0, 1, 2, 3], "the moved ones land on 1-3, the indexes from 1 to 4 go")
    #expect(try shifted(5, by: -7) == [0])
    #expect(try shifted(6, by: -3) == [0, 1, 2, 3, 4])
    #expect(try shifted(6, by: -1) == [0, 1, 2, 5, 6])
    #expect(try shifted(1, by: -1) == [0, 1, 4, 5, 6])
    #expect(try shifted(0, by: -2) == [0, 3, 4, 5])
    #expect(try shifted(2, by: 2) == [0, 1, 4, 7, 8, 9], "up: a gap opens at the start")
  }

  @Test func keysSortedByValueSortsTheKeysByTheirValuesCompare() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let keys = try #require(
      try runtime.msgSend(bridging: .dictionary(["a": 3, "b": 1, "c": 2, "d": 1]), "keysSortedByValueUsingSelector:", .selector("compare:")).arrayValue)
    #expect(keys.count == 4)
    #expect(Set(keys.prefix(2)) == ["b", "d"] && keys[2] == "c" && keys[3] == "a")
  }

  @Test func aCountedSetDescribesEachMemberWithItsCount() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let countedSet = try #require(runtime.lookUpClass(named: "NSCountedSet"))
    let set = try #require(try send(try send(countedSet, "alloc").objectValue, "initWithArray:", ["a", "a", "b"]).objectValue)
    let text = try #require(try send(set, "description").stringValue)
    #expect(text.hasPrefix("<NSCountedSet: 0x") && text.hasSuffix("> (a [2], b [1])"), "\(text)")
    let empty = try #require(try send(try send(countedSet, "new").objectValue, "description").stringValue)
    #expect(empty.hasSuffix("> ()"), "\(empty)")
  }
}
