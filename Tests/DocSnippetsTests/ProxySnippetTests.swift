// ProxySnippetTests.swift: the example of docs/foundation.md#nsproxy, run as a test.

import KVO
import Testing

@Suite struct ProxySnippetTests {
  @Test func aLoggingProxyForwardsEveryMessageToItsTarget() throws {
    // snippet: docs/foundation.md#nsproxy
    let runtime = Runtime()
    try runtime.installFoundation()
    let nsProxy = try #require(runtime.lookUpClass(named: "NSProxy"))
    let target = try #require(try runtime.object(bridging: "hello"))
    let sent = Locked<[String]>([])
    let logging = try runtime.allocateClassPair(superclass: nsProxy, name: "LoggingProxy")
    try logging.addMethod("methodSignatureForSelector:", types: "@24@0:8:16") { _, _, arguments in
      try runtime.msgSend(target, "methodSignatureForSelector:", arguments[0])  // the target's signature
    }
    try logging.addMethod("forwardInvocation:", types: "v24@0:8@16") { _, _, arguments in
      let invocation = try #require(Invocation(arguments[0].objectValue))
      sent.withLock { $0.append(invocation.selector.name) }
      try invocation.invoke(target: target)  // the return value stays in the invocation
      return .nil
    }
    try runtime.registerClassPair(logging)
    let proxy = try runtime.msgSend(logging, "alloc").objectValue  // NSProxy has no -init

    #expect(try runtime.msgSend(proxy, "length") == .uint64(5))  // forwarded
    #expect(try runtime.msgSend(proxy, "isKindOfClass:", .class(target.isa)) == true)  // forwarded too
    #expect(try runtime.msgSend(proxy, "class") == .class(logging))  // NSProxy's own answer
    #expect(try runtime.msgSend(proxy, "isProxy") == true)
    #expect(sent.withLock { $0 } == ["length", "isKindOfClass:"])
    // end snippet
  }
}
