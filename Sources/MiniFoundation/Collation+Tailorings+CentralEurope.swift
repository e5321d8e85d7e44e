// Collation+Tailorings+CentralEurope.swift: the collation tailorings of Polish, Czech, Slovak,
// Slovenian, Croatian (and Bosnian, Serbian in Latin letters), Hungarian and Romanian, over the
// root collation (Collation+Tailoring.swift says how a tailoring is matched).
//
// Docs: docs/foundation.md#locales-and-their-tailorings. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound29CollationTests.swift.
//
// The rules are CLDR's (collation/pl.xml, cs.xml, sk.xml, sl.xml, hr.xml, hu.xml, ro.xml),
// written from memory:
// each tailored letter is a letter of its own (a primary) right after its base letter and its
// accented forms, so `NSDiacriticInsensitiveSearch` still tells Polish `ł` from `l`. Stateless;
// the tables are immutable statics.

private typealias Primary = Collation.Primary
private typealias Tertiary = Collation.Tertiary
private typealias Element = Collation.Element

extension Collation.Tailoring {
  /// Polish: `ą ć ę ł ń ó ś` each after its base letter, `ź < ż` after `z`.
  static let polish = Collation.Tailoring(
    entries: table(
      after("a", [("ą", "Ą")]), after("c", [("ć", "Ć")]), after("e", [("ę", "Ę")]),
      after("l", [("ł", "Ł")]), after("n", [("ń", "Ń")]), after("o", [("ó", "Ó")]),
      after("s", [("ś", "Ś")]), after("z", [("ź", "Ź"), ("ż", "Ż")])))

  /// The contraction `ch` after `h`, in its case forms: lowercase, mixed (`cH` and `Ch` alike,
  /// as CoreFoundation's case level compares them), capitals.
  private static let ch = contraction(
    [("ch", Tertiary.lower), ("cH", Tertiary.mixed), ("Ch", Tertiary.mixed), ("CH", Tertiary.upper)],
    primary: Primary.latin("h", after: 4))

  /// Czech: `č` after `c`, `ch` after `h`, `ř` after `r`, `š` after `s`, `ž` after `z`.
  static let czech = Collation.Tailoring(
    entries: table(
      after("c", [("č", "Č")]), ch, after("r", [("ř", "Ř")]), after("s", [("š", "Š")]),
      after("z", [("ž", "Ž")])))

  /// Slovak: Czech's letters and `ä` after `a`, `ô` after `o`.
  static let slovak = Collation.Tailoring(
    entries: table(czech.entries, after("a", [("ä", "Ä")]), after("o", [("ô", "Ô")])))

  /// Slovenian: `č` after `c`, `š` after `s`, `ž` after `z`.
  static let slovenian = Collation.Tailoring(
    entries: table(after("c", [("č", "Č")]), after("s", [("š", "Š")]), after("z", [("ž", "Ž")])))

  /// Romanian: `ă < â` after `a`, `î` after `i`, `ș` after `s` and `ț` after `t`, each the same
  /// letter with a cedilla (`ş`, `ţ`) as with a comma below (CLDR's `&S<ş=ș`).
  static let romanian = Collation.Tailoring(
    entries: table(
      after("a", [("ă", "Ă"), ("â", "Â")]), after("i", [("î", "Î")]),
      after("s", [("ş", "Ş")]), after("s", [("ș", "Ș")]),
      after("t", [("ţ", "Ţ")]), after("t", [("ț", "Ț")])))

  /// Croatian: `č < ć` after `c`, `dž < đ` after `d`, `lj` after `l`, `nj` after `n`, `š` after
  /// `s`, `ž` after `z`; the one-scalar digraphs `ǆ ǅ Ǆ`, `ǉ ǈ Ǉ`, `ǌ ǋ Ǌ` are the two letters
  /// (CLDR's `dž <<< ǆ <<< Dž <<< ǅ <<< DŽ <<< Ǆ`, whose third-level differences other than case
  /// CoreFoundation does not compare).
  static let croatian: Collation.Tailoring = {
    func digraph(_ forms: [String], _ ligatures: [String], primary: UInt32) -> Entries {
      contraction(
        [
          (forms[0], Tertiary.lower), (ligatures[0], Tertiary.lower),
          (forms[1], Tertiary.mixed), (ligatures[1], Tertiary.mixed),
          (forms[2], Tertiary.upper), (ligatures[2], Tertiary.upper),
        ], primary: primary)
    }
    return Collation.Tailoring(
      entries: table(
        after("c", [("č", "Č"), ("ć", "Ć")]),
        digraph(["dž", "Dž", "DŽ"], ["ǆ", "ǅ", "Ǆ"], primary: Primary.latin("d", after: 4)),
        after("d", [("đ", "Đ")], first: 5),
        digraph(["lj", "Lj", "LJ"], ["ǉ", "ǈ", "Ǉ"], primary: Primary.latin("l", after: 4)),
        digraph(["nj", "Nj", "NJ"], ["ǌ", "ǋ", "Ǌ"], primary: Primary.latin("n", after: 4)),
        after("s", [("š", "Š")]), after("z", [("ž", "Ž")])))
  }()

  /// Hungarian: the letters written with two or three (`cs dz dzs gy ly ny sz ty zs`) each after
  /// its first letter (`dzs` after `dz`), in three case forms (`cs`, `Cs`, `CS`); a doubled one
  /// (`ccs`, `ddzs`, `ssz`, `zzs` …) is the letter twice (CLDR's `&cs<<<ccs/cs`, whose
  /// third-level difference CoreFoundation does not compare: `ccs` is `cscs`); `ö` (with `ő` its
  /// second-level variant) after `o`, `ü` (with `ű`) after `u`.
  static let hungarian: Collation.Tailoring = {
    var entries = table(
      letters([("ö", "Ö"), ("ő", "Ő")], primary: Primary.latin("o", after: 4)),
      letters([("ü", "Ü"), ("ű", "Ű")], primary: Primary.latin("u", after: 4)))
    // Each letter and its place after its first letter (`dzs` after `dz`).
    let multiple: [(String, UInt32)] = [
      ("cs", 4), ("dz", 4), ("dzs", 5), ("gy", 4), ("ly", 4), ("ny", 4), ("sz", 4), ("ty", 4),
      ("zs", 4),
    ]
    for (letter, rank) in multiple {
      let primary = Primary.latin(letter.first ?? "a", after: rank)
      let title = letter.prefix(1).uppercased() + letter.dropFirst()
      let upper = letter.uppercased()
      let forms = [(letter, Tertiary.lower), (title, Tertiary.mixed), (upper, Tertiary.upper)]
      entries.merge(contraction(forms, primary: primary)) { $1 }
      // The doubled letter: its first letter twice, then the rest (`ccs`, `Ccs`, `CCS`).
      for (written, leading, trailing) in [
        (letter.prefix(1) + letter, Tertiary.lower, Tertiary.lower),
        (title.prefix(1) + letter, Tertiary.mixed, Tertiary.lower),
        (upper.prefix(1) + upper, Tertiary.upper, Tertiary.upper),
      ] {
        entries[Array(written.unicodeScalars)] = [
          Element(primary: primary, tertiary: leading),
          Element(primary: primary, tertiary: trailing),
        ]
      }
    }
    return Collation.Tailoring(entries: entries)
  }()
}

extension Collation.Tertiary {
  /// The case of a contraction with a capital and a lowercase letter (Czech `Ch` and `cH`,
  /// Croatian `Dž` and `ǅ`), between lowercase (0) and capitals (8), as ICU's case level has it.
  static let mixed: UInt8 = 4
}
