// DuplicateClassSnippetTests.swift: the example of docs/runtime.md#duplicating-a-class (see
// RuntimeSnippetTests.swift for the snippet convention).

import MiniRuntime
import Testing

@Suite struct DuplicateClassSnippetTests {
  @Test func duplicateCopiesMethodsAndSharesTheMetaclass() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    try person.isa.addMethod("species", types: "@16@0:8") { _, _, _ in "human" }
    // snippet: docs/runtime.md#duplicating-a-class
    let twin = try runtime.duplicateClass(person, name: "Twin")
    #expect(runtime.lookUpClass(named: "Twin") === twin)  // registered at once
    #expect(twin.isa === person.isa)  // no metaclass of its own: Person's
    #expect(try runtime.msgSend(twin, "species") == "human")  // so Person's class methods
    let bob = try #require(try runtime.msgSend(twin, "new").objectValue)
    try runtime.msgSend(bob, "setAge:", 7)  // a copy of Person's method list
    #expect(try runtime.msgSend(bob, "age") == 7)
    try twin.addMethod("wave", types: "@16@0:8") { _, _, _ in "hi" }  // lists are separate now
    #expect(!person.instancesRespond(to: "wave"))
    let again = try runtime.duplicateClass(person, name: "Twin")  // a taken name: logged, made
    #expect(runtime.lookUpClass(named: "Twin") === twin && again !== twin)  // the name keeps the first
    // end snippet
    try runtime.checkInvariants()
  }
}
