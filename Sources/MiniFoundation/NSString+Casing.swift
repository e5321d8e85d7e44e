// NSString+Casing.swift: the case mappings of `lowercaseString` and `capitalizedString` that Swift's
// `lowercased()` and `uppercased()` do not make: Greek final sigma and titlecase.
//
// Docs: docs/foundation.md#the-classes. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound13TextTests.swift.
//
// Stateless. Swift's `lowercased()` maps each scalar alone, so `ΣΟΦΟΣ` gives `σοφοσ`; Unicode's
// Final_Sigma condition (SpecialCasing.txt), which Apple's lowercaseString applies, makes a
// capital sigma `ς` when a cased letter comes before it and none after it (case-ignorable
// scalars such as accents and apostrophes skipped): `σοφος`. `capitalizedString` gives each word's
// first character its titlecase mapping, not its uppercase one (`ǆ` is `ǅ`, `ﬁ` is `Fi`, `ß` is
// `Ss`), and the rest of the word its lowercase one; a word starts where CFStringCapitalize
// starts one (after a scalar that is neither a cased letter nor case-ignorable), checked against
// swift-corelibs-foundation, whose capitalizedString is that CoreFoundation function.

enum NSStringCasing {
  /// `text` lowercased scalar by scalar, a capital sigma at the end of a word becoming `ς`.
  static func lowercased(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = ""
    for index in scalars.indices { result += lowercase(scalars, at: index) }
    return result
  }

  /// `text` with each scalar that follows no cased letter titlecased and every other one
  /// lowercased, as CoreFoundation's `CFStringCapitalize` decides: a cased letter (Lu, Ll, Lt)
  /// makes what follows lowercase; a case-ignorable scalar (an accent or other mark, a format
  /// character, a modifier, an apostrophe `'` or `’`) changes nothing; anything else (a space,
  /// a digit, `-`, `.`, an uncased letter) starts a word. So `o'neil` gives `O'neil`, `1st` gives
  /// `1St` and `hello-world` gives `Hello-World`.
  static func capitalized(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = ""
    var afterCased = false
    for index in scalars.indices {
      let scalar = scalars[index]
      result += afterCased ? lowercase(scalars, at: index) : scalar.properties.titlecaseMapping
      if isCased(scalar) {
        afterCased = true
      } else if !isCaseIgnorable(scalar) {
        afterCased = false
      }
    }
    return result
  }

  /// Whether `scalar` is a letter with case, as CoreFoundation counts one: Lu, Ll or Lt (not a
  /// circled letter or a Roman numeral, which are So and Nl).
  private static func isCased(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter: return true
    default: return false
    }
  }

  /// Whether `scalar` leaves the word it is in open: Mn, Me, Cf, Lm, Sk, `'` and `’` (the older
  /// Unicode set CoreFoundation's table holds; `.`, `:` and `·` are not in it).
  private static func isCaseIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "'" || scalar == "\u{2019}" { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .modifierLetter, .modifierSymbol: return true
    default: return false
    }
  }

  /// The lowercase mapping of `scalars[index]`, under the Final_Sigma condition for U+03A3.
  private static func lowercase(_ scalars: [Unicode.Scalar], at index: Int) -> String {
    let scalar = scalars[index]
    guard scalar == "\u{3A3}" else { return scalar.properties.lowercaseMapping }
    let before = scalars[..<index].reversed().first { !$0.properties.isCaseIgnorable }
    let after = scalars[(index + 1)...].first { !$0.properties.isCaseIgnorable }
    let isFinal = (before?.properties.isCased ?? false) && !(after?.properties.isCased ?? false)
    return isFinal ? "\u{3C2}" : "\u{3C3}"
  }
}
