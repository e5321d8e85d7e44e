// KeyValueCoding+ValueType.swift: the type of the value KVC reads for a key, found without
// reading it.
//
// Docs: docs/kvocontroller.md#checked-key-paths. Tests:
// Tests/KVOControllerTests/TypedKeyPathTests.swift.
//
// The same search as `valueForKey:` (KeyValueCoding+Accessors.swift, and its cache), stopped
// before the read: a getter method gives its return type, collection accessors an array or set,
// an ivar its type. Used to check a key path against a class before observing it, which is what
// FBKVOController's `FBKVOClassKeyPath` macro does at compile time.

import MiniRuntime

extension Class {
  /// The type of the value `valueForKey:` reads for `key` from instances of this class.
  ///
  /// ```swift
  /// try person.valueType(forKey: "age")     // .longLong (the getter `age` returns `q`)
  /// try person.valueType(forKey: "name")    // .object(className: "NSString")
  /// try person.valueType(forKey: "agee")    // throws undefinedKey
  /// ```
  ///
  /// - Returns: The getter's return type or the ivar's type; `@"NSArray"` for indexed
  ///   accessors and `@"NSSet"` for unordered ones (KVC returns a proxy of that class); `nil` when nothing answers for the key but the class
  ///   overrides `valueForUndefinedKey:` (any value may come back).
  /// - Throws: ``KeyValueError`` with code `undefinedKey` when nothing answers for the key, as
  ///   `valueForKey:` would (any string is a key: `first name` is undefined, not malformed).
  ///
  /// Objective-C: none (MiniKVO extension; what `FBKVOClassKeyPath` checks at compile time).
  public func valueType(forKey key: String) throws -> TypeEncoding? {
    runtime?.installKeyValueObserving()  // the search sends +accessInstanceVariablesDirectly
    switch try KeyValueCoding.getterPlan(for: self, key: key) {
    case .method(let selector):
      let type = instanceMethodWithoutResolver(for: selector)?.signature.returnType
      // A method's encoding says `@`; a property's names the class (`T@"Person"`).
      if case .object(nil)? = type?.unqualified, let declared = declaredType(ofPropertyWithGetter: selector) {
        return declared
      }
      return type
    case .orderedSet: return .object(className: "NSOrderedSet")
    case .indexed: return .object(className: "NSArray")
    case .unordered: return .object(className: "NSSet")
    case .ivar(let ivar): return ivar.type
    case .undefined:
      if let handler = instanceMethodWithoutResolver(for: "valueForUndefinedKey:"), handler.owner.superclass != nil { return nil }
      throw KeyValueError(
        .undefinedKey, "[<\(name)> valueForKey:]: this class is not key value coding-compliant for the key \(key).")
    }
  }

  /// The type of the property whose getter is `getter`, declared here or in a superclass.
  private func declaredType(ofPropertyWithGetter getter: Selector) -> TypeEncoding? {
    var cls: Class? = self
    while let current = cls {
      if let property = current.propertyList.first(where: { $0.getter == getter }) { return property.attributes.type }
      cls = current.superclass
    }
    return nil
  }
}
