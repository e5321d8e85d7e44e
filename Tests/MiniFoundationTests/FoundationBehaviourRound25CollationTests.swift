// FoundationBehaviourRound25CollationTests.swift: the locale of `compare:options:range:locale:`
// chooses its collation, as Apple's does through ICU with CLDR's tailorings: Swedish `å ä ö`
// after `z`, Danish and Norwegian `æ ø å` after `z` (`aa` as `å`), Spanish `ñ` after `n`, German
// phone book order only with `@collation=phonebook`; NSLocale holds the identifier.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound25CollationTests {
  /// `[NSLocale localeWithLocaleIdentifier:identifier]`.
  private func locale(_ identifier: String, in runtime: Runtime) throws -> Value {
    try send(try foundationClass("NSLocale", in: runtime), "localeWithLocaleIdentifier:", .string(identifier))
  }

  /// `[left compare:right options:options range:(whole) locale:[NSLocale localeWithLocaleIdentifier:identifier]]`.
  private func order(_ left: String, _ right: String, _ identifier: String, options: UInt64 = 0) throws -> Int? {
    let runtime = Runtime()
    let whole = Value.range(0..<left.utf16.count)
    let locale = try locale(identifier, in: runtime)
    return try runtime.msgSend(
      bridging: .string(left), "compare:options:range:locale:", .string(right), .uint64(options), whole, locale
    ).intValue
  }

  /// `words` sorted with `compare:options:range:locale:` in the locale `identifier`.
  private func sorted(_ words: [String], _ identifier: String) throws -> [String] {
    try words.sorted { try order($0, $1, identifier) == -1 }
  }

  @Test func swedishPutsARingADiaeresisAndODiaeresisAfterZ() throws {
    #expect(try sorted(["ö", "z", "ä", "a", "å", "o", "y"], "sv") == ["a", "o", "y", "z", "å", "ä", "ö"])
    #expect(try sorted(["ö", "z", "ä", "a", "å", "o", "y"], "sv_SE") == ["a", "o", "y", "z", "å", "ä", "ö"])
    #expect(try order("ärlig", "zebra", "sv") == 1)
    #expect(try order("ärlig", "zebra", "en") == -1, "English has ä as a with an accent")
    #expect(try order("Å", "å", "sv") == 1, "case is still the last level, lowercase first")
    #expect(try order("a\u{30A}", "å", "sv") == 0, "a decomposed å is the same letter")
    // æ is a variant of ä and ø of ö, at the second level.
    #expect(try order("æ", "ä", "sv") == 1)
    #expect(try order("æ", "ö", "sv") == -1)
    #expect(try order("ø", "ö", "sv", options: 128) == 0, "NSDiacriticInsensitiveSearch drops the second level")
    #expect(try order("ø", "ö", "sv") == 1)
    // ü is a variant of y.
    #expect(try order("ü", "y", "sv") == 1)
    #expect(try order("ü", "z", "sv") == -1)
    #expect(try order("ü", "v", "sv") == 1)
  }

  @Test func danishAndNorwegianPutAeOSlashARingAfterZ() throws {
    for identifier in ["da", "nb", "nb_NO", "nn", "no"] {
      #expect(
        try sorted(["å", "ø", "æ", "z", "a", "o"], identifier) == ["a", "o", "z", "æ", "ø", "å"], "\(identifier)")
      #expect(try order("aa", "å", identifier) == 1, "aa is å at the third level, \(identifier)")
      #expect(try order("aa", "z", identifier) == 1, "\(identifier)")
      #expect(try order("ä", "æ", identifier) == 1, "\(identifier)")
      #expect(try order("ä", "ø", identifier) == -1, "\(identifier)")
      #expect(try order("ö", "ø", identifier) == 1, "\(identifier)")
    }
    // Danish sorts capitals first (CLDR's caseFirst upper), Norwegian as the root does.
    #expect(try order("A", "a", "da") == -1)
    #expect(try order("Ø", "ø", "da") == -1)
    #expect(try order("A", "a", "nb") == 1)
  }

  @Test func spanishPutsNTildeAfterN() throws {
    #expect(try sorted(["o", "ñ", "n", "nz"], "es") == ["n", "nz", "ñ", "o"])
    #expect(try sorted(["o", "ñ", "n", "nz"], "en") == ["n", "ñ", "nz", "o"])
    #expect(try order("Ñ", "ñ", "es_ES") == 1)
    #expect(try order("n\u{303}", "ñ", "es") == 0)
    #expect(try order("ña", "nz", "es", options: 128) == 1, "ñ is a letter of its own, not n with an accent")
    // CoreFoundation folds accents away before it asks ICU: the same without them is the same.
    #expect(try order("ñ", "n", "es", options: 128) == 0)
  }

  @Test func germanIsTheRootUnlessThePhoneBookIsAskedFor() throws {
    // Plain German: ä is a with an accent, before b.
    #expect(try order("ä", "af", "de") == -1)
    #expect(try order("Müller", "Mueller", "de") == 1)
    #expect(try order("Müller", "Mufti", "de") == 1)
    // The phone book: ä is ae, ö oe, ü ue, each after the two letters written out.
    #expect(try order("ä", "af", "de@collation=phonebook") == -1)
    #expect(try order("ä", "ad", "de@collation=phonebook") == 1)
    #expect(try order("Müller", "Mufti", "de_DE@collation=phonebook") == -1)
    #expect(try order("Müller", "Mueller", "de@collation=phonebook") == 1)
    #expect(try order("Müller", "Muellerin", "de@collation=phonebook") == -1)
    #expect(try order("Göbel", "Goethe", "de@collation=phonebook") == -1)
    // Only German has a phone book here.
    #expect(try order("ä", "ad", "en@collation=phonebook") == -1)
  }

  @Test func otherLocalesAndNonLocalesCollateAsTheRoot() throws {
    #expect(try sorted(["ö", "z", "ä", "a"], "fr") == ["a", "ä", "ö", "z"])
    #expect(try sorted(["ö", "z", "ä", "a"], "en_US") == ["a", "ä", "ö", "z"])
    // A locale argument that is no NSLocale stands for the current locale (NSString.h), en_US.
    let runtime = Runtime()
    let whole = Value.range(0..<1)
    #expect(try runtime.msgSend(bridging: "ä", "compare:options:range:locale:", "z", 0, whole, "sv") == .int64(-1))
    // localizedCompare: uses the current locale.
    #expect(try runtime.msgSend(bridging: "ä", "localizedCompare:", "z") == .int64(-1))
    let current = try send(try foundationClass("NSLocale", in: runtime), "currentLocale")
    #expect(try send(current.objectValue, "localeIdentifier") == "en_US")
    #expect(try runtime.msgSend(bridging: "ä", "compare:options:range:locale:", "z", 0, whole, current) == .int64(-1))
  }

  @Test func aLocaleKeepsItsIdentifierAndIsEqualToAnotherOfTheSameOne() throws {
    let runtime = Runtime()
    let swedish = try locale("sv_SE", in: runtime)
    #expect(try send(swedish.objectValue, "localeIdentifier") == "sv_SE")
    #expect(try send(swedish.objectValue, "isEqual:", try locale("sv_SE", in: runtime)) == true)
    #expect(try send(swedish.objectValue, "isEqual:", try locale("sv", in: runtime)) == false)
    let cls = try foundationClass("NSLocale", in: runtime)
    let made = try send(try send(cls, "alloc").objectValue, "initWithLocaleIdentifier:", "da")
    #expect(try send(made.objectValue, "localeIdentifier") == "da")
    #expect(try send(made.objectValue, "languageCode") == "da")
    #expect(try send(swedish.objectValue, "languageCode") == "sv")
    let system = try send(cls, "systemLocale")
    #expect(try send(system.objectValue, "localeIdentifier") == "")
  }
}
