// Decimal+Rounding.swift: rounding a decimal to a number of places, as NSDecimalRound does, and
// the powers NSDecimalNumber computes.
//
// Docs: docs/foundation.md#nsdecimalnumber. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound15DecimalTests.swift.
//
// The four NSRoundingModes, checked against swift-corelibs-foundation on this machine and the
// table in Apple's NSDecimalNumberBehaviors documentation: `plain` rounds a half away from zero
// (2.5 is 3, -2.5 is -3), `down` toward negative infinity (-2.5 is -3), `up` toward positive
// infinity (-2.5 is -2), `bankers` a half to the even neighbour (2.5 is 2, 3.5 is 4). The scale
// counts the places kept after the decimal point; a negative one rounds to tens, hundreds (scale
// -1: 123.456 is 120); `noScale` keeps every digit. Immutable values; no state, no locks.

extension Decimal {
  /// How a decimal is rounded to the places it keeps.
  ///
  /// Objective-C: `NSRoundingMode`
  public enum RoundingMode: Int, Sendable, Hashable {
    /// To the nearest; a half away from zero.
    ///
    /// Objective-C: `NSRoundPlain`
    case plain = 0
    /// Toward negative infinity.
    ///
    /// Objective-C: `NSRoundDown`
    case down = 1
    /// Toward positive infinity.
    ///
    /// Objective-C: `NSRoundUp`
    case up = 2
    /// To the nearest; a half to the even neighbour.
    ///
    /// Objective-C: `NSRoundBankers`
    case bankers = 3
  }

  /// The scale that keeps every digit: no rounding.
  ///
  /// Objective-C: `NSDecimalNoScale` (`SHRT_MAX`)
  public static let noScale = Int(Int16.max)

  /// The number rounded to `scale` places after the decimal point (before it, when negative).
  ///
  /// ```swift
  /// Decimal(string: "2.5").rounded(scale: 0, mode: .bankers).description      // "2"
  /// Decimal(string: "-2.5").rounded(scale: 0, mode: .down).description        // "-3"
  /// Decimal(string: "123.456").rounded(scale: -1, mode: .plain).description   // "120"
  /// ```
  ///
  /// - Throws: ``FoundationError`` (`NSDecimalNumberOverflowException`) when rounding up
  ///   carries past the largest exponent.
  ///
  /// Objective-C: `NSDecimalRound`
  public func rounded(scale: Int, mode: RoundingMode) throws(FoundationError) -> Decimal {
    guard !isNaN, scale != Self.noScale, !digits.isEmpty, -exponent > scale else { return self }
    let dropped = -exponent - scale  // > 0: digits below the last place kept
    let kept = Magnitude.rounded(digits, droppingLowest: dropped, mode: mode, isNegative: isNegative)
    return try Self.make(kept, exponent: -scale, isNegative: isNegative)
  }

  /// `self` × 10^`power`.
  ///
  /// - Throws: ``FoundationError`` on overflow or underflow.
  ///
  /// Objective-C: `NSDecimalMultiplyByPowerOf10` (`-decimalNumberByMultiplyingByPowerOf10:`)
  public func multiplying(byPowerOf10 power: Int) throws(FoundationError) -> Decimal {
    var lost = false
    return try multiplying(byPowerOf10: power, lost: &lost)
  }

  /// ``multiplying(byPowerOf10:)`` rounding by `mode`, setting `lost` when a digit was rounded
  /// away.
  func multiplying(byPowerOf10 power: Int, mode: RoundingMode = .plain, lost: inout Bool) throws(FoundationError) -> Decimal {
    if isNaN || digits.isEmpty { return self }
    return try Self.make(digits, exponent: exponent + power, isNegative: isNegative, mode: mode, lost: &lost)
  }

  /// `self` to the whole power `power` (1 for the power 0), by squaring and multiplying, each
  /// product rounded to fit a mantissa.
  ///
  /// - Throws: ``FoundationError`` on overflow or underflow.
  ///
  /// Objective-C: `NSDecimalPower` (`-decimalNumberByRaisingToPower:`)
  public func raising(toPower power: Int) throws(FoundationError) -> Decimal {
    var lost = false
    return try raising(toPower: power, lost: &lost)
  }

  /// ``raising(toPower:)`` rounding each product by `mode`, setting `lost` when a product had
  /// more digits than a mantissa keeps.
  func raising(toPower power: Int, mode: RoundingMode = .plain, lost: inout Bool) throws(FoundationError) -> Decimal {
    if isNaN { return self }
    var (result, base, rest) = (Decimal.one, self, Swift.max(0, power))
    while rest > 0 {  // square and multiply: 64 rounds at most
      if rest & 1 == 1 { result = try result.multiplying(by: base, mode: mode, lost: &lost) }
      rest >>= 1
      if rest > 0 { base = try base.multiplying(by: base, mode: mode, lost: &lost) }
    }
    return result
  }
}
