// ObjC4BehaviourRound24Tests.swift: the twenty-fourth round's fixes of objc4 behaviour: a weak
// store of a class object not yet initialized initializes it (NSObject.mm's storeWeak calls
// class_initialize with the isa, a class object's metaclass included).

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound24Tests {
  // MARK: - Weak stores

  @Test func aWeakStoreOfAClassObjectNotYetInitializedInitializesThatClass() throws {
    // objc4: storeWeak asks whether the new object's isa is initialized and, if not, calls
    // class_initialize(isa, object) before registering the reference. For a class object the isa
    // is its metaclass, which is initialized only once the class is, and class_initialize finds
    // the class from the object (getMaybeUnrealizedNonMetaClass): `__weak id w =
    // objc_getClass("Person")` runs +[Person initialize]. A metaclass object's isa is the root
    // metaclass, so storing one initializes only NSObject.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let calls = Recorder<String>()
    try recordInitialize(person, into: calls)
    let variable = try WeakVariable(student.isa)
    #expect(variable.load() === student.isa)
    #expect(calls.all.isEmpty && !student.isInitialized)
    try variable.store(student)
    #expect(calls.all == ["+[Person initialize]", "+[Student initialize]"])
    #expect(student.isInitialized && variable.load() === student)
    try runtime.checkInvariants()
  }
}
