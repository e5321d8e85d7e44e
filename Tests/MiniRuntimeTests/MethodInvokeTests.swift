// MethodInvokeTests.swift: method_invoke and method_getDescription (Method+Invoke.swift), and
// object_isClass (Object.swift).

import Testing

@testable import MiniRuntime

@Suite struct MethodInvokeTests {
  @Test func invokeRunsThatMethodEvenWhereTheReceiversClassOverridesIt() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try addReturning(person, "greet", "person's greet"))
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    #expect(try addReturning(student, "greet", "student's greet"))
    let pupil = try new(student, in: runtime)
    let inherited = try #require(try person.instanceMethod(for: "greet"))
    #expect(try runtime.msgSend(pupil, "greet") == "student's greet")
    #expect(try inherited.invoke(pupil) == "person's greet", "no lookup: the method held is the one run")
  }

  @Test func invokePassesTheMethodsOwnSelectorAndTheArguments() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let seen = Box<String>("")
    try person.addMethod("describe:with:", types: "@32@0:8@16@24") { _, selector, arguments in
      seen.value = selector.name
      return .string((arguments[0].stringValue ?? "?") + " " + (arguments[1].stringValue ?? "?"))
    }
    let method = try #require(try person.instanceMethod(for: "describe:with:"))
    let ann = try new(person, in: runtime)
    #expect(try method.invoke(ann, ["a", "b"]) == "a b")
    #expect(seen.value == "describe:with:")
  }

  @Test func invokeChecksTheArgumentCountAndNilRunsNothing() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let setter = try #require(try person.instanceMethod(for: "setAge:"))
    let ann = try new(person, in: runtime)
    _ = expectError(.wrongArgumentCount) { _ = try setter.invoke(ann) }
    #expect(try setter.invoke(nil, [7]) == .nil)
    _ = try setter.invoke(ann, [.int64(7)])
    #expect(try runtime.msgSend(ann, "age") == 7)
  }

  @Test func invokeFollowsTheMethodsCurrentImplementation() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try addReturning(person, "greet", "hello"))
    let method = try #require(try person.instanceMethod(for: "greet"))
    _ = try method.setImplementation(returning("swizzled"))
    #expect(try method.invoke(try new(person, in: runtime)) == "swizzled")
  }

  @Test func descriptionHoldsTheNameAndTypes() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let method = try #require(try person.instanceMethod(for: "setAge:"))
    #expect(method.methodDescription == MethodDescription(selector: "setAge:", types: "v24@0:8q16"))
  }

  @Test func classesAndMetaclassesAreClassesAndInstancesAreNot() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(person.isClass)
    #expect(person.isa.isClass)
    #expect(person.isa.isa.isClass, "the root metaclass is a class too")
    #expect(!(try new(person, in: runtime)).isClass)
  }
}
