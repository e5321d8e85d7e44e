// CachedGetter.swift: the getter a path's first key is read with while methods are unchanged.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/ChangeDictionaryTests.swift.

import MiniRuntime

/// The getter method of a path's first key, found when the plan was made, valid while the
/// runtime's method generation is unchanged and the class did not override `valueForKey:`:
/// made with `MethodGeneration.stamping`, checked with `isCurrent(for:)` before each read
/// (MethodGeneration.swift). Plain words, so reading it costs no reference counting.
struct CachedGetter: Sendable {
  let generation: MethodGeneration
  let selector: Selector
  /// Whether the path goes on past its first key (a chain: the rest is read from the value).
  let isChain: Bool
}
