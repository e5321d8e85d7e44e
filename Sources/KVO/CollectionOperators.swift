// CollectionOperators.swift: @count, @sum, @avg, @min, @max and the union operators.
//
// Docs: docs/kvo.md#collection-operators. Tests: Tests/KVOTests/CollectionOperatorTests.swift.
//
// Each operator takes the collection on its left and the key path on its right (the values to
// aggregate), with Foundation's answers (the KVC Programming Guide; Apple's implementation):
// `@sum` adds every value that is not nil as a decimal number (nil counts as 0; empty: 0);
// `@avg` divides that sum by the count of ALL elements, so nils count as 0 (empty: nil); `@max`
// and `@min` skip nil and keep a value when `compare:` sent to the best so far says it is larger
// (smaller), so they answer nil when empty or all nil; `@count` ignores the right path. The
// unions leave a nil value out and keep `NSNull` (an object); the nested unions keep every
// element of each inner collection and refuse a value that is none (NSNull included). Over an
// array every union answers an array, `@unionOfSets` and `@distinctUnionOfSets` included; over a
// set, a set.
// `@sum` and `@avg` answer an `NSDecimalNumber`, as Foundation's do: the sum is `Decimal`
// arithmetic (MiniFoundation's Decimal.swift, 38 digits), so `0.1 + 0.2` is exactly 0.3.

import MiniFoundation
import MiniRuntime

enum CollectionOperators {
  /// Applies `op` to a collection; values met on the way are boxed in `runtime` when a key must
  /// be sent to them.
  static func apply(_ op: CollectionOperator, to contents: CollectionContents, rightPath: KeyValuePath?, in runtime: Runtime?) throws -> Value {
    let elements = contents.elements
    if op == .count { return .int(elements.count) }
    let values = try elements.map { element in
      try rightPath.map { try KeyValueCoding.value(of: element, at: $0, in: runtime) } ?? nilPathValue(of: element, in: runtime)
    }
    let present = values.filter { !$0.isNil }  // the unions leave nil out; NSNull is an object, kept
    let isSet: Bool
    if case .set = contents { isSet = true } else { isSet = false }
    switch op {
    case .count:
      return .int(elements.count)
    case .sum:
      return try decimalNumber(try sum(values, op), op, in: runtime)
    case .avg:
      guard !elements.isEmpty else { return .nil }  // Foundation: nil, not 0, for no elements
      let average = try sum(values, op).dividing(by: Decimal(Int64(elements.count)))
      return try decimalNumber(average, op, in: runtime)
    case .min:
      return try extreme(values, op, keepingWhenCompared: 1, in: runtime)  // [min compare:v] == NSOrderedDescending
    case .max:
      return try extreme(values, op, keepingWhenCompared: -1, in: runtime)  // [max compare:v] == NSOrderedAscending
    case .unionOfObjects:
      return isSet ? .set(Set(try distinct(present))) : .array(present)
    case .distinctUnionOfObjects:
      return isSet ? .set(Set(try distinct(present))) : .array(try distinct(present))
    case .unionOfArrays, .distinctUnionOfArrays, .unionOfSets, .distinctUnionOfSets:
      // An array's operators answer arrays, the set unions too (NSArray's
      // `_unionOfSetsForKeyPath:`); a set's (only the distinct unions reach here) answer sets.
      let flattened = try nested(present, op)
      if isSet { return .set(Set(try distinct(flattened))) }
      return .array(op.keepsDuplicates ? flattened : try distinct(flattened))
    }
  }

  /// An element's answer to `valueForKeyPath:` nil: what Foundation asks each element when the
  /// operator has no key path after it (`items.@sum`). NSObject's answer is `valueForKey:` nil,
  /// whose answer is `valueForUndefinedKey:` nil: `NSUnknownKeyException` for the key `(null)`,
  /// unless the element's class answers it (docs/kvo.md#key-paths).
  private static func nilPathValue(of element: Value, in runtime: Runtime?) throws -> Value {
    let receiver: Object?
    switch element {
    case .object(let object): receiver = object
    case .class(let cls): receiver = cls
    default:
      guard let runtime else {
        throw KeyValueError(.undefinedKey, "[<\(element.encoding.cDeclaration) \(element)> valueForUndefinedKey:]: this class is not key value coding-compliant for the key (null).")
      }
      receiver = try runtime.object(bridging: element)
    }
    return try Runtime.msgSend(receiver, "valueForKeyPath:", .nil)
  }

  /// The elements of each nested collection, flattened, every element kept (NSNull included,
  /// as `addObjectsFromArray:` keeps it). A value that is no collection, NSNull among them, is
  /// refused, as Foundation's `addObjectsFromArray:` refuses it (a nil value was left out before).
  private static func nested(_ values: [Value], _ op: CollectionOperator) throws -> [Value] {
    var flattened: [Value] = []
    for value in values {
      guard !value.isNull, let inner = try value.collectionContents(), inner.isElementCollection else {
        throw KeyValueError(.invalidValue, "@\(op.rawValue) needs a collection of collections, found \(value)")
      }
      flattened += inner.elements
    }
    return flattened
  }

  /// `@sum`: each value that is not nil added as a decimal number; anything else that is not a
  /// number (a string, NSNull) is refused, as Foundation's `-decimalValue` message would be.
  private static func sum(_ values: [Value], _ op: CollectionOperator) throws -> Decimal {
    var total = Decimal.zero
    for value in values where !value.isNil {
      guard let number = Decimal(number: value) else {
        throw KeyValueError(.invalidValue, "@\(op.rawValue) needs numbers, found \(value)")
      }
      total = try total.adding(number)
    }
    return total
  }

  /// A new `NSDecimalNumber` holding `decimal`, in the runtime of the collection's owner.
  private static func decimalNumber(_ decimal: Decimal, _ op: CollectionOperator, in runtime: Runtime?) throws -> Value {
    guard let runtime else {
      throw KeyValueError(.invalidValue, "@\(op.rawValue) has no runtime to make its NSDecimalNumber in")
    }
    return .object(try runtime.decimalNumber(decimal))
  }

  /// `@max` / `@min`: nil skipped; a value replaces the best so far when `[best compare:value]`
  /// answers `keep` (-1, NSOrderedAscending, for `@max`; 1 for `@min`). `compare:` is a message,
  /// so numbers compare as `NSNumber`s, strings as `NSString`s, and an object of your own class
  /// by its own `compare:`; mixing numbers and strings is refused by `compare:` itself.
  private static func extreme(
    _ values: [Value], _ op: CollectionOperator, keepingWhenCompared keep: Int, in runtime: Runtime?
  ) throws -> Value {
    var best: Value?
    for value in values where !value.isNil {
      guard let current = best else {
        best = value
        continue
      }
      guard let runtime else {
        throw KeyValueError(.invalidValue, "@\(op.rawValue) has no runtime to send compare: to \(current)")
      }
      if try runtime.msgSend(bridging: current, "compare:", value).intValue == keep { best = value }  // call-out
    }
    return best ?? .nil
  }

  /// The values without the later of equal ones, in order: equal as a set finds them, so an
  /// object whose class overrides `-isEqual:` or `-hash` is compared by those messages.
  private static func distinct(_ values: [Value]) throws -> [Value] { try CollectionEquality.distinct(values) }
}

extension CollectionContents {
  /// Whether this is an array, ordered set or set (a collection of elements, not of entries).
  fileprivate var isElementCollection: Bool {
    if case .dictionary = self { return false }
    return true
  }
}
