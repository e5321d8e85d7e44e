// LongDoubleTests.swift: `long double` values (encoding `D`) on Intel (Value+LongDouble.swift).
// Elsewhere a `long double` holds no value, and these tests are not compiled.

#if arch(x86_64) || arch(i386)

  import Testing

  @testable import MiniRuntime

  @Suite struct LongDoubleTests {
    static let third = Float80(1) / 3  // more digits than a double holds

    /// A registered `Gauge` with a `char` ivar `_c`, then a synthesized `long double` `level`.
    static func makeGauge(in runtime: Runtime) throws -> Object {
      let gauge = try makeClass("Gauge", in: runtime) { cls in
        try cls.addIvar("_c", type: .char)
        try cls.synthesizeProperty("level", type: .longDouble)
      }
      return try new(gauge, in: runtime)
    }

    @Test func longDoubleIvarTakesSixteenAlignedBytes() throws {
      let runtime = Runtime()
      let gauge = try Self.makeGauge(in: runtime)
      let level = try #require(gauge.isa.ivar(named: "_level"))
      #expect(level.offset == 16 && level.size == 16)  // after the isa and _c, 16-aligned
      #expect(gauge.isa.instanceSize == 32)
      try runtime.checkInvariants()
    }

    @Test func longDoubleLeavesValueEightAligned() {
      // The Float80 is kept out of line: a send copies Values, which must not grow for it.
      #expect(MemoryLayout<Value>.alignment == MemoryLayout<Int>.alignment)
      #expect(MemoryLayout<Value>.stride < 2 * MemoryLayout<Float80>.stride)  // 32 with it in line
    }

    @Test func longDoubleIvarKeepsEveryBitOfItsValue() throws {
      let runtime = Runtime()
      let gauge = try Self.makeGauge(in: runtime)
      #expect(try gauge.value(ofIvar: "_level") == .longDouble(0))  // zeroed memory
      try gauge.setValue(.longDouble(Self.third), forIvar: "_level")
      guard case .longDouble(let read) = try gauge.value(ofIvar: "_level") else {
        Issue.record("not a long double")
        return
      }
      #expect(read == Self.third && read != Float80(Double(Self.third)))
      try runtime.msgSend(gauge, "setLevel:", .longDouble(-1e4000))  // beyond any double
      #expect(try runtime.msgSend(gauge, "level") == .longDouble(-1e4000))
      try runtime.checkInvariants()
    }

    @Test func longDoubleLiesInMemoryAsOnX86() throws {
      let runtime = Runtime()
      let gauge = try Self.makeGauge(in: runtime)
      try gauge.setValue(.longDouble(-1), forIvar: "_level")
      let bytes = (16..<32).map { gauge.storage.byte(at: $0) }
      // significand 0x8000000000000000 (the explicit integer bit), then sign and exponent 0xbfff
      #expect(bytes == [0, 0, 0, 0, 0, 0, 0, 0x80, 0xff, 0xbf, 0, 0, 0, 0, 0, 0])
      try runtime.checkInvariants()
    }

    @Test func longDoubleComparesAndHashesWithOtherNumbersByValue() {
      #expect(Value.longDouble(7) == .int64(7) && Value.int32(7) == .longDouble(7))
      #expect(Value.longDouble(0.5) == .double(0.5) && Value.longDouble(0.5) == .float(0.5))
      #expect(Value.longDouble(Self.third) != .double(1.0 / 3))  // no double equals it
      #expect(Value.longDouble(Float80(UInt64.max)) == .uint64(.max))
      #expect(Value.longDouble(1) == true && Value.longDouble(1) != "1")
      #expect(Set<Value>([.longDouble(1), .int64(1), .double(1)]).count == 1)
      #expect(Set<Value>([.longDouble(2.5), .double(2.5)]).count == 1)
      #expect(Value.longDouble(1).encoding == .longDouble)
    }

    @Test func longDoublePrintsAsPercentLg() {
      let cases: [(Float80, String)] = [
        (0.1, "0.1"), (Self.third, "0.333333"), (1e30, "1e+30"), (123_456_789, "1.23457e+08"), (100, "100"),
        (0.0001, "0.0001"), (0.00001, "1e-05"), (999_999.5, "1e+06"), (-2.5, "-2.5"), (0, "0"), (-1e-4000, "-1e-4000"),
        (123_456.5, "123456"), (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"),
      ]
      for (value, text) in cases { #expect(Value.longDouble(value).description == text) }
    }

    @Test func numbersAssignToALongDoubleExactlyAndBackAsFromADouble() throws {
      #expect(try Value.int64(.max).assigned(to: .longDouble) == .longDouble(Float80(Int64.max)))  // exact
      #expect(try Value.bool(true).assigned(to: .longDouble) == .longDouble(1))
      #expect(try Value.longDouble(-2.9).assigned(to: .int) == .int32(-2))  // toward zero
      #expect(try Value.longDouble(Self.third).assigned(to: .double) == .double(1.0 / 3))  // rounded
      #expect(try Value.longDouble(0.5).assigned(to: .bool) == true)
      #expect(throws: RuntimeError.self) { try Value.longDouble(1e4000).assigned(to: .double) }  // undefined in C
      #expect(throws: RuntimeError.self) { try Value.longDouble(1e30).assigned(to: .longLong) }
      #expect(throws: RuntimeError.self) { try Value.string("1").assigned(to: .longDouble) }
    }

    @Test func exactRuleConvertsALongDoubleOnlyWhereItFits() throws {
      #expect(try Value.int64(3).converted(to: .longDouble) == .longDouble(3))
      #expect(try Value.longDouble(4).converted(to: .int) == .int32(4))
      #expect(try Value.longDouble(Self.third).converted(to: .double) == .double(1.0 / 3))  // a wider float rounds
      #expect(throws: RuntimeError.self) { try Value.longDouble(2.5).converted(to: .int) }  // not integral
      #expect(throws: RuntimeError.self) { try Value.longDouble(1e4000).converted(to: .double) }  // never to infinity
      #expect(throws: RuntimeError.self) { try Value.bool(true).converted(to: .longDouble) }
    }

    @Test func longDoubleArgumentsAndReturnValuesConvert() throws {
      let runtime = Runtime()
      let scale = try makeClass("Scale", in: runtime) { cls in
        try cls.addMethod("weigh:", types: .compiled(returning: .longDouble, arguments: [.longDouble])) { _, _, arguments in arguments[0] }
      }
      let object = try new(scale, in: runtime)
      let weighed = try runtime.msgSend(object, "weigh:", 0.1)
      #expect(weighed.encoding == .longDouble && weighed == .double(0.1))  // the double, exactly
      #expect(try runtime.msgSend(object, "weigh:", 7, returning: .longDouble) == .longDouble(7))
      #expect(try Runtime.msgSend(nil, "weigh:", 7, returning: .longDouble) == .longDouble(0))
      #expect(Value.zero(of: .longDouble) == .longDouble(0))
      try runtime.checkInvariants()
    }
  }

#endif
