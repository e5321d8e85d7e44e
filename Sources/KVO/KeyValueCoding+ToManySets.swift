// KeyValueCoding+ToManySets.swift: mutableSetValueForKey:, mutableOrderedSetValueForKey: and
// their key-path forms, as NSObject category methods.
//
// Docs: docs/kvo.md#set-relationships. Tests: Tests/KVOTests/MutableSetProxyTests.swift,
// MutableOrderedSetProxyTests.swift.
//
// Each returns a new proxy object (MutableSetProxy.swift, MutableOrderedSetProxy.swift). The
// key-path forms recurse as Foundation's do (ToManyKeyPath in KeyValueCoding+ToMany.swift): the
// first key's value (`valueForKey:`, so through dictionaries and collections) is sent the rest of
// the path, and the last object makes the proxy; a nil on the way gives nil, as messaging nil does.

import MiniFoundation
import MiniRuntime

enum ToManySetsCategory {
  static let mutableSetValueForKey: Selector = "mutableSetValueForKey:"
  static let mutableSetValueForKeyPath: Selector = "mutableSetValueForKeyPath:"
  static let mutableOrderedSetValueForKey: Selector = "mutableOrderedSetValueForKey:"
  static let mutableOrderedSetValueForKeyPath: Selector = "mutableOrderedSetValueForKeyPath:"

  static let methods: [(Selector, String, Implementation)] = [
    (
      mutableSetValueForKey, "@24@0:8@16",
      KeyValueCategory.method("NSKeyValueCoding", "mutableSetValueForKey:") { receiver, _, arguments in
        .object(try MutableSetProxy.make(for: receiver, key: try KeyValueCategory.key(arguments[0], receiver)))
      }
    ),
    (
      mutableSetValueForKeyPath, "@24@0:8@16",
      KeyValueCategory.method("NSKeyValueCoding", "mutableSetValueForKeyPath:") { receiver, _, arguments in
        try ToManyKeyPath.proxy(
          of: receiver, keyPath: try KeyValueCategory.key(arguments[0], receiver), mutableSetValueForKeyPath, mutableSetValueForKey)
      }
    ),
    (
      mutableOrderedSetValueForKey, "@24@0:8@16",
      KeyValueCategory.method("NSKeyValueCoding", "mutableOrderedSetValueForKey:") { receiver, _, arguments in
        .object(try MutableOrderedSetProxy.make(for: receiver, key: try KeyValueCategory.key(arguments[0], receiver)))
      }
    ),
    (
      mutableOrderedSetValueForKeyPath, "@24@0:8@16",
      KeyValueCategory.method("NSKeyValueCoding", "mutableOrderedSetValueForKeyPath:") { receiver, _, arguments in
        try ToManyKeyPath.proxy(
          of: receiver, keyPath: try KeyValueCategory.key(arguments[0], receiver), mutableOrderedSetValueForKeyPath,
          mutableOrderedSetValueForKey)
      }
    ),
  ]
}
