// DeliveryLock.swift: the shared controller's lock, with a condition to wait on.
//
// Docs: docs/kvocontroller.md#thread-safety. Tests:
// Tests/KVOControllerTests/KVOControllerRaceTests.swift.
//
// The controller layer's locks, and where they stand in the order of every lock: Locks.swift in
// MiniRuntime. No callback runs under this one: a thread that must wait for a callback running
// elsewhere (an unobserve that has to outlast it) sleeps on the condition, which releases the
// lock while it sleeps.
//
// `Synchronization.Mutex` would do for the lock, but not under ThreadSanitizer here (see
// Locks.swift in MiniRuntime), and it has no condition: this is a pthread mutex and condition.
// It repeats MiniRuntime's `Monitor` on purpose: built on it, the delivery path's lock and
// unlock become calls into another module (callgrind: C1 +2%, C2 +4%; decisions/0015).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// State behind a pthread mutex, with a condition variable to sleep on until it changes.
final class DeliveryLock<State>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  /// Locking: `mutex`; only touched inside `withLock` and `wait(while:)`.
  @exclusivity(unchecked) private var state: State

  init(_ initial: State) {
    state = initial
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deinitialize(count: 1)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the state. `body` must not call user code.
  @inline(__always)
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }

  /// Takes the lock, then sleeps (without it) for as long as `keepWaiting` answers yes, checking
  /// again after every `broadcast()`. `keepWaiting` runs with the lock held.
  func wait(while keepWaiting: (inout State) -> Bool) {
    pthread_mutex_lock(mutex)
    while keepWaiting(&state) { pthread_cond_wait(condition, mutex) }
    pthread_mutex_unlock(mutex)
  }

  /// Wakes every thread sleeping in `wait(while:)`.
  func broadcast() { pthread_cond_broadcast(condition) }
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
