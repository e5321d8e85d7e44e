// NSProxyTests.swift: NSProxy, Foundation's second root class (NSProxy.swift,
// docs/foundation.md#nsproxy). Apple's answers as its documentation and GNUstep-base's
// Tests/base/NSProxy state them; where GNUstep differs, the test says which side it follows.

import Testing

@testable import MiniFoundation

@Suite struct NSProxyTests {
  /// A subclass of NSProxy that forwards every message to `target` (its two forwarding methods
  /// and an `-initWithTarget:` of its own, as a user writes one).
  static func forwardingProxy(to target: Object, named name: String = "TargetProxy", in runtime: Runtime) throws -> Object {
    let proxyClass = try runtime.allocateClassPair(superclass: try foundationClass("NSProxy", in: runtime), name: name)
    try proxyClass.addMethod("initWithTarget:", types: "@24@0:8@16") { receiver, _, _ in .object(receiver) }
    try proxyClass.addMethod("methodSignatureForSelector:", types: "@24@0:8:16") { _, _, arguments in
      try Runtime.msgSend(target, "methodSignatureForSelector:", arguments[0])
    }
    try proxyClass.addMethod("forwardInvocation:", types: "v24@0:8@16") { _, _, arguments in
      try Invocation(arguments[0].objectValue)?.invoke(target: target)
      return .nil
    }
    try runtime.registerClassPair(proxyClass)
    let made = try send(try send(proxyClass, "alloc").objectValue, "initWithTarget:", .object(target))
    return try #require(made.objectValue)
  }

  @Test func nsProxyIsARootClassThatAdoptsTheNSObjectProtocol() throws {
    let runtime = Runtime()
    let proxy = try foundationClass("NSProxy", in: runtime)
    #expect(proxy.superclass == nil)
    #expect(proxy.isa.superclass === proxy, "a root metaclass inherits from its root class")
    #expect(proxy.conforms(to: try #require(runtime.protocol(named: "NSObject"))))
    #expect(!proxy.isSubclass(of: runtime.rootClass))
    try runtime.checkInvariants()
  }

  @Test func nsProxyListsItsMethodsInDeclaredOrder() throws {
    // A compiled root class of Foundation's image: its base lists keep the declared order
    // (NSProxy.swift's), as NSObject's and every image class's do (docs/runtime.md).
    let runtime = Runtime()
    let proxy = try foundationClass("NSProxy", in: runtime)
    let names = proxy.methodList.map(\.selector.name)
    #expect(Array(names.prefix(3)) == ["self", "superclass", "hash"])
    #expect(names.last == "respondsToSelector:")
    let classNames = proxy.isa.methodList.map(\.selector.name)
    #expect(Array(classNames.prefix(2)) == ["class", "superclass"])
    #expect(classNames.last == "respondsToSelector:")
    try runtime.checkInvariants()
  }

  @Test func nsProxyHasNoInitSoAllocInitRaisesInItsForwardingPair() throws {
    let runtime = Runtime()
    let proxy = try foundationClass("NSProxy", in: runtime)
    #expect(!proxy.instancesRespond(to: "init"))
    let instance = try send(proxy, "alloc").objectValue
    #expect(instance?.isa === proxy)
    // init is forwarded; NSProxy's own methodSignatureForSelector: is what raises.
    let error = expectFoundationError(.invalidArgument) { _ = try send(instance, "init") }
    #expect(error?.message == "*** -[NSProxy methodSignatureForSelector:] called!")
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    try runtime.checkInvariants()
  }

  @Test func theForwardingPairOfNSProxyItselfRaises() throws {
    let runtime = Runtime()
    let instance = try send(try foundationClass("NSProxy", in: runtime), "alloc").objectValue
    let signature = expectFoundationError(.invalidArgument) { _ = try send(instance, "methodSignatureForSelector:", .selector("length")) }
    #expect(signature?.message == "*** -[NSProxy methodSignatureForSelector:] called!")
    let invocation = try runtime.invocation(methodSignature: try runtime.methodSignature(objCTypes: "Q@:"))
    let forward = expectFoundationError(.invalidArgument) { _ = try send(instance, "forwardInvocation:", .object(invocation.object)) }
    #expect(forward?.message == "*** -[NSProxy forwardInvocation:] called!")
    try runtime.checkInvariants()
  }

  @Test func aForwardingProxyAnswersTheIdentityQuestionsForItsTarget() throws {
    let runtime = Runtime()
    let string = try #require(try runtime.object(bridging: "hello"))
    let proxy = try Self.forwardingProxy(to: string, in: runtime)
    #expect(try send(proxy, "isKindOfClass:", .class(try foundationClass("NSString", in: runtime))) == true)
    #expect(try send(proxy, "isMemberOfClass:", .class(string.isa)) == true)
    #expect(try send(proxy, "isMemberOfClass:", .class(proxy.isa)) == false, "asked of the target")
    #expect(try send(proxy, "respondsToSelector:", .selector("length")) == true)
    #expect(try send(proxy, "respondsToSelector:", .selector("fly")) == false)
    #expect(try send(proxy, "conformsToProtocol:", .object(try #require(runtime.protocol(named: "NSObject")))) == true)
    #expect(try send(proxy, "length") == .uint64(5), "any other message is forwarded")
    // The class itself knows better: the four are NSProxy's methods, which forward.
    #expect(proxy.isa.instancesRespond(to: "isKindOfClass:"))
    #expect(!proxy.isa.instancesRespond(to: "length"))
    try runtime.checkInvariants()
  }

  @Test func aProxyAnswersTheRootClassHousekeepingItself() throws {
    let runtime = Runtime()
    let string = try #require(try runtime.object(bridging: "hello"))
    let proxy = try Self.forwardingProxy(to: string, in: runtime)
    let proxyClass = proxy.isa
    #expect(try send(proxy, "class") == .class(proxyClass))
    #expect(try send(proxy, "superclass") == .class(try foundationClass("NSProxy", in: runtime)))
    #expect(try send(proxy, "self").objectValue === proxy)
    #expect(try send(proxy, "isProxy") == true)
    #expect(try send(string, "isProxy") == false)
    #expect(try send(proxy, "isEqual:", .object(proxy)) == true)
    #expect(try send(proxy, "isEqual:", .object(string)) == false, "identity, not the target's equality")
    #expect(try send(proxy, "hash") == send(proxy, "hash"))
    #expect(try send(proxy, "hash") != send(string, "hash"))
    #expect(try send(proxy, "description") == .string("<TargetProxy: \(proxy.address)>"))
    #expect(try send(proxy, "debugDescription") == .string("<TargetProxy: \(proxy.address)>"))
    #expect(try send(proxy, "zone") == send(string, "zone"), "the one default zone")
    #expect(try send(proxy, "performSelector:", .selector("length")) == .uint64(5), "performed, then forwarded")
    try runtime.checkInvariants()
  }

  @Test func aProxyIsRetainCountedAsARootObject() throws {
    let runtime = Runtime()
    let string = try #require(try runtime.object(bridging: "hello"))
    let proxy = try Self.forwardingProxy(to: string, in: runtime)
    let before = try #require(try send(proxy, "retainCount").intValue)
    #expect(try send(proxy, "retain").objectValue === proxy)
    #expect(try send(proxy, "retainCount").intValue == before + 1)
    try send(proxy, "release")
    #expect(try send(proxy, "retainCount").intValue == before)
    #expect(proxy.isa.hasCustomRetainRelease, "a root class other than NSObject counts as custom, as in objc4")
    #expect(try send(proxy, "allowsWeakReference") == true)
    try runtime.checkInvariants()
  }

  @Test func theClassSideAnswersForTheProxyClassItself() throws {
    let runtime = Runtime()
    let string = try #require(try runtime.object(bridging: "hello"))
    let proxyClass = try Self.forwardingProxy(to: string, in: runtime).isa
    #expect(try send(proxyClass, "class") == .class(proxyClass))
    #expect(try send(proxyClass, "respondsToSelector:", .selector("alloc")) == true)
    #expect(try send(proxyClass, "respondsToSelector:", .selector("length")) == false, "never forwarded")
    #expect(try send(proxyClass, "description") == "TargetProxy")
    #expect(try send(proxyClass, "superclass") == .class(try foundationClass("NSProxy", in: runtime)))
    #expect(try send(proxyClass, "retain") == .class(proxyClass), "a class is not counted")
    #expect(try send(proxyClass, "allocWithZone:", .nil).objectValue?.isa === proxyClass)
    try runtime.checkInvariants()
  }

  @Test func aSubclassWithoutForwardingRaisesForAnyOtherMessage() throws {
    let runtime = Runtime()
    let bare = try makeClass("Bare", superclass: try foundationClass("NSProxy", in: runtime), in: runtime)
    let instance = try send(bare, "alloc").objectValue
    let error = expectFoundationError(.invalidArgument) { _ = try send(instance, "length") }
    #expect(error?.message == "*** -[NSProxy methodSignatureForSelector:] called!")
    let kind = expectFoundationError(.invalidArgument) { _ = try send(instance, "isKindOfClass:", .class(bare)) }
    #expect(kind?.message == "*** -[NSProxy methodSignatureForSelector:] called!")
    try runtime.checkInvariants()
  }
}
