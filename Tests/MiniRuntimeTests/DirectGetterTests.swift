// DirectGetterTests.swift: a synthesized getter read in place answers what its send answers, and
// answers nothing whenever the send could be told apart (DirectGetter.swift).

import Testing

@testable import MiniRuntime

@Suite struct DirectGetterTests {
  /// `Person` with a synthesized `age` (q) and `name` (nonatomic object), registered and sent to
  /// once (so it is initialized), and an instance aged 42 named "Ann".
  struct Fixture {
    let runtime = Runtime()
    let person: Class
    let ann: Object

    init() throws {
      person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
      try person.synthesizeProperty("age", type: .longLong)
      try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.nonatomic])
      try runtime.registerClassPair(person)
      ann = try #require(try runtime.msgSend(person, "new").objectValue)
      try runtime.msgSend(ann, "setAge:", 42)
      try runtime.msgSend(ann, "setName:", .string("Ann"))
    }
  }

  @Test func aSynthesizedGetterIsReadInPlaceAsItsSendAnswers() throws {
    let f = try Fixture()
    let age = DirectGetter("age", in: f.person)
    let name = DirectGetter("name", in: f.person)
    #expect(!age.isNone && !name.isNone)
    #expect(age.read(f.ann) == (try f.runtime.msgSend(f.ann, "age")))
    #expect(age.read(f.ann) == .int64(42))
    #expect(name.read(f.ann)?.stringValue == "Ann")
    try f.runtime.checkInvariants()
  }

  @Test func aUserGetterHasNoDirectRead() throws {
    let f = try Fixture()
    try f.person.addMethod("nickname", types: "@16@0:8") { _, _, _ in .string("Annie") }
    #expect(DirectGetter("nickname", in: f.person).isNone)
    #expect(DirectGetter("setAge:", in: f.person).isNone, "a setter is not a getter")
    #expect(DirectGetter("missing", in: f.person).isNone, "forwarded: nothing to read")
    #expect(DirectGetter("nickname", in: f.person).read(f.ann) == nil)
    try f.runtime.checkInvariants()
  }

  @Test func anInstanceOfAnotherClassIsNotReadInPlace() throws {
    let f = try Fixture()
    let student = try f.runtime.allocateClassPair(superclass: f.person, name: "Student")
    try f.runtime.registerClassPair(student)
    try student.addMethod("age", types: "q16@0:8") { _, _, _ in .int64(7) }  // a subclass override
    let stu = try #require(try f.runtime.msgSend(student, "new").objectValue)
    #expect(DirectGetter("age", in: f.person).read(stu) == nil)
    #expect(try f.runtime.msgSend(stu, "age") == .int64(7))
    try f.runtime.checkInvariants()
  }

  @Test func tracedSendsAreNotReadInPlace() throws {
    let f = try Fixture()
    let age = DirectGetter("age", in: f.person)
    let tracing = f.runtime.addEventObserver(includingMessageSends: true) { _ in }
    #expect(age.read(f.ann) == nil, "a traced send emits messageSent: the caller must send")
    tracing.cancel()
    #expect(age.read(f.ann) == .int64(42))
    try f.runtime.checkInvariants()
  }

  @Test func anUninitializedClassIsNotReadInPlace() throws {
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Quiet")
    try cls.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(cls)
    let object = try cls.createInstance()  // sends nothing: the class is not initialized
    #expect(!cls.isInitialized)
    #expect(DirectGetter("age", in: cls).read(object) == nil, "a send would run +initialize first")
    try runtime.checkInvariants()
  }
}
