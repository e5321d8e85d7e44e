// InitializeConcurrencyTests.swift: +initialize across threads, as objc4 does it: while one
// thread runs a class's +initialize, other threads messaging the class wait for it; it runs once
// however many threads send the first message (Class+Initialize.swift, Monitor.swift).

import Dispatch
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@testable import MiniRuntime

/// A thread of its own (not a pool thread: these tests block threads on purpose, and blocking
/// the shared pools would stall every other test), joined by `join()`.
final class TestThread: @unchecked Sendable {
  private var thread = pthread_t()
  private let body: @Sendable () -> Void

  init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
    let retained = Unmanaged.passRetained(self).toOpaque()
    pthread_create(&thread, nil, { pointer in
      guard let pointer else { return nil }
      let me = Unmanaged<TestThread>.fromOpaque(pointer).takeRetainedValue()
      me.body()
      return nil
    }, retained)
  }

  func join() { pthread_join(thread, nil) }
}

@Suite struct InitializeConcurrencyTests {
  @Test func otherThreadsMessagingTheClassWaitUntilInitializeReturns() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let order = Recorder<String>()
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    try person.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      order.append("initialize begins")
      started.signal()
      release.wait()
      order.append("initialize ends")
      return .nil
    }
    let first = TestThread { _ = try? Runtime.msgSend(person, "class") }
    started.wait()
    let other = Box(false)
    let second = TestThread {
      order.append("other thread sends")
      _ = try? Runtime.msgSend(person, "new")
      other.value = true
      order.append("other thread's send returned")
    }
    // Wait (without timing) until the other thread sleeps on the runtime's monitor: it reached
    // the class and found it initializing on another thread.
    while runtime.monitor.withLock({ runtime.monitor.waiters }) == 0 { usleep(1_000) }
    #expect(!other.value, "a thread messaging a class another thread is initializing waits")
    release.signal()
    first.join()
    second.join()
    #expect(
      order.all == ["initialize begins", "other thread sends", "initialize ends", "other thread's send returned"])
    try runtime.checkInvariants()
  }

  @Test func initializeRunsOnceWhenManyThreadsSendTheFirstMessageTogether() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let calls = Recorder<String>()
    for cls in [person, student] {
      try cls.isa.addMethod("initialize", types: "v16@0:8") { receiver, _, _ in
        calls.append((receiver as? Class)?.name ?? "?")
        return .nil
      }
    }
    let failures = Recorder<String>()
    let threads = (0..<8).map { index in TestThread {
      do {
        let object = try Runtime.msgSend(index.isMultiple(of: 2) ? person : student, "new").objectValue
        try Runtime.msgSend(object, "setAge:", .int(index))
        if try Runtime.msgSend(object, "age") != .int(index) { failures.append("thread \(index) read another age") }
      } catch {
        failures.append("\(error)")
      }
    } }
    for thread in threads { thread.join() }
    #expect(failures.all.isEmpty)
    #expect(calls.all.sorted() == ["Person", "Student"], "once per class, whatever the number of threads")
    #expect(calls.all.first == "Person", "the superclass first")
    try runtime.checkInvariants()
  }

  @Test func queriesWhileAnotherThreadInitializesFillNoCache() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    try person.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      started.signal()
      release.wait()
      return .nil
    }
    let ann = try person.createInstance()
    let first = TestThread { _ = try? Runtime.msgSend(ann, "age") }
    started.wait()
    for _ in 0..<8 {
      // Not methodImplementation(for:): like objc4's, it would wait for +initialize to finish.
      _ = person.methodImplementationWithoutResolver(for: "age")
      _ = try person.instanceMethod(for: "age")  // found: sends nothing, waits for nothing
      _ = person.instancesRespond(to: "setAge:")
      _ = ann.runs(Implementation.forwarding, for: "name")
    }
    #expect(runtime.withState { state in person.cache.entries(&state).isEmpty })
    release.signal()
    first.join()
    try runtime.checkInvariants()
  }
}
