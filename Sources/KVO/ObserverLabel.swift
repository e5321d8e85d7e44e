// ObserverLabel.swift: how an observer object is named in descriptions after it is gone.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift.

import MiniRuntime

/// What an object observer looked like when it registered: its class name and address, kept so
/// that a description can name it after it is gone. Formatted only when described, so that
/// registering costs no string formatting.
struct ObserverLabel: Sendable, CustomStringConvertible {
  let className: String
  let address: UInt

  init(_ object: Object) {
    className = object.isa.name
    address = UInt(bitPattern: ObjectIdentifier(object))
  }

  /// The same text as `Object.description` gave at registration: `<Class: 0x…>`.
  var description: String { "<\(className): 0x\(String(address, radix: 16))>" }
}
