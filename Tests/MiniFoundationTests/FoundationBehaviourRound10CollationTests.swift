// FoundationBehaviourRound10CollationTests.swift: NSString's localized comparisons answer as
// Apple's do for English (the root collation): base letters first, then accents, then case with
// lowercase first; punctuation and symbols before digits before letters; Finder's order for
// localizedStandardCompare:. Expected answers are CoreFoundation's
// (CFStringCompareWithOptionsAndLocale with the "en" locale).

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound10CollationTests {
  private func order(_ left: String, _ selector: Selector, _ right: String) throws -> Int? {
    let runtime = Runtime()
    return try runtime.msgSend(bridging: .string(left), selector, .string(right)).intValue
  }

  private func localized(_ left: String, _ right: String) throws -> Int? { try order(left, "localizedCompare:", right) }

  @Test func lettersCompareByBaseLetterThenAccentThenCaseWithLowercaseFirst() throws {
    #expect(try localized("a", "A") == -1)
    #expect(try localized("A", "a") == 1)
    #expect(try localized("A", "á") == -1, "an accent outweighs case")
    #expect(try localized("Á", "b") == -1)
    #expect(try localized("ab", "Aa") == 1, "the base letters of the whole string count first")
    #expect(try localized("Z", "a") == 1)
    #expect(try localized("ä", "az") == -1)
    #expect(try localized("resume", "Résumé") == -1)
    #expect(try localized("résumé", "resume") == 1)
    #expect(try localized("cote", "côte") == -1)
    #expect(try localized("côte", "coté") == 1, "the first accent decides, as in English")
    #expect(try localized("é", "e\u{301}") == 0, "canonically equivalent strings are the same")
    #expect(try localized("file2", "file10") == 1, "digits one by one without NSNumericSearch")
  }

  @Test func latin1LettersSortWhereTheRootCollationPutsThem() throws {
    let letters = ["b", "ß", "Ø", "ð", "þ", "a", "æ", "Z", "ss", "ae", "o", "p", "d", "e", "z", "ä", "å", "ÿ", "y", "ç", "c"]
    let runtime = Runtime()
    let sorted = try runtime.msgSend(bridging: .array(letters.map(Value.string)), "sortedArrayUsingSelector:", .selector("localizedCompare:"))
    #expect(
      sorted.arrayValue?.compactMap(\.stringValue)
        == ["a", "å", "ä", "ae", "æ", "b", "c", "ç", "d", "ð", "e", "o", "Ø", "p", "ss", "ß", "y", "ÿ", "z", "Z", "þ"])
  }

  @Test func latinExtendedALettersAreTheirBaseLetterWithAnAccentOrALetterOfTheirOwn() throws {
    #expect(try localized("Čapek", "Cyril") == -1, "č is c with a caron (no Czech tailoring)")
    #expect(try localized("Łódź", "Lwów") == -1)
    #expect(try localized("l", "ł") == -1 && localized("ł", "m") == -1)
    #expect(try localized("đ", "ð") == -1)
    #expect(try localized("ı", "i") == 1 && localized("ı", "j") == -1, "dotless i is a letter after i")
    #expect(try localized("Œuvre", "Oeuvre") == 1)
    #expect(try localized("Straße", "Strasse") == 1)
    #expect(try order("ſ", "localizedCaseInsensitiveCompare:", "S") == 0)
  }

  @Test func punctuationAndSymbolsComeBeforeDigitsBeforeLetters() throws {
    let ascii = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
    let runtime = Runtime()
    let sorted = try runtime.msgSend(bridging: .array(ascii.map(Value.string)), "sortedArrayUsingSelector:", .selector("localizedCompare:"))
    let letters = (0..<26).map { String(UnicodeScalar(UInt8(0x61 + $0))) + String(UnicodeScalar(UInt8(0x41 + $0))) }.joined()
    #expect(sorted.arrayValue?.compactMap(\.stringValue).joined() == " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789" + letters)
  }

  @Test func caseInsensitiveIgnoresCaseButNotAccents() throws {
    #expect(try order("a", "localizedCaseInsensitiveCompare:", "A") == 0)
    #expect(try order("File", "localizedCaseInsensitiveCompare:", "file") == 0)
    #expect(try order("ß", "localizedCaseInsensitiveCompare:", "SS") == 0)
    #expect(try order("a", "localizedCaseInsensitiveCompare:", "Á") == -1)
    #expect(try order("b", "localizedCaseInsensitiveCompare:", "A") == 1)
  }

  @Test func standardCompareIsFindersOrder() throws {
    let standard: Selector = "localizedStandardCompare:"
    #expect(try order("file2", standard, "file10") == -1)
    #expect(try order("2 files", standard, "10 files") == -1)
    #expect(try order("1.5", standard, "1.10") == -1)
    #expect(try order("File", standard, "file") == 1, "equal but for case: forced, lowercase first")
    #expect(try order("a", standard, "A") == -1)
    #expect(try order("x1", standard, "x01") == -1, "the same number: fewer zeros first")
    #expect(try order("é", standard, "e\u{301}") == 1, "equivalent but different strings are never the same")
    #expect(try order("abc", standard, "abc") == 0)
    let runtime = Runtime()
    let names: Value = ["Photo 10.jpg", "photo 2.jpg", "Photo 1.jpg", "photo 010.jpg"]
    let sorted = try runtime.msgSend(bridging: names, "sortedArrayUsingSelector:", .selector(standard))
    #expect(sorted == ["Photo 1.jpg", "photo 2.jpg", "photo 010.jpg", "Photo 10.jpg"], "case decides before the zeros")
  }

  @Test func compareWithALocaleIsLocalizedAndWithoutOneIsNot() throws {
    let runtime = Runtime()
    let locale = Value.string("en")  // any object stands for a locale: every locale collates as the root
    let whole = Value.range(0..<1)
    #expect(try runtime.msgSend(bridging: "a", "compare:options:range:locale:", "B", 0, whole, locale) == .int64(-1))
    #expect(try runtime.msgSend(bridging: "a", "compare:options:range:locale:", "B", 0, whole, .nil) == .int64(1))
    let diacriticInsensitive = Value.uint64(128)
    #expect(try runtime.msgSend(bridging: "á", "compare:options:range:locale:", "a", diacriticInsensitive, whole, locale) == .int64(0))
    #expect(try runtime.msgSend(bridging: "A", "compare:options:range:locale:", "a", diacriticInsensitive, whole, locale) == .int64(1))
    #expect(try runtime.msgSend(bridging: "abc", "compare:options:range:locale:", "B", 1, Value.range(1..<2), locale) == .int64(0))
  }

  @Test func badArgumentsRaiseAsFoundationsOtherComparisonsDo() throws {
    let runtime = Runtime()
    let nilString = expectFoundationError(.invalidArgument) { try runtime.msgSend(bridging: "a", "localizedCompare:", .nil) }
    #expect(nilString?.exceptionName == "NSInvalidArgumentException")
    let number = #expect(throws: RuntimeError.self) { try runtime.msgSend(bridging: "a", "localizedStandardCompare:", 5) }
    #expect(number?.message.hasPrefix("-[__NSCFNumber length]: unrecognized selector sent to instance") == true)
    expectFoundationError(.invalidArgument) {
      try runtime.msgSend(bridging: "a", "compare:options:range:locale:", "b", 1024, Value.range(0..<1), "en")
    }
    let range = expectFoundationError(.indexOutOfBounds) {
      try runtime.msgSend(bridging: "a", "compare:options:range:locale:", "b", 0, Value.range(0..<5), "en")
    }
    #expect(range?.message.hasSuffix("Range {0, 5} out of bounds; string length 1") == true)
  }
}
