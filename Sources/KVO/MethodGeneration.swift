// MethodGeneration.swift: the one rule for what KVC and KVO derive from method lists and cache.
//
// Docs: docs/kvo.md#the-accessor-search-order. Tests: Tests/KVOTests/CategoryOverrideTests.swift.
//
// Foundation caches its accessor search, a key's dependencies and the getter it reads old and new
// values with, for the life of a class. MiniKVO caches the same three answers (accessor plans,
// KeyValueCoding+Accessors.swift; dependent-key lists, DependentKeys.swift; a one-key path's
// getter, CachedGetter.swift) but follows method changes: each answer is stamped with the
// runtime's method generation, read *before* the answer is worked out, and is used only while
// the runtime's generation is still that one. Reading it first is what makes it safe against
// another thread: a method added while the answer is being worked out bumps the generation, so
// the answer is stamped stale from the start instead of being trusted with the new method in
// place.

import MiniRuntime

/// A method generation of a runtime (``Runtime/methodGeneration``), stamped on a cached answer.
struct MethodGeneration: Hashable, Sendable {
  let value: UInt64

  /// The generation of `object`'s runtime now (a class is an object too): read it before
  /// working out the answer it will stamp.
  @inline(__always)
  init(of object: Object) { value = object.methodGeneration }

  /// Whether an answer stamped with this generation still holds for `object`'s runtime.
  ///
  /// - Complexity: O(1): one atomic load.
  @inline(__always)
  func isCurrent(for object: Object) -> Bool { object.methodGeneration == value }
}
