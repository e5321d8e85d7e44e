// ImplementationBlockTests.swift: imp_implementationWithBlock, imp_getBlock and imp_removeBlock
// (Implementation.swift, Implementation+Block.swift).

import Testing

@testable import MiniRuntime

@Suite struct ImplementationBlockTests {
  @Test func blockImplementationAnswersItsBlock() throws {
    let runtime = Runtime()
    let ann = try runtime.rootClass.createInstance()
    let imp = Implementation(name: "greet") { _, selector, _ in .string("hello from \(selector.name)") }
    let block = try #require(imp.block)
    #expect(try block(ann, "greet", []) == "hello from greet")
  }

  @Test func methodAddedWithAClosureIsBlockBacked() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("greet", types: "@16@0:8") { _, _, _ in "hello" }
    #expect(try person.instanceMethod(for: "greet")?.implementation.block != nil)
  }

  @Test func functionImplementationAnswersNoBlock() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(Implementation.forwarding.block == nil)  // _objc_msgForward
    #expect(try person.instanceMethod(for: "setAge:")?.implementation.block == nil)  // synthesized
    #expect(try runtime.rootClass.instanceMethod(for: "description")?.implementation.block == nil)
    #expect(Implementation(function: "f") { _, _, _ in .nil }.block == nil)
  }

  @Test func removeBlockAnswersTrueOnceForABlock() throws {
    let imp = Implementation(name: "greet") { _, _, _ in "hello" }
    #expect(imp.removeBlock())
    #expect(!imp.removeBlock(), "already removed")
    #expect(imp.block == nil)
  }

  @Test func removeBlockAnswersFalseForAFunction() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let setter = try #require(try person.instanceMethod(for: "setAge:")?.implementation)
    #expect(!setter.removeBlock())
    #expect(!Implementation.forwarding.removeBlock())
    let ann = try new(person, in: runtime)
    try runtime.msgSend(ann, "setAge:", 3)  // still runs
    #expect(try runtime.msgSend(ann, "age") == 3)
    try runtime.checkInvariants()
  }

  @Test func sendReachingARemovedBlockThrowsBlockRemoved() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let runs = Recorder<String>()
    let imp = Implementation(name: "-[Person greet]") { _, _, _ in
      runs.append("ran")
      return "hello"
    }
    try person.addMethod("greet", types: "@16@0:8", implementation: imp)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "greet") == "hello")  // cached now
    #expect(imp.removeBlock())
    let cached = expectError(.blockRemoved) { try runtime.msgSend(ann, "greet") }
    #expect(cached?.message == "-[Person greet]: the implementation's block was removed by imp_removeBlock")
    runtime.flushCaches(person)
    expectError(.blockRemoved) { try runtime.msgSend(ann, "greet") }  // uncached
    expectError(.blockRemoved) { _ = try imp(ann, "greet", []) }  // called directly
    let method = try #require(try person.instanceMethod(for: "greet"))
    expectError(.blockRemoved) { _ = try method.invoke(ann, []) }  // method_invoke
    #expect(runs.all == ["ran"], "the closure never ran after the removal")
    try runtime.checkInvariants()
  }

  @Test func classMethodOfARemovedBlockNamesTheClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let imp = Implementation(name: "+[Person create]") { _, _, _ in "made" }
    try person.isa.addMethod("create", types: "@16@0:8", implementation: imp)
    imp.removeBlock()
    let error = expectError(.blockRemoved) { try runtime.msgSend(person, "create") }
    #expect(error?.message.hasPrefix("+[Person create]:") == true)
  }
}
