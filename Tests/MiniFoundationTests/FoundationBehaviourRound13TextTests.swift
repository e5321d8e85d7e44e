// FoundationBehaviourRound13TextTests.swift: the thirteenth round of Foundation text behaviours,
// GNUstep-base's NSString cases on comparisons that ignore accents and character widths, each
// pinned to Apple's answer (NSString.h's NSDiacriticInsensitiveSearch and
// NSWidthInsensitiveSearch; every answer here also checked against swift-corelibs-foundation).

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound13TextTests {
  private static let caseInsensitive: UInt64 = 1, literal: UInt64 = 2, numeric: UInt64 = 64
  private static let diacriticInsensitive: UInt64 = 128, widthInsensitive: UInt64 = 256

  private func compare(_ left: String, _ right: String, _ options: UInt64, in runtime: Runtime) throws -> Int? {
    try runtime.msgSend(bridging: .string(left), "compare:options:", .string(right), .uint64(options)).intValue
  }

  @Test func diacriticInsensitiveCompareIgnoresAccentsButNotOtherLetters() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let options = Self.diacriticInsensitive
    #expect(try compare("é", "e", 0, in: runtime) == 1, "accents count without the option")
    #expect(try compare("é", "e", options, in: runtime) == 0)
    #expect(try compare("résumé", "resume", options, in: runtime) == 0)
    #expect(try compare("ä", "a", options, in: runtime) == 0)
    #expect(try compare("ä", "b", options, in: runtime) == -1)
    #expect(try compare("ệ", "e", options, in: runtime) == 0, "both marks go")
    #expect(try compare("ά", "α", options, in: runtime) == 0)
    #expect(try compare("n\u{303}", "n", options, in: runtime) == 0)
    #expect(try compare("\u{212B}", "A", options, in: runtime) == 0, "ANGSTROM SIGN is Å")
    #expect(try compare("ø", "o", options, in: runtime) == 1, "ø has no decomposition: a letter of its own")
    #expect(try compare("ĳ", "ij", options, in: runtime) == 1, "a ligature is no accent")
  }

  @Test func diacriticInsensitiveCompareCombinesWithCaseLiteralAndNumericOptions() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let options = Self.diacriticInsensitive
    #expect(try compare("É", "e", options, in: runtime) == -1, "case still counts")
    #expect(try compare("É", "e", options | Self.caseInsensitive, in: runtime) == 0)
    #expect(try compare("é", "e", options | Self.literal, in: runtime) == 0)
    #expect(try compare("fïle10", "file9", options | Self.numeric, in: runtime) == 1)
    let ranged = try runtime.msgSend(
      bridging: "xcafé", "compare:options:range:", "cafe", .uint64(options), .range(1..<5))
    #expect(ranged.intValue == 0)
  }

  @Test func widthInsensitiveCompareTakesFullwidthAndHalfwidthFormsAsOrdinaryOnes() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let options = Self.widthInsensitive
    #expect(try compare("ａ", "a", 0, in: runtime) == 1, "widths count without the option")
    #expect(try compare("ａ", "a", options, in: runtime) == 0)
    #expect(try compare("ＡＢＣ", "ABC", options, in: runtime) == 0)
    #expect(try compare("１２", "12", options, in: runtime) == 0)
    #expect(try compare("ｶ", "カ", options, in: runtime) == 0, "halfwidth katakana")
    #expect(try compare("￥", "¥", options, in: runtime) == 0)
    #expect(try compare("ａ", "A", options | Self.caseInsensitive, in: runtime) == 0)
    #expect(try compare("①", "1", options, in: runtime) == 1, "a circled digit is no width form")
    #expect(try compare("²", "2", options, in: runtime) == 1)
    #expect(try compare("\u{3000}", " ", options, in: runtime) == 1, "nor is the ideographic space")
  }

  @Test func rangeOfStringIgnoresAccentsAndWidthsAndAnswersInTheReceiversUnits() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    func find(_ text: String, _ needle: String, _ options: UInt64) throws -> Range<Int>? {
      try runtime.msgSend(bridging: .string(text), "rangeOfString:options:", .string(needle), .uint64(options)).rangeValue
    }
    let notFound = OrderedCollectionMethods.notFound..<OrderedCollectionMethods.notFound
    #expect(try find("résumé", "resume", Self.diacriticInsensitive) == 0..<6)
    #expect(try find("re\u{301}sume\u{301}", "resume", Self.diacriticInsensitive) == 0..<8, "with the marks")
    #expect(try find("xＡＢＣ", "ABC", Self.widthInsensitive) == 1..<4)
    #expect(try find("café au lait", "E", Self.diacriticInsensitive | Self.caseInsensitive) == 3..<4)
    #expect(try find("éée", "e", Self.diacriticInsensitive | 4) == 2..<3, "backwards")
    #expect(try find("naive", "ï", Self.diacriticInsensitive) == 2..<3, "the needle is folded too")
    #expect(try find("ab", "é", Self.diacriticInsensitive) == notFound)
    #expect(try find("résumé", "resume", 0) == notFound, "accents count without the option")
  }

  @Test func lowercaseStringEndsAGreekWordWithFinalSigma() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "ΟΔΟΣ ΟΔΟΣ", "lowercaseString") == "οδος οδος")
    #expect(try runtime.msgSend(bridging: "ΑΣ.", "lowercaseString") == "ας.")
    #expect(try runtime.msgSend(bridging: "ΑΣ\u{301}", "lowercaseString") == "ας\u{301}", "an accent is skipped")
    #expect(try runtime.msgSend(bridging: "ΑΣΑ", "lowercaseString") == "ασα", "inside a word")
    #expect(try runtime.msgSend(bridging: "Σ", "lowercaseString") == "σ", "alone")
    #expect(try runtime.msgSend(bridging: "ΣΑ Σ", "lowercaseString") == "σα σ")
  }

  @Test func capitalizedStringTitlecasesTheFirstLetterOfEachWord() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "ǆemal ǉubljana", "capitalizedString") == "ǅemal ǈubljana", "titlecase digraphs")
    #expect(try runtime.msgSend(bridging: "Ǆ", "capitalizedString") == "ǅ")
    #expect(try runtime.msgSend(bridging: "ﬁne ﬂow", "capitalizedString") == "Fine Flow")
    #expect(try runtime.msgSend(bridging: "ß", "capitalizedString") == "Ss")
    #expect(try runtime.msgSend(bridging: "ΟΔΟΣ ΟΔΟΣ", "capitalizedString") == "Οδος Οδος")
    #expect(try runtime.msgSend(bridging: "straße", "uppercaseString") == "STRASSE")
  }
}
