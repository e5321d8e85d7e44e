// ChainLink.swift: the internal registration that follows the rest of a key path.
//
// Docs: docs/kvo.md#key-path-chains. Tests: Tests/KVOTests/KeyPathChainTests.swift.

import MiniRuntime

/// The internal registration that follows the rest of a key path on an intermediate object.
final class ChainLink: Sendable {
  weak let target: Object?
  let registration: Registration

  init(target: Object, registration: Registration) {
    self.target = target
    self.registration = registration
  }
}
