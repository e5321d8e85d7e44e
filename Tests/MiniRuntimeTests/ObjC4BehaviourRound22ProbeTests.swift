// ObjC4BehaviourRound22ProbeTests.swift: the twenty-second round's probes of objc4 behaviour
// written as a user would (objc-runtime-new.mm's method lookup and +initialize, from memory):
// a Method found through a subclass is the superclass's, the root metaclass's superclass is
// NSObject, +initialize is sent once per class at its first message, and exchanging a method
// with itself swaps nothing.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound22ProbeTests {
  @Test func setImplementationOnAMethodFoundThroughASubclassChangesTheSuperclass() throws {
    // Already matched: class_getInstanceMethod(Student, greet) answers Person's method_t, so
    // method_setImplementation changes Person's method, flushes Student's cached entry too and
    // adds nothing to Student.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(person, "greet", "hello")
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let ann = try new(person, in: runtime)
    let stu = try new(student, in: runtime)
    #expect(try runtime.msgSend(stu, "greet") == "hello", "cached in Student")
    let method = try #require(try student.instanceMethod(for: "greet"))
    #expect(method === (try person.instanceMethod(for: "greet")))
    let old = try method.setImplementation(returning("hi"))
    #expect(old.name == "hello")
    #expect(try runtime.msgSend(stu, "greet") == "hi")
    #expect(try runtime.msgSend(ann, "greet") == "hi")
    #expect(!student.methodList.contains { $0.selector == "greet" })
    try runtime.checkInvariants()
  }

  @Test func aClassMethodLookupEndsAtNSObjectsInstanceMethods() throws {
    // Already matched: the root metaclass's superclass is NSObject, so class_getClassMethod(Person,
    // sel) for a method only NSObject's instances have answers that very instance method, and
    // [Person sel] runs it with the class as self; neither metaclass lists it.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try runtime.rootClass.addMethod("isAClass", types: "B16@0:8") { receiver, _, _ in .bool(receiver is Class) }
    let instanceMethod = try #require(try runtime.rootClass.instanceMethod(for: "isAClass"))
    #expect(try person.classMethod(for: "isAClass") === instanceMethod)
    #expect(try person.isa.instanceMethod(for: "isAClass") === instanceMethod)
    #expect(try runtime.rootClass.classMethod(for: "isAClass") === instanceMethod)
    #expect(try runtime.msgSend(person, "isAClass") == true)
    #expect(try runtime.msgSend(try new(person, in: runtime), "isAClass") == false)
    #expect(!person.isa.methodList.contains { $0.selector == "isAClass" })
    #expect(!runtime.rootClass.isa.methodList.contains { $0.selector == "isAClass" })
    try runtime.checkInvariants()
  }

  @Test func aCategoryInitializeAttachedAfterInitializationRunsOnlyForClassesNotYetInitialized() throws {
    // Already matched: +initialize is sent once per class, at its first message; a category
    // attached afterwards is not sent to the initialized class, but a subclass without its own
    // +initialize, first messaged later, inherits the category's.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { receiver, _, _ in
      calls.append("class: \((receiver as? Class)?.name ?? "?")")
      return .nil
    }
    _ = try new(person, in: runtime)
    var late = try Category(named: "Late", on: "Person")
    try late.addClassMethod("initialize", types: "v16@0:8") { receiver, _, _ in
      calls.append("category: \((receiver as? Class)?.name ?? "?")")
      return .nil
    }
    var image = Image(named: "Late")
    image.addCategory(late)
    try runtime.loadImage(image)
    _ = try new(person, in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    _ = try new(student, in: runtime)
    #expect(calls.all == ["class: Person", "category: Student"])
    try runtime.checkInvariants()
  }

  @Test func exchangingAMethodWithItselfChangesNothing() throws {
    // Already matched: method_exchangeImplementations(m, m) swaps m's IMP with itself.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(person, "greet", "hello")
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "greet") == "hello")
    let method = try #require(try person.instanceMethod(for: "greet"))
    try method.exchangeImplementation(with: method)
    #expect(method.implementation.name == "hello")
    #expect(try runtime.msgSend(ann, "greet") == "hello")
    try runtime.checkInvariants()
  }
}
