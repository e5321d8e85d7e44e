// ForwardingProxySupport.swift: a proxy that forwards every message to a target through the
// forwarding pair, for the suites that send key-value coding and observing through one.
// MiniFoundationTests' NSProxyTests keeps a twin of this builder: the two test targets share no
// test-support target, and one is not worth making for one function.

import Testing

@testable import KVO

/// An instance of a new class `name` whose only methods are `methodSignatureForSelector:` and
/// `forwardInvocation:`, forwarding every message to `target`. With `superclass` nil the class is
/// a root class of its own (GNUstep-base's proxy test) and the instance is made directly;
/// otherwise it is a subclass (of NSProxy, say) and is sent `+alloc`.
func forwardingProxy(to target: Object, superclass: Class?, named name: String, in runtime: Runtime) throws -> Object {
  let proxyClass = try runtime.allocateClassPair(superclass: superclass, name: name)
  try proxyClass.addMethod("methodSignatureForSelector:", types: "@24@0:8:16") { _, _, arguments in
    try Runtime.msgSend(target, "methodSignatureForSelector:", arguments[0])
  }
  try proxyClass.addMethod("forwardInvocation:", types: "v24@0:8@16") { _, _, arguments in
    try Invocation(arguments[0].objectValue)?.invoke(target: target)
    return .nil
  }
  try runtime.registerClassPair(proxyClass)
  guard superclass != nil else { return try proxyClass.createInstance() }
  return try #require(try runtime.msgSend(proxyClass, "alloc").objectValue)
}
