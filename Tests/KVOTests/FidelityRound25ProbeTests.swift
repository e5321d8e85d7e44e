// FidelityRound25ProbeTests.swift: round 25's probes of corners GNUstep-base's NSKVOSupport
// tests (kvoToMany.m, newoldvalues.m) and DIS_KVC_KVO's observing tests reach and earlier rounds
// did not: a replacement through the ivar proxy seen with every option, and a key path whose
// middle object is moved to another class under the chain (object_setClass), written as a user
// would write them.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound25ProbeTests {
  /// A Shelf with only an ivar `_items` (an NSMutableArray, no accessors), holding a, b, c.
  private func shelf(in world: World) throws -> Object {
    let shelf = try instance(of: "Shelf", in: world) { cls in try cls.addIvar("_items", type: .object(className: "NSMutableArray")) }
    try shelf.setValue(.object(try world.runtime.mutableArray(["a", "b", "c"])), forIvar: "_items")
    return shelf
  }

  /// `replaceObjectAtIndex:withObject:` sent to the proxy over the ivar: one will/did of kind
  /// replacement around the ivar array's own replace. The prior notification has the kind, the
  /// index and the old element and no new (the new one is not there yet); the post has both, and
  /// the ivar's array itself was edited (already matched).
  @Test func aReplacementThroughTheIvarProxyHasPriorOldAndNew() throws {
    let world = try World()
    let shelf = try shelf(in: world)
    let stored = try #require(try shelf.value(ofIvar: "_items").objectValue)
    let (observer, log) = try world.newObserver()
    try shelf.addObserver(observer, forKeyPath: "items", options: [.new, .old, .prior])
    let proxy = try #require(try world.runtime.msgSend(shelf, "mutableArrayValueForKey:", "items").objectValue)
    try Runtime.msgSend(proxy, "replaceObjectAtIndex:withObject:", 1, "y")
    #expect(log.all.map(\.change) == [
      Change(kind: .replacement, old: ["b"], indexes: [1], isPrior: true),
      Change(kind: .replacement, new: ["y"], old: ["b"], indexes: [1]),
    ])
    #expect(try shelf.value(ofIvar: "_items").objectValue === stored)  // edited in place
    #expect(try shelf.value(forKey: "items") == ["a", "y", "c"])
    try shelf.removeObserver(observer, forKeyPath: "items")
    try world.runtime.checkInvariants()
  }

  /// `replaceObjectsAtIndexes:withObjects:` through the ivar proxy is one change naming every
  /// index, with the old and new elements in index order (already matched).
  @Test func aMultiIndexReplacementThroughTheIvarProxyIsOneChange() throws {
    let world = try World()
    let shelf = try shelf(in: world)
    let (observer, log) = try world.newObserver()
    try shelf.addObserver(observer, forKeyPath: "items", options: [.new, .old])
    let proxy = try #require(try world.runtime.msgSend(shelf, "mutableArrayValueForKey:", "items").objectValue)
    try Runtime.msgSend(proxy, "replaceObjectsAtIndexes:withObjects:", .object(try world.runtime.indexSet([0, 2])), ["x", "z"])
    #expect(log.all.map(\.change) == [Change(kind: .replacement, new: ["x", "z"], old: ["a", "c"], indexes: [0, 2])])
    #expect(try shelf.value(forKey: "items") == ["x", "b", "z"])
    try shelf.removeObserver(observer, forKeyPath: "items")
    try world.runtime.checkInvariants()
  }

  /// `friend.age` observed, then the friend moved to a subclass with `object_setClass`: the
  /// friend's setters are now the subclass's, which notify nobody, so its age changes unheard;
  /// the chain still hears the person's `friend` (the person's notifying class is untouched) and
  /// moves to the new friend; the removal takes the chain down and leaves the moved friend with
  /// the class the user gave it, as an object moved while observed directly keeps it (round 9)
  /// (already matched).
  @Test func aMiddleObjectMovedToASubclassUnderTheChainIsNoLongerHeard() throws {
    let world = try World()
    let moved = try world.runtime.allocateClassPair(superclass: world.person, name: "MovedFriend")
    try world.runtime.registerClassPair(moved)
    let (person, old, new, observer, log) = try world.observedFriendSwap()
    #expect(old.isa.name == "NSKVONotifying_Person")
    try old.setClass(moved)
    try world.set(old, "age", 5)
    #expect(log.count == 0)
    try world.set(person, "friend", .object(new))
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: 2, old: 5)])
    try world.set(new, "age", 3)
    #expect(log.all.last?.change == Change(kind: .setting, new: 3, old: 2))
    try person.removeObserver(observer, forKeyPath: "friend.age")
    #expect(old.isa === moved)
    #expect(new.isa === world.person && person.isa === world.person)
    #expect(old.observationInfo == nil && new.observationInfo == nil)
    try world.runtime.checkInvariants()
  }
}
