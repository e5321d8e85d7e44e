// KeyValueCoding+ToMany.swift: mutableArrayValueForKey: and mutableArrayValueForKeyPath:.
//
// Docs: docs/kvo.md#to-many-changes. Tests: Tests/KVOTests/ToManyTests.swift.
//
// Both return a `MutableArrayProxy` (MutableArrayProxy.swift), which reaches the array the way
// Foundation's documented search for ordered collections says (MutableArrayProxy+Access.swift).
// The key-path forms of all three proxies (array, set, ordered set) recurse as Foundation's do:
// `[[self valueForKey:first] mutable…ValueForKeyPath:rest]`, so the path goes through whatever
// `valueForKey:` answers (a dictionary's `objectForKey:`, an array's mapped values, a number),
// and the proxy of the last key is made by the object the rest of the path leads to.

import MiniRuntime

extension Object {
  /// A proxy that edits the to-many property `key` and notifies observers with the indexes.
  ///
  /// ```swift
  /// let friends = try person.mutableArrayValue(forKey: "friends")
  /// try friends.insert(.object(bob), at: 0)   // observers get kind .insertion, indexes [0]
  /// try friends.remove(at: 0)                 // kind .removal
  /// ```
  ///
  /// Any string is a key, as in Foundation: for one that names no accessor or ivar (`""`) the
  /// proxy is made, and using it throws `undefinedKey` (`NSUnknownKeyException`).
  ///
  /// Objective-C: `-[NSObject mutableArrayValueForKey:]`
  public func mutableArrayValue(forKey key: String) throws -> MutableArrayProxy {
    let proxy = try sendCategoryMessage("mutableArrayValueForKey:", [.string(key)])
    guard let result = try MutableArrayProxy.of(proxy) else {
      throw KeyValueError(.invalidValue, "mutableArrayValueForKey: returned \(proxy), not a proxy")
    }
    return result
  }

  /// A proxy for the to-many property at the end of `keyPath`: the last key, on the object the
  /// rest of the path leads to; `nil` when that object is nil (as messaging nil gives nil).
  ///
  /// ```swift
  /// let items = try person.mutableArrayValue(forKeyPath: "friend.items")
  /// try items?.append("x")   // observers of the friend's items get an insertion
  /// ```
  ///
  /// Each key but the last is read with `valueForKey:` and the rest of the path is sent to its
  /// value, so a dictionary on the way is looked up with `objectForKey:`, as in Foundation.
  ///
  /// - Throws: What `valueForKey:` throws for a key on the way; ``KeyValueError`` with code
  ///   `unsupportedKeyPath` for a value on the way that is no object (a C string).
  ///
  /// Objective-C: `-[NSObject mutableArrayValueForKeyPath:]`
  public func mutableArrayValue(forKeyPath keyPath: String) throws -> MutableArrayProxy? {
    let proxy = try sendCategoryMessage("mutableArrayValueForKeyPath:", [.string(keyPath)])
    if proxy.isNil { return nil }
    guard let result = try MutableArrayProxy.of(proxy) else {
      throw KeyValueError(.invalidValue, "mutableArrayValueForKeyPath: returned \(proxy), not a proxy")
    }
    return result
  }
}


/// The key-path forms of `mutableArrayValueForKey:`, `mutableSetValueForKey:` and
/// `mutableOrderedSetValueForKey:`.
enum ToManyKeyPath {
  /// Foundation's recursion: no `.` in `keyPath` sends `keyMessage` (the proxy of that key);
  /// otherwise the first key's value (`valueForKey:`, nil giving nil) is sent `pathMessage` with
  /// the rest of the path. A bridged value on the way is boxed into its Foundation object.
  static func proxy(of receiver: Object, keyPath: String, _ pathMessage: Selector, _ keyMessage: Selector) throws -> Value {
    guard let (key, rest) = KeyValuePath.splitAtFirstDot(keyPath) else {
      return try Runtime.msgSend(receiver, keyMessage, .string(keyPath))
    }
    let next = try KeyValueCoding.value(of: .object(receiver), forKey: key, in: receiver.runtime)  // call-out: accessors
    if next.isNil { return .nil }
    guard let runtime = receiver.runtime, let object = try? runtime.object(bridging: next) else {
      throw KeyValueError(
        .unsupportedKeyPath, "\(pathMessage.name) '\(keyPath)' passes through \(next) at '\(key)', which is not an object")
    }
    return try Runtime.msgSend(object, pathMessage, .string(rest))
  }
}
