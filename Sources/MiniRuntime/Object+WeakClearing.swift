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
// that number has grown. The number lives in `Runtime.weakClearings` (a leaf lock of its own,
// Locks.swift) only for an object whose `RetainCounts.weaklyClearedBit` is set, so a weak load of
// any other object pays one test of the life word it loads anyway. The bit and the number are
// set under that lock. An instance's entry is removed when Swift frees it; a class object's stays
// for the runtime's life, as the class does. Not `Runtime.lock`: a weak load happens under
// `Object.lock` (an association getter), under leaf locks and under `Runtime.lock` itself.
// Only `__weak` references count clearings: an assign association and a nonretained NSValue
// hold a plain pointer objc4 never registers in the weak table (WeakValue.swift).

extension Object {
  /// How many times `objc_destructInstance` has cleared this object's weak references: 0 unless
  /// `word` (a load of ``lifeWord``) has the weakly-cleared bit. Locking: takes the leaf
  /// `Runtime.weakClearings` when the bit is set.
  @inline(__always)
  func weakClearings(word: UInt64) -> UInt {
    guard word & RetainCounts.weaklyClearedBit != 0 else { return 0 }
    return weakClearingsSlow()
  }

  @inline(never)
  private func weakClearingsSlow() -> UInt {
    guard let runtime else { return 0 }
    return runtime.weakClearings.withLock { counts in counts[ObjectIdentifier(self)] ?? 0 }
  }

  /// Whether a weak reference made when the object had `clearings` clearings reads it: it is not
  /// deallocating, and its weak references have not been cleared since (nil `clearings`: a
  /// reference outside the weak table, which no clearing touches). One load of the life word.
  @inline(__always)
  func isWeaklyReadable(since clearings: UInt?) -> Bool {
    let word = lifeWord.load(ordering: .acquiring)
    guard word & RetainCounts.lifeStateMask == 0 else { return false }
    guard let clearings else { return true }
    return weakClearings(word: word) == clearings
  }

  /// The clearings a weak reference made now records.
  var currentWeakClearings: UInt { weakClearings(word: lifeWord.load(ordering: .acquiring)) }

  /// Makes every weak reference made so far read nil; those made afterwards read the object.
  /// Locking: takes the leaf `Runtime.weakClearings`.
  func clearWeakReferences() {
    guard let runtime else { return }
    runtime.weakClearings.withLock { counts in
      counts[ObjectIdentifier(self), default: 0] += 1
      lifeWord.bitwiseOr(RetainCounts.weaklyClearedBit, ordering: .releasing)
    }
  }

  /// Removes the object's count of clearings, when Swift frees an object that has one (its
  /// identifier can then be reused). A class object's stays until its runtime goes, with the
  /// class. Locking: takes the leaf `Runtime.weakClearings`.
  func forgetWeakClearings() {
    guard let runtime = owningRuntime else { return }
    runtime.weakClearings.withLock { counts in _ = counts.removeValue(forKey: ObjectIdentifier(self)) }
  }
}
