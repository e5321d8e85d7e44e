// KeyValueCoding+Accessors.swift: the accessor search order, and its cache.
//
// Docs: docs/kvo.md#the-accessor-search-order. Tests: Tests/KVOTests/KeyValueCodingTests.swift.
//
// The search follows Foundation's documented order:
//   get:  `get<Key>`, `<key>`, `is<Key>`, `_<key>`; then `countOf<Key>` with
//         `objectIn<Key>AtIndex:` (an indexed to-many getter); then, if
//         `+accessInstanceVariablesDirectly` says yes, the ivars `_<key>`, `_is<Key>`, `<key>`,
//         `is<Key>`; else `valueForUndefinedKey:`.
//   set:  `set<Key>:`, `_set<Key>:`; then the same ivars; else `setValue:forUndefinedKey:`.
// The outcome (a "plan") is cached per class and key, as Foundation caches its getters and
// setters. The cache is dropped whenever the runtime's method generation changes (a method was
// added, replaced or exchanged anywhere), so a new accessor is found on the next call.
// `+accessInstanceVariablesDirectly` is a message (user code): it is sent before taking the lock.

import MiniRuntime

/// How `valueForKey:` gets a key's value on a class.
enum GetterPlan: Sendable {
  case method(Selector)
  case indexed(count: Selector, objectAtIndex: Selector)
  case ivar(Ivar)
  case undefined
}

/// How `setValue:forKey:` sets a key's value on a class.
enum SetterPlan: Sendable {
  case method(Selector, argumentType: TypeEncoding)
  case ivar(Ivar)
  case undefined
}

extension KeyValueCoding {
  /// `Age` for `age`: the first character upper-cased, as KVC builds accessor names.
  static func capitalized(_ key: String) -> String { key.prefix(1).uppercased() + key.dropFirst() }

  static func getterPlan(for cls: Class, key: String, _ kvo: KVORuntime) throws -> GetterPlan {
    let cacheKey = AccessorKey(cls: ObjectIdentifier(cls), key: key)
    if let plan = kvo.withState({ $0.getters[cacheKey] }) { return plan }
    let generation = kvo.runtime?.methodGeneration
    let plan = try searchGetter(in: cls, key: key)
    kvo.withState { state in
      if state.generation == generation { state.getters[cacheKey] = plan }
    }
    return plan
  }

  static func setterPlan(for cls: Class, key: String, _ kvo: KVORuntime) throws -> SetterPlan {
    let cacheKey = AccessorKey(cls: ObjectIdentifier(cls), key: key)
    if let plan = kvo.withState({ $0.setters[cacheKey] }) { return plan }
    let generation = kvo.runtime?.methodGeneration
    let plan = try searchSetter(in: cls, key: key)
    kvo.withState { state in
      if state.generation == generation { state.setters[cacheKey] = plan }
    }
    return plan
  }

  private static func searchGetter(in cls: Class, key: String) throws -> GetterPlan {
    let capitalized = capitalized(key)
    for name in ["get\(capitalized)", key, "is\(capitalized)", "_\(key)"] {
      if let selector = try? Selector(validating: name), selector.argumentCount == 0, cls.instanceMethod(for: selector) != nil {
        return .method(selector)
      }
    }
    let count = Selector(stringLiteral: "countOf\(capitalized)")
    let objectAtIndex = Selector(stringLiteral: "objectIn\(capitalized)AtIndex:")
    if count.isValid, cls.instanceMethod(for: count) != nil, cls.instanceMethod(for: objectAtIndex) != nil {
      return .indexed(count: count, objectAtIndex: objectAtIndex)
    }
    if let ivar = try directIvar(in: cls, key: key, capitalized: capitalized) { return .ivar(ivar) }
    return .undefined
  }

  private static func searchSetter(in cls: Class, key: String) throws -> SetterPlan {
    let capitalized = capitalized(key)
    for name in ["set\(capitalized):", "_set\(capitalized):"] {
      if let selector = try? Selector(validating: name), let method = cls.instanceMethod(for: selector),
        let type = method.signature.messageArgumentTypes.first
      {
        return .method(selector, argumentType: type)
      }
    }
    if let ivar = try directIvar(in: cls, key: key, capitalized: capitalized) { return .ivar(ivar) }
    return .undefined
  }

  /// The ivar KVC may use directly, if the class allows it.
  private static func directIvar(in cls: Class, key: String, capitalized: String) throws -> Ivar? {
    guard let runtime = cls.runtime,
      try runtime.msgSend(cls, "accessInstanceVariablesDirectly").boolValue ?? false  // call-out: user class method
    else { return nil }
    for name in ["_\(key)", "_is\(capitalized)", key, "is\(capitalized)"] {
      if let ivar = cls.ivar(named: name) { return ivar }
    }
    return nil
  }

  /// Whether nil cannot be stored in a value of `type` (numbers, Bool, structs): KVC sends
  /// `setNilValueForKey:` instead.
  static func isScalar(_ type: TypeEncoding) -> Bool {
    switch type.unqualified {
    case .object, .block, .class, .selector, .pointer, .cString: return false
    default: return true
    }
  }
}
