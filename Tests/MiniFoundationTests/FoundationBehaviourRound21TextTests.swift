// FoundationBehaviourRound21TextTests.swift: the twenty-first round of Foundation behaviours:
// `-[NSString stringByFoldingWithOptions:locale:]` and the case mappings that take a locale,
// which the census did not list (NSString.h declares them). Every folding answer is
// swift-corelibs-foundation's CFStringFold, run on this machine.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound21TextTests {
  private let caseInsensitive: UInt64 = 1, diacriticInsensitive: UInt64 = 128, widthInsensitive: UInt64 = 256

  /// `[text stringByFoldingWithOptions:options locale:nil]`.
  private func folded(_ text: String, _ options: UInt64, in runtime: Runtime) throws -> Value {
    try runtime.msgSend(bridging: .string(text), "stringByFoldingWithOptions:locale:", .uint64(options), .nil)
  }

  @Test func foldingTakesOutWhatEachComparisonOptionIgnores() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try folded("Straße", caseInsensitive, in: runtime) == "strasse")
    #expect(try folded("ÉCOLE", caseInsensitive, in: runtime) == "école", "the accent stays, precomposed")
    #expect(try folded("ÉCOLE", diacriticInsensitive, in: runtime) == "ECOLE")
    #expect(try folded("ﬁ", caseInsensitive, in: runtime) == "fi")
    #expect(try folded("ΣΟΦΟΣ", caseInsensitive, in: runtime) == "σοφοσ", "folding has no final sigma")
    #expect(try folded("ａｂｃＡ", widthInsensitive, in: runtime) == "abcA")
    #expect(try folded("Ｈéllo Wörld", caseInsensitive | diacriticInsensitive | widthInsensitive, in: runtime) == "hello world")
    #expect(try folded("Å ø x\u{301}", diacriticInsensitive, in: runtime) == "A ø x")
    #expect(try folded("Straße", 0, in: runtime) == "Straße")
    #expect(try folded("ABC", 64 | 4, in: runtime) == "ABC", "NSNumericSearch and NSBackwardsSearch fold nothing")
  }

  @Test func aHalfwidthKanaWithItsSoundMarkFoldsToTheVoicedKana() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try folded("ｶﾞ", widthInsensitive, in: runtime) == "ガ")
    #expect(try folded("ｶﾞ", widthInsensitive | diacriticInsensitive, in: runtime) == "カﾞ")
    #expect(try folded("ｶﾞ", caseInsensitive, in: runtime) == "ｶﾞ")
  }

  @Test func foldingRefusesAnOptionItCannotHonour() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    expectFoundationError(.invalidArgument) { _ = try folded("a", 1024, in: runtime) }  // NSRegularExpressionSearch
  }

  @Test func theCaseMappingsWithALocaleMapAsTheRootLocaleDoes() throws {
    // A nil locale is the plain mapping (Apple's documentation); MiniFoundation has no locale's
    // own case rules, so a locale maps as nil does.
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "straße", "uppercaseStringWithLocale:", .nil) == "STRASSE")
    #expect(try runtime.msgSend(bridging: "ΣΟΦΟΣ", "lowercaseStringWithLocale:", .nil) == "σοφος")
    #expect(try runtime.msgSend(bridging: "hello world", "capitalizedStringWithLocale:", .nil) == "Hello World")
    #expect(try runtime.msgSend(bridging: "straße", "localizedUppercaseString") == "STRASSE")
    #expect(try runtime.msgSend(bridging: "ABC", "localizedLowercaseString") == "abc")
    #expect(try runtime.msgSend(bridging: "o'neil", "localizedCapitalizedString") == "O'neil")
  }
}
