// ObserverKind.swift: who receives a registration's notifications.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift.

import MiniRuntime

/// Who receives a registration's notifications, as given when registering.
enum ObserverKind: Sendable {
  /// A runtime object, sent `observeValueForKeyPath:ofObject:change:context:`. The registration
  /// holds it weakly.
  case object(Object)
  /// A Swift closure (``Object/observe(_:options:changeHandler:)``).
  case closure(@Sendable (Object, Change) -> Void)
  /// KVO's own plumbing: passes the will/did of this registration on to another key path of
  /// another (or the same) object. Used for key-path chains and dependent key paths.
  case forward(Forwarder)
  /// No observer: `addObserver:nil forKeyPath:…`, which Foundation registers unchecked. Each
  /// notification is a message to nil: nothing happens, and nothing is pruned (decision 0018).
  case nilObserver

  /// Whether this is one of KVO's own registrations.
  var isForward: Bool {
    if case .forward = self { return true }
    return false
  }
}
