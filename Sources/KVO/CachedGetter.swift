// CachedGetter.swift: the getter a one-key path's values are read with while methods are unchanged.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/ChangeDictionaryTests.swift.

import MiniRuntime

/// The getter method of a one-key path, found when the registration was made, valid while the
/// runtime's method generation is unchanged (MethodGeneration.swift) and the class did not
/// override `valueForKey:`. Two plain words, so reading it costs no reference counting.
struct CachedGetter: Sendable {
  let generation: MethodGeneration
  let selector: Selector
}
