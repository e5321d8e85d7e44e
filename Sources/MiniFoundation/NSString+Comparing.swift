// NSString+Comparing.swift: NSString's ordering messages and the options they take.
//
// Docs: docs/foundation.md#comparing-strings. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound8Tests.swift.
//
// `compare:` orders canonically equivalent strings as the same ("é" and "e\u{301}"), while
// `isEqualToString:` is literal. `NSLiteralSearch` compares UTF-16 units as they are,
// `NSCaseInsensitiveSearch` compares lowercased text, `NSNumericSearch` compares runs of ASCII
// digits by their value ("file9" before "file10"). `NSBackwardsSearch` and `NSAnchoredSearch`
// mean nothing to a comparison and are ignored. `NSDiacriticInsensitiveSearch` compares the
// strings without their accents (canonically decomposed, less their nonspacing and enclosing
// marks: "é" is "e", "ø" stays "ø"), `NSWidthInsensitiveSearch` with the fullwidth and halfwidth
// forms of U+FF00-U+FFEF as their compatibility decompositions ("ａ" is "a", "ｶ" is "カ"; U+3000
// and "①" are not width forms and stay), both through the decompositions of
// UnicodeNormalization.swift, in a comparison, a search, a common prefix and a replacement alike.
// The options we cannot honour (forced ordering, regular expressions) are refused with
// NSInvalidArgumentException rather than answered wrongly; a localized comparison honours them
// (NSString+LocalizedComparing.swift).

enum NSStringComparing {
  /// `NSCaseInsensitiveSearch`, `NSLiteralSearch`, `NSBackwardsSearch`, `NSAnchoredSearch`,
  /// `NSNumericSearch`.
  static let caseInsensitive: UInt64 = 1
  static let literal: UInt64 = 2
  static let ignored: UInt64 = 4 | 8
  static let numeric: UInt64 = 64
  /// `NSDiacriticInsensitiveSearch`, `NSWidthInsensitiveSearch`: honoured where `also: folding` says.
  static let diacriticInsensitive: UInt64 = 128
  static let widthInsensitive: UInt64 = 256
  static let folding = diacriticInsensitive | widthInsensitive

  static let all: [MethodEntry] = [
    MethodEntry("compare:", "q24@0:8@16") { receiver, selector, arguments in
      try ordering(receiver, selector, arguments[0], options: 0)
    },
    MethodEntry("caseInsensitiveCompare:", "q24@0:8@16") { receiver, selector, arguments in
      try ordering(receiver, selector, arguments[0], options: caseInsensitive)
    },
    MethodEntry("compare:options:", "q32@0:8@16Q24") { receiver, selector, arguments in
      try ordering(receiver, selector, arguments[0], options: try options(arguments[1], receiver, selector, also: folding))
    },
    MethodEntry("compare:options:range:", "q48@0:8@16Q24{_NSRange=QQ}32") { receiver, selector, arguments in
      // The receiver's characters in the range, against the whole argument.
      let mask = try options(arguments[1], receiver, selector, also: folding)
      return try ordering(receiver, selector, arguments[0], range: try Message.range(arguments[2], receiver, selector), options: mask)
    },
    MethodEntry("commonPrefixWithString:options:", "@32@0:8@16Q24") { receiver, selector, arguments in
      let mask = try options(arguments[1], receiver, selector, also: folding)
      let other = try NSStringMethods.stringArgument(arguments[0], receiver, selector)
      return .string(commonPrefix(try NSStringMethods.text(receiver, selector), other, options: mask))
    },
  ] + NSStringLocalizedComparing.all

  /// The options mask, refusing the options this message cannot honour (`also` adds
  /// NSDiacriticInsensitiveSearch and NSWidthInsensitiveSearch for the comparisons).
  static func options(
    _ value: Value, _ receiver: Object, _ selector: Selector, also extra: UInt64 = 0
  ) throws(FoundationError) -> UInt64 {
    let mask = try Message.optionsMask(value, receiver, selector)
    let unsupported = mask & ~(caseInsensitive | literal | ignored | numeric | extra)
    guard unsupported == 0 else {
      let folds = extra == 0 ? "" : ", NSDiacriticInsensitiveSearch, NSWidthInsensitiveSearch"
      throw FoundationError(
        .invalidArgument,
        "*** \(Message.name(receiver, selector)): options 0x\(String(unsupported, radix: 16)) are not supported (only NSCaseInsensitiveSearch, NSLiteralSearch\(folds) and NSNumericSearch)"
      )
    }
    return mask
  }

  /// NSOrderedAscending (-1), NSOrderedSame (0) or NSOrderedDescending (1) of the receiver (its
  /// characters in `range`, or all) against `argument`, which must be a string.
  static func ordering(
    _ receiver: Object, _ selector: Selector, _ argument: Value, range: Range<Int>? = nil, options: UInt64
  ) throws -> Value {
    let text = try text(receiver, selector, in: range)
    let other = try NSStringMethods.textArgument(argument, receiver, selector)
    let order = order(text.lossy, other.lossy, options: options)
    guard order == 0, text.string == nil || other.string == nil else { return .int64(Int64(order)) }
    // Texts that read alike with a lone surrogate read as U+FFFD: the units that read as U+FFFD
    // decide, so 0xD800 orders before a real U+FFFD and compare: agrees with isEqual:.
    let (mine, theirs) = (text.replacementUnits, other.replacementUnits)
    return .int64(mine == theirs ? 0 : mine.lexicographicallyPrecedes(theirs) ? -1 : 1)
  }

  /// The receiver's text, or its UTF-16 units in `range` (which must lie inside it; a pair it
  /// splits keeps its half).
  static func text(_ receiver: Object, _ selector: Selector, in range: Range<Int>?) throws(FoundationError) -> StringText {
    let text = try NSStringMethods.stringText(receiver, selector)
    guard let range else { return text }
    let units = text.utf16
    guard range.upperBound <= units.count else {
      throw FoundationError(
        .indexOutOfBounds,
        "*** \(Message.name(receiver, selector)): Range {\(range.lowerBound), \(range.count)} out of bounds; string length \(units.count)"
      )
    }
    return StringText(units: units[range])
  }

  /// The characters `text` begins with that `other` begins with too, as `text` writes them: whole
  /// characters (canonically equivalent ones match), or UTF-16 units with `NSLiteralSearch`;
  /// `NSCaseInsensitiveSearch` matches a character and its other case.
  /// With NSDiacriticInsensitiveSearch or NSWidthInsensitiveSearch, characters match when they
  /// fold alike ("résumé" and "resume" share all six).
  static func commonPrefix(_ text: String, _ other: String, options: UInt64) -> String {
    let fold = options & caseInsensitive != 0
    if options & folding != 0 {
      func key(_ character: Character) -> String {
        let folded = self.folded(String(character), options: options)
        return fold ? folded.lowercased() : folded
      }
      var prefix = ""
      for (character, otherCharacter) in zip(text, other) {
        let (mine, theirs) = (key(character), key(otherCharacter))
        guard options & literal != 0 ? mine.utf16.elementsEqual(theirs.utf16) : mine == theirs else { break }
        prefix.append(character)
      }
      return prefix
    }
    if options & literal != 0 {
      let units = Array(text.utf16)
      let otherUnits = Array(other.utf16)
      func same(_ a: UInt16, _ b: UInt16) -> Bool {
        a == b || (fold && String(decoding: [a], as: UTF16.self).lowercased() == String(decoding: [b], as: UTF16.self).lowercased())
      }
      var length = 0
      while length < min(units.count, otherUnits.count), same(units[length], otherUnits[length]) { length += 1 }
      return String(decoding: units[..<length], as: UTF16.self)
    }
    var prefix = ""
    for (character, otherCharacter) in zip(text, other) {
      guard character == otherCharacter || (fold && character.lowercased() == otherCharacter.lowercased()) else { break }
      prefix.append(character)
    }
    return prefix
  }

  /// How `left` orders against `right` under `options`: -1, 0 or 1. Without NSLiteralSearch the
  /// canonical decompositions are compared scalar by scalar, as CFString compares them, so `é`
  /// orders as `e` + U+0301, before `f`; NSCaseInsensitiveSearch compares case-folded text, so
  /// `ß` is `ss`, `ﬁ` is `fi` and `ς` is `σ` (each answer swift-corelibs-foundation's).
  static func order(_ left: String, _ right: String, options: UInt64) -> Int {
    let fold = options & caseInsensitive != 0
    let (foldedLeft, foldedRight) = (folded(left, options: options), folded(right, options: options))
    let (left, right) = fold ? (caseFolded(foldedLeft), caseFolded(foldedRight)) : (foldedLeft, foldedRight)
    let isNumeric = options & numeric != 0
    if options & literal != 0 {
      return order(Array(left.utf16), Array(right.utf16), numeric: isNumeric) {
        $0 >= 48 && $0 <= 57 ? Int($0) - 48 : nil
      }
    }
    return order(
      UnicodeNormalization.decomposed(left.unicodeScalars, compatibility: false),
      UnicodeNormalization.decomposed(right.unicodeScalars, compatibility: false), numeric: isNumeric
    ) { $0.value >= 48 && $0.value <= 57 ? Int($0.value) - 48 : nil }
  }

  /// `text` case-folded in full: each scalar's uppercase mapping lowercased (`ß` → `ss`,
  /// `ﬁ` → `fi`, `ς` → `σ`, `K` → `k`), which is Unicode's full case folding for all but a few
  /// scalars (Cherokee and the dotted capital I, whose folding keeps its dot: `i̇`).
  static func caseFolded(_ text: String) -> String {
    guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.lowercased() }
    var result = ""
    for scalar in text.unicodeScalars {
      result += scalar.properties.uppercaseMapping.unicodeScalars.map { $0.properties.lowercaseMapping }.joined()
    }
    return result
  }

  /// `text` with the fullwidth and halfwidth forms replaced by their ordinary ones
  /// (NSWidthInsensitiveSearch) and without accents (NSDiacriticInsensitiveSearch): canonically
  /// decomposed, less its nonspacing and enclosing marks.
  static func folded(_ text: String, options: UInt64) -> String {
    guard options & (widthInsensitive | diacriticInsensitive) != 0, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
    let all = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    for (index, scalar) in all.enumerated() {
      result.append(contentsOf: folded(scalar, before: index + 1 < all.count ? all[index + 1] : nil, options: options))
    }
    return String(result)
  }

  /// One scalar of ``folded(_:options:)``, `next` the scalar after it (nil at the end). A
  /// literal comparison or search folds each scalar alone (the sound mark does not count).
  static func folded(_ scalar: Unicode.Scalar, before next: Unicode.Scalar?, options: UInt64) -> [Unicode.Scalar] {
    var pieces: [Unicode.Scalar] = []
    if options & widthInsensitive != 0, foldsWidth(scalar, before: options & literal != 0 ? nil : next) {
      UnicodeNormalization.decompose(scalar, compatibility: true, into: &pieces)
    } else {
      pieces.append(scalar)
    }
    guard options & diacriticInsensitive != 0 else { return pieces }
    var letters: [Unicode.Scalar] = []
    for piece in pieces { UnicodeNormalization.decompose(piece, compatibility: false, into: &letters) }
    return letters.filter { !isAccent($0) }
  }

  /// Whether NSWidthInsensitiveSearch takes `scalar` as its ordinary form: every fullwidth or
  /// halfwidth form (U+FF00-U+FFEF) except a halfwidth one followed by a voiced or semi-voiced
  /// sound mark (`ｶﾞ`, `ﾊﾟ`), which CoreFoundation leaves as it is, so `ｶﾞ` is not `ガ`
  /// (swift-corelibs-foundation answers NSOrderedDescending and finds neither in the other).
  static func foldsWidth(_ scalar: Unicode.Scalar, before next: Unicode.Scalar?) -> Bool {
    guard (0xFF00...0xFFEF).contains(scalar.value) else { return false }
    guard scalar.value >= 0xFF61, let next else { return true }
    return ![0xFF9E, 0xFF9F, 0x3099, 0x309A].contains(next.value)
  }

  /// Whether `scalar` is a nonspacing or an enclosing mark (an accent, a cedilla, a circle).
  private static func isAccent(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: true
    default: false
    }
  }

  /// Element by element; with `numeric`, a run of digits on both sides at the same place
  /// compares by its value (leading zeros do not count), then the walk goes on after both runs.
  private static func order<Element: Comparable>(
    _ left: [Element], _ right: [Element], numeric: Bool, digit: (Element) -> Int?
  ) -> Int {
    var i = 0
    var j = 0
    while i < left.count && j < right.count {
      if numeric, digit(left[i]) != nil, digit(right[j]) != nil {
        let leftRun = run(left, from: i, digit)
        let rightRun = run(right, from: j, digit)
        let byValue = compareDigits(leftRun.digits, rightRun.digits)
        if byValue != 0 { return byValue }
        i = leftRun.end
        j = rightRun.end
        continue
      }
      if left[i] != right[j] { return left[i] < right[j] ? -1 : 1 }
      i += 1
      j += 1
    }
    let leftRest = left.count - i
    let rightRest = right.count - j
    return leftRest == rightRest ? 0 : (leftRest < rightRest ? -1 : 1)
  }

  /// The digits of the run starting at `start`, without leading zeros, and where it ends.
  private static func run<Element>(_ elements: [Element], from start: Int, _ digit: (Element) -> Int?) -> (
    digits: [Int], end: Int
  ) {
    var end = start
    var digits: [Int] = []
    while end < elements.count, let value = digit(elements[end]) {
      if !(digits.isEmpty && value == 0) { digits.append(value) }
      end += 1
    }
    return (digits, end)
  }

  /// Two numbers written as digit arrays without leading zeros: the longer is larger.
  private static func compareDigits(_ a: [Int], _ b: [Int]) -> Int {
    if a.count != b.count { return a.count < b.count ? -1 : 1 }
    for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
    return 0
  }
}
