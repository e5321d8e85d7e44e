// KVOControllerConcurrencyTests.swift: controllers made, used and released on many threads at
// once (issue 7, "Concurrency stress"; KVOController.swift, SharedController.swift).
//
// Bounded by iterations, never by the clock, and asserting only what holds in every
// interleaving. Live objects are counted through weak references.

import Dispatch
import Synchronization
import Testing

@testable import KVOController

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A weak reference to any Swift object (controllers are not runtime objects).
final class Weak: Sendable {
  weak let object: (AnyObject & Sendable)?
  let label: String
  init(_ object: AnyObject & Sendable, _ label: String) {
    self.object = object
    self.label = label
  }
}

@Suite struct KVOControllerConcurrencyTests {
  /// Each thread, round after round: a watcher and a person of its own, a controller (made
  /// directly, retaining or not, or the watcher's lazy `kvoController`), block and action
  /// observations of its person and a block observation of one person all threads share; sets;
  /// then the controller goes (released, or with its watcher). A set after that reaches no
  /// callback. At the end every person has its class back, nothing made in a round is alive,
  /// and the shared person is unobserved.
  @Test func controllersMadeUsedAndReleasedOnManyThreadsLeakNothingAndGoQuiet() throws {
    let world = try World()
    let shared = try world.newPerson()
    let threads = 4
    let rounds = 25
    let sets = 4
    let made = Log<Weak>()
    let madeObjects = Log<WeakReference<Object>>()
    let failures = Log<String>()
    let sharedCallbacks = Atomic<Int>(0)
    let ownPeople = Locked<[Object]>([])  // kept until the end, to check their isa

    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for round in 0..<rounds {
        do {
          var watcher: Object? = try world.newWatcher().0
          let watcherLog = try #require(watcher?.associatedObject(forKey: logKey).swiftObject(as: Log<String>.self))
          let own = try world.newPerson()
          let released = Locked(false)
          let ownCallbacks = Locked(0)
          let style = (thread + round) % 3
          var controller: KVOController? =
            switch style {
            case 0: KVOController(observer: watcher, retainObserved: true)
            case 1: KVOController(observer: watcher, retainObserved: false)
            default: try #require(watcher).kvoController
            }
          try controller?.observe(own, keyPath: "age", options: [.new]) { _, object, _ in
            if released.withLock({ $0 }) { failures.append("block called after release: \(object)") }
            ownCallbacks.withLock { $0 += 1 }
          }
          try controller?.observe(own, keyPath: "name", action: "ageChanged:object:")
          try controller?.observe(shared, keyPath: "age") { _, _, _ in sharedCallbacks.add(1, ordering: .relaxed) }
          for step in 0..<sets {
            try world.setAge(own, step)
            try world.runtime.msgSend(own, "setName:", .string("n\(step)"))
            try world.setAge(shared, step)
          }
          let gone = Weak(try #require(controller), "controller \(thread).\(round) style \(style)")
          made.append(gone)
          madeObjects.append(WeakReference(watcher))
          madeObjects.append(WeakReference(own))
          ownPeople.withLock { $0.append(own) }
          // Release: the controller itself, or (for the lazy one) its watcher, which owns it.
          controller = nil
          if style == 2 { watcher = nil }
          // Another thread delivering a change of `shared` holds the controller for the length
          // of the callback (as FB's shared controller does), so it may go a moment later:
          // wait for that, a bounded number of times. From then on no callback may run.
          var spins = 0
          while gone.object != nil && spins < 1_000_000 {
            spins += 1
            sched_yield()
          }
          if gone.object != nil { failures.append("\(gone.label) stayed alive") }
          released.withLock { $0 = true }
          try world.setAge(own, 99)  // reaches no callback
          try world.runtime.msgSend(own, "setName:", "late")
          let callbacks = ownCallbacks.withLock { $0 }
          if callbacks != sets { failures.append("\(thread).\(round): \(callbacks) callbacks") }
          if watcherLog.count != sets { failures.append("\(thread).\(round): \(watcherLog.count) actions") }
          withExtendedLifetime(watcher) {}
        } catch {
          failures.append("\(thread).\(round): \(error)")
        }
      }
    }

    #expect(failures.all.isEmpty, "\(failures.count) failures: \(failures.all.prefix(5))")
    let before = sharedCallbacks.load(ordering: .relaxed)
    #expect(before >= threads * rounds * sets)
    try world.setAge(shared, 7)
    #expect(sharedCallbacks.load(ordering: .relaxed) == before, "a released controller was called back")
    for own in ownPeople.withLock({ $0 }) {
      #expect(own.isa === world.person, "\(own) kept its notifying class")
      #expect(own.observationInfo == nil)
    }
    ownPeople.withLock { $0.removeAll() }
    let alive = made.all.compactMap { $0.object == nil ? nil : $0.label }
    #expect(alive.isEmpty, "still alive: \(alive.prefix(5))")
    #expect(madeObjects.all.allSatisfy { $0.object == nil }, "watchers or people still alive")
    #expect(made.count == threads * rounds && madeObjects.count == 2 * threads * rounds)
    #expect(shared.isa === world.person)
    #expect(shared.observationInfo == nil)
    #expect(try SharedController.of(world.runtime).registeredCount == 0)
    try world.runtime.checkInvariants()
  }
}
