// LocaleDictionary.swift: the locale argument of Foundation's number and format messages, as
// MiniFoundation reads it.
//
// Docs: docs/foundation.md#nsdecimalnumber, docs/foundation.md#formats. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound17DecimalTests.swift.
//
// Apple documents the locale of `+[NSDecimalNumber decimalNumberWithString:locale:]`,
// `NSDecimalString` and `-[NSString initWithFormat:locale:]` as an NSLocale or "a dictionary
// that defines the locale (specifically the NSDecimalSeparator)". nil is the point, a dictionary
// is its `NSDecimalSeparator` (the point when it names none), an NSLocale is the separator CLDR
// gives its language (`commaLanguages`; every other language, and the current `en_US`, the
// point), and any other object is refused rather than ignored. `-descriptionWithLocale:` of a
// number or a collection reads its locale the same way (Sorting.swift). Stateless.

enum LocaleDictionary {
  /// The key of the decimal separator in a locale dictionary.
  ///
  /// Objective-C: `NSDecimalSeparator`
  static let decimalSeparatorKey: Value = .string("NSDecimalSeparator")

  /// The languages whose CLDR decimal separator is a comma, among those MiniFoundation lists;
  /// every other language writes the point.
  static let commaLanguages: Set<String> = ["sv", "da", "nb", "de", "es", "fr", "fi", "it", "nl", "pt", "ru"]

  /// The decimal separator `locale` names: `.` for nil or a dictionary without one; an
  /// NSLocale's by its language (`commaLanguages`).
  static func decimalSeparator(_ locale: Value, _ receiver: Object, _ selector: Selector) throws -> String {
    if locale.isNil { return "." }
    if let identifier = (locale.objectValue?.bridgedStorage as? LocaleStorage)?.identifier {
      return commaLanguages.contains(NSLocaleMethods.languageCode(of: identifier)) ? "," : "."
    }
    guard let entries = try? NSDictionaryMethods.dictionary(locale, receiver, selector) else {
      throw FoundationError(
        .invalidArgument, "*** \(Message.name(receiver, selector)): the locale is neither an NSLocale nor a dictionary")
    }
    return entries[decimalSeparatorKey]?.stringValue ?? "."
  }
}
