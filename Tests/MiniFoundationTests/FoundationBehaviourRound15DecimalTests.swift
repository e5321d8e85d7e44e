// FoundationBehaviourRound15DecimalTests.swift: NSDecimalNumber's rounding behaviours
// (NSDecimalNumberHandler, decimalNumberByRoundingAccordingToBehavior:, the withBehavior:
// arithmetic, powers). The rounding answers are swift-corelibs-foundation's on this machine and
// match the table in Apple's NSDecimalNumberBehaviors documentation; where corelibs ignores a
// behaviour's scale in arithmetic, Apple's documentation is followed (docs/foundation.md).

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound15DecimalTests {
  private static let plain = 0, down = 1, up = 2, bankers = 3

  private func decimal(_ text: String, in runtime: Runtime) throws -> Object? {
    try send(try foundationClass("NSDecimalNumber", in: runtime), "decimalNumberWithString:", .string(text)).objectValue
  }

  private func handler(
    _ mode: Int, scale: Int, exactness: Bool = false, overflow: Bool = true, underflow: Bool = true, divideByZero: Bool = true,
    in runtime: Runtime
  ) throws -> Value {
    try decimalNumberHandler(
      mode, scale: scale, exactness: exactness, overflow: overflow, underflow: underflow, divideByZero: divideByZero, in: runtime)
  }

  private func text(_ value: Value) throws -> String? { try send(value.objectValue, "description").stringValue }

  @Test func roundingFollowsEachModeAndScale() throws {
    let runtime = Runtime()
    func rounded(_ number: String, _ mode: Int, _ scale: Int) throws -> String? {
      try text(try send(try decimal(number, in: runtime), "decimalNumberByRoundingAccordingToBehavior:", try handler(mode, scale: scale, in: runtime)))
    }
    #expect(try rounded("2.5", Self.bankers, 0) == "2")
    #expect(try rounded("3.5", Self.bankers, 0) == "4")
    #expect(try rounded("-2.5", Self.bankers, 0) == "-2")
    #expect(try rounded("-2.5", Self.plain, 0) == "-3", "a half away from zero")
    #expect(try rounded("-2.5", Self.down, 0) == "-3", "down is toward negative infinity")
    #expect(try rounded("-2.5", Self.up, 0) == "-2", "up is toward positive infinity")
    #expect(try rounded("2.45", Self.bankers, 1) == "2.4")
    #expect(try rounded("2.55", Self.bankers, 1) == "2.6")
    #expect(try rounded("2.4501", Self.bankers, 1) == "2.5", "more than a half")
    #expect(try rounded("-0.5", Self.plain, 0) == "-1")
    #expect(try rounded("0.125", Self.bankers, 1) == "0.1")
    #expect(try rounded("123.456", Self.plain, -1) == "120", "a negative scale rounds to tens")
    #expect(try rounded("1.005", Self.plain, 2) == "1.01")
    #expect(try rounded("0.995", Self.plain, 2) == "1")
    #expect(try rounded("-0.004", Self.plain, 2) == "0")
    #expect(try rounded("1.2345", Self.up, 2) == "1.24")
    #expect(try rounded("-1.2345", Self.down, 2) == "-1.24")
    #expect(try rounded("1.2", Self.plain, 3) == "1.2", "fewer places than the scale: as it is")
    #expect(try rounded("0.0001", Self.up, 2) == "0.01")
  }

  @Test func theHandlersScaleRoundsArithmeticAndTheDefaultHandlerKeepsEveryDigit() throws {
    let runtime = Runtime()
    let one = try decimal("1", in: runtime)
    let twoDecimals = try handler(Self.plain, scale: 2, in: runtime)
    #expect(try text(try send(one, "decimalNumberByDividingBy:withBehavior:", 3, twoDecimals)) == "0.33")
    #expect(try text(try send(try decimal("2", in: runtime), "decimalNumberByDividingBy:withBehavior:", 3, twoDecimals)) == "0.67")
    #expect(try text(try send(try decimal("1.005", in: runtime), "decimalNumberByAdding:withBehavior:", 0, twoDecimals)) == "1.01")
    #expect(try text(try send(try decimal("1.5", in: runtime), "decimalNumberByMultiplyingBy:withBehavior:", 1.5, twoDecimals)) == "2.25")
    #expect(try text(try send(try decimal("1", in: runtime), "decimalNumberBySubtracting:withBehavior:", 0.001, twoDecimals)) == "1")
    #expect(try text(try send(try decimal("1.5", in: runtime), "decimalNumberByRaisingToPower:", .uint64(2))) == "2.25")
    #expect(try text(try send(try decimal("123", in: runtime), "decimalNumberByMultiplyingByPowerOf10:", .int16(-2))) == "1.23")
    #expect(try text(try send(try decimal("2", in: runtime), "decimalNumberByRaisingToPower:", .uint64(0))) == "1")
    let defaultHandler = try send(try foundationClass("NSDecimalNumberHandler", in: runtime), "defaultDecimalNumberHandler")
    #expect(try send(defaultHandler.objectValue, "roundingMode") == .uint64(0))
    #expect(try send(defaultHandler.objectValue, "scale") == .int16(Int16.max), "NSDecimalNoScale")
    #expect(try text(try send(one, "decimalNumberByDividingBy:withBehavior:", 3, defaultHandler)) == "0.33333333333333333333333333333333333333")
  }

  @Test func aHandlerRaisesOnlyTheErrorsItsFlagsNameAndOtherwiseAnswersNaN() throws {
    let runtime = Runtime()
    let one = try decimal("1", in: runtime)
    let quiet = try handler(Self.plain, scale: Decimal.noScale, overflow: false, underflow: false, divideByZero: false, in: runtime)
    #expect(try text(try send(one, "decimalNumberByDividingBy:withBehavior:", 0, quiet)) == "NaN")
    let loud = try handler(Self.plain, scale: Decimal.noScale, exactness: true, in: runtime)
    let byZero = expectFoundationError(.decimalDivideByZero) { try send(one, "decimalNumberByDividingBy:withBehavior:", 0, loud) }
    #expect(byZero?.message == "NSDecimalNumber divide by zero exception")
    let inexact = expectFoundationError(.decimalExactness) { try send(one, "decimalNumberByDividingBy:withBehavior:", 3, loud) }
    #expect(inexact?.exceptionName == "NSDecimalNumberExactnessException")
    #expect(try text(try send(one, "decimalNumberByDividingBy:withBehavior:", 4, loud)) == "0.25", "an exact quotient")
    #expect(try text(try send(one, "decimalNumberByDividingBy:", 3)) == "0.33333333333333333333333333333333333333", "default: exactness does not raise")
    let plainByZero = expectFoundationError(.decimalDivideByZero) { try send(one, "decimalNumberByDividingBy:", 0) }
    #expect(plainByZero?.message == "NSDecimalNumber divide by zero exception")
    let huge = try decimal("1e127", in: runtime)
    #expect(try text(try send(huge, "decimalNumberByMultiplyingBy:withBehavior:", try decimal("1e38", in: runtime).map(Value.object) ?? .nil, quiet)) == "NaN")
  }

  @Test func aBehaviourOfTheUsersOwnClassIsAskedItsScaleModeAndWhatAnErrorAnswers() throws {
    let runtime = Runtime()
    let root = try foundationClass("NSObject", in: runtime)
    let cls = try makeClass("HalfEven", superclass: root, in: runtime) { cls in
      try cls.addMethod("roundingMode", types: "Q16@0:8") { _, _, _ in .uint64(3) }
      try cls.addMethod("scale", types: "s16@0:8") { _, _, _ in .int16(0) }
      try cls.addMethod("exceptionDuringOperation:error:leftOperand:rightOperand:", types: "@48@0:8:16Q24@32@40") { receiver, _, arguments in
        #expect(arguments[0].selectorValue == "decimalNumberByDividingBy:withBehavior:")
        #expect(arguments[1] == .uint64(4), "NSCalculationDivideByZero")
        return try Runtime.msgSend(try foundationClass("NSDecimalNumber", in: runtime), "zero")
      }
    }
    let behaviour = try send(cls, "new")
    #expect(try text(try send(try decimal("5", in: runtime), "decimalNumberByDividingBy:withBehavior:", 2, behaviour)) == "2", "2.5 to even")
    #expect(try text(try send(try decimal("7", in: runtime), "decimalNumberByDividingBy:withBehavior:", 2, behaviour)) == "4", "3.5 to even")
    #expect(try text(try send(try decimal("5", in: runtime), "decimalNumberByDividingBy:withBehavior:", 0, behaviour)) == "0", "its answer")
    #expect(try text(try send(try decimal("2.5", in: runtime), "decimalNumberByRoundingAccordingToBehavior:", behaviour)) == "2")
  }
}
