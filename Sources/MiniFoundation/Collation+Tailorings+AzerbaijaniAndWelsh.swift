// Collation+Tailorings+AzerbaijaniAndWelsh.swift: the collation tailorings of Azerbaijani and
// Welsh, over the root collation (Collation+Tailoring.swift says how a tailoring is matched).
//
// Docs: docs/foundation.md#locales-and-their-tailorings. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound30CollationTests.swift.
//
// The rules are CLDR's (collation/az.xml, cy.xml), written from memory, and every order the tests
// expect is the one swift-corelibs-foundation's CoreFoundation (with its ICU and CLDR data) gave
// on this machine. Each tailored letter or digraph is a letter of its own (a primary) after its
// base letter and its accents. Stateless; the tables are immutable statics.

private typealias Primary = Collation.Primary
private typealias Tertiary = Collation.Tertiary

extension Collation.Tailoring {
  /// Azerbaijani: Turkish's letters (`ç ğ ı ö ş ü`, `I` the capital of `ı`, `İ` of `i`), and
  /// `ə` after `e`, `x` after `h`, `q` after `k`, `w` after `z` (its alphabet has no `w`).
  static let azerbaijani = Collation.Tailoring(
    entries: table(
      turkish.entries, after("e", [("ə", "Ə")]), after("h", [("x", "X")]), after("k", [("q", "Q")]),
      after("z", [("w", "W")], first: 9)))  // after þ, the root's last letter (z + 8)

  /// A Welsh digraph after `base`: lowercase, capitalized and capitals (`ch`, `Ch`, `CH`); `cH`
  /// is two letters, as ICU reads it here.
  private static func digraph(_ lower: String, after base: Character) -> Entries {
    let capitalized = lower.prefix(1).uppercased() + lower.dropFirst()
    return contraction(
      [(lower, Tertiary.lower), (capitalized, Tertiary.mixed), (lower.uppercased(), Tertiary.upper)],
      primary: Primary.latin(base, after: 4))
  }

  /// Welsh: the digraphs `ch` after `c`, `dd` after `d`, `ff` after `f`, `ng` after `g`, `ll`
  /// after `l`, `ph` after `p`, `rh` after `r`, `th` after `t`.
  static let welsh = Collation.Tailoring(
    entries: table(
      digraph("ch", after: "c"), digraph("dd", after: "d"), digraph("ff", after: "f"), digraph("ng", after: "g"),
      digraph("ll", after: "l"), digraph("ph", after: "p"), digraph("rh", after: "r"), digraph("th", after: "t")))
}
