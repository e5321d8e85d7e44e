// KeyValueCoding+ToManySets.swift: mutableSetValueForKey:, mutableOrderedSetValueForKey: and
// their key-path forms, as NSObject category methods.
//
// Docs: docs/kvo.md#set-relationships. Tests: Tests/KVOTests/MutableSetProxyTests.swift,
// MutableOrderedSetProxyTests.swift.
//
// Each returns a new proxy object (MutableSetProxy.swift, MutableOrderedSetProxy.swift). The
// key-path forms follow the path to its last object with `valueForKey:` (through dictionaries
// and collections, as KVC reads), then ask that object for the proxy of the last key; a nil
// on the way gives nil, as messaging nil does.

import MiniFoundation
import MiniRuntime

enum ToManySetsCategory {
  static let mutableSetValueForKey: Selector = "mutableSetValueForKey:"
  static let mutableSetValueForKeyPath: Selector = "mutableSetValueForKeyPath:"
  static let mutableOrderedSetValueForKey: Selector = "mutableOrderedSetValueForKey:"
  static let mutableOrderedSetValueForKeyPath: Selector = "mutableOrderedSetValueForKeyPath:"

  /// The object the path's last key belongs to and that key, or `nil` if the path meets nil.
  static func target(of path: KeyValuePath, from object: Object, _ method: String) throws -> (Object, String)? {
    guard !path.containsOperator, case .key(let last)? = path.components.last else {
      throw KeyValueError(.unsupportedKeyPath, "\(method) cannot edit through a collection operator: \(path)")
    }
    var target = object
    for component in path.components.dropLast() {
      guard case .key(let key) = component else { continue }
      let next = try KeyValueCoding.value(of: .object(target), forKey: key, in: target.runtime)  // call-out: accessors
      if next.isNil { return nil }
      guard let runtime = target.runtime, let nextObject = try? runtime.object(bridging: next) else {
        throw KeyValueError(.unsupportedKeyPath, "\(method) '\(path)' passes through \(next) at '\(key)', which is not an object")
      }
      target = nextObject
    }
    return (target, last)
  }

  static let methods: [(Selector, String, Implementation)] = [
    (
      mutableSetValueForKey, "@24@0:8@16",
      KeyValueCategory.method("NSKeyValueCoding", "mutableSetValueForKey:") { receiver, _, arguments in
        .object(try MutableSetProxy.make(for: receiver, key: try KeyValueCategory.key(arguments[0])))
      }
    ),
    (
      mutableSetValueForKeyPath, "@24@0:8@16",
      KeyValueCategory.method("NSKeyValueCoding", "mutableSetValueForKeyPath:") { receiver, selector, arguments in
        let path = try KeyValuePath(try KeyValueCategory.key(arguments[0]))
        guard let (target, key) = try target(of: path, from: receiver, selector.name) else { return .nil }
        return try Runtime.msgSend(target, mutableSetValueForKey, .string(key))
      }
    ),
    (
      mutableOrderedSetValueForKey, "@24@0:8@16",
      KeyValueCategory.method("NSKeyValueCoding", "mutableOrderedSetValueForKey:") { receiver, _, arguments in
        .object(try MutableOrderedSetProxy.make(for: receiver, key: try KeyValueCategory.key(arguments[0])))
      }
    ),
    (
      mutableOrderedSetValueForKeyPath, "@24@0:8@16",
      KeyValueCategory.method("NSKeyValueCoding", "mutableOrderedSetValueForKeyPath:") { receiver, selector, arguments in
        let path = try KeyValuePath(try KeyValueCategory.key(arguments[0]))
        guard let (target, key) = try target(of: path, from: receiver, selector.name) else { return .nil }
        return try Runtime.msgSend(target, mutableOrderedSetValueForKey, .string(key))
      }
    ),
  ]
}
