// FoundationBlockTests+Unordered.swift: the block messages of NSDictionary, NSSet and
// NSIndexSet, and NSSortDescriptor's comparator (Apple's documented answers).

import Testing

@testable import MiniFoundation

@Suite struct FoundationBlockUnorderedTests {
  @Test func aDictionaryEnumeratesKeysWithTheirObjectsAndStops() throws {
    let runtime = Runtime()
    let dictionary = try #require(try runtime.object(bridging: ["a": 1, "b": 2, "c": 3]))
    let calls = BlockCalls()
    try send(dictionary, "enumerateKeysAndObjectsUsingBlock:", .object(try calls.block(in: runtime)))
    #expect(Set(calls.all.map { $0[0] }) == ["a", "b", "c"])
    #expect(calls.all.allSatisfy { ["a": 1, "b": 2, "c": 3][$0[0].stringValue ?? ""].map(Value.int) == $0[1] })
    let once = BlockCalls()
    try send(dictionary, "enumerateKeysAndObjectsUsingBlock:", .object(try once.block(in: runtime) { _ in true }))
    #expect(once.all.count == 1, "no call after the one that set *stop")
  }

  @Test func keysOfEntriesPassingTestAndKeysSortedByValue() throws {
    let runtime = Runtime()
    let dictionary = try #require(try runtime.object(bridging: ["ann": 30, "bob": 12, "cy": 45]))
    let adult = try BlockCalls().block(in: runtime, answer: { .bool(($0[1].intValue ?? 0) >= 18) })
    #expect(try send(dictionary, "keysOfEntriesPassingTest:", .object(adult)).setElements == ["ann", "cy"])
    let descending = try runtime.makeBlock { arguments in
      .int(((arguments[1].intValue ?? 0) - (arguments[0].intValue ?? 0)).signum())
    }
    #expect(try send(dictionary, "keysSortedByValueUsingComparator:", .object(descending)) == ["cy", "ann", "bob"])
  }

  @Test func aSetEnumeratesEveryMemberAndFiltersWithATest() throws {
    let runtime = Runtime()
    let set = try #require(try runtime.object(bridging: .set([1, 2, 3, 4])))
    let calls = BlockCalls()
    try send(set, "enumerateObjectsUsingBlock:", .object(try calls.block(in: runtime)))
    #expect(Set(calls.all.map { $0[0] }) == [1, 2, 3, 4] && calls.all.allSatisfy { $0.count == 1 })
    let twice = BlockCalls()
    try send(set, "enumerateObjectsUsingBlock:", .object(try twice.block(in: runtime) { _ in twice.all.count == 2 }))
    #expect(twice.all.count == 2)
    let odd = try BlockCalls().block(in: runtime, answer: { .bool(($0[0].intValue ?? 0) % 2 == 1) })
    #expect(try send(set, "objectsPassingTest:", .object(odd)).setElements == [1, 3])
  }

  @Test func anIndexSetEnumeratesAscendingOrReversedAndStops() throws {
    let runtime = Runtime()
    let indexes = try runtime.indexSet([7, 2, 4])
    let calls = BlockCalls()
    try send(indexes, "enumerateIndexesUsingBlock:", .object(try calls.block(in: runtime)))
    #expect(calls.all == [[.uint64(2)], [.uint64(4)], [.uint64(7)]])
    let reversed = BlockCalls()
    try send(indexes, "enumerateIndexesWithOptions:usingBlock:", .uint64(2), .object(try reversed.block(in: runtime) { $0[0] == 4 }))
    #expect(reversed.all == [[.uint64(7)], [.uint64(4)]])
    let aboveThree = try BlockCalls().block(in: runtime, answer: { .bool(($0[0].intValue ?? 0) > 3) })
    #expect(try send(indexes, "indexPassingTest:", .object(aboveThree)) == .uint64(4))
    #expect(try send(indexes, "indexesPassingTest:", .object(aboveThree)).indexesValue == [4, 7])
    expectFoundationError(.invalidArgument) { try send(indexes, "enumerateIndexesUsingBlock:", .nil) }
  }

  @Test func aSortDescriptorWithAComparatorSortsByIt() throws {
    let runtime = Runtime()
    let descriptorClass = try foundationClass("NSSortDescriptor", in: runtime)
    let byLength = try runtime.makeBlock { arguments in
      .int(((arguments[0].stringValue?.count ?? 0) - (arguments[1].stringValue?.count ?? 0)).signum())
    }
    let descriptor = try #require(
      try send(descriptorClass, "sortDescriptorWithKey:ascending:comparator:", .nil, false, .object(byLength)).objectValue)
    #expect(try send(descriptor, "comparator") == .object(byLength))
    #expect(try send(descriptor, "compareObject:toObject:", "a", "bbb") == .int64(1), "descending")
    let array = try #require(try runtime.object(bridging: ["bb", "a", "cccc"]))
    #expect(try send(array, "sortedArrayUsingDescriptors:", .array([.object(descriptor)])) == ["cccc", "bb", "a"])
    let reversed = try #require(try send(descriptor, "reversedSortDescriptor").objectValue)
    #expect(try send(reversed, "comparator") == .object(byLength))
    #expect(try send(array, "sortedArrayUsingDescriptors:", .array([.object(reversed)])) == ["a", "bb", "cccc"])
    expectFoundationError(.invalidArgument) {
      try send(descriptorClass, "sortDescriptorWithKey:ascending:comparator:", .nil, true, .nil)
    }
  }

  @Test func aSelectorSortDescriptorsComparatorSendsTheSelector() throws {
    let runtime = Runtime()
    let descriptorClass = try foundationClass("NSSortDescriptor", in: runtime)
    let descriptor = try #require(try send(descriptorClass, "sortDescriptorWithKey:ascending:", .nil, true).objectValue)
    let comparator = try #require(try send(descriptor, "comparator").objectValue)
    #expect(comparator.isBlock)
    #expect(try comparator.callBlock(["a", "b"]) == -1)
    #expect(try comparator.callBlock(["b", "a"]) == 1)
  }
}
