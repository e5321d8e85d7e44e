// FoundationBehaviourRound30LocaleTests.swift: the decimal separator of an NSLocale, for the
// languages whose CLDR separator is a comma and that round 29's list lacked. Each expected
// separator is the one swift-corelibs-foundation's ICU data on this machine gives
// (`Locale(identifier:).decimalSeparator`), docs/foundation.md#sorting.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound30LocaleTests {
  /// `descriptionWithLocale:` of 1.5 writes, and `decimalNumberWithString:locale:` reads, the
  /// comma in ky, uz, lb, fy, ast, br, kl, se and the others ICU gives it (was: the point).
  @Test func theLanguagesRound29MissedWriteTheDecimalComma() throws {
    let runtime = Runtime()
    let localeClass = try foundationClass("NSLocale", in: runtime)
    let decimalClass = try foundationClass("NSDecimalNumber", in: runtime)
    let comma = [
      "ky", "uz", "lb", "fy", "ast", "br", "kl", "se", "ky_KG", "uz_Latn_UZ", "lb_LU", "se_NO", "eo", "ia", "oc",
      "tk", "tt", "jv", "ku", "lo", "dsb", "hsb", "smn", "fur", "sc",
    ]
    for identifier in comma {
      let locale = try send(localeClass, "localeWithLocaleIdentifier:", .string(identifier))
      #expect(try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", locale) == "1,5", "\(identifier)")
      let read = try send(decimalClass, "decimalNumberWithString:locale:", "2,25", locale)
      #expect(try send(read.objectValue, "description") == "2.25", "\(identifier)")
    }
    // The regions ICU here gives another separator than their language's: es_CU the point,
    // ms_BN and en_SI the comma; en_150 the point (was: a comma, from memory).
    for (identifier, separator) in [("es_CU", "1.5"), ("ms_BN", "1,5"), ("en_SI", "1,5"), ("en_150", "1.5")] {
      let locale = try send(localeClass, "localeWithLocaleIdentifier:", .string(identifier))
      #expect(try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", locale) == .string(separator), "\(identifier)")
    }
    for identifier in ["en", "ga", "cy", "mt", "ha", "zu", "sw"] {  // the point, in ICU too
      let locale = try send(localeClass, "localeWithLocaleIdentifier:", .string(identifier))
      #expect(try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", locale) == "1.5", "\(identifier)")
    }
  }
}
