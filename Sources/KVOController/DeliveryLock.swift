// DeliveryLock.swift: the shared controller's lock, with a condition to wait on.
//
// Docs: docs/kvocontroller.md#thread-safety. Tests:
// Tests/KVOControllerTests/KVOControllerRaceTests.swift.
//
// The controller layer's locks, and where they stand in the order of every lock: Locks.swift in
// MiniRuntime. No callback runs under this one: a thread that must wait for a callback running
// elsewhere (an unobserve that has to outlast it) sleeps on the condition, without the lock.
//
// The lock is an `AdaptiveLock` word (MiniRuntime's lock for short sections: one
// compare-and-swap to take it, one exchange to give it back, parking under contention): every
// notification takes it once, for a few loads and stores, and a pthread mutex's pair cost 63
// instructions of each (docs/performance-log.md, perf32). Sleeping needs a condition variable,
// and that a mutex: `sleepMutex`, taken only by `wait(while:)` and `broadcast()`. A sleeper
// takes `sleepMutex`, then the word for each check of the state; `broadcast()` is never called
// with the word held, so the two are always taken in that order. No wake-up is lost: a sleeper
// holds `sleepMutex` from its check until `pthread_cond_wait` releases it, and `broadcast()`
// takes `sleepMutex`, so a change made after the check cannot broadcast before the sleeper
// sleeps, and a change made before it is seen by the check (AdaptiveLock.swift's parking lot
// works the same way).
//
// `Synchronization.Mutex` is not used: ThreadSanitizer reports it falsely on this toolchain
// (Locks.swift in MiniRuntime).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import MiniRuntime

/// State behind a lock word, with a condition variable to sleep on until it changes.
final class DeliveryLock<State>: @unchecked Sendable {
  /// Held for every access to `state`.
  private let word = AdaptiveLock()
  /// Guards sleeping and waking only (see the file comment).
  private let sleepMutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  /// Locking: `word`; only touched inside `withLock` and `wait(while:)`.
  @exclusivity(unchecked) private var state: State

  init(_ initial: State) {
    state = initial
    sleepMutex = .allocate(capacity: 1)
    sleepMutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(sleepMutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deinitialize(count: 1)
    condition.deallocate()
    pthread_mutex_destroy(sleepMutex)
    sleepMutex.deinitialize(count: 1)
    sleepMutex.deallocate()
  }

  /// The key a contended lock word parks its waiters under: this lock's address.
  @inline(__always)
  private var parkingKey: UInt { UInt(bitPattern: ObjectIdentifier(self)) }

  /// Runs `body` with exclusive access to the state. `body` must not call user code.
  @inline(__always)
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    let key = parkingKey
    word.lock(parkingKey: key)
    defer { word.unlock(parkingKey: key) }
    return try body(&state)
  }

  /// Takes the lock, then sleeps (without it) for as long as `keepWaiting` answers yes, checking
  /// again after every `broadcast()`. `keepWaiting` runs with the lock held.
  func wait(while keepWaiting: (inout State) -> Bool) {
    pthread_mutex_lock(sleepMutex)
    while withLock(keepWaiting) { pthread_cond_wait(condition, sleepMutex) }
    pthread_mutex_unlock(sleepMutex)
  }

  /// Wakes every thread sleeping in `wait(while:)`. Called without the lock held (it takes
  /// `sleepMutex`, which a sleeper holds while it takes the lock).
  func broadcast() {
    pthread_mutex_lock(sleepMutex)
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(sleepMutex)
  }
}

/// The calling thread, as a number that no other live thread shares.
@inline(__always)
func currentThread() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}
