// MethodTests.swift: adding, replacing, exchanging, finding and listing methods
// (Class+Methods.swift, Method.swift, Implementation.swift).

import Testing

@testable import MiniRuntime

@Suite struct MethodTests {
  @Test func addMethodAddsAndReturnsTrue() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let greet = returning("hello")
    #expect(try person.addMethod("greet", types: "@16@0:8", implementation: greet))
    let method = try #require(try person.instanceMethod(for: "greet"))
    #expect(method.implementation === greet)
    #expect(method.owner === person)
    #expect(method.selector == "greet")
    #expect(method.typeEncoding == "@16@0:8")
    #expect(method.description == "-greet @16@0:8")
    #expect(try runtime.msgSend(try new(person, in: runtime), "greet") == "hello")
    try runtime.checkInvariants()
  }

  @Test func addMethodRefusesExistingSelector() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let original = returning("original")
    try person.addMethod("greet", types: "@16@0:8", implementation: original)
    let listBefore = person.methodList.map(\.selector)
    #expect(try person.addMethod("greet", types: "@16@0:8", implementation: returning("again")) == false)
    #expect(try person.addMethod("greet", types: "v16@0:8", implementation: returning("other types")) == false)
    #expect(try person.instanceMethod(for: "greet")?.implementation === original)
    #expect(try person.instanceMethod(for: "greet")?.typeEncoding == "@16@0:8")
    #expect(person.methodList.map(\.selector) == listBefore)
    #expect(try runtime.msgSend(try new(person, in: runtime), "greet") == "original")
    try runtime.checkInvariants()
  }

  @Test func addMethodOverridingInheritedMethodReturnsTrue() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try addReturning(person, "greet", "person")
    #expect(try addReturning(student, "greet", "student"))
    #expect(try student.instanceMethod(for: "greet")?.owner === student)
    #expect(try person.instanceMethod(for: "greet")?.implementation.name == "person")
    #expect(try runtime.msgSend(try new(student, in: runtime), "greet") == "student")
    #expect(try runtime.msgSend(try new(person, in: runtime), "greet") == "person")
    try runtime.checkInvariants()
  }

  /// Only a string that does not parse is refused: objc4 checks no encoding against its selector
  /// (MethodTypesAsObjC4TakesThemTests has those).
  @Test(arguments: [("greet", "v@:z"), ("greet", "@16@0:8x"), ("setAge:", "v@:{broken"), ("age", "q@:^")])
  func addMethodWithUnparseableTypesThrowsInvalidTypeEncoding(selector: String, types: String) throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let sel = try Selector(validating: selector)
    let before = person.methodList.count
    expectError(.invalidTypeEncoding) { try person.addMethod(sel, types: types, implementation: returning("x")) }
    expectError(.invalidTypeEncoding) { try person.replaceMethod(sel, types: types, implementation: returning("x")) }
    #expect(person.methodList.count == before)
    try runtime.checkInvariants()
  }

  @Test func addMethodAcceptsClassReceiverEncoding() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try person.isa.addMethod("create", types: "@16#0:8", implementation: returning("made")))
    #expect(try runtime.msgSend(person, "create") == "made")
    try runtime.checkInvariants()
  }

  @Test func replaceMethodReturnsPreviousImplementation() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let first = returning("first")
    let second = returning("second")
    try person.addMethod("greet", types: "@16@0:8", implementation: first)
    let old = try person.replaceMethod("greet", types: "v16@0:8", implementation: second)
    #expect(old === first)
    #expect(try person.instanceMethod(for: "greet")?.implementation === second)
    #expect(try person.instanceMethod(for: "greet")?.typeEncoding == "@16@0:8", "types are used only when adding")
    #expect(person.methodList.filter { $0.selector == "greet" }.count == 1)
    try runtime.checkInvariants()
  }

  @Test func replaceMethodAddsWhenClassHasNoneAndReturnsNil() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try addReturning(person, "greet", "person")
    let added = returning("student")
    #expect(try student.replaceMethod("greet", types: "@16@0:8", implementation: added) == nil)
    #expect(student.methodList.map(\.selector) == ["greet"])
    #expect(try student.instanceMethod(for: "greet")?.implementation === added)
    #expect(try person.instanceMethod(for: "greet")?.implementation.name == "person", "the superclass is untouched")
    try runtime.checkInvariants()
  }

  @Test func exchangeImplementationSwapsImplementations() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let a = returning("a")
    let b = returning("b")
    try person.addMethod("first", types: "@16@0:8", implementation: a)
    try person.addMethod("second", types: "@16@0:8", implementation: b)
    let first = try #require(try person.instanceMethod(for: "first"))
    let second = try #require(try person.instanceMethod(for: "second"))
    try first.exchangeImplementation(with: second)
    #expect(first.implementation === b)
    #expect(second.implementation === a)
    #expect(first.selector == "first", "selectors stay; only implementations move")
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "first") == "b")
    #expect(try runtime.msgSend(ann, "second") == "a")
    try first.exchangeImplementation(with: second)
    #expect(try runtime.msgSend(ann, "first") == "a")
    try runtime.checkInvariants()
  }

  @Test func exchangeImplementationAcrossClassesSwapsBoth() throws {
    let runtime = Runtime()
    let person = try makeClass("Person", in: runtime) { try addReturning($0, "greet", "person") }
    let robot = try makeClass("Robot", in: runtime) { try addReturning($0, "beep", "robot") }
    try person.instanceMethod(for: "greet")!.exchangeImplementation(with: try robot.instanceMethod(for: "beep")!)
    #expect(try runtime.msgSend(try new(person, in: runtime), "greet") == "robot")
    #expect(try runtime.msgSend(try new(robot, in: runtime), "beep") == "person")
    expectError(.foreignRuntime) {
      let other = Runtime()
      let alien = try makeClass("Alien", in: other) { try addReturning($0, "zap", "alien") }
      try person.instanceMethod(for: "greet")!.exchangeImplementation(with: try alien.instanceMethod(for: "zap")!)
    }
    try runtime.checkInvariants()
  }

  @Test func setImplementationReturnsPreviousImplementation() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let original = returning("original")
    try person.addMethod("greet", types: "@16@0:8", implementation: original)
    let method = try #require(try person.instanceMethod(for: "greet"))
    let replacement = returning("replacement")
    #expect(try method.setImplementation(replacement) === original)
    #expect(method.implementation === replacement)
    #expect(try runtime.msgSend(try new(person, in: runtime), "greet") == "replacement")
    try runtime.checkInvariants()
  }

  @Test func methodOfDisposedClassRefusesChanges() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let robot = try makeClass("Robot", in: runtime) { try addReturning($0, "beep", "robot") }
    let beep = try #require(try robot.instanceMethod(for: "beep"))
    let original = beep.implementation
    try runtime.disposeClassPair(robot)
    let generation = runtime.methodGeneration
    let error = expectError(.invalidClassState) { try beep.setImplementation(returning("late")) }
    #expect(error?.message.contains("'Robot' was disposed") == true, "\(error?.message ?? "")")
    expectError(.invalidClassState) { try person.instanceMethod(for: "age")!.exchangeImplementation(with: beep) }
    expectError(.invalidClassState) { try beep.exchangeImplementation(with: try person.instanceMethod(for: "age")!) }
    #expect(beep.implementation === original)
    #expect(try person.instanceMethod(for: "age")?.implementation.name == "-[Person age]")
    #expect(runtime.methodGeneration == generation)
    try runtime.checkInvariants()
  }

  @Test func instanceMethodSearchesSuperclasses() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let grad = try makeSubclass(of: student, named: "Grad", in: runtime)
    #expect(try grad.instanceMethod(for: "age")?.owner === person)
    #expect(try grad.instanceMethod(for: "respondsToSelector:")?.owner === runtime.rootClass)
    #expect(try grad.instanceMethod(for: "fly") == nil)
    #expect(try grad.instanceMethod(for: "alloc") == nil, "class methods are not instance methods")
    try runtime.checkInvariants()
  }

  @Test func classMethodSearchesMetaclassSuperclasses() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try person.isa.addMethod("create", types: "@16@0:8", implementation: returning("made"))
    #expect(try student.classMethod(for: "create")?.owner === person.isa)
    #expect(try student.classMethod(for: "alloc")?.owner === runtime.rootClass.isa)
    #expect(try student.classMethod(for: "age") == nil, "instance methods of Person are not class methods")
    #expect(try student.classMethod(for: "hash")?.owner === runtime.rootClass, "the root metaclass inherits NSObject")
    #expect(try runtime.msgSend(student, "create") == "made")
    try runtime.checkInvariants()
  }

  @Test func methodListListsNewestMethodFirst() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(person, "first", "1")
    try addReturning(person, "second", "2")
    try addReturning(person, "third", "3")
    // objc4's attachLists puts each newly attached (one-method) list in front.
    #expect(Array(person.methodList.prefix(3).map(\.selector.name)) == ["third", "second", "first"])
    #expect(person.methodList.map(\.selector.name).suffix(4) == ["setName:", "name", "setAge:", "age"])
    try runtime.checkInvariants()
  }

  @Test func replaceMethodThatAddsPutsMethodFirst() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(person, "greet", "hello")
    #expect(try person.replaceMethod("wave", types: "@16@0:8", implementation: returning("wave")) == nil)
    #expect(try person.replaceMethod("greet", types: "@16@0:8", implementation: returning("hi")) != nil)
    #expect(Array(person.methodList.prefix(2).map(\.selector.name)) == ["wave", "greet"], "a replacement keeps its place")
    try runtime.checkInvariants()
  }

  @Test func methodListListsOwnMethodsOnly() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeClass("Student", superclass: person, in: runtime) { cls in
      try addReturning(cls, "zeta", "z")
      try addReturning(cls, "alpha", "a")
      try addReturning(cls, "age", "overridden")
    }
    try addReturning(student, "middle", "m")
    #expect(student.methodList.map(\.selector.name) == ["middle", "age", "alpha", "zeta"])  // newest first
    #expect(person.methodList.map(\.selector.name) == ["setName:", "name", "setAge:", "age"])
    #expect(student.methodList.allSatisfy { $0.owner === student })
    #expect(student.isa.methodList.isEmpty)
    #expect(!runtime.rootClass.methodList.contains { $0.selector == "alloc" })
    try runtime.checkInvariants()
  }

  @Test func methodImplementationIsForwardingWhenNothingImplements() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try person.methodImplementation(for: "fly") === Implementation.forwarding)
    #expect(try person.methodImplementation(for: "age") === person.instanceMethod(for: "age")?.implementation)
    #expect(try person.isa.methodImplementation(for: "alloc") === person.classMethod(for: "alloc")?.implementation)
    #expect(!person.instancesRespond(to: "fly"))
    #expect(person.instancesRespond(to: "age"))
    try runtime.checkInvariants()
  }

  @Test func implementationIsCallableDirectly() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    try runtime.msgSend(ann, "setAge:", 9)
    let getter = try #require(try person.instanceMethod(for: "age")).implementation
    #expect(try getter(ann, "age", []) == 9)
    #expect(getter.name == "-[Person age]")
    #expect(getter.description == "-[Person age]")
    try runtime.checkInvariants()
  }

  @Test func argumentsHoldAnyCountAndReadNilPastTheEnd() {
    let none = Arguments()
    let one = Arguments(1)
    let two = Arguments(1, "b")
    let many: Arguments = [1, 2, 3, 4]
    #expect(none.count == 0)
    #expect(none[0] == .nil)
    #expect(one.count == 1)
    #expect(one[0] == 1)
    #expect(one[1] == .nil)
    #expect(two.values == [1, "b"])
    #expect(two[-1] == .nil)
    #expect(many.count == 4)
    #expect(many[3] == 4)
    #expect(many[4] == .nil)
    #expect(Arguments([1, 2]).count == 2)
    #expect(many.description == "1, 2, 3, 4")
  }

  @Test func sendWithManyArgumentsPassesThemInOrder() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("sumOf:and:and:", types: "q40@0:8q16q24q32") { _, _, arguments in
      .int(arguments[0].intValue! * 100 + arguments[1].intValue! * 10 + arguments[2].intValue!)
    }
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "sumOf:and:and:", arguments: [1, 2, 3]) == 123)
    expectError(.wrongArgumentCount) { try runtime.msgSend(ann, "sumOf:and:and:", arguments: [1, 2]) }
    try runtime.checkInvariants()
  }
}
