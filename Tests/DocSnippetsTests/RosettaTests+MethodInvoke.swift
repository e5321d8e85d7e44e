// RosettaTests+MethodInvoke.swift: the Rosetta rows for method_invoke, the `_stret` and `_fpret`
// entry points, method_getDescription and object_isClass, exercised (see RosettaTests.swift for the convention; RosettaTableTests.swift
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
    // Rosetta: method_invoke_stret
    let frame = Structure(name: "CGRect", fields: [0.0, 0.0, 4.0, 3.0])
    try person.addMethod("frame", types: "{CGRect=dddd}16@0:8") { _, _, _ in .structure(frame) }
    #expect(try person.instanceMethod(for: "frame")?.invoke(try person.createInstance()) == .structure(frame))
    // Rosetta: objc_msgSend_stret
    #expect(try Runtime.msgSend(try person.createInstance(), "frame") == .structure(frame))
    // Rosetta: objc_msgSend_fpret
    try person.addMethod("width", types: "d16@0:8") { _, _, _ in 4.0 }
    #expect(try Runtime.msgSend(try person.createInstance(), "width") == 4.0)
    // Rosetta: objc_msgSendSuper_stret
    let student = try runtime.allocateClassPair(superclass: person, name: "Student")
    try runtime.registerClassPair(student)
    #expect(try Runtime.msgSendSuper(try student.createInstance(), superclass: person, "frame") == .structure(frame))
    // Rosetta: method_getDescription
    #expect(method.methodDescription.types == "@16@0:8")
    // Rosetta: object_isClass
    #expect(person.isClass)
  }
}
