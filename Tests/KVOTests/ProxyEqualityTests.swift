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
}
