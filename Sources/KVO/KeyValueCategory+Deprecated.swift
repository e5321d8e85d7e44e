// KeyValueCategory+Deprecated.swift: the deprecated KVC and KVO methods Foundation still honours.
//
// Docs: docs/kvo.md#deprecated-methods. Tests: Tests/KVOTests/DeprecatedMethodTests.swift.
//
// Before `valueForUndefinedKey:`, `setValue:forUndefinedKey:`, `setNilValueForKey:`,
// `setValue:forKey:` and `+keyPathsForValuesAffectingValueForKey:` there were
// `handleQueryWithUnboundKey:`, `handleTakeValue:forUnboundKey:`, `unableToSetNilForKey:`,
// `takeValue:forKey:` and `+setKeys:triggerChangeNotificationsForDependentKey:`. Foundation still
// implements them on NSObject and still calls a class's override of the old hooks: NSObject's new
// method sends the old one when the class overrides it (KeyValueCategory.swift, through
// KeyValueCategory+Overrides.swift), and NSObject's old one sends the new one, so a class that
// overrides either is heard and neither default loops. `+keyPathsForValuesAffecting<Key>` takes
// precedence over what `setKeys:…` declared for the same key (KVORuntime keeps those declarations).
// The stored accessors (`storedValueForKey:`, `takeStoredValue:forKey:`) search the private
// accessors and the ivars before the public accessors (KeyValueCoding+StoredAccessors.swift),
// unless the class's `+useStoredAccessor` says NO: then they are `valueForKey:` and
// `takeValue:forKey:`.

import MiniRuntime

extension KeyValueCategory {
  static let handleQueryWithUnboundKey = method("NSKeyValueCodingDeprecated", "handleQueryWithUnboundKey:") {
    receiver, _, arguments in
    try Runtime.msgSend(receiver, "valueForUndefinedKey:", arguments[0])
  }

  static let handleTakeValueForUnboundKey = method("NSKeyValueCodingDeprecated", "handleTakeValue:forUnboundKey:") {
    receiver, _, arguments in
    try Runtime.msgSend(receiver, "setValue:forUndefinedKey:", arguments[0], arguments[1])
  }

  static let unableToSetNilForKey = method("NSKeyValueCodingDeprecated", "unableToSetNilForKey:") {
    receiver, _, arguments in
    try Runtime.msgSend(receiver, "setNilValueForKey:", arguments[0])
  }

  /// Whether the class of `receiver` (`[[self class] useStoredAccessor]`) uses the stored
  /// accessors' own search.
  private static func usesStoredAccessor(_ receiver: Object) throws -> Bool {
    let cls = try Runtime.msgSend(receiver, "class")  // call-out: -class, no lock held
    return try Runtime.msgSend(cls.objectValue, "useStoredAccessor").boolValue ?? true  // call-out
  }

  static let storedValueForKey = method("NSKeyValueCodingDeprecated", "storedValueForKey:") { receiver, _, arguments in
    guard try usesStoredAccessor(receiver) else { return try Runtime.msgSend(receiver, Selectors.valueForKey, arguments[0]) }
    let key = try key(arguments[0], receiver)
    return try KeyValueCoding.value(of: receiver, using: try KeyValueCoding.storedGetterPlan(for: receiver.isa, key: key), key: key)
  }

  static let takeStoredValueForKey = method("NSKeyValueCodingDeprecated", "takeStoredValue:forKey:") {
    receiver, _, arguments in
    guard try usesStoredAccessor(receiver) else { return try Runtime.msgSend(receiver, "takeValue:forKey:", arguments[0], arguments[1]) }
    let key = try key(arguments[1], receiver)
    try KeyValueCoding.setValue(arguments[0], of: receiver, using: try KeyValueCoding.storedSetterPlan(for: receiver.isa, key: key), key: key)
    return .nil
  }

  static let deprecatedInstanceMethods: [(Selector, String, Implementation)] = [
    ("storedValueForKey:", "@24@0:8@16", storedValueForKey),
    ("takeStoredValue:forKey:", "v32@0:8@16@24", takeStoredValueForKey),
    ("handleQueryWithUnboundKey:", "@24@0:8@16", handleQueryWithUnboundKey),
    ("handleTakeValue:forUnboundKey:", "v32@0:8@16@24", handleTakeValueForUnboundKey),
    ("unableToSetNilForKey:", "v24@0:8@16", unableToSetNilForKey),
    (
      "takeValue:forKey:", "v32@0:8@16@24",
      method("NSKeyValueCodingDeprecated", "takeValue:forKey:") { receiver, _, arguments in
        try Runtime.msgSend(receiver, Selectors.setValueForKey, arguments[0], arguments[1])
      }
    ),
    (
      "takeValue:forKeyPath:", "v32@0:8@16@24",
      method("NSKeyValueCodingDeprecated", "takeValue:forKeyPath:") { receiver, _, arguments in
        try Runtime.msgSend(receiver, "setValue:forKeyPath:", arguments[0], arguments[1])
      }
    ),
    (
      "takeValuesFromDictionary:", "v24@0:8@16",
      method("NSKeyValueCodingDeprecated", "takeValuesFromDictionary:") { receiver, _, arguments in
        try Runtime.msgSend(receiver, "setValuesForKeysWithDictionary:", arguments[0])
      }
    ),
    (
      "valuesForKeys:", "@24@0:8@16",
      method("NSKeyValueCodingDeprecated", "valuesForKeys:") { receiver, _, arguments in
        try Runtime.msgSend(receiver, "dictionaryWithValuesForKeys:", arguments[0])
      }
    ),
  ]

  static let deprecatedClassMethods: [(Selector, String, Implementation)] = [
    (
      "useStoredAccessor", "B16@0:8",
      method("NSKeyValueCodingDeprecated", "useStoredAccessor", isClassMethod: true) { _, _, _ in true }
    ),
    (
      "setKeys:triggerChangeNotificationsForDependentKey:", "v32@0:8@16@24",
      method("NSKeyValueObservingDeprecated", "setKeys:triggerChangeNotificationsForDependentKey:", isClassMethod: true) {
        receiver, _, arguments in
        guard let cls = receiver as? Class, let elements = arguments[0].arrayValue else {
          throw KeyValueError(
            .invalidArgument, "setKeys:triggerChangeNotificationsForDependentKey: needs an array of keys, got \(arguments[0])")
        }
        let keys = try elements.map { element in try key(element, receiver) }
        let dependent = try key(arguments[1], receiver)  // any strings, as Foundation takes them
        try KVORuntime.of(cls).setKeys(keys, triggering: dependent, in: cls)
        return .nil
      }
    )
  ]
}
