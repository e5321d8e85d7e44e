// FoundationBehaviourRound14TextTests.swift: the fourteenth round of Foundation text behaviours:
// the common prefix and the replacing messages ignore accents and character widths as
// compare: and rangeOfString: do (NSString.h's NSDiacriticInsensitiveSearch and
// NSWidthInsensitiveSearch; each answer also checked against swift-corelibs-foundation).

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound14TextTests {
  private static let caseInsensitive: UInt64 = 1, literal: UInt64 = 2, backwards: UInt64 = 4, anchored: UInt64 = 8
  private static let diacriticInsensitive: UInt64 = 128, widthInsensitive: UInt64 = 256

  private func replacing(
    _ text: String, _ target: String, _ replacement: String, _ options: UInt64, in runtime: Runtime,
    range: Range<Int>? = nil
  ) throws -> String? {
    let whole = range ?? 0..<text.utf16.count
    return try runtime.msgSend(
      bridging: .string(text), "stringByReplacingOccurrencesOfString:withString:options:range:", .string(target),
      .string(replacement), .uint64(options), .range(whole)
    ).stringValue
  }

  @Test func commonPrefixIgnoresAccentsAndWidthsAndKeepsTheReceiversCharacters() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    func prefix(_ text: String, _ other: String, _ options: UInt64) throws -> String? {
      try runtime.msgSend(bridging: .string(text), "commonPrefixWithString:options:", .string(other), .uint64(options)).stringValue
    }
    #expect(try prefix("résumé", "resume", 0) == "r", "accents count without the option")
    #expect(try prefix("résumé", "resume", Self.diacriticInsensitive) == "résumé")
    #expect(try prefix("re\u{301}sume\u{301}x", "résuméy", Self.diacriticInsensitive) == "re\u{301}sume\u{301}")
    #expect(try prefix("Résumé", "resumes", Self.diacriticInsensitive) == "", "case still counts")
    #expect(try prefix("Résumé", "resumes", Self.diacriticInsensitive | Self.caseInsensitive) == "Résumé")
    #expect(try prefix("ＡＢＣd", "ABCe", Self.widthInsensitive) == "ＡＢＣ")
    #expect(try prefix("ａｂc", "ABC", Self.widthInsensitive | Self.caseInsensitive) == "ａｂc")
    #expect(try prefix("øa", "oa", Self.diacriticInsensitive) == "", "ø is a letter of its own")
  }

  @Test func replacingOccurrencesIgnoresAccentsAndWidthsReplacingTheReceiversUnits() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let accents = Self.diacriticInsensitive
    #expect(try replacing("café cafe", "cafe", "tea", 0, in: runtime) == "café tea", "accents count without the option")
    #expect(try replacing("café cafe", "cafe", "tea", accents, in: runtime) == "tea tea")
    #expect(try replacing("cafe\u{301}!", "café", "tea", accents, in: runtime) == "tea!", "the mark goes with its letter")
    #expect(try replacing("Café", "cafe", "tea", accents | Self.caseInsensitive, in: runtime) == "tea")
    #expect(try replacing("ＡＢＣ abc", "abc", "x", Self.widthInsensitive | Self.caseInsensitive, in: runtime) == "x x")
    #expect(try replacing("éé", "e", "a", accents | Self.anchored, in: runtime) == "aé", "anchored: the one at the start")
    #expect(try replacing("éé", "e", "a", accents | Self.anchored | Self.backwards, in: runtime) == "éa")
    #expect(try replacing("xéyé", "e", "a", accents, in: runtime, range: 2..<4) == "xéya", "within the range only")
    #expect(try replacing("eee", "ee", "a", accents, in: runtime) == "ae", "left to right, not overlapping")
  }

  @Test func replaceOccurrencesIgnoresAccentsAndCountsWhatItReplaced() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let text = try #require(try runtime.msgSend(bridging: "naïve naive NAÏVE", "mutableCopy").objectValue)
    let count = try send(
      text, "replaceOccurrencesOfString:withString:options:range:", "naive", "x",
      .uint64(Self.diacriticInsensitive | Self.caseInsensitive), .range(0..<17))
    #expect(count == 3)
    #expect(try send(text, "description") == "x x x")
  }

  @Test func percentFormatsReadAsCoreFoundationReadsThem() throws {
    // Each answer as swift-corelibs-foundation's CoreFoundation prints it (String(format:)).
    let runtime = Runtime()
    try runtime.installFoundation()
    let nsString = try foundationClass("NSString", in: runtime)
    func format(_ format: String, _ values: Value...) throws -> Value {
      try Runtime.msgSend(nsString, "stringWithFormat:", arguments: Arguments([.string(format)] + values))
    }
    #expect(try format("[%.3@][%5@][%-5@|][%8.3@|]", "abcdef", "ab", "ab", "abcdef") == "[abcdef][ab][ab|][abcdef|]")
    #expect(try format("[%10@]", .nil) == "[(null)]")
    #expect(try format("%ls|%5.1ls|", .cString("hi"), .cString("hi")) == "hi|    h|", "%ls is %s")
    #expect(try format("%lc|%C", 0x263A, .uint16(0x263A)) == ":|\u{263A}", "%lc is %c: the low byte")
    let units: Value = .cArray([.uint16(0x263A), .uint16(0x263B), .uint16(0)])
    #expect(try format("[%5S|%.1S]", units, units) == "[   \u{263A}\u{263B}|\u{263A}]", "%S takes a width and a precision")
    let lone = try format("%C", .uint16(0xD800))  // a lone surrogate kept (decision 0050: Round25SurrogateTests)
    #expect(lone != "\u{FFFD}")
    #expect(try send(lone.objectValue, "characterAtIndex:", 0) == .uint16(0xD800))
    #expect(try format("%2$@ %1$@ %%", "one", "two") == "two one %")
  }
}
