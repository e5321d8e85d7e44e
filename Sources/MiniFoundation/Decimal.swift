// Decimal.swift: an exact decimal number, the value an NSDecimalNumber holds.
//
// Docs: docs/foundation.md#nsdecimalnumber. Tests: Tests/MiniFoundationTests/NSDecimalNumberTests.swift.
//
// Model: a sign, a mantissa and a power of ten, as Foundation's `NSDecimal`: a mantissa of
// eight 16-bit words, so at most 2^128 - 1 (38 digits always, 39 below that bound), exponent
// -128…127, or "not a number". The mantissa is kept as its decimal digits, least significant
// first, so scaling by ten, counting digits and rounding are one-liners; the numbers are small
// (a product has at most 78 digits before it is rounded), so schoolbook arithmetic is enough.
// Every result is rounded to fit a mantissa (a quotient that does not end, to 38 digits) by a
// rounding mode (half away from zero, `NSRoundPlain`, unless the operation is given another, as
// NSDecimalAdd and the others are) and kept canonical (no zero digits at the end while the
// exponent allows), so `==` and hashing are numeric equality. A result whose exponent cannot be
// brought into range throws Foundation's overflow or underflow exception.
// Immutable values; no state, no locks.

/// An exact decimal number: up to 38 significant digits times a power of ten from -128 to 127.
///
/// ```swift
/// let sum = try Decimal(string: "0.1").adding(Decimal(string: "0.2"))
/// sum.description                    // "0.3": exactly, not 0.30000000000000004
/// try Decimal(1).dividing(by: Decimal(3)).description   // "0.33333333333333333333333333333333333333"
/// ```
///
/// Objective-C: `NSDecimal` (Swift's `Decimal`), with `NSDecimalAdd`, `NSDecimalSubtract`,
/// `NSDecimalMultiply`, `NSDecimalDivide`, `NSDecimalCompare` and `NSDecimalString`
public struct Decimal: Sendable, Hashable, CustomStringConvertible {
  /// The significant digits a mantissa always keeps (a quotient that does not end keeps this
  /// many); any mantissa up to 2^128 - 1, 39 digits, is kept whole.
  ///
  /// Objective-C: `NSDecimalMaxSize` × 4 digits (38, as Apple's documentation says; the
  /// mantissa is `NSDecimalMaxSize` 16-bit words)
  public static let maximumDigits = 38

  /// The largest mantissa, 2^128 - 1 (eight 16-bit words), least significant digit first.
  static let largestMantissa: [UInt8] = "340282366920938463463374607431768211455".reversed().map { UInt8($0.asciiValue! - 48) }

  /// Whether trimmed `digits` fit in a mantissa: at most 2^128 - 1.
  static func fitsMantissa(_ digits: [UInt8]) -> Bool {
    digits.count < largestMantissa.count
      || (digits.count == largestMantissa.count && Magnitude.compare(digits, largestMantissa) <= 0)
  }
  /// The exponents a decimal can have.
  ///
  /// Objective-C: none (the range of `NSDecimal`'s `_exponent`)
  public static let exponents = -128...127

  /// The mantissa's digits, least significant first: empty for zero, never ending in a zero.
  let digits: [UInt8]
  /// The power of ten the mantissa is multiplied by.
  ///
  /// Objective-C: `NSDecimal._exponent`
  public let exponent: Int
  /// Whether the number is below zero (never for zero).
  ///
  /// Objective-C: `NSDecimal._isNegative`
  public let isNegative: Bool
  /// Whether this is "not a number" (`+[NSDecimalNumber notANumber]`).
  ///
  /// Objective-C: `NSDecimalIsNotANumber`
  public let isNaN: Bool

  init(digits: [UInt8], exponent: Int, isNegative: Bool, isNaN: Bool = false) {
    self.digits = digits
    self.exponent = exponent
    self.isNegative = isNegative
    self.isNaN = isNaN
  }

  /// Zero.
  ///
  /// Objective-C: `+[NSDecimalNumber zero]`
  public static let zero = Decimal(digits: [], exponent: 0, isNegative: false)
  /// One.
  ///
  /// Objective-C: `+[NSDecimalNumber one]`
  public static let one = Decimal(digits: [1], exponent: 0, isNegative: false)
  /// The largest decimal: the largest mantissa, 2^128 - 1, times 10^127
  /// (3402823669209384634633746074317682114550000…, 166 digits).
  ///
  /// Objective-C: `+[NSDecimalNumber maximumDecimalNumber]` (its negation is
  /// `+minimumDecimalNumber`)
  public static let greatestFiniteMagnitude = Decimal(digits: largestMantissa, exponent: exponents.upperBound, isNegative: false)
  /// Not a number: what an unreadable string gives; any arithmetic with it gives it again.
  ///
  /// Objective-C: `+[NSDecimalNumber notANumber]`
  public static let notANumber = Decimal(digits: [], exponent: 0, isNegative: false, isNaN: true)

  /// The integer `value`, exactly.
  ///
  /// Objective-C: `+[NSDecimalNumber numberWithLongLong:]`
  public init(_ value: Int64) {
    self.init(magnitude: value.magnitude, isNegative: value < 0)
  }

  /// The unsigned integer `value`, exactly.
  ///
  /// Objective-C: `+[NSDecimalNumber numberWithUnsignedLongLong:]`
  public init(magnitude value: UInt64, isNegative: Bool = false) {
    var digits: [UInt8] = []
    var rest = value
    while rest > 0 {
      digits.append(UInt8(rest % 10))
      rest /= 10
    }
    // Cannot throw: 20 digits at most, exponent 0.
    self = (try? Self.make(digits, exponent: 0, isNegative: isNegative)) ?? .notANumber
  }

  /// `mantissa` × 10^`exponent`, rounded to fit a mantissa.
  ///
  /// - Throws: ``FoundationError`` (`NSDecimalNumberOverflowException` or
  ///   `…UnderflowException`) if the exponent cannot be brought into -128…127.
  ///
  /// Objective-C: `-[NSDecimalNumber initWithMantissa:exponent:isNegative:]`
  public init(mantissa: UInt64, exponent: Int, isNegative: Bool) throws(FoundationError) {
    let whole = Decimal(magnitude: mantissa)
    self = try Self.make(whole.digits, exponent: exponent, isNegative: isNegative)
  }

  /// The number a string spells (`-12.5`, `1e-5`, `  42`), read as far as it is a number; not a
  /// number when it does not start with one or is out of range.
  ///
  /// Objective-C: `+[NSDecimalNumber decimalNumberWithString:]`
  public init(string text: String) {
    self = DecimalParsing.parse(text) ?? .notANumber
  }

  /// The number a string spells with `decimalSeparator` between its whole part and its fraction
  /// (`1,5` with `,`), read as ``init(string:)`` reads; a `.` then ends the number.
  ///
  /// Objective-C: `+[NSDecimalNumber decimalNumberWithString:locale:]` (the locale's
  /// `NSDecimalSeparator`)
  public init(string text: String, decimalSeparator: String) {
    self = DecimalParsing.parse(text, decimalSeparator: decimalSeparator) ?? .notANumber
  }

  /// The canonical decimal for a sign, digits (least significant first, possibly with zeros at
  /// either end) and exponent: rounded to fit a mantissa, brought into the exponent range.
  static func make(_ raw: [UInt8], exponent rawExponent: Int, isNegative: Bool) throws(FoundationError) -> Decimal {
    var lost = false
    return try make(raw, exponent: rawExponent, isNegative: isNegative, lost: &lost)
  }

  /// ``make(_:exponent:isNegative:)`` rounding by `mode` (NSDecimalAdd's and the others'
  /// `roundingMode`), setting `lost` when a digit other than 0 was rounded away
  /// (`NSCalculationLossOfPrecision`).
  static func make(
    _ raw: [UInt8], exponent rawExponent: Int, isNegative: Bool, mode: RoundingMode = .plain, lost: inout Bool
  ) throws(FoundationError) -> Decimal {
    var digits = raw
    var exponent = rawExponent
    Magnitude.trim(&digits)
    if digits.isEmpty { return .zero }
    if !fitsMantissa(digits) {
      // The fewest digits dropped that leave a mantissa, rounded once from the exact digits.
      var dropped = Swift.max(1, digits.count - largestMantissa.count)
      var kept = Magnitude.rounded(digits, droppingLowest: dropped, mode: mode, isNegative: isNegative)
      while !fitsMantissa(kept) {
        dropped += 1
        kept = Magnitude.rounded(digits, droppingLowest: dropped, mode: mode, isNegative: isNegative)
      }
      lost = lost || digits[..<dropped].contains { $0 != 0 }
      digits = kept
      exponent += dropped
    }
    if exponent < exponents.lowerBound {
      let dropped = exponents.lowerBound - exponent
      lost = lost || digits.prefix(dropped).contains { $0 != 0 }
      digits = Magnitude.rounded(digits, droppingLowest: dropped, mode: mode, isNegative: isNegative)
      Magnitude.trim(&digits)
      exponent = exponents.lowerBound
      if digits.isEmpty {
        throw FoundationError(.decimalUnderflow, "NSDecimalNumber underflow: the result is too small to represent")
      }
    }
    while digits.first == 0, exponent < exponents.upperBound {  // canonical: no zero at the end
      digits.removeFirst()
      exponent += 1
    }
    while exponent > exponents.upperBound, digits.count < maximumDigits {  // corelibs: 1e127 × 1e38 overflows
      digits.insert(0, at: 0)
      exponent -= 1
    }
    if exponent > exponents.upperBound {
      throw FoundationError(.decimalOverflow, "NSDecimalNumber overflow: the result is too large to represent")
    }
    return Decimal(digits: digits, exponent: exponent, isNegative: isNegative)
  }

  // MARK: - Arithmetic

  /// `self + other`, rounded to fit a mantissa.
  ///
  /// - Throws: ``FoundationError`` on overflow or underflow.
  ///
  /// Objective-C: `NSDecimalAdd` (`-[NSDecimalNumber decimalNumberByAdding:]`)
  public func adding(_ other: Decimal) throws(FoundationError) -> Decimal {
    var lost = false
    return try adding(other, lost: &lost)
  }

  /// ``adding(_:)`` rounding by `mode`, setting `lost` when the sum had more digits than a
  /// mantissa keeps.
  func adding(_ other: Decimal, mode: RoundingMode = .plain, lost: inout Bool) throws(FoundationError) -> Decimal {
    if isNaN || other.isNaN { return .notANumber }
    let exponent = Swift.min(self.exponent, other.exponent)
    let mine = Magnitude.scaled(digits, by: self.exponent - exponent)
    let theirs = Magnitude.scaled(other.digits, by: other.exponent - exponent)
    if isNegative == other.isNegative {
      return try Self.make(Magnitude.sum(mine, theirs), exponent: exponent, isNegative: isNegative, mode: mode, lost: &lost)
    }
    switch Magnitude.compare(mine, theirs) {
    case 0: return .zero
    case 1:
      return try Self.make(Magnitude.difference(mine, theirs), exponent: exponent, isNegative: isNegative, mode: mode, lost: &lost)
    default:
      return try Self.make(
        Magnitude.difference(theirs, mine), exponent: exponent, isNegative: other.isNegative, mode: mode, lost: &lost)
    }
  }

  /// `self - other`, rounded to fit a mantissa.
  ///
  /// - Throws: ``FoundationError`` on overflow or underflow.
  ///
  /// Objective-C: `NSDecimalSubtract` (`-[NSDecimalNumber decimalNumberBySubtracting:]`)
  public func subtracting(_ other: Decimal) throws(FoundationError) -> Decimal {
    try adding(other.negated)
  }

  /// `self × other`, rounded to fit a mantissa.
  ///
  /// - Throws: ``FoundationError`` on overflow or underflow.
  ///
  /// Objective-C: `NSDecimalMultiply` (`-[NSDecimalNumber decimalNumberByMultiplyingBy:]`)
  public func multiplying(by other: Decimal) throws(FoundationError) -> Decimal {
    var lost = false
    return try multiplying(by: other, lost: &lost)
  }

  /// ``multiplying(by:)`` rounding by `mode`, setting `lost` when the product had more digits
  /// than a mantissa keeps.
  func multiplying(by other: Decimal, mode: RoundingMode = .plain, lost: inout Bool) throws(FoundationError) -> Decimal {
    if isNaN || other.isNaN { return .notANumber }
    return try Self.make(
      Magnitude.product(digits, other.digits), exponent: exponent + other.exponent, isNegative: isNegative != other.isNegative,
      mode: mode, lost: &lost)
  }

  /// `self ÷ other`, rounded to fit a mantissa.
  ///
  /// - Throws: ``FoundationError`` (`NSDecimalNumberDivideByZeroException`) when `other` is
  ///   zero; on overflow or underflow.
  ///
  /// Objective-C: `NSDecimalDivide` (`-[NSDecimalNumber decimalNumberByDividingBy:]`)
  public func dividing(by other: Decimal) throws(FoundationError) -> Decimal {
    var lost = false
    return try dividing(by: other, lost: &lost)
  }

  /// ``dividing(by:)`` rounding by `mode`, setting `lost` when the quotient does not end within
  /// a mantissa.
  func dividing(by other: Decimal, mode: RoundingMode = .plain, lost: inout Bool) throws(FoundationError) -> Decimal {
    if isNaN || other.isNaN { return .notANumber }
    if other.digits.isEmpty {
      throw FoundationError(.decimalDivideByZero, "NSDecimalNumber divide by zero")
    }
    if digits.isEmpty { return .zero }
    // Enough digits that the quotient has one more than a mantissa keeps: the first digit
    // dropped then decides a rounding to the nearest. A remainder is one more digit 1 below
    // them all, so that `up`, `down` and a half to even see that something was dropped.
    let shift = Swift.max(0, Self.maximumDigits + 2 + other.digits.count - digits.count)
    let dividend = Magnitude.scaled(digits, by: shift)
    var quotient = Magnitude.quotient(dividend, other.digits)
    var quotientExponent = exponent - other.exponent - shift
    if Magnitude.compare(Magnitude.product(quotient, other.digits), dividend) != 0 {  // a remainder
      lost = true
      quotient.insert(1, at: 0)
      quotientExponent -= 1
      Magnitude.trim(&quotient)  // a quotient that does not end keeps 38 digits, as corelibs' answers
      let dropped = quotient.count - Self.maximumDigits
      quotient = Magnitude.rounded(quotient, droppingLowest: dropped, mode: mode, isNegative: isNegative != other.isNegative)
      quotientExponent += dropped
    }
    return try Self.make(
      quotient, exponent: quotientExponent, isNegative: isNegative != other.isNegative, mode: mode, lost: &lost)
  }

  /// The number with the other sign.
  ///
  /// Objective-C: none (`NSDecimal._isNegative` flipped)
  public var negated: Decimal {
    if isNaN || digits.isEmpty { return self }
    return Decimal(digits: digits, exponent: exponent, isNegative: !isNegative)
  }

  /// -1, 0 or 1 as `self` is below, equal to or above `other` (`NSOrderedAscending`, …). Not a
  /// number is below every number and equal to itself.
  ///
  /// Objective-C: `NSDecimalCompare` (`-[NSDecimalNumber compare:]`)
  public func compare(_ other: Decimal) -> Int {
    if isNaN || other.isNaN { return isNaN == other.isNaN ? 0 : (isNaN ? -1 : 1) }
    if isNegative != other.isNegative { return isNegative ? -1 : 1 }
    let mine = Magnitude.order(digits, exponent, other.digits, other.exponent)
    return isNegative ? -mine : mine
  }

  // MARK: - Conversions

  /// The nearest double (what `-doubleValue` answers).
  ///
  /// Objective-C: `-[NSDecimalNumber doubleValue]`
  public var doubleValue: Double {
    if isNaN { return .nan }
    if digits.isEmpty { return 0 }
    return Double((isNegative ? "-" : "") + Magnitude.text(digits) + "e\(exponent)") ?? .nan
  }

  /// The number as a bridged value: an `.int64` when it is whole and fits, else the nearest
  /// `.double` (what reading it as a Swift number gives).
  ///
  /// Objective-C: none (Swift's `NSDecimalNumber as? Int` / `as? Double`)
  public var nearestNumber: Value {
    if !isNaN, exponent >= 0, let whole = Magnitude.int64(digits, exponent: exponent, isNegative: isNegative) {
      return .int64(whole)
    }
    return .double(doubleValue)
  }

  /// The number written out without an exponent, as `-description` prints it: `0.3`, `6`,
  /// `-1.5`, `1000`, `0.001`; `NaN` for not a number.
  ///
  /// Objective-C: `NSDecimalString` (`-[NSDecimalNumber description]`, `-stringValue`)
  public var description: String {
    if isNaN { return "NaN" }
    if digits.isEmpty { return "0" }
    let sign = isNegative ? "-" : ""
    let text = Magnitude.text(digits)
    if exponent >= 0 { return sign + text + String(repeating: "0", count: exponent) }
    let fraction = -exponent
    if text.count > fraction {
      return sign + text.dropLast(fraction) + "." + text.suffix(fraction)
    }
    return sign + "0." + String(repeating: "0", count: fraction - text.count) + text
  }
}
