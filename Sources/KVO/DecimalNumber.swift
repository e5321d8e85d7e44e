// DecimalNumber.swift: the decimal arithmetic of `@sum` and `@avg`.
//
// Docs: docs/kvo.md#collection-operators. Tests: Tests/KVOTests/CollectionOperatorTests.swift.
//
// Foundation sums with `NSDecimal` (38 decimal digits): each value's `-decimalValue`, added, and
// for `@avg` divided by the count. A double enters as the decimal its shortest description
// spells (`0.1` is 1 × 10⁻¹, not the binary fraction), so `0.1 + 0.2` is exactly 0.3. Here a
// decimal is an `Int64` mantissa and a power-of-ten exponent (18 digits, enough for any sum of
// integers below 2⁶³ and for every double's shortest form); a result that would need more digits
// is computed in binary floating point instead. The answer is the bridged number nearest the
// decimal: an integer when it is whole and fits, else the nearest double (NSDecimalNumber's
// `doubleValue`). Immutable values, no state.

import MiniRuntime

/// A decimal number, `mantissa` × 10^`exponent`, or a binary fallback once digits run out.
struct DecimalNumber: Sendable {
  private enum Storage: Sendable {
    case decimal(mantissa: Int64, exponent: Int)
    case binary(Double)
  }
  private let storage: Storage

  static let zero = DecimalNumber(storage: .decimal(mantissa: 0, exponent: 0))

  private init(storage: Storage) { self.storage = storage }

  /// The decimal value of a number (Foundation's `-decimalValue`); nil for anything else.
  init?(_ value: Value) {
    switch value.bridged {
    case .bool(let flag): storage = .decimal(mantissa: flag ? 1 : 0, exponent: 0)
    case .int8, .int16, .int32, .int64, .uint8, .uint16, .uint32:
      guard let whole = value.intValue else { return nil }
      storage = .decimal(mantissa: Int64(whole), exponent: 0)
    case .uint64(let whole):
      storage = Int64(exactly: whole).map { .decimal(mantissa: $0, exponent: 0) } ?? .binary(Double(whole))
    case .float(let number): storage = Self.parse(number.description) ?? .binary(Double(number))
    case .double(let number): storage = Self.parse(number.description) ?? .binary(number)
    default: return nil
    }
  }

  /// `mantissa` and `exponent` of a shortest description such as `-12.5`, `1e-05` or `1.5e+20`.
  private static func parse(_ text: String) -> Storage? {
    var digits: Int64 = 0
    var exponent = 0
    var negative = false
    var afterPoint = false
    var rest = Substring(text)
    if rest.first == "-" {
      negative = true
      rest = rest.dropFirst()
    }
    while let character = rest.first, character != "e" {
      rest = rest.dropFirst()
      if character == "." {
        afterPoint = true
        continue
      }
      guard let digit = character.wholeNumberValue else { return nil }  // inf, nan
      let (shifted, overflow1) = digits.multipliedReportingOverflow(by: 10)
      let (added, overflow2) = shifted.addingReportingOverflow(Int64(digit))
      if overflow1 || overflow2 { return nil }
      digits = added
      if afterPoint { exponent -= 1 }
    }
    if rest.first == "e" {
      guard let power = Int(rest.dropFirst().replacing("+", with: "")) else { return nil }
      exponent += power
    }
    return .decimal(mantissa: negative ? -digits : digits, exponent: exponent)
  }

  /// The value as a double (the nearest one to the decimal).
  var doubleValue: Double {
    switch storage {
    case .binary(let number): return number
    case .decimal(let mantissa, let exponent): return Double("\(mantissa)e\(exponent)") ?? .nan
    }
  }

  /// `self + other`, exactly while 18 digits hold it.
  func adding(_ other: DecimalNumber) -> DecimalNumber {
    guard case .decimal(let a, let ea) = storage, case .decimal(let b, let eb) = other.storage else {
      return DecimalNumber(storage: .binary(doubleValue + other.doubleValue))
    }
    let exponent = Swift.min(ea, eb)
    guard let left = Self.scaled(a, by: ea - exponent), let right = Self.scaled(b, by: eb - exponent) else {
      return DecimalNumber(storage: .binary(doubleValue + other.doubleValue))
    }
    let (sum, overflow) = left.addingReportingOverflow(right)
    guard !overflow else { return DecimalNumber(storage: .binary(doubleValue + other.doubleValue)) }
    return DecimalNumber(storage: .decimal(mantissa: sum, exponent: exponent))
  }

  /// `mantissa` × 10^`power`, or nil if it overflows.
  private static func scaled(_ mantissa: Int64, by power: Int) -> Int64? {
    var result = mantissa
    for _ in 0..<power {
      let (next, overflow) = result.multipliedReportingOverflow(by: 10)
      if overflow { return nil }
      result = next
    }
    return result
  }

  /// The value as the bridged number nearest it: `.int64` when whole and in range, else `.double`.
  var value: Value {
    guard case .decimal(var mantissa, var exponent) = storage else { return .double(doubleValue) }
    while exponent < 0, mantissa % 10 == 0 {
      mantissa /= 10
      exponent += 1
    }
    if exponent >= 0, let whole = Self.scaled(mantissa, by: exponent) { return .int64(whole) }
    return .double(doubleValue)
  }

  /// `self / count` (`@avg`), to as many digits as the mantissa holds.
  func divided(by count: Int) -> Value {
    guard case .decimal(let mantissa, var exponent) = storage, count > 0 else {
      return .double(doubleValue / Double(count))
    }
    var numerator = mantissa
    // Widen the numerator while it fits, for the quotient's digits (18 at most).
    while numerator != 0, let wider = Self.scaled(numerator, by: 1), wider.magnitude < UInt64(Int64.max / 10) {
      numerator = wider
      exponent -= 1
    }
    let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: Int64(count))
    // Round the last digit half away from zero, as NSDecimal's plain rounding does.
    let rounded = quotient + (2 * remainder.magnitude >= UInt64(count) ? (numerator < 0 ? -1 : 1) : 0)
    return DecimalNumber(storage: .decimal(mantissa: rounded, exponent: exponent)).value
  }
}
