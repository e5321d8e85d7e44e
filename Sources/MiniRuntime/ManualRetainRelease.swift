// ManualRetainRelease.swift: `-retain`, `-release` and `-retainCount` on top of Swift's counting.
//
// Docs: docs/runtime.md#manual-retain-and-release, docs/decisions/0017-manual-retain-release.md,
// docs/decisions/0056-the-retain-count-in-the-object.md.
// Tests: Tests/MiniRuntimeTests/ManualRetainReleaseTests.swift.
//
// Model: Swift's reference count frees an object; manual retain-release is bookkeeping beside
// it. The Swift reference the caller holds is the object's one ownership (objc4's count of 1
// after `alloc`). Each `retain` adds an *extra retain*: one Swift strong retain of the object
// (so it outlives every Swift variable) and one in the count kept in the object's own word
// (RetainCounts.swift, objc4's `extra_rc` in the isa); `release` gives an extra retain back. A
// `release` with no extra retain left gives up that last ownership, as objc4's release to zero
// does: `dealloc` is sent now, the ivars, associated objects and observation info are released,
// weak references read nil, and the Swift shell lives on, zeroed, until its last Swift reference
// goes (its deinit sends no second `dealloc`). A retain-count message sent after that is an
// over-release: it throws the zombie text instead of crashing.
//
// Locking: none here. A count and the deallocating mark change together, in one compare-and-swap
// of the object's word (RetainCounts.swift says how a weak load racing the last release is
// ordered). The Swift release and `dealloc` run after it, with no lock held (a release may run
// user code). Readers see a count that is exact at some instant.
//
// A hold: an extra retain the runtime takes for itself (an atomic getter's, under the property
// stripe, before it sends a custom `-retain`: decision 0041) is counted like any other, so a
// release on another thread gives it back instead of deallocating, and it is also counted as a
// hold, so `retainCount` does not show it. Letting it go is a release that also drops the hold.

extension Object {
  /// Whether `dealloc` has run to its end through a `release` or the object was destroyed by
  /// `object_dispose`: Objective-C would have freed its memory.
  var isFreedForObjectiveC: Bool { lifeWord.load(ordering: .acquiring) & (2 | 8) != 0 }

  /// The zombie text (NSZombieEnabled's) for a retain-count message sent after the object was
  /// freed, where objc4 would read freed memory.
  func messageToDeallocatedInstance(_ selector: Selector) -> RuntimeError {
    RuntimeError(
      .deallocatingObject,
      "*** -[\(isa.name) \(selector.name)]: message sent to deallocated instance \(address)")
  }

  /// `-[NSObject retain]` (objc4's `_objc_rootRetain`): adds an extra retain and answers self.
  /// A deallocating object's retain changes nothing (objc4 does not revive it).
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` once the object was freed.
  func rootRetain() throws(RuntimeError) -> Object {
    guard !isFreedForObjectiveC else { throw messageToDeallocatedInstance("retain") }
    _ = RetainCounts.tryAdd(to: self)  // a deallocating object is not counted
    return self
  }

  /// `-[NSObject release]` (objc4's `_objc_rootRelease`): gives back an extra retain, or, with
  /// none left, deallocates the object now. A deallocating object's release changes nothing.
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` once the object was freed.
  func rootRelease() throws(RuntimeError) {
    guard !isFreedForObjectiveC else { throw messageToDeallocatedInstance("release") }
    guard RetainCounts.release(self) == .lastReference else { return }
    deallocateByRelease()
  }

  /// Answers what `-retainCount` answers: 1 (the caller's ownership) plus the extra retains; 0
  /// while `dealloc` runs (objc4 818 and later count 0 then).
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` once the object was freed.
  func rootRetainCount() throws(RuntimeError) -> Int {
    guard !isFreedForObjectiveC else { throw messageToDeallocatedInstance("retainCount") }
    return isDeallocating ? 0 : 1 + RetainCounts.extra(of: self)
  }

  /// `_tryRetain` (objc4's `rootTryRetain`): retains and answers `true`, or answers `false` for
  /// an object that is deallocating or freed.
  func tryRetain() -> Bool {
    RetainCounts.tryAdd(to: self)
  }

  /// Takes the runtime's own hold on the object: an extra retain, as ``tryRetain()`` takes it
  /// (`false` for a deallocating object), which `retainCount` does not show. Taken under a lock
  /// where a `retain` override could not be sent, it keeps the object from a release on another
  /// thread until ``endHold()``, after the override ran (decision 0041).
  func tryHold() -> Bool {
    RetainCounts.tryAdd(to: self, hold: true)
  }

  /// Lets the hold ``tryHold()`` took go, as a release does: when a release on another thread
  /// gave back the object's last other count meanwhile, and nothing retained it since, this is
  /// its release to zero (`dealloc` now, on this thread).
  func endHold() {
    guard RetainCounts.release(self, endingHold: true) == .lastReference else { return }
    deallocateByRelease()
  }

  /// The release to zero, after ``RetainCounts/release(_:)`` marked the object deallocating:
  /// `dealloc` now (once), then what objc4 frees with the memory.
  private func deallocateByRelease() {
    guard let runtime = owningRuntime else { return }
    runtime.runDealloc(self)  // call-out: user `dealloc` implementations, no lock held
    releaseAssociationsAndObservationInfo()
    storage.clear()  // the ivars' objects, as objc_destructInstance releases them
    bridgedStorage?.releaseContents()  // a collection's elements, as its -dealloc releases them
    lifeWord.bitwiseOr(8, ordering: .acquiringAndReleasing)
  }

  /// The object's retain count as `-[NSObject retainCount]` answers it, without sending a
  /// message: 1 for the ownership of whoever holds the object, plus one per `retain` not yet
  /// given back; 0 while `dealloc` runs. An autorelease does not change it (the pool owns one of
  /// those counts until it pops).
  ///
  /// ```swift
  /// try runtime.msgSend(ann, "retain")
  /// ann.retainCount       // 2
  /// ```
  ///
  /// Objective-C: `_objc_rootRetainCount`
  public var retainCount: Int { (try? rootRetainCount()) ?? 0 }
}

extension Object {
  /// Whether a weak reference to the object may be formed: YES unless a class that overrides
  /// `allowsWeakReference` answers NO (objc4's `storeWeak` sends it to classes with custom
  /// retain-release; NSObject's own answer, not deallocating, is checked by the caller).
  /// Class objects are not asked.
  func allowsWeakReference() -> Bool {
    guard !(self is Class), !runs(RootClass.allowsWeakReference, for: "allowsWeakReference") else { return true }
    return (try? Runtime.msgSend(self, "allowsWeakReference"))?.boolValue ?? false  // call-out: user override
  }

  /// The +1 of `objc_loadWeakRetained`: `retainWeakReference` sent to a class that overrides it,
  /// NSObject's `_tryRetain` otherwise. `false`: the load reads nil.
  func retainWeakReference() -> Bool {
    guard !(self is Class) else { return true }
    guard runs(RootClass.retainWeakReference, for: "retainWeakReference") else {
      return (try? Runtime.msgSend(self, "retainWeakReference"))?.boolValue ?? false  // call-out: user override
    }
    return tryRetain()
  }

  /// What `objc_loadWeak` answers for this object, read live from a weak slot, done as objc4's
  /// `objc_loadWeak` does it for every object: `objc_loadWeakRetained` (``retainWeakReference()``:
  /// the class's override if it has one, a NO reading nil; NSObject's `_tryRetain` otherwise),
  /// then `objc_autorelease` of that +1 (a message to a class with custom retain-release,
  /// NSObject's code otherwise). So the object read lives until the innermost pool pops, even if
  /// its last strong reference goes right after the load. A class object is answered as it is
  /// (never counted, never freed); so is an object that belongs to no runtime.
  func loadedWeakly() -> Object? {
    guard !(self is Class), owningRuntime != nil else { return self }
    guard retainWeakReference() else { return nil }  // call-out: the class's `retainWeakReference`
    do {
      _ = try objcAutorelease()  // call-out: the class's `autorelease`
    } catch {
      try? objcRelease()  // the pool refused it: give the load's +1 back rather than leak it
    }
    return self
  }
}

/// An associated object held as objc4's association holds it (`acquireValue`,
/// `releaseHeldValue`): retained when it was stored for a retain policy (a copy policy keeps its
/// copy's +1, decision 0023) and released when the association lets
/// it go (replaced, removed, or its owner deallocated), both through ``StrongReference``: a
/// message to a class with custom retain-release (customrr.m, association.m), the count in the
/// object's word otherwise, so `retainCount` counts the association. Released outside the owner's lock,
/// like every association value.
final class CustomRetainedValue: Sendable {
  let value: Value

  /// Holds `value` if it is an instance (not a class object); `nil` for every other value
  /// (stored as a plain strong value, which Swift's count keeps alive).
  ///
  /// - Throws: What the retain threw (an object Objective-C freed, a `retain` override's error).
  init?(holding value: Value, sendingRetain: Bool) throws {
    guard case .object(let object) = value, object.owningRuntime != nil else { return nil }
    if sendingRetain { try StrongReference.retain(object) }  // call-out: a `retain` override
    self.value = value
  }

  deinit {
    StrongReference.release(value)  // call-out: a `release` override, no lock held
  }
}
