// FoundationBehaviourRound15TextTests.swift: the fifteenth round of Foundation text behaviours,
// each answer checked against swift-corelibs-foundation on Linux, whose NSString is
// CoreFoundation's CFString as Apple's is: capitalizedString starts a word where
// CFStringCapitalize does, NSWidthInsensitiveSearch leaves a halfwidth kana with its sound mark
// (`ｶﾞ`) as it is, CR LF is two composed character sequences, and what already matched.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound15TextTests {
  private static let notFound: Value = .range(Int.max..<Int.max)
  private static let literal: UInt64 = 2, diacriticInsensitive: UInt64 = 128, widthInsensitive: UInt64 = 256

  private func capitalized(_ text: String, in runtime: Runtime) throws -> String? {
    try runtime.msgSend(bridging: .string(text), "capitalizedString").stringValue
  }

  @Test func capitalizedStringStartsAWordAfterAnythingButACasedLetterOrAnApostrophe() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try capitalized("hello-world o'neil", in: runtime) == "Hello-World O'neil")
    #expect(try capitalized("don't STOP", in: runtime) == "Don't Stop", "an apostrophe leaves the word open")
    #expect(try capitalized("o’neil", in: runtime) == "O’neil", "so does U+2019")
    #expect(try capitalized("1st 2nd a1b", in: runtime) == "1St 2Nd A1B", "a digit is no cased letter")
    #expect(try capitalized("a.b:c·d", in: runtime) == "A.B:C·D", "., : and · start a word")
    #expect(try capitalized("日本abc (xyz)", in: runtime) == "日本Abc (Xyz)", "an uncased letter starts one too")
    #expect(try capitalized("e\u{301}cole a^b", in: runtime) == "E\u{301}cole A^b", "marks and modifiers leave it open")
    #expect(try capitalized("ⓐⓑ", in: runtime) == "ⒶⒷ", "a circled letter is So, not cased")
    #expect(try capitalized("ǆemal ßa ﬁx", in: runtime) == "ǅemal Ssa Fix", "the first letter still takes its titlecase")
  }

  @Test func aHalfwidthKanaWithItsSoundMarkIsNotThePrecomposedKanaUnderWidthInsensitivity() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    func compare(_ left: String, _ right: String, _ options: UInt64) throws -> Int? {
      try runtime.msgSend(bridging: .string(left), "compare:options:", .string(right), .uint64(options)).intValue
    }
    func range(of needle: String, in text: String) throws -> Value {
      try runtime.msgSend(bridging: .string(text), "rangeOfString:options:", .string(needle), .uint64(Self.widthInsensitive))
    }
    let width = Self.widthInsensitive
    #expect(try compare("ｶﾞ", "ガ", width) == 1, "NSOrderedDescending, as corelibs' CFString answers")
    #expect(try compare("ガ", "ｶﾞ", width) == -1)
    #expect(try compare("ﾊﾟ", "パ", width) == 1)
    #expect(try compare("ｶﾞ", "ガ", width | Self.literal) == -1)
    #expect(try compare("ｶﾞ", "カ", width | Self.diacriticInsensitive) == 1)
    #expect(try compare("ｶﾞｱ", "ｶﾞア", width) == 0, "the same halfwidth kana and mark, then a kana that folds")
    #expect(try compare("ｶﾞ", "ｶ\u{3099}", width) == 0, "the halfwidth mark folds to the combining one")
    #expect(try compare("ｱｲ", "アイ", width) == 0, "halfwidth kana alone fold")
    #expect(try compare("ガ", "カ\u{3099}", 0) == 0, "canonical forms are still the same")
    #expect(try range(of: "ガ", in: "xｶﾞy") == Self.notFound)
    #expect(try range(of: "ｶﾞ", in: "xガy") == Self.notFound)
    #expect(try range(of: "カ", in: "ｶﾞ") == Self.notFound)
    #expect(try range(of: "ｶﾞ", in: "xｶﾞ") == .range(1..<3))
  }

  @Test func crLFIsTwoComposedCharacterSequences() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let text: Value = .string("e\u{301}👍🏽🇫🇷x\r\n")
    func at(_ index: Int) throws -> Value { try runtime.msgSend(bridging: text, "rangeOfComposedCharacterSequenceAtIndex:", .int(index)) }
    #expect(try at(1) == .range(0..<2))
    #expect(try at(5) == .range(2..<6), "a thumb and its skin tone")
    #expect(try at(9) == .range(6..<10), "a flag")
    #expect(try at(11) == .range(11..<12), "CR alone, as CoreFoundation answers")
    #expect(try at(12) == .range(12..<13), "LF alone")
    #expect(try runtime.msgSend(bridging: text, "rangeOfComposedCharacterSequencesForRange:", .range(3..<4)) == .range(2..<6))
    #expect(try runtime.msgSend(bridging: "a\r\nb", "rangeOfComposedCharacterSequencesForRange:", .range(1..<2)) == .range(1..<2))
  }

  @Test func alreadyMatchedFormatsSeparatorsPathsAndDecimalText() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "x", "stringByAppendingFormat:", "%2$@-%1$@", "a", "b") == "xb-a", "positional arguments")
    let mutable = try #require(try runtime.msgSend(bridging: "x", "mutableCopy").objectValue)
    try send(mutable, "appendFormat:", "%2$@%1$@", "a", "b")
    #expect(try send(mutable, "description") == "xba")
    #expect(try runtime.msgSend(bridging: "aaa", "componentsSeparatedByString:", "aa") == ["", "a"], "left to right, not overlapping")
    #expect(try runtime.msgSend(bridging: "ab", "componentsSeparatedByString:", "ab") == ["", ""])
    #expect(try runtime.msgSend(bridging: "abc", "stringByPaddingToLength:withString:startingAtIndex:", 7, "12", 1) == "abc2121")
    let decimal = try #require(runtime.lookUpClass(named: "NSDecimalNumber"))
    for (text, answer) in [("1.2.3", "1.2"), ("12abc", "12"), ("-0", "0"), ("1.10", "1.1"), ("0.00001", "0.00001"), (" 12", "12")] {
      #expect(try send(try send(decimal, "decimalNumberWithString:", .string(text)).objectValue, "description") == .string(answer), "\(text)")
    }
  }

  @Test func expandingATildeDropsATrailingSlashAndAbbreviatingWritesTheHomeAsATilde() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let home = try #require(NSStringPathResolving.homeDirectory())
    try #require(home != "/" && !home.hasSuffix("/"))
    func expand(_ path: String) throws -> String? { try runtime.msgSend(bridging: .string(path), "stringByExpandingTildeInPath").stringValue }
    func abbreviate(_ path: String) throws -> String? { try runtime.msgSend(bridging: .string(path), "stringByAbbreviatingWithTildeInPath").stringValue }
    #expect(try expand("~/foo/") == home + "/foo", "corelibs: the trailing slash goes")
    #expect(try expand("~/") == home)
    #expect(try expand(home + "/foo/") == home + "/foo/", "no tilde: the receiver as it is")
    #expect(try abbreviate(home + "/foo/") == "~/foo")
    #expect(try abbreviate(home + "/") == "~")
    #expect(try abbreviate("~/foo/") == "~/foo/", "no home directory in it: as it is")
  }
}
