// Collation.swift: the order of NSString's localized comparisons (`localizedCompare:`,
// `localizedCaseInsensitiveCompare:`, `localizedStandardCompare:`, `compare:options:range:locale:`).
//
// Docs: docs/foundation.md#localized-comparisons. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound10CollationTests.swift.
//
// Apple compares through ICU with the locale's collation; for English (and for most locales, for
// the letters below) that is the Unicode root collation. A pure-Swift library carries no
// collation tables, so this is a simplified one, exact for ASCII, Latin-1 and Latin Extended-A
// (U+0000-U+017F, with combining accents U+0300-U+036F after a letter), in three levels as the
// Unicode Collation Algorithm compares:
// 1. primary, the base character: ignorable controls, then whitespace, punctuation, symbols,
//    currency signs, digits, letters (`a` < `b`; `þ` after `z`; `æ` is `ae` and `ß` is `ss`);
//    a run of digits counts by its value with NSNumericSearch;
// 2. secondary, accents and marks: `a` < `á` < `à` < `â` < `å` < `ä` < `ã`, `o` < `ø`, `d` < `ð`,
//    `æ` after `ae`;
// 3. tertiary, case: lowercase before uppercase (`a` < `A`).
// A string is compared at the first level over its whole length before the second is looked at,
// so "Aa" < "ab" and "a" < "A" < "á" < "b". Outside U+017F the order is an approximation stated
// in the docs: other letters come after the Latin ones by code point, other punctuation and
// symbols after Latin-1's. Stateless; the tables are built once (immutable statics).

/// A simplified root collation of strings.
enum Collation {
  /// One collation element: a weight per level; a primary of 0 is an accent, counted only from
  /// the second level on.
  struct Element: Equatable {
    var primary: UInt32
    var secondary: UInt16 = Secondary.common
    var tertiary: UInt8 = Tertiary.lower
  }

  /// Secondary weights: common for a base character, then the accents in the root order.
  enum Secondary {
    static let common: UInt16 = 5
    /// The weight of a combining accent U+0300-U+036F.
    static func accent(_ scalar: UInt32) -> UInt16 {
      if let rank = accentOrder.firstIndex(of: scalar) { return 0x10 + UInt16(rank) }
      return 0x40 + UInt16(scalar & 0xFF)
    }
    /// Acute, grave, breve, circumflex, caron, ring, diaeresis, double acute, tilde, dot above,
    /// stroke (the `ø` of Latin-1), cedilla, ogonek, macron: the root order of accents.
    static let accentOrder: [UInt32] = [0x301, 0x300, 0x306, 0x302, 0x30C, 0x30A, 0x308, 0x30B, 0x303, 0x307, 0x338, 0x327, 0x328, 0x304]
    /// The mark between the two letters of `æ` and `ß`, which sorts them after `ae` and `ss` with
    /// any accent.
    static let ligature: UInt16 = 0x110
    /// The stroke that makes `đ`, `ħ` and `ł` of `d`, `h` and `l`.
    static let stroke: UInt16 = 0xFE
    /// The mark that makes `ð` of `d` (and `ŀ` of `l`, `ſ` of `s`), after the stroke.
    static let eth: UInt16 = 0x100
  }

  /// Tertiary weights: case.
  enum Tertiary {
    static let lower: UInt8 = 0
    static let upper: UInt8 = 8
    /// A compatibility form (`ª`, `º`, `¹`, `µ`, a digit that is not ASCII, a no-break space)
    /// is its base character: Apple's comparison does not tell them apart.
    static let variant: UInt8 = lower
  }

  /// Where each group of primaries starts.
  enum Primary {
    static let punctuation: UInt32 = 0x0100_0000
    static let otherPunctuation: UInt32 = 0x0110_0000
    static let symbol: UInt32 = 0x0200_0000
    static let otherSymbol: UInt32 = 0x0210_0000
    static let currency: UInt32 = 0x0300_0000
    static let otherCurrency: UInt32 = 0x0310_0000
    /// A run of digits under NSNumericSearch, below every single digit: its length, then its
    /// digits.
    static let digitRun: UInt32 = 0x03F0_0000
    static let digitInRun: UInt32 = 0x03F0_1000
    static let digit: UInt32 = 0x0400_0000
    static let latin: UInt32 = 0x0500_0000
    static let otherLetter: UInt32 = 0x0600_0000
    static let other: UInt32 = 0x0700_0000

    /// The primary of the Latin letter `letter` (`a`-`z`), plus `after` for a letter sorting
    /// just after it (`ð` after `d`).
    static func latin(_ letter: Character, after: UInt32 = 0) -> UInt32 {
      latin + UInt32((letter.asciiValue ?? 97) - 97) * 16 + after
    }
  }

  /// The options of a comparison, with the values of `NSStringCompareOptions`.
  struct Options: OptionSet {
    let rawValue: UInt64
    /// `NSCaseInsensitiveSearch`: two levels (accents still count).
    static let caseInsensitive = Options(rawValue: 1)
    /// `NSNumericSearch`: a run of digits counts by its value.
    static let numeric = Options(rawValue: 64)
    /// `NSDiacriticInsensitiveSearch`: one level (neither accents nor case count).
    static let diacriticInsensitive = Options(rawValue: 128)
    /// `NSWidthInsensitiveSearch`: a full-width form is its ASCII character.
    static let widthInsensitive = Options(rawValue: 256)
    /// `NSForcedOrderingSearch`: two different strings are never the same.
    static let forcedOrdering = Options(rawValue: 512)
  }

  /// NSOrderedAscending (-1), NSOrderedSame (0) or NSOrderedDescending (1) of `left` against
  /// `right` under `options`, in the root collation or a locale's `tailoring`.
  static func compare(_ left: String, _ right: String, options: Options, tailoring: Tailoring? = nil) -> Int {
    let numeric = options.contains(.numeric)
    let width = options.contains(.widthInsensitive)
    let fold = options.contains(.caseInsensitive)  // case folding makes ß ss
    func elements(of text: String, foldingCase: Bool) -> [Element] {
      Collation.elements(of: text, numeric: numeric, widthInsensitive: width, foldingCase: foldingCase, tailoring: tailoring)
    }
    let leftElements = elements(of: left, foldingCase: fold)
    let rightElements = elements(of: right, foldingCase: fold)
    var order = compare(
      leftElements, rightElements, accents: !options.contains(.diacriticInsensitive), case: !options.contains(.caseInsensitive))
    if order != 0, let tailoring, options.contains(.diacriticInsensitive),
      tailoring.sameWithoutAccents(left, right, options: options)
    {
      order = 0  // CoreFoundation's accent folding comes first (Collation+Tailoring.swift)
    }
    if order != 0 { return order }
    // What differs only by ignorable characters (controls) is the same, unless one string is the
    // other with more at its end: then the longer comes after, as CoreFoundation answers.
    if left.utf16.count != right.utf16.count {
      let (shorter, longer) = left.utf16.count < right.utf16.count ? (left, right) : (right, left)
      if longer.utf16.starts(with: shorter.utf16),
        Collation.elements(of: String(decoding: longer.utf16.dropFirst(shorter.utf16.count), as: UTF16.self), numeric: false).isEmpty
      {
        return shorter == left ? -1 : 1
      }
    }
    guard options.contains(.forcedOrdering) else { return 0 }
    // A tie forced ordering must break: all three levels, then the shorter run of digits of the
    // same value ("x1" before "x01"), then the UTF-16 units.
    let full = fold
      ? compare(elements(of: left, foldingCase: false), elements(of: right, foldingCase: false), accents: true, case: true)
      : compare(leftElements, rightElements, accents: true, case: true)
    if full != 0 { return full }
    let runs = sequenceOrder(digitRunLengths(left), digitRunLengths(right))
    if runs != 0 { return runs }
    return left.utf16.elementsEqual(right.utf16) ? 0 : (left.utf16.lexicographicallyPrecedes(right.utf16) ? -1 : 1)
  }

  /// The length of each run of digits in `text`, in order.
  private static func digitRunLengths(_ text: String) -> [Int] {
    var lengths: [Int] = []
    var current = 0
    for scalar in text.unicodeScalars {
      if decimalDigit(scalar) != nil {
        current += 1
      } else if current > 0 {
        lengths.append(current)
        current = 0
      }
    }
    if current > 0 { lengths.append(current) }
    return lengths
  }

  /// Compares level by level: every primary first, then every secondary (unless `accents` is
  /// false), then every tertiary (unless `case` is false).
  static func compare(_ left: [Element], _ right: [Element], accents: Bool, case: Bool) -> Int {
    let primary = sequenceOrder(left.lazy.map(\.primary).filter { $0 != 0 }, right.lazy.map(\.primary).filter { $0 != 0 })
    if primary != 0 { return primary }
    if accents {
      let secondary = sequenceOrder(left.lazy.map(\.secondary), right.lazy.map(\.secondary))
      if secondary != 0 { return secondary }
    }
    guard `case` else { return 0 }
    let letters = { (element: Element) in element.primary != 0 }  // an accent has no case
    return sequenceOrder(left.lazy.filter(letters).map(\.tertiary), right.lazy.filter(letters).map(\.tertiary))
  }

  private static func sequenceOrder<S: Sequence>(_ left: S, _ right: S) -> Int where S.Element: Comparable {
    var rightIterator = right.makeIterator()
    for weight in left {
      guard let other = rightIterator.next() else { return 1 }
      if weight != other { return weight < other ? -1 : 1 }
    }
    return rightIterator.next() == nil ? 0 : -1
  }

  /// The collation elements of `text`, in the root collation or a locale's `tailoring` (whose
  /// letters are matched on the composed scalars, so that `a` + U+030A is a Swedish `å`).
  static func elements(
    of text: String, numeric: Bool, widthInsensitive: Bool = false, foldingCase: Bool = false, tailoring: Tailoring? = nil
  ) -> [Element] {
    let scalars =
      tailoring == nil
      ? Array(text.unicodeScalars) : UnicodeNormalization.normalized(text, compatibility: false, compose: true).unicodeScalars.map { $0 }
    var result: [Element] = []
    result.reserveCapacity(scalars.count)
    var index = 0
    while index < scalars.count {
      if let tailoring, let (found, length) = tailoring.match(scalars, at: index) {
        result += found
        index += length
        continue
      }
      if numeric, let first = decimalDigit(scalars[index]) {
        var digits = [first]
        var variant = !scalars[index].isASCII
        index += 1
        while index < scalars.count, let digit = decimalDigit(scalars[index]) {
          digits.append(digit)
          variant = variant || !scalars[index].isASCII
          index += 1
        }
        let significant = digits.drop { $0 == 0 }  // leading zeros do not count
        let tertiary = variant ? Tertiary.variant : Tertiary.lower
        result.append(Element(primary: Primary.digitRun + UInt32(min(significant.count, 0xFF)), tertiary: tertiary))
        result += significant.map { Element(primary: Primary.digitInRun + UInt32($0), tertiary: tertiary) }
        continue
      }
      let scalar = scalars[index]
      if widthInsensitive, (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
        result += elements(of: ascii)  // a full-width form
      } else if foldingCase, scalar == "ß" {
        result += elements(of: "s") + elements(of: "s")
      } else if foldingCase, scalar == "ſ" {
        result += elements(of: "s")  // long s folds to s
      } else {
        result += elements(of: scalar)
      }
      index += 1
    }
    guard let tailoring, tailoring.upperFirst else { return result }
    return result.map { Element(primary: $0.primary, secondary: $0.secondary, tertiary: tailoring.tertiary($0.tertiary)) }
  }

  /// The value of a decimal digit of any script.
  private static func decimalDigit(_ scalar: Unicode.Scalar) -> Int? {
    guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
    return Int(value)
  }

  /// The collation elements of one scalar.
  static func elements(of scalar: Unicode.Scalar) -> [Element] {
    if scalar.value < 0x100 { return latin1[Int(scalar.value)] }
    if scalar.value < 0x180 { return latinExtendedA[Int(scalar.value) - 0x100] }
    if (0x300...0x36F).contains(scalar.value) {
      return [Element(primary: 0, secondary: Secondary.accent(scalar.value))]
    }
    let properties = scalar.properties
    if (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
      return elements(of: ascii).map { Element(primary: $0.primary, secondary: $0.secondary, tertiary: Tertiary.variant) }
    }
    if let digit = decimalDigit(scalar) {
      return [Element(primary: Primary.digit + UInt32(digit), tertiary: Tertiary.variant)]
    }
    switch properties.generalCategory {
    case .control, .format, .nonspacingMark, .enclosingMark, .spacingMark:
      return properties.generalCategory == .spacingMark || properties.generalCategory == .nonspacingMark
        ? [Element(primary: 0, secondary: Secondary.accent(scalar.value))] : []
    case .spaceSeparator, .lineSeparator, .paragraphSeparator:
      return [Element(primary: latin1[0x20][0].primary, tertiary: Tertiary.variant)]
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
      .finalPunctuation, .otherPunctuation:
      return [Element(primary: Primary.otherPunctuation + scalar.value)]
    case .currencySymbol:
      return [Element(primary: Primary.otherCurrency + scalar.value)]
    case .mathSymbol, .modifierSymbol, .otherSymbol:
      return [Element(primary: Primary.otherSymbol + scalar.value)]
    default:
      break
    }
    if properties.isAlphabetic {
      let lower = properties.lowercaseMapping.unicodeScalars.first ?? scalar
      return [Element(primary: Primary.otherLetter + lower.value, tertiary: properties.isUppercase ? Tertiary.upper : Tertiary.lower)]
    }
    return [Element(primary: Primary.other + scalar.value)]
  }
}
