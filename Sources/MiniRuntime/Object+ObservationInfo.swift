// Object+ObservationInfo.swift: the slot where KVO keeps an object's observations.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/MiniRuntimeTests/ObjectTests.swift.
//
// Foundation declares `observationInfo` on NSObject so KVO can find an object's observers in
// O(1); MiniRuntime offers the same slot as public API, which is how the KVO module (a client of
// this one) reaches it. Guarded by the object's own lock; released at dealloc after `dealloc`.
// An object destroyed with its info still in place (`object_dispose`, or a `dealloc` that was not
// KVO's, after user code moved the isa off the notifying class) tells an info that adopts
// `ObservationInfoRelease` before it lets go, so KVO can break the cycle its table and paths form.

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

  /// Tells the observation info, if it wants to know, that the object lets go of it without
  /// having emptied the slot itself (`object_dispose`, or a deallocation that did not run KVO's
  /// `dealloc`). Called outside the object's lock, before the info is released.
  func releaseObservationInfo(_ info: (any AnyObject & Sendable)?) {
    guard let info else { return }
    (info as? any ObservationInfoRelease)?.objectReleasesObservationInfo()
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

/// An observation info that must hear when its object lets go of it at destruction: what KVO
/// keeps in the slot holds objects that hold each other (an object's table and its observed
/// paths), and KVO's `dealloc` breaks that cycle, but `object_dispose` sends no `dealloc`, and a
/// class that user code swapped in with `object_setClass` runs its own.
///
/// Objective-C: none (Foundation keeps observation info in a side table keyed by the object's
/// address, which stays behind in those two cases).
public protocol ObservationInfoRelease: AnyObject {
  /// The object is being destroyed with this info still in its slot; the slot's reference goes
  /// right after this returns. Called with no lock held.
  func objectReleasesObservationInfo()
}
