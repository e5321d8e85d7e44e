// CachedGetter.swift: the getter a path's first key is read with while methods are unchanged.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/ChangeDictionaryTests.swift,
// DirectGetterReadTests.swift.

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
  /// The getter's typed fast path in the class it was found in, worked out under the same stamp
  /// (MiniRuntime's DirectGetter.swift): a synthesized getter's value is read in place, without
  /// the send, whenever the send could not be told apart from it.
  let direct: DirectGetter

  /// Finds the getter `selector` names in `cls` now (its fast path included), under `generation`,
  /// read before.
  init(generation: MethodGeneration, selector: Selector, isChain: Bool, in cls: Class) {
    self.generation = generation
    self.selector = selector
    self.isChain = isChain
    direct = DirectGetter(selector, in: cls)
  }

  /// The getter's answer for `object`, whose runtime's generation the caller found current: read
  /// in place when the send would only do that load (sends traced, another class, a user getter:
  /// sent), else sent (call-out: the getter, no lock held).
  @inline(__always)
  func value(of object: Object) throws -> Value {
    if let value = direct.read(object) { return value }
    return try Runtime.msgSend(object, selector)
  }
}
