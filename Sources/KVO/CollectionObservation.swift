// CollectionObservation.swift: observing and collections, as Foundation's categories do it.
//
// Docs: docs/kvo.md#observing-collections. Tests: Tests/KVOTests/CollectionObservationTests.swift.
//
// An array, ordered set or set cannot itself be observed: `addObserver:forKeyPath:options:context:`
// and the `removeObserver:` messages sent to one raise `NSInvalidArgumentException` ("… is not
// supported"), as Foundation's overrides do; observe the to-many property of the object that
// holds the collection instead. An array can register an observer with some of its elements:
// `addObserver:toObjectsAtIndexes:forKeyPath:options:context:` (and the matching removals) send
// the registration to each element at the indexes. Every index is checked before anything is
// registered; a removal stops at the first element the observer was not registered with.

import MiniFoundation
import MiniRuntime

enum CollectionObservation {
  /// The observation methods of the class named `className`, for CollectionCategories to install.
  static func methods(for className: String) -> [CollectionCategories.Entry] {
    switch className {
    case "NSArray": return unsupported(className) + indexedRegistration
    case "NSSet", "NSOrderedSet": return unsupported(className)
    default: return []
    }
  }

  /// `addObserver:…` and `removeObserver:…` raising "not supported" on a collection.
  private static func unsupported(_ className: String) -> [CollectionCategories.Entry] {
    [
      ("addObserver:forKeyPath:options:context:", "v48@0:8@16@24Q32^v40", refusing(className, "addObserver:forKeyPath:options:context:", keyPathArgument: 1)),
      ("removeObserver:forKeyPath:", "v32@0:8@16@24", refusing(className, "removeObserver:forKeyPath:", keyPathArgument: 1)),
      ("removeObserver:forKeyPath:context:", "v40@0:8@16@24^v32", refusing(className, "removeObserver:forKeyPath:context:", keyPathArgument: 1)),
    ]
  }

  private static func refusing(_ className: String, _ selector: String, keyPathArgument: Int) -> Implementation {
    CollectionCategories.method(className, "NSKeyValueObserverRegistration", selector) { receiver, _, arguments in
      // The key path as text: a string object's own units (a lone surrogate as U+FFFD), not
      // KVO's name for it, nor the object's description.
      let argument = arguments[keyPathArgument]
      let keyPath = (try? KeyValueCategory.key(argument, receiver)).map(LoneSurrogateKey.displayed) ?? "\(argument)"
      throw KeyValueError(
        .unsupportedKeyPath, "[<\(receiver.isa.name) \(receiver.address)> \(selector)] is not supported. Key path: \(keyPath)")
    }
  }

  private static let indexedRegistration: [CollectionCategories.Entry] = [
    (
      "addObserver:toObjectsAtIndexes:forKeyPath:options:context:", "v56@0:8@16@24@32Q40^v48",
      CollectionCategories.method("NSArray", "NSKeyValueObserverRegistration", "addObserver:toObjectsAtIndexes:forKeyPath:options:context:") {
        receiver, selector, arguments in
        for element in try elements(of: receiver, at: arguments[1], selector) {
          try Runtime.msgSend(element, "addObserver:forKeyPath:options:context:", arguments: [arguments[0], arguments[2], arguments[3], arguments[4]])
        }
        return .nil
      }
    ),
    (
      "removeObserver:fromObjectsAtIndexes:forKeyPath:", "v40@0:8@16@24@32",
      CollectionCategories.method("NSArray", "NSKeyValueObserverRegistration", "removeObserver:fromObjectsAtIndexes:forKeyPath:") {
        receiver, selector, arguments in
        for element in try elements(of: receiver, at: arguments[1], selector) {
          try Runtime.msgSend(element, "removeObserver:forKeyPath:", arguments[0], arguments[2])
        }
        return .nil
      }
    ),
    (
      "removeObserver:fromObjectsAtIndexes:forKeyPath:context:", "v48@0:8@16@24@32^v40",
      CollectionCategories.method("NSArray", "NSKeyValueObserverRegistration", "removeObserver:fromObjectsAtIndexes:forKeyPath:context:") {
        receiver, selector, arguments in
        for element in try elements(of: receiver, at: arguments[1], selector) {
          try Runtime.msgSend(element, "removeObserver:forKeyPath:context:", arguments: [arguments[0], arguments[2], arguments[3]])
        }
        return .nil
      }
    ),
  ]

  /// Whether `value` is an array, ordered set or set (bridged or an object): a to-many value that
  /// cannot be observed through.
  static func isToManyCollection(_ value: Value) throws -> Bool {
    switch try value.collectionContents() {
    case .array?, .orderedSet?, .set?: return true
    case .dictionary?, nil: return false
    }
  }

  /// `NSArray`, `NSSet`, or the object's class, for messages.
  static func className(of value: Value) -> String {
    switch value {
    case .array: return "NSArray"
    case .set: return "NSSet"
    default: return value.objectValue?.isa.name ?? "\(value.encoding)"
    }
  }

  /// Throws "not supported" when `object` is an array, ordered set or set, which cannot be
  /// observed (the closure API comes here without sending `addObserver:`).
  static func refuseCollection(_ object: Object, keyPath: String) throws {
    guard try isToManyCollection(.object(object)) else { return }
    throw KeyValueError(
      .unsupportedKeyPath,
      "[<\(object.isa.name) \(object.address)> addObserver:forKeyPath:options:context:] is not supported. Key path: \(keyPath)")
  }

  /// The elements of the array `receiver` at the `NSIndexSet` argument, as objects, every index
  /// checked first (`NSRangeException` as `-objectAtIndex:` raises it).
  private static func elements(of receiver: Object, at indexesArgument: Value, _ selector: Selector) throws -> [Object] {
    guard let indexes = indexesArgument.indexesValue else {
      throw KeyValueError(.invalidArgument, "-[\(receiver.isa.name) \(selector.name)]: \(indexesArgument) is not an NSIndexSet")
    }
    let elements = try CollectionCategories.elements(of: receiver)
    if let last = indexes.last, last >= elements.count {
      let bounds = elements.isEmpty ? "beyond bounds for empty array" : "beyond bounds [0 .. \(elements.count - 1)]"
      throw KeyValueError(.indexOutOfBounds, "*** -[\(receiver.isa.name) objectAtIndex:]: index \(last) \(bounds)")
    }
    guard let runtime = receiver.runtime else { return [] }
    return try indexes.compactMap { try runtime.object(bridging: elements[$0]) }
  }
}
