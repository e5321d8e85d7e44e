// NSString+Searching.swift: NSString's messages that search a string, cut it into pieces and replace
// what they find.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/KVOTests/FoundationRound6Tests.swift.
//
// As NSString's do, these count indexes and ranges in UTF-16 code units (`rangeOfString:` of a
// string after an emoji is two units further on) and, unless NSLiteralSearch is given, match
// canonical forms on whole composed characters of the receiver (NSString+CanonicalMatching.swift).
// What is not found is `{NSNotFound, 0}`; an empty string is found nowhere (`hasPrefix:@""` is NO, as on Apple).
// `rangeOfString:options:` takes NSCaseInsensitiveSearch (each unit lowercased, when its
// lowercase is one unit), NSBackwardsSearch (the last occurrence) and NSAnchoredSearch (only at
// the start, or the end when backwards), NSDiacriticInsensitiveSearch and NSWidthInsensitiveSearch
// (each scalar folded as NSString+Comparing.swift folds it for a comparison, the range found
// given in the receiver's units, with the marks that folded away); NSLiteralSearch matches unit by
// unit, and the options a comparison refuses are refused here too.
// An index or range past the end raises NSRangeException with Foundation's text, printing the
// index as the `NSUInteger` it received.

enum NSStringSearching {
  static let all: [MethodEntry] = [
    MethodEntry("substringFromIndex:", "@24@0:8Q16") { receiver, selector, arguments in
      let units = try units(receiver, selector)
      let index = try Message.index(arguments[0], receiver, selector)
      guard index <= units.count else { throw indexOutOfBounds(arguments[0], units.count, receiver, selector) }
      return try result(units[index...], receiver)
    },
    MethodEntry("substringToIndex:", "@24@0:8Q16") { receiver, selector, arguments in
      let units = try units(receiver, selector)
      let index = try Message.index(arguments[0], receiver, selector)
      guard index <= units.count else { throw indexOutOfBounds(arguments[0], units.count, receiver, selector) }
      return try result(units[..<index], receiver)
    },
    MethodEntry("substringWithRange:", "@32@0:8{_NSRange=QQ}16") { receiver, selector, arguments in
      let units = try units(receiver, selector)
      let range = try Message.range(arguments[0], receiver, selector)
      guard range.upperBound <= units.count else {
        throw FoundationError(
          .indexOutOfBounds,
          "*** \(Message.name(receiver, selector)): Range {\(range.lowerBound), \(range.count)} out of bounds; string length \(units.count)")
      }
      return try result(units[range], receiver)
    },
    MethodEntry("rangeOfString:", "{_NSRange=QQ}24@0:8@16") { receiver, selector, arguments in
      let found = find(try argument(arguments[0], receiver, selector), in: try units(receiver, selector)).first
      return .range(found ?? notFound)
    },
    MethodEntry("containsString:", "B24@0:8@16") { receiver, selector, arguments in
      .bool(!find(try argument(arguments[0], receiver, selector), in: try units(receiver, selector)).isEmpty)
    },
    MethodEntry("rangeOfString:options:", "{_NSRange=QQ}32@0:8@16Q24") { receiver, selector, arguments in
      try search(receiver, selector, arguments[0], arguments[1], within: nil)
    },
    MethodEntry("rangeOfString:options:range:", "{_NSRange=QQ}48@0:8@16Q24{_NSRange=QQ}32") { receiver, selector, arguments in
      try search(receiver, selector, arguments[0], arguments[1], within: arguments[2])
    },
    MethodEntry(
      "stringByReplacingOccurrencesOfString:withString:options:range:", "@56@0:8@16@24Q32{_NSRange=QQ}40"
    ) { receiver, selector, arguments in
      let units = try units(receiver, selector)
      let found = try occurrences(receiver, selector, arguments[0], options: arguments[2], within: arguments[3])
      return try result(replaced(units, at: found, with: try argument(arguments[1], receiver, selector)), receiver)
    },
    MethodEntry("stringByReplacingCharactersInRange:withString:", "@40@0:8{_NSRange=QQ}16@32") { receiver, selector, arguments in
      let units = try units(receiver, selector)
      let range = try checkedRange(arguments[0], length: units.count, receiver, selector)
      return try result(replaced(units, at: [range], with: try argument(arguments[1], receiver, selector)), receiver)
    },
    MethodEntry("stringByPaddingToLength:withString:startingAtIndex:", "@40@0:8Q16@24Q32") { receiver, selector, arguments in
      // Cut to the length, or padded with the pad string repeated from the index.
      let units = try units(receiver, selector)
      let length = try Message.index(arguments[0], receiver, selector)
      let pad = try argument(arguments[1], receiver, selector)
      let start = try Message.index(arguments[2], receiver, selector)
      guard !pad.isEmpty, start < pad.count else {
        throw FoundationError(.indexOutOfBounds, "*** \(Message.name(receiver, selector)): out of range padIndex")
      }
      guard length > units.count else { return try result(units.prefix(length), receiver) }
      let padding = (0..<(length - units.count)).map { pad[(start + $0) % pad.count] }
      return try result(units + padding, receiver)
    },
    MethodEntry("hasPrefix:", "B24@0:8@16") { receiver, selector, arguments in
      let prefix = NSStringMethods.text(of: arguments[0])?.utf16 ?? []
      let matcher = CanonicalMatcher(prefix, in: try units(receiver, selector), literal: false)
      return .bool(matcher.first(backwards: false, anchored: true) != nil)
    },
    MethodEntry("hasSuffix:", "B24@0:8@16") { receiver, selector, arguments in
      let suffix = NSStringMethods.text(of: arguments[0])?.utf16 ?? []
      let matcher = CanonicalMatcher(suffix, in: try units(receiver, selector), literal: false)
      return .bool(matcher.first(backwards: true, anchored: true) != nil)
    },
    MethodEntry("componentsSeparatedByString:", "@24@0:8@16") { receiver, selector, arguments in
      let units = try units(receiver, selector)
      var pieces: [Value] = []
      var start = 0
      for range in find(try argument(arguments[0], receiver, selector), in: units) {
        pieces.append(try result(units[start..<range.lowerBound], receiver))
        start = range.upperBound
      }
      pieces.append(try result(units[start...], receiver))
      return .array(pieces)
    },
    MethodEntry("stringByReplacingOccurrencesOfString:withString:", "@32@0:8@16@24") { receiver, selector, arguments in
      let units = try units(receiver, selector)
      let target = try argument(arguments[0], receiver, selector)
      let replacement = try argument(arguments[1], receiver, selector)
      var joined: [UInt16] = []
      var start = 0
      for range in find(target, in: units) {
        joined += units[start..<range.lowerBound]
        joined += replacement
        start = range.upperBound
      }
      joined += units[start...]
      return try result(joined, receiver)
    },
    MethodEntry("capitalizedString", "@16@0:8") { receiver, selector, _ in
      // The first letter of each word in title case, every other letter lower case; a word starts
      // where CFStringCapitalize starts one (so "it's" gives "It's": NSString+Casing.swift).
      try NSStringMethods.result(try NSStringMethods.stringText(receiver, selector).mappingRuns(NSStringCasing.capitalized), receiver)
    },
  ]

  /// `{NSNotFound, 0}`.
  private static let notFound = OrderedCollectionMethods.notFound..<OrderedCollectionMethods.notFound

  /// `rangeOfString:options:(range:)`: the first (or, backwards, last) occurrence of the string
  /// argument in the receiver, or in `within` (an NSRange of it), under the options.
  private static func search(
    _ receiver: Object, _ selector: Selector, _ needle: Value, _ mask: Value, within: Value?
  ) throws -> Value {
    let options = try NSStringComparing.options(mask, receiver, selector, also: NSStringComparing.folding)
    let fold = options & NSStringComparing.caseInsensitive != 0
    let all = try units(receiver, selector)
    let range = try within.map { try Message.range($0, receiver, selector) } ?? 0..<all.count
    guard range.upperBound <= all.count else {
      throw FoundationError(
        .indexOutOfBounds,
        "*** \(Message.name(receiver, selector)): Range {\(range.lowerBound), \(range.count)} out of bounds; string length \(all.count)")
    }
    if options & NSStringComparing.folding != 0 {
      return try foldedSearch(all[range], from: range.lowerBound, for: needle, options: options, receiver, selector)
    }
    let units = all[range].map { fold ? folded($0) : $0 }
    let target = try argument(needle, receiver, selector).map { fold ? folded($0) : $0 }
    let matcher = CanonicalMatcher(target, in: units, literal: options & NSStringComparing.literal != 0, caseInsensitive: fold)
    // NSBackwardsSearch (4): the last; NSAnchoredSearch (8): at the start, or the end when backwards.
    let found = matcher.first(backwards: options & 4 != 0, anchored: options & 8 != 0)
    return .range(found.map { (range.lowerBound + $0.lowerBound)..<(range.lowerBound + $0.upperBound) } ?? notFound)
  }

  /// `search` with NSDiacriticInsensitiveSearch or NSWidthInsensitiveSearch: `units` (starting at
  /// `offset` in the receiver) and the needle folded scalar by scalar, each folded unit knowing the
  /// receiver's units it came from (a mark that folds away joins the character before it).
  private static func foldedSearch(
    _ units: ArraySlice<UInt16>, from offset: Int, for needle: Value, options: UInt64, _ receiver: Object,
    _ selector: Selector
  ) throws -> Value {
    let (haystack, origins) = foldedUnits(units, from: offset, options: options)
    let target = try foldedNeedle(needle, options: options, receiver, selector)
    guard !target.isEmpty, target.count <= haystack.count else { return .range(notFound) }
    let backwards = options & 4 != 0  // NSBackwardsSearch
    let anchored = options & 8 != 0  // NSAnchoredSearch
    let last = haystack.count - target.count
    let starts = anchored ? [backwards ? last : 0] : (backwards ? Array((0...last).reversed()) : Array(0...last))
    let start = starts.first { foldedMatch(target, at: $0, in: haystack, origins) }
    return .range(start.map { origins[$0].lowerBound..<origins[$0 + target.count - 1].upperBound } ?? notFound)
  }

  /// `units` (starting at `offset` in the receiver) folded scalar by scalar as `options` say,
  /// each folded unit with the receiver's units it came from (a mark that folds away joins the
  /// character before it).
  private static func foldedUnits(
    _ units: ArraySlice<UInt16>, from offset: Int, options: UInt64
  ) -> (haystack: [UInt16], origins: [Range<Int>]) {
    let fold = options & NSStringComparing.caseInsensitive != 0
    var haystack: [UInt16] = []
    var origins: [Range<Int>] = []
    var position = offset
    var character = 0  // index in `origins` of the last character's first unit
    let scalars = scalarsKeepingLoneUnits(units)
    for (index, (scalar, lone)) in scalars.enumerated() {
      let length = lone == nil ? scalar.utf16.count : 1
      let next = index + 1 < scalars.count ? scalars[index + 1].scalar : nil
      // A lone surrogate folds to nothing else: it matches only itself (decision 0050).
      let pieces = lone.map { [$0] } ?? NSStringComparing.folded(scalar, before: next, options: options)
        .flatMap { $0.utf16 }.map { fold ? folded($0) : $0 }
      if pieces.isEmpty, character < origins.count {
        let widened = origins[character].lowerBound..<(position + length)
        for index in character..<origins.count { origins[index] = widened }
      } else if !pieces.isEmpty {
        character = origins.count
      }
      for piece in pieces {
        haystack.append(piece)
        origins.append(position..<(position + length))
      }
      position += length
    }
    return (haystack, origins)
  }

  /// The scalars of `units`, each lone surrogate as U+FFFD with its unit beside it.
  private static func scalarsKeepingLoneUnits(_ units: ArraySlice<UInt16>) -> [(scalar: Unicode.Scalar, lone: UInt16?)] {
    var scalars: [(scalar: Unicode.Scalar, lone: UInt16?)] = []
    var index = units.startIndex
    while index < units.endIndex {
      let step = StringText.step(in: units, at: index)
      scalars.append(step.scalar.map { ($0, nil) } ?? ("\u{FFFD}", units[index]))
      index += step.width
    }
    return scalars
  }

  /// The string argument `needle` folded as `options` say, a lone surrogate kept as itself.
  private static func foldedNeedle(_ needle: Value, options: UInt64, _ receiver: Object, _ selector: Selector) throws -> [UInt16] {
    let fold = options & NSStringComparing.caseInsensitive != 0
    let text = try NSStringMethods.textArgument(needle, receiver, selector)
    return text.mappingRuns { NSStringComparing.folded($0, options: options) }.utf16.map { fold ? folded($0) : $0 }
  }

  /// Whether `target` is at `candidate` in the folded `haystack`: a match starts at the first
  /// unit a character folds to and ends at its last.
  private static func foldedMatch(_ target: [UInt16], at candidate: Int, in haystack: [UInt16], _ origins: [Range<Int>]) -> Bool {
    let end = candidate + target.count
    return (candidate == 0 || origins[candidate - 1] != origins[candidate])
      && (end == haystack.count || origins[end - 1] != origins[end])
      && haystack[candidate..<end].elementsEqual(target)
  }

  /// ``occurrences(_:_:_:options:within:)`` with NSDiacriticInsensitiveSearch or
  /// NSWidthInsensitiveSearch: every non-overlapping match left to right (or the anchored one),
  /// in the receiver's units.
  private static func foldedOccurrences(
    _ units: ArraySlice<UInt16>, from offset: Int, for needle: Value, options: UInt64, _ receiver: Object,
    _ selector: Selector
  ) throws -> [Range<Int>] {
    let (haystack, origins) = foldedUnits(units, from: offset, options: options)
    let target = try foldedNeedle(needle, options: options, receiver, selector)
    guard !target.isEmpty, target.count <= haystack.count else { return [] }
    let matched = { (start: Int) in origins[start].lowerBound..<origins[start + target.count - 1].upperBound }
    if options & 8 != 0 {  // NSAnchoredSearch: at the start, or the end when backwards
      let anchor = options & 4 != 0 ? haystack.count - target.count : 0
      return foldedMatch(target, at: anchor, in: haystack, origins) ? [matched(anchor)] : []
    }
    var found: [Range<Int>] = []
    var start = 0
    while start + target.count <= haystack.count {
      if foldedMatch(target, at: start, in: haystack, origins) {
        found.append(matched(start))
        start += target.count
      } else {
        start += 1
      }
    }
    return found
  }

  /// The occurrences of the string `needle` that a replacement under `options` within `range`
  /// (an NSRange of the receiver) replaces: every non-overlapping one left to right, or with
  /// NSAnchoredSearch only the one at the start (the end, backwards).
  static func occurrences(
    _ receiver: Object, _ selector: Selector, _ needle: Value, options mask: Value, within: Value
  ) throws -> [Range<Int>] {
    let options = try NSStringComparing.options(mask, receiver, selector, also: NSStringComparing.folding)
    let fold = options & NSStringComparing.caseInsensitive != 0
    let all = try units(receiver, selector)
    let range = try checkedRange(within, length: all.count, receiver, selector)
    if options & NSStringComparing.folding != 0 {
      return try foldedOccurrences(all[range], from: range.lowerBound, for: needle, options: options, receiver, selector)
    }
    let units = all[range].map { fold ? folded($0) : $0 }
    let target = try argument(needle, receiver, selector).map { fold ? folded($0) : $0 }
    let matcher = CanonicalMatcher(target, in: units, literal: options & NSStringComparing.literal != 0, caseInsensitive: fold)
    var found = matcher.all
    if options & 8 != 0 {  // NSAnchoredSearch: only the one at the start (the end, backwards)
      found = matcher.first(backwards: options & 4 != 0, anchored: true).map { [$0] } ?? []
    }
    return found.map { (range.lowerBound + $0.lowerBound)..<(range.lowerBound + $0.upperBound) }
  }

  /// `units` with each of the ascending, non-overlapping `ranges` replaced by `replacement`.
  static func replaced(_ units: [UInt16], at ranges: [Range<Int>], with replacement: [UInt16]) -> [UInt16] {
    var result: [UInt16] = []
    var start = 0
    for range in ranges {
      result += units[start..<range.lowerBound]
      result += replacement
      start = range.upperBound
    }
    return result + units[start...]
  }

  /// An NSRange argument inside a string of `length` units, or NSRangeException.
  static func checkedRange(_ value: Value, length: Int, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> Range<Int> {
    let range = try Message.range(value, receiver, selector)
    guard range.upperBound <= length else {
      throw FoundationError(
        .indexOutOfBounds, "*** \(Message.name(receiver, selector)): Range {\(range.lowerBound), \(range.count)} out of bounds; string length \(length)")
    }
    return range
  }

  /// A UTF-16 unit lowercased when its lowercase is one unit too (so ranges keep their indexes).
  private static func folded(_ unit: UInt16) -> UInt16 {
    guard let scalar = Unicode.Scalar(unit) else { return unit }  // half of a surrogate pair
    let lower = scalar.properties.lowercaseMapping.utf16
    return lower.count == 1 ? lower[lower.startIndex] : unit
  }

  /// The receiver's UTF-16 code units.
  static func units(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> [UInt16] {
    try NSStringMethods.stringText(receiver, selector).utf16
  }

  /// A string argument's code units (NSStringMethods.stringArgument: nil raises `nil argument`).
  static func argument(_ value: Value, _ receiver: Object, _ selector: Selector) throws -> [UInt16] {
    try NSStringMethods.textArgument(value, receiver, selector).utf16
  }

  /// What a message answers for the text `units` spell: `.string`, or a string object keeping a
  /// lone surrogate.
  static func result(_ units: some Collection<UInt16>, _ receiver: Object) throws -> Value {
    try NSStringMethods.result(StringText(units: units), receiver)
  }

  /// The ranges where `target` occurs in `units` under a search without options (not literal:
  /// CanonicalMatcher), left to right, not overlapping; none for an empty target.
  private static func find(_ target: [UInt16], in units: [UInt16]) -> [Range<Int>] {
    CanonicalMatcher(target, in: units, literal: false).all
  }

  /// `*** -[__NSCFString substringFromIndex:]: Index 7 out of bounds; string length 6`.
  private static func indexOutOfBounds(_ argument: Value, _ length: Int, _ receiver: Object, _ selector: Selector) -> FoundationError {
    FoundationError(
      .indexOutOfBounds,
      "*** \(Message.name(receiver, selector)): Index \(Message.indexText(argument)) out of bounds; string length \(length)")
  }
}
