// ReadmeSnippetTests.swift: the examples of the repository's README.md. The code between
// `// snippet: README.md#<section>` and `// end snippet` is the example, verbatim
// (SnippetSyncTests checks it, imports included); what follows a region checks what its comments
// claim.

import KVOController
import MiniRuntime
import Testing

@Suite struct ReadmeSnippetTests {
  @Test func aFirstLookMakesAClassSendsMessagesAndObservesWithAController() throws {
    // snippet: README.md#a-first-look
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)  // ivar _age, methods age and setAge:
    try runtime.registerClassPair(person)

    let ann = try runtime.msgSend(person, "new").objectValue  // [Person new]
    try runtime.msgSend(ann, "setAge:", 42)  // [ann setAge:42]
    let age = try runtime.msgSend(ann, "age")  // 42
    let className = ann?.isa.name  // "Person": object_getClass(ann)
    let isMeta = person.isa.isMetaclass  // true: a class's isa is its metaclass
    print(person.dump())  // ivars, properties, methods
    // end snippet
    #expect(age == 42 && className == "Person" && isMeta)

    // snippet: README.md#a-first-look (2)
    let watcher = try runtime.rootClass.createInstance()  // any object can observe
    try watcher.kvoController.observe(ann, keyPath: "age", options: [.new]) { watcher, person, change in
      print("age is now", change.new ?? nil)  // age is now 43
    }
    try runtime.msgSend(ann, "setAge:", 43)  // ann's isa is NSKVONotifying_Person now
    // end snippet
    #expect(ann?.isa.name == "NSKVONotifying_Person")
    #expect(watcher.kvoController.observedKeyPaths(of: try #require(ann)) == ["age"])

    // snippet: README.md#a-first-look (3)
    try person.addMethod("description") { _, _, _ in "a person" }  // NSObject's types, "@16@0:8"
    try person.addMethod("isAdult", types: .compiled(returning: .bool)) { receiver, _, _ in
      .bool((try Runtime.msgSend(receiver, "age").intValue ?? 0) >= 18)
    }  // "B16@0:8", as clang compiles -(BOOL)isAdult
    // end snippet
    #expect(try person.instanceMethod(for: "description")?.typeEncoding == "@16@0:8")
    #expect(try person.instanceMethod(for: "isAdult")?.typeEncoding == "B16@0:8")
    #expect(try runtime.msgSend(ann, "isAdult") == true)
    #expect(try runtime.msgSend(ann, "description") == "a person")
    try runtime.checkInvariants()
  }
}
