// NSIndexSetTests.swift: NSIndexSet and NSMutableIndexSet.

import Testing

@testable import MiniFoundation

@Suite struct NSIndexSetTests {
  @Test func anIndexSetAnswersAsNSIndexSet() throws {
    let runtime = Runtime()
    let indexes = try runtime.indexSet([5, 1, 2])
    #expect(try send(indexes, "count") == 3)
    #expect(try send(indexes, "firstIndex") == 1 && send(indexes, "lastIndex") == 5)
    #expect(try send(indexes, "containsIndex:", 2) == true)
    #expect(try send(indexes, "containsIndex:", 3) == false)
    #expect(try send(indexes, "isEqual:", .object(try runtime.indexSet([1, 2, 5]))) == true)
    #expect(Value.object(indexes).indexesValue == [1, 2, 5])
    #expect(try send(indexes, "description").stringValue?.hasSuffix("[number of indexes: 3 (in 2 ranges), indexes: (1-2 5)]") == true)
    #expect(try send(try runtime.indexSet([]), "firstIndex") == .uint64(UInt64(Int.max)), "NSNotFound when empty")
  }

  @Test func classMethodsAndEditsBuildIndexSets() throws {
    let runtime = Runtime()
    let nsIndexSet = try foundationClass("NSIndexSet", in: runtime)
    #expect(try send(nsIndexSet, "indexSetWithIndexesInRange:", .range(2..<4)).indexesValue == [2, 3])
    #expect(try send(nsIndexSet, "indexSetWithIndex:", 7).indexesValue == [7])
    let mutable = try #require(try send(try foundationClass("NSMutableIndexSet", in: runtime), "indexSet").objectValue)
    try send(mutable, "addIndex:", 4)
    try send(mutable, "addIndexesInRange:", .range(0..<2))
    try send(mutable, "removeIndex:", 0)
    #expect(Value.object(mutable).indexesValue == [1, 4])
    try send(mutable, "removeAllIndexes")
    #expect(try send(mutable, "count") == 0)
    #expect(throws: RuntimeError.self) { try send(try runtime.indexSet([1]), "addIndex:", 2) }
  }
}
