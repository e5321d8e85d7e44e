// CollectionOperators.swift: @count, @sum, @avg, @min, @max and the union operators.
//
// Docs: docs/kvo.md#collection-operators. Tests: Tests/KVOTests/CollectionOperatorTests.swift.
//
// Each operator takes the array on its left and the key path on its right (the values to
// aggregate); nil values are skipped, as Foundation skips NSNull. Sums stay integers while every
// value is an integer (overflow is an error, not a wrap-around) and become doubles otherwise.

import MiniFoundation
import MiniRuntime

enum CollectionOperators {
  /// Applies `op` to a collection; values met on the way are boxed in `runtime` when a key must
  /// be sent to them.
  static func apply(_ op: CollectionOperator, to contents: CollectionContents, rightPath: KeyValuePath?, in runtime: Runtime?) throws -> Value {
    let elements = contents.elements
    if op == .count { return .int(elements.count) }
    let values = try elements.map { element in
      try rightPath.map { try KeyValueCoding.value(of: element, at: $0, in: runtime) } ?? element
    }
    let present = values.filter { !$0.isNil && !$0.isNull }  // nil and NSNull are skipped
    let isSet: Bool
    if case .set = contents { isSet = true } else { isSet = false }
    switch op {
    case .count:
      return .int(elements.count)
    case .sum:
      return try sum(present, op)
    case .avg:
      guard !present.isEmpty else { return .double(0) }
      guard let total = try sum(present, op).doubleValue else { return .nil }
      return .double(total / Double(present.count))
    case .min:
      return try extreme(present, op, isBetter: <)
    case .max:
      return try extreme(present, op, isBetter: >)
    case .unionOfObjects:
      return isSet ? .set(Set(present)) : .array(present)
    case .distinctUnionOfObjects:
      return isSet ? .set(Set(present)) : .array(distinct(present))
    case .unionOfArrays, .distinctUnionOfArrays:
      let flattened = try nested(present, op)
      if isSet { return .set(Set(flattened)) }
      return .array(op == .unionOfArrays ? flattened : distinct(flattened))
    case .unionOfSets, .distinctUnionOfSets:
      return .set(Set(try nested(present, op)))
    }
  }

  /// The elements of each nested collection, flattened (nil and NSNull left out).
  private static func nested(_ values: [Value], _ op: CollectionOperator) throws -> [Value] {
    var flattened: [Value] = []
    for value in values {
      guard let inner = try value.collectionContents(), inner.isElementCollection else {
        throw KeyValueError(.invalidValue, "@\(op.rawValue) needs a collection of collections, found \(value)")
      }
      flattened += inner.elements.filter { !$0.isNil && !$0.isNull }
    }
    return flattened
  }

  private static func sum(_ values: [Value], _ op: CollectionOperator) throws -> Value {
    var integer: Int64 = 0
    var floating = 0.0
    var allIntegers = true
    for value in values {
      guard let number = value.doubleValue else {
        throw KeyValueError(.invalidValue, "@\(op.rawValue) needs numbers, found \(value)")
      }
      floating += number
      if allIntegers, let whole = wholeNumber(value) {
        let (result, overflow) = integer.addingReportingOverflow(whole)
        guard !overflow else { throw KeyValueError(.invalidValue, "@\(op.rawValue) overflowed") }
        integer = result
      } else {
        allIntegers = false
      }
    }
    return allIntegers ? .int64(integer) : .double(floating)
  }

  /// The value of an integer-typed number (not a floating one, even if integral).
  private static func wholeNumber(_ value: Value) -> Int64? {
    switch value.bridged {
    case .bool, .int8, .int16, .int32, .int64, .uint8, .uint16, .uint32, .uint64:
      return value.intValue.flatMap { Int64(exactly: $0) }
    default:
      return nil
    }
  }

  private static func extreme(
    _ values: [Value], _ op: CollectionOperator, isBetter: (Comparison, Comparison) -> Bool
  ) throws -> Value {
    var best: (Value, Comparison)?
    for value in values {
      let key: Comparison
      if let number = value.doubleValue {
        key = .number(number)
      } else if let text = value.stringValue {
        key = .text(text)
      } else {
        throw KeyValueError(.invalidValue, "@\(op.rawValue) needs numbers or strings, found \(value)")
      }
      if let current = best {
        guard current.1.isSameKind(as: key) else {
          throw KeyValueError(.invalidValue, "@\(op.rawValue) cannot compare \(current.0) with \(value)")
        }
        if isBetter(key, current.1) { best = (value, key) }
      } else {
        best = (value, key)
      }
    }
    return best?.0 ?? .nil
  }

  private static func distinct(_ values: [Value]) -> [Value] {
    var seen = Set<Value>()
    return values.filter { seen.insert($0).inserted }
  }

  /// A value as `compare:` sees it.
  enum Comparison: Comparable {
    case number(Double)
    case text(String)

    func isSameKind(as other: Comparison) -> Bool {
      switch (self, other) {
      case (.number, .number), (.text, .text): return true
      default: return false
      }
    }

    static func < (lhs: Comparison, rhs: Comparison) -> Bool {
      switch (lhs, rhs) {
      case (.number(let a), .number(let b)): return a < b
      case (.text(let a), .text(let b)): return a < b
      case (.number, .text): return true
      case (.text, .number): return false
      }
    }
  }
}

extension CollectionContents {
  /// Whether this is an array, ordered set or set (a collection of elements, not of entries).
  fileprivate var isElementCollection: Bool {
    if case .dictionary = self { return false }
    return true
  }
}
