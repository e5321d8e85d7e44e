// FoundationBehaviourRound17TextTests.swift: the seventeenth round of Foundation text
// behaviours: a halfwidth kana with a separate sound mark under NSWidthInsensitiveSearch,
// `//` in the tilde and standardizing path messages, `stringsByAppendingPaths:` (ported from
// GNUstep-base's NSString path tests), and an empty counted set's description. Each answer is
// swift-corelibs-foundation's (CoreFoundation's CFString, as Apple's is) or GNUstep-base's,
// run on this machine, where they agree with Apple's documentation.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound17TextTests {
  private static let notFound: Value = .range(Int.max..<Int.max)
  private static let literal: UInt64 = 2, diacriticInsensitive: UInt64 = 128, widthInsensitive: UInt64 = 256

  @Test func aHalfwidthSoundMarkAfterAKanaOfEitherWidthIsNotThePrecomposedKana() throws {
    // Already matched: corelibs' CFString answers each of these. It also answers `ｶﾞ` equal to
    // `カﾞ` and `カﾞ` equal to `カ` + U+3099 while `ｶﾞ` is not `カ` + U+3099: no folding of
    // both strings can give all three (equality would not be transitive), and we keep the two
    // kept here (docs/foundation.md#comparing-strings).
    let runtime = Runtime()
    try runtime.installFoundation()
    func compare(_ left: String, _ right: String, _ options: UInt64) throws -> Int? {
      try runtime.msgSend(bridging: .string(left), "compare:options:", .string(right), .uint64(options)).intValue
    }
    func range(of needle: String, in text: String, _ options: UInt64) throws -> Value {
      try runtime.msgSend(bridging: .string(text), "rangeOfString:options:", .string(needle), .uint64(options))
    }
    let width = Self.widthInsensitive, both = Self.widthInsensitive | Self.diacriticInsensitive
    #expect(try compare("ｶﾞ", "ガ", both) == 1, "NSOrderedDescending with the diacritic option too")
    #expect(try compare("ガ", "ｶﾞ", both) == -1)
    #expect(try compare("ｶﾞ", "カ", both) == 1, "the halfwidth kana keeps its width before its mark")
    #expect(try compare("カﾞ", "カ", both) == 0, "a fullwidth kana's mark folds and goes as an accent")
    #expect(try compare("カﾞ", "カ\u{3099}", width) == 0)
    #expect(try compare("ｶﾞ", "カ\u{3099}", width) == 1)
    #expect(try compare("ﾞ", "\u{3099}", width) == 0, "a mark alone folds to the combining one")
    #expect(try compare("ｶﾞ", "カﾞ", width | Self.literal) == 0, "a literal search folds each unit alone")
    #expect(try range(of: "ｶﾞ", in: "xカﾞy", width) == Self.notFound)
    #expect(try range(of: "カ", in: "xｶﾞy", both) == Self.notFound)
  }

  @Test func doubleSlashesGoWhenATildeIsExpandedOrAPathStandardized() throws {
    // Already matched: GNUstep-base's answers; corelibs also makes `//` one slash when it
    // standardizes, and keeps the `//` after an expanded `~` (docs/foundation.md#paths-home-and-links).
    let runtime = Runtime()
    try runtime.installFoundation()
    let home = try #require(NSStringPathResolving.homeDirectory())
    try #require(home != "/" && !home.hasSuffix("/"))
    func send(_ path: String, _ selector: Selector) throws -> String? { try runtime.msgSend(bridging: .string(path), selector).stringValue }
    #expect(try send("~//a", "stringByExpandingTildeInPath") == home + "/a")
    #expect(try send("~//", "stringByExpandingTildeInPath") == home)
    #expect(try send("//a", "stringByExpandingTildeInPath") == "//a", "no tilde: the receiver as it is")
    #expect(try send("a//b/", "stringByExpandingTildeInPath") == "a//b/")
    #expect(try send("~//a", "stringByStandardizingPath") == home + "/a")
    #expect(try send("//a", "stringByStandardizingPath") == "/a")
    #expect(try send("a//b/", "stringByStandardizingPath") == "a/b")
    #expect(try send("//", "stringByStandardizingPath") == "/")
    #expect(try send("///a///b", "stringByStandardizingPath") == "/a/b")
    #expect(try send(home, "stringByAbbreviatingWithTildeInPath") == "~")
    #expect(try send(home + "//a//b", "stringByAbbreviatingWithTildeInPath") == "~/a/b")
    #expect(try send(home + "x", "stringByAbbreviatingWithTildeInPath") == home + "x", "only the home's name: not in it")
  }

  @Test func stringsByAppendingPathsAppendsEachAsAComponent() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "/tmp", "stringsByAppendingPaths:", ["a", "b/", "", "/c"]) == ["/tmp/a", "/tmp/b", "/tmp", "/tmp/c"])
    #expect(try runtime.msgSend(bridging: "", "stringsByAppendingPaths:", ["a"]) == ["a"])
    #expect(try runtime.msgSend(bridging: "x", "stringsByAppendingPaths:", []) == [])
    let notAString = expectFoundationError(.invalidArgument) { try runtime.msgSend(bridging: "x", "stringsByAppendingPaths:", [1]) }
    #expect(notAString?.exceptionName == "NSInvalidArgumentException")
  }

  @Test func anEmptyCountedSetDescribesNoMembers() throws {
    // Already matched: Apple's `<NSCountedSet: 0x…> (a [2], b [1])` with nothing in the
    // parentheses; corelibs and GNUstep print an NSSet's description instead.
    let runtime = Runtime()
    let empty = try send(try foundationClass("NSCountedSet", in: runtime), "set").objectValue
    let address = try #require(empty?.address)
    #expect(try send(empty, "description").stringValue == "<NSCountedSet: \(address)> ()")
  }
}
