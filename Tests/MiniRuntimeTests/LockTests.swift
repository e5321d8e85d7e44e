// LockTests.swift: the adaptive lock and the lock stripes (AdaptiveLock.swift, Locks.swift).
//
// Every test asserts only what holds in every interleaving; nothing here measures time. The
// contention tests run more threads than the machine has cores, with a holder that sleeps inside
// the lock, so waiters run out of spins and park.

import Dispatch
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@testable import MiniRuntime

/// A counter only ever touched under `lock` (so ThreadSanitizer would flag a broken lock).
private final class Guarded: @unchecked Sendable {
  let lock = AdaptiveLock()
  @exclusivity(unchecked) var count = 0
  var key: UInt { UInt(bitPattern: ObjectIdentifier(self)) }
  var isLocked: Bool { lock.isLocked }
}

@Suite struct LockTests {
  @Test func adaptiveLockExcludesUnderContention() {
    let guarded = Guarded()
    let threads = 8
    let rounds = 5_000
    DispatchQueue.concurrentPerform(iterations: threads) { index in
      for round in 0..<rounds {
        guarded.lock.withLock(parkingKey: guarded.key) {
          let seen = guarded.count
          if index == 0 && round % 500 == 0 { usleep(200) }  // a slow holder: waiters park
          guarded.count = seen + 1
        }
      }
    }
    #expect(guarded.count == threads * rounds)
    #expect(!guarded.isLocked)
  }

  @Test func waitersParkedOnASharedBucketAllWakeUp() {
    // Many locks, few buckets: waiters of different locks share buckets and wake each other
    // spuriously; every one must still get its own lock.
    let locks = (0..<16).map { _ in Guarded() }
    let rounds = 2_000
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      for round in 0..<rounds {
        let guarded = locks[(index + round) % locks.count]
        guarded.lock.withLock(parkingKey: guarded.key) {
          if round % 400 == 0 { usleep(100) }
          guarded.count += 1
        }
      }
    }
    #expect(locks.map(\.count).reduce(0, +) == 8 * rounds)
    #expect(locks.allSatisfy { !$0.isLocked })
  }

  @Test func lockReturnsAndRethrowsWhatTheBodyDoes() {
    let guarded = Guarded()
    #expect(guarded.lock.withLock(parkingKey: guarded.key) { 42 } == 42)
    struct Failure: Error {}
    #expect(throws: Failure.self) { try guarded.lock.withLock(parkingKey: guarded.key) { throw Failure() } }
    #expect(!guarded.isLocked, "a throwing body still unlocks")
  }

  @Test func stripesSpreadNeighbouringAddressesAndExcludeWithinOne() {
    let stripes = LockStripes.property
    let base: UInt = 0x7000_0000_1000
    let used = Set((0..<64).map { stripes.stripe(for: base + UInt($0) * 16) })
    #expect(used.count >= 32, "64 objects 16 bytes apart use \(used.count) of 64 stripes")
    #expect(stripes.stripe(for: base) == stripes.stripe(for: base))
    let counter = Guarded()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<2_000 { stripes.withLock(for: base) { counter.count += 1 } }
    }
    #expect(counter.count == 16_000)
  }
}
