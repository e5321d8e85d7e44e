// Object+WeakClearing.swift: weak references cleared on an object that lives on, as
// `objc_destructInstance` clears them (objc4's `clearDeallocating`, which nils every `__weak`
// variable in the weak table that points at the object, and frees nothing).
//
// Docs: docs/runtime.md#constructing-and-destructing-in-place. Tests:
// Tests/MiniRuntimeTests/ObjC4BehaviourRound25DestructTests.swift.
//
// Model: a weak reference here is an immutable box around a Swift `weak let` (WeakValue.swift,
// WeakReference.swift), which nothing can nil from outside. Instead each box remembers, when it
// is made, how many times the object's weak references had been cleared, and reads nil once
// that number has grown. The number lives in `Runtime.State.weakClearings` (under
// `Runtime.lock`) only for an object whose `RetainCounts.weaklyClearedBit` is set, so a weak
// load of any other object pays one test of the life word it loads anyway. The bit and the
// number are set under the lock; the entry is removed when Swift frees the object.

extension Object {
  /// How many times `objc_destructInstance` has cleared this object's weak references: 0 unless
  /// `word` (a load of ``lifeWord``) has the weakly-cleared bit. Locking: takes `Runtime.lock`
  /// when the bit is set.
  @inline(__always)
  func weakClearings(word: UInt64) -> UInt {
    guard word & RetainCounts.weaklyClearedBit != 0 else { return 0 }
    return weakClearingsSlow()
  }

  @inline(never)
  private func weakClearingsSlow() -> UInt {
    guard let runtime else { return 0 }
    return runtime.withState { state in state.weakClearings[ObjectIdentifier(self)] ?? 0 }
  }

  /// Whether a weak reference made when the object had `clearings` clearings reads it: it is not
  /// deallocating, and its weak references have not been cleared since. One load of the life word.
  @inline(__always)
  func isWeaklyReadable(since clearings: UInt) -> Bool {
    let word = lifeWord.load(ordering: .acquiring)
    return word & RetainCounts.lifeStateMask == 0 && weakClearings(word: word) == clearings
  }

  /// The clearings a weak reference made now records.
  var currentWeakClearings: UInt { weakClearings(word: lifeWord.load(ordering: .acquiring)) }

  /// Makes every weak reference made so far read nil; those made afterwards read the object.
  /// Locking: takes `Runtime.lock`.
  func clearWeakReferences() {
    guard let runtime else { return }
    runtime.withState { state in
      state.weakClearings[ObjectIdentifier(self), default: 0] += 1
      lifeWord.bitwiseOr(RetainCounts.weaklyClearedBit, ordering: .releasing)
    }
  }

  /// Removes the object's count of clearings, when Swift frees an object that has one (its
  /// identifier can then be reused). A class object's stays until its runtime goes, with the
  /// class. Locking: takes `Runtime.lock`.
  func forgetWeakClearings() {
    guard let runtime = owningRuntime else { return }
    runtime.withState { state in _ = state.weakClearings.removeValue(forKey: ObjectIdentifier(self)) }
  }
}
