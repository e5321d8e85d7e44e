// ImplementationBlockSnippetTests.swift: the example of docs/runtime.md#implementations-from-blocks
// (see RuntimeSnippetTests.swift for the snippet convention).

import MiniRuntime
import Testing

@Suite struct ImplementationBlockSnippetTests {
  @Test func removedBlockNoLongerRuns() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    let ann = try person.createInstance()
    // snippet: docs/runtime.md#implementations-from-blocks
    let hello = try runtime.makeBlock { arguments in "hello" }  // ^(Person *self) { return @"hello"; }
    let greet = try Implementation(name: "-[Person greet]", block: hello)  // imp_implementationWithBlock
    try person.addMethod("greet", types: "@16@0:8", implementation: greet)
    #expect(greet.blockObject === hello && hello.retainCount == 2)  // imp_getBlock: kept, retained
    #expect(try person.instanceMethod(for: "age")?.implementation.block == nil)  // a function, not a block
    #expect(try runtime.msgSend(ann, "greet") == "hello")
    #expect(greet.removeBlock())  // imp_removeBlock: YES once…
    #expect(!greet.removeBlock())  // …NO after that, and for a function
    let gone = #expect(throws: RuntimeError.self) { try runtime.msgSend(ann, "greet") }
    #expect(gone?.code == .blockRemoved)  // the block never runs again
    #expect(hello.retainCount == 1)  // and the implementation's count went
    // end snippet
    try runtime.checkInvariants()
  }
}
