// ClassUnderConstructionTests.swift: what a class pair does between objc_allocateClassPair and
// objc_registerClassPair, as objc4 818 answers it: it makes instances, sized by the ivars added
// so far (class_createInstance, +alloc, +new), and its name is reserved only once registered.
//
// Docs: docs/runtime.md#class-pairs, docs/decisions/0032-a-class-under-construction.md.

import Testing

@testable import MiniRuntime

@Suite struct ClassUnderConstructionTests {
  /// An unregistered `Draft : NSObject` with an int `_x`.
  func makeDraft(in runtime: Runtime, name: String = "Draft") throws -> Class {
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: name)
    try draft.addIvar("_x", type: .int)
    return draft
  }

  @Test func createInstanceWorksBeforeRegistrationSizedByTheIvarsSoFar() throws {
    // objc4's class_createInstance reads the instance size the ivars added so far make.
    let runtime = Runtime()
    let draft = try makeDraft(in: runtime)
    let object = try draft.createInstance()
    #expect(object.isa === draft)
    #expect(!draft.isRegistered)
    #expect(draft.liveInstanceCount == 1)
    #expect(try object.value(ofIvar: "_x") == 0)
    try object.setValue(7, forIvar: "_x")
    #expect(try object.value(ofIvar: "_x") == 7)
    #expect(object.dump().contains("_x"))
    try runtime.checkInvariants()
  }

  @Test func allocAndNewWorkBeforeRegistration() throws {
    // A pair under construction receives messages; +alloc and +new make instances of it.
    let runtime = Runtime()
    let draft = try makeDraft(in: runtime)
    let made = try #require(try runtime.msgSend(draft, "new").objectValue)
    let allocated = try #require(try runtime.msgSend(draft, "alloc").objectValue)
    #expect(made.isa === draft && allocated.isa === draft)
    #expect(try made.value(ofIvar: "_x") == 0)
    try runtime.checkInvariants()
  }

  @Test func anInstanceMadeBeforeRegistrationKeepsWorkingAfterIt() throws {
    let runtime = Runtime()
    let draft = try makeDraft(in: runtime)
    try draft.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
    let early = try draft.createInstance()
    try runtime.msgSend(early, "setName:", "Ann")
    try runtime.registerClassPair(draft)
    let late = try draft.createInstance()
    #expect(try runtime.msgSend(early, "name") == "Ann")
    #expect(draft.ivarList.map(\.name) == ["_x", "_name"])
    try late.setValue(3, forIvar: "_x")
    try early.setValue(4, forIvar: "_x")
    #expect(try late.value(ofIvar: "_x") == 3 && early.value(ofIvar: "_x") == 4)
    try runtime.checkInvariants()
  }

  @Test func addIvarWhileAnInstanceMadeBeforeRegistrationLivesIsRefused() throws {
    // objc4 adds the ivar, past the end of the live instance's memory; MiniKVO refuses it while
    // such an instance lives, and takes it once none does.
    let runtime = Runtime()
    let draft = try makeDraft(in: runtime)
    let size = draft.instanceSize
    do {
      let object = try draft.createInstance()
      let error = expectError(.classInUse) { try draft.addIvar("_y", type: .double) }
      #expect(error?.message.contains("1 live instance") == true, "message: \(error?.message ?? "none")")
      expectError(.classInUse) { try draft.setWeakIvarLayout([0x01]) }
      expectError(.classInUse) { try draft.setIvarLayout([0x01]) }
      #expect(draft.ivarList.map(\.name) == ["_x"] && draft.instanceSize == size)
      #expect(draft.weakIvarLayout == [], "objc4's empty layout, unchanged")
      try object.setValue(1, forIvar: "_x")
    }
    #expect(draft.liveInstanceCount == 0)
    #expect(try draft.addIvar("_y", type: .double))
    try runtime.registerClassPair(draft)
    let object = try draft.createInstance()
    try object.setValue(2.5, forIvar: "_y")
    #expect(try object.value(ofIvar: "_y") == 2.5)
    try runtime.checkInvariants()
  }

  @Test func disposeClassPairWithAnInstanceMadeBeforeRegistrationIsRefused() throws {
    // Already matched: the live-instance check does not ask whether the class is registered.
    let runtime = Runtime()
    let draft = try makeDraft(in: runtime)
    do {
      let object = try draft.createInstance()
      expectError(.classInUse) { try runtime.disposeClassPair(draft) }
      #expect(object.isa === draft && runtime.classes.contains { $0 === draft })
    }
    try runtime.disposeClassPair(draft)
    #expect(!runtime.classes.contains { $0 === draft })
    try runtime.checkInvariants()
  }

  @Test func twoPairsOfOneNameMayBeUnderConstruction() throws {
    // objc4's objc_allocateClassPair refuses a name only if the named-class table, which
    // objc_registerClassPair fills, has it.
    let runtime = Runtime()
    let first = try makeDraft(in: runtime)
    let second = try makeDraft(in: runtime)
    #expect(first !== second && first.name == second.name)
    #expect(runtime.classes.filter { $0.name == "Draft" }.count == 2)
    #expect(runtime.lookUpClass(named: "Draft") == nil)
    try runtime.checkInvariants()
  }

  @Test func registeringASecondClassOfANameKeepsTheFirstByNameAndLogs() throws {
    // objc4's addNamedClass keeps the class the table has, logs the clash, and registers the
    // second all the same: it is constructed and makes instances, but no name lookup finds it.
    let runtime = Runtime()
    let first = try makeDraft(in: runtime)
    let second = try makeDraft(in: runtime)
    try runtime.registerClassPair(second)
    let log = try diagnostics(of: runtime) { try runtime.registerClassPair(first) }
    #expect(log == ["Class Draft is implemented in both ?? (\(Object.address(of: second))) and ?? (\(Object.address(of: first))). One of the two will be used. Which one is undefined."])
    #expect(first.isRegistered && second.isRegistered)
    #expect(runtime.lookUpClass(named: "Draft") === second)  // registered first
    #expect(runtime.class(named: "Draft") === second)
    #expect(try first.createInstance().isa === first)
    let error = expectError(.duplicateClassName) { _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft") }
    #expect(error?.message == "objc_allocateClassPair: class 'Draft' already exists")
    try runtime.checkInvariants()
  }

  @Test func disposingTheClassTheNameFindsFreesTheNameAndTheOtherIsNotFound() throws {
    // objc4's removeNamedClass removes the name only for the class it finds; the other one was
    // never in the table, so after the first goes no name lookup finds either.
    let runtime = Runtime()
    let first = try makeDraft(in: runtime)
    let second = try makeDraft(in: runtime)
    let third = try makeDraft(in: runtime)
    try runtime.registerClassPair(first)
    try runtime.registerClassPair(second)
    try runtime.disposeClassPair(second)
    #expect(runtime.lookUpClass(named: "Draft") === first)
    try runtime.registerClassPair(third)
    try runtime.disposeClassPair(first)
    #expect(runtime.lookUpClass(named: "Draft") == nil)
    #expect(third.isRegistered && runtime.classes.contains { $0 === third })
    let fourth = try makeDraft(in: runtime)  // the name is free again
    try runtime.registerClassPair(fourth)
    #expect(runtime.lookUpClass(named: "Draft") === fourth)
    try runtime.checkInvariants()
  }

  @Test func duplicateClassWithATakenNameMakesTheClassAndKeepsTheFirstByName() throws {
    // objc4's objc_duplicateClass checks no name: addNamedClass logs the clash and keeps the first.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let twin = try runtime.duplicateClass(person, name: "Twin")
    var copy: Class?
    let log = try diagnostics(of: runtime) { copy = try runtime.duplicateClass(person, name: "Twin") }
    let second = try #require(copy)
    #expect(log == ["Class Twin is implemented in both ?? (\(Object.address(of: twin))) and ?? (\(Object.address(of: second))). One of the two will be used. Which one is undefined."])
    #expect(second !== twin && second.isRegistered)
    #expect(runtime.lookUpClass(named: "Twin") === twin)
    #expect(runtime.classes.filter { $0.name == "Twin" }.count == 2)
    try runtime.disposeClassPair(second)
    #expect(runtime.lookUpClass(named: "Twin") === twin)
    try runtime.checkInvariants()
  }
}
