// FoundationBehaviourRound12CollectionTests.swift: GNUstep-base's collection cases that use the
// user's own classes (a compare: method, messages sent to each element, identity against
// equality), each pinned to Apple's documented answer.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound12CollectionTests {
  /// A class with a `_rank`, `compare:` by it (NSComparisonResult), `isEqual:` and `hash` by it,
  /// and `bump` / `bumpBy:` that raise it.
  private func ranked(_ runtime: Runtime) throws -> Class {
    try runtime.installFoundation()
    return try makeClass("Ranked", superclass: runtime.rootClass, in: runtime) { cls in
      try cls.addIvar("_rank", type: "q")
      try cls.addMethod("compare:", types: "q24@0:8@16") { receiver, _, arguments in
        let mine = try receiver.value(ofIvar: "_rank").intValue ?? 0
        let theirs = try arguments[0].objectValue?.value(ofIvar: "_rank").intValue ?? 0
        return .int(mine < theirs ? -1 : (mine > theirs ? 1 : 0))
      }
      try cls.addMethod("isEqual:", types: "B24@0:8@16") { receiver, _, arguments in
        guard case .object(let other) = arguments[0], other.isa === receiver.isa else { return false }
        return .bool(try receiver.value(ofIvar: "_rank") == other.value(ofIvar: "_rank"))
      }
      try cls.addMethod("hash", types: "Q16@0:8") { receiver, _, _ in .uint64(UInt64(try receiver.value(ofIvar: "_rank").intValue ?? 0)) }
      try cls.addMethod("bump", types: "v16@0:8") { receiver, _, _ in
        try receiver.setValue(.int((try receiver.value(ofIvar: "_rank").intValue ?? 0) + 1), forIvar: "_rank")
        return .nil
      }
      try cls.addMethod("bumpBy:", types: "v24@0:8@16") { receiver, _, arguments in
        try receiver.setValue(.int((try receiver.value(ofIvar: "_rank").intValue ?? 0) + (arguments[0].intValue ?? 0)), forIvar: "_rank")
        return .nil
      }
    }
  }

  private func make(_ cls: Class, _ rank: Int) throws -> Object {
    let object = try cls.createInstance()
    try object.setValue(.int(rank), forIvar: "_rank")
    return object
  }

  private func ranks(_ value: Value) throws -> [Int] {
    try (value.arrayValue ?? []).map { try $0.objectValue?.value(ofIvar: "_rank").intValue ?? -1 }
  }

  @Test func sortedArrayUsingSelectorSendsTheUsersCompare() throws {
    // Apple: the comparator message is sent to one element with another as its argument, and
    // NSOrderedAscending puts the receiver first.
    let runtime = Runtime()
    let cls = try ranked(runtime)
    let list = try runtime.mutableArray([.object(try make(cls, 3)), .object(try make(cls, 1)), .object(try make(cls, 2))])
    #expect(try ranks(try send(list, "sortedArrayUsingSelector:", .selector("compare:"))) == [1, 2, 3])
    #expect(try ranks(.object(list)) == [3, 1, 2], "the receiver is unchanged")
    try send(list, "sortUsingSelector:", .selector("compare:"))
    #expect(try ranks(.object(list)) == [1, 2, 3])
  }

  @Test func makeObjectsPerformSelectorReachesEveryUserObject() throws {
    let runtime = Runtime()
    let cls = try ranked(runtime)
    let list = try runtime.mutableArray([.object(try make(cls, 1)), .object(try make(cls, 5))])
    try send(list, "makeObjectsPerformSelector:", .selector("bump"))
    #expect(try ranks(.object(list)) == [2, 6])
    try send(list, "makeObjectsPerformSelector:withObject:", .selector("bumpBy:"), 10)
    #expect(try ranks(.object(list)) == [12, 16])
    let set = try runtime.mutableSet([.object(try make(cls, 7))])
    try send(set, "makeObjectsPerformSelector:", .selector("bump"))
    #expect(try ranks(try send(set, "allObjects")) == [8])
  }

  @Test func identicalToMessagesIgnoreIsEqual() throws {
    // Apple: indexOfObjectIdenticalTo: and removeObjectIdenticalTo: compare addresses; an equal
    // object that is another object is not found by them, while indexOfObject: finds it.
    let runtime = Runtime()
    let cls = try ranked(runtime)
    let (one, twin) = (try make(cls, 1), try make(cls, 1))
    let list = try runtime.mutableArray([.object(one)])
    #expect(try send(list, "indexOfObjectIdenticalTo:", .object(twin)) == .uint64(UInt64(Int.max)))
    #expect(try send(list, "indexOfObject:", .object(twin)) == 0)
    try send(list, "removeObjectIdenticalTo:", .object(twin))
    #expect(try send(list, "count") == 1)
    try send(list, "removeObject:", .object(twin))
    #expect(try send(list, "count") == 0)
  }

  @Test func aMutatedElementIsFoundWhileItsHashAndIsEqualAgree() throws {
    // Apple leaves a set element changed after insertion undefined; ours never crashes and finds
    // it by an object that now has the same hash and is equal.
    let runtime = Runtime()
    let cls = try ranked(runtime)
    let one = try make(cls, 1)
    let set = try runtime.mutableSet([.object(one)])
    try send(one, "bump")
    #expect(try send(set, "member:", .object(try make(cls, 2))) == .object(one))
    #expect(try send(set, "member:", .object(try make(cls, 1))) == .nil)
    try send(set, "addObject:", .object(try make(cls, 2)))
    #expect(try send(set, "count") == 1)
  }
}
