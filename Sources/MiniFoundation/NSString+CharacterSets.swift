// NSString+CharacterSets.swift: NSString's messages that take a character set: trimming,
// finding a character from a set, and splitting at the characters of a set.
//
// Docs: docs/foundation.md#character-sets. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound9CharacterSetTests.swift.
//
// Indexes and ranges count UTF-16 units, as NSString's do; a character is a code point, so a
// surrogate pair is asked of the set as its one code point and found as a range of length 2. A
// lone surrogate is asked as itself. No state; a set that is a user's subclass is asked by
// message (NSCharacterSet.swift), with no lock held.

enum NSStringCharacterSets {
  static let all: [MethodEntry] = [
    MethodEntry("stringByTrimmingCharactersInSet:", "@24@0:8@16") { receiver, selector, arguments in
      let isMember = try NSCharacterSetMethods.membership(arguments[0], receiver, selector)
      let units = try NSStringSearching.units(receiver, selector)
      let characters = characters(of: units, in: 0..<units.count)
      var first = 0
      while first < characters.count, try isMember(characters[first].point) { first += 1 }
      var last = characters.count
      while last > first, try isMember(characters[last - 1].point) { last -= 1 }
      guard first < last else { return .string("") }
      return try NSStringMethods.result(
        StringText(units: units[characters[first].range.lowerBound..<characters[last - 1].range.upperBound]), receiver)
    },
    MethodEntry("rangeOfCharacterFromSet:", "{_NSRange=QQ}24@0:8@16") { receiver, selector, arguments in
      try search(receiver, selector, arguments[0], options: .uint64(0), within: nil)
    },
    MethodEntry("rangeOfCharacterFromSet:options:", "{_NSRange=QQ}32@0:8@16Q24") { receiver, selector, arguments in
      try search(receiver, selector, arguments[0], options: arguments[1], within: nil)
    },
    MethodEntry("rangeOfCharacterFromSet:options:range:", "{_NSRange=QQ}48@0:8@16Q24{_NSRange=QQ}32") {
      receiver, selector, arguments in
      try search(receiver, selector, arguments[0], options: arguments[1], within: arguments[2])
    },
    MethodEntry("componentsSeparatedByCharactersInSet:", "@24@0:8@16") { receiver, selector, arguments in
      let isMember = try NSCharacterSetMethods.membership(arguments[0], receiver, selector)
      let units = try NSStringSearching.units(receiver, selector)
      var components: [Value] = []
      var start = 0
      for character in characters(of: units, in: 0..<units.count) where try isMember(character.point) {
        components.append(try NSStringMethods.result(StringText(units: units[start..<character.range.lowerBound]), receiver))
        start = character.range.upperBound
      }
      components.append(try NSStringMethods.result(StringText(units: units[start...]), receiver))
      return .array(components)
    },
  ]

  /// The options a search for a character takes: NSBackwardsSearch (4) and NSAnchoredSearch (8),
  /// the two NSString's documentation lists, and NSLiteralSearch (2), which changes nothing.
  private static let supported: UInt64 = 2 | 4 | 8

  /// `rangeOfCharacterFromSet:options:(range:)`: the first (or, backwards, last) character of
  /// the receiver, or of `within`, that is in the set; anchored, only the first (or last) one.
  private static func search(
    _ receiver: Object, _ selector: Selector, _ set: Value, options: Value, within: Value?
  ) throws -> Value {
    let isMember = try NSCharacterSetMethods.membership(set, receiver, selector)
    let mask = try Message.optionsMask(options, receiver, selector)
    guard mask & ~supported == 0 else {
      throw FoundationError(
        .invalidArgument,
        "*** \(Message.name(receiver, selector)): options 0x\(String(mask & ~supported, radix: 16)) are not supported "
          + "(only NSBackwardsSearch, NSAnchoredSearch and NSLiteralSearch)"
      )
    }
    let units = try NSStringSearching.units(receiver, selector)
    let range =
      try within.map { try NSStringSearching.checkedRange($0, length: units.count, receiver, selector) }
      ?? 0..<units.count
    var candidates = characters(of: units, in: range)
    if mask & 4 != 0 { candidates.reverse() }  // NSBackwardsSearch
    if mask & 8 != 0 { candidates = Array(candidates.prefix(1)) }  // NSAnchoredSearch
    for character in candidates where try isMember(character.point) { return .range(character.range) }
    return .range(OrderedCollectionMethods.notFound..<OrderedCollectionMethods.notFound)
  }

  /// The characters of `units[range]`: each code point with the units it spans (a surrogate
  /// pair is one code point over two units; a lone surrogate is itself).
  static func characters(of units: [UInt16], in range: Range<Int>) -> [(point: UInt32, range: Range<Int>)] {
    var result: [(point: UInt32, range: Range<Int>)] = []
    var index = range.lowerBound
    while index < range.upperBound {
      let step = StringText.step(in: units, at: index, end: range.upperBound)
      result.append((step.point, index..<(index + step.width)))
      index += step.width
    }
    return result
  }
}
