// AdaptiveLock.swift: the short lock of objects and stripes, and the parking lot its waiters
// sleep in.
//
// Docs: docs/runtime.md#locks. Tests: Tests/MiniRuntimeTests/LockTests.swift. The lock order is
// written once, in Locks.swift.
//
// Model: a 32-bit word, 0 (free), 1 (held) or 2 (held, and someone may be asleep). Locking is one
// compare-and-swap 0 → 1; unlocking one exchange to 0, which tells the unlocker whether to wake
// anybody. A waiter first spins a little (the sections are a few loads and stores), then parks:
// it takes the mutex of the parking-lot bucket its key hashes to, and sleeps on that bucket's
// condition variable for as long as swapping in 2 finds the lock held. An unlocker that swapped
// out a 2 takes the same mutex and broadcasts. No wake-up is lost: a waiter checks the word and
// goes to sleep while holding the bucket's mutex, and the unlocker must take that mutex to
// broadcast, so it cannot slip between the check and the sleep. Waiters of unrelated locks that
// share a bucket wake spuriously, look at their own word and sleep again.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// A small lock that spins briefly and then blocks: the role `os_unfair_lock` plays in objc4.
///
/// `parkingKey` must be the same for every use of one lock (its address, or its object's);
/// it only picks the bucket waiters sleep in.
///
/// Objective-C: none (objc4's `spinlock_t`, which is an `os_unfair_lock`).
package struct AdaptiveLock: ~Copyable {
  private let state = Atomic<UInt32>(0)

  package init() {}

  @inline(__always)
  package func lock(parkingKey: UInt) {
    if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
    lockSlow(parkingKey: parkingKey)
  }

  @inline(__always)
  package func unlock(parkingKey: UInt) {
    if state.exchange(0, ordering: .releasing) == 2 { ParkingLot.wakeAll(parkingKey) }
  }

  @inline(__always)
  package func withLock<Result, Failure: Error>(
    parkingKey: UInt, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock(parkingKey: parkingKey)
    defer { unlock(parkingKey: parkingKey) }
    return try body()
  }

  /// Whether the lock is held by someone (for invariant checks; the answer may be stale at once).
  var isLocked: Bool { state.load(ordering: .relaxed) != 0 }

  @inline(never)
  private func lockSlow(parkingKey: UInt) {
    for _ in 0..<100 {
      if state.load(ordering: .relaxed) == 0,
        state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
      {
        return
      }
    }
    ParkingLot.park(parkingKey) { state.exchange(2, ordering: .acquiring) != 0 }
  }
}

/// Where waiters of `AdaptiveLock`s sleep: 64 buckets of a pthread mutex and condition variable.
///
/// Objective-C: none (the kernel's wait queues behind `os_unfair_lock`; WebKit's `ParkingLot`).
enum ParkingLot {
  private static let bucketCount = 64

  private struct Bucket {
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    let condition: UnsafeMutablePointer<pthread_cond_t>
  }

  /// Made once and never freed (process-wide, fixed size).
  nonisolated(unsafe) private static let buckets: [Bucket] = (0..<bucketCount).map { _ in
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
    return Bucket(mutex: mutex, condition: condition)
  }

  private static func bucket(_ key: UInt) -> Bucket {
    buckets[Int(truncatingIfNeeded: (key &>> 4) ^ (key &>> 10)) & (bucketCount - 1)]
  }

  /// Sleeps in `key`'s bucket while `mustWait()` (evaluated under the bucket's mutex) is true.
  static func park(_ key: UInt, while mustWait: () -> Bool) {
    let bucket = bucket(key)
    pthread_mutex_lock(bucket.mutex)
    while mustWait() { pthread_cond_wait(bucket.condition, bucket.mutex) }
    pthread_mutex_unlock(bucket.mutex)
  }

  /// Wakes every waiter of `key`'s bucket; each re-checks its own lock.
  static func wakeAll(_ key: UInt) {
    let bucket = bucket(key)
    pthread_mutex_lock(bucket.mutex)
    pthread_cond_broadcast(bucket.condition)
    pthread_mutex_unlock(bucket.mutex)
  }
}
