// Value+LongDouble.swift: `long double` values (encoding `D`), on Intel only.
//
// Docs: docs/runtime.md#long-double. Tests: Tests/MiniRuntimeTests/LongDoubleTests.swift.
//
// On x86_64 macOS a `long double` is the x87 80-bit extended format (a 64-bit significand with
// an explicit integer bit, 15 bits of exponent, a sign) in 16 bytes, 16-aligned; Swift has it as
// `Float80`, on Intel only, so everything here is compiled only there, and on other machines a
// `D` ivar, argument or return value stays what it was: bytes no `Value` holds.
//   - Storage: two words, the significand in the first, sign and exponent in the low 16 bits of
//     the second (the other 48 bits are padding and stay zero), as the bytes lie on x86_64. The
//     two words are written one after the other: a reader racing a writer can see half of each
//     (an atomic property's accessors do not lock a scalar), as a plain 16-byte load could.
//   - Numbers: every `long long`, `unsigned long long`, `float` and `double` is exactly a
//     `long double`, so equality and conversions to `D` are exact; equality and hashing compare a
//     long double with the other numbers by value, as NSNumber compares numbers. A conversion from
//     `D` to a narrower type follows the same rules as from `double`.
//   - Printing: as `%Lg` prints it (six significant digits).
// Stateless.

#if arch(x86_64) || arch(i386)

  extension Value {
    /// Whether this is a `long double`, or an object that bridges to one.
    var isLongDouble: Bool {
      switch self {
      case .longDouble: return true
      case .object(let object): return object.bridgedStorage?.bridgedValue?.isLongDouble ?? false
      default: return false
      }
    }

    /// The number as a `long double`, exactly (every integer and double has one); `nil` for a
    /// value that is not a number.
    var extendedValue: Float80? {
      switch self {
      case .longDouble(let value): return value
      case .object(let object):
        guard let bridged = object.bridgedStorage?.bridgedValue else { return nil }
        if case .object = bridged { return nil }
        return bridged.extendedValue
      default:
        switch numeric {
        case .signed(let value)?: return Float80(value)
        case .unsigned(let value)?: return Float80(value)
        case .floating(let value)?: return Float80(value)
        case nil: return nil
        }
      }
    }

    /// `value` converted to the arithmetic `kind` (of `type`) as C assignment converts a
    /// `long double`: as a `double` converts (Value+Assignment.swift).
    func assignedLongDouble(_ value: Float80, as kind: ScalarKind, _ type: TypeEncoding) throws(RuntimeError) -> Value? {
      func integer<T: FixedWidthInteger>(_: T.Type) throws(RuntimeError) -> T {
        if value.isFinite, let truncated = T(exactly: value.rounded(.towardZero)) { return truncated }
        throw undefined(type, value.isFinite ? "its integral part is out of \(type.cDeclaration)'s range" : "it is not a finite number")
      }
      switch kind {
      case .bool: return .bool(value != 0)
      case .int8: return .int8(try integer(Int8.self))
      case .int16: return .int16(try integer(Int16.self))
      case .int32: return .int32(try integer(Int32.self))
      case .int64: return .int64(try integer(Int64.self))
      case .uint8: return .uint8(try integer(UInt8.self))
      case .uint16: return .uint16(try integer(UInt16.self))
      case .uint32: return .uint32(try integer(UInt32.self))
      case .uint64: return .uint64(try integer(UInt64.self))
      case .float:
        let rounded = Float(value)
        if rounded.isInfinite && value.isFinite { throw undefined(type, "it is out of float's range") }
        return .float(rounded)
      case .double:
        let rounded = Double(value)
        if rounded.isInfinite && value.isFinite { throw undefined(type, "it is out of double's range") }
        return .double(rounded)
      case .longDouble: return .longDouble(value)
      case .selector, .pointer: return nil
      }
    }

    /// `value` as `printf("%Lg", value)` prints it: six significant digits, trailing zeros
    /// dropped, an exponent (`1e+30`) below 1e-4 or from 1e6 on; `inf`, `nan`.
    static func cFormatted(_ value: Float80) -> String {
      let sign = value.sign == .minus ? "-" : ""
      if value.isNaN { return sign + "nan" }
      if value.isInfinite { return sign + "inf" }
      if value == 0 { return sign + "0" }
      var (digits, exponent) = scientificDigits(of: value.magnitude)
      if digits.count > 6 {  // round to six digits, half to even
        let rest = digits[6...]
        let roundsUp = rest.first! > 5 || (rest.first! == 5 && (rest.dropFirst().contains { $0 != 0 } || digits[5] % 2 == 1))
        digits.removeSubrange(6...)
        if roundsUp {
          var index = 5
          while index >= 0 && digits[index] == 9 {
            digits[index] = 0
            index -= 1
          }
          if index >= 0 {
            digits[index] += 1
          } else {
            digits.insert(1, at: 0)
            digits.removeLast()
            exponent += 1
          }
        }
      }
      while digits.count > 1 && digits.last == 0 { digits.removeLast() }
      let text = digits.map { String($0) }
      if exponent < -4 || exponent >= 6 {
        let mantissa = text[0] + (text.count > 1 ? "." + text.dropFirst().joined() : "")
        let magnitude = exponent.magnitude
        return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (magnitude < 10 ? "0" : "") + String(magnitude)
      }
      if exponent < 0 { return sign + "0." + String(repeating: "0", count: -exponent - 1) + text.joined() }
      let whole = text.prefix(exponent + 1).joined() + String(repeating: "0", count: max(0, exponent + 1 - text.count))
      let fraction = text.dropFirst(exponent + 1).joined()
      return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// The decimal digits of a positive finite `value` (the shortest that read back as it, from
    /// Swift's `description`), first digit non-zero, and the power of ten of the first digit.
    private static func scientificDigits(of value: Float80) -> (digits: [UInt8], exponent: Int) {
      let text = value.description  // "0.001", "123.5", "1e+30", "1.25e-07"
      let parts = text.split(separator: "e", maxSplits: 1)
      let power = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
      let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
      let whole = mantissa[0].compactMap(\.wholeNumberValue).map { UInt8($0) }
      let fraction = (mantissa.count > 1 ? mantissa[1] : "").compactMap(\.wholeNumberValue).map { UInt8($0) }
      var digits = whole + fraction
      var exponent = whole.count - 1 + power
      while let first = digits.first, first == 0, digits.count > 1 {
        digits.removeFirst()
        exponent -= 1
      }
      return (digits, exponent)
    }
  }

  extension ScalarBits {
    /// The two storage words of a `long double`: the significand (integer bit included), then the
    /// sign and exponent.
    static func words(of value: Float80) -> (low: UInt, high: UInt) {
      let integerBit: UInt64 = value.exponentBitPattern == 0 ? 0 : 1 << 63  // clear for zero and subnormals
      let low = UInt(truncatingIfNeeded: value.significandBitPattern | integerBit)
      let high = UInt(value.exponentBitPattern) | (value.sign == .minus ? 0x8000 : 0)
      return (low, high)
    }

    /// The `long double` whose storage words are `low` and `high`.
    static func longDouble(low: UInt, high: UInt) -> Float80 {
      Float80(
        sign: high & 0x8000 != 0 ? .minus : .plus, exponentBitPattern: high & 0x7fff,
        significandBitPattern: UInt64(low) & ~(1 << 63))
    }
  }

#endif
