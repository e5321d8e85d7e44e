// FoundationBehaviourRound12ValueTests.swift: probe round 12, Foundation's value classes. Cases
// in the spirit of GNUstep-base's Tests/base/NSNumber, NSString and NSIndexSet, each with the
// answer Apple's Foundation gives (CFNumber's comparison and formatting, CFString's format and
// its number readers, NSString.h's documented rules).

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound12ValueTests {
  /// `[NSString stringWithFormat:format, values…]`.
  private func format(_ format: String, _ values: Value..., in runtime: Runtime) throws -> Value {
    try Runtime.msgSend(try foundationClass("NSString", in: runtime), "stringWithFormat:", arguments: Arguments([.string(format)] + values))
  }

  @Test func numberWithBoolYESEqualsNumberWithIntOneButIsABoolean() throws {
    let runtime = Runtime()
    let nsNumber = try foundationClass("NSNumber", in: runtime)
    let yes = try #require(try send(nsNumber, "numberWithBool:", true).objectValue)
    let one = try #require(try send(nsNumber, "numberWithInt:", .int32(1)).objectValue)
    let no = try #require(try send(nsNumber, "numberWithBool:", false).objectValue)
    #expect(try send(yes, "isEqual:", .object(one)) == true)
    #expect(try send(one, "isEqual:", .object(yes)) == true)
    #expect(try send(yes, "isEqualToNumber:", .object(one)) == true)
    #expect(try send(yes, "hash") == (try send(one, "hash")))
    #expect(try send(yes, "compare:", .object(one)) == .int64(0))
    #expect(try send(no, "isEqual:", .int32(0)) == true)
    #expect(try send(no, "compare:", .object(yes)) == .int64(-1))
    #expect(yes.isa.name == "__NSCFBoolean")
    #expect(try send(yes, "objCType") == .cString("c"))
    #expect(try send(yes, "description") == "1")
    #expect(try send(no, "stringValue") == "0")
  }

  @Test func compareAcrossTypesComparesTheValuesExactly() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: .double(2.0), "compare:", .int32(2)) == .int64(0))
    #expect(try runtime.msgSend(bridging: .int8(-1), "compare:", .uint64(UInt64.max)) == .int64(-1))
    #expect(try runtime.msgSend(bridging: .uint64(UInt64.max), "compare:", .int64(-1)) == .int64(1))
    #expect(try runtime.msgSend(bridging: .int64(3), "compare:", .float(2.5)) == .int64(1))
    #expect(try runtime.msgSend(bridging: .int16(-3), "compare:", .double(-2.5)) == .int64(-1))
    // 0.1f is 0.100000001490116…, a little more than the double 0.1.
    #expect(try runtime.msgSend(bridging: .float(0.1), "compare:", .double(0.1)) == .int64(1))
    #expect(try runtime.msgSend(bridging: .float(0.1), "isEqual:", .double(0.1)) == false)
    #expect(try runtime.msgSend(bridging: .float(0.5), "isEqual:", .double(0.5)) == true)
  }

  @Test func stringValueOfFloatsIsPercentGWithSevenOrSixteenDigits() throws {
    // NSNumber describes a float with %0.7g and a double with %0.16g, not in the shortest form
    // that reads back: 0.1 + 0.2 is 0.3 (shortest 0.30000000000000004), 1e-5 is 1e-05.
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: .float(1.5), "stringValue") == "1.5")
    #expect(try runtime.msgSend(bridging: .float(3), "stringValue") == "3")
    #expect(try runtime.msgSend(bridging: .double(-2.25), "stringValue") == "-2.25")
    #expect(try runtime.msgSend(bridging: .double(100), "stringValue") == "100")
    #expect(try runtime.msgSend(bridging: .double(1.0 / 3.0), "stringValue") == "0.3333333333333333")
    #expect(try runtime.msgSend(bridging: .double(1e-5), "stringValue") == "1e-05")
    #expect(try runtime.msgSend(bridging: .double(0.1 + 0.2), "stringValue") == "0.3", "16 digits")
    #expect(try runtime.msgSend(bridging: .float(1.0 / 3.0), "stringValue") == "0.3333333", "7 digits (shortest 0.33333334)")
  }

  @Test func stringWithFormatPrintsEachConversionAsApplesDoes() throws {
    let runtime = Runtime()
    let nsNumber = try foundationClass("NSNumber", in: runtime)
    let yes = try send(nsNumber, "numberWithBool:", true)
    #expect(try format("%@|%@|%@", "s", 42, yes, in: runtime) == "s|42|1")
    #expect(try format("%d|%d", -7, .bool(true), in: runtime) == "-7|1")
    #expect(try format("[%5.2f][%5.2f][%.0f]", 3.14159, -1.005, 2.5, in: runtime) == "[ 3.14][-1.00][2]")
    #expect(try format("%x|%X|%x", 255, 0xBEEF, -1, in: runtime) == "ff|BEEF|ffffffff")
    #expect(try format("100%%|%%d", in: runtime) == "100%|%d")
    #expect(try format("%C%C", .uint16(0x48), .uint16(0xE9), in: runtime) == "H\u{E9}")
    #expect(try format("[%*d][%-*d]", 5, 42, 4, 1, in: runtime) == "[   42][1   ]")
  }

  @Test func percentCapitalSPrintsANullTerminatedArrayOfUnichars() throws {
    // String Format Specifiers: %S is a "Null-terminated array of 16-bit Unicode characters".
    let runtime = Runtime()
    let units: [Value] = [.uint16(0x68), .uint16(0xE9), .uint16(0x263A), .uint16(0), .uint16(0x78)]
    #expect(try format("<%S>", .cArray(units), in: runtime) == "<h\u{E9}\u{263A}>")
    #expect(try format("<%S>", .nil, in: runtime) == "<(null)>")
    #expect(try format("[%4S]", .cArray([.uint16(0x61), .uint16(0)]), in: runtime) == "[   a]")
    let error = expectFoundationError(.invalidArgument) { _ = try format("%S", .cString("abc"), in: runtime) }
    #expect(error?.message.contains("is not a unichar string") == true, "\(error?.message ?? "")")
  }

  @Test func stringNumberReadersSkipSpacesTakeASignAndStopAtTheFirstOtherCharacter() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: " \t-12abc", "intValue") == .int32(-12))
    #expect(try runtime.msgSend(bridging: "12.9", "integerValue") == .int64(12))
    #expect(try runtime.msgSend(bridging: "- 5", "intValue") == .int32(0))
    #expect(try runtime.msgSend(bridging: "0x1A", "doubleValue") == .double(0))
    #expect(try runtime.msgSend(bridging: "  +3.5", "doubleValue") == .double(3.5))
    #expect(try runtime.msgSend(bridging: ".5", "doubleValue") == .double(0.5))
    #expect(try runtime.msgSend(bridging: "1e", "doubleValue") == .double(1))
    #expect(try runtime.msgSend(bridging: "1,5", "doubleValue") == .double(1))
    #expect(try runtime.msgSend(bridging: "YES", "intValue") == .int32(0))
    #expect(try runtime.msgSend(bridging: "YES", "boolValue") == true)
    #expect(try runtime.msgSend(bridging: " -0", "boolValue") == false)
  }

  @Test func anIndexSetCountsAndFindsIndexesInARange() throws {
    let runtime = Runtime()
    let mutable = try send(try foundationClass("NSMutableIndexSet", in: runtime), "indexSet")
    try send(mutable.objectValue, "addIndexesInRange:", .range(2..<5))
    try send(mutable.objectValue, "addIndex:", 9)
    let set = mutable.objectValue
    #expect(try send(set, "count") == .uint64(4))
    #expect(try send(set, "countOfIndexesInRange:", .range(0..<4)) == .uint64(2))
    #expect(try send(set, "containsIndexesInRange:", .range(2..<5)) == true)
    #expect(try send(set, "containsIndexesInRange:", .range(2..<6)) == false)
    #expect(try send(set, "intersectsIndexesInRange:", .range(5..<9)) == false)
    #expect(try send(set, "intersectsIndexesInRange:", .range(5..<10)) == true)
    #expect(try send(set, "indexGreaterThanIndex:", 4) == .uint64(9))
    #expect(try send(set, "indexLessThanOrEqualToIndex:", 8) == .uint64(4))
  }
}
