// RetainCounts.swift: an object's extra retains, the runtime's holds and its life state, kept in
// one atomic word of the object (objc4's non-pointer isa: `extra_rc` and `deallocating`).
//
// Docs: docs/runtime.md#manual-retain-and-release, docs/decisions/0056-the-retain-count-in-the-object.md.
// Tests: Tests/MiniRuntimeTests/ManualRetainReleaseTests.swift, RetainCountsTests.swift,
// ObjC4BehaviourRound19WeakTests.swift.
//
// Model: `Object.lifeWord` is one `Atomic<UInt64>`. Its low byte is the object's life state
// (deallocating, disposed, released to zero, freed, associations removed: Object.swift); bits 8
// to 38 count the extra retains (each also one Swift strong retain of the object); bit 39 says
// `objc_destructInstance` cleared its weak references (Object+WeakClearing.swift); bits 40 to 63
// count how many of the extra retains are the runtime's own holds, which `retainCount` does not show.
//
// Locking: none. Every change is one compare-and-swap of the word (the life-state bits set
// elsewhere are atomic ors of the same word), so a count and the deallocating mark are decided
// together, as objc4's `rootRetain`, `rootTryRetain` and `rootRelease` decide them with one
// compare-and-swap each on the isa: a try-retain adds its count only to a word with no life-state
// bit, and a release that finds no count marks the object deallocating only in a word with no
// count. So a weak load racing the last release either retains first (the release then gives that
// count back instead of deallocating) or reads a deallocating object and answers nil; it can
// never hand out an object whose `dealloc` has begun (ObjC4BehaviourRound19WeakTests). A retain's
// Swift retain is taken before its compare-and-swap publishes the count (and given back if the
// object turns out to be deallocating), and a release's Swift release comes after its
// compare-and-swap took a count away, so the Swift release of a count can never come before
// that count's Swift retain. Readers load the word once: a count exact at some instant.
//
// No side table: objc4 moves half of `extra_rc` to a side table when its 8 or 19 bits overflow.
// Here the count cannot reach its 31 bits: every extra retain also holds a Swift strong retain,
// and Swift stops the process when an object's strong count passes 2^30 (its own 30-bit field),
// before this one fills. A hold is one in flight in an atomic getter (decision 0041), so 24 bits
// are far more than any number of threads can hold at once; both overflows are checked anyway.

import Synchronization

/// An object's retain counts, kept in its ``Object/lifeWord`` (objc4's `extra_rc` in the isa).
enum RetainCounts {
  /// The life-state bits (the low byte): any of them set means the object has begun
  /// deallocating, was disposed, or is freed, and no count may be added.
  static let lifeStateMask: UInt64 = 0xFF
  /// One extra retain.
  static let countUnit: UInt64 = 1 << 8
  /// The extra retains' field, in place (31 bits: Swift stops the process before 2^30).
  static let countMask: UInt64 = 0x7FFF_FFFF << 8
  /// Set once `objc_destructInstance` has cleared the object's weak references on a live object
  /// (Object+WeakClearing.swift); no count ever reaches it.
  static let weaklyClearedBit: UInt64 = 1 << 39
  /// One of the runtime's holds.
  static let holdUnit: UInt64 = 1 << 40
  /// The holds' field, in place.
  static let holdMask: UInt64 = 0xFF_FFFF << 40

  /// The extra retains in `word`.
  @inline(__always)
  static func count(in word: UInt64) -> Int { Int(truncatingIfNeeded: (word & countMask) >> 8) }

  /// The runtime's holds in `word`.
  @inline(__always)
  static func holds(in word: UInt64) -> Int { Int(truncatingIfNeeded: word >> 40) }

  /// The extra retains `object` holds, less the runtime's own holds (never below 0: a release on
  /// another thread may have given back the count a hold added before the hold is let go).
  static func extra(of object: Object) -> Int {
    let word = object.lifeWord.load(ordering: .acquiring)
    return max(0, count(in: word) - holds(in: word))
  }

  /// Adds an extra retain (one in the word and one Swift strong retain) unless the object has
  /// begun deallocating, decided by the compare-and-swap that adds the count (objc4's
  /// `rootTryRetain`). A `hold` is also counted as the runtime's own. `false`: nothing was added.
  static func tryAdd(to object: Object, hold: Bool = false) -> Bool {
    var word = object.lifeWord.load(ordering: .relaxed)
    guard word & lifeStateMask == 0 else { return false }
    // The Swift retain before the count is published: a release on another thread that finds
    // this count gives back its Swift retain, so that retain must exist by then, or the release
    // would take the caller's reference instead and the object could be freed under it
    // (AddressSanitizer saw it in ObjC4BehaviourRound19WeakTests).
    let unmanaged = Unmanaged.passUnretained(object)
    _ = unmanaged.retain()
    let added = countUnit | (hold ? holdUnit : 0)
    while true {
      guard word & lifeStateMask == 0 else {
        unmanaged.release()  // deallocating after all; the caller's reference keeps the object
        return false
      }
      precondition(word & countMask != countMask, "retain count overflow")
      precondition(!hold || word & holdMask != holdMask, "runtime hold overflow")
      let (exchanged, original) = object.lifeWord.compareExchange(
        expected: word, desired: word &+ added, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      word = original
    }
  }

  /// What a release did to the count.
  enum Release {
    /// An extra retain was given back.
    case extraGivenBack
    /// None was left: this release marked the object deallocating and must run its `dealloc`.
    case lastReference
    /// The object had begun deallocating already: nothing changed.
    case alreadyDeallocating
  }

  /// Gives back an extra retain if there is one; otherwise marks the object deallocating (bits
  /// 0 and 2 of its life state), in the compare-and-swap that found no count, so no try-retain
  /// can add one after this decision (objc4's `rootRelease` deciding on the isa word). A release
  /// `endingHold` also drops one of the runtime's holds, whatever else it finds.
  static func release(_ object: Object, endingHold: Bool = false) -> Release {
    var word = object.lifeWord.load(ordering: .relaxed)
    while true {
      var desired = word
      if endingHold, word & holdMask != 0 { desired -= holdUnit }
      let result: Release
      if word & lifeStateMask != 0 {
        result = .alreadyDeallocating
      } else if word & countMask == 0 {
        desired |= 1 | 4
        result = .lastReference
      } else {
        desired -= countUnit
        result = .extraGivenBack
      }
      if desired == word { return result }  // deallocating, and no hold to drop
      let (exchanged, original) = object.lifeWord.compareExchange(
        expected: word, desired: desired, ordering: .acquiringAndReleasing)
      if exchanged {
        // After the count is gone; the caller holds a reference, so this cannot free the object.
        if result == .extraGivenBack { Unmanaged.passUnretained(object).release() }
        return result
      }
      word = original
    }
  }
}
