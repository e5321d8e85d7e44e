// RetainReleaseSnippetTests.swift: the examples of docs/runtime.md#manual-retain-and-release, run.

import MiniRuntime
import Testing

@Suite struct RetainReleaseSnippetTests {
  @Test func retainCountAndTheReleaseToZero() throws {
    // snippet: docs/runtime.md#manual-retain-and-release
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    let ann = try #require(try runtime.msgSend(person, "new").objectValue)  // +1, yours
    #expect(try runtime.msgSend(ann, "retainCount") == .uint64(1))
    #expect(try runtime.msgSend(ann, "retain") == .object(ann))  // [ann retain]
    #expect(ann.retainCount == 2)
    _ = try runtime.msgSend(ann, "release")  // back to 1
    _ = try runtime.msgSend(ann, "release")  // to zero: dealloc runs now
    #expect(ann.isDeallocating)
    let error = #expect(throws: RuntimeError.self) { try runtime.msgSend(ann, "release") }
    #expect(error?.message.hasPrefix("*** -[Person release]: message sent to deallocated instance") == true)
    // end snippet
  }

  @Test func aPoolPopReleasesWhatWasAutoreleased() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    // snippet: docs/runtime.md#autorelease-pools
    let weakAnn = WeakVariable()
    let pool = Runtime.autoreleasePoolPush()
    do {
      let ann = try #require(try runtime.msgSend(person, "new").objectValue)
      try weakAnn.store(ann)
      _ = try runtime.msgSend(ann, "autorelease")  // the pool owns the +1 now
    }
    #expect(weakAnn.load() != nil)
    try Runtime.autoreleasePoolPop(pool)  // [ann release]: dealloc runs
    #expect(weakAnn.load() == nil)
    // end snippet
  }
}
