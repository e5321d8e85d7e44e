// MethodGeneration.swift: the one rule for what KVC and KVO derive from method lists and cache.
//
// Docs: docs/kvo.md#the-accessor-search-order. Tests: Tests/KVOTests/CategoryOverrideTests.swift.
//
// Foundation caches its accessor search, a key's dependencies and the getter it reads old and new
// values with, for the life of a class. MiniKVO caches the same answers (accessor plans,
// KeyValueCoding+Accessors.swift; dependent-key lists, DependentKeys.swift; whether will/did go
// out as messages, WillDidDecision in KeyValueCategory+Overrides.swift; key-path plans and a
// one-key path's getter, KeyPathPlan.swift and CachedGetter.swift) but follows method changes:
// each answer is stamped with the runtime's method generation, read *before* the answer is
// worked out, and is used only while the runtime's generation is still that one.
// `MethodGeneration.cached` is that protocol, written once: read the generation, look for an
// answer stamped with it, else work one out and publish it stamped with the generation read
// first. The caches differ only in where they keep the answer.
//
// Why the order cannot miss an override added by another thread (issue 14). A writer changes a
// method list (and flushes method caches) under `Runtime.lock` and publishes the bumped
// generation with a releasing store before it unlocks (`Runtime.withState`). A reader loads the
// generation with an acquiring load, then reads method lists and caches without a lock:
//   - If its load saw the bump, everything the writer did before the store is visible to the
//     reads that follow: the answer sees the override.
//   - If its load came before the bump, the answer may or may not see the override, but it is
//     stamped with the old generation, so the next lookup finds it stale and works it out again.
// Read the other way round (answer first, generation after), a reader could miss the override,
// then load the bumped generation, and stamp a wrong answer as current forever.
// (An answer found valid while a writer is between its change and its store is the answer of a
// call that ran before that writer's call returned: no caller can tell.)

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

extension MethodGeneration {
  /// The cache protocol every generation-validated cache follows: reads the generation of
  /// `object`'s runtime first, returns what `lookUp` finds stamped with it, else works the answer
  /// out with `compute` and hands it to `publish` stamped with the generation read *before*
  /// (see the file comment for why that order is safe against other threads).
  ///
  /// - Parameters:
  ///   - lookUp: The cached answer for this generation, if the cache has one.
  ///   - compute: Works the answer out (may send messages: no lock held).
  ///   - publish: Keeps the answer with its generation (or not: a cache may decline).
  /// - Complexity: `lookUp`'s on a hit, plus `compute`'s on a miss.
  @inline(__always)
  static func cached<Value>(
    for object: Object, lookUp: (MethodGeneration) -> Value?, compute: () throws -> Value,
    publish: (MethodGeneration, Value) -> Void
  ) rethrows -> Value {
    let generation = MethodGeneration(of: object)  // first: see the file comment
    if let found = lookUp(generation) { return found }
    let value = try compute()
    publish(generation, value)
    return value
  }
}
