// ObjC4BehaviourRound29ProbeTests.swift: the twenty-ninth round's probes of objc4 behaviour
// (objc-runtime-new.mm, from memory) that did not match before.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound29ProbeTests {
  @Test func disposingAClassWithSubclassesNamesTheNewestAsObjc4sLogLineDoes() throws {
    // objc_disposeClassPair logs "class 'Person' still has subclasses, including 'Teacher'!",
    // naming rw->firstSubclass, the subclass added last (addSubclass links each new one first).
    // MiniKVO refuses instead of freeing (docs/differences.md) and says objc4's line.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    _ = try makeSubclass(of: person, named: "Student", in: runtime)
    _ = try makeSubclass(of: person, named: "Teacher", in: runtime)
    let error = expectError(.classInUse) { try runtime.disposeClassPair(person) }
    #expect(error?.message == "objc_disposeClassPair: class 'Person' still has subclasses, including 'Teacher'!")
    #expect(person.isRegistered)
    try runtime.checkInvariants()
  }
}
