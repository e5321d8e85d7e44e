// ProtocolSnippetTests.swift: the examples of docs/runtime.md#protocols (see RuntimeSnippetTests.swift
// for the snippet convention).

import MiniRuntime
import Testing

@Suite struct ProtocolSnippetTests {
  @Test func protocolsAreDeclaredRegisteredAndAdopted() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    let student = try runtime.allocateClassPair(superclass: person, name: "Student")
    try runtime.registerClassPair(student)
    // snippet: docs/runtime.md#protocols
    let identified = try runtime.allocateProtocol(named: "Identified")
    try identified.addMethodDescription("identifier", types: "@16@0:8", isRequired: true, isInstanceMethod: true)
    try runtime.registerProtocol(identified)
    let named = try runtime.allocateProtocol(named: "Named")
    try named.addProtocol(identified)  // Named incorporates Identified
    try named.addMethodDescription("name", types: "@16@0:8", isRequired: true, isInstanceMethod: true)
    try runtime.registerProtocol(named)

    #expect(runtime.protocol(named: "Named") === named)
    #expect(named.conforms(to: identified))  // through incorporation
    let found = named.methodDescription(for: "identifier", isRequired: true, isInstanceMethod: true)
    #expect(found.types == "@16@0:8")  // found in Identified
    #expect(named.methodDescription(for: "age", isRequired: true, isInstanceMethod: true).isNull)

    #expect(try person.addProtocol(named))
    #expect(try !person.addProtocol(named))  // already adopted: NO, nothing changes
    #expect(person.conforms(to: identified) && !student.conforms(to: named))  // the class's own list only
    let stu = try #require(try runtime.msgSend(student, "new").objectValue)
    #expect(try runtime.msgSend(stu, "conformsToProtocol:", .object(named)) == true)  // walks superclasses
    try named.addMethodDescription("age", types: "q16@0:8", isRequired: true, isInstanceMethod: true)
    #expect(named.methodDescription(for: "age", isRequired: true, isInstanceMethod: true).isNull)  // registered: ignored, as objc4
    // end snippet
    try runtime.checkInvariants()
  }
}
