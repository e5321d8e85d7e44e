// CollectionCategories.swift: key-value coding's categories on Foundation's collections.
//
// Docs: docs/kvo.md#key-value-coding-on-collections. Tests: Tests/KVOTests/CollectionKeyValueCodingTests.swift.
//
// Foundation declares these in NSKeyValueCoding.h as categories on its classes, and so are they
// here: methods added to the runtime's NSArray, NSSet, NSOrderedSet, NSDictionary,
// NSMutableDictionary and NSNull when both KVO and Foundation are loaded into a runtime (whichever
// comes second adds them: MiniFoundation runs KVO's load handler, or KVO finds Foundation there).
//   - `-[NSArray valueForKey:]` maps the key over the elements (NSNull where one answers nil);
//     `-[NSSet valueForKey:]` likewise into a set (nil answers left out); `-setValue:forKey:`
//     sets the key on every element. A key starting with `@` goes to NSObject's own
//     `valueForKey:` without the `@` (`@count` is `-count`).
//   - `-[NSDictionary valueForKey:]` is `-objectForKey:` unless the key starts with `@`;
//     `-[NSMutableDictionary setValue:forKey:]` is `-setObject:forKey:`, nil removes the key, and
//     observers of the key are notified.
//   - `-[NSNull valueForKey:]` answers NSNull itself.
// The observation categories (`addObserver:…` raising on collections, `addObserver:toObjectsAtIndexes:…`)
// are in CollectionObservation.swift.

import MiniFoundation
import MiniRuntime

enum CollectionCategories {
  /// Adds the categories to `runtime` if Foundation is there, and makes sure they are added when
  /// Foundation loads later. Locking: called under the runtime's creation lock (from KVORuntime).
  static func installWhenFoundationLoads(in runtime: Runtime) {
    _ = registerLoadHandler
    if runtime.hasFoundation { install(in: runtime) }
  }

  /// Registers, once per process, MiniFoundation's load handler that adds the categories to a
  /// runtime KVO was loaded into before Foundation.
  private static let registerLoadHandler: Void = Runtime.whenFoundationLoads { runtime in
    if KVORuntime.isInstalled(in: runtime) { install(in: runtime) }
  }

  private static func install(in runtime: Runtime) {
    ProxyClasses.addMethods(in: runtime)  // Foundation's proxy classes get KVC's methods too
    for (className, categories) in [
      ("NSArray", arrayMethods), ("NSSet", setMethods), ("NSOrderedSet", orderedSetMethods),
      ("NSDictionary", dictionaryMethods), ("NSMutableDictionary", mutableDictionaryMethods), ("NSNull", nullMethods),
    ] {
      guard let cls = runtime.lookUpClass(named: className) else { continue }
      let operators = CollectionOperatorMethods.methods(for: className)
      for (selector, types, implementation) in categories + CollectionObservation.methods(for: className) + operators {
        // Cannot fail: fixed, valid selectors and encodings on a registered class.
        _ = try? cls.addMethod(selector, types: types, implementation: implementation)
      }
    }
  }

  typealias Entry = (Selector, String, Implementation)

  static func method(_ className: String, _ category: String, _ selector: String, _ body: @escaping ImplementationBody) -> Implementation {
    Implementation(function: "-[\(className)(\(category)) \(selector)]", body)
  }

  /// NSObject's own `valueForKey:` for `@key` without its `@` unit (`@count` → `-count`,
  /// `@\u{301}count` → the key `\u{301}count`).
  static func superValueForKey(_ receiver: Object, _ key: String) throws -> Value {
    guard let root = receiver.runtime?.rootClass else { return .nil }
    return try Runtime.msgSendSuper(receiver, superclass: root, Selectors.valueForKey, .string(KeyValuePath.droppingOperatorMark(key)))
  }

  // MARK: - NSArray, NSOrderedSet, NSSet

  private static let arrayMethods: [Entry] = [
    (
      "valueForKey:", "@24@0:8@16",
      method("NSArray", "NSKeyValueCoding", "valueForKey:") { receiver, _, arguments in
        let key = try KeyValueCategory.key(arguments[0], receiver)
        if KeyValuePath.startsWithOperatorMark(key) { return try superValueForKey(receiver, key) }
        return .array(try eachElement(of: receiver, "valueForKey:") { element in
          let value = try KeyValueCoding.value(of: element, forKey: key, in: receiver.runtime)
          return value.isNil ? .null : value  // an array holds NSNull for nil
        })
      }
    ),
    ("setValue:forKey:", "v32@0:8@16@24", setOnEveryElement("NSArray")),
  ]

  private static let orderedSetMethods: [Entry] = [
    (
      "valueForKey:", "@24@0:8@16",
      method("NSOrderedSet", "NSKeyValueCoding", "valueForKey:") { receiver, _, arguments in
        let key = try KeyValueCategory.key(arguments[0], receiver)
        if KeyValuePath.startsWithOperatorMark(key) { return try superValueForKey(receiver, key) }
        let values = try eachElement(of: receiver, "valueForKey:") { element in
          let value = try KeyValueCoding.value(of: element, forKey: key, in: receiver.runtime)
          return value.isNil ? Value.null : value
        }
        guard let runtime = receiver.runtime else { return .nil }
        return .object(try runtime.orderedSet(values))
      }
    ),
    ("setValue:forKey:", "v32@0:8@16@24", setOnEveryElement("NSOrderedSet")),
  ]

  private static let setMethods: [Entry] = [
    (
      "valueForKey:", "@24@0:8@16",
      method("NSSet", "NSKeyValueCoding", "valueForKey:") { receiver, _, arguments in
        let key = try KeyValueCategory.key(arguments[0], receiver)
        if KeyValuePath.startsWithOperatorMark(key) { return try superValueForKey(receiver, key) }
        let values = try eachElement(of: receiver, "valueForKey:") { element in
          try KeyValueCoding.value(of: element, forKey: key, in: receiver.runtime)
        }
        return .set(Set(values.filter { !$0.isNil }))  // a set leaves nil answers out
      }
    ),
    ("setValue:forKey:", "v32@0:8@16@24", setOnEveryElement("NSSet")),
  ]

  /// The elements of a collection receiver (read through its primitives if it is a subclass's).
  static func elements(of receiver: Object) throws -> [Value] {
    try Value.object(receiver).collectionContents()?.elements ?? []
  }

  /// `body` of each element of a collection receiver, in order, one nesting level deeper
  /// (Value+Nesting.swift): an element may be a collection that sends the same message to its
  /// own elements, and one that holds itself raises past `Value.nestingLimit` levels, where
  /// Apple's recursion runs out of stack (docs/foundation.md#collections-that-contain-themselves).
  private static func eachElement<Result>(
    of receiver: Object, _ selector: String, _ body: (Value) throws -> Result
  ) throws -> [Result] {
    guard let results = try Value.nested({ () throws -> [Result] in try elements(of: receiver).map(body) }) else {
      throw MessageEquality.tooDeep(.object(receiver), selector)
    }
    return results
  }

  /// `-setValue:forKey:` of a collection: the key set on every element.
  private static func setOnEveryElement(_ className: String) -> Implementation {
    method(className, "NSKeyValueCoding", "setValue:forKey:") { receiver, _, arguments in
      let key = try KeyValueCategory.key(arguments[1], receiver)
      _ = try eachElement(of: receiver, "setValue:forKey:") { element in
        try KeyValueCoding.setValue(arguments[0], on: element, forKey: key, in: receiver.runtime)
      }
      return .nil
    }
  }

  // MARK: - NSDictionary, NSMutableDictionary, NSNull

  private static let dictionaryMethods: [Entry] = [
    (
      "valueForKey:", "@24@0:8@16",
      method("NSDictionary", "NSKeyValueCoding", "valueForKey:") { receiver, _, arguments in
        let key = try KeyValueCategory.key(arguments[0], receiver)
        if KeyValuePath.startsWithOperatorMark(key) { return try superValueForKey(receiver, key) }
        // The key object itself, as Foundation's: a string's units may be more than `key` holds.
        return try Runtime.msgSend(receiver, "objectForKey:", try keyObject(arguments[0], named: key, receiver))
      }
    )
  ]

  private static let mutableDictionaryMethods: [Entry] = [
    (
      "setValue:forKey:", "v32@0:8@16@24",
      method("NSMutableDictionary", "NSKeyValueCoding", "setValue:forKey:") { receiver, _, arguments in
        let key = try KeyValueCategory.key(arguments[1], receiver)
        let value = arguments[0]
        let entryKey = try keyObject(arguments[1], named: key, receiver)
        let set = { () throws -> Void in
          if value.isNil {  // the key object itself, as in `valueForKey:` above
            try Runtime.msgSend(receiver, "removeObjectForKey:", entryKey)
          } else {
            try Runtime.msgSend(receiver, "setObject:forKey:", value, entryKey)
          }
        }
        // A dictionary's keys are observable through KVC: notify around the change.
        guard try Notifier.notifiesAutomatically(receiver, key: key) else {
          try set()
          return .nil
        }
        try Notifier.bracket(receiver, key: key, id: KeyID(key), set)
        return .nil
      }
    )
  ]

  /// The key a dictionary's KVC hands on: the key object itself, or, for the name KVO gave a key
  /// with a lone surrogate (its own reads of an observed entry send that name), a string object
  /// with those units again (LoneSurrogateKey.swift).
  private static func keyObject(_ value: Value, named key: String, _ receiver: Object) throws -> Value {
    guard case .string = value else { return value }
    return try LoneSurrogateKey.argument(key, in: receiver.runtime)
  }

  private static let nullMethods: [Entry] = [
    (
      "valueForKey:", "@24@0:8@16",
      method("NSNull", "NSKeyValueCoding", "valueForKey:") { receiver, _, _ in .object(receiver) }
    )
  ]
}
