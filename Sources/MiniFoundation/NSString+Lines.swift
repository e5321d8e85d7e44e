// NSString+Lines.swift: the ranges of lines, paragraphs and composed characters in a string
// (`lineRangeForRange:`, `paragraphRangeForRange:`, `enumerateLinesUsingBlock:`,
// `rangeOfComposedCharacterSequenceAtIndex:`, `rangeOfComposedCharacterSequencesForRange:`).
//
// Docs: docs/foundation.md#lines-and-composed-characters. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound11LineTests.swift.
//
// Stateless. Ranges count UTF-16 units, as every NSString range does. A line ends with `\n`,
// `\r`, `\r\n` (one terminator), U+0085, U+2028 or U+2029; a paragraph with `\n`, `\r`, `\r\n`
// or U+2029, as NSString.h lists them. A composed character sequence is a Swift `Character`
// (an extended grapheme cluster), which is what Foundation's answer follows.

enum NSStringLines {
  static let lineEnds: Set<UInt16> = [0x0A, 0x0D, 0x85, 0x2028, 0x2029]
  static let paragraphEnds: Set<UInt16> = [0x0A, 0x0D, 0x2029]

  static let all: [MethodEntry] = [
    MethodEntry("lineRangeForRange:", "{_NSRange=QQ}32@0:8{_NSRange=QQ}16") { receiver, selector, arguments in
      let units = try NSStringSearching.units(receiver, selector)
      let range = try NSStringSearching.checkedRange(arguments[0], length: units.count, receiver, selector)
      return .range(enclosing(range, in: units, ends: lineEnds))
    },
    MethodEntry("paragraphRangeForRange:", "{_NSRange=QQ}32@0:8{_NSRange=QQ}16") { receiver, selector, arguments in
      let units = try NSStringSearching.units(receiver, selector)
      let range = try NSStringSearching.checkedRange(arguments[0], length: units.count, receiver, selector)
      return .range(enclosing(range, in: units, ends: paragraphEnds))
    },
    MethodEntry("enumerateLinesUsingBlock:", "v24@0:8@?16") { receiver, selector, arguments in
      let block = try BlockArgument.block(arguments[0], receiver, selector)
      let units = try NSStringSearching.units(receiver, selector)
      // Each line's units, a lone surrogate kept (a string object then).
      let texts = try lines(of: units).map { try NSStringMethods.result(StringText(units: units[$0]), receiver) }
      try BlockArgument.enumerate(texts, calling: block) { [$0] }
      return .nil
    },
    MethodEntry("rangeOfComposedCharacterSequenceAtIndex:", "{_NSRange=QQ}24@0:8Q16") { receiver, selector, arguments in
      let text = try NSStringMethods.text(receiver, selector)
      let length = text.utf16.count
      let index = try Message.index(arguments[0], receiver, selector)
      guard index < length else {
        throw FoundationError(
          .indexOutOfBounds,
          "*** \(Message.name(receiver, selector)): Index \(Message.indexText(arguments[0])) out of bounds; string length \(length)")
      }
      return .range(composed(at: index, in: text))
    },
    MethodEntry("rangeOfComposedCharacterSequencesForRange:", "{_NSRange=QQ}32@0:8{_NSRange=QQ}16") { receiver, selector, arguments in
      let text = try NSStringMethods.text(receiver, selector)
      let range = try NSStringSearching.checkedRange(arguments[0], length: text.utf16.count, receiver, selector)
      guard !range.isEmpty else {
        let start = range.lowerBound < text.utf16.count ? composed(at: range.lowerBound, in: text).lowerBound : range.lowerBound
        return .range(start..<start)
      }
      return .range(composed(at: range.lowerBound, in: text).lowerBound..<composed(at: range.upperBound - 1, in: text).upperBound)
    },
  ]

  /// The lines or paragraphs holding `range`, from the start of the first to the end of the last
  /// one's terminator.
  static func enclosing(_ range: Range<Int>, in units: [UInt16], ends: Set<UInt16>) -> Range<Int> {
    var start = range.lowerBound
    // Inside a "\r\n" the line is the one that pair ends.
    if start > 0, start < units.count, units[start - 1] == 0x0D, units[start] == 0x0A { start -= 1 }
    while start > 0, !ends.contains(units[start - 1]) { start -= 1 }
    var end = range.isEmpty ? range.lowerBound : range.upperBound - 1
    if range.isEmpty || !ends.contains(units[end]) {
      while end < units.count, !ends.contains(units[end]) { end += 1 }
    }
    return start..<terminatorEnd(at: end, in: units)
  }

  /// Just past the terminator starting at `index` (`\r\n` is one), or `index` at the end.
  static func terminatorEnd(at index: Int, in units: [UInt16]) -> Int {
    guard index < units.count else { return index }
    if units[index] == 0x0D, index + 1 < units.count, units[index + 1] == 0x0A { return index + 2 }
    return index + 1
  }

  /// Each line's (or, with `paragraphEnds`, paragraph's) contents, without its terminator; none
  /// after a last terminator.
  static func lines(of units: [UInt16], ends: Set<UInt16> = lineEnds) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = 0
    while start < units.count {
      var end = start
      while end < units.count, !ends.contains(units[end]) { end += 1 }
      lines.append(start..<end)
      start = terminatorEnd(at: end, in: units)
    }
    return lines
  }

  /// The UTF-16 range of the composed character sequence holding unit `index`.
  static func composed(at index: Int, in text: String) -> Range<Int> {
    composedRanges(of: text).first { index < $0.upperBound } ?? index..<index
  }

  /// The UTF-16 ranges of `text`'s composed character sequences, in order: its `Character`s,
  /// except that CR LF is two, a CR and an LF, as CoreFoundation's composed-character clusters
  /// (unlike Unicode's grapheme clusters) do not join them (swift-corelibs-foundation answers
  /// `{1, 1}` for index 1 of `"x\r\n"`).
  static func composedRanges(of text: String) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    for character in text {
      if character == "\r\n" {
        ranges += [start..<(start + 1), (start + 1)..<(start + 2)]
        start += 2
        continue
      }
      let end = start + character.utf16.count
      ranges.append(start..<end)
      start = end
    }
    return ranges
  }
}
