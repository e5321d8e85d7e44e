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
  /// try person.value(forKey: "first name") // any string is a key: undefinedKey too
  /// ```
  ///
  /// A class that overrides `valueForKey:` is sent the message; otherwise the category's own
  /// implementation runs directly (the same code, one send fewer).
  ///
  /// - Throws: ``KeyValueError`` (`undefinedKey`, from `valueForUndefinedKey:`) or what the
  ///   accessor throws.
  /// - Complexity: O(1) once the accessor plan is cached: one plan lookup and one send.
  ///
  /// Objective-C: `-[NSObject valueForKey:]`
  public func value(forKey key: String) throws -> Value {
    guard try KeyValueCategory.isOverridden(Selectors.valueForKey, own: KeyValueCategory.valueForKey, bySending: self)
    else {
      return try KeyValueCoding.value(of: self, forKey: key)
    }
    return try Runtime.msgSend(self, Selectors.valueForKey, .string(key))
  }

  /// Sets `key` to `value` through the KVC setter search (`setKey:`, `_setKey:`, ivars).
  ///
  /// A value for a number or `BOOL` property is sent the `NSNumber` message for the type
  /// (`-longLongValue`, `-charValue`, `-boolValue` …) and the answer is stored, as Foundation does.
  ///
  /// ```swift
  /// try person.setValue(43, forKey: "age")
  /// try person.setValue(2.5, forKey: "age")   // -[NSNumber longLongValue]: stores 2
  /// try person.setValue("7", forKey: "age")   // -[NSString longLongValue]: stores 7
  /// try person.setValue(nil, forKey: "age")   // throws nilValueForScalar (setNilValueForKey:)
  /// ```
  ///
  /// - Throws: ``KeyValueError`` (`undefinedKey`, `nilValueForScalar`, `invalidValue`),
  ///   ``RuntimeError`` `unrecognizedSelector` for a value that does not
  ///   answer the conversion message (a string for a `char`), or what the setter throws.
  ///   Nothing changes when it throws.
  ///
  /// Objective-C: `-[NSObject setValue:forKey:]`
  public func setValue(_ value: Value, forKey key: String) throws {
    guard try KeyValueCategory.isOverridden(Selectors.setValueForKey, own: KeyValueCategory.setValueForKey, bySending: self)
    else {
      return try KeyValueCoding.setValue(value, of: self, forKey: key)
    }
    try Runtime.msgSend(self, Selectors.setValueForKey, value, .string(key))
  }

  /// The value at a dotted key path, with collection operators (`employees.@sum.salary`).
  ///
  /// ```swift
  /// try company.value(forKeyPath: "ceo.name")              // "Ann"
  /// try company.value(forKeyPath: "employees.@count")      // 3
  /// try company.value(forKeyPath: "employees.@avg.salary") // 1500.0
  /// try company.value(forKeyPath: "ceo..name")             // throws undefinedKey (the key "")
  /// ```
  ///
  /// The path is split on every `.` and each piece is a key, whatever it holds, as in Foundation.
  ///
  /// - Throws: ``KeyValueError``: what `valueForKey:` throws for a piece (`undefinedKey`);
  ///   `invalidKeyPath` for a collection sent an operator it does not implement. An operator with
  ///   no key path after it (`items.@sum`) asks each element for the nil key path, as Foundation
  ///   does: `undefinedKey` for the key `(null)` from an element that does not answer it.
  ///
  /// Objective-C: `-[NSObject valueForKeyPath:]`
  public func value(forKeyPath keyPath: String) throws -> Value {
    try sendCategoryMessage("valueForKeyPath:", [.string(keyPath)])
  }

  /// Sets the value at a dotted key path: the last key on the object the rest of the path leads
  /// to (nothing happens if that object is nil, as messaging nil does nothing).
  ///
  /// Every piece is a key, as in Foundation: setting has no collection operators, so
  /// `items.@count` sets the key `@count` on every element of the array (each throws
  /// `undefinedKey`; an empty array does nothing).
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
  /// - Throws: What `setValue:forKey:` throws for a key, after the keys before it (in ascending
  ///   order) were set, as Foundation stops at the key that raised.
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
    if isa.methodImplementationWithoutResolver(for: selector) === Implementation.forwarding { runtime?.installKeyValueObserving() }
    return try Runtime.msgSend(self, selector, arguments: arguments)
  }
}

/// The engine behind the NSObject KVC methods.
enum KeyValueCoding {
  /// `[<Person 0x…> valueForUndefinedKey:]: this class is not key value coding-compliant for the key x.`
  /// A nil key (sent by a message, never by the Swift API) prints as `(null)`, as `%@` prints nil.
  /// A key with a lone surrogate is shown as people read it, and its `NSUnknownUserInfoKey` is
  /// `keyObject` (the key object the hook received) or a string object with its units.
  static func undefinedKey(
    _ object: Object, _ key: String?, _ method: String, keyObject: Value? = nil
  ) -> KeyValueError {
    let made = key.map { (try? LoneSurrogateKey.argument($0, in: object.runtime)) ?? .string($0) }
    let unknown = keyObject ?? made ?? .nil
    return KeyValueError(
      .undefinedKey,
      "[\(KeyValueError.label(object)) \(method)]: this class is not key value coding-compliant for the key "
        + "\(key.map(LoneSurrogateKey.displayed) ?? "(null)").",
      userInfo: ["NSTargetObjectUserInfoKey": .object(object), "NSUnknownUserInfoKey": unknown])
  }

  /// `valueForKey:` on an object.
  static func value(of object: Object, forKey key: String) throws -> Value {
    return try value(of: object, using: try getterPlan(for: object.isa, key: key), key: key)
  }

  /// Runs a getter plan found earlier (and still valid) for `key`.
  static func value(of object: Object, using plan: GetterPlan, key: String) throws -> Value {
    switch plan {
    case .method(let selector):
      return try Runtime.msgSend(object, selector)
    case .orderedSet:
      return try CollectionGetterProxy.orderedSet(for: object, key: key)
    case .indexed:
      return try CollectionGetterProxy.array(for: object, key: key)
    case .unordered:
      return try CollectionGetterProxy.set(for: object, key: key)
    case .ivar(let ivar):
      return try object.value(for: ivar)
    case .undefined:  // a key with a lone surrogate as a string object again (LoneSurrogateKey.swift)
      let keyObject = try LoneSurrogateKey.argument(key, in: object.runtime)
      return try Runtime.msgSend(object, "valueForUndefinedKey:", keyObject)
    }
  }

  /// `setValue:forKey:` on an object.
  static func setValue(_ value: Value, of object: Object, forKey key: String) throws {
    try setValue(value, of: object, using: try setterPlan(for: object.isa, key: key), key: key)
  }

  /// Runs a setter plan found for `key` (by `setValue:forKey:`'s search or another).
  static func setValue(_ value: Value, of object: Object, using plan: SetterPlan, key: String) throws {
    switch plan {
    case .method(let selector, let type):
      if value.isNil && isScalar(type) {
        try Runtime.msgSend(object, "setNilValueForKey:", .string(key))
        return
      }
      let argument = try converted(value, to: type, object, key)
      // An observed object's setter (a class object's class-method setter too) is a notifying
      // one, which notifies by itself (docs/kvo.md#observing-a-class-object).
      try Runtime.msgSend(object, selector, argument)
    case .ivar(let ivar):
      try setValue(value, of: object, through: ivar, key: key)
    case .undefined:
      let keyObject = try LoneSurrogateKey.argument(key, in: object.runtime)
      try setUndefinedValue(value, of: object, key: key, keyObject: keyObject)
    }
  }

  /// `setValue:forUndefinedKey:` with `keyObject` (the key as the hook receives it: a string
  /// object when it holds a lone surrogate, LoneSurrogateKey.swift).
  static func setUndefinedValue(_ value: Value, of object: Object, key: String, keyObject: Value) throws {
    // An observed object's undefined key is bracketed too, as Foundation's notifying undefined
    // setter does: a class that keeps such keys itself (a dictionary behind
    // setValue:forUndefinedKey:) notifies its observers (docs/kvo.md#key-value-coding).
    guard try Notifier.notifiesAutomatically(object, key: key) else {
      try Runtime.msgSend(object, "setValue:forUndefinedKey:", value, keyObject)
      return
    }
    try Notifier.bracket(object, key: key, id: KeyID(key)) {
      _ = try Runtime.msgSend(object, "setValue:forUndefinedKey:", value, keyObject)
    }
  }

  /// Foundation's ivar setter for `key`, wrapped in will/did-change when observers want it.
  static func setValue(_ value: Value, of object: Object, through ivar: Ivar, key: String) throws {
    // Foundation's notifying ivar setter is will, the ivar setter, did; the ivar setter is
    // what converts the value or sends setNilValueForKey:, so on an observed key both come
    // after the will (and its prior notification), and a refusal there ends the change.
    guard try Notifier.notifiesAutomatically(object, key: key) else {
      return try store(value, in: ivar, of: object, key: key)
    }
    try Notifier.bracket(object, key: key, id: KeyID(key)) { try store(value, in: ivar, of: object, key: key) }
  }

  /// Foundation's ivar setter: `setNilValueForKey:` for nil into a scalar, else the value
  /// converted to the ivar's type and stored.
  private static func store(_ value: Value, in ivar: Ivar, of object: Object, key: String) throws {
    if value.isNil && isScalar(ivar.type) {
      try Runtime.msgSend(object, "setNilValueForKey:", .string(key))
      return
    }
    try object.setValue(try converted(value, to: ivar.type, object, key), for: ivar)
  }

  // MARK: - Key paths

  /// `valueForKey:` on any value: an object answers it itself; any other value is boxed into
  /// the Foundation object it bridges to (an array into an `__NSArrayI`, whose category maps the
  /// key over the elements), in `runtime`; nil stays nil.
  static func value(of base: Value, forKey key: String, in runtime: Runtime?) throws -> Value {
    switch base {
    case .nil:
      return .nil
    case .object(let object):
      return try object.value(forKey: key)
    case .class(let cls):
      return try cls.value(forKey: key)
    default:
      if key == "self" { return base }  // -[NSObject self]: a bridged value is itself
      return try boxed(base, in: runtime, forKey: key, "valueForUndefinedKey:").value(forKey: key)
    }
  }

  /// The object a bridged value boxes into for a KVC message, or the undefined-key error for a
  /// value that is no object (a C string or array) or has no runtime to be boxed in.
  private static func boxed(_ base: Value, in runtime: Runtime?, forKey key: String, _ method: String) throws -> Object {
    if let runtime, let object = try? runtime.object(bridging: base) { return object }
    throw KeyValueError(
      .undefinedKey,
      "[<\(base.encoding.cDeclaration) \(base)> \(method)]: this class is not key value coding-compliant for the key \(key).")
  }

  /// `valueForKeyPath:` on any value; bridged values met on the way are boxed in `runtime` (by
  /// default the runtime of `base`, when it is an object).
  static func value(of base: Value, at path: KeyValuePath, in runtime: Runtime? = nil) throws -> Value {
    try value(of: base, at: path, boxingIn: { runtime ?? base.objectValue?.runtime })
  }

  /// A collection's refusal of an operator its class does not implement, in Foundation's words.
  private static func notImplemented(_ operation: String, by current: Value, in runtime: Runtime?) -> KeyValueError {
    let box = current.objectValue ?? (runtime.flatMap { $0.hasFoundation ? $0 : nil }.flatMap { try? $0.object(bridging: current) })
    let name = box.map { "\($0.isa.name) \($0.address)" } ?? CollectionObservation.className(of: current)
    return KeyValueError(
      .invalidKeyPath, "[<\(name)> valueForKeyPath:]: this class does not implement the \(operation) operation.")
  }

  /// `valueForKeyPath:` on any value, bridged values met on the way boxed in the runtime
  /// `boxingIn` answers (asked only when one is met).
  static func value(of base: Value, at path: KeyValuePath, boxingIn runtimeOf: () -> Runtime?) throws -> Value {
    var current = base
    for (index, component) in path.components.enumerated() {
      switch component {
      case .key(let key):
        // A collection reads an `@` piece as an operator, named up to a NUL (`@max\0x` is `@max`,
        // as Foundation's selector is built from the name's C string); any other value takes it
        // as a key, NUL and all.
        if KeyValuePath.startsWithOperatorMark(key), try CollectionObservation.isToManyCollection(current) {
          let name = CollectionOperator.name(ofPiece: key)
          let rest = path.components.dropFirst(index + 1)
          if let result = try operateByMethod(named: name, on: current, rest: rest, in: runtimeOf()) { return result }
          guard let op = CollectionOperator(rawValue: name) else { throw notImplemented(KeyValuePath.droppingOperatorMark(key), by: current, in: runtimeOf()) }
          return try apply(op, to: current, rest: rest, in: runtimeOf())
        }
        if case .object(let object) = current {  // the common case: no runtime needed
          current = try object.value(forKey: key)
        } else {
          current = try value(of: current, forKey: key, in: runtimeOf())
        }
      case .collectionOperator(let op):
        let rest = path.components.dropFirst(index + 1)
        if try CollectionObservation.isToManyCollection(current),
          let result = try operateByMethod(named: op.rawValue, on: current, rest: rest, in: runtimeOf())
        {
          return result
        }
        return try apply(op, to: current, rest: rest, in: runtimeOf())
      }
    }
    return current
  }

  /// The operator `name` sent as `_<name>ForKeyPath:` with the rest of the path (nil for none)
  /// when the collection's class has a method for it that is not the built-in one (a category's,
  /// a subclass's, a replacement: CollectionOperatorMethods.swift); nil when the built-in applies
  /// or the class has none.
  private static func operateByMethod(
    named name: String, on collection: Value, rest: ArraySlice<KeyValuePath.Component>, in runtime: Runtime?
  ) throws -> Value? {
    guard let selector = try CollectionOperatorMethods.foreignMethod(named: name, for: collection, in: runtime) else { return nil }
    let receiver = try collection.objectValue ?? runtime?.object(bridging: collection)
    let argument: Value = rest.isEmpty ? .nil : .string(KeyValuePath(components: Array(rest)).description)
    return try Runtime.msgSend(receiver, selector, argument)  // call-out: the class's operator method
  }

  /// Applies the collection operator `op` of a key path to `current`, with the path's `rest` as
  /// its right key path.
  static func apply(
    _ op: CollectionOperator, to current: Value, rest: ArraySlice<KeyValuePath.Component>, in runtime: Runtime?
  ) throws -> Value {
    if current.isNil { return .nil }
    let rightPath = rest.isEmpty ? nil : KeyValuePath(components: Array(rest))
    guard let contents = try current.collectionContents() else {
      throw KeyValueError(
        .undefinedKey,
        "[<\(current.encoding.cDeclaration) \(current)> valueForUndefinedKey:]: this class is not key value coding-compliant for the key @\(op.rawValue).")
    }
    if case .dictionary = contents {
      // NSDictionary's valueForKey: sends `@count` to NSObject's as `count`.
      let result = try value(of: current, forKey: "@" + op.rawValue, in: runtime)
      return try rightPath.map { try value(of: result, at: $0, in: runtime) } ?? result
    }
    if case .set = contents, !op.isImplementedBySets {  // NSSet has no union that keeps duplicates
      throw notImplemented(op.rawValue, by: current, in: runtime)
    }
    return try CollectionOperators.apply(op, to: contents, rightPath: rightPath, in: runtime)
  }

  /// `setValuesForKeysWithDictionary:`: each key set in ascending order.
  static func setValues(_ keyedValues: [String: Value], of object: Object) throws {
    for (key, value) in keyedValues.sorted(by: { $0.key < $1.key }) {
      try Runtime.msgSend(object, "setValue:forKey:", value, .string(key))
    }
  }

  /// `setValue:forKeyPath:` on an object: `path` holds keys only (``KeyValuePath/init(keys:)``),
  /// so `items.@count` sets the key `@count` on the array, which sets it on every element.
  static func setValue(_ value: Value, of object: Object, at path: KeyValuePath) throws {
    guard case .key(let last)? = path.components.last else { return }
    let head = KeyValuePath(components: Array(path.components.dropLast()))
    let target = head.components.isEmpty ? Value.object(object) : try self.value(of: .object(object), at: head)
    try setValue(value, on: target, forKey: last, in: object.runtime)
  }

  /// `setValue:forKey:` on any value: an object sets it itself; any other value is boxed (an
  /// array sets the key on every element; an immutable dictionary refuses, as NSDictionary does).
  static func setValue(_ value: Value, on target: Value, forKey key: String, in runtime: Runtime?) throws {
    switch target {
    case .nil:
      return
    case .object(let object):
      try object.setValue(value, forKey: key)
    case .class(let cls):
      try cls.setValue(value, forKey: key)
    default:
      try boxed(target, in: runtime, forKey: key, "setValue:forUndefinedKey:").setValue(value, forKey: key)
    }
  }
}
