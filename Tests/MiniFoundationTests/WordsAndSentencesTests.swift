// WordsAndSentencesTests.swift: `enumerateSubstringsInRange:options:usingBlock:` by words and by
// sentences (NSStringEnumerationByWords, BySentences), with the pieces Unicode's segmentation rules
// (UAX #29) give, as ICU gives them to Foundation (decision 0026 says which rules are kept).

import Testing

@testable import MiniFoundation

@Suite struct WordsAndSentencesTests {
  private static let byWords: UInt64 = 3, bySentences: UInt64 = 4

  /// Each call of the block: the substring, its range, the enclosing range.
  private func enumerate(_ text: String, _ range: Range<Int>? = nil, options: UInt64, in runtime: Runtime) throws -> [[Value]] {
    let seen = Locked<[[Value]]>([])
    let block = try runtime.makeBlock { arguments in
      seen.withLock { $0.append(Array(arguments.values.prefix(3))) }
      return .nil
    }
    let whole = range ?? 0..<text.utf16.count
    try runtime.msgSend(bridging: .string(text), "enumerateSubstringsInRange:options:usingBlock:", .range(whole), .uint64(options), .object(block))
    return seen.withLock { $0 }
  }

  private func words(_ text: String, in runtime: Runtime) throws -> [String] {
    try enumerate(text, options: Self.byWords, in: runtime).compactMap { $0.first?.stringValue }
  }

  private func sentences(_ text: String, in runtime: Runtime) throws -> [String] {
    try enumerate(text, options: Self.bySentences, in: runtime).compactMap { $0.first?.stringValue }
  }

  @Test func wordsAreLettersAndDigitsBetweenSpacesAndPunctuation() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try words("Hello, world! How are you?", in: runtime) == ["Hello", "world", "How", "are", "you"])
    #expect(try words("  tabs\tand\nlines  ", in: runtime) == ["tabs", "and", "lines"])
    #expect(try words("...!?", in: runtime) == [])
    #expect(try words("", in: runtime) == [])
  }

  @Test func apostrophesPeriodsAndSeparatorsInsideAWordKeepItWhole() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try words("It's Ann’s e.g. snake_case", in: runtime) == ["It's", "Ann’s", "e.g", "snake_case"])
    #expect(try words("3.14 and 1,000,000 or 4th", in: runtime) == ["3.14", "and", "1,000,000", "or", "4th"])
    #expect(try words("end. 'quoted' a-b a:b", in: runtime) == ["end", "quoted", "a", "b", "a", "b"])
    #expect(try words("café naïve e\u{301}t\u{E9}", in: runtime) == ["café", "naïve", "e\u{301}t\u{E9}"])
  }

  @Test func aWordsEnclosingRangeRunsToTheNextWordAndTheFirstFromTheStart() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(
      try enumerate("  Hi, you.", options: Self.byWords, in: runtime) == [
        ["Hi", .range(2..<4), .range(0..<6)], ["you", .range(6..<9), .range(6..<10)],
      ])
    #expect(
      try enumerate("one two three", 5..<13, options: Self.byWords | (1 << 8) | (1 << 9), in: runtime) == [
        [.nil, .range(8..<13), .range(8..<13)], [.nil, .range(5..<7), .range(5..<8)],
      ], "in a range, reversed, without substrings: a word cut by the range is cut too")
  }

  @Test func kanaRunsAndIdeographsAreWordsOfTheirOwn() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try words("カタカナ 漢字", in: runtime) == ["カタカナ", "漢", "字"])
  }

  @Test func aSentenceEndsAfterItsTerminatorAndTheSpacesThatFollow() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try sentences("Hello world. How are you? Fine!", in: runtime) == ["Hello world. ", "How are you? ", "Fine!"])
    #expect(
      try enumerate("Hi. Yo", options: Self.bySentences, in: runtime) == [
        ["Hi. ", .range(0..<4), .range(0..<4)], ["Yo", .range(4..<6), .range(4..<6)],
      ])
    #expect(try sentences("\"Stop.\" He left.", in: runtime) == ["\"Stop.\" ", "He left."], "closing quotes stay with it")
  }

  @Test func aFullStopInsideNumbersAbbreviationsOrBeforeLowerCaseEndsNoSentence() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try sentences("It costs 3.5 U.S. dollars. Pay now.", in: runtime) == ["It costs 3.5 U.S. dollars. ", "Pay now."])
    #expect(try sentences("See fig. three, etc., for more. Done", in: runtime) == ["See fig. three, etc., for more. ", "Done"])
    #expect(try sentences("Really?! Yes.", in: runtime) == ["Really?! ", "Yes."])
  }

  @Test func aParagraphSeparatorEndsASentenceWithoutATerminator() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try sentences("No stop here\nNext one.\n\nLast", in: runtime) == ["No stop here\n", "Next one.\n", "\n", "Last"])
  }
}
