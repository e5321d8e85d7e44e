// FoundationBehaviourRound15SearchTests.swift: a search without NSLiteralSearch matches
// canonical forms and never ends inside a composed character sequence of the receiver, as
// CFStringFindWithOptions does (every answer swift-corelibs-foundation's CFString on this
// machine): rangeOfString:, containsString:, hasPrefix:, hasSuffix:,
// componentsSeparatedByString: and the replacing messages.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound15SearchTests {
  private static let notFound: Value = .range(Int.max..<Int.max)
  private static let literal: UInt64 = 2, backwards: UInt64 = 4, anchored: UInt64 = 8

  @Test func aMatchEndsOnlyAtTheEndOfAComposedCharacterAndComparesCanonicalForms() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    func range(_ needle: String, in text: String, _ options: UInt64? = nil) throws -> Value {
      guard let options else { return try runtime.msgSend(bridging: .string(text), "rangeOfString:", .string(needle)) }
      return try runtime.msgSend(bridging: .string(text), "rangeOfString:options:", .string(needle), .uint64(options))
    }
    #expect(try range("e", in: "e\u{301}x") == Self.notFound, "e is not é's first unit")
    #expect(try range("e", in: "e\u{301}x", Self.literal) == .range(0..<1), "a literal search takes the unit")
    #expect(try range("é", in: "e\u{301}x") == .range(0..<2), "the precomposed é finds the decomposed one")
    #expect(try range("e\u{301}", in: "éx") == .range(0..<1))
    #expect(try range("x", in: "e\u{301}x") == .range(2..<3))
    #expect(try range("\u{301}", in: "e\u{301}") == .range(1..<2), "a lone mark is found, as CFString finds it")
    #expect(try range("👍", in: "👍🏽a") == Self.notFound, "not inside a thumb with its skin tone")
    #expect(try range("é", in: "aée\u{301}", Self.backwards) == .range(2..<4))
    #expect(try range("e\u{301}", in: "éa", Self.anchored) == .range(0..<1))
    #expect(try range("é", in: "aé", Self.anchored | Self.backwards) == .range(1..<2))
    #expect(try range("e", in: "ae\u{301}", Self.anchored | Self.backwards) == Self.notFound)
  }

  @Test func prefixesSuffixesContainingSplittingAndReplacingMatchAsRangeOfStringDoes() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "e\u{301}x", "hasPrefix:", "e") == false)
    #expect(try runtime.msgSend(bridging: "e\u{301}x", "hasPrefix:", "é") == true)
    #expect(try runtime.msgSend(bridging: "xé", "hasSuffix:", "e\u{301}") == true)
    #expect(try runtime.msgSend(bridging: "e\u{301}", "hasSuffix:", "\u{301}") == true)
    #expect(try runtime.msgSend(bridging: "cafe\u{301}", "containsString:", "cafe") == false)
    #expect(try runtime.msgSend(bridging: "cafe\u{301}", "containsString:", "café") == true)
    #expect(try runtime.msgSend(bridging: "e\u{301}ae", "componentsSeparatedByString:", "e") == ["e\u{301}a", ""])
    #expect(try runtime.msgSend(bridging: "e\u{301}ae", "stringByReplacingOccurrencesOfString:withString:", "e", "E") == "e\u{301}aE")
    #expect(try runtime.msgSend(bridging: "abc", "hasPrefix:", "ab") == true, "plain text as before")
    #expect(try runtime.msgSend(bridging: "a\r\nb", "containsString:", "\r") == true, "CR LF are two composed characters")
    let whole = Value.range(0..<4)
    #expect(
      try runtime.msgSend(
        bridging: "e\u{301}ae", "stringByReplacingOccurrencesOfString:withString:options:range:", "e", "E", .uint64(0), whole)
        == "e\u{301}aE")
    #expect(
      try runtime.msgSend(
        bridging: "e\u{301}ae", "stringByReplacingOccurrencesOfString:withString:options:range:", "e", "E", .uint64(Self.literal),
        whole) == "E\u{301}aE")
  }

  @Test func compareOrdersDecomposedFormsAndFoldsCaseInFull() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    func compare(_ left: String, _ right: String, _ options: UInt64 = 0) throws -> Int? {
      try runtime.msgSend(bridging: .string(left), "compare:options:", .string(right), .uint64(options)).intValue
    }
    #expect(try compare("é", "f") == -1, "é orders as e + U+0301")
    #expect(try compare("e\u{301}", "f", Self.literal) == -1)
    #expect(try compare("é", "f", Self.literal) == 1, "literally U+00E9 is after f")
    #expect(try compare("ae", "æ") == -1)
    #expect(try compare("a", "A") == 1)
    #expect(try compare("a", "B") == 1, "no case folding without the option")
    #expect(try compare("straße", "STRASSE", 1) == 0, "ß folds to ss")
    #expect(try compare("ﬁ", "FI", 1) == 0)
    #expect(try compare("ς", "σ", 1) == 0, "final sigma folds to sigma")
    #expect(try compare("İ", "i", 1) == 1, "the dotted capital keeps its dot")
    #expect(try compare("A10", "a9", 1 | 64) == 1)
    #expect(try runtime.msgSend(bridging: "straße", "caseInsensitiveCompare:", "STRASSE") == .int64(0))
  }

  @Test func localizedContainsMessagesIgnoreCaseAndTheStandardOneAccentsToo() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "Hello World", "localizedCaseInsensitiveContainsString:", "WORLD") == true)
    #expect(try runtime.msgSend(bridging: "Café", "localizedCaseInsensitiveContainsString:", "cafe") == false, "accents count")
    #expect(try runtime.msgSend(bridging: "Café", "localizedStandardContainsString:", "CAFE") == true)
    #expect(try runtime.msgSend(bridging: "a Café", "localizedStandardRangeOfString:", "cafe") == .range(2..<6))
    #expect(try runtime.msgSend(bridging: "abc", "localizedStandardRangeOfString:", "x") == Self.notFound)
  }

  @Test func aCaseInsensitiveSearchFoldsCaseInFull() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    func range(_ needle: String, in text: String, _ options: UInt64) throws -> Value {
      try runtime.msgSend(bridging: .string(text), "rangeOfString:options:", .string(needle), .uint64(options))
    }
    #expect(try range("SS", in: "straße", 1) == .range(4..<5), "ß is ss")
    #expect(try range("ß", in: "STRASSE", 1) == .range(4..<6))
    #expect(try range("STRASS", in: "Straße", 1 | Self.anchored) == .range(0..<5), "CFString's answer: the ß counts whole")
    #expect(try range("É", in: "e\u{301}", 1) == .range(0..<2))
    #expect(try range("SS", in: "straße", 1 | Self.literal) == .range(4..<5), "a literal search folds in full too")
    #expect(try range("E", in: "e\u{301}", 1 | Self.literal) == .range(0..<1), "but takes a unit of a composed character")
    #expect(try runtime.msgSend(bridging: "STRASSE", "localizedCaseInsensitiveContainsString:", "straße") == true)
    #expect(
      try runtime.msgSend(
        bridging: "Straße", "stringByReplacingOccurrencesOfString:withString:options:range:", "SS", "ss", .uint64(1), .range(0..<6))
        == "Strasse")
  }
}
