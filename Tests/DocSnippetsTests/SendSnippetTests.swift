// SendSnippetTests.swift: the examples of docs/runtime.md#arguments-convert-as-in-a-c-call,
// #variadic-methods, #messages-to-nil and #super-sends (see RuntimeSnippetTests.swift for the snippet convention).

import MiniRuntime
import Testing

@Suite struct SendSnippetTests {
  @Test func numberArgumentsConvertAsInACCall() throws {
    let runtime = Runtime()
    // snippet: docs/runtime.md#arguments-convert-as-in-a-c-call
    let probe = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Probe")
    try probe.addMethod("takeChar:", types: .compiled(returning: .char, arguments: [.char])) { _, _, arguments in
      arguments[0]  // the argument as the method received it
    }
    try probe.addMethod("takeFloat:", types: .compiled(returning: .float, arguments: [.float])) { _, _, arguments in arguments[0] }
    try runtime.registerClassPair(probe)
    let p = try #require(try runtime.msgSend(probe, "new").objectValue)
    let c = try runtime.msgSend(p, "takeChar:", 300)  // [p takeChar:300]
    #expect(c == 44 && c.encoding == .char)  // char c = 300: modulo 256
    #expect(try runtime.msgSend(p, "takeFloat:", 0.1) == .float(0.1))  // rounded to float
    let undefined = #expect(throws: RuntimeError.self) { try runtime.msgSend(p, "takeChar:", 1e30) }
    #expect(undefined?.message == "-[Probe takeChar:]: argument 1: cannot assign double 1e+30 to char ('c'): its integral part is out of char's range, and that conversion is undefined in C")
    #expect(throws: RuntimeError.self) { try runtime.msgSend(p, "takeChar:", "x") }  // not a number
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func aVariadicMethodTakesArgumentsAfterItsColons() throws {
    let runtime = Runtime()
    // snippet: docs/runtime.md#variadic-methods
    let calc = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Calc")
    let sum = Implementation(function: "+[Calc sum:]", variadic: true) { _, _, arguments in
      .int(arguments.values.compactMap(\.intValue).reduce(0, +))  // the fixed argument and those after it
    }
    try calc.isa.addMethod("sum:", types: "q24@0:8q16", implementation: sum)
    try runtime.registerClassPair(calc)
    #expect(try runtime.msgSend(calc, "sum:", arguments: [1, 2, 3]) == 6)  // [Calc sum:1, 2, 3]
    let missing = #expect(throws: RuntimeError.self) { try runtime.msgSend(calc, "sum:") }
    #expect(missing?.code == .wrongArgumentCount)  // the fixed argument is still required
    let extra = #expect(throws: RuntimeError.self) { try runtime.msgSend(calc, "new", 1) }
    #expect(extra?.code == .wrongArgumentCount)  // new is not variadic
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func messagesToNilReturnTheZeroOfTheStatedType() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    let ann = try #require(try runtime.msgSend(person, "new").objectValue)
    try runtime.msgSend(ann, "setAge:", 42)
    // snippet: docs/runtime.md#messages-to-nil
    #expect(try Runtime.msgSend(nil, "age") == .nil)  // untyped: no type to take a zero of
    #expect(try Runtime.msgSend(nil, "age", returning: .longLong) == .int64(0))
    #expect(try Runtime.msgSend(nil, "isHidden", returning: .bool) == false)
    let rect = try TypeEncoding("{CGRect={CGPoint=dd}{CGSize=dd}}")
    let frame = try Runtime.msgSend(nil, "frame", returning: rect)
    #expect(frame.structureValue?.fields.count == 2)  // a CGRect of zeroes
    #expect(try Runtime.msgSend(ann, "age", returning: .int) == .int32(42))  // a real receiver: converted
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func superSendsFollowTheDefiningClass() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.addMethod("greet", types: "@16@0:8") { _, _, _ in "person" }
    try runtime.registerClassPair(person)
    let teacher = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Teacher")
    try teacher.addMethod("greet", types: "@16@0:8") { _, _, _ in "teacher" }
    try runtime.registerClassPair(teacher)
    let student = try runtime.allocateClassPair(superclass: person, name: "Student")
    try runtime.registerClassPair(student)
    // snippet: docs/runtime.md#super-sends
    try student.addMethod("greet", types: "@16@0:8") { receiver, _cmd, _ in
      let inherited = try Runtime.msgSendSuper(receiver, definedIn: student, _cmd)  // [super greet]
      return .string("student, and \(inherited.stringValue ?? "")")
    }
    let stu = try #require(try runtime.msgSend(student, "new").objectValue)
    #expect(try runtime.msgSend(stu, "greet") == "student, and person")
    try student.setSuperclass(teacher)  // the defining class's superclass changes…
    #expect(try runtime.msgSend(stu, "greet") == "student, and teacher")  // …and so does [super greet]
    // end snippet
    try runtime.checkInvariants()
  }
}
