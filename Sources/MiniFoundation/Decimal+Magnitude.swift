// Decimal+Magnitude.swift: schoolbook arithmetic on a decimal mantissa's digits.
//
// Docs: docs/foundation.md#nsdecimalnumber. Tests: Tests/MiniFoundationTests/NSDecimalNumberTests.swift.
//
// A magnitude is an array of decimal digits, least significant first, so index i is the digit
// of 10^i. Functions may return zeros at the most significant end; `Decimal.make` trims them.
// No state.

enum Magnitude {
  /// Removes zeros at the most significant end (the number is unchanged).
  static func trim(_ digits: inout [UInt8]) {
    while digits.last == 0 { digits.removeLast() }
  }

  /// `digits` × 10^`power` (zeros put in at the least significant end).
  static func scaled(_ digits: [UInt8], by power: Int) -> [UInt8] {
    power <= 0 || digits.isEmpty ? digits : Array(repeating: 0, count: power) + digits
  }

  /// `digits` without its `count` lowest digits, rounded by `mode` for a number of that sign:
  /// `plain` a half away from zero (the first digit dropped decides), `bankers` a half to the
  /// even neighbour, `down` toward negative infinity and `up` toward positive infinity (any digit
  /// dropped other than 0 moves the rest).
  static func rounded(
    _ digits: [UInt8], droppingLowest count: Int, mode: Decimal.RoundingMode = .plain, isNegative: Bool = false
  ) -> [UInt8] {
    guard count > 0 else { return digits }
    let kept = count < digits.count ? Array(digits[count...]) : []
    let first = count <= digits.count ? digits[count - 1] : 0  // the most significant dropped
    let restNonZero = digits.prefix(Swift.min(count - 1, digits.count)).contains { $0 != 0 }
    let away: Bool
    switch mode {
    case .plain: away = first >= 5
    case .bankers: away = first > 5 || (first == 5 && (restNonZero || (kept.first ?? 0) % 2 == 1))
    case .down: away = isNegative && (first != 0 || restNonZero)
    case .up: away = !isNegative && (first != 0 || restNonZero)
    }
    return away ? sum(kept, [1]) : kept
  }

  /// -1, 0 or 1 as `a` is below, equal to or above `b` (both trimmed or not: zeros at the top
  /// are skipped).
  static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var left = a
    var right = b
    trim(&left)
    trim(&right)
    if left.count != right.count { return left.count < right.count ? -1 : 1 }
    for index in stride(from: left.count - 1, through: 0, by: -1) where left[index] != right[index] {
      return left[index] < right[index] ? -1 : 1
    }
    return 0
  }

  /// The order of `a` × 10^`ea` and `b` × 10^`eb` (trimmed magnitudes).
  static func order(_ a: [UInt8], _ ea: Int, _ b: [UInt8], _ eb: Int) -> Int {
    if a.isEmpty || b.isEmpty { return a.isEmpty == b.isEmpty ? 0 : (a.isEmpty ? -1 : 1) }
    let (topA, topB) = (a.count + ea, b.count + eb)  // the position of the first digit
    if topA != topB { return topA < topB ? -1 : 1 }
    let exponent = Swift.min(ea, eb)
    return compare(scaled(a, by: ea - exponent), scaled(b, by: eb - exponent))
  }

  /// `a + b`.
  static func sum(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(Swift.max(a.count, b.count) + 1)
    var carry: UInt8 = 0
    for index in 0..<Swift.max(a.count, b.count) {
      let total = (index < a.count ? a[index] : 0) + (index < b.count ? b[index] : 0) + carry
      result.append(total % 10)
      carry = total / 10
    }
    if carry > 0 { result.append(carry) }
    return result
  }

  /// `a - b`, for `a` ≥ `b`.
  static func difference(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(a.count)
    var borrow = 0
    for index in 0..<a.count {
      var digit = Int(a[index]) - borrow - (index < b.count ? Int(b[index]) : 0)
      borrow = digit < 0 ? 1 : 0
      if digit < 0 { digit += 10 }
      result.append(UInt8(digit))
    }
    return result
  }

  /// `a × b`.
  static func product(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    if a.isEmpty || b.isEmpty { return [] }
    var columns = [Int](repeating: 0, count: a.count + b.count)
    for (i, x) in a.enumerated() where x != 0 {
      for (j, y) in b.enumerated() { columns[i + j] += Int(x) * Int(y) }
    }
    var result: [UInt8] = []
    result.reserveCapacity(columns.count)
    var carry = 0
    for column in columns {
      let total = column + carry
      result.append(UInt8(total % 10))
      carry = total / 10
    }
    while carry > 0 {
      result.append(UInt8(carry % 10))
      carry /= 10
    }
    return result
  }

  /// `a ÷ b` rounded toward zero, for `b` ≠ 0: long division, one digit of `a` at a time.
  static func quotient(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var divisor = b
    trim(&divisor)
    var remainder: [UInt8] = []
    var quotient: [UInt8] = []  // most significant first while it is built
    quotient.reserveCapacity(a.count)
    for digit in a.reversed() {
      remainder.insert(digit, at: 0)  // remainder × 10 + digit
      trim(&remainder)
      var count: UInt8 = 0
      while compare(remainder, divisor) >= 0 {
        remainder = difference(remainder, divisor)
        trim(&remainder)
        count += 1
      }
      quotient.append(count)
    }
    return quotient.reversed()
  }

  /// The digits as text, most significant first (`[1, 2]` is "21").
  static func text(_ digits: [UInt8]) -> String {
    digits.isEmpty ? "0" : String(digits.reversed().map { Character(Unicode.Scalar($0 + 48)) })
  }

  /// The whole number `digits` × 10^`exponent` with its sign, if it fits in an `Int64`.
  static func int64(_ digits: [UInt8], exponent: Int, isNegative: Bool) -> Int64? {
    guard digits.count + exponent <= 19 else { return nil }
    var magnitude: UInt64 = 0
    for digit in scaled(digits, by: exponent).reversed() {
      let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (added, overflow2) = shifted.addingReportingOverflow(UInt64(digit))
      if overflow1 || overflow2 { return nil }
      magnitude = added
    }
    if isNegative {
      return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
    }
    return Int64(exactly: magnitude)
  }
}
