// RosettaTests+MethodInvoke.swift: the Rosetta rows for method_invoke, method_getDescription and
// object_isClass, exercised (see RosettaTests.swift for the convention; RosettaTableTests.swift
// reads this file too).

import MiniRuntime
import Testing

@Suite struct RosettaMethodInvokeTests {
  @Test func methodAndObjectFunctionsAreMembers() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.addMethod("greet", types: "@16@0:8") { _, _, _ in "hello" }
    try runtime.registerClassPair(person)
    let method = try #require(try person.instanceMethod(for: "greet"))
    // Rosetta: method_invoke
    #expect(try method.invoke(try person.createInstance()) == "hello")
    // Rosetta: method_getDescription
    #expect(method.methodDescription.types == "@16@0:8")
    // Rosetta: object_isClass
    #expect(person.isClass)
  }
}
