// MethodGeneration.swift: the one rule for what KVC and KVO derive from method lists and cache.
//
// Docs: docs/kvo.md#the-accessor-search-order. Tests: Tests/KVOTests/CategoryOverrideTests.swift.
//
// Foundation caches its accessor search, a key's dependencies and the getter it reads old and new
// values with, for the life of a class. MiniKVO caches the same answers but follows method
// changes: each answer is stamped with the runtime's method generation, read *before* the answer
// is worked out, and is used only while the runtime's generation is still that one. Every such
// cache goes through this file, in one of two shapes that read the generation in the same order:
//   - `MethodGeneration.cached`: a cache filled on a miss. It reads the generation, looks for an
//     answer stamped with it, else works one out (handed the generation it will carry) and
//     publishes it stamped with the generation read first. Used by KVC's getter and setter plans
//     (KeyValueCoding+Accessors.swift), the dependent-key lists (DependentKeys.swift), the
//     will/did decision (WillDidDecision, KeyValueCategory+Overrides.swift) and the key-path
//     plans (KeyPathPlan.swift, looked up in Observation.swift).
//   - `MethodGeneration.stamping` to make an answer, `isCurrent(for:)` to use it: an answer that
//     is never filled again where it is used. Only a key-path plan's cached getter
//     (CachedGetter.swift) is made this way. It differs from the plan that carries it for two
//     reasons. Its stamp is read after the plan's work has hooked the notifying subclass's
//     setters, which bumps the generation: the first plan made for a key is stale at once, and
//     a getter stamped with the plan's stamp would be stale for every registration made with
//     that plan. And a notifying set reads it twice (old and new values: K1, K9), so it is
//     checked with one atomic load and nothing else: a stale getter is not worked out again
//     there but falls back to the KVC read, whose getter plan is itself a `cached` answer.
//     Refreshing it in place would need a two-word (generation, selector) slot any thread may
//     write and every set reads: a seqlock or a double-word atomic on the hottest path, for the
//     one scenario that meets a stale getter (K9: docs/performance.md).
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
// then load the bumped generation, and stamp a wrong answer as current forever. A use checks the
// stamp with a fresh acquiring load (the `cached` read or `isCurrent`): an answer found valid
// while a writer is between its change and its store is the answer of a call that ran before
// that writer's call returned, which no caller can tell apart.

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
  ///   - compute: Works the answer out, given the generation it will be stamped with (for an
  ///     answer that carries its stamp); it may send messages (no lock held).
  ///   - publish: Keeps the answer with its generation (or not: a cache may decline).
  /// - Complexity: `lookUp`'s on a hit, plus `compute`'s on a miss.
  @inline(__always)
  static func cached<Value>(
    for object: Object, lookUp: (MethodGeneration) -> Value?, compute: (MethodGeneration) throws -> Value,
    publish: (MethodGeneration, Value) -> Void
  ) rethrows -> Value {
    let generation = MethodGeneration(of: object)  // first: see the file comment
    if let found = lookUp(generation) { return found }
    let value = try compute(generation)
    publish(generation, value)
    return value
  }

  /// Works out an answer that carries its own stamp and is checked with ``isCurrent(for:)``
  /// where it is used: reads the generation of `object`'s runtime first, then runs `compute`
  /// with it (the order `cached` keeps; see the file comment for when a cache takes this shape).
  ///
  /// - Complexity: `compute`'s, plus one atomic load.
  @inline(__always)
  static func stamping<Value>(for object: Object, _ compute: (MethodGeneration) throws -> Value) rethrows -> Value {
    try compute(MethodGeneration(of: object))  // first: see the file comment
  }
}
