// ClassVersionTests.swift: class_getVersion / class_setVersion (Class+Version.swift).

import Testing

@testable import MiniRuntime

@Suite struct ClassVersionTests {
  @Test func newClassIsVersionZeroAndItsMetaclassVersionSeven() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(person.version == 0)
    #expect(person.isa.version == 7)
    #expect(runtime.rootClass.version == 0)
    #expect(runtime.rootClass.isa.version == 7)
    try runtime.checkInvariants()
  }

  @Test func setVersionChangesOnlyThatSide() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    person.version = 3
    #expect(person.version == 3)
    #expect(person.isa.version == 7, "the metaclass keeps its own")
    #expect(student.version == 0, "not inherited")
    person.isa.version = -1
    #expect(person.isa.version == -1)
    #expect(person.version == 3)
    try runtime.checkInvariants()
  }
}
