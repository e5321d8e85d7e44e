// Monitor.swift: a mutex with a condition to wait on, for threads that must wait for another
// thread's work (a class's +initialize, the making of a built-in class, another thread's +loads).
//
// Docs: docs/decisions/0008-runtime-classes-made-on-first-use.md. Tests:
// Tests/MiniRuntimeTests/ProtocolTests.swift.
//
// Model: objc4's `classInitLock` (a `monitor_t`): one per runtime. A waiter takes the monitor,
// checks its condition (which it may read under `Runtime.lock`: the monitor comes before it in
// the lock order, see Locks.swift), and sleeps in `wait()`, which releases the monitor while it
// sleeps. A thread that changes what waiters wait for changes it first (under `Runtime.lock`),
// then takes the monitor and broadcasts: since a waiter holds the monitor from its check until it
// sleeps, the broadcast cannot fall between the two and be lost.
// No user code runs while the monitor is held.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pthread mutex and condition variable used together.
///
/// Objective-C: none (objc4's `monitor_t`, used for `classInitLock`).
final class Monitor: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  /// How many threads sleep in `wait()`; read it inside `withLock`. Lets a test know, without
  /// timing, that a thread is waiting.
  private(set) var waiters = 0

  init() {
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

  /// Runs `body` holding the monitor.
  func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Sleeps until `broadcast()`, releasing the monitor meanwhile. Only inside `withLock`; the
  /// caller re-checks its condition afterwards (wake-ups may be spurious).
  func wait() {
    waiters += 1
    pthread_cond_wait(condition, mutex)
    waiters -= 1
  }

  /// Wakes every thread sleeping in `wait()`.
  func broadcast() {
    pthread_mutex_lock(mutex)
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }
}
