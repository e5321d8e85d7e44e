// FoundationBehaviourRound20DecimalTests.swift: the twentieth round of Foundation behaviours:
// `-[NSNumber decimalValue]`, `+[NSDecimalNumber decimalNumberWithDecimal:]` and
// `-initWithDecimal:`, with `NSDecimal` as the struct value Decimal+Structure.swift describes
// (`{?=b8b4b1b1b18[8S]}`). The field values are Apple's `NSDecimal` layout (NSDecimal.h): a
// compact mantissa of 16-bit words, least significant first, its length in words, the exponent
// as an 8-bit two's complement bit field, "not a number" as length 0 with the sign set.
// swift-corelibs-foundation, run on this machine, gives `[@0.1 decimalValue]` exponent -1 and
// mantissa 1, as here.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound20DecimalTests {
  /// An `NSDecimal` struct value with these fields (the mantissa padded to eight words).
  private func nsDecimal(exponent: Int8, length: UInt32, negative: Bool = false, compact: Bool = true, _ words: [UInt16]) -> Value {
    let mantissa = (words + Array(repeating: 0, count: 8 - words.count)).map(Value.uint16)
    return .structure(
      Structure(
        name: "?",
        fields: [
          .uint32(UInt32(UInt8(bitPattern: exponent))), .uint32(length), .uint32(negative ? 1 : 0), .uint32(compact ? 1 : 0),
          .uint32(0), .cArray(mantissa),
        ]))
  }

  @Test func aNumbersDecimalValueIsTheNSDecimalStruct() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: .double(0.1), "decimalValue") == nsDecimal(exponent: -1, length: 1, [1]))
    #expect(try runtime.msgSend(bridging: .int(-42), "decimalValue") == nsDecimal(exponent: 0, length: 1, negative: true, [42]))
    #expect(try runtime.msgSend(bridging: .int(65536), "decimalValue") == nsDecimal(exponent: 0, length: 2, [0, 1]))
    #expect(try runtime.msgSend(bridging: .int(1500), "decimalValue") == nsDecimal(exponent: 2, length: 1, [15]), "compact")
    #expect(try runtime.msgSend(bridging: .int(0), "decimalValue") == nsDecimal(exponent: 0, length: 0, []))
    #expect(try runtime.msgSend(bridging: .double(.nan), "decimalValue") == nsDecimal(exponent: 0, length: 0, negative: true, []))
    #expect(try runtime.msgSend(bridging: .bool(true), "decimalValue") == nsDecimal(exponent: 0, length: 1, [1]))
  }

  @Test func theMethodAnswersTheNSDecimalEncoding() throws {
    let runtime = Runtime()
    let number = try foundationClass("NSNumber", in: runtime)
    let method = try #require(try number.instanceMethod(for: "decimalValue"))
    #expect(method.typeEncoding.hasPrefix("{?=b8b4b1b1b18[8S]}"))
    let decimal = try foundationClass("NSDecimalNumber", in: runtime)
    let factory = try #require(try decimal.isa.instanceMethod(for: "decimalNumberWithDecimal:"))
    #expect(factory.typeEncoding.contains("{?=b8b4b1b1b18[8S]}"))
  }

  @Test func aDecimalNumbersDecimalValueIsExact() throws {
    // 25 significant digits: more than a double holds, so not read through doubleValue.
    let runtime = Runtime()
    let decimalNumber = try foundationClass("NSDecimalNumber", in: runtime)
    let text = "1234567890.123456789012345"
    let number = try send(decimalNumber, "decimalNumberWithString:", .string(text))
    let structure = try send(number.objectValue, "decimalValue")
    #expect(Decimal(structure: structure)?.description == text)
    let back = try send(decimalNumber, "decimalNumberWithDecimal:", structure)
    #expect(try send(back.objectValue, "description") == .string(text))
    #expect(try send(back.objectValue, "isEqual:", number) == true)
  }

  @Test func decimalNumberWithDecimalReadsTheStructAndCompactsIt() throws {
    let runtime = Runtime()
    let decimalNumber = try foundationClass("NSDecimalNumber", in: runtime)
    // 1000 × 10^-2, not compact: the number is 10, and its own struct is the compact 1 × 10^1.
    let loose = nsDecimal(exponent: -2, length: 1, compact: false, [1000])
    let ten = try send(decimalNumber, "decimalNumberWithDecimal:", loose)
    #expect(try send(ten.objectValue, "description") == "10")
    #expect(try send(ten.objectValue, "decimalValue") == nsDecimal(exponent: 1, length: 1, [1]))
    let negative = try send(decimalNumber, "decimalNumberWithDecimal:", nsDecimal(exponent: -3, length: 1, negative: true, [2500]))
    #expect(try send(negative.objectValue, "description") == "-2.5")
    let nan = try send(decimalNumber, "decimalNumberWithDecimal:", nsDecimal(exponent: 0, length: 0, negative: true, []))
    #expect(try send(nan.objectValue, "description") == "NaN")
    let viaInit = try send(try send(decimalNumber, "alloc").objectValue, "initWithDecimal:", loose)
    #expect(try send(viaInit.objectValue, "description") == "10")
    try runtime.checkInvariants()
  }

  @Test func theBriefsExampleRoundTripsAsFoundationPrintsIt() throws {
    // [NSDecimalNumber decimalNumberWithDecimal:[@0.1 decimalValue]] prints 0.1: a double's
    // decimal value takes its shortest round-trip digits (see foundation.md#nsdecimalnumber).
    let runtime = Runtime()
    let decimalNumber = try foundationClass("NSDecimalNumber", in: runtime)
    for (double, text) in [(0.1, "0.1"), (0.3, "0.3"), (1.5e-7, "0.00000015"), (-2.75, "-2.75")] {
      let structure = try runtime.msgSend(bridging: .double(double), "decimalValue")
      let made = try send(decimalNumber, "decimalNumberWithDecimal:", structure)
      #expect(try send(made.objectValue, "description") == .string(text))
    }
  }

  @Test func aStructOfAnotherShapeIsRefused() throws {
    let runtime = Runtime()
    let decimalNumber = try foundationClass("NSDecimalNumber", in: runtime)
    #expect(throws: (any Error).self) { try send(decimalNumber, "decimalNumberWithDecimal:", .range(0..<3)) }
    let tooLong = expectFoundationError(.invalidArgument) {
      try send(decimalNumber, "decimalNumberWithDecimal:", nsDecimal(exponent: 0, length: 9, [1]))
    }
    #expect(tooLong?.message.hasSuffix("is not an NSDecimal") == true)
  }
}
