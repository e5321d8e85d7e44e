// Decimal+Structure.swift: a decimal as the `NSDecimal` C struct that `-[NSNumber decimalValue]`
// answers and `+[NSDecimalNumber decimalNumberWithDecimal:]` reads.
//
// Docs: docs/foundation.md#nsdecimalnumber. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound20DecimalTests.swift.
//
// Stateless. `NSDecimal` is an anonymous struct, `@encode` `{?=b8b4b1b1b18[8S]}`: an 8-bit
// exponent (signed, two's complement in its bit field), the number of mantissa words in use
// (0…8), the sign, whether it is compact, 18 reserved bits and eight 16-bit words of mantissa,
// least significant first. As a `Value` it is a `Structure` named `?` with those six fields: the
// five bit fields as `.uint32`, the mantissa a `.cArray` of eight `.uint16`. "Not a number" has
// length 0 and the sign set. A `Decimal` is always compact (no trailing zero the exponent could
// take), so the struct made from one says so.

extension Decimal {
  /// `@encode(NSDecimal)`.
  static let structureEncoding = "{?=b8b4b1b1b18[8S]}"

  /// This decimal as an `NSDecimal` struct value.
  ///
  /// ```swift
  /// let tenth = Decimal(string: "0.1").structureValue
  /// // .structure(Structure(name: "?", fields: [.uint32(255), .uint32(1), .uint32(0), .uint32(1), .uint32(0), .cArray([1, 0, 0, 0, 0, 0, 0, 0])]))
  /// ```
  ///
  /// Objective-C: none (an `NSDecimal` struct, as `-[NSNumber decimalValue]` answers it)
  public var structureValue: Value {
    var words: [UInt16] = []
    for digit in digits.reversed() { Self.multiplyAdd(&words, 10, UInt32(digit)) }
    let length = words.count
    words += Array(repeating: 0, count: 8 - length)
    let fields: [Value] = [
      .uint32(UInt32(UInt8(bitPattern: Int8(isNaN || digits.isEmpty ? 0 : exponent)))), .uint32(UInt32(length)),
      .uint32(isNegative || isNaN ? 1 : 0), .uint32(1), .uint32(0), .cArray(words.map(Value.uint16)),
    ]
    return .structure(Structure(name: "?", fields: fields))
  }

  /// The decimal an `NSDecimal` struct value holds; nil for anything else (a struct of another
  /// shape, or a length past eight words).
  ///
  /// ```swift
  /// Decimal(structure: Decimal(string: "-2.5").structureValue)?.description   // "-2.5"
  /// ```
  ///
  /// Objective-C: none (reading an `NSDecimal` struct's fields)
  public init?(structure value: Value) {
    guard case .structure(let structure) = value, structure.name == "?", structure.fields.count == 6,
      let exponentBits = structure.fields[0].intValue, let length = structure.fields[1].intValue,
      let sign = structure.fields[2].intValue, case .cArray(let mantissa) = structure.fields[5], mantissa.count == 8,
      (0...8).contains(length)
    else { return nil }
    let words = mantissa.prefix(length).compactMap { $0.intValue.flatMap(UInt16.init(exactly:)) }
    guard words.count == length else { return nil }
    if length == 0 {
      self = sign & 1 == 0 ? .zero : .notANumber
      return
    }
    var remaining = Array(words.reversed())  // most significant first
    var digits: [UInt8] = []
    while remaining.contains(where: { $0 != 0 }) { digits.append(Self.divide(&remaining, by: 10)) }
    // Eight words always fit a mantissa and the exponent is in range: compacting cannot throw.
    let exponent = Int(Int8(truncatingIfNeeded: exponentBits))
    self = (try? Self.make(digits, exponent: exponent, isNegative: sign & 1 == 1)) ?? .notANumber
  }

  /// `words` (least significant first) times `factor` plus `addend`, growing as needed.
  private static func multiplyAdd(_ words: inout [UInt16], _ factor: UInt32, _ addend: UInt32) {
    var carry = addend
    for index in words.indices {
      let product = UInt32(words[index]) * factor + carry
      words[index] = UInt16(truncatingIfNeeded: product)
      carry = product >> 16
    }
    if carry > 0 { words.append(UInt16(carry)) }
  }

  /// Divides `words` (most significant first) by `divisor` in place; the remainder.
  private static func divide(_ words: inout [UInt16], by divisor: UInt32) -> UInt8 {
    var remainder: UInt32 = 0
    for index in words.indices {
      let dividend = remainder << 16 | UInt32(words[index])
      words[index] = UInt16(dividend / divisor)
      remainder = dividend % divisor
    }
    return UInt8(remainder)
  }
}
