// FoundationBlockTests.swift: block objects, and the block messages of NSArray and NSOrderedSet
// (Apple's documented answers: the stop flag ends the enumeration at once, NSEnumerationReverse
// runs last to first, a comparator sorts stably, what a block throws comes out of the message).

import Testing

@testable import MiniFoundation

/// The arguments of each call of a block, recorded across threads.
final class BlockCalls: Sendable {
  let calls = Locked<[[Value]]>([])

  /// A block of `runtime` that records its arguments (without the stop pointer, when the last
  /// one is a `VariablePointer`), sets `*stop` when `stopWhen` says so, and answers `answer`.
  func block(
    in runtime: Runtime, stopWhen: @escaping @Sendable ([Value]) -> Bool = { _ in false },
    answer: @escaping @Sendable ([Value]) throws -> Value = { _ in .nil }
  ) throws -> Object {
    try runtime.makeBlock { arguments in
      var values = arguments.values
      let stop = values.last?.swiftObject(as: VariablePointer.self)
      if stop != nil { values.removeLast() }
      self.calls.withLock { $0.append(values) }
      if stopWhen(values) { stop?.pointee = .bool(true) }
      return try answer(values)
    }
  }

  var all: [[Value]] { calls.withLock { $0 } }
}

/// What a test block throws.
struct BlockFailure: Error {}

@Suite struct FoundationBlockTests {
  @Test func aBlockIsAnObjectOfAHeapBlockClassUnderNSBlock() throws {
    let runtime = Runtime()
    let block = try runtime.makeBlock { arguments in .int((arguments[0].intValue ?? 0) * 2) }
    #expect(block.isa.name == "__NSMallocBlock__")
    #expect(block.isa.superclass?.name == "NSBlock")
    #expect(block.isa.superclass?.superclass === runtime.rootClass)
    let nsBlock = try #require(runtime.lookUpClass(named: "NSBlock"))
    #expect(try send(block, "isKindOfClass:", .class(nsBlock)) == true)
    #expect(try send(block, "class") == .class(block.isa))
    #expect(try send(block, "respondsToSelector:", .selector("copy")) == true)
    #expect(try send(block, "copy") == .object(block), "a heap block's copy is itself")
    #expect(try block.callBlock([21]) == 42)
    let other = try runtime.makeBlock { _ in .nil }
    #expect(Value.object(block) != .object(other), "blocks are equal only to themselves")
    let list = try runtime.mutableArray()
    try send(list, "addObject:", .object(block))
    #expect(try send(list, "containsObject:", .object(block)) == true)
    #expect(throws: RuntimeError.self) { try list.callBlock([]) }
  }

  @Test func enumerateObjectsPassesObjectAndIndexAndStopsAtOnce() throws {
    let runtime = Runtime()
    let array = try #require(try runtime.object(bridging: ["a", "b", "c", "d"]))
    let all = BlockCalls()
    try send(array, "enumerateObjectsUsingBlock:", .object(try all.block(in: runtime)))
    #expect(all.all == [["a", .uint64(0)], ["b", .uint64(1)], ["c", .uint64(2)], ["d", .uint64(3)]])
    let stopped = BlockCalls()
    try send(array, "enumerateObjectsUsingBlock:", .object(try stopped.block(in: runtime) { $0[0] == "b" }))
    #expect(stopped.all.map { $0[0] } == ["a", "b"], "no call after the one that set *stop")
  }

  @Test func enumerationReverseRunsFromTheLastElement() throws {
    let runtime = Runtime()
    let array = try #require(try runtime.object(bridging: ["a", "b", "c"]))
    let calls = BlockCalls()
    try send(array, "enumerateObjectsWithOptions:usingBlock:", .uint64(2), .object(try calls.block(in: runtime)))
    #expect(calls.all == [["c", .uint64(2)], ["b", .uint64(1)], ["a", .uint64(0)]])
    let some = BlockCalls()
    try send(
      array, "enumerateObjectsAtIndexes:options:usingBlock:", .object(try runtime.indexSet([0, 2])), .uint64(2),
      .object(try some.block(in: runtime)))
    #expect(some.all == [["c", .uint64(2)], ["a", .uint64(0)]])
    expectFoundationError(.indexOutOfBounds) {
      try send(
        array, "enumerateObjectsAtIndexes:options:usingBlock:", .object(try runtime.indexSet([5])), .uint64(0),
        .object(try some.block(in: runtime)))
    }
  }

  @Test func indexOfObjectPassingTestAnswersTheFirstPassOrNSNotFound() throws {
    let runtime = Runtime()
    let array = try #require(try runtime.object(bridging: [1, 5, 2, 7]))
    let calls = BlockCalls()
    let big = try calls.block(in: runtime, answer: { .bool(($0[0].intValue ?? 0) > 3) })
    #expect(try send(array, "indexOfObjectPassingTest:", .object(big)) == .uint64(1))
    #expect(calls.all.count == 2, "the test is not called after the first pass")
    #expect(try send(array, "indexOfObjectWithOptions:passingTest:", .uint64(2), .object(big)) == .uint64(3))
    let never = try BlockCalls().block(in: runtime, answer: { _ in .bool(false) })
    #expect(try send(array, "indexOfObjectPassingTest:", .object(never)) == .uint64(UInt64(Int.max)), "NSNotFound")
    let stopFirst = try BlockCalls().block(in: runtime, stopWhen: { _ in true }) { _ in .bool(false) }
    #expect(try send(array, "indexOfObjectPassingTest:", .object(stopFirst)) == .uint64(UInt64(Int.max)))
  }

  @Test func indexesOfObjectsPassingTestKeepsThePassThatStopped() throws {
    let runtime = Runtime()
    let array = try #require(try runtime.object(bridging: [4, 1, 6, 8, 9]))
    let even = try BlockCalls().block(in: runtime, answer: { .bool(($0[0].intValue ?? 1) % 2 == 0) })
    #expect(try send(array, "indexesOfObjectsPassingTest:", .object(even)).indexesValue == [0, 2, 3])
    let stopAtSix = try BlockCalls().block(in: runtime, stopWhen: { $0[0] == 6 }) { .bool(($0[0].intValue ?? 1) % 2 == 0) }
    #expect(try send(array, "indexesOfObjectsPassingTest:", .object(stopAtSix)).indexesValue == [0, 2])
    #expect(try send(array, "indexesOfObjectsWithOptions:passingTest:", .uint64(2), .object(stopAtSix)).indexesValue == [2, 3])
  }

  @Test func aComparatorSortsStablyAndInPlace() throws {
    let runtime = Runtime()
    // By length only: "bb" and "aa" are the same to it, so they keep their order.
    let byLength = try runtime.makeBlock { arguments in
      let left = arguments[0].stringValue?.count ?? 0
      let right = arguments[1].stringValue?.count ?? 0
      return .int(left < right ? -1 : left > right ? 1 : 0)
    }
    let array = try #require(try runtime.object(bridging: ["ccc", "bb", "a", "aa"]))
    #expect(try send(array, "sortedArrayUsingComparator:", .object(byLength)) == ["a", "bb", "aa", "ccc"])
    #expect(try send(array, "sortedArrayWithOptions:usingComparator:", .uint64(16), .object(byLength)) == ["a", "bb", "aa", "ccc"])
    let mutable = try runtime.mutableArray(["ccc", "bb", "a", "aa"])
    try send(mutable, "sortUsingComparator:", .object(byLength))
    #expect(Value.object(mutable) == ["a", "bb", "aa", "ccc"])
    let ordered = try runtime.mutableOrderedSet(["ccc", "a", "bb"])
    try send(ordered, "sortUsingComparator:", .object(byLength))
    #expect(try send(ordered, "array") == ["a", "bb", "ccc"])
  }

  @Test func whatABlockThrowsComesOutOfTheMessageAndLeavesTheArray() throws {
    let runtime = Runtime()
    let failing = try runtime.makeBlock { _ in throw BlockFailure() }
    let mutable = try runtime.mutableArray(["b", "a"])
    #expect(throws: BlockFailure.self) { try send(mutable, "enumerateObjectsUsingBlock:", .object(failing)) }
    #expect(throws: BlockFailure.self) { try send(mutable, "sortUsingComparator:", .object(failing)) }
    #expect(Value.object(mutable) == ["b", "a"], "a comparator that throws leaves the array unsorted")
    expectFoundationError(.invalidArgument) { try send(mutable, "enumerateObjectsUsingBlock:", .nil) }
    expectFoundationError(.invalidArgument) { try send(mutable, "sortUsingComparator:", "not a block") }
    let notAnOrder = try runtime.makeBlock { _ in "up" }
    expectFoundationError(.invalidArgument) { try send(mutable, "sortUsingComparator:", .object(notAnOrder)) }
  }

  @Test func aMutableArrayChangedByItsEnumerationBlockRaises() throws {
    let runtime = Runtime()
    let list = try runtime.mutableArray(["a", "b", "c"])
    let calls = BlockCalls()
    let adding = try calls.block(in: runtime, answer: { _ in try send(list, "addObject:", "d") })
    let error = expectFoundationError(.collectionMutated) { try send(list, "enumerateObjectsUsingBlock:", .object(adding)) }
    #expect(error?.message.hasSuffix("was mutated while being enumerated.") == true)
    #expect(calls.all.count == 1, "the enumeration ends at the first call that changed the array")
    let reading = BlockCalls()
    try send(list, "enumerateObjectsUsingBlock:", .object(try reading.block(in: runtime)))
    #expect(reading.all.count == 4, "a block that only reads enumerates every element")
    let ordered = try runtime.mutableOrderedSet(["x", "y"])
    let removing = try BlockCalls().block(in: runtime, answer: { _ in try send(ordered, "removeObject:", "y") })
    expectFoundationError(.collectionMutated) { try send(ordered, "indexOfObjectPassingTest:", .object(removing)) }
  }

  @Test func anOrderedSetEnumeratesAndTestsLikeAnArray() throws {
    let runtime = Runtime()
    let ordered = try runtime.orderedSet(["x", "y", "z"])
    let calls = BlockCalls()
    try send(ordered, "enumerateObjectsWithOptions:usingBlock:", .uint64(2), .object(try calls.block(in: runtime) { $0[0] == "y" }))
    #expect(calls.all == [["z", .uint64(2)], ["y", .uint64(1)]])
    let isY = try BlockCalls().block(in: runtime, answer: { .bool($0[0] == "y") })
    #expect(try send(ordered, "indexOfObjectPassingTest:", .object(isY)) == .uint64(1))
  }
}
