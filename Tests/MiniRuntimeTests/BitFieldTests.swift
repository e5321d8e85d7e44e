// BitFieldTests.swift: bit-field values (Value+BitField.swift): unsigned N-bit integers from
// bit 0 of the field's first byte, written as C assignment to an unsigned N-bit field writes.

import Testing

@testable import MiniRuntime

@Suite struct BitFieldTests {
  /// A registered `Flags` with a `char` ivar `_c`, a 3-bit `_mode` and an 11-bit `_count`.
  static func makeFlags(in runtime: Runtime) throws -> Object {
    let flags = try makeClass("Flags", in: runtime) { cls in
      try cls.addIvar("_c", type: .char)
      try cls.addIvar("_mode", type: .bitField(width: 3))
      try cls.addIvar("_count", type: .bitField(width: 11))
    }
    return try new(flags, in: runtime)
  }

  @Test func bitFieldIvarHasItsOwnBytesFromBitZero() throws {
    let runtime = Runtime()
    let flags = try Self.makeFlags(in: runtime)
    let mode = try #require(flags.isa.ivar(named: "_mode"))
    let count = try #require(flags.isa.ivar(named: "_count"))
    #expect(mode.offset == 9 && mode.size == 1 && count.offset == 10 && count.size == 2)
    #expect(try flags.value(ofIvar: "_mode") == .uint32(0))  // zeroed memory
    try flags.setValue(5, forIvar: "_mode")
    try flags.setValue(0x5a5, forIvar: "_count")
    #expect(flags.storage.byte(at: 9) == 5)
    #expect(flags.storage.byte(at: 10) == 0xa5 && flags.storage.byte(at: 11) == 0x05)
    #expect(try flags.value(ofIvar: "_mode") == .uint32(5))
    #expect(try flags.value(ofIvar: "_count") == .uint32(0x5a5))
    #expect(flags.storage.byte(at: 8) == 0, "the char before it is untouched")
    try runtime.checkInvariants()
  }

  @Test func assignmentWrapsIntegersModuloTwoToTheWidth() throws {
    let runtime = Runtime()
    let flags = try Self.makeFlags(in: runtime)
    let cases: [(Value, Value)] = [
      (9, .uint32(1)), (-1, .uint32(7)), (.uint64(.max), .uint32(7)), (true, .uint32(1)),
      (2.9, .uint32(2)), (-0.5, .uint32(0)), (.int8(-8), .uint32(0)),
    ]
    for (written, read) in cases {
      try flags.setValue(written, forIvar: "_mode")
      #expect(try flags.value(ofIvar: "_mode") == read, "\(written)")
    }
    #expect(try Value.int64(-1).assigned(to: .bitField(width: 64)) == .uint64(.max))
    #expect(try Value.int64(1 << 40 | 3).assigned(to: .bitField(width: 41)) == .uint64(1 << 40 | 3))
    #expect(try Value.int64(1 << 40 | 3).assigned(to: .bitField(width: 40)) == .uint64(3))
    try runtime.checkInvariants()
  }

  @Test func floatingValueThatDoesNotFitIsRefusedAndChangesNothing() throws {
    let runtime = Runtime()
    let flags = try Self.makeFlags(in: runtime)
    try flags.setValue(3, forIvar: "_mode")
    for refused: Value in [8.0, -1.5, .double(.nan), .double(.infinity), "1", .nil] {
      expectError(.typeMismatch) { try flags.setValue(refused, forIvar: "_mode") }
    }
    #expect(try flags.value(ofIvar: "_mode") == .uint32(3))
    try runtime.checkInvariants()
  }

  @Test func exactConversionTakesOnlyWhatFits() throws {
    let b3 = TypeEncoding.bitField(width: 3)
    #expect(try Value.int64(7).converted(to: b3) == .uint32(7))
    #expect(try Value.double(6).converted(to: b3) == .uint32(6))
    for refused: Value in [8, -1, 2.5] {
      expectError(.typeMismatch) { _ = try refused.converted(to: b3) }
    }
    expectError(.typeMismatch) { _ = try Value.int64(0).converted(to: .bitField(width: 65)) }
    #expect(Value.zero(of: b3) == .uint32(0) && Value.zero(of: .bitField(width: 33)) == .uint64(0))
  }

  @Test func writingABitFieldKeepsThePaddingBitsOfItsLastByte() throws {
    let runtime = Runtime()
    let flags = try Self.makeFlags(in: runtime)
    // Bits 11...15 of _count's two bytes are padding: set them behind the runtime's back.
    flags.storage.storeBits(0xf8, at: 11 - ObjectStorage.firstByte, size: 1)
    try flags.setValue(0x7ff, forIvar: "_count")
    #expect(flags.storage.byte(at: 11) == 0xff)
    try flags.setValue(0, forIvar: "_count")
    #expect(flags.storage.byte(at: 10) == 0 && flags.storage.byte(at: 11) == 0xf8)
    #expect(try flags.value(ofIvar: "_count") == .uint32(0), "padding is not part of the value")
    try runtime.checkInvariants()
  }

  @Test func structWithABitFieldMemberHasNoValueAndNoPropertyIsABitField() throws {
    let runtime = Runtime()
    let packed = try TypeEncoding("{Packed=ib3}")
    let cls = try makeClass("Packed", in: runtime) { cls in
      try cls.addIvar("_packed", type: packed)
      expectError(.invalidTypeEncoding) { try cls.synthesizeProperty("mode", type: .bitField(width: 3)) }
      expectError(.invalidTypeEncoding) { try cls.synthesizeProperty("other", type: packed) }
    }
    let object = try new(cls, in: runtime)
    expectError(.typeMismatch) { _ = try object.value(ofIvar: "_packed") }
    try runtime.checkInvariants()
  }

  @Test func unionBitFieldMemberIsTheLowBitsOfTheFirstByte() throws {
    let bits = try TypeEncoding("(Bits=ib3)")
    #expect(try Union(bits, bytes: [0x0d, 0, 0, 0]).member(1) == .uint32(5))  // 0b1101: the low 3 bits
    #expect(try Union(bits, member: 1, .int32(13)).bytes == [5, 0, 0, 0])
  }
}
