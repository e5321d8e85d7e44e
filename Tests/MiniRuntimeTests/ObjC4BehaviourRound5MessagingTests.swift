// ObjC4BehaviourRound5MessagingTests.swift: the fifth round's messaging cases, modelled on objc4's
// nilAPIArgs.m, forward.m, forwardDefault.m and weakcopy.m: the null selector given to the
// method-implementation queries, `_objc_msgForward` installed as a method's implementation,
// class messages forwarded through the metaclass, a weak copy of an object being deallocated.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound5MessagingTests {
  @Test func methodImplementationOfTheNullSelectorIsNilAndInitializesNothing() throws {
    // objc4's class_getMethodImplementation(cls, NULL) answers nil before any lookup.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try person.methodImplementation(for: .null) == nil)
    #expect(try person.isa.methodImplementation(for: .null) == nil)
    #expect(!person.isInitialized, "no lookup, so no +initialize")
    #expect(try person.methodImplementation(for: "fly") === Implementation.forwarding, "a real selector still forwards")
  }

  @Test func methodForSelectorOfTheNullSelectorDoesNotRecognizeIt() throws {
    // objc4's -methodForSelector: and +instanceMethodForSelector: send doesNotRecognizeSelector:
    // for NULL before asking class_getMethodImplementation.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let instance = expectError(.unrecognizedSelector) {
      try runtime.msgSend(ann, "methodForSelector:", .selector(.null))
    }
    #expect(instance?.message == "-[Person <null selector>]: unrecognized selector sent to instance \(ann.address)")
    expectError(.unrecognizedSelector) { try runtime.msgSend(person, "instanceMethodForSelector:", .selector(.null)) }
    let seen = Recorder<Selector>()
    try person.addMethod("doesNotRecognizeSelector:", types: "v24@0:8:16") { _, _, arguments in
      seen.append(arguments[0].selectorValue ?? "none")
      return .nil
    }
    #expect(try runtime.msgSend(ann, "methodForSelector:", .selector(.null)) == .nil, "an override that returns: nil")
    #expect(seen.all == [.null])
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector(.null)) == false)
  }

  @Test func msgForwardAsAMethodsImplementationForwardsAnImplementedSelector() throws {
    // forward.m (and Aspects-style hooking): a method whose IMP is _objc_msgForward goes down the
    // forwarding path although the class implements the selector.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(person, "greet", "hello")
    let seen = Recorder<String>()
    try person.addMethod("forwardInvocation:", types: "v24@0:8@16") { receiver, _, arguments in
      let invocation = try #require(Invocation(arguments[0].objectValue))
      seen.append("\(invocation.selector.name) to self: \(invocation.target === receiver)")
      invocation.returnValue = "forwarded"
      return .nil
    }
    let greet = try #require(try person.instanceMethod(for: "greet"))
    let original = try greet.setImplementation(.forwarding)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "greet") == "forwarded")
    #expect(seen.all == ["greet to self: true"], "NSObject's methodSignatureForSelector: describes greet")
    try greet.setImplementation(original)
    #expect(try runtime.msgSend(ann, "greet") == "hello")
    try runtime.checkInvariants()
  }

  @Test func classMessagesAreForwardedThroughTheClassSideMethods() throws {
    // forward.m: +methodSignatureForSelector: and +forwardInvocation: forward a class message,
    // with the class as the invocation's target.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let seen = Recorder<String>()
    try person.isa.addMethod("methodSignatureForSelector:", types: "@24@0:8:16") { _, _, _ in
      .object(try runtime.methodSignature(objCTypes: "q16@0:8"))
    }
    try person.isa.addMethod("forwardInvocation:", types: "v24@0:8@16") { receiver, _, arguments in
      let invocation = try #require(Invocation(arguments[0].objectValue))
      seen.append("\(invocation.selector.name) to the class: \(invocation.target === receiver)")
      invocation.returnValue = .int64(5)
      return .nil
    }
    #expect(try runtime.msgSend(person, "population") == .int64(5))
    #expect(seen.all == ["population to the class: true"])
    let ann = try new(person, in: runtime)
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "population") }  // the instance side is untouched
  }

  @Test func weakCopyOfAnObjectBeingDeallocatedIsNil() throws {
    // weakcopy.m: objc_copyWeak loads the source as objc_loadWeakRetained does, which gives nil
    // once deallocation started; objc_storeWeak answers what it stored.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let source = WeakVariable()
    let seen = Recorder<String>()
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      let copy = WeakVariable()
      try copy.copy(from: source)
      seen.append("copy: \(copy.load() == nil ? "nil" : "object")")
      seen.append("source: \(source.loadRetained() == nil ? "nil" : "object")")
      return try Runtime.msgSendSuper(receiver, definedIn: person, "dealloc")
    }
    do {
      let ann = try new(person, in: runtime)
      #expect(try source.store(ann) === ann)
    }
    #expect(seen.all == ["copy: nil", "source: nil"])
    #expect(source.load() == nil)
  }
}
