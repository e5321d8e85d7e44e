// Value+BitField.swift: bit-field values (encoding `bN`): unsigned integers of N bits.
//
// Docs: docs/runtime.md#bit-fields. Tests: Tests/MiniRuntimeTests/BitFieldTests.swift.
//
// What the encoding says, and what it does not: `b3` is a field 3 bits wide. NeXT's encoding
// carries neither the declared type (`int`, `unsigned`, `BOOL`) nor the bit offset, and
// `ivar_getOffset` of a compiled bit-field ivar names the byte where its storage unit starts.
// The choices here, and why:
//   - Where: an ivar added at run time (`class_addIvar`, the only way to add one here) has bytes
//     of its own, `(N + 7) / 8` of them, byte-aligned; its bits start at bit 0 of its first byte,
//     where clang puts the first bit field of a storage unit on a little-endian machine. The bits
//     above N in the last byte are padding: a write leaves them as they are. The same holds for a
//     bit-field member of a union (every member starts at byte 0). A struct with a bit-field
//     member has no value: clang packs consecutive bit fields into storage units sized by their
//     declared types, which the encoding omits, so where each one lies cannot be known.
//   - Signedness: unsigned. The encoding cannot say, and unsigned is the one reading C defines
//     for every bit pattern (a plain `int` bit field is signed or not at the implementation's
//     choice, C11 6.7.2p5). A field of up to 32 bits reads as an `unsigned int` (`.uint32`), a
//     wider one (up to 64) as an `unsigned long long` (`.uint64`).
//   - Writing converts as C assignment to an unsigned N-bit field does (C11 6.3.1.3p2): an
//     integer is reduced modulo 2^N (9 in a `b3` is 1, -1 is 7), a `BOOL` is 0 or 1, a floating
//     value is truncated toward zero and refused when the result does not fit (undefined in C).
//     The exact rule takes an integer only when it fits (0 ..< 2^N).
//   - A field of width 0 or over 64 has no value (clang accepts neither as a named field).
// Stateless.

extension Value {
  /// The widths a bit field with a value can have.
  static let bitFieldWidths = 1...64

  /// The value an N-bit field holding `bits` reads as: `.uint32` up to 32 bits, else `.uint64`.
  static func bitField(_ bits: UInt64, width: Int) -> Value {
    width <= 32 ? .uint32(UInt32(truncatingIfNeeded: bits)) : .uint64(bits)
  }

  /// The mask of the low `width` bits.
  static func bitFieldMask(_ width: Int) -> UInt64 { width >= 64 ? .max : (1 << UInt64(width)) - 1 }

  /// This value converted to a `width`-bit unsigned field (of `type`) under `rule`; `nil` when it
  /// is not a number or the exact rule refuses it; throws for a conversion C leaves undefined.
  func convertedToBitField(width: Int, _ rule: ConversionRule, _ type: TypeEncoding) throws(RuntimeError) -> Value? {
    guard Self.bitFieldWidths.contains(width) else { return Optional.none }
    let mask = Self.bitFieldMask(width)
    #if arch(x86_64) || arch(i386)
      if case .longDouble(let value) = self {
        return try Self.bitField(truncating: value, width: width, mask: mask, rule, type) { self.undefined(type, $0) }
      }
    #endif
    switch numeric {
    case .signed(let value)?:
      if rule == .assignment { return Self.bitField(UInt64(bitPattern: value) & mask, width: width) }
      guard value >= 0, UInt64(value) <= mask else { return Optional.none }  // not `nil`: that is Value.nil
      return Self.bitField(UInt64(value), width: width)
    case .unsigned(let value)?:
      if rule == .assignment { return Self.bitField(value & mask, width: width) }
      guard value <= mask else { return Optional.none }
      return Self.bitField(value, width: width)
    case .floating(let value)?:
      return try Self.bitField(truncating: value, width: width, mask: mask, rule, type) { self.undefined(type, $0) }
    case nil:
      return Optional.none
    }
  }

  /// A floating value in a bit field: toward zero under assignment (refused when it does not
  /// fit, undefined in C), only an integral value that fits under the exact rule.
  private static func bitField<F: BinaryFloatingPoint>(
    truncating value: F, width: Int, mask: UInt64, _ rule: ConversionRule, _ type: TypeEncoding,
    _ undefined: (String) -> RuntimeError
  ) throws(RuntimeError) -> Value? {
    if rule == .exact {
      guard let exact = UInt64(exactly: value), exact <= mask else { return Optional.none }
      return bitField(exact, width: width)
    }
    guard value.isFinite else { throw undefined("it is not a finite number") }
    guard let truncated = UInt64(exactly: value.rounded(.towardZero)), truncated <= mask else {
      throw undefined("its integral part is out of the range of a \(width)-bit unsigned field")
    }
    return bitField(truncated, width: width)
  }
}
