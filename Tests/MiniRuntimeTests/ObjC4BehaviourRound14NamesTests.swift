// ObjC4BehaviourRound14NamesTests.swift: names objc4 takes that are no C identifiers (decision
// 0027). objc4's class_addMethod, class_addIvar, class_addProperty, objc_allocateProtocol,
// protocol_addMethodDescription and a category's method lists take any C string: a method so
// named is found by a send and by every query, and only a NUL (which no C string holds) is refused.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound14NamesTests {
  @Test(arguments: ["set age:", "2fast", "", "with-dash", "émoji✓"])
  func aMethodWithAMalformedNameIsAddedAndTheSendFindsIt(name: String) throws {
    // objc-runtime-new.mm: class_addMethod stores the SEL it is given; sel_registerName takes any
    // string, so "set age:" names a method like any other.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let selector = Selector(interning: name)
    let arguments = selector.argumentCount
    let types: String = arguments == 0 ? "@16@0:8" : "@24@0:8q16"
    #expect(try person.addMethod(selector, types: types, implementation: returning("found")) == true)
    #expect(try person.addMethod(selector, types: types, implementation: returning("again")) == false, "a second add: NO")
    let sent = arguments == 0 ? try runtime.msgSend(ann, selector) : try runtime.msgSend(ann, selector, 7)
    #expect(sent == "found")
    #expect(try person.instanceMethod(for: selector)?.selector == selector)
    #expect(try person.methodImplementation(for: selector) !== Implementation.forwarding)
    #expect(person.instancesRespond(to: selector))
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector(selector)) == true)
    try runtime.checkInvariants()
  }

  @Test func aMalformedSelectorNothingImplementsIsStillTheUnrecognizedSelector() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    try person.addMethod(Selector(interning: "set age:"), types: "v24@0:8q16") { _, _, _ in .nil }
    let error = expectError(.unrecognizedSelector) { try runtime.msgSend(ann, Selector(interning: "set  age:")) }
    #expect(error?.message.contains("-[Person set  age:]: unrecognized selector") == true)
    // The method takes as many arguments as its colons, as any method: one too many is refused.
    expectError(.wrongArgumentCount) { try runtime.msgSend(ann, Selector(interning: "set age:"), 1, 2) }
    try runtime.checkInvariants()
  }

  @Test func aNulInAMethodNameIsRefusedWithAClearError() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let before = person.methodList.count
    let error = expectError(.invalidSelectorName) {
      try person.addMethod(Selector(interning: "a\0b"), types: "v16@0:8") { _, _, _ in .nil }
    }
    #expect(error?.message == #"class_addMethod: invalid selector name "a\0b": a C string cannot hold a NUL"#)
    expectError(.invalidSelectorName) { try person.addMethod(.null, types: "v16@0:8") { _, _, _ in .nil } }
    #expect(person.methodList.count == before)
    try runtime.checkInvariants()
  }

  @Test func ivarAndPropertyNamesAreAnyCString() throws {
    // class_addIvar and class_addProperty copy the name as given (objc-runtime-new.mm).
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Odd")
    #expect(try cls.addIvar("my x", type: .int))
    #expect(try cls.addIvar("1st", type: .int))
    #expect(try !cls.addIvar("my x", type: .int), "a duplicate: NO, as objc4")
    #expect(try cls.addProperty("my age", attributes: "Tq"))
    #expect(try cls.addProperty("", attributes: "Ti"))
    try runtime.registerClassPair(cls)
    #expect(cls.ivar(named: "my x")?.type == .int)
    #expect(cls.property(named: "my age")?.attributes.description == "Tq")
    #expect(cls.property(named: "")?.attributes.description == "Ti")
    let odd = try cls.createInstance()
    try odd.setValue(5, forIvar: "my x")
    #expect(try odd.value(ofIvar: "my x") == 5)
    expectError(.invalidName) { try cls.addProperty("a\0b", attributes: "Tq") }
    try runtime.checkInvariants()
  }

  @Test func anEmptyIvarNameIsAnonymousAsObjc4Makes() throws {
    // class_addIvar: `if (name && 0 == strcmp(name, "")) name = nil;` and the duplicate check is
    // skipped for an anonymous ivar; getIvar finds none by name.
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Padded")
    #expect(try cls.addIvar("", type: .int))
    #expect(try cls.addIvar("", type: .int), "a second anonymous ivar is added too")
    try runtime.registerClassPair(cls)
    #expect(cls.ivarList.count == 2)
    #expect(cls.ivar(named: "") == nil)
    #expect(cls.instanceSize == 16)
    try runtime.checkInvariants()
  }

  @Test func protocolAndCategoryNamesAreAnyCString() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let proto = try runtime.allocateProtocol(named: "not a name")
    try proto.addMethodDescription(Selector(interning: "do it"), types: "v16@0:8", isRequired: true, isInstanceMethod: true)
    try proto.addProperty("my age", attributes: "Tq")
    try runtime.registerProtocol(proto)
    #expect(runtime.protocol(named: "not a name") === proto)
    #expect(proto.methodDescription(for: Selector(interning: "do it"), isRequired: true, isInstanceMethod: true).types == "v16@0:8")
    #expect(proto.property(named: "my age") != nil)
    var category = try Category(named: "odd one", on: "Person")
    try category.addInstanceMethod(Selector(interning: "say hi"), types: "@16@0:8") { _, _, _ in "hi" }
    try category.addProperty("nick name", attributes: "T@")
    var image = Image(named: "Odd")
    image.addCategory(category)
    try runtime.loadImage(image)
    #expect(try runtime.msgSend(try new(person, in: runtime), Selector(interning: "say hi")) == "hi")
    #expect(person.property(named: "nick name") != nil)
    expectError(.invalidName) { _ = try runtime.allocateProtocol(named: "a\0b") }
    try runtime.checkInvariants()
  }
}
