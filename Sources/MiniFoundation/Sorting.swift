// Sorting.swift: sorting an array by a comparison message (`sortedArrayUsingSelector:`,
// `sortUsingSelector:`), and `descriptionWithLocale:`.
//
// Docs: docs/foundation.md#sorting. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound8Tests.swift.
//
// The comparison is a message to one element with the other as its argument (`compare:`,
// `caseInsensitiveCompare:`, a user's method): user code, sent with no lock held. Its answer is
// an NSComparisonResult; a negative one puts the receiver first. The sort is a merge sort, so
// elements the comparison calls the same keep their order, and a comparison that throws stops it
// with the collection unchanged.

enum Sorting {
  /// `-[NSArray sortedArrayUsingSelector:]`.
  static let sortedArrayUsingSelector = MethodEntry("sortedArrayUsingSelector:", "@24@0:8:16") {
    receiver, selector, arguments in
    .array(
      try sorted(try Ordered.elements(of: receiver), by: try comparator(arguments[0], receiver, selector), in: receiver)
    )
  }

  /// `-[NSMutableArray sortUsingSelector:]`: sorts in place, through `setArray:`.
  static let sortUsingSelector = MethodEntry("sortUsingSelector:", "v24@0:8:16") { receiver, selector, arguments in
    let order = try sorted(
      try Ordered.elements(of: receiver), by: try comparator(arguments[0], receiver, selector), in: receiver)
    return try Runtime.msgSend(receiver, "setArray:", .array(order))
  }

  /// `-descriptionWithLocale:` of a number or a collection: with a nil locale, the
  /// `description`; with a locale dictionary or an NSLocale, the description with its decimal
  /// separator for the point of the number and of each number element (Apple formats "each of
  /// the array's elements (where recognized)" with the locale). Another kind of locale is
  /// refused rather than ignored (LocaleDictionary.swift).
  static let descriptionWithLocale = MethodEntry("descriptionWithLocale:", "@24@0:8@16") {
    receiver, selector, arguments in
    if arguments[0].isNil { return try Runtime.msgSend(receiver, "description") }
    let separator = try LocaleDictionary.decimalSeparator(arguments[0], receiver, selector)
    return .string(try Describing.text(of: .object(receiver), decimalSeparator: separator))
  }

  /// `-descriptionWithLocale:indent:` of a collection: its `description` as a collection nested
  /// `level` deep prints it, every line (the first too) indented by four spaces a level, so
  /// level 0 is the `description`, with the locale as `descriptionWithLocale:` takes it.
  static let descriptionWithLocaleIndent = MethodEntry("descriptionWithLocale:indent:", "@32@0:8@16Q24") {
    receiver, selector, arguments in
    let separator = try LocaleDictionary.decimalSeparator(arguments[0], receiver, selector)
    let level = try Message.index(arguments[1], receiver, selector)
    guard level <= maximumIndent else {
      throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): indent \(level) is past \(maximumIndent)")
    }
    let text = try Describing.text(of: .object(receiver), indent: level, decimalSeparator: separator)
    return .string(String(repeating: "    ", count: level) + text)
  }

  /// The deepest indent `descriptionWithLocale:indent:` writes (a larger NSUInteger, such as a
  /// negative number, would ask for gigabytes of spaces).
  static let maximumIndent = 1 << 16

  /// The selector argument, which must not be the null selector.
  private static func comparator(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError)
    -> Selector
  {
    guard let comparison = value.selectorValue, !comparison.isNull else {
      throw FoundationError(
        .invalidArgument, "*** \(Message.name(receiver, selector)): \(value) is not a comparison selector")
    }
    return comparison
  }

  /// `elements` in the order `comparison` gives, stably.
  static func sorted(_ elements: [Value], by comparison: Selector, in collection: Object) throws -> [Value] {
    try mergeSorted(elements) { try ascending($0, $1, comparison, collection) }
  }

  /// `items` sorted stably: `before(a, b)` says whether `a` must come before `b`.
  static func mergeSorted<Item>(_ items: [Item], before: (Item, Item) throws -> Bool) throws -> [Item] {
    guard items.count > 1 else { return items }
    let middle = items.count / 2
    let left = try mergeSorted(Array(items[..<middle]), before: before)
    let right = try mergeSorted(Array(items[middle...]), before: before)
    var merged: [Item] = []
    merged.reserveCapacity(items.count)
    var i = 0
    var j = 0
    while i < left.count && j < right.count {
      // Right first only when it orders strictly before left: equal items keep their order.
      if try before(right[j], left[i]) {
        merged.append(right[j])
        j += 1
      } else {
        merged.append(left[i])
        i += 1
      }
    }
    return merged + left[i...] + right[j...]
  }

  /// Whether `[first comparison:second]` answers NSOrderedAscending.
  static func ascending(_ first: Value, _ second: Value, _ comparison: Selector, _ collection: Object) throws -> Bool {
    guard let runtime = collection.runtime else {
      throw FoundationError(.invalidArgument, "*** sorting: the runtime of \(collection.isa.name) no longer exists")
    }
    return try order(first, second, by: comparison, in: runtime) < 0
  }

  /// `[first comparison:second]` as an NSComparisonResult: -1, 0 or 1. Call-out: the comparison
  /// method, user code.
  static func order(_ first: Value, _ second: Value, by comparison: Selector, in runtime: Runtime) throws -> Int {
    let answer = try Runtime.msgSend(try runtime.object(bridging: first), comparison, second)
    return try comparisonResult(answer, from: comparison.name)
  }

  /// A comparison's answer (`what` answered it: a selector's name, `the comparator` …) as an
  /// NSComparisonResult: -1, 0 or 1; an answer that is no number raises.
  static func comparisonResult(_ answer: Value, from what: String) throws(FoundationError) -> Int {
    guard let order = answer.bridged.intValue else {
      throw FoundationError(.invalidArgument, "*** \(what) answered \(answer), not an NSComparisonResult")
    }
    return order.signum()
  }
}
