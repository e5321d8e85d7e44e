// Locks.swift: every lock MiniRuntime uses, declared in one place.
//
// Docs: docs/runtime.md#locks. Tests: Tests/MiniRuntimeTests/ConcurrencyTests.swift.
//
// The locks, from outermost to innermost (a thread may only take them in this order):
//   0. `Runtime.monitor` (a `Monitor`, Monitor.swift): serialises making the runtime's built-in
//      classes and lets threads wait for another thread's work. Never taken while holding
//      `Runtime.lock`; no user code and no event delivery while it is held.
//   1. `Runtime.lock` (a `Lock`): the class table and every class's mutable metadata
//      (method lists, ivars, properties, subclass lists, superclass links, cache writes).
//   2. `EventHub.lock` (a `Lock`): the list of event observers. Taken only to copy the list.
//   3. `SelectorTable.lock` (a `Lock`): the process-wide selector names. A leaf lock.
//   4. `Object.lock` (a `SpinLock`, one per object): reference-typed ivar slots, associated
//      objects and the observation-info slot of that object. A leaf lock, held for a few loads
//      and stores only.
//
// Rules, enforced by code review and by the shape of the API:
//   - No lock is held while user code runs: implementations (IMPs), event observers and
//     `dealloc` are always called after every lock is released. Each call-out site says so.
//   - A value that may be the last reference to an object is released after unlocking, since
//     releasing it can run that object's `dealloc`.
//   - `Lock` is a `pthread_mutex_t`, not `Synchronization.Mutex`: ThreadSanitizer on this
//     toolchain reports false races on the latter, and the sanitizer run must stay clean.

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

/// A tiny test-and-set lock for the per-object critical sections (a few loads and stores).
///
/// Uncontended, `lock()` is one compare-and-swap and `unlock()` one release store, which is why
/// objc4 uses the same kind of lock for atomic properties. Under contention it spins briefly
/// and then yields the processor.
///
/// Objective-C: none (objc4's `spinlock_t`, used by `objc_getProperty`).
@usableFromInline
struct SpinLock: ~Copyable {
  @usableFromInline let word = Atomic<UInt32>(0)

  @usableFromInline init() {}

  @inlinable @inline(__always)
  func lock() {
    if word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
    lockSlow()
  }

  @usableFromInline
  func lockSlow() {
    var spins = 0
    while true {
      if word.load(ordering: .relaxed) == 0,
        word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
      {
        return
      }
      spins += 1
      if spins > 64 { sched_yield() }
    }
  }

  @inlinable @inline(__always)
  func unlock() { word.store(0, ordering: .releasing) }

  @inlinable @inline(__always)
  func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body()
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
