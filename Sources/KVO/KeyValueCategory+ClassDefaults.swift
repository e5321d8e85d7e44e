// KeyValueCategory+ClassDefaults.swift: NSObject's `+automaticallyNotifiesObserversForKey:` and
// `+keyPathsForValuesAffectingValueForKey:`, and how KVO asks a class them.
//
// Docs: docs/kvo.md#the-nsobject-category. Tests: Tests/KVOTests/ClassDefaultsTests.swift,
// CategoryOverrideTests.swift, DependentKeyTests.swift.
//
// KVO asks a class both questions when one of its keys is first observed (and KVC asks the first
// when it sets an observed ivar). Foundation sends them as messages; so does KVO here whenever the
// send could be told apart from running NSObject's implementation directly: the class (or a
// superclass, or a category) overrides the method, sends are traced, or the class is not yet
// initialized (the send would initialize it). Otherwise NSObject's implementation runs without
// the send, which would only have added the method to the metaclass's cache (a first
// observation paid an uncached lookup for each, about 3,700 instructions). The defaults ask for
// `+automaticallyNotifiesObserversOf<Key>` / `+keyPathsForValuesAffecting<Key>` as
// `class_respondsToSelector` would, resolver included (AccessorLookup.swift says when the
// resolver's send is left out, and why nothing can tell).

import MiniRuntime

extension KeyValueCategory {
  static let automaticallyNotifiesObserversForKey = method(
    "NSKeyValueObserverNotification", "automaticallyNotifiesObserversForKey:", isClassMethod: true
  ) { receiver, _, arguments in
    .bool(try automaticallyNotifiesByDefault(receiver, key: try key(arguments[0], receiver)))
  }

  static let keyPathsForValuesAffectingValueForKey = method(
    "NSKeyValueObserverNotification", "keyPathsForValuesAffectingValueForKey:", isClassMethod: true
  ) { receiver, _, arguments in
    try keyPathsAffectingByDefault(receiver, key: try key(arguments[0], receiver))
  }

  /// `[receiver automaticallyNotifiesObserversForKey:key]`: the message, or NSObject's
  /// implementation run directly where nothing could tell (see the file comment).
  ///
  /// - Throws: What the class's methods (or `+initialize`) threw.
  static func automaticallyNotifiesObservers(_ receiver: Object, forKey key: String) throws -> Bool {
    if sendsClassMessage(Selectors.automaticallyNotifiesObserversForKey, own: automaticallyNotifiesObserversForKey, to: receiver) {
      // call-out: the class's `+automaticallyNotifiesObserversForKey:`, no lock held
      let argument = try LoneSurrogateKey.argument(key, in: receiver.runtime)  // a lone surrogate's key object
      return try Runtime.msgSend(receiver, Selectors.automaticallyNotifiesObserversForKey, argument).boolValue ?? true
    }
    return try automaticallyNotifiesByDefault(receiver, key: key)
  }

  /// `[receiver keyPathsForValuesAffectingValueForKey:key]`: the message, or NSObject's
  /// implementation run directly where nothing could tell (see the file comment).
  ///
  /// - Throws: What the class's methods (or `+initialize`) threw.
  static func keyPathsForValuesAffecting(_ receiver: Object, key: String) throws -> Value {
    if sendsClassMessage(Selectors.keyPathsForValuesAffectingValueForKey, own: keyPathsForValuesAffectingValueForKey, to: receiver) {
      // call-out: the class's `+keyPathsForValuesAffectingValueForKey:`, no lock held
      let argument = try LoneSurrogateKey.argument(key, in: receiver.runtime)  // a lone surrogate's key object
      return try Runtime.msgSend(receiver, Selectors.keyPathsForValuesAffectingValueForKey, argument)
    }
    return try keyPathsAffectingByDefault(receiver, key: key)
  }

  /// Whether `selector` must go to `receiver` as a message: sends are traced, the class is not
  /// initialized, or a send would run something other than NSObject's `implementation`.
  private static func sendsClassMessage(_ selector: Selector, own implementation: Implementation, to receiver: Object) -> Bool {
    receiver.tracesMessageSends || !receiver.isa.isInitialized || isOverridden(selector, own: implementation, by: receiver)
  }

  /// NSObject's `+automaticallyNotifiesObserversForKey:`: what `+automaticallyNotifiesObserversOf<Key>`
  /// answers if the class has it, else YES.
  private static func automaticallyNotifiesByDefault(_ receiver: Object, key: String) throws -> Bool {
    let specific = AccessorNames.of(key).automaticallyNotifiesObserversOf
    guard AccessorLookup(receiver.isa).responds(to: specific) else { return true }
    // call-out: the class's `+automaticallyNotifiesObserversOf<Key>`, no lock held
    return try Runtime.msgSend(receiver, specific).boolValue ?? true
  }

  /// NSObject's `+keyPathsForValuesAffectingValueForKey:`: what `+keyPathsForValuesAffecting<Key>`
  /// answers if the class has it, else the keys declared with the deprecated
  /// `+setKeys:triggerChangeNotificationsForDependentKey:`, as an NSSet (empty if none).
  private static func keyPathsAffectingByDefault(_ receiver: Object, key: String) throws -> Value {
    let specific = AccessorNames.of(key).keyPathsForValuesAffecting
    // call-out: the class's `+keyPathsForValuesAffecting<Key>`, no lock held
    if AccessorLookup(receiver.isa).responds(to: specific) { return try Runtime.msgSend(receiver, specific) }
    guard let cls = receiver as? Class else { return .set([]) }
    return .set(Set(try KVORuntime.of(cls).keysTriggering(key, in: cls).map(Value.string)))
  }
}
