// Locks.swift: every lock MiniKVO uses, and the one place their order is written.
//
// Docs: docs/runtime.md#locks. Tests: Tests/MiniRuntimeTests/ConcurrencyTests.swift,
// LockTests.swift. Other files' headers point here instead of repeating the order.
//
// The lock order. A thread holding a lock may only take locks further down this list:
//   KVO (Sources/KVO), outermost:
//     a. `KVORuntime.state` (a `Locked`): the notifying subclasses and the dependent-key caches.
//     b. an object's `ObservationTable.lock` (an `AdaptiveLock` in the table): that object's registrations.
//     c. `AccessorNames.table` (a `Locked`, AccessorNames.swift): the accessor selectors built from
//        each key. A leaf, held only to find or insert an entry.
//     d. an `ObservedClass.planLock` (a `Lock`, ObservedClass.swift): a class's key-path plans. A
//        leaf, held only to scan or replace the list.
//     e. `ObservationInfoPointers.entries` (a `Locked`, ObservationInfoPointers.swift): the
//        pointers handed out as observation info. A leaf, held only to find or record one.
//     f. `SharedObserversAttaching.state` (a `Locked`, SharedObserversAttaching.swift): the
//        tickets of the shared-observer attaches running on each object. A leaf, held only to
//        take a ticket or compare it.
//   MiniRuntime:
//     0. `RuntimeLocals.creation` (a `Lock`, RuntimeLocal.swift): making a layer's per-runtime
//        state the first time; its maker may call the runtime (events held back meanwhile).
//     1. `Runtime.monitor` (a `Monitor`, Monitor.swift): serialises making the runtime's built-in
//        classes and lets threads wait for another thread's work. No user code and no event
//        delivery while it is held. One such wait is for the right to call +loads
//        (Runtime+LoadMethods.swift, objc4's `loadMethodLock`): a role, not a lock, kept while
//        that thread's +loads run, so a `loadImage` on another thread waits until they are done,
//        as objc4's holds `loadMethodLock` across +load.
//     2. `Runtime.lock` (a `Lock`): the class table and every class's mutable metadata
//        (method lists, ivars, properties, subclass lists, superclass links, cache writes).
//     3. `EventHub`'s lock (a `Locked`): the list of event observers. Taken only to copy the list.
//     4. `SelectorTable`'s lock (a `Locked`): the process-wide selector names, KVO's keys among
//        them (KVO's KeyID.swift). A leaf.
//     5. a `StructLocks` stripe (an `AdaptiveLock`, objc4's `StructLocks`): the copy of an atomic
//        struct property, whole. May take 6 (a struct with an object member).
//     6. a `PropertyLocks` stripe (an `AdaptiveLock`, objc4's `PropertyLocks`): one reference word
//        of an object's storage (ObjectStorage.swift). Held for a load and a retain, or one
//        exchange; an atomic object getter's retain (for a class with custom retain-release, the
//        runtime's hold) is taken under it, as objc4 retains under its spinlock: a
//        compare-and-swap of the object's own word (RetainCounts.swift), no lock.
//     7. `Object.lock` (an `AdaptiveLock`, one per object): the object's associated objects and
//        its observation-info slot; `RuntimeLocals.lock` (an `AdaptiveLock`): the per-runtime
//        state slots. Held for a few loads and stores; an atomic association getter's retain (a
//        compare-and-swap, no lock) is taken under `Object.lock`, as objc4 retains under its
//        associations lock.
//     8. a `SyncTable`'s monitor (Runtime+Synchronized.swift): which objects `@synchronized`
//        holds. A leaf. The lock `@synchronized` gives the user is not in this order: it is
//        held while the user's body runs, which may call anything, as in Objective-C.
//     9. `Runtime.weakClearings` (a `Locked`, Object+WeakClearing.swift): how many times
//        `objc_destructInstance` cleared each object's weak references. A leaf, taken under any
//        lock above, `Runtime.lock` included: a weak load of a destructed object takes the
//        weak-clearing leaf lock, and weak loads may happen under any lock above. Nothing is
//        taken inside it.
//   MiniFoundation: a collection's `contents` (a `Locked`, CollectionStorage.swift) and a
//   string object's text (a `Locked`, StringStorage.swift). Leaves, never held together.
//   KVOController (Sources/KVOController), outside all of the above, taken one at a time (never
//   nested), never held while KVO is called or a callback runs:
//     - each `KVOController.lock` (a `Lock`): that controller's entries;
//     - `SharedController.lock` (a `DeliveryLock`: an `AdaptiveLock` word, and a mutex and
//       condition that only sleeping and waking take, DeliveryLock.swift): the context → info
//       table, every info's state, the threads running each info's callback and the threads
//       waiting for them (they sleep on its condition, without the word);
//     - the `creationLock` of Object+KVOController.swift (a `Lock`): making an object's lazily
//       made controller; held while that object's associated object is read and set (7 above).
//   Leaves not named above: a `Locked` or `AdaptiveLock` private to one value, held only to read
//   or write that value's own fields and calling nothing meanwhile (an invocation's arguments, a
//   `VariablePointer`'s value, an enumerator's position, a `WeakVariable`'s box, the shared
//   controller's slot). They come after every lock above.
//
// Rules, enforced by code review and by the shape of the API:
//   - No lock is held while user code runs: implementations (IMPs), event observers and
//     `dealloc` are always called after every lock is released. Each call-out site says so.
//   - A value that may be the last reference to an object is released after unlocking, since
//     releasing it can run that object's `dealloc`.
//   - `Lock` is a `pthread_mutex_t`, not `Synchronization.Mutex`: ThreadSanitizer on this
//     toolchain reports false races on the latter, and the sanitizer run must stay clean.
//   - `AdaptiveLock` is for the short per-object and per-word sections: one compare-and-swap to
//     lock and one exchange to unlock when uncontended; under contention a waiter spins briefly,
//     then parks on a pthread condition variable (`ParkingLot`) instead of yielding in a loop,
//     so a preempted holder is not starved by its waiters (the priority-inversion problem objc4
//     left `OSSpinLock` for `os_unfair_lock` over).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// A non-recursive mutual-exclusion lock built on `pthread_mutex_t`.
///
/// The mutex lives in its own heap allocation, so its address never moves.
///
/// Objective-C: none (the runtime's `mutex_t`, used for `runtimeLock`).
public final class Lock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// Creates an unlocked mutex.
  ///
  /// Objective-C: none (`pthread_mutex_init`).
  public init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` while holding the lock.
  ///
  /// - Important: `body` must not call user code or take a lock that comes earlier in the
  ///   order documented in `Locks.swift`.
  ///
  /// Objective-C: none (`mutex_locker_t`).
  public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body()
  }

  func lock() { pthread_mutex_lock(mutex) }
  func unlock() { pthread_mutex_unlock(mutex) }
}

/// Mutable state that exists only inside its lock.
///
/// Functions that need the lock take `inout State`, so the compiler proves the caller holds it:
/// the only way to get an `inout State` is `withLock`.
///
/// Objective-C: none (MiniKVO extension).
public final class Locked<State>: @unchecked Sendable {
  private let mutex = Lock()
  /// Locking: `mutex`; every access is inside `withLock`, so the dynamic exclusivity check is
  /// redundant (and costs a thread-local access-set insertion per call).
  @exclusivity(unchecked) private var state: State

  /// Wraps `initial` behind a new lock.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(_ initial: State) { state = initial }

  /// Runs `body` with exclusive access to the state.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
    try mutex.withLock { () throws(Failure) -> Result in try body(&state) }
  }
}

/// A table of `AdaptiveLock`s picked by address, as objc4's `StripedMap<spinlock_t>`: a lock per
/// ivar would cost memory in every object; one lock for all would serialise unrelated objects.
/// Each lock sits in its own cache line, so neighbouring stripes do not share one.
///
/// Objective-C: none (objc4's `StripedMap`).
final class LockStripes: @unchecked Sendable {
  /// The process-wide stripes for reference words of object storage: objc4's `PropertyLocks`
  /// (taken by `objc_getProperty` and `objc_setProperty` for atomic properties).
  static let property = LockStripes()
  /// The process-wide stripes for atomic struct properties: objc4's `StructLocks`
  /// (taken by `objc_copyStruct`).
  static let structure = LockStripes()

  /// 64 stripes, as objc4 has on macOS and Linux-like targets (8 on embedded iOS).
  static let count = 64
  /// One lock word per 64-byte cache line.
  private static let stride = 64 / MemoryLayout<AdaptiveLock>.stride

  private let locks: UnsafeMutablePointer<AdaptiveLock>

  private init() {
    locks = .allocate(capacity: Self.count * Self.stride)
    for index in 0..<(Self.count * Self.stride) { (locks + index).initialize(to: AdaptiveLock()) }
  }

  deinit {
    locks.deinitialize(count: Self.count * Self.stride)
    locks.deallocate()
  }

  /// The stripe of `address`: objc4's hash, `((address >> 4) ^ (address >> 9)) % count`.
  @inline(__always)
  func stripe(for address: UInt) -> Int { Int(truncatingIfNeeded: ((address &>> 4) ^ (address &>> 9))) & (Self.count - 1) }

  /// Runs `body` holding the stripe of `address`.
  @inline(__always)
  func withLock<Result, Failure: Error>(
    for address: UInt, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let lock = locks + stripe(for: address) * Self.stride
    return try lock.pointee.withLock(parkingKey: UInt(bitPattern: lock), body)
  }
}

/// An identifier of the calling thread, stable while the thread lives.
///
/// KVO uses it to keep will/did-change nesting per thread, as Foundation does.
///
/// Objective-C: none (`pthread_self`).
public enum ThreadIdentity {
  /// The calling thread's identifier.
  ///
  /// Objective-C: none (`pthread_self`).
  public static var current: UInt {
    #if canImport(Darwin)
      return UInt(bitPattern: pthread_self())
    #else
      return UInt(pthread_self())
    #endif
  }
}
