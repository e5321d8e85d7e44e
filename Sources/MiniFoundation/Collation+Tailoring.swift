// Collation+Tailoring.swift: the locales whose collation differs from the root's, as CLDR
// tailors it, layered over the root collation (Collation.swift).
//
// Docs: docs/foundation.md#localized-comparisons. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound25CollationTests.swift.
//
// A tailoring gives some letters (and the contraction `aa`) elements of their own, matched on the
// string's canonically composed scalars so that `a` + U+030A is `å`. From CLDR's rules:
// - sv, and fi (CLDR's standard Finnish order of these letters; v and w apart, as in the root):
//   `å < ä < ö` after `z`; `æ` (and `ę`) a second-level variant of `ä`, `ø`, `ő`, `œ` of `ö`,
//   `ü`, `ű` of `y`;
// - da, nb, nn, no: `æ < ø < å` after `z`; `ä` (and `ę`) a variant of `æ`, `ö`, `ő`, `œ` of `ø`,
//   `ü`, `ű` of `y`; `aa` is `å` at the third level (`å` < `Å` < `aa` < `Aa` < `AA`); Danish sorts
//   capitals first (`[caseFirst upper]`);
// - es: `ñ` a letter after `n`;
// - de with the keyword `collation=phonebook` (or `-u-co-phonebk`): `ä`, `ö`, `ü` are `ae`, `oe`,
//   `ue` with a second-level mark after them. Plain `de` is the root, as in CLDR.
// Every other locale is the root: CLDR's answer for en, fr, it, nl, pt; a known gap for the
// locales CLDR tailors and we do not (is, et, pl, cs, sk, hr, tr, hu, lt, lv, …). The rules for `đ`, `ð` (already `d` with a mark in the root) and
// `þ` (`th` at the third level in the Nordic rules; a letter after `z` here) are not tailored.
// Stateless; the tables are immutable statics.

extension Collation {
  /// What a locale changes in the root collation.
  struct Tailoring: Sendable {
    /// The elements of each tailored letter or contraction, keyed by its composed scalars.
    let entries: [[Unicode.Scalar]: [Element]]
    /// Capitals before lowercase at the third level.
    let upperFirst: Bool

    /// The elements of the tailored letter at `index` of `scalars`, and how many scalars it
    /// takes, the longest match first.
    func match(_ scalars: [Unicode.Scalar], at index: Int) -> (elements: [Element], length: Int)? {
      for length in stride(from: min(2, scalars.count - index), through: 1, by: -1) {
        if let found = entries[Array(scalars[index..<index + length])] { return (found, length) }
      }
      return nil
    }

    /// The third-level weight `tertiary` under this tailoring: capitals and lowercase swapped when
    /// capitals come first (and `aa` < `Aa` < `AA` reversed with them).
    func tertiary(_ tertiary: UInt8) -> UInt8 {
      guard upperFirst else { return tertiary }
      switch tertiary {
      case Tertiary.lower: return Tertiary.upper
      case Tertiary.upper: return Tertiary.lower
      case Tertiary.contractionLower: return Tertiary.contractionUpper
      case Tertiary.contractionUpper: return Tertiary.contractionLower
      default: return tertiary
      }
    }

    /// The tailoring of the locale `identifier` (`sv_SE`, `de@collation=phonebook`), nil for a
    /// locale that collates as the root.
    static func forLocale(_ identifier: String) -> Tailoring? {
      let lowered = identifier.lowercased()
      switch NSLocaleMethods.languageCode(of: identifier) {
      case "sv", "fi": return swedish
      case "da": return danish
      case "nb", "nn", "no": return norwegian
      case "es": return spanish
      case "de" where lowered.contains("collation=phonebook") || lowered.contains("-co-phonebk"): return germanPhoneBook
      default: return nil
      }
    }

    // MARK: The tables

    /// A letter and its variants at the second level, each with its capital: the rows of one
    /// tailored letter, in order (`ä <<< Ä << æ <<< Æ`).
    private typealias Row = [(lower: String, upper: String)]

    /// Entries giving each row's letters the primary `primary`, the first letter the common
    /// second-level weight and each variant the next one after it.
    private static func letters(_ row: Row, primary: UInt32, from first: Int = 0) -> [[Unicode.Scalar]: [Element]] {
      var entries: [[Unicode.Scalar]: [Element]] = [:]
      for (rank, letter) in row.enumerated() {
        let secondary = rank + first == 0 ? Secondary.common : Secondary.tailored + UInt16(rank + first)
        entries[Array(letter.lower.unicodeScalars)] = [Element(primary: primary, secondary: secondary)]
        entries[Array(letter.upper.unicodeScalars)] = [Element(primary: primary, secondary: secondary, tertiary: Tertiary.upper)]
      }
      return entries
    }

    /// The primary of the `rank`th letter tailored after `z` (after `þ`, the root's last).
    private static func afterZ(_ rank: UInt32) -> UInt32 { Primary.latin("z", after: 9 + rank) }

    /// `ü` and `ű` after `y`'s accents: the Nordic rule.
    private static let yVariants = letters([("ü", "Ü"), ("ű", "Ű")], primary: Primary.latin("y"), from: 1)

    private static let swedish = Tailoring(
      entries: letters([("å", "Å")], primary: afterZ(0))
        .merging(letters([("ä", "Ä"), ("æ", "Æ"), ("ę", "Ę")], primary: afterZ(1))) { $1 }
        .merging(letters([("ö", "Ö"), ("ø", "Ø"), ("ő", "Ő"), ("œ", "Œ")], primary: afterZ(2))) { $1 }
        .merging(yVariants) { $1 },
      upperFirst: false)

    /// Danish and Norwegian letters after `z`, `aa` with `å`.
    private static let nordic: [[Unicode.Scalar]: [Element]] = {
      var entries = letters([("æ", "Æ"), ("ä", "Ä"), ("ę", "Ę")], primary: afterZ(0))
        .merging(letters([("ø", "Ø"), ("ö", "Ö"), ("ő", "Ő"), ("œ", "Œ")], primary: afterZ(1))) { $1 }
        .merging(letters([("å", "Å")], primary: afterZ(2))) { $1 }
        .merging(yVariants) { $1 }
      let ring = afterZ(2)
      entries[Array("aa".unicodeScalars)] = [Element(primary: ring, tertiary: Tertiary.contractionLower)]
      entries[Array("Aa".unicodeScalars)] = [Element(primary: ring, tertiary: Tertiary.contractionMixed)]
      entries[Array("AA".unicodeScalars)] = [Element(primary: ring, tertiary: Tertiary.contractionUpper)]
      return entries
    }()

    private static let danish = Tailoring(entries: nordic, upperFirst: true)
    private static let norwegian = Tailoring(entries: nordic, upperFirst: false)

    private static let spanish = Tailoring(entries: letters([("ñ", "Ñ")], primary: Primary.latin("n", after: 4)), upperFirst: false)  // before ŋ

    private static let germanPhoneBook: Tailoring = {
      var entries: [[Unicode.Scalar]: [Element]] = [:]
      let mark = Element(primary: 0, secondary: Secondary.phoneBook)
      for (lower, upper, base) in [("ä", "Ä", Character("a")), ("ö", "Ö", "o"), ("ü", "Ü", "u")] {
        let letter = Primary.latin(base)
        let e = Primary.latin("e")
        entries[Array(lower.unicodeScalars)] = [Element(primary: letter), Element(primary: e), mark]
        entries[Array(upper.unicodeScalars)] = [
          Element(primary: letter, tertiary: Tertiary.upper), Element(primary: e, tertiary: Tertiary.upper), mark,
        ]
      }
      return Tailoring(entries: entries, upperFirst: false)
    }()
  }
}

extension Collation.Secondary {
  /// The second-level weights of a tailoring's variants (`æ` after `ä` in Swedish), after every
  /// accent of the root.
  static let tailored: UInt16 = 0x200
  /// The mark of the phone book's `ä` after `ae` (and every accent between the letters).
  static let phoneBook: UInt16 = 0x120
}

extension Collation.Tertiary {
  /// The three forms of the contraction `aa`, after `Å`: `aa`, `Aa`, `AA`.
  static let contractionLower: UInt8 = 9
  static let contractionMixed: UInt8 = 10
  static let contractionUpper: UInt8 = 11
}
