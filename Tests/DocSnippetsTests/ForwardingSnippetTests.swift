// ForwardingSnippetTests.swift: the example of docs/runtime.md#forwarding-and-invocations (see
// RuntimeSnippetTests.swift for the snippet convention).

import MiniRuntime
import Testing

@Suite struct ForwardingSnippetTests {
  @Test func aProxyBuiltOnMethodSignatureAndForwardInvocation() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    let ann = try runtime.msgSend(person, "new").objectValue
    // snippet: docs/runtime.md#forwarding-and-invocations
    let proxyClass = try runtime.allocateClassPair(superclass: nil, name: "Proxy")  // a root class, as NSProxy
    try proxyClass.addMethod("methodSignatureForSelector:") { _, _, arguments in
      try runtime.msgSend(ann, "methodSignatureForSelector:", arguments[0])  // the target's signature
    }
    try proxyClass.addMethod("forwardInvocation:") { _, _, arguments in
      let invocation = try #require(Invocation(arguments[0].objectValue))
      if invocation.selector == "setAge:" { try invocation.setArgument(try invocation.argument(at: 2).intValue.map { .int64(Int64($0) + 1) } ?? 0, at: 2) }
      try invocation.invoke(target: ann)  // the return value stays in the invocation
      return .nil
    }
    try runtime.registerClassPair(proxyClass)
    let proxy = try proxyClass.createInstance()
    try runtime.msgSend(proxy, "setAge:", 41)  // forwarded, with its argument changed on the way
    #expect(try runtime.msgSend(proxy, "age") == 42)
    #expect(try runtime.msgSend(proxy, "class") == .class(person))  // a proxy forwards even class
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("age")) == true)
    #expect(!proxyClass.instancesRespond(to: "age"))  // respondsToSelector: is not fooled by forwarding
    // end snippet
    try runtime.checkInvariants()
  }
}
