// FoundationBehaviourRound11StringTests.swift: the eleventh round of Foundation probes, ported from
// GNUstep-base's Tests/base (NSString, NSNumber), each with the answer Apple documents and gives.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound11StringTests {
  @Test func anEmptyStringIsNeitherAPrefixNorASuffixNorFound() throws {
    // Apple: hasPrefix:@"" and hasSuffix:@"" answer NO, rangeOfString:@"" {NSNotFound, 0}.
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "abc", "hasPrefix:", "") == false)
    #expect(try runtime.msgSend(bridging: "abc", "hasSuffix:", "") == false)
    #expect(try runtime.msgSend(bridging: "abc", "rangeOfString:", "") == .range(Int.max..<Int.max))
    #expect(try runtime.msgSend(bridging: "abc", "containsString:", "") == false)
    #expect(try runtime.msgSend(bridging: "abc", "hasPrefix:", "ab") == true)
  }

  @Test func integerConversionsSkipLeadingSpaceAndSaturate() throws {
    // NSString.h: intValue and longLongValue skip leading whitespace, read an optional sign and
    // digits, and answer INT_MAX/INT_MIN or LLONG_MAX/LLONG_MIN on overflow.
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "  42abc", "intValue") == .int32(42))
    #expect(try runtime.msgSend(bridging: "+7", "intValue") == .int32(7))
    #expect(try runtime.msgSend(bridging: "99999999999", "intValue") == .int32(Int32.max))
    #expect(try runtime.msgSend(bridging: "-99999999999", "intValue") == .int32(Int32.min))
    #expect(try runtime.msgSend(bridging: "99999999999999999999", "longLongValue") == .int64(Int64.max))
    #expect(try runtime.msgSend(bridging: "-99999999999999999999", "longLongValue") == .int64(Int64.min))
    #expect(try runtime.msgSend(bridging: "0x1A", "intValue") == .int32(0))
    #expect(try runtime.msgSend(bridging: "abc", "integerValue") == .int64(0))
  }

  @Test func boolValueReadsYTOrANonZeroDigitAfterSpaceSignAndZeros() throws {
    // NSString.h: YES on "Y", "y", "T", "t" or a digit 1-9, after leading whitespace, an optional
    // sign and zeros; anything after is ignored.
    let runtime = Runtime()
    try runtime.installFoundation()
    for text in ["YES", "  yes", "true", "T", "1", "-007", "+5", "0009x"] {
      #expect(try runtime.msgSend(bridging: .string(text), "boolValue") == true, "\(text)")
    }
    for text in ["NO", "no", "false", "0", "000", "+0", "0x1", "", "  ", "-"] {
      #expect(try runtime.msgSend(bridging: .string(text), "boolValue") == false, "\(text)")
    }
  }

  @Test func doubleValueReadsALeadingNumberWithAnExponent() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "1.5e3xyz", "doubleValue") == .double(1500))
    #expect(try runtime.msgSend(bridging: "  -.25", "doubleValue") == .double(-0.25))
    #expect(try runtime.msgSend(bridging: "abc", "doubleValue") == .double(0))
    #expect(try runtime.msgSend(bridging: "2.5", "floatValue") == .float(2.5))
  }

  @Test func componentsKeepEmptyPiecesAndSubstringsMayBeEmpty() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: ",a,,b,", "componentsSeparatedByString:", ",") == ["", "a", "", "b", ""])
    #expect(try runtime.msgSend(bridging: "abc", "componentsSeparatedByString:", "x") == ["abc"])
    #expect(try runtime.msgSend(bridging: "", "componentsSeparatedByString:", ",") == [""])
    #expect(try runtime.msgSend(bridging: "abc", "substringFromIndex:", 3) == "")
    #expect(try runtime.msgSend(bridging: "abc", "substringToIndex:", 0) == "")
    let range = expectFoundationError(.indexOutOfBounds) { try runtime.msgSend(bridging: "abc", "substringFromIndex:", 4) }
    #expect(range?.exceptionName == "NSRangeException")
  }

  @Test func caseMappingsCapitalizeEachWordAndLowerTheRest() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "hello wORLD", "capitalizedString") == "Hello World")
    #expect(try runtime.msgSend(bridging: "hello wORLD", "uppercaseString") == "HELLO WORLD")
    #expect(try runtime.msgSend(bridging: "hello wORLD", "lowercaseString") == "hello world")
    #expect(try runtime.msgSend(bridging: "", "capitalizedString") == "")
  }

  @Test func numbersOfDifferentTypesAreEqualByValueAndCompareByValue() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let one = try #require(try runtime.object(bridging: .int32(1)))
    #expect(try send(one, "isEqual:", .double(1.0)) == true)
    #expect(try send(one, "isEqualToNumber:", .double(1.5)) == false)
    #expect(try send(one, "compare:", .double(1.5)) == .int64(-1))
    #expect(try send(one, "compare:", .int64(0)) == .int64(1))
    #expect(try send(one, "compare:", .uint8(1)) == .int64(0))
  }

  @Test func numberConversionsTruncateAndWrapAsC() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: .double(-1.5), "intValue") == .int32(-1))
    #expect(try runtime.msgSend(bridging: .double(3.99), "longLongValue") == .int64(3))
    #expect(try runtime.msgSend(bridging: .int64(300), "charValue") == .int8(44))
    #expect(try runtime.msgSend(bridging: .int64(-1), "unsignedIntValue") == .uint32(UInt32.max))
    #expect(try runtime.msgSend(bridging: .int64(2), "boolValue") == true)
    #expect(try runtime.msgSend(bridging: .int64(0), "boolValue") == false)
  }

  @Test func numberStringValuesPrintTheShortestForm() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: .double(3.0), "stringValue") == "3")
    #expect(try runtime.msgSend(bridging: .double(0.1), "stringValue") == "0.1")
    #expect(try runtime.msgSend(bridging: .float(0.1), "stringValue") == "0.1")
    #expect(try runtime.msgSend(bridging: .double(1e20), "stringValue") == "1e+20")
    #expect(try runtime.msgSend(bridging: .uint64(UInt64.max), "stringValue") == "18446744073709551615")
    #expect(try runtime.msgSend(bridging: .int8(97), "stringValue") == "97")
    #expect(try runtime.msgSend(bridging: .bool(true), "stringValue") == "1")
  }
}
