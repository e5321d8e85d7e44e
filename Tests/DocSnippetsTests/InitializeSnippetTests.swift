// InitializeSnippetTests.swift: the examples of docs/runtime.md#the-lookup and #initialize (see
// RuntimeSnippetTests.swift for the snippet convention).

import MiniRuntime
import Testing

@Suite struct InitializeSnippetTests {
  @Test func queriesInitializeNothingAndFillNoCacheBeforeInitialize() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    let ann = try person.createInstance()
    // snippet: docs/runtime.md#the-lookup
    #expect(try person.instanceMethod(for: "age")?.typeEncoding == "q16@0:8")  // queries…
    #expect(person.instancesRespond(to: "setAge:"))
    #expect(!person.isInitialized)  // …initialize nothing
    #expect(runtime.invariantViolations() == [])  // and filled no cache of an uninitialized class
    try runtime.msgSend(ann, "setAge:", 7)  // the first real send initializes Person, then caches
    #expect(person.isInitialized)
    let other = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Other")
    try runtime.registerClassPair(other)
    #expect(try other.methodImplementation(for: "fly") === Implementation.forwarding)  // _objc_msgForward
    #expect(other.isInitialized)  // class_getMethodImplementation initializes, as in objc4
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func initializeRunsOncePerClassSuperclassFirst() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    let student = try runtime.allocateClassPair(superclass: person, name: "Student")
    try runtime.registerClassPair(student)
    // snippet: docs/runtime.md#initialize
    let order = Locked<[String]>([])
    try person.isa.addMethod("initialize") { receiver, _, _ in
      order.withLock { $0.append("+[\((receiver as? Class)?.name ?? "?") initialize]") }
      return .nil
    }
    let stu = try student.createInstance()  // class_createInstance sends nothing
    #expect(order.withLock { $0 }.isEmpty)
    try runtime.msgSend(stu, "setAge:", 20)  // the first message: superclass first, then Student
    #expect(order.withLock { $0 } == ["+[Person initialize]", "+[Student initialize]"])  // Person's, twice
    try runtime.msgSend(stu, "setAge:", 21)
    #expect(order.withLock { $0 }.count == 2)  // once per class
    // end snippet
    try runtime.checkInvariants()
  }
}
