// CharacterMembers.swift: which Unicode code points a character set holds.
//
// Docs: docs/foundation.md#character-sets. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound9CharacterSetTests.swift.
//
// A set is a small tree: Foundation's named sets (by Unicode general category, as NSCharacterSet.h
// defines each), explicit code points, ranges, and their union, difference, intersection and
// inverse. Membership is asked of the tree; nothing is enumerated. Code points are UTF-32 values
// (0 ..< 0x110000); a lone surrogate (0xD800 ..< 0xE000, reachable through `characterIsMember:`)
// is in no named set. A value type with no state to lock.

/// Foundation's predefined character sets, each by the Unicode categories NSCharacterSet.h gives.
enum NamedCharacters: String, Sendable, Hashable, CaseIterable {
  case whitespace, whitespaceAndNewline, newline, decimalDigit, letter, lowercaseLetter, uppercaseLetter
  case capitalizedLetter, alphanumeric, punctuation, symbol, control, nonBase

  /// `+[NSCharacterSet whitespaceCharacterSet]` and the rest.
  var selector: Selector { Selector(interning: rawValue + "CharacterSet") }

  func contains(_ point: UInt32) -> Bool {
    switch self {
    case .whitespace: return point == 0x09 || Self.category(point) == .spaceSeparator  // Zs and tab
    case .newline: return (0x0A...0x0D).contains(point) || point == 0x85 || point == 0x2028 || point == 0x2029
    case .whitespaceAndNewline:
      // Z* with U+000A–U+000D and U+0085; tab too, as Foundation's set holds every whitespace.
      return Self.whitespace.contains(point) || Self.newline.contains(point)
        || [.lineSeparator, .paragraphSeparator].contains(Self.category(point))
    case .decimalDigit: return Self.category(point) == .decimalNumber  // Nd
    case .letter: return Self.isLetter(point) || Self.isMark(point)  // L* and M*
    case .lowercaseLetter: return Self.category(point) == .lowercaseLetter  // Ll
    case .uppercaseLetter: return [.uppercaseLetter, .titlecaseLetter].contains(Self.category(point))  // Lu and Lt
    case .capitalizedLetter: return Self.category(point) == .titlecaseLetter  // Lt
    case .alphanumeric: return Self.isLetter(point) || Self.isMark(point) || Self.isNumber(point)  // L*, M*, N*
    case .punctuation:  // P*
      return [
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
        .finalPunctuation, .otherPunctuation,
      ].contains(Self.category(point))
    case .symbol:  // S*
      return [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol].contains(Self.category(point))
    case .control: return [.control, .format].contains(Self.category(point))  // Cc and Cf
    case .nonBase: return Self.isMark(point)  // M*
    }
  }

  /// The general category of a code point; a lone surrogate is Cs.
  private static func category(_ point: UInt32) -> Unicode.GeneralCategory {
    Unicode.Scalar(point)?.properties.generalCategory ?? .surrogate
  }

  private static func isLetter(_ point: UInt32) -> Bool {
    [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter].contains(category(point))
  }

  private static func isMark(_ point: UInt32) -> Bool {
    [.nonspacingMark, .spacingMark, .enclosingMark].contains(category(point))
  }

  private static func isNumber(_ point: UInt32) -> Bool {
    [.decimalNumber, .letterNumber, .otherNumber].contains(category(point))
  }
}

/// The code points of a character set.
indirect enum CharacterMembers: Sendable, Hashable {
  case named(NamedCharacters)
  case points(Set<UInt32>)
  case range(Range<UInt32>)
  case union(CharacterMembers, CharacterMembers)
  case subtracting(CharacterMembers, CharacterMembers)
  case intersection(CharacterMembers, CharacterMembers)
  case inverted(CharacterMembers)

  /// The code space: a character set holds nothing at or past 0x110000.
  static let codeSpace: Range<UInt32> = 0..<0x11_0000

  /// The empty set.
  static let empty = CharacterMembers.points([])

  /// The code points of `text`'s characters (a surrogate pair counts as its one code point).
  static func characters(in text: String) -> CharacterMembers {
    .points(Set(text.unicodeScalars.map(\.value)))
  }

  /// The code points of `text`: a pair counts as its one code point, a lone surrogate as its
  /// unit, as CFCharacterSet takes it.
  static func characters(in text: StringText) -> CharacterMembers {
    guard case .units(let units) = text else { return characters(in: text.lossy) }
    var points = Set<UInt32>()
    var index = 0
    while index < units.count {
      let step = StringText.step(in: units, at: index)
      points.insert(step.point)
      index += step.width
    }
    return .points(points)
  }

  func contains(_ point: UInt32) -> Bool {
    switch self {
    case .named(let named): return named.contains(point)
    case .points(let points): return points.contains(point)
    case .range(let range): return range.contains(point)
    case .union(let a, let b): return a.contains(point) || b.contains(point)
    case .subtracting(let a, let b): return a.contains(point) && !b.contains(point)
    case .intersection(let a, let b): return a.contains(point) && b.contains(point)
    case .inverted(let a): return Self.codeSpace.contains(point) && !a.contains(point)
    }
  }

  /// These members and `other`'s; explicit code points are merged, so a set built one
  /// `addCharactersInString:` at a time stays one node.
  func adding(_ other: CharacterMembers) -> CharacterMembers {
    switch (self, other) {
    case (.points(let a), .points(let b)): return .points(a.union(b))
    case (.union(let rest, .points(let a)), .points(let b)): return .union(rest, .points(a.union(b)))
    default: return .union(self, other)
    }
  }

  /// These members without `other`'s.
  func removing(_ other: CharacterMembers) -> CharacterMembers {
    if case .points(let a) = self, case .points(let b) = other { return .points(a.subtracting(b)) }
    return .subtracting(self, other)
  }

  /// Whether two sets hold the same code points, asked of every code point (the trees of two
  /// equal sets may differ: `whitespace` and `whitespace` plus a space).
  func sameMembers(as other: CharacterMembers) -> Bool {
    if self == other { return true }
    return !Self.codeSpace.contains { contains($0) != other.contains($0) }
  }

  /// Hashes what `sameMembers(as:)` compares: the members among the first 256 code points.
  func hashMembers(into hasher: inout Hasher) {
    var bits: [UInt64] = [0, 0, 0, 0]
    for point in UInt32(0)..<256 where contains(point) { bits[Int(point / 64)] |= 1 << UInt64(point % 64) }
    hasher.combine(bits)
  }
}
