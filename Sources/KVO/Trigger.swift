// Trigger.swift: one entry of a snapshot's trigger list.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift.

import MiniRuntime

/// A changed key (or key path) and one observed path its change affects. A snapshot lists the
/// entries of one key next to each other, in the order the paths were first observed.
struct Trigger {
  let key: KeyID
  /// Retained by the snapshot that holds the entry (UnretainedObservedPath.swift).
  let path: UnretainedObservedPath
}
