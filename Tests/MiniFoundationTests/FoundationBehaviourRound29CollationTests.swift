// FoundationBehaviourRound29CollationTests.swift: the CLDR tailorings of Icelandic, Estonian,
// Polish, Czech, Slovak, Slovenian, Croatian, Romanian, Turkish, Hungarian, Lithuanian and
// Latvian, through `compare:options:range:locale:` with an NSLocale, with and without
// NSCaseInsensitiveSearch and NSDiacriticInsensitiveSearch; and the decimal separator of those
// locales and others CLDR writes with a comma. Every expected answer of a comparison is the one
// swift-corelibs-foundation's CoreFoundation (`CFStringCompareWithOptionsAndLocale` with its ICU
// and CLDR data) gave on this machine.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound29CollationTests {
  /// `[left compare:right options:options range:(whole) locale:[NSLocale localeWithLocaleIdentifier:identifier]]`.
  private func order(_ left: String, _ right: String, _ identifier: String, options: UInt64 = 0) throws -> Int? {
    let runtime = Runtime()
    let locale = try send(try foundationClass("NSLocale", in: runtime), "localeWithLocaleIdentifier:", .string(identifier))
    return try runtime.msgSend(
      bridging: .string(left), "compare:options:range:locale:", .string(right), .uint64(options),
      .range(0..<left.utf16.count), locale
    ).intValue
  }

  /// `words` sorted with `compare:options:range:locale:` in the locale `identifier`.
  private func sorted(_ words: [String], _ identifier: String) throws -> [String] {
    try words.sorted { try order($0, $1, identifier) == -1 }
  }

  private let caseInsensitive: UInt64 = 1  // NSCaseInsensitiveSearch
  private let diacriticInsensitive: UInt64 = 128  // NSDiacriticInsensitiveSearch

  @Test func polishPutsEachAccentedLetterAfterItsBaseLetter() throws {
    let words = ["ż", "z", "ź", "ł", "l", "lz", "ą", "az", "b", "ś", "sz", "t"]
    for identifier in ["pl", "pl_PL", "pl-PL"] {
      #expect(
        try sorted(words, identifier) == ["az", "ą", "b", "l", "lz", "ł", "sz", "ś", "t", "z", "ź", "ż"], "\(identifier)")
    }
    // A tailored letter is a letter of its own: dropping accents does not make it its base.
    #expect(try order("ła", "lb", "pl", options: diacriticInsensitive) == 1)
    #expect(try order("ąa", "az", "pl", options: diacriticInsensitive) == 1)
    // … but CoreFoundation folds accents away first: strings the same without them are the same.
    #expect(try order("ą", "a", "pl", options: diacriticInsensitive) == 0)
    #expect(try order("ła", "lb", "en", options: diacriticInsensitive) == -1, "the root: ł is l with a stroke")
    #expect(try order("Łódź", "łódź", "pl", options: caseInsensitive) == 0)
    #expect(try order("Łódź", "łódź", "pl") == 1)
  }

  @Test func czechPutsCaronLettersAfterTheirBaseAndChAfterH() throws {
    let words = ["i", "ch", "h", "hz", "c", "č", "cz", "d", "ř", "rz", "s"]
    #expect(try sorted(words, "cs_CZ") == ["c", "cz", "č", "d", "h", "hz", "ch", "i", "rz", "ř", "s"])
    #expect(try order("chata", "hrad", "cs") == 1)
    #expect(try order("Chata", "chata", "cs") == 1, "lowercase, then mixed case, then capitals")
    #expect(try order("CHATA", "Chata", "cs") == 1)
    #expect(try order("cHATA", "Chata", "cs") == 1, "cH and Ch are both mixed; then ATA after ata")
    #expect(try order("cH", "Ch", "cs") == 0)
    #expect(try order("CHATA", "chata", "cs", options: caseInsensitive) == 0)
    #expect(try order("chata", "hrad", "en") == -1, "the root: c before h")
  }

  @Test func slovakAddsADiaeresisAndOCircumflexToCzechsLetters() throws {
    let words = ["p", "ô", "oz", "o", "i", "ch", "hz", "h", "b", "ä", "az", "a"]
    #expect(try sorted(words, "sk-SK") == ["a", "az", "ä", "b", "h", "hz", "ch", "i", "o", "oz", "ô", "p"])
    #expect(try order("ôa", "oz", "sk", options: diacriticInsensitive) == 1)
    #expect(try order("ô", "o", "sk", options: diacriticInsensitive) == 0)
    #expect(try order("ř", "rz", "sk") == 1)
  }

  @Test func slovenianPutsCaronLettersAfterTheirBase() throws {
    #expect(try sorted(["ž", "z", "š", "sz", "t", "č", "cz", "d"], "sl_SI") == ["cz", "č", "d", "sz", "š", "t", "z", "ž"])
    #expect(try order("ča", "cz", "sl", options: diacriticInsensitive) == 1)
    #expect(try order("č", "c", "sl", options: diacriticInsensitive) == 0)
  }

  @Test func romanianPutsBreveAndCircumflexLettersAndCommaBelowLettersAfterTheirBase() throws {
    #expect(try sorted(["â", "ă", "az", "b", "î", "iz", "j", "ș", "sz", "t"], "ro_RO") == ["az", "ă", "â", "b", "iz", "î", "j", "sz", "ș", "t"])
    #expect(try order("ș", "ş", "ro") == 0, "the comma below and the cedilla are one letter")
    #expect(try order("ț", "tz", "ro") == 1)
    #expect(try order("Ț", "ţ", "ro") == 1)
  }

  @Test func croatianHasCaronAndAcuteCAndTheDigraphsDzLjNj() throws {
    let words = ["o", "nz", "nj", "m", "lz", "lj", "e", "đ", "dž", "dz", "d", "ć", "č", "cz", "c"]
    let croatian = ["c", "cz", "č", "ć", "d", "dz", "dž", "đ", "e", "lz", "lj", "m", "nz", "nj", "o"]
    #expect(try sorted(words, "hr_HR") == croatian)
    #expect(try order("ǆ", "dž", "hr") == 0, "the one-scalar digraph is the two letters")
    #expect(try order("ǅ", "Dž", "hr") == 0)
    #expect(try order("ǆ", "Dž", "hr") == -1)
    #expect(try order("Ǆ", "Dž", "hr") == 1)
    #expect(try order("Ljubljana", "LJubljana", "hr") == -1)
    #expect(try order("Ǉubljana", "ljubljana", "hr", options: caseInsensitive) == 0)
    #expect(try order("Ljubljana", "Lz", "hr") == 1)
    // Bosnian and Serbian in Latin letters share the Croatian rules; Serbian in Cyrillic does not.
    #expect(try order("lj", "lz", "bs") == 1)
    #expect(try order("lj", "lz", "sr_Latn_RS") == 1)
    #expect(try order("lj", "lz", "sr-Latn") == 1)
    #expect(try order("lj", "lz", "sr") == -1)
  }

  @Test func turkishPutsDotlessIBeforeIWithItsOwnCapitals() throws {
    #expect(try sorted(["j", "İ", "ı", "I", "i", "h"], "tr") == ["h", "ı", "I", "i", "İ", "j"])
    #expect(try sorted(["j", "İ", "ı", "I", "i", "h"], "tr_TR") == ["h", "ı", "I", "i", "İ", "j"])
    // Case-insensitively I is ı's capital and İ is i's.
    #expect(try order("I", "ı", "tr", options: caseInsensitive) == 0)
    #expect(try order("İ", "i", "tr", options: caseInsensitive) == 0)
    #expect(try order("I", "i", "tr", options: caseInsensitive) == -1)
    #expect(try order("I", "i", "en", options: caseInsensitive) == 0)
    #expect(try order("ça", "cz", "tr") == 1)
    #expect(try order("ğ", "gz", "tr") == 1)
    #expect(try order("şu", "sz", "tr") == 1)
    #expect(try order("ı", "i", "tr", options: diacriticInsensitive) == -1, "ı has no accent to fold")
    #expect(try order("ü", "u", "tr", options: diacriticInsensitive) == 0)
    #expect(try order("Ì", "ı", "tr") == 1, "Ì is I, the capital of ı, with a grave")
    #expect(try order("Ì", "iz", "tr") == -1)
  }

  @Test func hungarianHasItsLettersWrittenWithTwoOrThreeAndTheirDoubledForms() throws {
    let words = ["e", "dzs", "dzz", "dz", "d", "cs", "cz", "c"]
    #expect(try sorted(words, "hu") == ["c", "cz", "cs", "d", "dz", "dzz", "dzs", "e"])
    #expect(try sorted(["ő", "ö", "oz", "o", "p"], "hu_HU") == ["o", "oz", "ö", "ő", "p"])
    #expect(try order("ő", "ö", "hu", options: diacriticInsensitive) == 0, "ő is ö's variant at the second level")
    // A doubled letter is the letter twice.
    #expect(try order("ccs", "cz", "hu") == 1)
    #expect(try order("ccs", "cscs", "hu") == 0)
    #expect(try order("Ccs", "Cscs", "hu") == 0)
    #expect(try order("ccs", "Cscs", "hu") == -1)
    #expect(try order("ssz", "szs", "hu") == 1)
    #expect(try order("ssz", "szt", "hu") == -1)
    #expect(try order("asszony", "aszszony", "hu", options: caseInsensitive) == 0)
    #expect(try order("asszony", "ast", "hu") == 1, "ssz is sz twice, after every s")
    #expect(try order("Gyula", "gyula", "hu") == 1)
    #expect(try order("Gyula", "gz", "hu") == 1)
    #expect(try order("GYula", "Gyula", "hu") == 1)
  }

  @Test func lithuanianSortsYAsIAtTheFirstLevel() throws {
    #expect(try sorted(["y", "j", "ib", "i", "ya"], "lt") == ["i", "y", "ya", "ib", "j"])
    #expect(try order("y", "i", "lt_LT", options: diacriticInsensitive) == 0)
    #expect(try order("ý", "j", "lt") == -1, "ý is the tailored y with an acute")
    #expect(try order("ča", "cz", "lt") == 1)
    #expect(try order("ýa", "ib", "lt") == -1)
    #expect(try order("ya", "iz", "lt", options: diacriticInsensitive) == -1)
    #expect(try order("ž", "z", "lt", options: diacriticInsensitive) == 0)
  }

  @Test func latvianPutsCedillaLettersAfterTheirBaseAndYBetweenIAndJ() throws {
    #expect(try sorted(["j", "y", "iz", "i"], "lv") == ["i", "iz", "y", "j"])
    #expect(try order("ģ", "gz", "lv_LV") == 1)
    #expect(try order("ķ", "kz", "lv") == 1)
    #expect(try order("ļ", "lz", "lv") == 1)
    #expect(try order("ņa", "nz", "lv") == 1)
    #expect(try order("ya", "iz", "lv", options: diacriticInsensitive) == 1)
    #expect(try order("č", "c", "lv", options: diacriticInsensitive) == 0)
  }

  @Test func estonianPutsZBetweenSAndTAndOTildeAfterW() throws {
    let words = ["y", "x", "ü", "ö", "ä", "õ", "w", "v", "u", "t", "ž", "z", "š", "s"]
    #expect(try sorted(words, "et") == ["s", "š", "z", "ž", "t", "u", "v", "w", "õ", "ä", "ö", "ü", "x", "y"])
    #expect(try order("ź", "t", "et_EE") == -1, "ź is the tailored z with an acute")
    #expect(try order("ż", "ž", "et") == -1)
    #expect(try order("ź", "ža", "et") == -1)
    #expect(try order("ža", "sz", "et", options: diacriticInsensitive) == 1)
    #expect(try order("õ", "o", "et", options: diacriticInsensitive) == 0)
  }

  @Test func icelandicPutsAcuteLettersAndEthAfterTheirBaseAndThornAeODiaeresisARingAfterZ() throws {
    let words = ["å", "ö", "æ", "þ", "z", "ý", "yz", "e", "ð", "dz", "d", "b", "á", "az", "a"]
    let icelandic = ["a", "az", "á", "b", "d", "dz", "ð", "e", "yz", "ý", "z", "þ", "æ", "ö", "å"]
    #expect(try sorted(words, "is_IS") == icelandic)
    #expect(try order("ä", "æ", "is") == 1, "ä is æ's variant at the second level")
    #expect(try order("ä", "ö", "is") == -1)
    #expect(try order("ø", "ö", "is") == 1)
    #expect(try order("ø", "å", "is") == -1)
    #expect(try order("ǽ", "æ", "is") == 1, "ǽ is the tailored æ with an acute")
    #expect(try order("ð", "d", "is", options: diacriticInsensitive) == 1, "ð has no accent to fold")
    #expect(try order("í", "ı", "is") == 1)
    #expect(try order("á", "a", "is", options: diacriticInsensitive) == 0)
  }

  @Test func moreLanguagesWriteTheDecimalComma() throws {
    let runtime = Runtime()
    let localeClass = try foundationClass("NSLocale", in: runtime)
    let decimalClass = try foundationClass("NSDecimalNumber", in: runtime)
    let comma = [
      "is", "et", "pl_PL", "cs", "sk", "hr", "tr_TR", "hu", "lt", "lv", "sl", "sr", "sr_Latn_RS", "ro", "bg", "uk_UA",
      "el", "ca", "gl", "eu", "id_ID", "vi", "be", "bs", "mk", "sq", "af", "az", "kk", "hy", "ka", "fo",
    ]
    for identifier in comma {
      let locale = try send(localeClass, "localeWithLocaleIdentifier:", .string(identifier))
      #expect(try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", locale) == "1,5", "\(identifier)")
      let read = try send(decimalClass, "decimalNumberWithString:locale:", "2,25", locale)
      #expect(try send(read.objectValue, "description") == "2.25", "\(identifier)")
    }
    for identifier in ["en_GB", "ja", "th", "he", "ms"] {
      let locale = try send(localeClass, "localeWithLocaleIdentifier:", .string(identifier))
      #expect(try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", locale) == "1.5", "\(identifier)")
    }
  }
}
