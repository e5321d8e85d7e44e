// Trigger.swift: what a change of one key affects on one object.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift.

import MiniRuntime

/// What a change of one key affects: the observed paths, and the first of them unretained (the
/// set path's common case is exactly one, which it reads without reference counting).
struct Trigger: Sendable {
  let key: KeyID
  let paths: [ObservedPath]
  let first: Unmanaged<ObservedPath>

  init(key: KeyID, paths: [ObservedPath]) {
    self.key = key
    self.paths = paths
    first = Unmanaged.passUnretained(paths[0])
  }
}
