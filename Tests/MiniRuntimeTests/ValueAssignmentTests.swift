// ValueAssignmentTests.swift: typed ivar writes convert numbers as C assignment does
// (Value+Assignment.swift, ObjectStorage.store, synthesized setters).

import Testing

@testable import MiniRuntime

@Suite struct ValueAssignmentTests {
  /// A registered `Numbers` class with one ivar per arithmetic type and a synthesized `count` (q).
  static func makeNumbers(in runtime: Runtime) throws -> Object {
    let numbers = try makeClass("Numbers", in: runtime) { cls in
      for (name, type) in [
        ("_b", TypeEncoding.bool), ("_c", .char), ("_C", .unsignedChar), ("_s", .short), ("_S", .unsignedShort),
        ("_i", .int), ("_I", .unsignedInt), ("_q", .longLong), ("_Q", .unsignedLongLong), ("_f", .float),
        ("_d", .double),
      ] {
        try cls.addIvar(name, type: type)
      }
      try cls.synthesizeProperty("count", type: .longLong)
    }
    return try new(numbers, in: runtime)
  }

  /// Checks `value` equals `expected` and has its exact case (numbers compare across widths).
  func expectExactly(_ value: Value, _ expected: Value, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(value == expected && value.encoding == expected.encoding, "\(value) is not \(expected)", sourceLocation: sourceLocation)
  }

  @Test func floatingToIntegerTruncatesTowardZero() throws {
    let runtime = Runtime()
    let numbers = try Self.makeNumbers(in: runtime)
    try numbers.setValue(2.5, forIvar: "_q")
    expectExactly(try numbers.value(ofIvar: "_q"), .int64(2))
    try numbers.setValue(-2.5, forIvar: "_q")
    expectExactly(try numbers.value(ofIvar: "_q"), .int64(-2))
    try numbers.setValue(.float(2.9), forIvar: "_i")
    expectExactly(try numbers.value(ofIvar: "_i"), .int32(2))
    try numbers.setValue(-0.9, forIvar: "_C")  // the integral part, 0, fits an unsigned char
    expectExactly(try numbers.value(ofIvar: "_C"), .uint8(0))
    try numbers.setValue(127.9, forIvar: "_c")
    expectExactly(try numbers.value(ofIvar: "_c"), .int8(127))
    try runtime.checkInvariants()
  }

  @Test func integerToNarrowerIntegerWrapsModuloTwoToTheN() throws {
    let runtime = Runtime()
    let numbers = try Self.makeNumbers(in: runtime)
    try numbers.setValue(300, forIvar: "_c")
    expectExactly(try numbers.value(ofIvar: "_c"), .int8(44))
    try numbers.setValue(300, forIvar: "_C")
    expectExactly(try numbers.value(ofIvar: "_C"), .uint8(44))
    try numbers.setValue(70000, forIvar: "_s")
    expectExactly(try numbers.value(ofIvar: "_s"), .int16(4464))
    try numbers.setValue(128, forIvar: "_c")
    expectExactly(try numbers.value(ofIvar: "_c"), .int8(-128))
    try numbers.setValue(-1, forIvar: "_I")
    expectExactly(try numbers.value(ofIvar: "_I"), .uint32(4_294_967_295))
    try numbers.setValue(.uint64(.max), forIvar: "_q")
    expectExactly(try numbers.value(ofIvar: "_q"), .int64(-1))
    try numbers.setValue(.int8(-1), forIvar: "_Q")
    expectExactly(try numbers.value(ofIvar: "_Q"), .uint64(.max))
    try runtime.checkInvariants()
  }

  @Test func signedCharBOOLWrapsSo256IsNO() throws {
    // BOOL is `signed char` on x86_64 macOS: the classic bug `BOOL b = 256;` stores NO.
    let runtime = Runtime()
    let numbers = try Self.makeNumbers(in: runtime)
    try numbers.setValue(256, forIvar: "_c")
    expectExactly(try numbers.value(ofIvar: "_c"), .int8(0))
    try numbers.setValue(256, forIvar: "_b")  // C99 bool: anything non-zero is 1
    expectExactly(try numbers.value(ofIvar: "_b"), .bool(true))
    try runtime.checkInvariants()
  }

  @Test(arguments: [
    (Value.int64(2), true), (.int64(-1), true), (.int64(0), false), (.double(0.5), true), (.double(-0.0), false),
    (.double(.nan), true), (.double(.infinity), true), (.uint8(0), false), (.float(0.25), true),
  ])
  func anyNonzeroNumberIsYesInABool(value: Value, expected: Bool) throws {
    expectExactly(try value.assigned(to: .bool), .bool(expected))
  }

  @Test func integerToFloatingRoundsToNearest() throws {
    let runtime = Runtime()
    let numbers = try Self.makeNumbers(in: runtime)
    try numbers.setValue(16_777_217, forIvar: "_f")
    expectExactly(try numbers.value(ofIvar: "_f"), .float(16_777_216))
    try numbers.setValue(9_007_199_254_740_993, forIvar: "_d")
    expectExactly(try numbers.value(ofIvar: "_d"), .double(9_007_199_254_740_992))
    try numbers.setValue(.uint64(.max), forIvar: "_f")
    expectExactly(try numbers.value(ofIvar: "_f"), .float(18_446_744_073_709_551_616))
    try runtime.checkInvariants()
  }

  @Test func integerToFloatRoundsOnceNotThroughADouble() throws {
    // 2^53 + 2^29 + 1 rounds up to a float directly; through a double it would first lose the
    // final 1 and then round to even, down.
    let value = Value.int64((1 << 53) + (1 << 29) + 1)
    expectExactly(try value.assigned(to: .float), .float(Float((1 << 53) + (1 << 30))))
  }

  @Test func doubleToFloatRoundsToNearest() throws {
    let runtime = Runtime()
    let numbers = try Self.makeNumbers(in: runtime)
    try numbers.setValue(0.1, forIvar: "_f")
    expectExactly(try numbers.value(ofIvar: "_f"), .float(0.1))
    try numbers.setValue(.double(.nan), forIvar: "_f")  // NaN and infinities are floats too
    #expect(try numbers.value(ofIvar: "_f").doubleValue?.isNaN == true)
    try runtime.checkInvariants()
  }

  @Test func boolIsZeroOrOneInANumber() throws {
    expectExactly(try Value.bool(true).assigned(to: .double), .double(1))
    expectExactly(try Value.bool(true).assigned(to: .float), .float(1))
    expectExactly(try Value.bool(false).assigned(to: .unsignedChar), .uint8(0))
  }

  @Test(arguments: [
    (Value.double(300), TypeEncoding.char), (.double(-1), .unsignedInt), (.double(1e10), .int),
    (.double(9.3e18), .longLong), (.double(.nan), .int), (.double(.infinity), .longLong),
    (.float(-.infinity), .unsignedLongLong), (.double(1e300), .float),
  ])
  func floatingConversionUndefinedInCIsRefused(value: Value, type: TypeEncoding) {
    let error = expectError(.typeMismatch) { _ = try value.assigned(to: type) }
    #expect(error?.message.contains("undefined in C") == true, "\(error?.message ?? "")")
  }

  @Test func refusedAssignmentKeepsTheIvar() throws {
    let runtime = Runtime()
    let numbers = try Self.makeNumbers(in: runtime)
    try numbers.setValue(7, forIvar: "_c")
    let error = expectError(.typeMismatch) { try numbers.setValue(300.0, forIvar: "_c") }
    #expect(error?.message == "cannot assign double 300.0 to char ('c'): its integral part is out of char's range, and that conversion is undefined in C")
    expectError(.typeMismatch) { try numbers.setValue("7", forIvar: "_c") }  // not a number at all
    expectError(.typeMismatch) { try numbers.setValue(.nil, forIvar: "_i") }
    expectError(.typeMismatch) { try numbers.setValue(.selector("count"), forIvar: "_q") }
    expectExactly(try numbers.value(ofIvar: "_c"), .int8(7))
    try runtime.checkInvariants()
  }

  @Test func synthesizedSetterConvertsAsCAssignment() throws {
    let runtime = Runtime()
    let numbers = try Self.makeNumbers(in: runtime)
    try runtime.msgSend(numbers, "setCount:", 2.5)
    expectExactly(try runtime.msgSend(numbers, "count"), .int64(2))
    let error = expectError(.typeMismatch) { try runtime.msgSend(numbers, "setCount:", .double(.nan)) }
    #expect(error?.message.hasPrefix("-[Numbers setCount:]: cannot assign double nan") == true, "\(error?.message ?? "")")
    expectExactly(try runtime.msgSend(numbers, "count"), .int64(2))
    try runtime.checkInvariants()
  }

  @Test func structAndArrayMembersConvertAsCAssignment() throws {
    let point = try TypeEncoding("{Point=ic}")
    let assigned = try Value.structure(Structure(name: "Point", fields: [2.5, 300])).assigned(to: point)
    #expect(assigned.structureValue?.fields.map(\.encoding) == [.int, .char])
    #expect(assigned.structureValue?.fields == [2, 44])
    #expect(try Value.array([-2.5, 70000]).assigned(to: TypeEncoding("[2s]")) == .cArray([.int16(-2), .int16(4464)]))
  }

  @Test func exactConversionStaysStrict() {
    // converted(to:) is the exact rule, used where no C assignment happens (NSInvocation's
    // argument buffers, typed return values).
    expectError(.typeMismatch) { _ = try Value.double(2.5).converted(to: .longLong) }
    expectError(.typeMismatch) { _ = try Value.int64(300).converted(to: .char) }
  }
}
