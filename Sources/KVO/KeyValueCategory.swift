// KeyValueCategory.swift: Foundation's NSObject KVC/KVO category, as runtime methods.
//
// Docs: docs/kvo.md#the-nsobject-category. Tests: Tests/KVOTests/KeyValueCodingTests.swift.
//
// These are real methods of the runtime's NSObject, so a class can override any of them
// (`valueForUndefinedKey:`, `+automaticallyNotifiesObserversForKey:`,
// `+keyPathsForValuesAffectingValueForKey:`, `willChangeValueForKey:` …) and call super, exactly as
// in Objective-C. The Swift API in KeyValueCoding.swift and KeyValueObserving.swift sends these
// messages or, where no class overrides them, takes the equivalent direct path.

import MiniFoundation
import MiniRuntime

enum KeyValueCategory {
  /// Adds the category to `runtime`'s NSObject and its metaclass.
  static func install(in runtime: Runtime) {
    let root = runtime.rootClass
    for (selector, types, implementation) in instanceMethods + deprecatedInstanceMethods + SetMutationCategory.methods
      + ToManySetsCategory.methods + ValidationCategory.methods + ObservationInfoCategory.methods
      + SharedObserversCategory.methods
    {
      // Cannot fail: fixed, valid selectors and encodings (KeyValueCodingTests checks them).
      _ = try? root.addMethod(selector, types: types, implementation: implementation)
    }
    for (selector, types, implementation) in classMethods + deprecatedClassMethods {
      _ = try? root.isa.addMethod(selector, types: types, implementation: implementation)
    }
  }

  /// The key argument of a KVC or KVO message. Foundation takes the key as an NSString and
  /// sends it string messages, so an object that is no string (an NSNumber) answers with the
  /// runtime's unrecognized selector for `length`, as it does there; an NSString subclass's
  /// instance is read through its primitives (`length`, `characterAtIndex:`). A string whose
  /// units hold a lone surrogate is named by their spelling (LoneSurrogateKey.swift), so two
  /// such keys are two keys, and neither names an accessor.
  static func key(_ value: Value, _ receiver: Object) throws -> String {
    if let key = value.stringValue { return key }
    return try key(value, runtime: receiver.runtime)
  }

  /// ``key(_:_:)`` in `runtime`, for a key that comes with no receiver (a class's dependency
  /// answer).
  static func key(_ value: Value, runtime: Runtime?) throws -> String {
    if let key = value.stringValue { return key }
    guard !value.isNil, value.cStringBytes == nil, let runtime,  // a C string, any bytes
      let object = try value.objectValue ?? runtime.object(bridging: value)
    else { throw KeyValueError(.invalidArgument, "a key must be a string, not \(value)") }
    // call-out: raises unrecognized selector for an object that is no string
    let length = try Runtime.msgSend(object, "length").intValue ?? 0
    let units = try (0..<max(0, length)).map {  // call-out: the string's primitive
      UInt16(truncatingIfNeeded: try Runtime.msgSend(object, "characterAtIndex:", .int($0)).intValue ?? 0)
    }
    return LoneSurrogateKey.name(units: units)
  }

  /// Whether `value` is a string object whose units hold a lone surrogate (`key` is its name):
  /// a key that names no accessor, handed on as the object itself.
  static func isLoneSurrogateKey(_ value: Value, named key: String) -> Bool {
    value.stringValue == nil && LoneSurrogateKey.isName(key)
  }

  /// The indexes argument of a to-many notification message (an array of integers or `Indexes`).
  static func indexes(_ value: Value) throws(KeyValueError) -> Indexes {
    if let indexes = value.indexesValue { return indexes }  // an NSIndexSet
    if let indexes = value.swiftObject(as: IndexesBox.self) { return indexes.indexes }
    guard let elements = value.arrayValue else {
      throw KeyValueError(.invalidArgument, "indexes must be an array of integers, not \(value)")
    }
    var result: [Int] = []
    for element in elements {
      guard let index = element.intValue, index >= 0 else {
        throw KeyValueError(.invalidArgument, "indexes must be non-negative integers, not \(element)")
      }
      result.append(index)
    }
    return Indexes(result)
  }

  static func changeKind(_ value: Value) throws(KeyValueError) -> ChangeKind {
    guard let raw = value.intValue, raw > 0, let kind = ChangeKind(rawValue: UInt(raw)) else {
      throw KeyValueError(.invalidArgument, "\(value) is not an NSKeyValueChange")
    }
    return kind
  }

  // MARK: - The implementations (shared by every runtime; they capture nothing)

  static func method(
    _ category: String, _ selector: String, isClassMethod: Bool = false, _ body: @escaping ImplementationBody
  ) -> Implementation {
    Implementation(function: "\(isClassMethod ? "+" : "-")[NSObject(\(category)) \(selector)]", body)
  }

  static let valueForKey = method("NSKeyValueCoding", "valueForKey:") { receiver, _, arguments in
    // A nil key is an undefined one, as in Foundation: `valueForUndefinedKey:` is sent nil.
    if arguments[0].isNil { return try Runtime.msgSend(receiver, "valueForUndefinedKey:", .nil) }
    let key = try key(arguments[0], receiver)
    // A key with a lone surrogate names no accessor (a selector's name is UTF-8): the hook gets
    // the key object itself.
    if isLoneSurrogateKey(arguments[0], named: key) {
      return try Runtime.msgSend(receiver, "valueForUndefinedKey:", arguments[0])
    }
    return try KeyValueCoding.value(of: receiver, forKey: key)
  }

  static let setValueForKey = method("NSKeyValueCoding", "setValue:forKey:") { receiver, _, arguments in
    let key = try key(arguments[1], receiver)
    if isLoneSurrogateKey(arguments[1], named: key) {  // no accessor, as in valueForKey: above
      try KeyValueCoding.setUndefinedValue(arguments[0], of: receiver, key: key, keyObject: arguments[1])
      return .nil
    }
    try KeyValueCoding.setValue(arguments[0], of: receiver, forKey: key)
    return .nil
  }

  static let willChangeValueForKey = method("NSKeyValueObserverNotification", "willChangeValueForKey:") {
    receiver, _, arguments in
    try Notifier.willChange(receiver, key: try key(arguments[0], receiver))
    return .nil
  }

  static let didChangeValueForKey = method("NSKeyValueObserverNotification", "didChangeValueForKey:") {
    receiver, _, arguments in
    try Notifier.didChange(receiver, key: try key(arguments[0], receiver))
    return .nil
  }

  static let willChangeValuesAtIndexes = method("NSKeyValueObserverNotification", "willChange:valuesAtIndexes:forKey:") {
    receiver, _, arguments in
    try Notifier.willChange(
      receiver, key: try key(arguments[2], receiver), kind: try changeKind(arguments[0]), indexes: try indexes(arguments[1]))
    return .nil
  }

  static let didChangeValuesAtIndexes = method("NSKeyValueObserverNotification", "didChange:valuesAtIndexes:forKey:") {
    receiver, _, arguments in
    try Notifier.didChange(receiver, key: try key(arguments[2], receiver))
    return .nil
  }

  static let addObserver = method("NSKeyValueObserverRegistration", "addObserver:forKeyPath:options:context:") {
    receiver, _, arguments in
    let options = ObservingOptions(rawValue: UInt(arguments[2].intValue ?? 0))
    // A key-path chain's observer (ChainLink.swift) forwards; any other is told by message. A nil
    // observer is registered, as Foundation does not check it: each notification is a message
    // to nil.
    let kind: ObserverKind
    if let observer = arguments[0].objectValue {
      kind = ChainLink.forwarder(of: observer).map(ObserverKind.forward) ?? .object(observer)
    } else if arguments[0].isNil {
      kind = .nilObserver
    } else {
      throw KeyValueError(
        .invalidArgument, "addObserver:forKeyPath:options:context: needs an observer object, got \(arguments[0])")
    }
    try Observation.add(
      observer: kind, to: receiver, keyPath: try key(arguments[1], receiver), options: options,
      context: ObservationContext(arguments[3]))
    return .nil
  }

  static let removeObserver = method("NSKeyValueObserverRegistration", "removeObserver:forKeyPath:") {
    receiver, _, arguments in
    try Observation.remove(observer: arguments[0].objectValue, from: receiver, keyPath: try key(arguments[1], receiver), context: nil)
    return .nil
  }

  static let removeObserverWithContext = method("NSKeyValueObserverRegistration", "removeObserver:forKeyPath:context:") {
    receiver, _, arguments in
    try Observation.remove(
      observer: arguments[0].objectValue, from: receiver, keyPath: try key(arguments[1], receiver),
      context: ObservationContext(arguments[2]))
    return .nil
  }

  private static let instanceMethods: [(Selector, String, Implementation)] = [
    ("valueForKey:", "@24@0:8@16", valueForKey),
    ("setValue:forKey:", "v32@0:8@16@24", setValueForKey),
    ("willChangeValueForKey:", "v24@0:8@16", willChangeValueForKey),
    ("didChangeValueForKey:", "v24@0:8@16", didChangeValueForKey),
    (
      "valueForKeyPath:", "@24@0:8@16",
      method("NSKeyValueCoding", "valueForKeyPath:") { receiver, _, arguments in
        // A nil path is `valueForKey:` nil: what an operator with no path after it asks each element.
        if arguments[0].isNil { return try Runtime.msgSend(receiver, Selectors.valueForKey, .nil) }
        return try KeyValueCoding.value(of: .object(receiver), at: KeyValuePath(keyValueCoding: try key(arguments[0], receiver)))
      }
    ),
    (
      "setValue:forKeyPath:", "v32@0:8@16@24",
      method("NSKeyValueCoding", "setValue:forKeyPath:") { receiver, _, arguments in
        try KeyValueCoding.setValue(arguments[0], of: receiver, at: KeyValuePath(keys: try key(arguments[1], receiver)))
        return .nil
      }
    ),
    (
      "valueForUndefinedKey:", "@24@0:8@16",
      method("NSKeyValueCoding", "valueForUndefinedKey:") { receiver, _, arguments in
        // A class that overrides the deprecated hook is still honoured (KeyValueCategory+Deprecated.swift).
        if isOverridden(Selectors.handleQueryWithUnboundKey, own: handleQueryWithUnboundKey, by: receiver) {
          return try Runtime.msgSend(receiver, Selectors.handleQueryWithUnboundKey, arguments[0])
        }
        if arguments[0].isNil { throw KeyValueCoding.undefinedKey(receiver, nil, "valueForUndefinedKey:") }  // "(null)"
        throw KeyValueCoding.undefinedKey(
          receiver, try key(arguments[0], receiver), "valueForUndefinedKey:", keyObject: arguments[0])
      }
    ),
    (
      "setValue:forUndefinedKey:", "v32@0:8@16@24",
      method("NSKeyValueCoding", "setValue:forUndefinedKey:") { receiver, _, arguments in
        if isOverridden(Selectors.handleTakeValueForUnboundKey, own: handleTakeValueForUnboundKey, by: receiver) {
          return try Runtime.msgSend(receiver, Selectors.handleTakeValueForUnboundKey, arguments[0], arguments[1])
        }
        throw KeyValueCoding.undefinedKey(
          receiver, try key(arguments[1], receiver), "setValue:forUndefinedKey:", keyObject: arguments[1])
      }
    ),
    (
      "setNilValueForKey:", "v24@0:8@16",
      method("NSKeyValueCoding", "setNilValueForKey:") { receiver, _, arguments in
        if isOverridden(Selectors.unableToSetNilForKey, own: unableToSetNilForKey, by: receiver) {
          return try Runtime.msgSend(receiver, Selectors.unableToSetNilForKey, arguments[0])
        }
        let key = try key(arguments[0], receiver)
        throw KeyValueError(
          .nilValueForScalar,
          "[\(KeyValueError.label(receiver)) setNilValueForKey]: could not set nil as the value for the key \(LoneSurrogateKey.displayed(key)).")
      }
    ),
    (
      "dictionaryWithValuesForKeys:", "@24@0:8@16",
      method("NSKeyValueCoding", "dictionaryWithValuesForKeys:") { receiver, _, arguments in
        guard let keys = arguments[0].arrayValue else {
          throw KeyValueError(.invalidArgument, "dictionaryWithValuesForKeys: needs an array of keys")
        }
        var result: [Value: Value] = [:]
        for each in keys {
          let key = try key(each, receiver)
          let value = try receiver.value(forKey: key)  // the message: a class's override (NSDictionary's) answers
          // a dictionary holds NSNull for nil, under the key object (one with a lone surrogate too)
          result[isLoneSurrogateKey(each, named: key) ? each : .string(key)] = value.isNil ? .null : value
        }
        return .dictionary(result)
      }
    ),
    (
      "setValuesForKeysWithDictionary:", "v24@0:8@16",
      method("NSKeyValueCoding", "setValuesForKeysWithDictionary:") { receiver, _, arguments in
        guard let entries = arguments[0].dictionaryValue else {
          throw KeyValueError(.invalidArgument, "setValuesForKeysWithDictionary: needs a dictionary, got \(arguments[0])")
        }
        var keyedValues: [String: Value] = [:]
        for (key, value) in entries {
          keyedValues[try Self.key(key, receiver)] = value.isNull ? .nil : value  // NSNull sets nil
        }
        try KeyValueCoding.setValues(keyedValues, of: receiver)
        return .nil
      }
    ),
    (
      "mutableArrayValueForKey:", "@24@0:8@16",
      method("NSKeyValueCoding", "mutableArrayValueForKey:") { receiver, _, arguments in
        .object(try MutableArrayProxy.makeObject(for: receiver, key: try key(arguments[0], receiver)))
      }
    ),
    (
      "mutableArrayValueForKeyPath:", "@24@0:8@16",
      method("NSKeyValueCoding", "mutableArrayValueForKeyPath:") { receiver, _, arguments in
        try ToManyKeyPath.proxy(
          of: receiver, keyPath: try key(arguments[0], receiver), "mutableArrayValueForKeyPath:", "mutableArrayValueForKey:")
      }
    ),
    ("addObserver:forKeyPath:options:context:", "v48@0:8@16@24Q32^v40", addObserver),
    ("removeObserver:forKeyPath:", "v32@0:8@16@24", removeObserver),
    ("removeObserver:forKeyPath:context:", "v40@0:8@16@24^v32", removeObserverWithContext),
    ("willChange:valuesAtIndexes:forKey:", "v40@0:8Q16@24@32", willChangeValuesAtIndexes),
    ("didChange:valuesAtIndexes:forKey:", "v40@0:8Q16@24@32", didChangeValuesAtIndexes),
    (
      "observeValueForKeyPath:ofObject:change:context:", "v48@0:8@16@24@32^v40",
      method("NSKeyValueObserving", "observeValueForKeyPath:ofObject:change:context:") { receiver, _, arguments in
        // Foundation formats it with %@, so each object prints as its -description says: an
        // observed object as its own class (`<Person: 0x…>`), not its notifying subclass.
        // call-out: the receiver's and the observed object's -description, no lock held
        let observer = (try? Runtime.msgSend(receiver, "description").stringValue) ?? receiver.description
        let observed = arguments[1].objectValue.flatMap { try? Runtime.msgSend($0, "description").stringValue }
        throw KeyValueError(
          .unhandledNotification,
          "\(observer): An -observeValueForKeyPath:ofObject:change:context: message was received but not handled.\n"
            + "Key path: \((try? key(arguments[0], receiver)).map(LoneSurrogateKey.displayed) ?? "?")\n"
            + "Observed object: \(observed ?? "\(arguments[1])")\n"
            + "Change: \(arguments[2].change?.description ?? "\(arguments[2])")\nContext: \(ObservationContext(arguments[3]))")
      }
    ),
  ]

  private static let classMethods: [(Selector, String, Implementation)] = [
    (
      "accessInstanceVariablesDirectly", "B16@0:8",
      method("NSKeyValueCoding", "accessInstanceVariablesDirectly", isClassMethod: true) { _, _, _ in true }
    ),
    ("automaticallyNotifiesObserversForKey:", "B24@0:8@16", automaticallyNotifiesObserversForKey),
    ("keyPathsForValuesAffectingValueForKey:", "@24@0:8@16", keyPathsForValuesAffectingValueForKey),
  ]
}

/// `Indexes` as an object in a message argument (an `NSIndexSet *`).
///
/// Objective-C: `NSIndexSet` as an object.
public final class IndexesBox: Sendable {
  /// The indexes.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let indexes: Indexes

  /// Wraps indexes.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(_ indexes: Indexes) { self.indexes = indexes }
}
