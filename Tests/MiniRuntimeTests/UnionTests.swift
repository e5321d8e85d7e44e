// UnionTests.swift: union values (Union.swift, Union+Bytes.swift): a union is its type and its
// bytes; every member reads and writes those bytes, as in C.

import Testing

@testable import MiniRuntime

@Suite struct UnionTests {
  /// `union Number { int i; float f; }`
  static let number = TypeEncoding.union(name: "Number", fields: [.init(.int), .init(.float)])

  /// A registered `Cell` with a `char` ivar `_c`, then a synthesized `union Number` property `number`.
  static func makeCell(in runtime: Runtime) throws -> Object {
    let cell = try makeClass("Cell", in: runtime) { cls in
      try cls.addIvar("_c", type: .char)
      try cls.synthesizeProperty("number", type: number)
    }
    return try new(cell, in: runtime)
  }

  @Test func unionIvarStartsAsZeroBytes() throws {
    let runtime = Runtime()
    let cell = try Self.makeCell(in: runtime)
    let ivar = try #require(cell.isa.ivar(named: "_number"))
    #expect(ivar.offset == 12 && ivar.size == 4)  // after the isa and _c, 4-aligned
    #expect(try cell.value(ofIvar: "_number") == .union(try Union(zeroOf: Self.number)))
    #expect(Value.zero(of: Self.number) == .union(try Union(Self.number, bytes: [0, 0, 0, 0])))
    try runtime.checkInvariants()
  }

  @Test func readingAnotherMemberReinterpretsTheBytes() throws {
    let one = try Union(Self.number, member: 1, .float(1))
    #expect(one.bytes == [0, 0, 0x80, 0x3f])  // 1.0f, little-endian
    #expect(try one.member(0) == .int32(0x3f80_0000))
    #expect(try one.member(1) == .float(1))
    // A member is written as C assigns to it: 2.9 in the int member is 2.
    #expect(try Union(Self.number, member: 0, .double(2.9)).member(0) == .int32(2))
  }

  @Test func writingASmallerMemberLeavesTheOtherBytesZero() throws {
    let wide = try TypeEncoding("(Wide=qc)")
    let small = try Union(wide, member: 1, .int8(-1))
    #expect(small.bytes == [0xff, 0, 0, 0, 0, 0, 0, 0])
    #expect(try small.member(0) == .int64(255))
  }

  @Test func unionIvarKeepsItsBytesInTheObjectsMemory() throws {
    let runtime = Runtime()
    let cell = try Self.makeCell(in: runtime)
    let half = try Union(Self.number, member: 1, .float(0.5))
    try cell.setValue(.union(half), forIvar: "_number")
    #expect((12..<16).map { cell.storage.byte(at: $0) } == [0, 0, 0, 0x3f])
    #expect(try cell.value(ofIvar: "_number") == .union(half))
    let seven = try Union(Self.number, member: 0, .int32(7))
    try runtime.msgSend(cell, "setNumber:", .union(seven))  // the synthesized setter
    #expect(try runtime.msgSend(cell, "number") == .union(seven))
    #expect((12..<16).map { cell.storage.byte(at: $0) } == [7, 0, 0, 0])
    #expect(cell.storage.byte(at: 8) == 0, "the char before it is untouched")
    try runtime.checkInvariants()
  }

  @Test func unionsAreEqualWhenTypeAndBytesAre() throws {
    let one = try Union(Self.number, member: 0, .int32(1))
    #expect(Value.union(one) == .union(try Union(Self.number, bytes: [1, 0, 0, 0])))
    #expect(Value.union(one) != .union(try Union(Self.number, bytes: [2, 0, 0, 0])))
    #expect(Value.union(one) != .union(try Union(TypeEncoding("(Other=if)"), bytes: [1, 0, 0, 0])))
    #expect(Value.union(one) != .int32(1), "a union is no number, whatever its bytes")
    // Member names, which ivar encodings carry, are not part of the type (as in @encode).
    let named = try Union(TypeEncoding("(Number=\"i\"i\"f\"f)"), member: 0, .int32(1))
    #expect(named == one && named.type == Self.number)
    #expect(Set<Value>([.union(one), .union(named)]).count == 1)
  }

  @Test func unionValueConvertsOnlyToItsOwnUnionType() throws {
    let one = Value.union(try Union(Self.number, member: 0, .int32(1)))
    #expect(try one.assigned(to: TypeEncoding("(Number=\"i\"i\"f\"f)")) == one)
    #expect(try one.converted(to: .qualified(.const, Self.number)) == one)
    expectError(.typeMismatch) { _ = try one.assigned(to: TypeEncoding("(Other=if)")) }
    expectError(.typeMismatch) { _ = try one.assigned(to: TypeEncoding("(Number=fi)")) }
    expectError(.typeMismatch) { _ = try Value.int32(1).assigned(to: Self.number) }
    expectError(.typeMismatch) { _ = try one.assigned(to: .int) }
  }

  @Test func unionArgumentAndReturnValuePassThroughASend() throws {
    let runtime = Runtime()
    let cell = try Self.makeCell(in: runtime)
    // - (union Number)negated:(union Number)n, reading and writing the int member.
    try cell.isa.addMethod(
      "negated:", types: "(Number=if)20@0:8(Number=if)16",
      implementation: Implementation(name: "negated:") { _, _, arguments in
        guard case .union(let value) = arguments[0], case .int32(let int) = try value.member(0) else { return .nil }
        return .union(try Union(Self.number, member: 0, .int32(-int)))
      })
    let five = Value.union(try Union(Self.number, member: 0, .int32(5)))
    let result = try runtime.msgSend(cell, "negated:", five, returning: Self.number)
    #expect(result == .union(try Union(Self.number, member: 0, .int32(-5))))
    #expect(try runtime.msgSend(nil, "negated:", five, returning: Self.number) == .zero(of: Self.number))
    // A method that returns something else for a union return type is refused.
    try cell.isa.addMethod("broken", types: "(Number=if)16@0:8", implementation: Implementation(name: "broken") { _, _, _ in .int32(1) })
    expectError(.typeMismatch) { _ = try runtime.msgSend(cell, "broken", returning: Self.number) }
    try runtime.checkInvariants()
  }

  @Test func structMemberOfUnionTypeHoldsItsBytes() throws {
    let runtime = Runtime()
    let tagged = try TypeEncoding("{Tagged=c(Number=if)}")
    let cls = try makeClass("Holder", in: runtime) { cls in try cls.synthesizeProperty("tagged", type: tagged) }
    let holder = try new(cls, in: runtime)
    let value = Value.structure(Structure(name: "Tagged", fields: [.int8(1), .union(try Union(Self.number, member: 1, .float(2)))]))
    try runtime.msgSend(holder, "setTagged:", value)
    #expect(try runtime.msgSend(holder, "tagged") == value)
    #expect(Value.zero(of: tagged) == .structure(Structure(name: "Tagged", fields: [.int8(0), .zero(of: Self.number)])))
    try runtime.checkInvariants()
  }

  @Test func unionWithAnObjectMemberOrNoMembersHasNoValue() throws {
    let runtime = Runtime()
    let mixed = try TypeEncoding("(Mixed=@i)")
    expectError(.typeMismatch) { _ = try Union(mixed, bytes: Array(repeating: 0, count: 8)) }
    expectError(.typeMismatch) { _ = try Union(TypeEncoding("(Text=*i)"), member: 1, .int32(1)) }
    expectError(.typeMismatch) { _ = try Union(TypeEncoding("(Opaque)"), bytes: []) }
    expectError(.typeMismatch) { _ = try Union(.int, bytes: [0, 0, 0, 0]) }
    expectError(.typeMismatch) { _ = try Union(Self.number, bytes: [0, 0]) }  // not 4 bytes
    expectError(.typeMismatch) { _ = try Union(zeroOf: Self.number).member(2) }
    expectError(.typeMismatch) { _ = try Union(TypeEncoding("(Odd=i?)"), bytes: [0, 0, 0, 0]).member(1) }
    let cls = try makeClass("Raw", in: runtime) { cls in
      try cls.addIvar("_mixed", type: mixed)
      expectError(.invalidTypeEncoding) { try cls.synthesizeProperty("other", type: mixed) }
    }
    let raw = try new(cls, in: runtime)
    expectError(.typeMismatch) { _ = try raw.value(ofIvar: "_mixed") }
    expectError(.typeMismatch) { try raw.setValue(.int32(1), forIvar: "_mixed") }
    #expect(Value.zero(of: mixed) == .nil)
    try runtime.checkInvariants()
  }

  @Test func unionPrintsItsBytesAsNSValueDoes() throws {
    #expect(Value.union(try Union(Self.number, member: 1, .float(1))).description == "<0000803f>")
    #expect(Value.union(try Union(TypeEncoding("(Wide=qc)"), member: 1, .int8(-1))).description == "<ff000000 00000000>")
    #expect(Value.union(try Union(Self.number, member: 0, .int32(1))).encoding.description == "(Number=if)")
  }
}
