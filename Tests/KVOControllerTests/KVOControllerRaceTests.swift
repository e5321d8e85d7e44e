// KVOControllerRaceTests.swift: the races FBKVOController leaves open, closed
// (SharedController.swift, SharedController+Delivery.swift).
//
// Orderings are forced with semaphores and flags, never with the clock; a wait with a timeout
// only turns a deadlock into a failure instead of a hung test run.

import Dispatch
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@testable import KVOController

@Suite struct KVOControllerRaceTests {
  /// An info unobserved before the shared controller got to it is not registered at all.
  @Test func infoUnobservedBeforeItsRegistrationIsNeverRegistered() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let shared = try SharedController.of(world.runtime)
    let seen = Log<Int>()
    let info = KVOController.Info(
      keyPath: "age", options: [.initial, .new], target: .block(.init { _, _, _ in seen.append(1) }),
      delivery: .callerThread, observer: watcher, object: person)
    shared.unobserve(person, [info])  // the controller's unobserve won the race
    try shared.observe(person, info)
    #expect(seen.count == 0)
    #expect(person.observationInfo == nil)
    #expect(person.isa === world.person)
    #expect(shared.registeredCount == 0)
  }

  /// An unobserve that lands while `addObserver:` runs (here: from an override of it, where
  /// another thread's would land) removes the registration as soon as it is made, and the
  /// Initial notification that arrives after the unobserve is dropped.
  @Test func unobserveWhileTheInfoIsBeingRegisteredLeavesNothingAndDeliversNothing() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let seen = Log<Int>()
    world.runtime.installKeyValueObserving()  // so that the override below has a super to call
    try world.person.addMethod("addObserver:forKeyPath:options:context:", types: "v48@0:8@16@24Q32^v40") {
      [weak controller] receiver, selector, arguments in
      controller?.unobserve(receiver, keyPath: "age")
      return try Runtime.msgSendSuper(receiver, superclass: world.runtime.rootClass, selector, arguments: arguments)
    }
    try controller.observe(person, keyPath: "age", options: [.initial, .new]) { _, _, _ in seen.append(1) }
    try world.setAge(person, 5)
    #expect(seen.count == 0)
    #expect(controller.observedKeyPaths(of: person).isEmpty)
    #expect(person.observationInfo == nil)
    #expect(person.isa === world.person)
    #expect(try SharedController.of(world.runtime).registeredCount == 0)
  }

  /// `unobserve` on one thread waits for the callback running on another: when it returns, the
  /// callback has finished, and no other one starts.
  @Test func unobserveReturnsOnlyAfterACallbackRunningElsewhereHasFinished() throws {
    for delivery in [CallbackDelivery.callerThread, .executor(DispatchQueue(label: "callbacks"))] {
      let world = try World()
      let (watcher, _) = try world.newWatcher()
      let person = try world.newPerson()
      let controller = KVOController(observer: watcher)
      let order = Log<String>()
      let started = DispatchSemaphore(value: 0)
      let unobserving = Atomic<Bool>(false)
      try controller.observe(person, keyPath: "age", delivery: delivery) { _, _, _ in
        started.signal()
        while !unobserving.load(ordering: .acquiring) {}  // until the other thread is in unobserve
        for _ in 0..<20_000 { _ = unobserving.load(ordering: .relaxed) }  // then a little longer
        order.append("callback finished")
      }
      let setter = DispatchGroup()
      onOwnThread(group: setter) { try? world.setAge(person, 1) }
      started.wait()
      unobserving.store(true, ordering: .releasing)
      controller.unobserve(person, keyPath: "age")
      order.append("unobserve returned")
      setter.wait()
      try world.setAge(person, 2)
      #expect(order.all == ["callback finished", "unobserve returned"])
    }
  }

  /// Two threads in the callback of one observation at once (the second is recorded past the
  /// first slot): `unobserve` on a third returns only once both have finished.
  @Test func unobserveWaitsForEveryThreadRunningTheSameCallback() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let order = Log<String>()
    let inside = Atomic<Int>(0)
    let bothInside = DispatchSemaphore(value: 0)
    let unobserving = Atomic<Bool>(false)
    try controller.observe(person, keyPath: "age") { _, _, _ in
      if inside.add(1, ordering: .acquiringAndReleasing).newValue == 2 { bothInside.signal() }
      while !unobserving.load(ordering: .acquiring) {}  // until the main thread is in unobserve
      for _ in 0..<20_000 { _ = unobserving.load(ordering: .relaxed) }  // then a little longer
      order.append("callback finished")
    }
    let setters = DispatchGroup()
    onOwnThread(group: setters) { try? world.setAge(person, 1) }
    onOwnThread(group: setters) { try? world.setAge(person, 2) }
    let met = bothInside.wait(timeout: .now() + 300) == .success
    unobserving.store(true, ordering: .releasing)  // lets the callbacks go either way
    try #require(met, "the two callbacks never ran at once")
    controller.unobserve(person, keyPath: "age")
    order.append("unobserve returned")
    setters.wait()
    #expect(order.all == ["callback finished", "callback finished", "unobserve returned"])
  }

  /// A callback that sets the key again runs nested in itself on the same thread: `unobserve`
  /// on another thread returns only once both levels have finished.
  @Test func unobserveWaitsForEveryNestingLevelOfACallbackRunningElsewhere() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let order = Log<String>()
    let nested = DispatchSemaphore(value: 0)
    let unobserving = Atomic<Bool>(false)
    let depth = Atomic<Int>(0)
    try controller.observe(person, keyPath: "age") { _, object, _ in
      if depth.add(1, ordering: .relaxed).newValue == 1 {
        try? world.setAge(object, 2)  // the nested level
        order.append("outer finished")
      } else {
        nested.signal()
        while !unobserving.load(ordering: .acquiring) {}  // until the main thread is in unobserve
        for _ in 0..<20_000 { _ = unobserving.load(ordering: .relaxed) }  // then a little longer
        order.append("inner finished")
      }
    }
    let setter = DispatchGroup()
    onOwnThread(group: setter) { try? world.setAge(person, 1) }
    nested.wait()
    unobserving.store(true, ordering: .releasing)
    controller.unobserve(person, keyPath: "age")
    order.append("unobserve returned")
    setter.wait()
    #expect(order.all == ["inner finished", "outer finished", "unobserve returned"])
  }

  /// Two callbacks, each on its own thread, each unobserving the other's observation: neither
  /// waits for the other forever.
  @Test func callbacksUnobservingEachOtherOnTwoThreadsDoNotDeadlock() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let first = try world.newPerson()
    let second = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let arrived = Atomic<Int>(0)
    let block: KVOController.Block = { [weak controller] _, object, _ in
      arrived.add(1, ordering: .acquiringAndReleasing)
      while arrived.load(ordering: .acquiring) < 2 {}  // both callbacks are running
      controller?.unobserve(object === first ? second : first, keyPath: "age")
    }
    try controller.observe(first, keyPath: "age", block: block)
    try controller.observe(second, keyPath: "age", block: block)
    let done = DispatchGroup()
    onOwnThread(group: done) { try? world.setAge(first, 1) }
    onOwnThread(group: done) { try? world.setAge(second, 1) }
    #expect(done.wait(timeout: .now() + 60) == .success, "the two unobserves deadlocked")
    #expect(controller.observedObjectCount == 0)
    #expect(first.isa === world.person && second.isa === world.person)
  }

  /// One thread observes and unobserves, epoch after epoch, while others set the key: no
  /// callback of an epoch runs once that epoch's unobserve has returned, whether callbacks run
  /// on the setting thread or on a queue.
  @Test func noCallbackOfAnUnobservedEpochInThousandsOfEpochs() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let queue = DispatchQueue(label: "epochs", attributes: .concurrent)
    let epochs = 4_000
    let closed = Atomic<Int>(-1)  // every epoch up to this one has been unobserved
    let stop = Atomic<Bool>(false)
    let callbacks = Atomic<Int>(0)
    let late = Atomic<Int>(0)
    let firstCallback = DispatchSemaphore(value: 0)
    let setters = DispatchGroup()
    for thread in 0..<2 {
      DispatchQueue.global().async(group: setters) {
        var value = thread
        while !stop.load(ordering: .acquiring) {
          value += 2
          try? world.setAge(person, value)
        }
      }
    }
    // The setter threads stop however the loop ends (an `observe` that throws included), so a
    // failing run reports instead of leaving two threads spinning.
    do {
      defer {
        stop.store(true, ordering: .releasing)
        setters.wait()
      }
      for epoch in 0..<epochs {
        let delivery: CallbackDelivery = epoch % 2 == 0 ? .callerThread : .executor(queue)
        try controller.observe(person, keyPath: "age", options: [.new], delivery: delivery) { _, _, _ in
          if callbacks.add(1, ordering: .relaxed).oldValue == 0 { firstCallback.signal() }
          if closed.load(ordering: .acquiring) >= epoch { late.add(1, ordering: .relaxed) }
          for _ in 0..<20_000 { _ = stop.load(ordering: .relaxed) }  // a callback takes a while …
          if closed.load(ordering: .acquiring) >= epoch { late.add(1, ordering: .relaxed) }  // … and is still its epoch's
        }
        // However loaded the machine, the first epoch waits (blocked, not spinning) for a callback,
        // so the test always checks at least one; the bound only turns a broken delivery into a
        // failure instead of a hang.
        if epoch == 0 {
          try #require(firstCallback.wait(timeout: .now() + 300) == .success, "no callback arrived")
        }
        // Let a callback or two of this epoch happen first (bounded by iterations, not time).
        let before = callbacks.load(ordering: .relaxed)
        var spins = 0
        while callbacks.load(ordering: .relaxed) == before && spins < 1_000 {
          spins += 1
          sched_yield()
        }
        if epoch % 3 == 0 { controller.unobserveAll() } else { controller.unobserve(person, keyPath: "age") }
        closed.store(epoch, ordering: .releasing)
      }
    }
    queue.sync(flags: .barrier) {}
    #expect(late.load(ordering: .relaxed) == 0)
    #expect(callbacks.load(ordering: .relaxed) > 0)
    #expect(person.isa === world.person)
    #expect(try SharedController.of(world.runtime).registeredCount == 0)
    try world.runtime.checkInvariants()
  }

  /// Releasing the controller on one thread while its callback runs on another waits for the
  /// callback too (nothing holds the controller during a delivery).
  @Test func releasingTheControllerWaitsForItsCallbackRunningElsewhere() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    var controller: KVOController? = KVOController(observer: watcher)
    let gone = WeakBox(controller)
    let order = Log<String>()
    let started = DispatchSemaphore(value: 0)
    let releasing = Atomic<Bool>(false)
    try controller?.observe(person, keyPath: "age") { _, _, _ in
      started.signal()
      while !releasing.load(ordering: .acquiring) {}
      for _ in 0..<20_000 { _ = releasing.load(ordering: .relaxed) }
      order.append("callback finished")
    }
    let setter = DispatchGroup()
    onOwnThread(group: setter) { try? world.setAge(person, 1) }
    started.wait()
    releasing.store(true, ordering: .releasing)
    controller = nil
    order.append("released")
    #expect(gone.object == nil)
    setter.wait()
    #expect(order.all == ["callback finished", "released"])
    #expect(person.isa === world.person)
  }
}

extension KVOControllerRaceTests {
  /// A callback that unobserves itself runs to its end with its block alive (a delivery holds
  /// its info without a reference of its own: the unregistered info is kept while it runs), and
  /// the block is freed once the callback returns, before the setter does. Already matched.
  @Test func aCallbackThatUnobservesItselfKeepsItsBlockUntilItReturns() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let order = Log<String>()
    try controller.observe(person, keyPath: "age", block: unobservingBlock(controller, order: order) { $0 })
    try world.setAge(person, 1)
    order.append("set returned")
    #expect(order.all == ["unobserve returned, canary alive", "block freed", "set returned"])
    #expect(controller.observedObjectCount == 0)
    #expect(try SharedController.of(world.runtime).registeredCount == 0)
  }

  /// Two callbacks that unobserve each other on two threads (where one `unobserve` returns while
  /// the other's callback still runs): once both have returned, their blocks are freed. Already
  /// matched.
  @Test func callbacksUnobservedWhileRunningElsewhereFreeTheirBlocksOnceTheyReturn() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let first = try world.newPerson()
    let second = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let order = Log<String>()
    let arrived = Atomic<Int>(0)
    let other: @Sendable (Object) -> Object = { object in
      arrived.add(1, ordering: .acquiringAndReleasing)
      while arrived.load(ordering: .acquiring) < 2 {}  // both callbacks are running
      return object === first ? second : first
    }
    try controller.observe(first, keyPath: "age", block: unobservingBlock(controller, order: order, other))
    try controller.observe(second, keyPath: "age", block: unobservingBlock(controller, order: order, other))
    let done = DispatchGroup()
    onOwnThread(group: done) { try? world.setAge(first, 1) }
    onOwnThread(group: done) { try? world.setAge(second, 1) }
    #expect(done.wait(timeout: .now() + 60) == .success, "the two unobserves deadlocked")
    #expect(order.all.filter { $0 == "block freed" }.count == 2)
    #expect(order.all.filter { $0 == "unobserve returned, canary alive" }.count == 2)
    #expect(try SharedController.of(world.runtime).registeredCount == 0)
  }

  /// A block that unobserves `age` of `which(object)`, then uses a canary it alone holds: the
  /// canary logs "block freed" when the block is freed.
  private func unobservingBlock(
    _ controller: KVOController, order: Log<String>, _ which: @escaping @Sendable (Object) -> Object
  ) -> KVOController.Block {
    let canary = Canary { order.append("block freed") }
    return { [weak controller] _, object, _ in
      controller?.unobserve(which(object), keyPath: "age")
      order.append("unobserve returned, canary \(canary.state)")
    }
  }
}

/// Runs `onFree` when freed.
private final class Canary: Sendable {
  let onFree: @Sendable () -> Void
  var state: String { "alive" }
  init(_ onFree: @escaping @Sendable () -> Void) { self.onFree = onFree }
  deinit { onFree() }
}

/// A weak reference to a controller.
private final class WeakBox: @unchecked Sendable {
  weak var object: KVOController?
  init(_ object: KVOController?) { self.object = object }
}

@Suite struct SharedControllerLifetimeTests {
  /// The shared controller lives in a slot of the runtime user code cannot reach: removing the
  /// root class's associated objects does not reset it.
  @Test func removingTheRootClassesAssociatedObjectsKeepsTheSharedController() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let seen = Log<Int>()
    try controller.observe(person, keyPath: "age") { _, _, _ in seen.append(1) }
    let before = try SharedController.of(world.runtime)
    world.runtime.rootClass.removeAssociatedObjects()
    try world.setAge(person, 1)
    #expect(seen.count == 1)
    #expect(try SharedController.of(world.runtime) === before)
  }

  /// Nothing the controller layer keeps holds its runtime: once the controllers and objects are
  /// gone, so is the runtime (the shared controller's runtime object would otherwise keep it).
  @Test func aRuntimeIsFreedOnceItsControllersAreGone() throws {
    weak var weakRuntime: Runtime?
    do {
      let world = try World()
      weakRuntime = world.runtime
      let (watcher, _) = try world.newWatcher()
      let person = try world.newPerson()
      try watcher.kvoController.observe(person, keyPath: "age") { _, _, _ in }
      try world.setAge(person, 1)
      #expect(world.runtime.lookUpClass(named: "_FBKVOSharedController") != nil)
    }
    #expect(weakRuntime == nil)
  }
}

/// Runs `body` on a thread of its own. A serial queue of its own is served even when every worker
/// of the global queues is busy: those are as many as the cores (two here), and the setters these
/// tests spin in parallel can hold them all, which left another test's two setters unstarted until
/// its 60-second timeout.
private func onOwnThread(group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
  DispatchQueue(label: "KVOControllerRaceTests.setter").async(group: group, execute: body)
}
