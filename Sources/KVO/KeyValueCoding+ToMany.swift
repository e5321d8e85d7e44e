// KeyValueCoding+ToMany.swift: mutableArrayValueForKey: and mutableArrayValueForKeyPath:.
//
// Docs: docs/kvo.md#to-many-changes. Tests: Tests/KVOTests/ToManyTests.swift.
//
// Both return a `MutableArrayProxy` (MutableArrayProxy.swift), which reaches the array the way
// Foundation's documented search for ordered collections says (MutableArrayProxy+Access.swift).

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
  /// - Throws: ``KeyValueError`` with code `invalidKeyPath` for a malformed key.
  ///
  /// Objective-C: `-[NSObject mutableArrayValueForKey:]`
  public func mutableArrayValue(forKey key: String) throws -> MutableArrayProxy {
    let proxy = try sendCategoryMessage("mutableArrayValueForKey:", [.string(key)])
    guard let result = proxy.swiftObject(as: MutableArrayProxy.self) else {
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
  /// - Throws: ``KeyValueError`` with code `invalidKeyPath` for a malformed path,
  ///   `unsupportedKeyPath` for a collection operator or a path through a value that is not an
  ///   object.
  ///
  /// Objective-C: `-[NSObject mutableArrayValueForKeyPath:]`
  public func mutableArrayValue(forKeyPath keyPath: String) throws -> MutableArrayProxy? {
    let proxy = try sendCategoryMessage("mutableArrayValueForKeyPath:", [.string(keyPath)])
    if proxy.isNil { return nil }
    guard let result = proxy.swiftObject(as: MutableArrayProxy.self) else {
      throw KeyValueError(.invalidValue, "mutableArrayValueForKeyPath: returned \(proxy), not a proxy")
    }
    return result
  }
}

