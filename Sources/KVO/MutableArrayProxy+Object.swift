// MutableArrayProxy+Object.swift: the mutable array proxy as the runtime object
// `mutableArrayValueForKey:` answers.
//
// Docs: docs/kvo.md#to-many-changes. Tests: Tests/KVOTests/FidelityRound7Tests.swift.
//
// As in Foundation, the message answers an instance of a private subclass of `NSMutableArray`
// (`NSKeyValueFastMutableArray`, `NSKeyValueSlowMutableArray` or `NSKeyValueIvarMutableArray`,
// all below `NSKeyValueMutableArray`, named by the route the class offers when the proxy is
// made), holding its container and key in the ivars `_container` and `_key`. It implements
// NSArray's and NSMutableArray's primitives and the edits whose notifications differ from the
// primitives' (the multi-index edits, `addObject:`, `removeObject:`, `removeAllObjects`,
// `removeLastObject`) by handing each to a `MutableArrayProxy` of that container and key, which
// decides the route afresh per edit (MutableArrayProxy+Access.swift); every other
// `NSMutableArray` message is MiniFoundation's, written with those primitives. The proxy
// retains its container. Stateless: nothing is locked while a message runs.

import MiniFoundation
import MiniRuntime

extension MutableArrayProxy {
  /// A new proxy object for `key` of `container`, of the class its route names.
  static func makeObject(for container: Object, key: String) throws -> Object {
    let classes = try ProxyClasses.of(runtimeOf: container)
    let cls: Class
    switch try access(of: container, key: key) {
    case .mutators: cls = classes.fastMutableArray
    case .setter, .undefined: cls = classes.slowMutableArray
    case .ivar: cls = classes.ivarMutableArray
    }
    return try classes.arrayIvars.make(cls, for: container, key: key)
  }

  /// The Swift proxy of a proxy object, or nil if `object` is no `NSKeyValueMutableArray`.
  static func of(_ object: Object) throws -> MutableArrayProxy? {
    guard let runtime = object.runtime else { return nil }
    let classes = try ProxyClasses.of(runtime)
    guard object.isa.isSubclass(of: classes.mutableArray), let parts = try classes.arrayIvars.parts(of: object) else {
      return nil
    }
    return MutableArrayProxy(parts.container, key: parts.key)
  }

  private static func method(_ selector: String, _ body: @escaping ImplementationBody) -> Implementation {
    Implementation(function: "-[NSKeyValueMutableArray \(selector)]", body)
  }

  /// A method of the proxy object: its Swift proxy, then `body`.
  private static func proxied(_ selector: String, _ body: @escaping @Sendable (MutableArrayProxy, Arguments) throws -> Value) -> Implementation {
    method(selector) { receiver, _, arguments in
      guard let proxy = try of(receiver) else {
        throw KeyValueError(.invalidArgument, "\(receiver) is an array proxy without a container")
      }
      return try body(proxy, arguments)
    }
  }

  /// An `NSUInteger` argument, as its bit pattern (IndexArgument.swift): -1, or the
  /// 18446744073709551615 the send makes of it, is -1, which no bounds check lets through.
  private static func index(_ value: Value, _ selector: String) throws(KeyValueError) -> Int {
    guard let index = value.indexArgument else {
      throw KeyValueError(.invalidArgument, "*** -[NSKeyValueMutableArray \(selector)]: \(value) is not an index")
    }
    return index
  }

  /// An array argument (any array object, or a bridged array).
  private static func array(_ value: Value, _ selector: String) throws -> [Value] {
    guard case .array(let elements)? = try value.collectionContents() else {
      throw KeyValueError(.invalidArgument, "*** -[NSKeyValueMutableArray \(selector)]: \(value) is not an array")
    }
    return elements
  }

  /// The methods of `NSKeyValueMutableArray`.
  static let objectMethods: [(Selector, String, Implementation)] = [
    ("count", "Q16@0:8", proxied("count") { proxy, _ in .uint64(UInt64(try proxy.count())) }),
    (
      "objectAtIndex:", "@24@0:8Q16",
      proxied("objectAtIndex:") { proxy, arguments in
        let elements = try proxy.elements()
        let index = try MutableArrayProxy.index(arguments[0], "objectAtIndex:")
        guard index >= 0, index < elements.count else {
          let bounds = elements.isEmpty ? "for empty array" : "beyond bounds [0 .. \(elements.count - 1)]"
          throw KeyValueError(
            .indexOutOfBounds, "*** -[NSKeyValueMutableArray objectAtIndex:]: index \(printedAsNSUInteger(index)) \(bounds)")
        }
        return elements[index]
      }
    ),
    (
      "insertObject:atIndex:", "v32@0:8@16Q24",
      proxied("insertObject:atIndex:") { proxy, arguments in
        try proxy.insert(arguments[0], at: try index(arguments[1], "insertObject:atIndex:"))
        return .nil
      }
    ),
    (
      "removeObjectAtIndex:", "v24@0:8Q16",
      proxied("removeObjectAtIndex:") { proxy, arguments in
        try proxy.remove(at: try index(arguments[0], "removeObjectAtIndex:"))
        return .nil
      }
    ),
    (
      "replaceObjectAtIndex:withObject:", "v32@0:8Q16@24",
      proxied("replaceObjectAtIndex:withObject:") { proxy, arguments in
        try proxy.replace(at: try index(arguments[0], "replaceObjectAtIndex:withObject:"), with: arguments[1])
        return .nil
      }
    ),
    ("addObject:", "v24@0:8@16", proxied("addObject:") { proxy, arguments in try proxy.append(arguments[0]); return .nil }),
    ("removeObject:", "v24@0:8@16", proxied("removeObject:") { proxy, arguments in try proxy.remove(arguments[0]); return .nil }),
    ("removeAllObjects", "v16@0:8", proxied("removeAllObjects") { proxy, _ in try proxy.removeAll(); return .nil }),
    ("removeLastObject", "v16@0:8", proxied("removeLastObject") { proxy, _ in try proxy.removeLast(); return .nil }),
    (
      "insertObjects:atIndexes:", "v32@0:8@16@24",
      proxied("insertObjects:atIndexes:") { proxy, arguments in
        try proxy.insert(try array(arguments[0], "insertObjects:atIndexes:"), at: try KeyValueCategory.indexes(arguments[1]))
        return .nil
      }
    ),
    (
      "removeObjectsAtIndexes:", "v24@0:8@16",
      proxied("removeObjectsAtIndexes:") { proxy, arguments in
        try proxy.remove(at: try KeyValueCategory.indexes(arguments[0]))
        return .nil
      }
    ),
    (
      "replaceObjectsAtIndexes:withObjects:", "v32@0:8@16@24",
      proxied("replaceObjectsAtIndexes:withObjects:") { proxy, arguments in
        try proxy.replace(
          at: try KeyValueCategory.indexes(arguments[0]), with: try array(arguments[1], "replaceObjectsAtIndexes:withObjects:"))
        return .nil
      }
    ),
  ]
}

extension MutableArrayProxy {
  /// The Swift proxy of an answer to `mutableArrayValueForKey:`: a proxy object's, or one a
  /// class's override answered as a Swift proxy.
  static func of(_ answer: Value) throws -> MutableArrayProxy? {
    if let proxy = answer.swiftObject(as: MutableArrayProxy.self) { return proxy }
    guard case .object(let object) = answer else { return nil }
    return try of(object)
  }
}
