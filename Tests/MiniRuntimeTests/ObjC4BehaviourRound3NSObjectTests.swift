// ObjC4BehaviourRound3NSObjectTests.swift: the third round of objc4 behaviour cases, continued from
// ObjC4BehaviourRound3Tests: NSObject's answers to nil arguments (nilAPIArgs), its class-side
// signatures, and protocols and metaclass sizes on subclasses. Each test pins objc4's semantics.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound3NSObjectTests {
  // MARK: - NSObject's answers to nil arguments (nilAPIArgs)

  @Test func nsobjectMessagesAnswerNoForNilArguments() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector(.null)) == false)
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector(.null)) == false)
    #expect(try runtime.msgSend(ann, "conformsToProtocol:", .nil) == false)
    #expect(try runtime.msgSend(person, "conformsToProtocol:", .nil) == false)
    #expect(try runtime.msgSend(person, "isSubclassOfClass:", .nil) == false)
    #expect(try runtime.msgSend(ann, "isEqual:", .nil) == false)
  }

  @Test func debugDescriptionIsTheDescription() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "debugDescription") == runtime.msgSend(ann, "description"))
    #expect(try runtime.msgSend(person, "debugDescription") == "Person")
    #expect(try runtime.msgSend(ann, "isProxy") == false)
  }

  @Test func classSideMethodSignaturesDescribeClassMethods() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let signature = try runtime.msgSend(person, "methodSignatureForSelector:", .selector("new"))
    #expect(!signature.isNil)
    let instanceSide = try runtime.msgSend(person, "instanceMethodSignatureForSelector:", .selector("age"))
    #expect(!instanceSide.isNil)
    #expect(try runtime.msgSend(person, "instanceMethodSignatureForSelector:", .selector("new")) == .nil)
  }

  @Test func instancesRespondToSelectorRunsTheResolver() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      let selector = try #require(arguments[0].selectorValue)
      calls.append(selector.name)
      guard selector == "lazy", let cls = receiver as? Class else { return false }
      return .bool(try addReturning(cls, selector, "lazy"))
    }
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector("lazy")) == true)
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector("other")) == false)
    #expect(calls.all == ["lazy", "other"])
  }

  // MARK: - Protocols on subclasses, metaclass sizes

  @Test func addProtocolToASubclassOfAConformingClassAnswersYes() throws {
    // class_addProtocol refuses only what class_conformsToProtocol (the class's own list) finds.
    let runtime = Runtime()
    let named = try runtime.allocateProtocol(named: "Named")
    try runtime.registerProtocol(named)
    let person = try makePerson(in: runtime)
    #expect(try person.addProtocol(named))
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    #expect(!student.conforms(to: named))
    #expect(try student.addProtocol(named))
    #expect(student.protocols.map(\.name) == ["Named"])
  }

  @Test func protocolClassPropertiesAreKeptApart() throws {
    let runtime = Runtime()
    let p = try runtime.allocateProtocol(named: "P")
    try p.addProperty("shared", attributes: "T@,R", isRequired: true, isInstanceProperty: false)
    try p.addProperty("name", attributes: "T@,R", isRequired: true, isInstanceProperty: true)
    try runtime.registerProtocol(p)
    #expect(p.properties(isRequired: true, isInstanceProperty: true).map(\.name) == ["name"])
    #expect(p.properties(isRequired: true, isInstanceProperty: false).map(\.name) == ["shared"])
    #expect(p.property(named: "shared", isRequired: true, isInstanceProperty: true) == nil)
    #expect(p.property(named: "shared", isRequired: true, isInstanceProperty: false)?.name == "shared")
  }

  @Test func objectCopyOfAWeakIvarIsItselfWeak() throws {
    let runtime = Runtime()
    let holder = try makeClass("Holder", in: runtime) {
      try $0.synthesizeProperty("target", type: .object(className: nil), options: [.weak])
    }
    let tag = try makeClass("Tag", in: runtime)
    let original = try new(holder, in: runtime)
    var copy: Object?
    try Runtime.autoreleasepool {  // object_getIvar of a weak ivar autoreleases what it reads
      let target = try new(tag, in: runtime)
      try runtime.msgSend(original, "setTarget:", .object(target))
      copy = try original.copy()
      #expect(try copy?.value(ofIvar: "_target").objectValue === target)
    }
    #expect(try copy?.value(ofIvar: "_target") == .nil)
    #expect(try original.value(ofIvar: "_target") == .nil)
  }

  @Test func duplicateOfAClassHasItsOwnPropertyListAfterward() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let twin = try runtime.duplicateClass(person, name: "Twin")
    #expect(try twin.addProperty("nick", attributes: "T@,N"))
    #expect(person.property(named: "nick") == nil)
    #expect(twin.propertyList.map(\.name) == ["nick", "name", "age"])
  }
}
