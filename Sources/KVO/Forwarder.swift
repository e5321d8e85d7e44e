// Forwarder.swift: the target of one of KVO's own registrations (chains, dependent key paths).
//
// Docs: docs/kvo.md#key-path-chains. Tests: Tests/KVOTests/KeyPathChainTests.swift, DependentKeyTests.swift.
//
// The owner is held by an unowned count (`UnownedObject`, decision 0018), not `weak`: a weak
// reference would give every object with a chain or a dependent key path a side table, and
// every retain and release of it the slow path, on each set that goes through the forwarder.

import MiniRuntime

/// The target of an internal registration: an object and the key path to notify on it.
final class Forwarder: Sendable {
  /// The object to notify, by an unowned count: its memory, not its life (see the file comment).
  private let ownerReference: UnownedObject
  let ownerPathID: KeyID
  /// A dependency forwarder reports a setting change; a chain forwarder passes the kind on.
  let isDependency: Bool

  /// The object to notify while it lives; nil once it is deallocating.
  var owner: Object? { ownerReference.load() }

  init(owner: Object, ownerPathID: KeyID, isDependency: Bool) {
    ownerReference = UnownedObject(owner)
    self.ownerPathID = ownerPathID
    self.isDependency = isDependency
  }
}
