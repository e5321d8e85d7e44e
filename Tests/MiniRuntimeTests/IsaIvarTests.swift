// IsaIvarTests.swift: NSObject's `Class isa` ivar (Runtime.init, Ivar.isa, Object+Ivars.swift).

import Testing

@testable import MiniRuntime

@Suite struct IsaIvarTests {
  @Test func nsObjectListsOneIvarNamedIsaOfTypeClassAtOffsetZero() throws {
    let runtime = Runtime()
    let root = runtime.rootClass
    #expect(root.ivarList.count == 1)
    let isa = try #require(root.ivarList.first)
    #expect(isa.name == "isa")
    #expect(isa.type.description == "#")
    #expect(isa.offset == 0 && isa.size == 8 && isa.alignment == 8)
    #expect(isa.className == "NSObject")
    #expect(root.ivar(named: "isa") === isa)
    #expect(root.instanceSize == 8)  // the ivar is the isa word, not a word after it
    #expect(root.ivarLayout == nil && root.weakIvarLayout == nil)  // objc4 scans no isa
    try runtime.checkInvariants()
  }

  @Test func aSubclassFindsTheIsaIvarThroughNSObjectButDoesNotListIt() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(person.ivar(named: "isa") === runtime.rootClass.ivarList.first)
    #expect(person.ivarList.map(\.name) == ["_age", "_name"])
    #expect(person.ivar(named: "_age")?.offset == 8)  // the isa ivar takes no place of its own
    #expect(person.instanceSize == 24)
    #expect(person.classVariable(named: "isa") === runtime.rootClass.ivarList.first)  // via the root metaclass
    try runtime.checkInvariants()
  }

  @Test func readingTheIsaIvarAnswersTheObjectsClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeClass("Student", superclass: person, in: runtime)
    let ann = try new(person, in: runtime)
    let isa = try #require(person.ivar(named: "isa"))
    #expect(try ann.value(for: isa) == .class(person))
    #expect(try ann.value(ofIvar: "isa") == .class(person))
    try ann.setClass(student)
    #expect(try ann.value(for: isa).classValue === student)  // object_getClass, not [ann class]
    #expect(try person.value(for: isa).classValue === person.isa)  // a class object's isa: its metaclass
    try runtime.checkInvariants()
  }

  @Test func writingTheIsaIvarIsObjectSetClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeClass("Student", superclass: person, in: runtime)
    let ann = try new(person, in: runtime)
    let events = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver { events.append($0) }
    try ann.setValue(.class(student), forIvar: "isa")
    observation.cancel()
    #expect(ann.isa === student)
    // objc4's object_setClass initializes the class it installs before the isa changes.
    #expect(
      events.all == [
        .classInitialized(name: "Student"), .isaChanged(object: "<Person: \(ann.address)>", from: "Person", to: "Student"),
      ])
    #expect(student.liveInstanceCount == 1 && person.liveInstanceCount == 0)
    try runtime.checkInvariants()
  }

  @Test func writingTheIsaIvarRefusesWhatObjectSetClassRefusesAndNil() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let isa = try #require(person.ivar(named: "isa"))
    let error = expectError(.typeMismatch) { try ann.setValue(.nil, for: isa) }
    #expect(error?.message.contains("only a class can be an isa") == true, "\(error?.message ?? "")")
    expectError(.typeMismatch) { try ann.setValue(7, for: isa) }
    expectError(.invalidClassState) { try ann.setValue(.class(person.isa), for: isa) }  // a metaclass
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    expectError(.invalidClassState) { try ann.setValue(.class(draft), for: isa) }  // not registered
    expectError(.invalidClassState) { try person.setValue(.class(person), for: isa) }  // a class object takes only a metaclass
    #expect(ann.isa === person)
    try runtime.disposeClassPair(draft)
    try runtime.checkInvariants()
  }

  @Test func dumpsShowTheIsaOnce() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    func count(_ text: String) -> Int { text.split(separator: "\n").filter { $0.contains(" isa") }.count }
    #expect(count(runtime.rootClass.layoutDump()) == 1)
    #expect(count(person.layoutDump()) == 1)
    #expect(count(ann.memoryDump()) == 1)
    #expect(ann.dump().contains("  isa: Person") && !ann.dump().contains("isa ="))
    #expect(runtime.rootClass.dump().contains("isa  #  (offset 0, 8 bytes)"))  // class_copyIvarList
    try runtime.checkInvariants()
  }

  @Test func aSubclassMayAddItsOwnIvarNamedIsaWhichShadowsNSObjects() throws {
    // objc4's class_addIvar checks only the class's own ivars for a duplicate name.
    let runtime = Runtime()
    let odd = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Odd")
    #expect(try odd.addIvar("isa", type: .int))
    #expect(try !odd.addIvar("isa", type: .int))  // its own duplicate: NO
    try runtime.registerClassPair(odd)
    let shadow = try #require(odd.ivar(named: "isa"))
    #expect(shadow.className == "Odd" && shadow.offset == 8 && !shadow.isIsa)
    let object = try odd.createInstance()
    try object.setValue(5, forIvar: "isa")  // Odd's int, not the isa word
    #expect(try object.value(ofIvar: "isa") == .int32(5))
    #expect(object.isa === odd)
    #expect(try object.value(for: try #require(runtime.rootClass.ivarList.first)) == .class(odd))
    try runtime.checkInvariants()
  }

  @Test func aRootClassMadeAtRunTimeHasNoIsaIvar() throws {
    let runtime = Runtime()
    let root = try runtime.allocateClassPair(superclass: nil, name: "Root")
    try runtime.registerClassPair(root)
    #expect(root.ivarList.isEmpty)
    #expect(root.ivar(named: "isa") == nil)
    #expect(root.instanceSize == 8)
    let object = try root.createInstance()
    expectError(.unknownIvar) { _ = try object.value(ofIvar: "isa") }
    try runtime.checkInvariants()
  }
}
