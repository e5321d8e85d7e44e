// LocaleDictionary.swift: the locale argument of Foundation's number and format messages, as
// MiniFoundation reads it.
//
// Docs: docs/foundation.md#nsdecimalnumber, docs/foundation.md#formats. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound17DecimalTests.swift,
// Tests/MiniFoundationTests/FoundationBehaviourRound31LocaleTests.swift.
//
// Apple documents the locale of `+[NSDecimalNumber decimalNumberWithString:locale:]`,
// `NSDecimalString` and `-[NSString initWithFormat:locale:]` as an NSLocale or "a dictionary
// that defines the locale (specifically the NSDecimalSeparator)". nil is the point, a dictionary
// is its `NSDecimalSeparator` (the point when it names none), an NSLocale is the separator CLDR
// gives it: its language and region first (`regionSeparators`, checked against ICU here: `de_CH`, `es_MX`
// write the point, `en_ZA` the comma, `ar_EG` U+066B), else its language and script
// (`scriptSeparators`: `pa_Arab` U+066B), else its language (`commaLanguages` the comma,
// `arabicSeparatorLanguages` U+066B, both checked against this machine's ICU data; every other
// language, and the current `en_US`, the point), and any other object is refused rather than
// ignored. `-descriptionWithLocale:` of a
// number or a collection reads its locale the same way (Sorting.swift). Stateless.

enum LocaleDictionary {
  /// The key of the decimal separator in a locale dictionary.
  ///
  /// Objective-C: `NSDecimalSeparator`
  static let decimalSeparatorKey: Value = .string("NSDecimalSeparator")

  /// The languages whose CLDR decimal separator is a comma: every language-only locale for which
  /// swift-corelibs-foundation's ICU data on this machine answers a comma to
  /// `Locale(identifier:).decimalSeparator` (checked 2026-12-02, round 30: the list is exactly
  /// those). Every other language writes the point, except `arabicSeparatorLanguages`.
  static let commaLanguages: Set<String> = [
    "af", "agq", "ast", "az", "bas", "be", "bg", "blo", "br", "bs", "ca", "cs", "cv", "da", "de", "dsb",
    "dua", "dyo", "el", "eo", "es", "et", "eu", "ewo", "ff", "fi", "fo", "fr", "fur", "fy", "gl", "hr",
    "hsb", "hu", "hy", "ia", "id", "ie", "is", "it", "jgo", "jv", "ka", "kab", "kea", "kgp", "kk", "kkj",
    "kl", "ksf", "ksh", "ku", "ky", "lb", "lij", "lmo", "ln", "lo", "lt", "lu", "lv", "mgh", "mk", "mua",
    "nb", "nds", "nl", "nmg", "nn", "nnh", "no", "nr", "oc", "os", "pl", "prg", "pt", "rn", "ro", "ru",
    "rw", "sah", "sc", "se", "seh", "sg", "shi", "sk", "sl", "smn", "sq", "sr", "ss", "su", "sv", "szl",
    "tg", "tk", "tok", "tr", "ts", "tt", "tzm", "uk", "uz", "ve", "vec", "vi", "vmw", "wae", "wo", "yav",
    "yrl", "zgh",
  ]

  /// The languages whose CLDR decimal separator is the Arabic one, U+066B: every language-only
  /// locale for which ICU here answers it (checked 2026-12-02, round 31, with their regions).
  static let arabicSeparatorLanguages: Set<String> = ["fa", "ps", "ckb", "ks", "lrc", "mzn"]

  /// The Arabic decimal separator (ARABIC DECIMAL SEPARATOR).
  static let arabicSeparator = "\u{066B}"

  /// The locales (language and script) whose separator differs from their language's, each as
  /// ICU here answers (round 31): Punjabi and Uzbek in Arabic script write U+066B, Kashmiri in
  /// Devanagari the point.
  static let scriptSeparators: [String: String] = [
    "pa_Arab": arabicSeparator, "pa_Aran": arabicSeparator, "uz_Arab": arabicSeparator, "ks_Deva": ".",
  ]

  /// The locales (language and region) whose CLDR decimal separator differs from their
  /// language's, as far as it is known here (CLDR, from memory; each checked against this
  /// machine's ICU data in round 30, which added `es_CU`, `ms_BN` and `en_SI` and gives `en_150`
  /// its language's point).
  static let regionSeparators: [String: String] = {
    var table: [String: String] = [:]
    for locale in ["de_CH", "de_LI", "it_CH", "es_MX", "es_US", "es_419", "es_PR", "es_DO", "es_GT",
                   "es_HN", "es_NI", "es_PA", "es_PE", "es_SV", "es_CU"] { table[locale] = "." }
    for locale in ["en_ZA", "en_SI", "ms_BN", "en_DK", "en_DE", "en_SE", "en_FI", "en_NL", "en_AT", "en_BE"] {
      table[locale] = ","
    }
    // Arabic: `ar` (and ar_001, ar_AE, ar_EH) writes the point; these regions, as ICU here answers
    // for every `ar_` locale it has (round 31), the Arabic separator or the comma.
    for region in ["BH", "DJ", "EG", "ER", "IL", "IQ", "JO", "KM", "KW", "LB", "MR", "OM", "PS", "QA", "SA", "SD", "SO",
                   "SS", "SY", "TD", "YE"] { table["ar_" + region] = arabicSeparator }
    for region in ["DZ", "LY", "MA", "TN"] { table["ar_" + region] = "," }
    return table
  }()

  /// The separator of the locale `identifier`: its language and region's, else its language and
  /// script's, else its language's.
  static func separator(ofLocale identifier: String) -> String {
    let language = NSLocaleMethods.languageCode(of: identifier)
    let parts = identifier.prefix { $0 != "@" }.split { $0 == "_" || $0 == "-" }.dropFirst()
    // The region is the part of two letters or three digits (a script, `Hans`, is skipped).
    if let region = parts.first(where: { $0.count == 2 && $0.allSatisfy(\.isLetter) || $0.count == 3 && $0.allSatisfy(\.isNumber) }),
      let separator = regionSeparators["\(language)_\(region.uppercased())"]
    {
      return separator
    }
    if let script = parts.first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }),
      let separator = scriptSeparators["\(language)_\(script.prefix(1).uppercased())\(script.dropFirst().lowercased())"]
    {
      return separator
    }
    if commaLanguages.contains(language) { return "," }
    return arabicSeparatorLanguages.contains(language) ? arabicSeparator : "."
  }

  /// The decimal separator `locale` names: `.` for nil or a dictionary without one; an
  /// NSLocale's by its language, script and region (`separator(ofLocale:)`).
  static func decimalSeparator(_ locale: Value, _ receiver: Object, _ selector: Selector) throws -> String {
    if locale.isNil { return "." }
    if let identifier = (locale.objectValue?.bridgedStorage as? LocaleStorage)?.identifier {
      return separator(ofLocale: identifier)
    }
    guard let entries = try? NSDictionaryMethods.dictionary(locale, receiver, selector) else {
      throw FoundationError(
        .invalidArgument, "*** \(Message.name(receiver, selector)): the locale is neither an NSLocale nor a dictionary")
    }
    return entries[decimalSeparatorKey]?.stringValue ?? "."
  }
}
