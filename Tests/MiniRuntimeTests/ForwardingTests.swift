// ForwardingTests.swift: what happens to a message nothing implements: dynamic method
// resolution, the forwarding target, doesNotRecognizeSelector: and its error text
// (Runtime+MessageSend.swift, RootClass.swift).

import Testing

@testable import MiniRuntime

@Suite struct ForwardingTests {
  /// Installs `+resolveInstanceMethod:` on `cls`; it records each selector and, if `adds`,
  /// adds a method returning "resolved <selector>".
  func installInstanceResolver(on cls: Class, adds: Bool, calls: Recorder<String>) throws {
    try cls.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      let selector = arguments[0].selectorValue!
      calls.append(selector.name)
      guard adds, let cls = receiver as? Class else { return false }
      return .bool(
        try cls.addMethod(selector, types: "@16@0:8", implementation: returning("resolved \(selector.name)")))
    }
  }

  @Test func resolveInstanceMethodAddingMethodMakesSendSucceed() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try installInstanceResolver(on: person, adds: true, calls: calls)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "fly") == "resolved fly")
    #expect(try runtime.msgSend(ann, "fly") == "resolved fly")
    #expect(calls.all == ["fly"], "once added, the method is found without asking again")
    #expect(try person.instanceMethod(for: "fly") != nil)
    try runtime.checkInvariants()
  }

  @Test func resolverRunsOnceUntilTheNegativeEntryIsFlushed() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try installInstanceResolver(on: person, adds: false, calls: calls)
    let ann = try new(person, in: runtime)
    for _ in 0..<3 { expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "fly") } }
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("fly")) == false)
    #expect(calls.all == ["fly"], "the negative cache entry stops the resolver being asked again")
    try addReturning(person, "unrelated", "x")
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "fly") }
    #expect(calls.all == ["fly"], "a change to another selector keeps fly's negative entry, as objc4")
    runtime.flushCaches(person)
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "fly") }
    #expect(calls.all == ["fly", "fly"], "a flush removes the negative entry")
    try runtime.checkInvariants()
  }

  @Test func respondsToSelectorRunsTheResolver() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try installInstanceResolver(on: person, adds: true, calls: calls)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("swim")) == true)
    #expect(calls.all == ["swim"])
    #expect(person.instancesRespond(to: "dive"))
    #expect(calls.all == ["swim", "dive"])
    try runtime.checkInvariants()
  }

  @Test func resolveClassMethodResolvesClassMessages() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let classCalls = Recorder<String>()
    let instanceCalls = Recorder<String>()
    try installInstanceResolver(on: person, adds: false, calls: instanceCalls)
    try person.isa.addMethod("resolveClassMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      let selector = arguments[0].selectorValue!
      classCalls.append(selector.name)
      guard let cls = receiver as? Class, selector.name.hasPrefix("make") else { return false }
      return .bool(
        try cls.isa.addMethod(selector, types: "@16@0:8", implementation: returning("class \(selector.name)")))
    }
    #expect(try runtime.msgSend(person, "makeOne") == "class makeOne")
    #expect(try person.classMethod(for: "makeOne") != nil)
    #expect(try person.instanceMethod(for: "makeOne") == nil)
    #expect(classCalls.all == ["makeOne"])
    let error = expectError(.unrecognizedSelector) { try runtime.msgSend(person, "fly") }
    #expect(error?.message.hasPrefix("+[Person fly]") == true)
    #expect(classCalls.all == ["makeOne", "fly"])
    try runtime.checkInvariants()
  }

  @Test func forwardingTargetRedirectsTheMessage() throws {
    let runtime = Runtime()
    let helperClass = try makeClass("Helper", in: runtime) { cls in
      try cls.addMethod("fly:", types: "@24@0:8@16") { receiver, _, arguments in
        .string("\(receiver.isa.name) flies to \(arguments[0].stringValue!)")
      }
    }
    let helper = try new(helperClass, in: runtime)
    let person = try makePerson(in: runtime)
    let asked = Recorder<String>()
    // Held weakly: an implementation that retains an object retains its runtime (a cycle).
    let weakHelper = WeakReference(helper)
    try person.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { _, _, arguments in
      asked.append(arguments[0].selectorValue!.name)
      return arguments[0].selectorValue == "fly:" ? weakHelper.object.map(Value.object) ?? .nil : .nil
    }
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "fly:", "Paris") == "Helper flies to Paris")
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "swim") }
    #expect(asked.all == ["fly:", "swim"])
    #expect(try runtime.msgSend(ann, "age") == 0, "implemented messages are not forwarded")
    #expect(asked.count == 2)
    withExtendedLifetime(helper) {}
    try runtime.checkInvariants()
  }

  @Test func forwardingTargetReturningSelfIsIgnored() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { receiver, _, _ in .object(receiver) }
    let ann = try new(person, in: runtime)
    let error = expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "fly") }
    #expect(error?.message.hasPrefix("-[Person fly]") == true)
    try runtime.checkInvariants()
  }

  @Test func unrecognizedSelectorErrorReadsLikeObjectiveC() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let error = expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "fly") }
    let message = error?.message ?? ""
    #expect(message == "-[Person fly]: unrecognized selector sent to instance \(ann.address)")
    #expect(message.hasPrefix("-[Person fly]: unrecognized selector sent to instance 0x"))
    #expect(message.hasSuffix(ann.address))
    let withArgument = expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "flyTo:", "Rome") }
    #expect(withArgument?.message == "-[Person flyTo:]: unrecognized selector sent to instance \(ann.address)")
    try runtime.checkInvariants()
  }

  @Test func unrecognizedClassSelectorErrorNamesTheClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let error = expectError(.unrecognizedSelector) { try runtime.msgSend(person, "fly") }
    let message = error?.message ?? ""
    #expect(message == "+[Person fly]: unrecognized selector sent to class \(person.address)")
    #expect(message.hasPrefix("+[Person fly]: unrecognized selector sent to class 0x"))
    expectError(.unrecognizedSelector) { try runtime.msgSend(person, "age") }
    try runtime.checkInvariants()
  }

  @Test func overriddenDoesNotRecognizeSelectorIsCalled() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let reported = Recorder<String>()
    try person.addMethod("doesNotRecognizeSelector:", types: "v24@0:8:16") { receiver, _, arguments in
      reported.append("\(receiver.isa.name) \(arguments[0].selectorValue!.name)")
      return .nil
    }
    let ann = try new(person, in: runtime)
    let error = expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "fly") }
    #expect(reported.all == ["Person fly"])
    #expect(error?.message.hasPrefix("-[Person fly]") == true, "the send fails even if the override returns")
    try runtime.checkInvariants()
  }

  @Test func doesNotRecognizeSelectorOverrideCanThrowItsOwnError() throws {
    struct Custom: Error, Equatable {}
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("doesNotRecognizeSelector:", types: "v24@0:8:16") { _, _, _ in throw Custom() }
    let ann = try new(person, in: runtime)
    #expect(throws: Custom()) { try runtime.msgSend(ann, "fly") }
    try runtime.checkInvariants()
  }

  @Test func resolverSendingSameSelectorDoesNotRecurseForever() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    let nested = Recorder<String>()
    try person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      let selector = arguments[0].selectorValue!
      calls.append(selector.name)
      let cls = receiver as! Class
      // Resolving needs the very selector being resolved: objc would recurse until the stack ends.
      let probe = try cls.createInstance()
      do {
        _ = try receiver.runtime!.msgSend(probe, selector)
        nested.append("nested send succeeded")
      } catch let error as RuntimeError {
        nested.append("\(error.code)")
      }
      nested.append("responds: \(cls.instancesRespond(to: selector))")
      return .bool(try cls.addMethod(selector, types: "@16@0:8", implementation: returning("finally")))
    }
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "fly") == "finally")
    #expect(calls.all == ["fly"], "the nested send does not run the resolver again")
    #expect(nested.all == ["unrecognizedSelector", "responds: false"])
    #expect(try runtime.msgSend(ann, "fly") == "finally")
    try runtime.checkInvariants()
  }

  @Test func resolverThrowingPropagatesToTheSender() throws {
    struct ResolverFailed: Error, Equatable {}
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { _, _, _ in throw ResolverFailed() }
    let ann = try new(person, in: runtime)
    #expect(throws: ResolverFailed()) { try runtime.msgSend(ann, "fly") }
    #expect(try runtime.msgSend(ann, "age") == 0)
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("fly")) == false)
    try runtime.checkInvariants()
  }

  @Test func subclassInheritsResolverAndForwardingTarget() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try installInstanceResolver(on: person, adds: true, calls: calls)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let stu = try new(student, in: runtime)
    #expect(try runtime.msgSend(stu, "fly") == "resolved fly")
    #expect(student.methodList.map(\.selector) == ["fly"], "+resolveInstanceMethod: ran with self = Student")
    #expect(person.instanceMethodWithoutResolver(for: "fly") == nil)
    try runtime.checkInvariants()
  }
}
