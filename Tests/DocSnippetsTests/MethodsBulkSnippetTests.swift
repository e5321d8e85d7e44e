// MethodsBulkSnippetTests.swift: the example of docs/runtime.md#adding-methods-in-bulk (see
// RuntimeSnippetTests.swift for the snippet convention).

import MiniRuntime
import Testing

@Suite struct MethodsBulkSnippetTests {
  @Test func addMethodsAnswersTheSelectorsNotAdded() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    let ann = try person.createInstance()
    let hello = Implementation(name: "-[Person greet]") { _, _, _ in "hello" }
    let seven = Implementation(name: "-[Person age]") { _, _, _ in .int64(7) }
    // snippet: docs/runtime.md#adding-methods-in-bulk
    let failed = try person.addMethods([
      ("greet", hello, "@16@0:8"),  // new: added
      ("age", seven, "q16@0:8"),  // Person has -age already: not added
    ])
    #expect(failed == ["age"])  // class_addMethodsBulk's outFailedCount names
    try person.replaceMethods([("age", seven, "q16@0:8")])  // class_replaceMethodsBulk: no failures
    #expect(try runtime.msgSend(ann, "age") == 7)
    #expect(try runtime.msgSend(ann, "greet") == "hello")
    // end snippet
    try runtime.checkInvariants()
  }
}
