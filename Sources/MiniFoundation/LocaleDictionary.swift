// LocaleDictionary.swift: the locale argument of Foundation's number and format messages, as
// MiniFoundation reads it.
//
// Docs: docs/foundation.md#nsdecimalnumber, docs/foundation.md#formats. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound17DecimalTests.swift.
//
// Apple documents the locale of `+[NSDecimalNumber decimalNumberWithString:locale:]`,
// `NSDecimalString` and `-[NSString initWithFormat:locale:]` as an NSLocale or "a dictionary
// that defines the locale (specifically the NSDecimalSeparator)". MiniFoundation's NSLocale
// carries no number formats: nil is the point, a dictionary is its `NSDecimalSeparator` (the
// point when it names none), and any other object, an NSLocale too, is refused rather than ignored. `-descriptionWithLocale:` of a
// number or a collection reads its locale the same way (Sorting.swift). Stateless.

enum LocaleDictionary {
  /// The key of the decimal separator in a locale dictionary.
  ///
  /// Objective-C: `NSDecimalSeparator`
  static let decimalSeparatorKey: Value = .string("NSDecimalSeparator")

  /// The decimal separator `locale` names: `.` for nil or a dictionary without one.
  static func decimalSeparator(_ locale: Value, _ receiver: Object, _ selector: Selector) throws -> String {
    if locale.isNil { return "." }
    guard let entries = try? NSDictionaryMethods.dictionary(locale, receiver, selector) else {
      throw FoundationError(
        .invalidArgument, "*** \(Message.name(receiver, selector)): locales are not supported; pass nil or a dictionary")
    }
    return entries[decimalSeparatorKey]?.stringValue ?? "."
  }
}
