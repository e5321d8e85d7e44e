// InvocationTests.swift: the whole forwarding path after forwardingTargetForSelector:
// (methodSignatureForSelector:, an NSInvocation, forwardInvocation:, doesNotRecognizeSelector:)
// and the NSMethodSignature and NSInvocation objects themselves (Invocation.swift,
// Invocation+Classes.swift, Runtime+Forwarding.swift).

import Testing

@testable import MiniRuntime

@Suite struct InvocationTests {
  /// A class that answers `fly:` only through forwarding: a signature, and a handler that records
  /// what it saw and sets the return value.
  func makeForwarder(in runtime: Runtime, seen: Recorder<String>) throws -> Class {
    let cls = try makeSubclass(of: try makePerson(in: runtime), named: "Bird", in: runtime)
    try cls.addMethod("methodSignatureForSelector:", types: "@24@0:8:16") { receiver, _, arguments in
      if arguments[0].selectorValue == "fly:" { return .object(try runtime.methodSignature(objCTypes: "q24@0:8q16")) }
      return try Runtime.msgSendSuper(receiver, definedIn: cls, "methodSignatureForSelector:", arguments[0])
    }
    try cls.addMethod("forwardInvocation:", types: "v24@0:8@16") { receiver, _, arguments in
      let invocation = try #require(Invocation(arguments[0].objectValue))
      seen.append("target is receiver: \(invocation.target === receiver)")
      seen.append("selector: \(invocation.selector.name)")
      seen.append("argument: \(try invocation.argument(at: 2))")
      invocation.returnValue = .int64(try invocation.argument(at: 2).intValue.map { Int64($0) * 10 } ?? 0)
      return .nil
    }
    return cls
  }

  @Test func forwardInvocationSeesTheOriginalReceiverAndItsReturnValueIsTheResult() throws {
    let runtime = Runtime()
    let seen = Recorder<String>()
    let bird = try makeForwarder(in: runtime, seen: seen)
    let tweety = try new(bird, in: runtime)
    #expect(try runtime.msgSend(tweety, "fly:", 4) == .int64(40))
    #expect(seen.all == ["target is receiver: true", "selector: fly:", "argument: 4"])
    try runtime.checkInvariants()
  }

  @Test func forwardingTargetComesBeforeTheSignature() throws {
    let runtime = Runtime()
    let seen = Recorder<String>()
    let bird = try makeForwarder(in: runtime, seen: seen)
    let other = try makeSubclass(of: runtime.rootClass, named: "Plane", in: runtime)
    try other.addMethod("fly:", types: "q24@0:8q16") { _, _, _ in 7 }
    let plane = try new(other, in: runtime)
    try bird.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { _, _, _ in .object(plane) }
    #expect(try runtime.msgSend(try new(bird, in: runtime), "fly:", 4) == 7)
    #expect(seen.all.isEmpty, "forwardInvocation: is not reached")
  }

  @Test func withoutASignatureDoesNotRecognizeSelectorIsTheLastStep() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.addMethod("forwardInvocation:", types: "v24@0:8@16") { _, _, _ in calls.append("forwardInvocation:"); return .nil }
    let ann = try new(person, in: runtime)
    let error = expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "fly") }
    #expect(error?.message == "-[Person fly]: unrecognized selector sent to instance \(ann.address)")
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(calls.all.isEmpty, "no signature: no invocation")
  }

  @Test func nsObjectsForwardInvocationSendsDoesNotRecognizeSelector() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("methodSignatureForSelector:", types: "@24@0:8:16") { _, _, _ in
      .object(try runtime.methodSignature(objCTypes: "v16@0:8"))
    }
    let ann = try new(person, in: runtime)
    let error = expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "fly") }
    #expect(error?.message == "-[Person fly]: unrecognized selector sent to instance \(ann.address)")
  }

  @Test func respondsToSelectorIsNotFooledByForwarding() throws {
    let runtime = Runtime()
    let bird = try makeForwarder(in: runtime, seen: Recorder<String>())
    let tweety = try new(bird, in: runtime)
    #expect(try runtime.msgSend(tweety, "fly:", 1) == .int64(10))
    #expect(try runtime.msgSend(tweety, "respondsToSelector:", .selector("fly:")) == false)
    #expect(!bird.instancesRespond(to: "fly:"))
  }

  @Test func methodSignatureForSelectorDescribesImplementedMethods() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let signature = try runtime.msgSend(ann, "methodSignatureForSelector:", .selector("setAge:")).objectValue
    #expect(MethodSignature(signature)?.description == "v24@0:8q16")
    #expect(signature?.isa.name == "NSMethodSignature")
    #expect(try runtime.msgSend(signature, "numberOfArguments") == 3)
    #expect(try runtime.msgSend(signature, "getArgumentTypeAtIndex:", 2) == .cString("q"))
    #expect(try runtime.msgSend(signature, "methodReturnType") == .cString("v"))
    #expect(try runtime.msgSend(signature, "methodReturnLength") == 0)
    #expect(try runtime.msgSend(signature, "frameLength") == 24)
    #expect(try runtime.msgSend(ann, "methodSignatureForSelector:", .selector("fly")) == .nil)
    let classSide = try runtime.msgSend(person, "methodSignatureForSelector:", .selector("alloc")).objectValue
    #expect(MethodSignature(classSide)?.description == "@16@0:8", "a class answers for its class methods")
    let instanceSide = try runtime.msgSend(person, "instanceMethodSignatureForSelector:", .selector("age")).objectValue
    #expect(MethodSignature(instanceSide)?.description == "q16@0:8")
    #expect(try runtime.msgSend(person, "instanceMethodSignatureForSelector:", .selector("alloc")) == .nil)
  }

  @Test func anInvocationReadsAndWritesArgumentsAndInvokes() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let bob = try new(person, in: runtime)
    let signature = try runtime.msgSend(person, "instanceMethodSignatureForSelector:", .selector("setAge:")).objectValue
    let invocationClass = try #require(runtime.lookUpClass(named: "NSInvocation"), "made with the first signature")
    let made = try runtime.msgSend(invocationClass, "invocationWithMethodSignature:", .object(try #require(signature)))
    let invocation = try #require(Invocation(made.objectValue))
    #expect(try invocation.argument(at: 2) == .int64(0), "arguments start as zeroes")
    try runtime.msgSend(made.objectValue, "setSelector:", .selector("setAge:"))
    try invocation.setArgument(41, at: 2)
    try invocation.invoke(target: ann)
    #expect(try runtime.msgSend(ann, "age") == 41)
    try invocation.setArgument(Value.int32(42), at: 2)
    #expect(try invocation.argument(at: 2) == .int64(42), "converted to the signature's type")
    try runtime.msgSend(made.objectValue, "invokeWithTarget:", .object(bob))
    #expect(try runtime.msgSend(bob, "age") == 42)
    #expect(try runtime.msgSend(made.objectValue, "target") == .object(bob))
    #expect(try runtime.msgSend(made.objectValue, "methodSignature") == .object(try #require(signature)))
    let getter = try runtime.invocation(methodSignature: try runtime.methodSignature(objCTypes: "q@:"))
    getter.selector = "age"
    try getter.invoke(target: bob)
    #expect(getter.returnValue == .int64(42))
    try getter.invoke(target: nil)
    #expect(getter.returnValue == .int64(0), "a nil target: the zero of the return type")
  }

  @Test func invocationIndexesOutOfBoundsAndBadValuesAreRefused() throws {
    let runtime = Runtime()
    let invocation = try runtime.invocation(methodSignature: try runtime.methodSignature(objCTypes: "v@:c"))
    let error = expectError(.invalidArgument) { _ = try invocation.argument(at: 3) }
    #expect(error?.message == "-[NSInvocation getArgument:atIndex:]: index (3) out of bounds [-1, 2]")
    expectError(.typeMismatch) { try invocation.setArgument(300, at: 2) }  // does not fit a char
    expectError(.invalidArgument) { try invocation.setArgument(5, at: 1) }  // index 1 is the selector
    expectError(.invalidTypeEncoding) { _ = try runtime.methodSignature(objCTypes: "v@:x") }
  }

  @Test func aSignatureWhoseArityDiffersFromTheMessageIsAClearError() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("methodSignatureForSelector:", types: "@24@0:8:16") { _, _, _ in
      .object(try runtime.methodSignature(objCTypes: "v16@0:8"))
    }
    try person.addMethod("forwardInvocation:", types: "v24@0:8@16") { _, _, _ in .nil }
    let error = expectError(.invalidArgument) { try runtime.msgSend(try new(person, in: runtime), "fly:", 1) }
    #expect(error?.message == "-[Person fly:]: the method signature v16@0:8 has 0 argument(s), the message 1")
  }

  @Test func aProxyForwardsEveryMessageToItsTarget() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    try runtime.msgSend(ann, "setAge:", 30)
    // A root class of its own, as NSProxy: it implements only the forwarding pair.
    let proxyClass = try runtime.allocateClassPair(superclass: nil, name: "Proxy")
    try proxyClass.addMethod("methodSignatureForSelector:", types: "@24@0:8:16") { _, _, arguments in
      try runtime.msgSend(ann, "methodSignatureForSelector:", arguments[0])
    }
    try proxyClass.addMethod("forwardInvocation:", types: "v24@0:8@16") { _, _, arguments in
      try Invocation(arguments[0].objectValue)?.invoke(target: ann)
      return .nil
    }
    try runtime.registerClassPair(proxyClass)
    let proxy = try proxyClass.createInstance()
    #expect(try runtime.msgSend(proxy, "age") == 30)
    try runtime.msgSend(proxy, "setAge:", 31)
    #expect(try runtime.msgSend(ann, "age") == 31)
    #expect(try runtime.msgSend(proxy, "class") == .class(person), "even class is forwarded")
    let error = expectError(.unrecognizedSelector) { try runtime.msgSend(proxy, "fly") }
    // The target has no signature for fly, so the proxy itself does not recognize it.
    #expect(error?.message == "-[Proxy fly]: unrecognized selector sent to instance \(proxy.address)")
    try runtime.checkInvariants()
  }
}
