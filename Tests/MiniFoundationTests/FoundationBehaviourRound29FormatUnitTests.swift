// FoundationBehaviourRound29FormatUnitTests.swift: a format's width and precision count UTF-16
// units, as CFString's formatter counts them, for valid text too: `%.1S` of "e\u{301}" is "e",
// `%.1S` of "😀" is its lead surrogate alone, `%5S` of "😀" pads with three spaces, and `%s`
// counts the bytes of its C string; `%C`, like `%@`, takes neither (docs/foundation.md#formats,
// decision 0050). Each answer as swift-corelibs-foundation's CoreFoundation prints it.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound29FormatUnitTests {
  /// `[NSString stringWithFormat:format, values...]`, as its UTF-16 units.
  private func units(_ format: String, _ values: Value..., in runtime: Runtime) throws -> [UInt16] {
    let nsString = try foundationClass("NSString", in: runtime)
    return try stringUnits(try Runtime.msgSend(nsString, "stringWithFormat:", arguments: Arguments([.string(format)] + values)))
  }

  /// A `const unichar *` of `text`, ending in its zero.
  private func unichars(_ text: String) -> Value { .cArray(text.utf16.map(Value.uint16) + [.uint16(0)]) }

  private static let space: UInt16 = 0x20
  private static let bar: UInt16 = 0x7C

  /// `%.1S` cuts after one unit: the "e" of "e\u{301}" (was the whole Character, 2 units) and
  /// the lead surrogate of "😀" (was the whole pair).
  @Test func percentCapitalSPrecisionCountsUnits() throws {
    let runtime = Runtime()
    #expect(try units("%.1S", unichars("e\u{301}"), in: runtime) == [0x65])
    #expect(try units("%.1S", unichars("😀x"), in: runtime) == [0xD83D])
    #expect(try units("%.2S|", unichars("😀x"), in: runtime) == Array("😀|".utf16))
    #expect(try units("%.3S", unichars("ab"), in: runtime) == Array("ab".utf16))
    try runtime.checkInvariants()
  }

  /// `%5S` pads to five units: three spaces before "e\u{301}" and before "😀" (was four each:
  /// one Character), on the right with `-`.
  @Test func percentCapitalSWidthCountsUnits() throws {
    let runtime = Runtime()
    let three = [UInt16](repeating: Self.space, count: 3)
    #expect(try units("%5S|", unichars("e\u{301}"), in: runtime) == three + Array("e\u{301}|".utf16))
    #expect(try units("%5S|", unichars("😀"), in: runtime) == three + Array("😀|".utf16))
    #expect(try units("%-5S|", unichars("😀"), in: runtime) == Array("😀".utf16) + three + [Self.bar])
    #expect(try units("%*S|", .int(3), unichars("😀"), in: runtime) == [Self.space] + Array("😀|".utf16))
    #expect(try units("%4.1S|", unichars("😀"), in: runtime) == [Self.space, Self.space, Self.space, 0xD83D, Self.bar])
    try runtime.checkInvariants()
  }

  /// `%s` reads its bytes in Mac Roman, one unit each, and counts them: `%.1s` of CR LF is the
  /// CR, `%4s` of CR LF pads with two spaces (was: CR LF is one Character, so it was not cut and
  /// got three spaces).
  @Test func percentSCountsTheUnitsOfItsBytes() throws {
    let runtime = Runtime()
    #expect(try units("%.1s|", .cString("\r\n"), in: runtime) == [0x0D, Self.bar])
    #expect(try units("%4s|", .cString("\r\n"), in: runtime) == [Self.space, Self.space, 0x0D, 0x0A, Self.bar])
    #expect(try units("%-4s|", .cString("ab"), in: runtime) == Array("ab  |".utf16))
    try runtime.checkInvariants()
  }

  /// `%C` takes no width and no precision: CFString's formatter appends its unit as it is
  /// (swift-corelibs-foundation prints `%5C` of U+0301 as U+0301; was: padded with two spaces).
  /// `%c` is padded, one unit; `%@` still takes no width and no precision.
  @Test func percentCapitalCTakesNoWidthAndPercentAtNeither() throws {
    let runtime = Runtime()
    #expect(try units("%3C|%-3C|%.0C|", .uint16(0x301), .uint16(0x61), .uint16(0x62), in: runtime) == [0x301, Self.bar, 0x61, Self.bar, 0x62, Self.bar])
    #expect(try units("%5C", .uint16(0xD800), in: runtime) == [0xD800], "a lone surrogate unpadded")
    #expect(try units("%-3c|", .int(0x61), in: runtime) == Array("a  |".utf16))
    #expect(try units("%5@|%.1@", "e\u{301}", "😀", in: runtime) == Array("e\u{301}|😀".utf16))
    try runtime.checkInvariants()
  }
}
