// ProxyObservationTests.swift: key-value coding and observing sent to an NSProxy subclass that
// forwards to a target (docs/foundation.md#nsproxy). `valueForKey:`, `setValue:forKey:` and
// `addObserver:forKeyPath:options:context:` are categories of NSObject, not NSProxy's methods, so
// they are forwarded: the target is observed, and KVO needs nothing of its own for proxies.

import Testing

@testable import KVO

@Suite struct ProxyObservationTests {
  /// `[TargetProxy alloc]`, an NSProxy subclass forwarding everything to `target`.
  static func forwardingProxy(to target: Object, in runtime: Runtime) throws -> Object {
    try runtime.installFoundation()
    let nsProxy = try #require(runtime.lookUpClass(named: "NSProxy"))
    return try KVOTests.forwardingProxy(to: target, superclass: nsProxy, named: "TargetProxy", in: runtime)
  }

  @Test func observingThroughAnNSProxyObservesItsTarget() throws {
    let world = try World()
    let runtime = world.runtime
    runtime.installKeyValueObserving()
    let ann = try world.newPerson()
    let proxy = try Self.forwardingProxy(to: ann, in: runtime)
    let proxyClass = proxy.isa
    let (observer, log) = try world.newObserver()
    let options = Value.uint64(UInt64(ObservingOptions([.old, .new]).rawValue))
    try runtime.msgSend(proxy, "addObserver:forKeyPath:options:context:", .object(observer), "age", options, .pointer(7), returning: .void)
    #expect(ann.isa.name == "NSKVONotifying_Person", "the target is observed")
    #expect(proxy.isa === proxyClass, "the proxy is not")
    try runtime.msgSend(proxy, "setAge:", 5)
    try runtime.msgSend(proxy, "setValue:forKey:", 6, "age")
    try runtime.msgSend(ann, "setAge:", 7)
    #expect(try runtime.msgSend(proxy, "valueForKey:", "age") == 7)
    #expect(log.all.map(\.change) == [
      Change(kind: .setting, new: 5, old: 0), Change(kind: .setting, new: 6, old: 5), Change(kind: .setting, new: 7, old: 6),
    ])
    #expect(log.all.allSatisfy { $0.object === ann && $0.context == ObservationContext(rawValue: 7) }, "the target is named")
    try runtime.msgSend(proxy, "removeObserver:forKeyPath:", .object(observer), "age")
    #expect(ann.isa === world.person, "removing through the proxy removes")
    try runtime.msgSend(ann, "setAge:", 8)
    #expect(log.all.count == 3)
    try runtime.checkInvariants()
  }

  @Test func aProxyOfAnObservedObjectStillAnswersAsItsTargetsClass() throws {
    let world = try World()
    let runtime = world.runtime
    runtime.installKeyValueObserving()
    let ann = try world.newPerson()
    let proxy = try Self.forwardingProxy(to: ann, in: runtime)
    let (observer, _) = try world.newObserver()
    try runtime.msgSend(proxy, "addObserver:forKeyPath:options:context:", .object(observer), "age", .uint64(0), .pointer(0), returning: .void)
    // isMemberOfClass: is forwarded, and the target's -class hides its KVO subclass.
    #expect(try runtime.msgSend(proxy, "isMemberOfClass:", .class(world.person)) == true)
    #expect(try runtime.msgSend(proxy, "class") == .class(proxy.isa), "-class is the proxy's own")
    #expect(!proxy.isa.instancesRespond(to: "valueForKey:"), "KVC is NSObject's category, not NSProxy's")
    #expect(!proxy.isa.instancesRespond(to: "addObserver:forKeyPath:options:context:"))
    try runtime.msgSend(proxy, "removeObserver:forKeyPath:", .object(observer), "age")
    try runtime.checkInvariants()
  }

  @Test func removingThroughAProxyAnObserverNeverAddedRaisesAsTheTargetWould() throws {
    let world = try World()
    let runtime = world.runtime
    runtime.installKeyValueObserving()
    let ann = try world.newPerson()
    let proxy = try Self.forwardingProxy(to: ann, in: runtime)
    let (observer, _) = try world.newObserver()
    var viaProxy: String?
    var direct: String?
    do { try runtime.msgSend(proxy, "removeObserver:forKeyPath:", .object(observer), "age") } catch { viaProxy = "\(error)" }
    do { try runtime.msgSend(ann, "removeObserver:forKeyPath:", .object(observer), "age") } catch { direct = "\(error)" }
    #expect(viaProxy != nil)
    #expect(viaProxy == direct, "the target raises, naming itself")
    try runtime.checkInvariants()
  }
}
