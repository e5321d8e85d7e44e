// ClassNameTests.swift: objc_getClass, objc_getMetaClass and objc_getRequiredClass
// (Runtime+ClassNames.swift).

import Testing

@testable import MiniRuntime

@Suite struct ClassNameTests {
  @Test func getClassFindsRegisteredClassesOnly() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    #expect(runtime.class(named: "Person") === person)
    #expect(runtime.class(named: "NSObject") === runtime.rootClass)
    #expect(runtime.class(named: "Draft") == nil, "not registered yet")
    #expect(runtime.class(named: "Nobody") == nil)
    try runtime.registerClassPair(draft)
    #expect(runtime.class(named: "Draft") === draft)
    try runtime.checkInvariants()
  }

  @Test func getMetaClassAnswersTheMetaclassOfTheNamedClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let meta = try #require(runtime.metaclass(named: "Person"))
    #expect(meta === person.isa)
    #expect(meta.isMetaclass)
    #expect(runtime.metaclass(named: "Nobody") == nil)
    try runtime.checkInvariants()
  }

  @Test func getRequiredClassOfAMissingClassThrowsNamingIt() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try runtime.requiredClass(named: "Person") === person)
    let error = expectError(.invalidArgument) { _ = try runtime.requiredClass(named: "Nobody") }
    #expect(error?.message == "link error: class 'Nobody' not found.")
    try runtime.checkInvariants()
  }
}
