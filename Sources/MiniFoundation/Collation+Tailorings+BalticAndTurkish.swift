// Collation+Tailorings+BalticAndTurkish.swift: the collation tailorings of Estonian, Lithuanian,
// Latvian and Turkish, over the root collation (Collation+Tailoring.swift says how a tailoring
// is matched).
//
// Docs: docs/foundation.md#locales-and-their-tailorings. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound29CollationTests.swift.
//
// The rules are CLDR's (collation/et.xml, lt.xml, lv.xml, tr.xml), written from memory. Each
// tailored letter is a letter of its own (a primary), except Lithuanian `y`, which is `i` with a
// second-level difference. Stateless; the tables are immutable statics.

private typealias Primary = Collation.Primary
private typealias Tertiary = Collation.Tertiary
private typealias Element = Collation.Element

extension Collation.Tailoring {
  /// Estonian: `š < z < ž` between `s` and `t` (`z` moves: `&[before 1]T<š<z<ž`), and
  /// `õ < ä < ö < ü` between `w` and `x`.
  static let estonian = Collation.Tailoring(
    entries: table(
      after("s", [("š", "Š"), ("z", "Z"), ("ž", "Ž")], first: 12),
      after("w", [("õ", "Õ"), ("ä", "Ä"), ("ö", "Ö"), ("ü", "Ü")], first: 12)))

  /// Lithuanian: `y` is `i` at the first level, after it at the second (`&I<<y<<<Y`); `č` after
  /// `c`, `š` after `s`, `ž` after `z`.
  static let lithuanian = Collation.Tailoring(
    entries: table(
      letters([("y", "Y")], primary: Primary.latin("i"), from: 1),
      after("c", [("č", "Č")]), after("s", [("š", "Š")]), after("z", [("ž", "Ž")])))

  /// Latvian: `č ģ ķ ļ ņ š ž` each after its base letter, and `y` a letter between `i` and `j`
  /// (`&I<y<<<Y`, as we remember CLDR's lv; not `i`'s variant as in Lithuanian).
  static let latvian = Collation.Tailoring(
    entries: table(
      after("c", [("č", "Č")]), after("g", [("ģ", "Ģ")]), after("i", [("y", "Y")]),
      after("k", [("ķ", "Ķ")]), after("l", [("ļ", "Ļ")]), after("n", [("ņ", "Ņ")]),
      after("s", [("š", "Š")]), after("z", [("ž", "Ž")])))

  /// Turkish: `ç` after `c`, `ğ` after `g`, dotless `ı` (whose capital is `I`) just before `i`
  /// (whose capital is `İ`), `ö` after `o`, `ş` after `s`, `ü` after `u` (`&[before 1]i<ı<<<I`,
  /// `&i<<<İ`).
  static let turkish = Collation.Tailoring(
    entries: table(
      after("c", [("ç", "Ç")]), after("g", [("ğ", "Ğ")]), after("h", [("ı", "I")], first: 15),
      [["İ"]: [Element(primary: Primary.latin("i"), tertiary: Tertiary.upper)]],
      after("o", [("ö", "Ö")]), after("s", [("ş", "Ş")]), after("u", [("ü", "Ü")])))
}
