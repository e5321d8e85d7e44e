// FoundationBehaviourRound11LineTests.swift: lines, paragraphs and composed characters of a
// string, and an identical object in a range of an array, ported from GNUstep-base's
// Tests/base (NSString, NSArray) with the answers NSString.h and NSArray.h give.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound11LineTests {
  @Test func aLineRangeRunsFromItsLineStartThroughTheTerminatorOfItsLastLine() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let text: Value = "one\ntwo\r\nthree"  // lines at 0..<4, 4..<9, 9..<14
    #expect(try runtime.msgSend(bridging: text, "lineRangeForRange:", .range(5..<5)) == .range(4..<9))
    #expect(try runtime.msgSend(bridging: text, "lineRangeForRange:", .range(1..<6)) == .range(0..<9))
    #expect(try runtime.msgSend(bridging: text, "lineRangeForRange:", .range(7..<8)) == .range(4..<9), "inside \\r\\n")
    #expect(try runtime.msgSend(bridging: text, "lineRangeForRange:", .range(8..<8)) == .range(4..<9))
    #expect(try runtime.msgSend(bridging: text, "lineRangeForRange:", .range(14..<14)) == .range(9..<14))
    #expect(try runtime.msgSend(bridging: text, "lineRangeForRange:", .range(3..<4)) == .range(0..<4), "a terminator is its line's")
    let error = expectFoundationError(.indexOutOfBounds) { try runtime.msgSend(bridging: text, "lineRangeForRange:", .range(10..<20)) }
    #expect(error?.exceptionName == "NSRangeException")
  }

  @Test func aLineSeparatorEndsALineButNotAParagraph() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let text: Value = "a\u{2028}b\nc"
    #expect(try runtime.msgSend(bridging: text, "lineRangeForRange:", .range(0..<0)) == .range(0..<2))
    #expect(try runtime.msgSend(bridging: text, "paragraphRangeForRange:", .range(0..<0)) == .range(0..<4))
    #expect(try runtime.msgSend(bridging: text, "paragraphRangeForRange:", .range(4..<5)) == .range(4..<5))
  }

  @Test func enumerateLinesHandsEachLineWithoutItsTerminatorAndStops() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let lines = LineRecorder()
    let block = try runtime.makeBlock { arguments in
      lines.append(arguments[0].stringValue ?? "?")
      return .nil
    }
    try runtime.msgSend(bridging: "a\n\nb\r\nc\n", "enumerateLinesUsingBlock:", .object(block))
    #expect(lines.all == ["a", "", "b", "c"])
    let first = LineRecorder()
    let stopping = try runtime.makeBlock { arguments in
      first.append(arguments[0].stringValue ?? "?")
      arguments[1].swiftObject(as: VariablePointer.self)?.pointee = .bool(true)
      return .nil
    }
    try runtime.msgSend(bridging: "x\ny", "enumerateLinesUsingBlock:", .object(stopping))
    #expect(first.all == ["x"])
    try runtime.msgSend(bridging: "", "enumerateLinesUsingBlock:", .object(block))
    #expect(lines.all.count == 4, "an empty string has no line")
  }

  @Test func aComposedCharacterSequenceIsAWholeCharacter() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let text: Value = "ae\u{301}🙂z"  // a, e + combining acute (2 units), a surrogate pair (2 units), z
    #expect(try runtime.msgSend(bridging: text, "rangeOfComposedCharacterSequenceAtIndex:", 2) == .range(1..<3))
    #expect(try runtime.msgSend(bridging: text, "rangeOfComposedCharacterSequenceAtIndex:", 4) == .range(3..<5))
    #expect(try runtime.msgSend(bridging: text, "rangeOfComposedCharacterSequenceAtIndex:", 0) == .range(0..<1))
    #expect(try runtime.msgSend(bridging: text, "rangeOfComposedCharacterSequencesForRange:", .range(2..<4)) == .range(1..<5))
    let error = expectFoundationError(.indexOutOfBounds) {
      try runtime.msgSend(bridging: text, "rangeOfComposedCharacterSequenceAtIndex:", 6)
    }
    #expect(error?.exceptionName == "NSRangeException")
  }

  @Test func indexOfObjectIdenticalToInRangeLooksForThatObjectOnly() throws {
    let runtime = Runtime()
    let object = try #require(try runtime.object(bridging: .int64(1)))
    let list = try runtime.mutableArray([.double(1.0), .object(object), "x", .object(object)])
    #expect(try send(list, "indexOfObjectIdenticalTo:inRange:", .object(object), .range(0..<2)) == 1)
    #expect(try send(list, "indexOfObjectIdenticalTo:inRange:", .object(object), .range(2..<4)) == 3)
    #expect(try send(list, "indexOfObjectIdenticalTo:inRange:", .object(object), .range(2..<3)) == .uint64(UInt64(Int.max)))
    expectFoundationError(.indexOutOfBounds) { try send(list, "indexOfObjectIdenticalTo:inRange:", .object(object), .range(3..<6)) }
  }
}

/// A thread-safe list of the lines a block was handed.
private final class LineRecorder: Sendable {
  private let storage = Locked<[String]>([])
  func append(_ line: String) { storage.withLock { $0.append(line) } }
  var all: [String] { storage.withLock { $0 } }
}

@Suite struct FoundationBehaviourRound11SubstringTests {
  /// The (substring, substring range, enclosing range) triples the enumeration hands its block.
  private func enumerate(_ text: Value, _ range: Range<Int>, options: UInt64, in runtime: Runtime) throws -> [[Value]] {
    let seen = Locked<[[Value]]>([])
    let block = try runtime.makeBlock { arguments in
      seen.withLock { $0.append(Array(arguments.values.prefix(3))) }
      return .nil
    }
    try runtime.msgSend(bridging: text, "enumerateSubstringsInRange:options:usingBlock:", .range(range), .uint64(options), .object(block))
    return seen.withLock { $0 }
  }

  @Test func enumeratingByLinesGivesEachLineAndItsRangeWithTheTerminator() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(
      try enumerate("ab\r\nc\u{2028}d", 0..<7, options: 0, in: runtime) == [
        ["ab", .range(0..<2), .range(0..<4)], ["c", .range(4..<5), .range(4..<6)], ["d", .range(6..<7), .range(6..<7)],
      ])
    #expect(
      try enumerate("ab\r\nc\u{2028}d", 0..<7, options: 1, in: runtime) == [
        ["ab", .range(0..<2), .range(0..<4)], ["c\u{2028}d", .range(4..<7), .range(4..<7)],
      ], "by paragraphs: a line separator does not end one")
    #expect(
      try enumerate("ab\ncd", 0..<5, options: 0 | (1 << 8) | (1 << 9), in: runtime) == [
        [.nil, .range(3..<5), .range(3..<5)], [.nil, .range(0..<2), .range(0..<3)],
      ], "reverse, substring not required")
  }

  @Test func enumeratingByComposedCharactersGivesWholeCharactersInTheRange() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(
      try enumerate("ae\u{301}🙂", 1..<5, options: 2, in: runtime) == [
        ["e\u{301}", .range(1..<3), .range(1..<3)], ["🙂", .range(3..<5), .range(3..<5)],
      ])
    let unknown = expectFoundationError(.invalidArgument) { _ = try enumerate("a b", 0..<3, options: 7, in: runtime) }
    #expect(unknown?.exceptionName == "NSInvalidArgumentException", "no such kind (words and sentences: WordsAndSentencesTests)")
  }
}
