// FoundationBehaviourRound31LocaleTests.swift: the decimal separator of an NSLocale of an
// Arabic-script language or region. Each expected separator is the one swift-corelibs-foundation's
// ICU data on this machine gives (`Locale(identifier:).decimalSeparator`, run with /opt/swift's
// `swift` on 2026-12-02 for every identifier below), docs/foundation.md#sorting.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound31LocaleTests {
  /// `descriptionWithLocale:` of 1.5 writes, and `decimalNumberWithString:locale:` reads, the
  /// separator ICU gives (was: the point for every one of them).
  @Test func arabicScriptLocalesWriteTheirDecimalSeparator() throws {
    let runtime = Runtime()
    let localeClass = try foundationClass("NSLocale", in: runtime)
    let decimalClass = try foundationClass("NSDecimalNumber", in: runtime)
    let arabic = "\u{066B}"  // ARABIC DECIMAL SEPARATOR
    let checked: [(String, String)] = [
      ("fa", arabic), ("fa_IR", arabic), ("fa_AF", arabic), ("ps", arabic), ("ps_AF", arabic), ("ps_PK", arabic),
      ("ckb", arabic), ("ckb_IQ", arabic), ("ckb_IR", arabic), ("ks", arabic), ("ks_IN", arabic),
      ("ks_Arab", arabic), ("ks_Arab_IN", arabic), ("ks_Deva", "."), ("ks_Deva_IN", "."), ("lrc", arabic),
      ("lrc_IR", arabic), ("lrc_IQ", arabic), ("mzn", arabic), ("mzn_IR", arabic), ("ar", "."), ("ar_001", "."),
      ("ar_AE", "."), ("ar_EH", "."), ("ar_EG", arabic), ("ar_SA", arabic), ("ar_LB", arabic), ("ar_IQ", arabic),
      ("ar_YE", arabic), ("ar_MA", ","), ("ar_DZ", ","), ("ar_TN", ","), ("ar_LY", ","), ("ur", "."), ("ur_IN", "."),
      ("ur_PK", "."), ("sd", "."), ("ug", "."), ("pa", "."), ("pa_Guru_IN", "."), ("pa_Arab", arabic),
      ("pa_Arab_PK", arabic), ("uz_Arab", arabic), ("uz_Arab_AF", arabic), ("uz", ","), ("uz_Latn_UZ", ","),
    ]
    for (identifier, separator) in checked {
      let locale = try send(localeClass, "localeWithLocaleIdentifier:", .string(identifier))
      #expect(
        try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", locale) == .string("1\(separator)5"),
        "\(identifier)")
      let read = try send(decimalClass, "decimalNumberWithString:locale:", .string("2\(separator)25"), locale)
      #expect(try send(read.objectValue, "description") == "2.25", "\(identifier)")
    }
  }
}
