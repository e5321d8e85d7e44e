// FoundationBehaviourRound21DecimalTests.swift: the twenty-first round of Foundation behaviours:
// NSDecimalNumber cases from GNUstep-base's Tests/base/NSDecimalNumber and
// swift-corelibs-foundation's TestNSDecimal: NSNumber's factories sent to NSDecimalNumber,
// rounding to a scale, and the integer accessors. GNUstep-base 1.28 was run on this machine; where
// it differs from Apple's documented answer, the test says so.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound21DecimalTests {
  @Test func nsNumbersFactoriesSentToNSDecimalNumberMakeDecimalNumbers() throws {
    // GNUstep: [[NSDecimalNumber numberWithInt:5] class] is NSDecimalNumber; Apple's code that
    // sends decimalNumberByMultiplyingBy: to one relies on it.
    let runtime = Runtime()
    let decimalNumber = try foundationClass("NSDecimalNumber", in: runtime)
    let five = try #require(try send(decimalNumber, "numberWithInt:", .int32(5)).objectValue)
    #expect(try send(five, "isKindOfClass:", .object(decimalNumber)) == true)
    let product = try send(five, "decimalNumberByMultiplyingBy:", .object(try decimalNumberObject("1.5", in: runtime)))
    #expect(try send(product.objectValue, "description") == "7.5")
    let half = try #require(try send(decimalNumber, "numberWithDouble:", .double(0.5)).objectValue)
    #expect(try send(half, "isKindOfClass:", .object(decimalNumber)) == true)
    #expect(try send(half, "description") == "0.5")
    let allocated = try send(send(decimalNumber, "alloc").objectValue, "initWithLongLong:", .int64(-12))
    #expect(try send(allocated.objectValue, "isKindOfClass:", .object(decimalNumber)) == true)
    #expect(try send(allocated.objectValue, "description") == "-12")
    let nsNumber = try foundationClass("NSNumber", in: runtime)
    let plain = try #require(try send(nsNumber, "numberWithInt:", .int32(5)).objectValue)
    #expect(try send(plain, "isKindOfClass:", .object(decimalNumber)) == false, "NSNumber's own stay plain")
  }

  @Test func roundingToAScaleRoundsOnlyAHalfTheBankersWay() throws {
    // 12.345 and 12.355 at scale 2 are halves: bankers rounds them to the even digit; 12.3451 is
    // past the half, so 12.35 (GNUstep-base 1.28 answers 12.34 there, against Apple's
    // documented "round to the closest possible return value").
    let runtime = Runtime()
    let bankers = try decimalNumberHandler(3, scale: 2, overflow: false, underflow: false, divideByZero: false, in: runtime)
    func rounded(_ text: String) throws -> Value {
      try send(send(decimalNumberObject(text, in: runtime), "decimalNumberByRoundingAccordingToBehavior:", bankers).objectValue, "description")
    }
    #expect(try rounded("12.345") == "12.34")
    #expect(try rounded("12.355") == "12.36")
    #expect(try rounded("12.3451") == "12.35")
    let plain = try decimalNumberHandler(0, scale: 0, in: runtime)
    #expect(try send(send(decimalNumberObject("-0.5", in: runtime), "decimalNumberByRoundingAccordingToBehavior:", plain).objectValue, "description") == "-1")
  }

  @Test func integerAccessorsConvertAsCDoes() throws {
    let runtime = Runtime()
    #expect(try send(decimalNumberObject("-1", in: runtime), "unsignedIntValue") == .uint32(4_294_967_295))
    #expect(try send(decimalNumberObject("-1.50", in: runtime), "stringValue") == "-1.5")
    #expect(try send(decimalNumberObject("1", in: runtime), "isEqual:", "1") == false, "a string is not a number")
  }

  @Test func objectsForKeysRefusesANilMarker() throws {
    // Already matched: GNUstep raises NSInvalidArgumentException (the marker would be a nil element).
    let runtime = Runtime()
    let dictionary = try runtime.mutableDictionary(["k": "v"])
    expectFoundationError(.invalidArgument) { try send(dictionary, "objectsForKeys:notFoundMarker:", .array(["k", "x"]), .nil) }
  }
}
