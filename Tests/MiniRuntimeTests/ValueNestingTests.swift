// ValueNestingTests.swift: a bridged collection that holds itself compares, hashes and prints
// without walking forever (Value+Nesting.swift): past Value.nestingLimit levels `==` answers
// false, the hash stops adding and the description prints `...`. Each crashed before.

import Testing

@testable import MiniRuntime

/// An array-like storage whose elements can be set after the object exists, so it can hold it.
private final class ListStorage: BridgedStorage {
  let elements = Locked<[Value]>([])
  var bridgedValue: Value? { .array(elements.withLock { $0 }) }
}

@Suite struct ValueNestingTests {
  /// An object of class `List` whose one element is itself.
  private func selfContaining(_ list: Class) throws -> Object {
    let storage = ListStorage()
    let object = try list.createInstance(bridgedStorage: storage)
    storage.elements.withLock { $0 = [.object(object)] }
    return object
  }

  @Test func twoSelfContainingObjectsCompareUnequalPastTheLimitAndNoteIt() throws {
    let runtime = Runtime()
    let list = try makeClass("List", in: runtime)
    let (first, second) = (try selfContaining(list), try selfContaining(list))
    let (equal, reachedLimit) = Value.reachingNestingLimit { Value.object(first) == .object(second) }
    #expect(equal == false)
    #expect(reachedLimit)
    #expect(Value.object(first) == .object(first), "the same object is equal without a walk")
    #expect(Value.reachingNestingLimit { Value.object(first) == .object(first) }.reachedLimit == false)
    try runtime.checkInvariants()
  }

  @Test func aSelfContainingObjectHashesAndPrintsWithoutNotingTheLimit() throws {
    let runtime = Runtime()
    let list = try makeClass("List", in: runtime)
    let object = try selfContaining(list)
    let (hash, reachedLimit) = Value.reachingNestingLimit { Value.object(object).hashValue }
    #expect(hash == Value.object(object).hashValue, "the same every time")
    #expect(reachedLimit == false, "a bounded hash is still a hash: nothing to raise")
    let set: Set<Value> = [.object(object), .object(object)]
    #expect(set.count == 1)
    #expect(Value.object(object).description.contains("((...))"), "the walk stops and says so")
    try runtime.checkInvariants()
  }

  @Test func nestedRunsItsBodyUpToTheLimitOnly() {
    var depth = 0
    func dive() -> Bool { Value.nested { depth += 1; return dive() } ?? true }
    #expect(dive())
    #expect(depth == Value.nestingLimit)
    #expect(Value.nested { 7 } == 7, "the count went back down")
  }
}
