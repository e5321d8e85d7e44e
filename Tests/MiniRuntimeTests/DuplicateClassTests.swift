// DuplicateClassTests.swift: objc_duplicateClass (Runtime+DuplicateClass.swift).

import Testing

@testable import MiniRuntime

@Suite struct DuplicateClassTests {
  /// `Person` with `age`/`name`, an instance method `greet`, a class method `create`, a protocol.
  private func makeOriginal(in runtime: Runtime) throws -> (Class, Protocol) {
    let person = try makePerson(in: runtime)
    try addReturning(person, "greet", "hello")
    try person.isa.addMethod("create", types: "@16@0:8", implementation: returning("created"))
    let named = try runtime.allocateProtocol(named: "Named")
    try runtime.registerProtocol(named)
    try person.addProtocol(named)
    return (person, named)
  }

  @Test func duplicateCopiesMethodsIvarsPropertiesAndProtocols() throws {
    let runtime = Runtime()
    let (person, named) = try makeOriginal(in: runtime)
    let twin = try runtime.duplicateClass(person, name: "Twin")
    #expect(twin.name == "Twin")
    #expect(twin.methodList.map(\.selector) == person.methodList.map(\.selector))
    #expect(twin.methodList.map(\.typeEncoding) == person.methodList.map(\.typeEncoding))
    #expect(twin.methodList.allSatisfy { $0.owner === twin }, "the copy has methods of its own")
    #expect(zip(twin.methodList, person.methodList).allSatisfy { $0.implementation === $1.implementation })
    #expect(twin.ivarList.map(\.name) == ["_age", "_name"])
    #expect(twin.instanceSize == person.instanceSize)
    #expect(twin.propertyList.map(\.name) == person.propertyList.map(\.name))
    #expect(twin.conforms(to: named))
    try runtime.checkInvariants()
  }

  @Test func duplicateSharesTheOriginalsMetaclassAndSuperclass() throws {
    let runtime = Runtime()
    let (person, _) = try makeOriginal(in: runtime)
    let twin = try runtime.duplicateClass(person, name: "Twin")
    #expect(twin.isa === person.isa)
    #expect(twin.metaclass === person.metaclass)
    #expect(twin.superclass === person.superclass)
    #expect(runtime.rootClass.subclasses.contains { $0 === twin })
    #expect(try runtime.msgSend(twin, "create") == "created", "a class method of the original")
    #expect(try runtime.msgSend(twin, "class").objectValue === twin, "+class answers the receiver")
    try runtime.checkInvariants()
  }

  @Test func duplicateIsRegisteredAndItsInstancesAnswerMessages() throws {
    let runtime = Runtime()
    let (person, _) = try makeOriginal(in: runtime)
    let twin = try runtime.duplicateClass(person, name: "Twin")
    #expect(twin.isRegistered)
    #expect(runtime.lookUpClass(named: "Twin") === twin)
    #expect(runtime.classes.last === twin)
    let ann = try new(twin, in: runtime)
    #expect(ann.isa === twin)
    try runtime.msgSend(ann, "setAge:", 42)
    #expect(try runtime.msgSend(ann, "age") == 42)
    #expect(try runtime.msgSend(ann, "greet") == "hello")
    #expect(try runtime.msgSend(ann, "isKindOfClass:", .object(person)) == false)
    try runtime.checkInvariants()
  }

  @Test func duplicateOfADuplicateWorks() throws {
    let runtime = Runtime()
    let (person, _) = try makeOriginal(in: runtime)
    let twin = try runtime.duplicateClass(person, name: "Twin")
    try addReturning(twin, "wave", "waving")
    let triplet = try runtime.duplicateClass(twin, name: "Triplet")
    #expect(triplet.isa === person.isa)
    let bob = try new(triplet, in: runtime)
    #expect(try runtime.msgSend(bob, "wave") == "waving")
    #expect(try runtime.msgSend(bob, "greet") == "hello")
    #expect(try runtime.msgSend(triplet, "create") == "created")
    try runtime.checkInvariants()
  }

  @Test func methodsAddedAfterTheCopyStayInTheirOwnClass() throws {
    let runtime = Runtime()
    let (person, _) = try makeOriginal(in: runtime)
    let twin = try runtime.duplicateClass(person, name: "Twin")
    let ann = try new(person, in: runtime)
    let bob = try new(twin, in: runtime)
    #expect(try runtime.msgSend(bob, "greet") == "hello")  // fills Twin's cache
    try addReturning(twin, "wave", "waving")
    try addReturning(person, "bow", "bowing")
    try twin.replaceMethod("greet", types: "@16@0:8", implementation: returning("hi, twin"))
    #expect(try runtime.msgSend(bob, "greet") == "hi, twin")
    #expect(try runtime.msgSend(ann, "greet") == "hello")
    #expect(try runtime.msgSend(bob, "respondsToSelector:", .selector("bow")) == false)
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("wave")) == false)
    try runtime.checkInvariants()
  }

  @Test func classMethodAddedLaterIsSharedThroughTheMetaclass() throws {
    let runtime = Runtime()
    let (person, _) = try makeOriginal(in: runtime)
    let twin = try runtime.duplicateClass(person, name: "Twin")
    try twin.isa.addMethod("shared", types: "@16@0:8", implementation: returning("both"))
    #expect(try runtime.msgSend(person, "shared") == "both")
    #expect(try runtime.msgSend(twin, "shared") == "both")
    try runtime.checkInvariants()
  }

  @Test func duplicateOfAnUnregisteredClassIsRefused() throws {
    let runtime = Runtime()
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    let error = expectError(.invalidClassState) { _ = try runtime.duplicateClass(draft, name: "Copy") }
    #expect(error?.message.contains("not registered") == true)
    #expect(runtime.lookUpClass(named: "Copy") == nil)
    expectError(.invalidClassState) { _ = try runtime.duplicateClass(runtime.rootClass.isa, name: "Copy") }
    try runtime.checkInvariants()
  }

  @Test func duplicateWithATakenNameIsMadeAndTheNameKeepsItsClass() throws {
    // objc4's objc_duplicateClass checks no name; its addNamedClass keeps the first and logs.
    let runtime = Runtime()
    let (person, _) = try makeOriginal(in: runtime)
    let before = runtime.classes.count
    let copy = try runtime.duplicateClass(person, name: "NSObject")
    #expect(runtime.lookUpClass(named: "NSObject") === runtime.rootClass)
    #expect(copy.isRegistered && runtime.classes.count == before + 1)
    let subclassesBefore = runtime.rootClass.subclasses.count
    expectError(.invalidClassName) { _ = try runtime.duplicateClass(person, name: "Nul\0") }  // no C string holds it
    #expect(runtime.classes.count == before + 1)
    #expect(runtime.rootClass.subclasses.count == subclassesBefore)
    try runtime.checkInvariants()
  }

  @Test func duplicateClassObjectHasTheExtraBytes() throws {
    let runtime = Runtime()
    let (person, _) = try makeOriginal(in: runtime)
    let twin = try runtime.duplicateClass(person, name: "Twin", extraBytes: 16)
    #expect(twin.withIndexedIvars { $0.count } == 16)
    twin.withIndexedIvars { $0[15] = 7 }
    #expect(twin.withIndexedIvars { $0[15] } == 7)
    expectError(.invalidArgument) { _ = try runtime.duplicateClass(person, name: "Other", extraBytes: -1) }
  }

  @Test func disposingADuplicateLeavesTheSharedMetaclass() throws {
    let runtime = Runtime()
    let (person, _) = try makeOriginal(in: runtime)
    let twin = try runtime.duplicateClass(person, name: "Twin")
    let error = expectError(.classInUse) { try runtime.disposeClassPair(person) }
    #expect(error?.message.contains("Twin") == true)
    try runtime.disposeClassPair(twin)
    #expect(runtime.lookUpClass(named: "Twin") == nil)
    #expect(person.isa.isRegistered)
    #expect(try runtime.msgSend(person, "create") == "created")
    try runtime.disposeClassPair(person)
    try runtime.checkInvariants()
  }

  @Test func duplicateSharesInitializeStateWithTheOriginal() throws {
    let runtime = Runtime()
    let (person, _) = try makeOriginal(in: runtime)
    let receivers = Recorder<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { receiver, _, _ in
      receivers.append((receiver as? Class)?.name ?? "?")
      return .nil
    }
    let twin = try runtime.duplicateClass(person, name: "Twin")
    _ = try runtime.msgSend(twin, "create")
    #expect(receivers.all == ["Twin"], "+initialize is sent to the copy that was messaged")
    #expect(person.isInitialized, "the state lives in the shared metaclass, as objc4's")
    _ = try runtime.msgSend(person, "create")
    #expect(receivers.all == ["Twin"])
    try runtime.checkInvariants()
  }
}
