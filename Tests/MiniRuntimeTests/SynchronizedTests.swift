// SynchronizedTests.swift: @synchronized, as objc4's objc_sync_enter/objc_sync_exit answer it
// (Runtime+Synchronized.swift): recursive per object and thread, exit by a thread that does not
// hold the lock refused, nil locks nothing, a second thread waits, the lock is released however
// the body ends.

import Dispatch
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@testable import MiniRuntime

/// A counter with no lock of its own: only `@synchronized` protects it.
private final class UnguardedCounter: @unchecked Sendable {
  var value = 0
}

private struct BodyFailed: Error {}

@Suite struct SynchronizedTests {
  @Test func synchronizingOnNilLocksNothingAndSucceeds() throws {
    #expect(Runtime.syncEnter(nil) == .success)
    #expect(Runtime.syncExit(nil) == .success)
    #expect(Runtime.syncExit(nil) == .success, "exiting nil never fails, entered or not")
    let ran = Runtime.synchronized(nil) { true }
    #expect(ran)
  }

  @Test func exitingAnObjectNeverEnteredIsNotOwningThreadError() throws {
    let runtime = Runtime()
    let object = try new(try makePerson(in: runtime), in: runtime)
    #expect(Runtime.syncExit(object) == .notOwningThread)
    #expect(Runtime.syncExit(object).description == "OBJC_SYNC_NOT_OWNING_THREAD_ERROR")
    #expect(SyncResult.notOwningThread.rawValue == -1 && SyncResult.success.rawValue == 0)
  }

  @Test func theLockIsRecursiveAndNeedsOneExitPerEnter() throws {
    let runtime = Runtime()
    let object = try new(try makePerson(in: runtime), in: runtime)
    #expect(Runtime.syncEnter(object) == .success)
    #expect(Runtime.syncEnter(object) == .success, "the owner enters again without waiting")
    #expect(Runtime.syncExit(object) == .success)
    #expect(Runtime.syncExit(object) == .success)
    #expect(Runtime.syncExit(object) == .notOwningThread, "a third exit has nothing to release")
  }

  @Test func anotherThreadCannotExitTheOwnersLock() throws {
    let runtime = Runtime()
    let object = try new(try makePerson(in: runtime), in: runtime)
    Runtime.syncEnter(object)
    let foreign = Box<SyncResult?>(nil)
    let thread = TestThread { foreign.value = Runtime.syncExit(object) }
    thread.join()
    #expect(foreign.value == .notOwningThread)
    #expect(Runtime.syncExit(object) == .success, "the refused exit released nothing")
  }

  @Test func aSecondThreadWaitsUntilTheOwnerExits() throws {
    let runtime = Runtime()
    let object = try new(try makePerson(in: runtime), in: runtime)
    let order = Recorder<String>()
    Runtime.syncEnter(object)
    order.append("owner entered")
    let waiter = TestThread {
      Runtime.synchronized(object) { order.append("second thread entered") }
    }
    // Without timing: wait until the second thread sleeps on the table, waiting for the object.
    let table = SyncTable.of(runtime)
    while table.waiterCount == 0 { usleep(1_000) }
    #expect(order.all == ["owner entered"], "the second thread has not entered while the owner holds the lock")
    order.append("owner exits")
    #expect(Runtime.syncExit(object) == .success)
    waiter.join()
    #expect(order.all == ["owner entered", "owner exits", "second thread entered"])
  }

  @Test func differentObjectsDoNotShareALock() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let held = try new(person, in: runtime)
    let other = try new(person, in: runtime)
    Runtime.syncEnter(held)
    let entered = Box(false)
    let thread = TestThread { Runtime.synchronized(other) { entered.value = true } }
    thread.join()  // would never return if `other` shared `held`'s lock
    #expect(entered.value)
    Runtime.syncExit(held)
  }

  @Test func theLockIsReleasedWhenTheBodyThrows() throws {
    let runtime = Runtime()
    let object = try new(try makePerson(in: runtime), in: runtime)
    #expect(throws: BodyFailed.self) {
      try Runtime.synchronized(object) { throw BodyFailed() }
    }
    #expect(Runtime.syncExit(object) == .notOwningThread, "the throwing body's exit already ran")
    let entered = Box(false)
    let thread = TestThread { Runtime.synchronized(object) { entered.value = true } }
    thread.join()
    #expect(entered.value)
  }

  @Test func synchronizedBodiesOnOneObjectExcludeEachOther() throws {
    let runtime = Runtime()
    let object = try new(try makePerson(in: runtime), in: runtime)
    let counter = UnguardedCounter()
    let threads = 4
    let increments = 2_000
    let workers = (0..<threads).map { _ in
      TestThread {
        for _ in 0..<increments {
          Runtime.synchronized(object) {
            // Re-entered on purpose: the inner level must not release the outer one.
            Runtime.synchronized(object) { counter.value += 1 }
          }
        }
      }
    }
    for worker in workers { worker.join() }
    #expect(counter.value == threads * increments)
  }

  @Test func eachRuntimeHasItsOwnTable() throws {
    let first = Runtime()
    let second = Runtime()
    #expect(SyncTable.of(first) === SyncTable.of(first))
    #expect(SyncTable.of(first) !== SyncTable.of(second))
  }
}
