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
// `Ss`), and the rest of the word its lowercase one.

enum NSStringCasing {
  /// `text` lowercased scalar by scalar, a capital sigma at the end of a word becoming `ς`.
  static func lowercased(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = ""
    for index in scalars.indices { result += lowercase(scalars, at: index) }
    return result
  }

  /// `text` with the first character of each word (after any character that is no letter or
  /// digit) titlecased and every other character lowercased.
  static func capitalized(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = ""
    var startsWord = true
    var index = 0
    for character in text {
      for (offset, scalar) in character.unicodeScalars.enumerated() {
        result += startsWord && offset == 0 ? scalar.properties.titlecaseMapping : lowercase(scalars, at: index + offset)
      }
      index += character.unicodeScalars.count
      startsWord = !(character.isLetter || character.isNumber)
    }
    return result
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
