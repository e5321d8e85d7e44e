// Object+ObservationInfo.swift: the slot where KVO keeps an object's observations.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/MiniRuntimeTests/ObjectTests.swift.
//
// Foundation declares `observationInfo` on NSObject so KVO can find an object's observers in
// O(1); MiniRuntime offers the same slot as public API, which is how the KVO module (a client of
// this one) reaches it. Guarded by the object's own lock; released at dealloc after `dealloc`.

extension Object {
  /// Opaque storage for the key-value observing machinery (an object of KVO's choosing).
  ///
  /// Setting it releases the previous value after the object's lock is dropped.
  ///
  /// Objective-C: `-[NSObject observationInfo]` / `-setObservationInfo:`
  public var observationInfo: (any AnyObject & Sendable)? {
    get { withLock { observationInfoStorage } }
    set {
      let old = withLock { () -> (any AnyObject & Sendable)? in
        defer { observationInfoStorage = newValue }
        return observationInfoStorage
      }
      withExtendedLifetime(old) {}  // released here, outside the lock
    }
  }

  /// Returns the observation info, first storing `make()` if there is none, atomically.
  ///
  /// - Important: `make` runs under the object's own lock: it must only allocate, never call
  ///   into the runtime or user code.
  ///
  /// Objective-C: none (MiniKVO extension; Foundation does this under its own KVO lock).
  public func observationInfo<Info: AnyObject & Sendable>(creatingWith make: () -> Info) -> any AnyObject & Sendable {
    withLock {
      if let existing = observationInfoStorage { return existing }
      let created = make()
      observationInfoStorage = created
      return created
    }
  }
}
