// CollectionGetterProxy.swift: the array, ordered set and set valueForKey: returns for a key
// with only collection accessors, as runtime objects.
//
// Docs: docs/kvo.md#collection-accessors. Tests: Tests/KVOTests/CollectionGetterProxyTests.swift.
//
// As in Foundation, a key whose class has no getter but the indexed accessors (`countOf<Key>`
// with `objectIn<Key>AtIndex:` or `<key>AtIndexes:`) reads as an `NSKeyValueArray`, a private
// subclass of `NSArray`, or, when the class also has `indexIn<Key>OfObject:`, as an
// `NSKeyValueOrderedSet`, a private subclass of `NSOrderedSet` (NSKeyValueCoding.h's step
// before the array step); one with the unordered accessors (`countOf<Key>`, `enumeratorOf<Key>`,
// `memberOf<Key>:`) reads as an `NSKeyValueSet`, a private subclass of `NSSet`. Each holds its
// container and key in the ivars `_container` and `_key` and implements its class's primitives by
// sending the container's accessors every time, so the proxy is live: it shows the collection as
// it is when asked, not as it was when `valueForKey:` answered. Every other `NSArray` / `NSSet`
// message is written with the primitives (MiniFoundation), so all of them work on it.
//   - NSKeyValueArray: `count` → `countOf<Key>`; `objectAtIndex:` → `objectIn<Key>AtIndex:`, or
//     `<key>AtIndexes:` with one index (checked against `countOf<Key>` first: an index out of
//     bounds is NSArray's range error, never a call that might trap); `objectsAtIndexes:` →
//     `<key>AtIndexes:` when the class has it.
//   - NSKeyValueOrderedSet: the same three, and `indexOfObject:` → `indexIn<Key>OfObject:`.
//   - NSKeyValueSet: `count` → `countOf<Key>`; `member:` → `memberOf<Key>:`; `objectEnumerator`
//     → `enumeratorOf<Key>`; `allObjects` (MiniFoundation's set primitive) → `nextObject` sent to
//     that enumerator until it answers nil.
// The classes are made once per runtime with the other proxy classes (MutableSetProxy.swift).
// Stateless apart from the two ivars; nothing is locked while the container's accessors run.

import MiniFoundation
import MiniRuntime

/// The proxies `valueForKey:` returns for collection accessors (a namespace: the proxies are
/// runtime objects).
enum CollectionGetterProxy {
  /// A new `NSKeyValueArray` for `key` of `container`.
  static func array(for container: Object, key: String) throws -> Value {
    .object(try make(try ProxyClasses.of(runtimeOf: container).keyValueArray, container, key))
  }

  /// A new `NSKeyValueOrderedSet` for `key` of `container`.
  static func orderedSet(for container: Object, key: String) throws -> Value {
    .object(try make(try ProxyClasses.of(runtimeOf: container).keyValueOrderedSet, container, key))
  }

  /// A new `NSKeyValueSet` for `key` of `container`.
  static func set(for container: Object, key: String) throws -> Value {
    .object(try make(try ProxyClasses.of(runtimeOf: container).keyValueSet, container, key))
  }

  /// A new instance of `cls` for `key` of `container`. By name: the three classes each declare
  /// their own `_container` and `_key`.
  private static func make(_ cls: Class, _ container: Object, _ key: String) throws -> Object {
    let proxy = try cls.createInstance()
    try proxy.setValue(.object(container), forIvar: "_container")
    try proxy.setValue(.string(key), forIvar: "_key")
    return proxy
  }

  /// The container of a proxy (the receiver of one of its methods) and the accessor named
  /// `prefix + Key + suffix` (`countOf` + `Rows`).
  private struct Parts {
    let container: Object
    let key: String

    init(_ proxy: Object) throws {
      // By name: NSKeyValueArray and NSKeyValueSet each declare their own `_container` and `_key`.
      guard case .object(let container) = try proxy.value(ofIvar: "_container"),
        let key = try proxy.value(ofIvar: "_key").stringValue
      else { throw KeyValueError(.invalidArgument, "\(proxy) is a collection proxy without a container") }
      (self.container, self.key) = (container, key)
    }

    /// `<prefix><Key><suffix>`, the name built from the key up to a NUL, as the search built it.
    func accessor(_ prefix: String, _ suffix: String = "") -> Selector {
      Selector(interning: prefix + KeyValueCoding.capitalized(KeyValueCoding.nameStem(key)) + suffix)
    }

    /// `<key>AtIndexes:`, if the container's class has it.
    var atIndexes: Selector? {
      let selector = Selector(interning: KeyValueCoding.nameStem(key) + "AtIndexes:")
      return container.isa.instancesRespond(to: selector) ? selector : nil
    }

    /// `countOf<Key>`, sent now.
    func count() throws -> Int {
      try Runtime.msgSend(container, accessor("countOf")).intValue ?? 0  // call-out: the accessor
    }
  }

  private static func method(_ className: String, _ selector: String, _ body: @escaping ImplementationBody) -> Implementation {
    Implementation(function: "-[\(className) \(selector)]", body)
  }

  // MARK: - NSKeyValueArray

  static let arrayMethods = indexedMethods("NSKeyValueArray")

  // MARK: - NSKeyValueOrderedSet

  static let orderedSetMethods =
    indexedMethods("NSKeyValueOrderedSet") + [
      (
        "indexOfObject:", "Q24@0:8@16",
        method("NSKeyValueOrderedSet", "indexOfObject:") { receiver, _, arguments in
          let parts = try Parts(receiver)
          return try Runtime.msgSend(parts.container, parts.accessor("indexIn", "OfObject:"), arguments[0])  // call-out
        }
      )
    ]

  /// The primitives of an indexed proxy (`NSKeyValueArray`, `NSKeyValueOrderedSet`), whose
  /// messages name `className`.
  private static func indexedMethods(_ className: String) -> [(Selector, String, Implementation)] {
    [
      (
        "count", "Q16@0:8",
        method(className, "count") { receiver, _, _ in .uint64(UInt64(max(0, try Parts(receiver).count()))) }
      ),
      (
        "objectAtIndex:", "@24@0:8Q16",
        method(className, "objectAtIndex:") { receiver, _, arguments in
          let parts = try Parts(receiver)
          // An NSUInteger: -1 (18446744073709551615 once the send converts it) is out of bounds.
          guard let index = arguments[0].indexArgument else {
            throw KeyValueError(.invalidArgument, "*** -[\(className) objectAtIndex:]: \(arguments[0]) is not an index")
          }
          let count = try parts.count()
          guard index >= 0, index < count else {
            throw KeyValueError(
              .indexOutOfBounds,
              "*** -[\(className) objectAtIndex:]: index \(printedAsNSUInteger(index)) beyond bounds "
                + (count == 0 ? "for empty array" : "[0 .. \(count - 1)]"))
          }
          let objectAtIndex = parts.accessor("objectIn", "AtIndex:")
          if !parts.container.isa.instancesRespond(to: objectAtIndex), let atIndexes = parts.atIndexes,
            let runtime = receiver.runtime
          {
            let found = try Runtime.msgSend(parts.container, atIndexes, .object(try runtime.indexSet([index])))  // call-out
            return try found.collectionContents()?.elements.first ?? .nil
          }
          return try Runtime.msgSend(parts.container, objectAtIndex, .int(index))  // call-out: the accessor
        }
      ),
      (
        "objectsAtIndexes:", "@24@0:8@16",
        method(className, "objectsAtIndexes:") { receiver, _, arguments in
          let parts = try Parts(receiver)
          if let atIndexes = parts.atIndexes {
            return try Runtime.msgSend(parts.container, atIndexes, arguments[0])  // call-out: the accessor
          }
          let indexes = try KeyValueCategory.indexes(arguments[0])
          return .array(try indexes.map { try Runtime.msgSend(receiver, "objectAtIndex:", .int($0)) })
        }
      ),
    ]
  }

  // MARK: - NSKeyValueSet

  static let setMethods: [(Selector, String, Implementation)] = [
    (
      "count", "Q16@0:8",
      method("NSKeyValueSet", "count") { receiver, _, _ in .uint64(UInt64(max(0, try Parts(receiver).count()))) }
    ),
    (
      "member:", "@24@0:8@16",
      method("NSKeyValueSet", "member:") { receiver, _, arguments in
        let parts = try Parts(receiver)
        return try Runtime.msgSend(parts.container, parts.accessor("memberOf", ":"), arguments[0])  // call-out: the accessor
      }
    ),
    (
      "objectEnumerator", "@16@0:8",
      method("NSKeyValueSet", "objectEnumerator") { receiver, _, _ in
        let parts = try Parts(receiver)
        return try Runtime.msgSend(parts.container, parts.accessor("enumeratorOf"))  // call-out: the accessor
      }
    ),
    (
      "allObjects", "@16@0:8",
      method("NSKeyValueSet", "allObjects") { receiver, _, _ in
        let enumerator = try Runtime.msgSend(receiver, "objectEnumerator")
        var elements: [Value] = []
        while case let next = try Runtime.msgSend(enumerator.objectValue, "nextObject"), !next.isNil {  // call-out
          elements.append(next)
        }
        return .array(elements)
      }
    ),
  ]
}
