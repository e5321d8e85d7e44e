// Change+Bridging.swift: a Change is an NSDictionary to whoever sends it a message.
//
// Docs: docs/kvo.md#change-dictionaries. Tests: Tests/KVOTests/ChangeDictionaryTests.swift.
//
// The `change:` argument of `observeValueForKeyPath:ofObject:change:context:` is the typed
// `Change` (no dictionary is built per notification). When an observer sends it a message
// (`objectForKey:`, `count`, `isKindOfClass:`), the one boxing point turns it into an immutable
// `NSDictionary` of its entries, as Swift bridges a dictionary value to `NSDictionary` only when
// Objective-C code needs one. Swift code reads the typed change (`arguments[2].change`), as the
// overlay's `NSKeyValueObservedChange` does. No state.

import MiniFoundation

extension Change: FoundationBridgeable {
  /// The change as an `NSDictionary`'s contents, keyed by Foundation's key strings: what a message
  /// sent to a `change:` argument reaches (`[change objectForKey:NSKeyValueChangeNewKey]`). A value
  /// that was nil is `NSNull` there, as in Foundation.
  ///
  /// Objective-C: the `NSDictionary` passed as `change:`.
  public var foundationValue: Value {
    .dictionary(Dictionary(uniqueKeysWithValues: dictionary.map { (Value.string($0.key), $0.value) }))
  }
}

