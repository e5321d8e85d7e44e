// NSString+Folding.swift: `-stringByFoldingWithOptions:locale:`, a string with the differences a
// comparison option ignores taken out, and the case mappings that take a locale
// (`uppercaseStringWithLocale:` and its kin, `localizedUppercaseString` and its kin).
//
// Docs: docs/foundation.md#comparing-strings. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound21TextTests.swift.
//
// Stateless. Folding uses the comparisons' own pieces (NSString+Comparing.swift):
// `NSCaseInsensitiveSearch` folds case in full (`Straße` is `strasse`, `ﬁ` is `fi`, every sigma
// `σ`), `NSDiacriticInsensitiveSearch` takes the accents off (`École` is `Ecole`, `ø` stays),
// `NSWidthInsensitiveSearch` makes fullwidth and halfwidth forms ordinary (`ａ` is `a`); a
// halfwidth kana with a halfwidth sound mark becomes the voiced kana (`ｶﾞ` is `ガ`), or, with the
// accents folded too, the ordinary kana before the mark left as it is (`カﾞ`), each what
// CoreFoundation's CFStringFold answers (swift-corelibs-foundation, run on this machine).
// MiniFoundation has no NSLocale and carries no locale's case rules (Turkish dotless `ı`), so a
// locale folds and maps case as nil does.

enum NSStringFolding {
  static let all: [MethodEntry] = [
    MethodEntry("stringByFoldingWithOptions:locale:", "@32@0:8Q16@24") { receiver, selector, arguments in
      let options = try NSStringComparing.options(arguments[0], receiver, selector, also: NSStringComparing.folding)
      return .string(folded(try NSStringMethods.text(receiver, selector), options: options))
    },
    MethodEntry("uppercaseStringWithLocale:", "@24@0:8@16") { receiver, _, _ in try Runtime.msgSend(receiver, "uppercaseString") },
    MethodEntry("lowercaseStringWithLocale:", "@24@0:8@16") { receiver, _, _ in try Runtime.msgSend(receiver, "lowercaseString") },
    MethodEntry("capitalizedStringWithLocale:", "@24@0:8@16") { receiver, _, _ in try Runtime.msgSend(receiver, "capitalizedString") },
    MethodEntry("localizedUppercaseString", "@16@0:8") { receiver, _, _ in try Runtime.msgSend(receiver, "uppercaseString") },
    MethodEntry("localizedLowercaseString", "@16@0:8") { receiver, _, _ in try Runtime.msgSend(receiver, "lowercaseString") },
    MethodEntry("localizedCapitalizedString", "@16@0:8") { receiver, _, _ in try Runtime.msgSend(receiver, "capitalizedString") },
  ]

  /// `text` folded as `options` say (case, then accents and widths).
  static func folded(_ text: String, options: UInt64) -> String {
    let cased = options & NSStringComparing.caseInsensitive != 0 ? NSStringComparing.caseFolded(text) : text
    guard options & NSStringComparing.folding != 0 else { return cased }
    let scalars = Array(cased.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      if options & NSStringComparing.widthInsensitive != 0, let next, isHalfwidthKana(scalar), isHalfwidthSoundMark(next) {
        if options & NSStringComparing.diacriticInsensitive != 0 {
          result.append(contentsOf: NSStringComparing.folded(scalar, before: nil, options: options))
          result.append(next)
        } else {
          result.append(contentsOf: UnicodeNormalization.normalized(String(String.UnicodeScalarView([scalar, next])), compatibility: true, compose: true).unicodeScalars)
        }
        index += 2
        continue
      }
      result.append(contentsOf: NSStringComparing.folded(scalar, before: nil, options: options))
      index += 1
    }
    return String(result)
  }

  private static func isHalfwidthKana(_ scalar: Unicode.Scalar) -> Bool { (0xFF66...0xFF9D).contains(scalar.value) }
  private static func isHalfwidthSoundMark(_ scalar: Unicode.Scalar) -> Bool { scalar.value == 0xFF9E || scalar.value == 0xFF9F }
}
