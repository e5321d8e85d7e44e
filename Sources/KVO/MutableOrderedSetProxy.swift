// MutableOrderedSetProxy.swift: the mutable ordered set `mutableOrderedSetValueForKey:` returns.
//
// Docs: docs/kvo.md#set-relationships. Tests: Tests/KVOTests/MutableOrderedSetProxyTests.swift.
//
// A runtime object of a private subclass of `NSMutableOrderedSet` (`NSKeyValueFastMutableOrderedSet`,
// `…Slow…`, `…Ivar…`, below `NSKeyValueMutableOrderedSet`), holding `_container` and `_key`. It
// implements the ordered primitives (`count`, `objectAtIndex:`, `insertObject:atIndex:`,
// `removeObjectAtIndex:`, `replaceObjectAtIndex:withObject:`) and the multi-index edits, so every
// `NSMutableOrderedSet` message works on it; each method builds an `OrderedSetEdit`
// (OrderedSetEdit.swift), which makes the edit on the route below. Foundation's documented search,
// afresh per message:
//   1. mutators: an insertion method (`insertObject:in<Key>AtIndex:` or `insert<Key>:atIndexes:`)
//      and a removal method (`removeObjectFrom<Key>AtIndex:` or `remove<Key>AtIndexes:`), plus the
//      replacement methods if present: sent to the container, whose notifying overrides report
//      insertion/removal/replacement with the indexes;
//   2. the setter `set<Key>:`: read with the getter, edited as a copy, sent back as an
//      `NSOrderedSet` (a setting); a nil value raises;
//   3. if `+accessInstanceVariablesDirectly`, an ivar `_<key>` or `<key>`: its
//      `NSMutableOrderedSet` receives the edit, inside a will/did of the edit's kind and indexes
//      when the class notifies automatically; an immutable `NSOrderedSet` refuses it with its own
//      unrecognized-selector error, and a nil ivar raises `NSInternalInconsistencyException`
//      (nothing is invented), both after the will, with no did (decision 0025);
//   4. otherwise `_set<Key>:` or `setIs<Key>:`, as in step 2 (decision 0035); else
//      `valueForUndefinedKey:` / `setValue:forUndefinedKey:`.
// An insertion of an object the set already holds is not looked for by the proxy: the mutator or
// the ivar's set gets it inside a will/did of its index (the set ignores it), and the setter route
// sets an equal copy (a setting), as Foundation's three proxies do.
// Indexes are checked where Foundation's proxies check them (decision 0025, as
// MutableArrayProxy.swift): an edit handed to one mutator message and every edit of the ivar's
// ordered set go on unchecked (the will comes first, then the raise); an edit made one mutator
// message per index, and every setter edit, is checked before anyone is told. Stateless.

import MiniFoundation
import MiniRuntime

/// The proxy of `mutableOrderedSetValueForKey:` (a namespace: the proxy is a runtime object).
enum MutableOrderedSetProxy {
  /// A new proxy for `key` of `container`, of the class its route names.
  /// Any string is a key (a key that names nothing, such as `""`, is undefined when used).
  static func make(for container: Object, key: String) throws -> Object {
    let classes = try ProxyClasses.of(runtimeOf: container)
    let cls: Class
    switch try MutableArrayProxy.access(of: container, key: key) {
    case .mutators: cls = classes.fastMutableOrderedSet
    case .setter, .undefined: cls = classes.slowMutableOrderedSet
    case .ivar: cls = classes.ivarMutableOrderedSet
    }
    return try classes.orderedSetIvars.make(cls, for: container, key: key)
  }

  private static func method(_ selector: String, _ body: @escaping ImplementationBody) -> Implementation {
    Implementation(function: "-[NSKeyValueMutableOrderedSet \(selector)]", body)
  }

  /// A method of the proxy: its edit for this message, then `body`.
  private static func proxied(_ selector: String, _ body: @escaping @Sendable (OrderedSetEdit, Arguments) throws -> Value) -> Implementation {
    method(selector) { receiver, selector, arguments in
      try body(try OrderedSetEdit(proxy: receiver, method: selector.name), arguments)
    }
  }

  static let methods: [(Selector, String, Implementation)] = [
    ("count", "Q16@0:8", proxied("count") { edit, _ in .uint64(UInt64(try edit.elements().count)) }),
    (
      "objectAtIndex:", "@24@0:8Q16",
      proxied("objectAtIndex:") { edit, arguments in
        let elements = try edit.elements()
        let index = try edit.index(arguments[0], in: elements.count)
        return elements[index]
      }
    ),
    (
      "insertObject:atIndex:", "v32@0:8@16Q24",
      proxied("insertObject:atIndex:") { edit, arguments in
        try edit.insert([arguments[0]], at: Indexes(integer: try edit.rawIndex(arguments[1])), bulk: false)
        return .nil
      }
    ),
    (
      "insertObjects:atIndexes:", "v32@0:8@16@24",
      proxied("insertObjects:atIndexes:") { edit, arguments in
        try edit.insert(try edit.array(arguments[0]), at: try edit.indexes(arguments[1]), bulk: true)
        return .nil
      }
    ),
    (
      "removeObjectAtIndex:", "v24@0:8Q16",
      proxied("removeObjectAtIndex:") { edit, arguments in
        try edit.remove(at: Indexes(integer: try edit.rawIndex(arguments[0])), bulk: false)
        return .nil
      }
    ),
    (
      "removeObjectsAtIndexes:", "v24@0:8@16",
      proxied("removeObjectsAtIndexes:") { edit, arguments in
        try edit.remove(at: try edit.indexes(arguments[0]), bulk: true)
        return .nil
      }
    ),
    (
      "replaceObjectAtIndex:withObject:", "v32@0:8Q16@24",
      proxied("replaceObjectAtIndex:withObject:") { edit, arguments in
        try edit.replace(at: Indexes(integer: try edit.rawIndex(arguments[0])), with: [arguments[1]], bulk: false)
        return .nil
      }
    ),
    (
      "replaceObjectsAtIndexes:withObjects:", "v32@0:8@16@24",
      proxied("replaceObjectsAtIndexes:withObjects:") { edit, arguments in
        try edit.replace(at: try edit.indexes(arguments[0]), with: try edit.array(arguments[1]), bulk: true)
        return .nil
      }
    ),
  ]
}
