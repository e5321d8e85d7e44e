// NSString+LocalizedComparing.swift: NSString's comparisons by a locale's collation
// (`localizedCompare:`, `localizedCaseInsensitiveCompare:`, `localizedStandardCompare:`,
// `compare:options:range:locale:`) and its localized searches (`localizedCaseInsensitiveContainsString:`,
// `localizedStandardContainsString:`, `localizedStandardRangeOfString:`: case-insensitive, the
// standard ones diacritic-insensitive too, as Apple documents them).
//
// Docs: docs/foundation.md#localized-comparisons. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound10CollationTests.swift.
//
// The locale argument of `compare:options:range:locale:` chooses the collation: an NSLocale's
// identifier its tailoring (Collation+Tailoring.swift), any other object the current locale's
// (`en_US`, the root), nil no localized comparison at all, as on Apple. The other messages use
// the current locale. Stateless.

enum NSStringLocalizedComparing {
  /// `localizedStandardCompare:`'s options, as Foundation documents them: case-insensitive,
  /// numeric, width-insensitive, forced ordering.
  static let standard: Collation.Options = [.caseInsensitive, .numeric, .widthInsensitive, .forcedOrdering]
  /// `NSRegularExpressionSearch`, which a comparison refuses.
  static let regularExpression: UInt64 = 1024
  /// The options a localized comparison honours, and those it ignores (`NSLiteralSearch`,
  /// `NSBackwardsSearch`, `NSAnchoredSearch`).
  static let honoured: UInt64 = 1 | 64 | 128 | 256 | 512
  static let ignored: UInt64 = 2 | 4 | 8

  static let all: [MethodEntry] = [
    MethodEntry("localizedCompare:", "q24@0:8@16") { receiver, selector, arguments in
      try order(receiver, selector, arguments[0], range: nil, options: [])
    },
    MethodEntry("localizedCaseInsensitiveCompare:", "q24@0:8@16") { receiver, selector, arguments in
      try order(receiver, selector, arguments[0], range: nil, options: .caseInsensitive)
    },
    MethodEntry("localizedStandardCompare:", "q24@0:8@16") { receiver, selector, arguments in
      try order(receiver, selector, arguments[0], range: nil, options: standard)
    },
    // The localized searches: a locale's search is the root's here (see above).
    MethodEntry("localizedCaseInsensitiveContainsString:", "B24@0:8@16") { receiver, _, arguments in
      .bool(try localizedRange(receiver, arguments[0], options: 1) != nil)  // NSCaseInsensitiveSearch
    },
    MethodEntry("localizedStandardContainsString:", "B24@0:8@16") { receiver, _, arguments in
      .bool(try localizedRange(receiver, arguments[0], options: 1 | 128) != nil)  // and NSDiacriticInsensitiveSearch
    },
    MethodEntry("localizedStandardRangeOfString:", "{_NSRange=QQ}24@0:8@16") { receiver, _, arguments in
      let notFound = OrderedCollectionMethods.notFound
      return try localizedRange(receiver, arguments[0], options: 1 | 128) ?? .range(notFound..<notFound)
    },
    MethodEntry("compare:options:range:locale:", "q56@0:8@16Q24{_NSRange=QQ}32@48") { receiver, selector, arguments in
      let range = try Message.range(arguments[2], receiver, selector)
      guard !arguments[3].isNil else {  // no locale: the plain comparison
        let mask = try NSStringComparing.options(arguments[1], receiver, selector)
        return try NSStringComparing.ordering(receiver, selector, arguments[0], range: range, options: mask)
      }
      let tailoring = Collation.Tailoring.forLocale(NSLocaleMethods.identifier(of: arguments[3]))
      return try order(
        receiver, selector, arguments[0], range: range, options: try options(arguments[1], receiver, selector), tailoring: tailoring)
    },
  ]

  /// The options mask of a localized comparison, refusing a regular expression or an unknown bit.
  static func options(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> Collation.Options {
    let mask = try Message.optionsMask(value, receiver, selector)
    let unsupported = mask & ~(honoured | ignored)
    guard unsupported == 0 else {
      throw FoundationError(
        .invalidArgument,
        "*** \(Message.name(receiver, selector)): options 0x\(String(unsupported, radix: 16)) are not supported in a comparison"
      )
    }
    return Collation.Options(rawValue: mask & honoured)
  }

  /// The collation order of the receiver (its characters in `range`, or all) against `argument`,
  /// which must be a string.
  static func order(
    _ receiver: Object, _ selector: Selector, _ argument: Value, range: Range<Int>?, options: Collation.Options,
    tailoring: Collation.Tailoring? = nil
  ) throws -> Value {
    let text = try NSStringComparing.text(receiver, selector, in: range).lossy
    let other = try NSStringMethods.stringArgument(argument, receiver, selector)
    return .int64(Int64(Collation.compare(text, other, options: options, tailoring: tailoring)))
  }

  /// `[receiver rangeOfString:needle options:options]`, nil when not found.
  private static func localizedRange(_ receiver: Object, _ needle: Value, options: UInt64) throws -> Value? {
    let found = try Runtime.msgSend(receiver, "rangeOfString:options:", needle, .uint64(options))
    let notFound = OrderedCollectionMethods.notFound
    guard found != .range(notFound..<notFound) else { return Optional.none }  // not Value.nil
    return found
  }
}
