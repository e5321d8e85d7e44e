// UnionSnippetTests.swift: the example of docs/runtime.md#unions (SnippetSyncTests checks that
// the region below is the example, verbatim).

import MiniRuntime
import Testing

@Suite struct UnionSnippetTests {
  @Test func unionIsItsBytesAndEveryMemberReadsThem() throws {
    // snippet: docs/runtime.md#unions
    let number = try TypeEncoding("(Number=if)")  // union Number { int i; float f; }
    let one = try Union(number, member: 1, .float(1))  // (union Number){ .f = 1 }
    #expect(one.bytes == [0, 0, 0x80, 0x3f])
    #expect(try one.member(0) == .int32(0x3f80_0000))  // the int member reads the float's bits
    #expect(Value.union(one).description == "<0000803f>")  // as NSValue prints its bytes
    // end snippet
  }
}
