// CollectionOperatorMethods.swift: collection operators are methods, `_<name>ForKeyPath:`.
//
// Docs: docs/kvo.md#operators-are-methods. Tests: Tests/KVOTests/FidelityRound24OperatorTests.swift.
//
// Foundation's `-[NSArray valueForKeyPath:]` (NSSet's, NSOrderedSet's) reads a piece `@name` by
// building the selector `_<name>ForKeyPath:` from the name's C string, asking the collection's
// class for it as `class_getInstanceMethod` does (the resolver may add it) and invoking it with
// the rest of the path, nil when there is none; a class without it refuses the operation. The
// built-in operators are methods of the categories `NSArray(NSKeyValueCoding)` and the others:
// NSArray and NSOrderedSet have all eleven, NSSet all but the unions that keep duplicates.
// So a category's `_medianForKeyPath:` makes `@median`, and one that replaces (or a subclass
// that overrides) `_sumForKeyPath:` is what `@sum` runs.
//
// When the method found is the built-in one of the operator named, the operator is applied at
// once, as before: no message and no boxing of a bridged collection. Any other body is sent, a
// built-in one of another operator included (after `method_exchangeImplementations` of
// `_maxForKeyPath:` and `_minForKeyPath:`, `@max` runs the minimum, as in Foundation). The
// check is one cached lookup (`class_getMethodImplementation`) of the collection's class, which
// for a bridged array or set is the class boxing would make (`__NSArrayI`, `__NSSetI`).
// Foundation asks `[self class]` and invokes the method it finds; here the lookup is on the
// object's isa and the call is a message, which differ only for a collection whose `-class` is
// overridden. Stateless: the built-in implementations are made once per process and shared by
// every runtime.

import MiniFoundation
import MiniRuntime

enum CollectionOperatorMethods {
  /// The selector of the operator `name` (without `@`): `_<name>ForKeyPath:`.
  static func selector(_ name: String) -> Selector { Selector(interning: "_" + name + "ForKeyPath:") }

  /// The category methods of the class `className`: one `_<op>ForKeyPath:` per operator it
  /// implements.
  static func methods(for className: String) -> [CollectionCategories.Entry] {
    builtIns[className].map { table in
      CollectionOperator.allCases.compactMap { op in table[op].map { (selector(op.rawValue), "@24@0:8@16", $0) } }
    } ?? []
  }

  /// The method a collection's class has for the operator `name`, unless it is the built-in one
  /// of that operator (applied without a message) or there is none (`.forwarding`): a
  /// category's, a subclass's, a replacement or another operator's body, to be sent.
  ///
  /// - Throws: What `+initialize` or the resolver of the collection's class threw.
  static func foreignMethod(named name: String, for collection: Value, in runtime: Runtime?) throws -> Selector? {
    guard let cls = collectionClass(of: collection, in: runtime) else { return nil }
    let selector = selector(name)
    guard let found = try cls.methodImplementation(for: selector), found !== Implementation.forwarding,
      builtInOperators[ObjectIdentifier(found)]?.rawValue != name  // another body: `@max` after an exchange with `_min`
    else { return nil }
    return selector
  }

  /// The class a collection's messages go to: its own, or for a bridged array or set the class
  /// boxing makes (Runtime+Bridging.swift), without boxing it.
  private static func collectionClass(of collection: Value, in runtime: Runtime?) -> Class? {
    switch collection {
    case .object(let object): return object.isa
    case .array: return runtime?.lookUpClass(named: "__NSArrayI")
    case .set: return runtime?.lookUpClass(named: "__NSSetI")
    default: return nil
    }
  }

  // MARK: - The built-in methods

  /// `-[<class>(NSKeyValueCoding) _<op>ForKeyPath:]` for each class and operator it implements.
  private static let builtIns: [String: [CollectionOperator: Implementation]] = {
    var tables: [String: [CollectionOperator: Implementation]] = [:]
    for className in ["NSArray", "NSOrderedSet", "NSSet"] {
      var table: [CollectionOperator: Implementation] = [:]
      for op in CollectionOperator.allCases where className != "NSSet" || op.isImplementedBySets {
        table[op] = builtIn(op, className)
      }
      tables[className] = table
    }
    return tables
  }()

  /// The operator each built-in body applies, by the body's identity.
  private static let builtInOperators: [ObjectIdentifier: CollectionOperator] = Dictionary(
    uniqueKeysWithValues: builtIns.values.flatMap { table in table.map { (ObjectIdentifier($0.value), $0.key) } })

  /// The built-in operator `op` as a method: applied to the receiver with the argument as its
  /// right key path (nil for none).
  private static func builtIn(_ op: CollectionOperator, _ className: String) -> Implementation {
    CollectionCategories.method(className, "NSKeyValueCoding", "_\(op.rawValue)ForKeyPath:") { receiver, _, arguments in
      let rest = arguments[0].isNil ? [] : KeyValuePath(keyValueCoding: try KeyValueCategory.key(arguments[0], receiver)).components
      return try KeyValueCoding.apply(op, to: .object(receiver), rest: rest[...], in: receiver.runtime)
    }
  }
}
