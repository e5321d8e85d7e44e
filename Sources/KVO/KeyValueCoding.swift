// KeyValueCoding.swift: valueForKey:, setValue:forKey: and key paths.
//
// Docs: docs/kvo.md#key-value-coding. Tests: Tests/KVOTests/KeyValueCodingTests.swift.
//
// The Swift API on `Object` sends the KVC messages (so a class that overrides `valueForKey:` or
// `valueForUndefinedKey:` is honoured); the messages' default implementations, installed in
// NSObject by KeyValueCategory.swift, call the engine below. Setting a key that has no setter
// goes straight to the ivar, wrapped in will/did-change notifications when observers want them
// (as Foundation's direct ivar setter does); a key with a notifying setter is notified by that
// setter only, never twice.

import MiniRuntime

extension Object {
  /// The value for `key`, found by the KVC accessor search.
  ///
  /// ```swift
  /// try person.value(forKey: "age")        // 42 (via -age, or the ivar _age)
  /// try person.value(forKey: "shoeSize")   // throws undefinedKey
  /// ```
  ///
  /// A class that overrides `valueForKey:` is sent the message; otherwise the category's own
  /// implementation runs directly (the same code, one send fewer).
  ///
  /// - Throws: ``KeyValueError`` (`undefinedKey`, `invalidKeyPath`) or what the accessor throws.
  /// - Complexity: O(1) once the accessor plan is cached: one plan lookup and one send.
  ///
  /// Objective-C: `-[NSObject valueForKey:]`
  public func value(forKey key: String) throws -> Value {
    // `runs` answers from the method cache without reference counting; the fallback also
    // installs the category into a runtime that has not loaded KVO yet.
    if runs(KeyValueCategory.valueForKey, for: "valueForKey:")
      || categoryImplementation("valueForKey:") === KeyValueCategory.valueForKey
    {
      return try KeyValueCoding.value(of: self, forKey: key)
    }
    return try Runtime.msgSend(self, "valueForKey:", .string(key))
  }

  /// Sets `key` to `value` through the KVC setter search (`setKey:`, `_setKey:`, ivars).
  ///
  /// ```swift
  /// try person.setValue(43, forKey: "age")
  /// try person.setValue(nil, forKey: "age")   // throws nilValueForScalar (setNilValueForKey:)
  /// ```
  ///
  /// - Throws: ``KeyValueError`` (`undefinedKey`, `nilValueForScalar`, `invalidValue`,
  ///   `invalidKeyPath`) or what the setter throws. Nothing changes when it throws.
  ///
  /// Objective-C: `-[NSObject setValue:forKey:]`
  public func setValue(_ value: Value, forKey key: String) throws {
    if runs(KeyValueCategory.setValueForKey, for: "setValue:forKey:")
      || categoryImplementation("setValue:forKey:") === KeyValueCategory.setValueForKey
    {
      return try KeyValueCoding.setValue(value, of: self, forKey: key)
    }
    try Runtime.msgSend(self, "setValue:forKey:", value, .string(key))
  }

  /// The value at a dotted key path, with collection operators (`employees.@sum.salary`).
  ///
  /// ```swift
  /// try company.value(forKeyPath: "ceo.name")              // "Ann"
  /// try company.value(forKeyPath: "employees.@count")      // 3
  /// try company.value(forKeyPath: "employees.@avg.salary") // 1500.0
  /// ```
  ///
  /// Objective-C: `-[NSObject valueForKeyPath:]`
  public func value(forKeyPath keyPath: String) throws -> Value {
    try sendCategoryMessage("valueForKeyPath:", [.string(keyPath)])
  }

  /// Sets the value at a dotted key path: the last key on the object the rest of the path leads
  /// to (nothing happens if that object is nil, as messaging nil does nothing).
  ///
  /// Objective-C: `-[NSObject setValue:forKeyPath:]`
  public func setValue(_ value: Value, forKeyPath keyPath: String) throws {
    try sendCategoryMessage("setValue:forKeyPath:", [value, .string(keyPath)])
  }

  /// The values for several keys, as a dictionary (nil values appear as `.null`, Foundation's
  /// `NSNull`).
  ///
  /// Objective-C: `-[NSObject dictionaryWithValuesForKeys:]`
  public func dictionaryWithValues(forKeys keys: [String]) throws -> [String: Value] {
    let result = try sendCategoryMessage("dictionaryWithValuesForKeys:", [.array(keys.map(Value.string))])
    var values: [String: Value] = [:]
    for (key, value) in result.dictionaryValue ?? [:] {
      if let key = key.stringValue { values[key] = value }
    }
    return values
  }

  /// Sets several keys, each through `setValue:forKey:` (so each notifies its observers), in
  /// ascending key order; `.nil` and `.null` (Foundation's `NSNull`) values set nil.
  ///
  /// ```swift
  /// try person.setValuesForKeys(["age": 30, "name": "Ann"])
  /// ```
  ///
  /// - Throws: ``KeyValueError`` with code `invalidKeyPath` before anything is set if a key is
  ///   malformed; otherwise what `setValue:forKey:` throws for a key, after the keys before it
  ///   (in ascending order) were set, as Foundation stops at the key that raised.
  ///
  /// Objective-C: `-[NSObject setValuesForKeysWithDictionary:]`
  public func setValuesForKeys(_ keyedValues: [String: Value]) throws {
    var entries: [Value: Value] = [:]
    for (key, value) in keyedValues { entries[.string(key)] = value.isNil ? .null : value }
    try sendCategoryMessage("setValuesForKeysWithDictionary:", Arguments(.dictionary(entries)))
  }

  /// Sends one of the category's messages, installing the category first if needed.
  @discardableResult
  func sendCategoryMessage(_ selector: Selector, _ arguments: Arguments) throws -> Value {
    _ = categoryImplementation(selector)
    return try Runtime.msgSend(self, selector, arguments: arguments)
  }

  /// The implementation this object runs for one of the category's selectors, installing the
  /// category into the object's runtime first if it is not there yet.
  ///
  /// - Complexity: O(1): a method-cache lookup.
  func categoryImplementation(_ selector: Selector) -> Implementation {
    let found = isa.methodImplementation(for: selector)
    guard found === Implementation.forwarding, let runtime else { return found }
    runtime.installKeyValueObserving()
    return isa.methodImplementation(for: selector)
  }
}

/// The engine behind the NSObject KVC methods.
enum KeyValueCoding {
  /// `[<Person 0x…> valueForUndefinedKey:]: this class is not key value coding-compliant for the key x.`
  static func undefinedKey(_ object: Object, _ key: String, _ method: String) -> KeyValueError {
    KeyValueError(
      .undefinedKey,
      "[<\(object.isa.name) \(object.address)> \(method)]: this class is not key value coding-compliant for the key \(key).")
  }

  /// `valueForKey:` on an object.
  static func value(of object: Object, forKey key: String) throws -> Value {
    // The key is validated by `getterPlan` when it is not cached (only valid keys are).
    return try value(of: object, using: try getterPlan(for: object.isa, key: key), key: key)
  }

  /// Runs a getter plan found earlier (and still valid) for `key`.
  static func value(of object: Object, using plan: GetterPlan, key: String) throws -> Value {
    switch plan {
    case .method(let selector):
      return try Runtime.msgSend(object, selector)
    case .indexed(let count, let objectAtIndex):
      let total = try Runtime.msgSend(object, count).intValue ?? 0
      return .array(try (0..<max(0, total)).map { try Runtime.msgSend(object, objectAtIndex, .int($0)) })
    case .ivar(let ivar):
      return try object.value(for: ivar)
    case .undefined:
      return try Runtime.msgSend(object, "valueForUndefinedKey:", .string(key))
    }
  }

  /// `setValue:forKey:` on an object.
  static func setValue(_ value: Value, of object: Object, forKey key: String) throws {
    // The key is validated by `setterPlan` when it is not cached (only valid keys are).
    switch try setterPlan(for: object.isa, key: key) {
    case .method(let selector, let type):
      if value.isNil && isScalar(type) {
        try Runtime.msgSend(object, "setNilValueForKey:", .string(key))
        return
      }
      try Runtime.msgSend(object, selector, try converted(value, to: type, object, key))
    case .ivar(let ivar):
      if value.isNil && isScalar(ivar.type) {
        try Runtime.msgSend(object, "setNilValueForKey:", .string(key))
        return
      }
      let converted = try converted(value, to: ivar.type, object, key)
      guard try Notifier.notifiesAutomatically(object, key: key) else {
        try object.setValue(converted, for: ivar)
        return
      }
      try Notifier.bracket(object, key: key, id: KeyTable.shared.id(key)) { try object.setValue(converted, for: ivar) }
    case .undefined:
      try Runtime.msgSend(object, "setValue:forUndefinedKey:", value, .string(key))
    }
  }

  private static func converted(_ value: Value, to type: TypeEncoding, _ object: Object, _ key: String) throws(KeyValueError) -> Value {
    do {
      return try value.converted(to: type)
    } catch {
      throw KeyValueError(
        .invalidValue, "[<\(object.isa.name) \(object.address)> setValue:forKey:]: key \(key): \(error.message)")
    }
  }

  // MARK: - Key paths

  /// `valueForKey:` on any value: an object answers its accessors, an array maps the key over
  /// its elements (NSArray), a dictionary looks the key up (NSDictionary), nil stays nil.
  static func value(of base: Value, forKey key: String) throws -> Value {
    if key == "self", base.objectValue == nil { return base }  // -[NSObject self], for values too
    switch base {
    case .nil:
      return .nil
    case .object(let object):
      return try object.value(forKey: key)
    case .class(let cls):
      return try cls.value(forKey: key)
    case .array(let elements):
      return .array(try elements.map { try value(of: $0, forKey: key) })
    case .dictionary(let entries):
      return entries[.string(key)] ?? .nil
    default:
      throw KeyValueError(
        .undefinedKey,
        "[<\(base.encoding.cDeclaration) \(base)> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key).")
    }
  }

  /// `valueForKeyPath:` on any value.
  static func value(of base: Value, at path: KeyValuePath) throws -> Value {
    var current = base
    for (index, component) in path.components.enumerated() {
      switch component {
      case .key(let key):
        current = try value(of: current, forKey: key)
      case .collectionOperator(let op):
        if current.isNil { return .nil }
        guard case .array(let elements) = current else {
          throw KeyValueError(
            .undefinedKey,
            "[<\(current.encoding.cDeclaration) \(current)> valueForUndefinedKey:]: this class is not key value coding-compliant for the key @\(op.rawValue).")
        }
        let rest = Array(path.components.dropFirst(index + 1))
        return try CollectionOperators.apply(op, to: elements, rightPath: rest.isEmpty ? nil : KeyValuePath(components: rest))
      }
    }
    return current
  }

  /// `setValuesForKeysWithDictionary:`: every key checked first, then set in ascending order.
  static func setValues(_ keyedValues: [String: Value], of object: Object) throws {
    for key in keyedValues.keys { try KeyValuePath.validateKey(key) }
    for (key, value) in keyedValues.sorted(by: { $0.key < $1.key }) {
      try Runtime.msgSend(object, "setValue:forKey:", value, .string(key))
    }
  }

  /// `setValue:forKeyPath:` on an object.
  static func setValue(_ value: Value, of object: Object, at path: KeyValuePath) throws {
    guard !path.containsOperator else {
      throw KeyValueError(.unsupportedKeyPath, "setValue:forKeyPath: cannot set through a collection operator: \(path)")
    }
    guard case .key(let last)? = path.components.last else { return }
    let head = KeyValuePath(components: Array(path.components.dropLast()))
    let target = head.components.isEmpty ? Value.object(object) : try self.value(of: .object(object), at: head)
    try setValue(value, on: target, forKey: last)
  }

  private static func setValue(_ value: Value, on target: Value, forKey key: String) throws {
    switch target {
    case .nil:
      return
    case .object(let object):
      try object.setValue(value, forKey: key)
    case .class(let cls):
      try cls.setValue(value, forKey: key)
    case .array(let elements):
      for element in elements { try setValue(value, on: element, forKey: key) }
    default:
      throw KeyValueError(
        .undefinedKey,
        "[<\(target.encoding.cDeclaration) \(target)> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key).")
    }
  }
}
