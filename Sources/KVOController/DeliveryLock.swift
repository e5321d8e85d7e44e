// DeliveryLock.swift: the shared controller's lock, with a condition to wait on.
//
// Docs: docs/kvocontroller.md#thread-safety. Tests:
// Tests/KVOControllerTests/KVOControllerRaceTests.swift.
//
// The controller layer has two kinds of lock, taken one at a time, never nested:
//   1. each `KVOController.lock` (MiniRuntime's `Lock`): that controller's entries;
//   2. `SharedController.lock` (this type): the context → info table, every info's state, the
//      threads running each info's callback, and the threads waiting for them.
// KVO's and the runtime's locks are only taken by calls made with neither held. No callback
// runs under either: a thread that must wait for a callback running elsewhere (an unobserve
// that has to outlast it) sleeps on the condition, which releases the lock while it sleeps.
//
// `Synchronization.Mutex` would do for the lock, but not under ThreadSanitizer here (see
// Locks.swift in MiniRuntime), and it has no condition: this is a pthread mutex and condition.

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
