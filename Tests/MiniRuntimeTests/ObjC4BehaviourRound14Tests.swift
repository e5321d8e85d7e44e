// ObjC4BehaviourRound14Tests.swift: the fourteenth round of behaviours from objc4's own tests
// and sources: which queries ask the method resolver and how often (lookUpImpOrForward,
// resolveMethod_locked), property attribute values (property_copyAttributeValue,
// propertyDesc.m), and method queries (method_getNumberOfArguments, method_copyArgumentType).

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound14Tests {
  /// A resolver on `cls` that records each selector it is asked about and answers YES without
  /// adding anything (objc4's resolve.m has such a liar; the send then forwards).
  private func lyingResolver(on cls: Class, _ calls: Recorder<String>) throws {
    try cls.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { _, _, arguments in
      calls.append(arguments[0].selectorValue?.name ?? "?")
      return true
    }
  }

  @Test func aResolverAnsweringYesWithoutAddingIsAskedOnceBySendsAndEachTimeByGetInstanceMethod() throws {
    // objc-runtime-new.mm: a send's miss runs resolveMethod_locked once, whose
    // lookUpImpOrNilTryCache caches the forwarding entry; class_respondsToSelector,
    // -respondsToSelector: and class_getMethodImplementation read that cache first;
    // class_getInstanceMethod calls lookUpImpOrForward, which reads no cache of the class itself.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let calls = Recorder<String>()
    try lyingResolver(on: person, calls)
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "fly") }
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "fly") }
    #expect(calls.all == ["fly"], "YES without a method: forwarded, and the negative entry cached")
    #expect(!person.instancesRespond(to: "fly"))
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("fly")) == false)
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector("fly")) == false)
    #expect(try person.methodImplementation(for: "fly") === Implementation.forwarding)
    #expect(calls.all == ["fly"])
    #expect(try person.instanceMethod(for: "fly") == nil)
    #expect(try person.instanceMethod(for: "fly") == nil)
    #expect(calls.all == ["fly", "fly", "fly"], "class_getInstanceMethod asks every time")
    try runtime.checkInvariants()
  }

  @Test func eachQueryOfAFreshSelectorAsksTheResolverOnce() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let calls = Recorder<String>()
    try lyingResolver(on: person, calls)
    #expect(!person.instancesRespond(to: "a"))  // class_respondsToSelector
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("b")) == false)
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector("c")) == false)
    #expect(try person.methodImplementation(for: "d") === Implementation.forwarding)
    #expect(try person.instanceMethod(for: "e") == nil)
    #expect(person.instanceMethodWithoutResolver(for: "f") == nil, "the plain query runs no user code")
    #expect(calls.all == ["a", "b", "c", "d", "e"])
    try runtime.checkInvariants()
  }

  @Test func getClassMethodAsksResolveClassMethodEachTimeThroughTheMetaclass() throws {
    // class_getClassMethod is class_getInstanceMethod on the metaclass: resolveMethod_locked
    // sends +resolveClassMethod: to the class, every time the method is missing; its
    // lookUpImpOrNilTryCache leaves the negative entry in the metaclass's cache, which a send reads.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("resolveClassMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      calls.append("\((receiver as? Class)?.name ?? "?") \(arguments[0].selectorValue?.name ?? "?")")
      return false
    }
    #expect(try person.classMethod(for: "make") == nil)
    #expect(try person.classMethod(for: "make") == nil)
    #expect(calls.all == ["Person make", "Person make"])
    expectError(.unrecognizedSelector) { try runtime.msgSend(person, "make") }
    expectError(.unrecognizedSelector) { try runtime.msgSend(person, "make") }
    #expect(calls.all == ["Person make", "Person make"], "the sends find the negative entry the queries left")
    #expect(try person.classMethod(for: "make") == nil)
    #expect(calls.all == ["Person make", "Person make", "Person make"])
    try runtime.checkInvariants()
  }

  @Test func propertyAttributeValuesAreWhatPropertyCopyAttributeValueCopies() throws {
    // property_copyAttributeValue answers a copy of the value ("" for a flag), NULL when the
    // property has no such attribute; property_copyAttributeList keeps the string's order.
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Card")
    try cls.addProperty("title", attributes: "T@\"NSString\",C,N,GtheTitle,SsetTheTitle:,V_title")
    try cls.addProperty("count", attributes: "Tq,R,D")
    try cls.addProperty("owner", attributes: "T@,W,N")
    try runtime.registerClassPair(cls)
    let title = try #require(cls.property(named: "title")).attributes
    #expect(title.attributes.map(\.letter) == ["T", "C", "N", "G", "S", "V"])
    #expect(title.attributes.map(\.value) == ["@\"NSString\"", "", "", "theTitle", "setTheTitle:", "_title"])
    #expect(title.value(ofAttribute: "T") == "@\"NSString\"")
    #expect(title.value(ofAttribute: "C") == "")
    #expect(title.value(ofAttribute: "G") == "theTitle")
    #expect(title.value(ofAttribute: "S") == "setTheTitle:")
    #expect(title.value(ofAttribute: "R") == nil)
    #expect(title.value(ofAttribute: "X") == nil)
    #expect(title.value(ofAttribute: "") == nil)
    let count = try #require(cls.property(named: "count")).attributes
    #expect(count.description == "Tq,R,D")
    #expect(count.value(ofAttribute: "D") == "" && count.value(ofAttribute: "V") == nil)
    let owner = try #require(cls.property(named: "owner")).attributes
    #expect(owner.value(ofAttribute: "W") == "" && owner.isWeak && owner.isNonatomic)
    try runtime.checkInvariants()
  }

  @Test func addPropertyOfAnExistingNameChangesNothing() throws {
    // class_addProperty: "if (prop) return NO" (replace only through class_replaceProperty).
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let before = try #require(person.property(named: "age")).attributes.description
    #expect(try !person.addProperty("age", attributes: "T@,&"))
    #expect(person.property(named: "age")?.attributes.description == before)
    try person.replaceProperty("age", attributes: "Ti,N")
    #expect(person.property(named: "age")?.attributes.description == "Ti,N")
    try runtime.checkInvariants()
  }

  @Test func methodArgumentQueriesCountSelfAndCmdAndAnswerNothingPastTheLast() throws {
    // method_getNumberOfArguments counts self and _cmd; method_copyArgumentType past the last
    // answers NULL; method_getDescription is the method's own name and types.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("setValue:forKey:", types: "v32@0:8@16@24") { _, _, _ in .nil }
    let method = try #require(person.instanceMethodWithoutResolver(for: "setValue:forKey:"))
    #expect(method.signature.numberOfArguments == 4)
    #expect(method.signature.argumentType(at: 0) == .object(className: nil))
    #expect(method.signature.argumentType(at: 1) == .selector)
    #expect(method.signature.argumentType(at: 3) == .object(className: nil))
    #expect(method.signature.argumentType(at: 4) == nil)
    #expect(method.signature.argumentType(at: -1) == nil)
    #expect(method.methodDescription.selector == "setValue:forKey:")
    #expect(method.methodDescription.types == "v32@0:8@16@24")
    try runtime.checkInvariants()
  }
}
