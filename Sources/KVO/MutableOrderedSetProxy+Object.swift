// MutableOrderedSetProxy+Object.swift: `mutableOrderedSetValueForKey:` and
// `mutableOrderedSetValueForKeyPath:` on any object.
//
// Docs: docs/kvo.md#set-relationships. Tests: Tests/KVOTests/MutableOrderedSetProxyTests.swift.
//
// Both send the category message (KeyValueCoding+ToManySets.swift), so an override in a class is
// honoured; the proxy itself is MutableOrderedSetProxy.swift. Stateless.

import MiniRuntime

extension Object {
  /// A proxy that edits the ordered to-many property `key` and notifies its observers with the
  /// indexes: an object of a private `NSMutableOrderedSet` subclass, to which every
  /// `NSMutableOrderedSet` message can be sent.
  ///
  /// ```swift
  /// let steps = try recipe.mutableOrderedSetValue(forKey: "steps")
  /// try Runtime.msgSend(steps, "addObject:", "stir")   // observers get kind .insertion at the end
  /// ```
  ///
  /// Any string is a key, as in Foundation: the proxy of one that names no accessor (`""`)
  /// throws `undefinedKey` (`NSUnknownKeyException`) when used.
  ///
  /// Objective-C: `-[NSObject mutableOrderedSetValueForKey:]`
  public func mutableOrderedSetValue(forKey key: String) throws -> Object {
    let proxy = try sendCategoryMessage(ToManySetsCategory.mutableOrderedSetValueForKey, [.string(key)])
    guard case .object(let result) = proxy else {
      throw KeyValueError(.invalidValue, "mutableOrderedSetValueForKey: returned \(proxy), not an ordered set")
    }
    return result
  }

  /// An ordered-set proxy for the property at the end of `keyPath`; `nil` when the object the
  /// rest of the path leads to is nil.
  ///
  /// Each key but the last is read with `valueForKey:` (a dictionary's `objectForKey:`) and the
  /// rest of the path is sent to its value, as Foundation recurses.
  ///
  /// - Throws: What `valueForKey:` throws for a key on the way; ``KeyValueError`` with code
  ///   `unsupportedKeyPath` for a value on the way that is no object (a C string).
  ///
  /// Objective-C: `-[NSObject mutableOrderedSetValueForKeyPath:]`
  public func mutableOrderedSetValue(forKeyPath keyPath: String) throws -> Object? {
    let proxy = try sendCategoryMessage(ToManySetsCategory.mutableOrderedSetValueForKeyPath, [.string(keyPath)])
    if proxy.isNil { return nil }
    guard case .object(let result) = proxy else {
      throw KeyValueError(.invalidValue, "mutableOrderedSetValueForKeyPath: returned \(proxy), not an ordered set")
    }
    return result
  }
}
