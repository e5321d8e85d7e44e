// NSString+Substrings.swift: `enumerateSubstringsInRange:options:usingBlock:` by lines,
// paragraphs or composed characters.
//
// Docs: docs/foundation.md#lines-and-composed-characters. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound11LineTests.swift.
//
// Stateless. The pieces are those of NSString+Lines.swift: a line or paragraph without its
// terminator (the substring range) and with it (the enclosing range), or a whole character (both
// ranges the same), clipped to the range asked for. Words and sentences are TextSegmentation.swift's:
// a word's enclosing range reaches to the next word (the first also back to the start), so the
// enclosing ranges cover the string as Apple documents; a sentence is its own enclosing range.

enum NSStringSubstrings {
  /// `NSStringEnumerationOptions`: the kind in the low byte, then the flags.
  private static let byLines: UInt64 = 0, byParagraphs: UInt64 = 1, byComposedCharacterSequences: UInt64 = 2
  private static let byWords: UInt64 = 3, bySentences: UInt64 = 4
  private static let reverse: UInt64 = 1 << 8, substringNotRequired: UInt64 = 1 << 9

  static let all: [MethodEntry] = [
    MethodEntry("enumerateSubstringsInRange:options:usingBlock:", "v48@0:8{_NSRange=QQ}16Q32@?40") {
      receiver, selector, arguments in
      let text = try NSStringMethods.text(receiver, selector)
      let units = Array(text.utf16)
      let range = try NSStringSearching.checkedRange(arguments[0], length: units.count, receiver, selector)
      let options = try Message.optionsMask(arguments[1], receiver, selector)
      let block = try BlockArgument.block(arguments[2], receiver, selector)
      let kind = options & 0xFF
      var pieces = try NSStringSubstrings.pieces(of: text, units, kind: kind, receiver, selector).compactMap { piece in
        // A word only its separators reach into the range is not in it.
        kind == byWords && !piece.substring.overlaps(range) ? nil : clipped(piece, to: range)
      }
      if options & reverse != 0 { pieces.reverse() }
      try BlockArgument.enumerate(pieces, calling: block) { piece in
        let substring: Value =
          options & substringNotRequired != 0 ? .nil : .string(String(decoding: units[piece.substring], as: UTF16.self))
        return [substring, .range(piece.substring), .range(piece.enclosing)]
      }
      return .nil
    }
  ]

  /// One piece: its text's range and the range with its terminator.
  struct Piece {
    var substring: Range<Int>
    var enclosing: Range<Int>
  }

  /// Every piece of the whole string for the enumeration kind `kind`.
  private static func pieces(of text: String, _ units: [UInt16], kind: UInt64, _ receiver: Object, _ selector: Selector) throws
    -> [Piece]
  {
    switch kind {
    case byLines, byParagraphs:
      let ends: Set<UInt16> = kind == byLines ? NSStringLines.lineEnds : NSStringLines.paragraphEnds
      return NSStringLines.lines(of: units, ends: ends).map { line in
        Piece(substring: line, enclosing: line.lowerBound..<NSStringLines.terminatorEnd(at: line.upperBound, in: units))
      }
    case byComposedCharacterSequences:
      return NSStringLines.composedRanges(of: text).map { Piece(substring: $0, enclosing: $0) }
    case byWords:
      let words = TextSegmentation.words(of: text)
      return words.indices.map { index in
        let start = index == 0 ? 0 : words[index].lowerBound
        let end = index + 1 < words.count ? words[index + 1].lowerBound : units.count
        return Piece(substring: words[index], enclosing: start..<end)
      }
    case bySentences:
      return TextSegmentation.sentences(of: text).map { Piece(substring: $0, enclosing: $0) }
    default:
      throw FoundationError(
        .invalidArgument, "*** \(Message.name(receiver, selector)): \(kind) is not an NSStringEnumerationOptions kind")
    }
  }

  /// `piece` with both ranges cut to `range`, or nil when it lies outside.
  private static func clipped(_ piece: Piece, to range: Range<Int>) -> Piece? {
    guard piece.enclosing.overlaps(range) else { return nil }
    return Piece(substring: piece.substring.clamped(to: range), enclosing: piece.enclosing.clamped(to: range))
  }
}
