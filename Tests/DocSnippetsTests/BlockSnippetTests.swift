// BlockSnippetTests.swift: the example of docs/runtime.md#blocks
// (see RuntimeSnippetTests.swift for the snippet convention).

import MiniRuntime
import Testing

@Suite struct BlockSnippetTests {
  @Test func aBlockIsCalledNotSent() throws {
    let runtime = Runtime()
    // snippet: docs/runtime.md#blocks
    let twice = try runtime.makeBlock { arguments in .int((arguments[0].intValue ?? 0) * 2) }  // ^(NSInteger n){ return n * 2; }
    #expect(twice.isa.name == "__NSMallocBlock__")  // under NSBlock, under NSObject
    #expect(try twice.callBlock([21]) == 42)  // twice(21): a call, not a message
    let stack = try runtime.makeBlock(kind: .stack) { _ in 1 }  // a block that captures, before its copy
    #expect(try runtime.msgSend(stack, "copy").objectValue?.isa.name == "__NSMallocBlock__")
    // end snippet
    try runtime.checkInvariants()
  }
}
