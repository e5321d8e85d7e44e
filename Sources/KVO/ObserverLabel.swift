// ObserverLabel.swift: how an observer object is named in descriptions after it is gone.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift.

import MiniRuntime

/// What an object observer looked like when it registered: its class and address, kept so that
/// a description can name it after it is gone. Formatted only when described, so that
/// registering costs no string formatting. Two words: the class, not its name (a name past 15
/// bytes is a third word and a retain anyway), so that a registration stays small
/// (Registration.swift); a class's name never changes.
struct ObserverLabel: Sendable, CustomStringConvertible {
  let observerClass: Class
  let address: UInt

  /// The label of `object`. A function, not an initializer, so that the object is borrowed
  /// (an initializer takes its arguments owned: a retain and a release of the observer for
  /// nothing).
  static func of(_ object: Object) -> ObserverLabel {
    ObserverLabel(observerClass: object.isa, address: UInt(bitPattern: ObjectIdentifier(object)))
  }

  /// The observer's class name when it registered.
  var className: String { observerClass.name }

  /// The same text as `Object.description` gave at registration: `<Class: 0x…>`.
  var description: String { "<\(className): 0x\(String(address, radix: 16))>" }
}
