// NSDecimalNumberTests.swift: NSDecimalNumber and the Decimal it holds (Decimal.swift,
// Decimal+Magnitude.swift, Decimal+Conversion.swift, NSDecimalNumber.swift).

import Testing

@testable import MiniFoundation

@Suite struct NSDecimalNumberTests {
  /// `[NSDecimalNumber decimalNumberWithString:text]`.
  func decimal(_ text: String, in runtime: Runtime) throws -> Value {
    try send(try foundationClass("NSDecimalNumber", in: runtime), "decimalNumberWithString:", .string(text))
  }

  @Test func decimalNumberIsAConcreteSubclassOfNSNumber() throws {
    let runtime = Runtime()
    let cls = try foundationClass("NSDecimalNumber", in: runtime)
    #expect(cls.superclass?.name == "NSNumber")
    let six = try decimal("6", in: runtime)
    #expect(six.objectValue?.isa === cls)
    #expect(try send(six.objectValue, "isKindOfClass:", .class(try foundationClass("NSNumber", in: runtime))) == true)
    #expect(try send(six.objectValue, "objCType") == .cString("d"))
    try runtime.checkInvariants()
  }

  @Test func pointOnePlusPointTwoIsExactlyPointThree() throws {
    let runtime = Runtime()
    let sum = try send(try decimal("0.1", in: runtime).objectValue, "decimalNumberByAdding:", try decimal("0.2", in: runtime))
    #expect(try send(sum.objectValue, "description") == "0.3")
    #expect(try send(sum.objectValue, "isEqual:", try decimal("0.3", in: runtime)) == true)
    #expect(sum.decimalValue == Decimal(string: "0.3"))
    // A double enters as the decimal its shortest description spells, as -decimalValue does.
    let tenth = try #require(Decimal(number: .double(0.1)))
    let fifth = try #require(Decimal(number: .double(0.2)))
    #expect(try tenth.adding(fifth) == Decimal(string: "0.3"))
  }

  @Test func aThirtyDigitSumKeepsEveryDigit() throws {
    let runtime = Runtime()
    let big = try decimal("123456789012345678901234567890", in: runtime)
    let sum = try send(big.objectValue, "decimalNumberByAdding:", try decimal("1", in: runtime))
    #expect(try send(sum.objectValue, "stringValue") == "123456789012345678901234567891")
    #expect(try send(sum.objectValue, "doubleValue") == .double(1.2345678901234568e29))  // the nearest double
  }

  @Test func arithmeticRoundsToThirtyEightDigitsHalfAwayFromZero() throws {
    let third = try Decimal.one.dividing(by: Decimal(3))
    #expect(third.description == "0." + String(repeating: "3", count: 38))
    let twoThirds = try Decimal(2).dividing(by: Decimal(3))
    #expect(twoThirds.description == "0." + String(repeating: "6", count: 37) + "7")
    #expect(try Decimal(-2).dividing(by: Decimal(3)).description == "-0." + String(repeating: "6", count: 37) + "7")
    let product = try Decimal(string: "1.5").multiplying(by: Decimal(string: "-4"))
    #expect(product.description == "-6")
    #expect(try Decimal(string: "0.3").subtracting(Decimal(string: "0.1")).description == "0.2")
    let forty = Decimal(string: String(repeating: "9", count: 40))  // rounds to 1 × 10^40
    #expect(forty.description == "1" + String(repeating: "0", count: 40))
  }

  @Test func descriptionWritesTheNumberOutAsFoundationPrintsIt() throws {
    let runtime = Runtime()
    #expect(try send(try decimal("0.30", in: runtime).objectValue, "description") == "0.3")
    #expect(try send(try decimal("6", in: runtime).objectValue, "description") == "6")
    #expect(try send(try decimal("-1.5", in: runtime).objectValue, "description") == "-1.5")
    #expect(Decimal(string: "1e3").description == "1000")
    #expect(Decimal(string: "  -0.001abc").description == "-0.001")  // read as far as it is a number
    #expect(Decimal(string: "-0").description == "0")
    #expect(Decimal(string: "abc").isNaN)
    #expect(Decimal(string: "abc").description == "NaN")
    // Inside a collection it prints its exact text too (quoted, for its "."), as a plain number would.
    let long = try decimal("0.10000000000000000000000000001", in: runtime)
    #expect(try runtime.msgSend(bridging: .array([long]), "description") == "(\n    \"0.10000000000000000000000000001\"\n)")
    #expect(try runtime.msgSend(bridging: .array([try decimal("0.3", in: runtime)]), "description")
      == runtime.msgSend(bridging: .array([.double(0.3)]), "description"))
  }

  @Test func compareOrdersDecimalsExactlyAndAgainstPlainNumbers() throws {
    let runtime = Runtime()
    let small = try decimal("0.10000000000000000000000000001", in: runtime)
    let tenth = try decimal("0.1", in: runtime)
    #expect(try send(small.objectValue, "compare:", tenth) == 1)  // beyond a double's precision
    #expect(try send(tenth.objectValue, "compare:", small) == -1)
    #expect(try send(tenth.objectValue, "compare:", .double(0.1)) == 0)
    #expect(try send(tenth.objectValue, "compare:", 1) == -1)
    #expect(try send(try decimal("-2", in: runtime).objectValue, "compare:", try decimal("-10", in: runtime)) == 1)
    #expect(try send(small.objectValue, "isEqual:", tenth) == false)
    expectFoundationError(.invalidArgument) { try send(tenth.objectValue, "compare:", "0.1") }
    expectFoundationError(.invalidArgument) { try send(tenth.objectValue, "compare:", nil) }
  }

  @Test func aDecimalEqualsAPlainNumberOfTheSameValueAsNSNumberDoes() throws {
    let runtime = Runtime()
    let six = try decimal("6", in: runtime)
    #expect(try send(six.objectValue, "isEqual:", 6) == true)  // [[NSDecimalNumber …@"6"] isEqual:@6]
    #expect(try send(six.objectValue, "isEqualToNumber:", .double(6)) == true)
    #expect(try runtime.msgSend(bridging: 6, "isEqual:", six) == true)
    #expect(six == .int64(6))
    #expect(try decimal("1.5", in: runtime) == .double(1.5))
    #expect(Set([six, .int64(6)]).count == 1)  // hashes agree with ==
    #expect(try send(six.objectValue, "isEqual:", "6") == false)
  }

  @Test func numberMessagesAnswerTheNearestPlainNumber() throws {
    let runtime = Runtime()
    let value = try decimal("-2.75", in: runtime).objectValue
    #expect(try send(value, "doubleValue") == .double(-2.75))
    #expect(try send(value, "longLongValue") == .int64(-2))  // toward zero, as a C cast
    #expect(try send(value, "integerValue") == .int64(-2))
    #expect(try send(value, "intValue") == .int32(-2))
    #expect(try send(value, "boolValue") == true)
    #expect(try send(try decimal("0", in: runtime).objectValue, "boolValue") == false)
    #expect(try send(try decimal("12345678901234567", in: runtime).objectValue, "longLongValue") == .int64(12_345_678_901_234_567))
  }

  @Test func zeroOneAndNotANumberAreClassMessages() throws {
    let runtime = Runtime()
    let cls = try foundationClass("NSDecimalNumber", in: runtime)
    #expect(try send(try send(cls, "zero").objectValue, "description") == "0")
    #expect(try send(try send(cls, "one").objectValue, "description") == "1")
    let nan = try send(cls, "notANumber")
    #expect(try send(nan.objectValue, "description") == "NaN")
    let sum = try send(nan.objectValue, "decimalNumberByAdding:", 1)
    #expect(sum.decimalValue?.isNaN == true)
    let made = try send(cls, "decimalNumberWithMantissa:exponent:isNegative:", .uint64(15), .int16(-1), true)
    #expect(try send(made.objectValue, "description") == "-1.5")
  }

  @Test func divisionByZeroOverflowAndUnderflowThrowFoundationsExceptions() throws {
    let runtime = Runtime()
    let one = try decimal("1", in: runtime).objectValue
    let byZero = expectFoundationError(.decimalDivideByZero) { try send(one, "decimalNumberByDividingBy:", 0) }
    #expect(byZero?.exceptionName == "NSDecimalNumberDivideByZeroException")
    let huge = try decimal("1e127", in: runtime)
    let overflow = expectFoundationError(.decimalOverflow) {
      try send(huge.objectValue, "decimalNumberByMultiplyingBy:", try decimal("1e38", in: runtime))
    }
    #expect(overflow?.exceptionName == "NSDecimalNumberOverflowException")
    let tiny = try decimal("1e-128", in: runtime)
    expectFoundationError(.decimalUnderflow) { try send(tiny.objectValue, "decimalNumberByDividingBy:", 10) }
    #expect(Decimal(string: "1e999").isNaN)  // out of range text is not a number
    #expect(try Decimal(string: "1e127").multiplying(by: Decimal(10)).description == "1" + String(repeating: "0", count: 128))
  }
}
