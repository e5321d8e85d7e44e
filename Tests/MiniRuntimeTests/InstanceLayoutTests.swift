// InstanceLayoutTests.swift: the layout of a class's instances (InstanceLayout.swift,
// Class+Ivars.swift, Runtime+ClassPairs.swift).

import Testing

@testable import MiniRuntime

@Suite struct InstanceLayoutTests {
  @Test func subclassWithoutIvarsSharesItsSuperclassLayout() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let layouts = runtime.withState { state in (person.locked(&state).layout, student.locked(&state).layout) }
    #expect(layouts.0 === layouts.1, "so the KVO subclass of Person has exactly Person's layout")
    try runtime.checkInvariants()
  }
}
