// FoundationBehaviourRound14ValueTests.swift: the fourteenth round of Foundation value
// behaviours, GNUstep-base's NSString, NSNumber, NSCountedSet and NSNull cases and Apple's
// documentation (NSString's intValue/doubleValue, stringByPaddingToLength:…), each pinned to
// Apple's answer (and checked against swift-corelibs-foundation where it agrees with Apple's).

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound14ValueTests {
  @Test func intValueReadsLeadingDigitsAndClampsToIntMax() throws {
    // NSString.h: intValue is INT_MAX or INT_MIN on overflow; leading whitespace is skipped.
    let runtime = Runtime()
    try runtime.installFoundation()
    let cases: [(String, Int64, Int64)] = [
      ("  12abc", 12, 12), ("-0x1A", 0, 0), ("+7", 7, 7), ("  -3.9", -3, -3), ("1e3", 1, 1),
      ("99999999999", 2_147_483_647, 99_999_999_999), ("-99999999999", -2_147_483_648, -99_999_999_999), ("abc", 0, 0),
      ("9007199254740993", 2_147_483_647, 9_007_199_254_740_993), ("99999999999999999999", 2_147_483_647, .max),
      ("-9223372036854775808", -2_147_483_648, .min), ("\n\t 5", 5, 5),
    ]
    for (text, int, integer) in cases {
      #expect(try runtime.msgSend(bridging: .string(text), "intValue").intValue.map(Int64.init) == int, "\(text)")
      #expect(try runtime.msgSend(bridging: .string(text), "integerValue").intValue.map(Int64.init) == integer, "\(text)")
      #expect(try runtime.msgSend(bridging: .string(text), "longLongValue").intValue.map(Int64.init) == integer, "\(text)")
    }
  }

  @Test func doubleValueReadsDecimalTextOnly() throws {
    // No hexadecimal and no "inf" or "nan" words: 0.0, as NSString.h says of text that is no
    // decimal number; an overflow is HUGE_VAL.
    let runtime = Runtime()
    try runtime.installFoundation()
    let cases: [(String, Double)] = [
      ("0x1A", 0), ("inf", 0), ("nan", 0), ("-infinity", 0), ("  1.5e2xyz", 150), ("1e400", .infinity),
      ("-1e400", -.infinity), (".5", 0.5), ("1.", 1),
    ]
    for (text, value) in cases {
      #expect(try runtime.msgSend(bridging: .string(text), "doubleValue").doubleValue == value, "\(text)")
      #expect(try runtime.msgSend(bridging: .string(text), "floatValue").doubleValue == value, "\(text)")
    }
  }

  @Test func numbersCompareAcrossTypesAndPrintUnsignedLongLongMax() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: .uint64(.max), "description") == "18446744073709551615")
    #expect(try runtime.msgSend(bridging: .uint64(.max), "stringValue") == "18446744073709551615")
    #expect(try runtime.msgSend(bridging: .bool(true), "isEqualToNumber:", .int32(1)) == true)
    #expect(try runtime.msgSend(bridging: .int32(1), "compare:", .double(1.5)) == -1)
    #expect(try runtime.msgSend(bridging: .int8(-1), "compare:", .uint64(.max)) == -1, "exactly, not through a wrapped integer")
    #expect(try runtime.msgSend(bridging: .double(.nan), "compare:", .int32(0)) == -1)
    #expect(try runtime.msgSend(bridging: .double(0.1), "stringValue") == "0.1")
    #expect(try runtime.msgSend(bridging: .double(1e20), "stringValue") == "1e+20")
  }

  @Test func stringSplittingTrimmingAndPaddingAsDocumented() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let cls = try foundationClass("NSCharacterSet", in: runtime)
    let separators = try send(cls, "characterSetWithCharactersInString:", ", ")
    #expect(try runtime.msgSend(bridging: "a, b,,c", "componentsSeparatedByCharactersInSet:", separators) == ["a", "", "b", "", "c"])
    let whitespace = try send(cls, "whitespaceCharacterSet")
    #expect(try runtime.msgSend(bridging: " \t a b \t", "stringByTrimmingCharactersInSet:", whitespace) == "a b")
    #expect(try runtime.msgSend(bridging: "   ", "stringByTrimmingCharactersInSet:", whitespace) == "")
    let pad: Selector = "stringByPaddingToLength:withString:startingAtIndex:"
    // The three examples of Apple's documentation.
    #expect(try runtime.msgSend(bridging: "abc", pad, .uint64(9), ".", .uint64(0)) == "abc......")
    #expect(try runtime.msgSend(bridging: "abc", pad, .uint64(2), ".", .uint64(0)) == "ab")
    #expect(try runtime.msgSend(bridging: "abc", pad, .uint64(9), ". ", .uint64(1)) == "abc . . .")
  }

  @Test func aCountedSetCountsDownAndNSNullEqualsOnlyItself() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let counted = try #require(
      try send(try send(try foundationClass("NSCountedSet", in: runtime), "alloc").objectValue, "initWithArray:", ["a", "a", "b"]).objectValue)
    try send(counted, "removeObject:", "a")
    #expect(try send(counted, "countForObject:", "a") == 1)
    #expect(try send(counted, "count") == 2)
    #expect(try send(counted, "countForObject:", "z") == 0)
    try send(counted, "removeObject:", "a")
    #expect(try send(counted, "count") == 1)
    let null = try send(try foundationClass("NSNull", in: runtime), "null")
    #expect(try send(null.objectValue, "isEqual:", null) == true)
    #expect(try send(null.objectValue, "isEqual:", .nil) == false)
    #expect(try send(null.objectValue, "isEqual:", 0) == false)
    #expect(try send(null.objectValue, "description") == "<null>")
    #expect(try send(null.objectValue, "hash") == send(null.objectValue, "hash"))
  }

  @Test func aNestedDictionaryPrintsSortedAndIndentedAsApplesDoes() throws {
    // -[NSDictionary description] of a dictionary holding a dictionary holding an array: keys in
    // order at every level, each nested collection opened after "key = " and four more spaces.
    let runtime = Runtime()
    try runtime.installFoundation()
    let inner: Value = .dictionary(["x": 1, "a": .array([1, 2])])
    let text = try runtime.msgSend(bridging: .dictionary(["b": inner, "a": "s p"]), "description")
    #expect(text == .string("{\n    a = \"s p\";\n    b =     {\n        a =         (\n            1,\n            2\n        );\n        x = 1;\n    };\n}"))
    let missing = try runtime.msgSend(bridging: .dictionary(["k": "v"]), "objectsForKeys:notFoundMarker:", ["k", "z", "k"], .null)
    #expect(missing == ["v", .null, "v"])
  }
}
