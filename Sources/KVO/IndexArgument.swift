// IndexArgument.swift: an index argument of a KVC proxy's message, read as the `NSUInteger`
// Foundation's method receives, and printed back the way its range errors print it.
//
// Docs: docs/kvo.md#to-many-changes. Tests: MutableOrderedSetProxyTests, CollectionGetterProxyTests,
// ToManyTests, FidelityRound7Tests (the array proxy object).
// Stateless.

import MiniRuntime

extension Value {
  /// This value as an `NSUInteger` index argument, kept as its bit pattern: -1, or the
  /// 18446744073709551615 a send makes of it for a `Q` parameter, is -1 here, which no bounds
  /// check lets through, and ``printedAsNSUInteger(_:)`` prints it back. Nil for a value that
  /// is not a number.
  var indexArgument: Int? {
    if case .uint64(let unsigned) = bridged { return Int(truncatingIfNeeded: unsigned) }
    return bridged.intValue
  }
}

/// `index` as Foundation's range errors print the `NSUInteger` they received (`%lu`): -1 is
/// 18446744073709551615.
func printedAsNSUInteger(_ index: Int) -> String { String(UInt64(bitPattern: Int64(index))) }
