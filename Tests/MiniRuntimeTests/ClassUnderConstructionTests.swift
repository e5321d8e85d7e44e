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
      #expect(draft.weakIvarLayout == nil)
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
}
