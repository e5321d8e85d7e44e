// MethodsBulkTests.swift: class_addMethodsBulk and class_replaceMethodsBulk (Class+MethodsBulk.swift).

import Testing

@testable import MiniRuntime

@Suite struct MethodsBulkTests {
  @Test func addMethodsPutsTheNewMethodsInFrontInInputOrder() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let failed = try person.addMethods([
      ("greet", returning("hello"), "@16@0:8"),
      ("wave", returning("waving"), "@16@0:8"),
    ])
    #expect(failed.isEmpty)
    #expect(person.methodList.prefix(2).map(\.selector) == ["greet", "wave"])
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "wave") == "waving")
    try runtime.checkInvariants()
  }

  @Test func addMethodsAnswersTheSelectorsAlreadyPresentInInputOrder() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let failed = try person.addMethods([
      ("setName:", returning("no"), "v24@0:8@16"),
      ("greet", returning("hello"), "@16@0:8"),
      ("age", returning("no"), "q16@0:8"),
      ("description", returning("a person"), "@16@0:8"),  // NSObject's: overridden, not refused
    ])
    #expect(failed == ["setName:", "age"])
    try runtime.msgSend(ann, "setAge:", 5)
    #expect(try runtime.msgSend(ann, "age") == 5, "the class's own -age is unchanged")
    #expect(try runtime.msgSend(ann, "description") == "a person")
    try runtime.checkInvariants()
  }

  @Test func addMethodsFlushesTheCachesOnceForAllTheSelectors() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try addReturning(person, "greet", "hello")
    try addReturning(person, "wave", "waving")
    let stu = try new(student, in: runtime)
    #expect(try runtime.msgSend(stu, "greet") == "hello")  // cached in Student
    #expect(try runtime.msgSend(stu, "wave") == "waving")
    let generation = runtime.methodGeneration
    try student.addMethods([("greet", returning("hi"), "@16@0:8"), ("wave", returning("bye"), "@16@0:8")])
    #expect(runtime.methodGeneration == generation + 1, "one change, one invalidation")
    #expect(try runtime.msgSend(stu, "greet") == "hi")
    #expect(try runtime.msgSend(stu, "wave") == "bye")
    try runtime.checkInvariants()
  }

  @Test func bulkCallWithOneBadEntryChangesNothing() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let before = person.methodList.map(\.selector)
    expectError(.invalidTypeEncoding) {
      try person.addMethods([("greet", returning("hello"), "@16@0:8"), ("wave", returning("x"), "@@:z")])
    }
    expectError(.invalidSelectorName) { try person.replaceMethods([("age", returning("x"), "q16@0:8"), (Selector(interning: "a\0b"), returning("x"), "v@:")]) }
    #expect(person.methodList.map(\.selector) == before)
    try runtime.checkInvariants()
  }

  @Test func replaceMethodsReplacesOwnMethodsAndAddsTheRest() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "name") == .nil)  // cached
    try person.replaceMethods([("name", returning("Ann"), "@16@0:8"), ("greet", returning("hello"), "@16@0:8")])
    #expect(try runtime.msgSend(ann, "name") == "Ann")
    #expect(try runtime.msgSend(ann, "greet") == "hello")
    #expect(person.methodList.filter { $0.selector == "name" }.count == 1, "replaced in place")
    try runtime.checkInvariants()
  }

  @Test func selectorGivenTwiceIsAddedTwiceAndTheFirstWins() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let failed = try person.addMethods([("greet", returning("first"), "@16@0:8"), ("greet", returning("second"), "@16@0:8")])
    #expect(failed.isEmpty, "objc4 checks the class as it was before the call")
    #expect(person.methodList.filter { $0.selector == "greet" }.count == 2)
    #expect(try runtime.msgSend(try new(person, in: runtime), "greet") == "first")
    try runtime.checkInvariants()
  }
}
