// TextSegmentation.swift: words and sentences of a text, by the rules of Unicode's text
// segmentation (UAX #29) that matter for ordinary prose, as ICU applies them for Foundation's
// `NSStringEnumerationByWords` and `NSStringEnumerationBySentences`.
//
// Docs: docs/foundation.md#words-and-sentences; the choices: docs/decisions/0026-words-and-sentences.md.
// Tests: Tests/MiniFoundationTests/WordsAndSentencesTests.swift.
//
// Stateless. The rules run over Swift `Character`s (extended grapheme clusters), so a letter and
// its combining marks are one unit, which is UAX #29's WB4 and SB5 ("ignore Extend and Format").
// Each character is classed by its first scalar. Ranges count UTF-16 units.

enum TextSegmentation {
  /// The word-break classes the rules use (UAX #29 table 3, cut down).
  private enum WordClass: Equatable {
    case letter, numeric, katakana, ideograph, extendNumLet, midLetter, midNum, midNumLet, other
  }

  /// The sentence-break classes the rules use (UAX #29 table 4, cut down).
  private enum SentenceClass: Equatable {
    case separator, space, aTerm, sTerm, close, upper, lower, otherLetter, numeric, sContinue, other
  }

  /// The range of each word: runs the word rules keep together that hold a letter, a digit, a
  /// kana or an ideograph (ICU's word "status"), so spaces and punctuation are never words.
  static func words(of text: String) -> [Range<Int>] {
    let characters = Array(text)
    let classes = characters.map(wordClass)
    var words: [Range<Int>] = []
    var start = 0, unit = 0, segmentStart = 0
    for index in characters.indices {
      if index > 0, breaksWord(classes, before: index) {
        if isWord(classes[segmentStart..<index]) { words.append(start..<unit) }
        start = unit
        segmentStart = index
      }
      unit += characters[index].utf16.count
    }
    if !characters.isEmpty, isWord(classes[segmentStart...]) { words.append(start..<unit) }
    return words
  }

  /// The range of each sentence: through its terminator (`.`, `!`, `?` …), closing punctuation,
  /// the spaces after it and one paragraph separator; the sentences cover the whole text.
  static func sentences(of text: String) -> [Range<Int>] {
    let characters = Array(text)
    let classes = characters.map(sentenceClass)
    var sentences: [Range<Int>] = []
    var offsets = [0]  // offsets[i]: the UTF-16 units before character i
    for character in characters { offsets.append(offsets[offsets.count - 1] + character.utf16.count) }
    func units(upTo end: Int) -> Int { offsets[end] }
    var start = 0, index = 0
    while index < characters.count {
      let current = classes[index]
      index += 1
      if current == .separator {  // SB4: a paragraph separator ends a sentence
        sentences.append(start..<units(upTo: index))
        start = units(upTo: index)
        continue
      }
      guard current == .aTerm || current == .sTerm else { continue }
      if current == .aTerm, index < classes.count {
        if classes[index] == .numeric { continue }  // SB6: 3.5
        if index >= 2, [.upper, .lower].contains(classes[index - 2]), classes[index] == .upper { continue }  // SB7: U.S.
      }
      var end = index
      while end < classes.count, classes[end] == .close { end += 1 }
      while end < classes.count, classes[end] == .space { end += 1 }
      if current == .aTerm, lowercaseFollows(classes, from: end) { continue }  // SB8: "etc. and"
      if end < classes.count, [.sContinue, .aTerm, .sTerm].contains(classes[end]) { continue }  // SB8a
      if end < classes.count, classes[end] == .separator { end += 1 }  // SB9–SB11: break after
      sentences.append(start..<units(upTo: end))
      start = units(upTo: end)
      index = end
    }
    let length = text.utf16.count
    if start < length { sentences.append(start..<length) }
    return sentences
  }

  // MARK: - Words

  private static func breaksWord(_ classes: [WordClass], before index: Int) -> Bool {
    let previous = classes[index - 1], next = classes[index]
    func at(_ position: Int) -> WordClass { classes.indices.contains(position) ? classes[position] : .other }
    let letterLike: Set<WordClass> = [.letter, .numeric, .katakana, .extendNumLet]
    switch (previous, next) {
    case (.letter, .letter), (.numeric, .numeric), (.letter, .numeric), (.numeric, .letter), (.katakana, .katakana):
      return false  // WB5, WB8, WB9, WB10, WB13
    case (.letter, .midLetter), (.letter, .midNumLet):
      return at(index + 1) != .letter  // WB6: can't
    case (.midLetter, .letter), (.midNumLet, .letter):
      return at(index - 2) != .letter  // WB7: can't
    case (.numeric, .midNum), (.numeric, .midNumLet):
      return at(index + 1) != .numeric  // WB12: 3.5, 1,000
    case (.midNum, .numeric), (.midNumLet, .numeric):
      return at(index - 2) != .numeric  // WB11
    case (_, .extendNumLet) where letterLike.contains(previous), (.extendNumLet, _) where letterLike.contains(next):
      return false  // WB13a, WB13b: snake_case
    default:
      return true  // WB999
    }
  }

  private static func isWord(_ classes: ArraySlice<WordClass>) -> Bool {
    classes.contains { [.letter, .numeric, .katakana, .ideograph].contains($0) }
  }

  private static func wordClass(_ character: Character) -> WordClass {
    guard let scalar = character.unicodeScalars.first else { return .other }
    let value = scalar.value
    switch value {
    case 0x27, 0x2E, 0x2018, 0x2019, 0x2024, 0xFE52, 0xFF07, 0xFF0E: return .midNumLet  // ' . ‘ ’
    case 0xB7, 0x387, 0x5F4, 0x2027, 0xFE13: return .midLetter  // · (a colon is not one in ICU's rules)
    case 0x2C, 0x3B, 0x37E, 0x589, 0x60C, 0x60D, 0x66C, 0x7F8, 0x2044, 0xFE10, 0xFE14, 0xFE50, 0xFE54, 0xFF0C, 0xFF1B:
      return .midNum  // , ;
    case 0x5F, 0x202F, 0x203F, 0x2040, 0x2054, 0xFE33, 0xFE34, 0xFE4D...0xFE4F, 0xFF3F: return .extendNumLet  // _
    case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .katakana
    case 0x3040...0x309F: return .ideograph  // hiragana: ICU finds its words with a dictionary; one each here
    default: break
    }
    if scalar.properties.isIdeographic { return .ideograph }
    if scalar.properties.numericType == .decimal { return .numeric }
    return scalar.properties.isAlphabetic ? .letter : .other
  }

  // MARK: - Sentences

  /// SB8: after a full stop, its closing punctuation and spaces, whether the next letter (past
  /// anything that is not a letter, separator or terminator) is lower case, so the sentence goes on.
  private static func lowercaseFollows(_ classes: [SentenceClass], from start: Int) -> Bool {
    for sentenceClass in classes[start...] {
      switch sentenceClass {
      case .lower: return true
      case .upper, .otherLetter, .separator, .aTerm, .sTerm: return false
      default: continue
      }
    }
    return false
  }

  private static func sentenceClass(_ character: Character) -> SentenceClass {
    guard let scalar = character.unicodeScalars.first else { return .other }
    switch scalar.value {
    case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: return .separator
    case 0x2E, 0x2024, 0xFE52, 0xFF0E: return .aTerm
    case 0x21, 0x3F, 0x589, 0x61F, 0x6D4, 0x964, 0x965, 0x203C, 0x203D, 0x2047...0x2049, 0x3002, 0xFE56, 0xFE57, 0xFF01, 0xFF1F,
      0xFF61:
      return .sTerm
    case 0x22, 0x27: return .close
    case 0x2C, 0x2D, 0x3A, 0x3B, 0x55D, 0x60C, 0x60D, 0x7F8, 0x1802, 0x1808, 0x2013, 0x2014, 0x3001, 0xFE10, 0xFE11, 0xFE13,
      0xFE31, 0xFE32, 0xFE50, 0xFE51, 0xFE55, 0xFE58, 0xFE63, 0xFF0C, 0xFF0D, 0xFF1A, 0xFF1B, 0xFF64:
      return .sContinue
    default: break
    }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation: return .close
    case .titlecaseLetter: return .upper
    default: break
    }
    if properties.isWhitespace { return .space }
    if properties.isUppercase { return .upper }
    if properties.isLowercase { return .lower }
    if properties.numericType == .decimal { return .numeric }
    return properties.isAlphabetic ? .otherLetter : .other
  }
}
