// ProxyEqualityTests.swift: the to-many proxies find a user's objects by their own -isEqual: and
// -hash, as the collections they stand for do (decision 0024).

import MiniFoundation
import Testing

@testable import KVO

@Suite struct ProxyEqualityTests {
  /// A class with one object ivar, `_items`, reached by key-value coding's ivar route.
  private func holder(_ runtime: Runtime, holding items: Object) throws -> Object {
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Holder")
    try cls.addIvar("_items", type: .object(className: nil))
    try runtime.registerClassPair(cls)
    let holder = try cls.createInstance()
    try holder.setValue(.object(items), forKey: "items")
    return holder
  }

  /// `removeObject:` through `mutableArrayValueForKey:` removes every element the argument
  /// `isEqual:`s, and observers hear one removal with those indexes.
  @Test func anArrayProxysRemoveObjectRemovesEveryEqualElement() throws {
    let runtime = Runtime()
    let cls = try alikeClass(in: runtime)
    let (first, second, third) = (try cls.createInstance(), try cls.createInstance(), try cls.createInstance())
    let holder = try holder(runtime, holding: try runtime.mutableArray([.object(first), "a", .object(second)]))
    let changes = Log<Change>()
    let token = try holder.observe("items", options: [.old]) { _, change in changes.append(change) }
    try holder.mutableArrayValue(forKey: "items").remove(.object(third))
    #expect(try holder.value(forKey: "items").arrayValue == ["a"])
    #expect(changes.all.map(\.kind) == [.removal])
    #expect(changes.all.map(\.indexes) == [[0, 2]])
    #expect(changes.all.first?.old == [.object(first), .object(second)])
    token.invalidate()
  }

  /// `member:` of `mutableSetValueForKey:` answers the member an equal object finds.
  @Test func aSetProxysMemberFindsAnEqualObject() throws {
    let runtime = Runtime()
    let cls = try alikeClass(in: runtime)
    let (first, second) = (try cls.createInstance(), try cls.createInstance())
    let holder = try holder(runtime, holding: try runtime.mutableSet([.object(first), "a"]))
    let proxy = try holder.mutableSetValue(forKey: "items")
    #expect(try Runtime.msgSend(proxy, "member:", .object(second)) == .object(first))
    #expect(try Runtime.msgSend(proxy, "member:", "b") == .nil)
  }

  /// `willChangeValueForKey:withSetMutation:usingObjects:` computes the change's sets as
  /// Foundation's set operations do: an object equal (by `hash` and `isEqual:`) to a member is
  /// not new in a union, and the member it finds is what a minus removes.
  @Test func aSetMutationsChangeFindsEqualObjectsByHashAndIsEqual() throws {
    let world = try World()
    let cls = try alikeClass(in: world.runtime)  // every Alike equals every other
    let (first, second) = (try cls.createInstance(), try cls.createInstance())
    let club = try world.club(.ivar, members: [.object(first), "a"])
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.old, .new])
    let cases: [(SetMutationKind, Set<Value>, Value?, Value?)] = [
      (.union, [.object(second), "b"], nil, .set(["b"])),
      (.minus, [.object(second), "b"], .set([.object(first)]), nil),
      (.intersect, [.object(second)], .set(["a"]), nil),
      (.set, [.object(second), "c"], .set(["a"]), .set(["c"])),
    ]
    for (mutation, objects, old, new) in cases {
      try club.willChangeValue(forKey: "members", withSetMutation: mutation, using: objects)
      try club.didChangeValue(forKey: "members", withSetMutation: mutation, using: objects)
      let change = try #require(log.all.last).change
      #expect(change.old == old, "\(mutation)")
      #expect(change.new == new, "\(mutation)")
    }
    #expect(log.all.count == 4)
    try world.runtime.checkInvariants()
  }

  /// `mutableSetValueForKey:`'s `unionSet:`, `minusSet:`, `intersectSet:` and `setSet:` find a
  /// user's equal objects as NSMutableSet's do, on the setter route and on an ivar holding a
  /// bridged set (both edit a copy of the set), and observers hear the sets Foundation sends.
  @Test(arguments: [World.SetRoute.setter, .ivar])
  func aSetProxysSetOperationsCountEqualObjectsOnce(route: World.SetRoute) throws {
    let world = try World()
    let cls = try alikeClass(in: world.runtime)
    let (first, second) = (try cls.createInstance(), try cls.createInstance())
    let club = try world.club(route, members: [.object(first), "a"])
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.old, .new])
    let proxy = try club.mutableSetValue(forKey: "members")
    try Runtime.msgSend(proxy, "unionSet:", .set([.object(second), "b"]))
    #expect(try world.members(of: club) == [.object(first), "a", "b"], "\(route): the first stays, the equal one is not added")
    if route == .ivar { #expect(log.all.last?.change.new == .set(["b"])) }
    try Runtime.msgSend(proxy, "minusSet:", .set([.object(second)]))
    #expect(try world.members(of: club) == ["a", "b"], "\(route)")
    if route == .ivar { #expect(log.all.last?.change.old == .set([.object(first)])) }
    try Runtime.msgSend(proxy, "addObject:", .object(first))
    try Runtime.msgSend(proxy, "intersectSet:", .set([.object(second), "a"]))
    #expect(try world.members(of: club) == [.object(first), "a"], "\(route): the member stays")
    if route == .ivar { #expect(log.all.last?.change.old == .set(["b"])) }
    try world.runtime.checkInvariants()
  }
}
