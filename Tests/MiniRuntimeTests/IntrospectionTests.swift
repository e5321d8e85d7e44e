// IntrospectionTests.swift: the readable dumps of classes and objects (Introspection.swift).

import Testing

@testable import MiniRuntime

@Suite struct IntrospectionTests {
  @Test func classDumpListsEverything() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeClass("Student", superclass: person, in: runtime) { cls in
      try cls.synthesizeProperty("school", type: .object(className: "NSString"), options: [.copy, .nonatomic])
      try cls.isa.addMethod("enroll", types: "@16@0:8", implementation: returning("enrolled"))
    }
    let lines = student.dump().split(separator: "\n").map(String.init)
    #expect(lines.first == "class Student : Person")
    #expect(lines.contains("  superclass chain: Student → Person → NSObject"))
    #expect(lines.contains("  metaclass: Student (meta), isa → NSObject (meta), superclass → Person (meta)"))
    #expect(lines.contains("  state: registered, live instances: 0"))
    #expect(lines.contains("    _school  @\"NSString\"  (offset 24, 8 bytes)"))
    #expect(lines.contains("    school  T@\"NSString\",C,N,V_school"))
    #expect(
      lines.contains { $0.hasPrefix("    -school ") && $0.contains("@16@0:8") && $0.hasSuffix("-[Student school]") })
    #expect(lines.contains { $0.hasPrefix("    -setSchool: ") && $0.contains("v24@0:8@16") })
    #expect(lines.contains { $0.hasPrefix("    +enroll ") && $0.contains("@16@0:8") })
    #expect(!lines.contains { $0.contains("-age") }, "inherited methods are not listed")
    #expect(lines.firstIndex(of: "  ivars:")! < lines.firstIndex(of: "  properties:")!)
    #expect(lines.firstIndex(of: "  instance methods:")! < lines.firstIndex(of: "  class methods:")!)
    try runtime.checkInvariants()
  }

  @Test func classDumpSaysNoneForEmptySections() throws {
    let runtime = Runtime()
    let empty = try makeClass("Empty", in: runtime)
    let dump = empty.dump()
    #expect(dump.contains("  ivars: (none)"))
    #expect(dump.contains("  properties: (none)"))
    #expect(dump.contains("  instance methods: (none)"))
    #expect(dump.contains("  class methods: (none)"))
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    #expect(draft.dump().contains("state: not registered"))
    try runtime.checkInvariants()
  }

  @Test func rootClassDumpShowsRootMetaclassPattern() throws {
    let runtime = Runtime()
    let dump = runtime.rootClass.dump()
    #expect(dump.hasPrefix("class NSObject : (root)"))
    #expect(dump.contains("  metaclass: NSObject (meta), isa → NSObject (meta), superclass → NSObject\n"))
    #expect(dump.contains("    +alloc "))
    #expect(dump.contains("    -respondsToSelector: "))
    let metaDump = runtime.rootClass.isa.classDump()
    #expect(metaDump.hasPrefix("metaclass NSObject : NSObject"))
    try runtime.checkInvariants()
  }

  @Test func objectDumpListsIvarValues() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeClass("Student", superclass: person, in: runtime) { try $0.addIvar("_grade", type: .double) }
    let stu = try new(student, in: runtime)
    try runtime.msgSend(stu, "setAge:", 20)
    try runtime.msgSend(stu, "setName:", "Stu")
    try stu.setValue(1.5, forIvar: "_grade")
    try stu.setAssociatedObject("x", forKey: AssociationKey("note"), policy: .retain)
    let lines = stu.dump().split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "<Student: \(stu.address)>",
        "  isa: Student",
        "  ivars:",
        "    _age = 20  (q)",
        "    _name = \"Stu\"  (@\"NSString\")",
        "    _grade = 1.5  (d)",
        "  associated objects: note",
      ])
    try runtime.checkInvariants()
  }

  @Test func objectDumpOfPlainObjectSaysNone() throws {
    let runtime = Runtime()
    let plain = try new(runtime.rootClass, in: runtime)
    #expect(
      plain.dump() == "<NSObject: \(plain.address)>\n  isa: NSObject\n  ivars: (none)\n  associated objects: (none)")
    try runtime.checkInvariants()
  }

  @Test func dumpSendsNoMessages() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let sends = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver(includingMessageSends: true) { sends.append($0) }
    _ = ann.dump()
    _ = person.dump()
    observation.cancel()
    #expect(sends.count == 0)
    try runtime.checkInvariants()
  }
}
