// Forwarder.swift: the target of one of KVO's own registrations (chains, dependent key paths).
//
// Docs: docs/kvo.md#key-path-chains. Tests: Tests/KVOTests/KeyPathChainTests.swift, DependentKeyTests.swift.

import MiniRuntime

/// The target of an internal registration: an object and the key path to notify on it.
final class Forwarder: Sendable {
  weak let owner: Object?
  let ownerPathID: KeyID
  /// A dependency forwarder reports a setting change; a chain forwarder passes the kind on.
  let isDependency: Bool

  init(owner: Object, ownerPathID: KeyID, isDependency: Bool) {
    self.owner = owner
    self.ownerPathID = ownerPathID
    self.isDependency = isDependency
  }
}
