// SuperSendTests.swift: super sends relative to the class that defines the running method
// (objc_msgSendSuper2), beside the explicit-superclass form (Runtime+SuperSend.swift).

import Testing

@testable import MiniRuntime

@Suite struct SuperSendTests {
  @Test func superSendFromTheDefiningClassFollowsSetSuperclass() throws {
    let runtime = Runtime()
    let first = try makeClass("First", in: runtime) { try addReturning($0, "greet", "first") }
    let second = try makeClass("Second", in: runtime) { try addReturning($0, "greet", "second") }
    let child = try makeClass("Child", superclass: first, in: runtime)
    // The closure captures its defining class, as `[super greet]` names it implicitly.
    try child.addMethod("greet", types: "@16@0:8") { receiver, _cmd, _ in
      let inherited = try Runtime.msgSendSuper(receiver, definedIn: child, _cmd)
      return .string("child of \(inherited.stringValue ?? "?")")
    }
    let object = try new(child, in: runtime)
    #expect(try runtime.msgSend(object, "greet") == "child of first")
    try child.setSuperclass(second)
    #expect(try runtime.msgSend(object, "greet") == "child of second", "the superclass is read at the send")
    try runtime.checkInvariants()
  }

  @Test func superSendFromADeeperClassStartsAboveTheDefiningClassNotTheReceiversClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(person, "title", "person")
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try student.addMethod("title", types: "@16@0:8") { receiver, _cmd, _ in
      .string("student/" + (try runtime.msgSendSuper(receiver, definedIn: student, _cmd).stringValue ?? ""))
    }
    let graduate = try makeSubclass(of: student, named: "Graduate", in: runtime)
    try graduate.addMethod("title", types: "@16@0:8") { receiver, _cmd, _ in
      .string("graduate/" + (try runtime.msgSendSuper(receiver, definedIn: graduate, _cmd).stringValue ?? ""))
    }
    let object = try new(graduate, in: runtime)
    #expect(try runtime.msgSend(object, "title") == "graduate/student/person")
    try runtime.checkInvariants()
  }

  @Test func superSendWithArgumentsRelativeToTheDefiningClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try student.addMethod("setAge:", types: "v24@0:8q16") { receiver, _cmd, arguments in
      try Runtime.msgSendSuper(receiver, definedIn: student, _cmd, .int64((arguments[0].intValue.map(Int64.init) ?? 0) + 1))
    }
    try student.addMethod("setName:", types: "v24@0:8@16") { receiver, _cmd, arguments in
      try runtime.msgSendSuper(receiver, definedIn: student, _cmd, arguments: arguments)
    }
    let stu = try new(student, in: runtime)
    try runtime.msgSend(stu, "setAge:", 41)
    try runtime.msgSend(stu, "setName:", "Stu")
    #expect(try runtime.msgSend(stu, "age") == 42)
    #expect(try runtime.msgSend(stu, "name") == "Stu")
    try runtime.checkInvariants()
  }

  @Test func classMethodSuperSendRelativeToTheMetaclass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.isa.addMethod("kind", types: "@16@0:8") { _, _, _ in "person" }
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try student.isa.addMethod("kind", types: "@16@0:8") { receiver, _cmd, _ in
      .string("student+" + (try Runtime.msgSendSuper(receiver, definedIn: student.isa, _cmd).stringValue ?? ""))
    }
    #expect(try runtime.msgSend(student, "kind") == "student+person")
    try runtime.checkInvariants()
  }

  @Test func superSendToNilReturnsNilWithoutLookingUp() throws {
    let runtime = Runtime()
    #expect(try Runtime.msgSendSuper(nil, definedIn: runtime.rootClass, "anything") == .nil)
    #expect(try runtime.msgSendSuper(nil, definedIn: runtime.rootClass, "anything:", 1) == .nil)
    try runtime.checkInvariants()
  }

  @Test func superSendFromARootClassIsRefused() throws {
    let runtime = Runtime()
    let object = try new(runtime.rootClass, in: runtime)
    let error = expectError(.invalidArgument) { try runtime.msgSendSuper(object, definedIn: runtime.rootClass, "description") }
    #expect(error?.message == "-[NSObject description]: super send from the root class NSObject, which has no superclass")
    try runtime.checkInvariants()
  }
}
