// KVOControllerTests.swift: FBKVOController's semantics, each a test.

import Dispatch
import Testing

@testable import KVOController

@Suite struct KVOControllerTests {
  @Test func blockReceivesObserverObjectAndChangeWithKeyPath() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new, .old]) { observer, object, change in
      seen.append("\(observer === watcher) \(object === person) \(change.old ?? nil)->\(change.new ?? nil) \(change[.notificationKeyPath] ?? nil)")
    }
    try world.setAge(person, 3)
    #expect(seen.all == ["true true 0->3 \"age\""])
  }

  @Test func observingTwiceIsDeduplicated() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<Int>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age") { _, _, _ in seen.append(1) }
    try controller.observe(person, keyPath: "age") { _, _, _ in seen.append(2) }
    try world.setAge(person, 1)
    #expect(seen.all == [1])
    #expect(controller.observedKeyPaths(of: person) == ["age"])
  }

  @Test func twoControllersMakeTwoObservations() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<Int>()
    let first = KVOController(observer: watcher)
    let second = KVOController(observer: watcher)
    try first.observe(person, keyPath: "age") { _, _, _ in seen.append(1) }
    try second.observe(person, keyPath: "age") { _, _, _ in seen.append(2) }
    try world.setAge(person, 1)
    #expect(seen.all.sorted() == [1, 2])
  }

  @Test func unobservingUnknownIsANoOp() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    controller.unobserve(person, keyPath: "age")
    controller.unobserve(person)
    controller.unobserve(nil, keyPath: "age")
    controller.unobserveAll()
    #expect(person.isa === world.person)
  }

  @Test func releasingTheControllerRemovesEveryObservation() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    var controller: KVOController? = KVOController(observer: watcher)
    try controller?.observe(person, keyPaths: ["age", "name"]) { _, _, _ in }
    try controller?.observe(friend, keyPath: "age") { _, _, _ in }
    #expect(person.isa.name == "NSKVONotifying_Person")
    controller = nil
    #expect(person.isa === world.person)
    #expect(friend.isa === world.person)
    #expect(person.observationInfo == nil)
  }

  @Test func retainingModeKeepsTheObservedObjectAlive() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    var person: Object? = try world.newPerson()
    let reference = WeakReference(person)
    let controller = KVOController(observer: watcher, retainObserved: true)
    try controller.observe(person, keyPath: "age") { _, _, _ in }
    person = nil
    #expect(reference.object != nil)
    controller.unobserve(reference.object)
    #expect(reference.object == nil)
  }

  @Test func nonRetainingModeLetsTheObjectGoAndDropsItsEntries() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    var person: Object? = try world.newPerson()
    let reference = WeakReference(person)
    let diagnostics = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(_, let message) = event { diagnostics.append(message) }
    }
    let controller = KVOController(observer: watcher, retainObserved: false)
    try controller.observe(person, keyPath: "age") { _, _, _ in }
    #expect(controller.observedObjectCount == 1)
    person = nil
    events.cancel()
    #expect(reference.object == nil)
    #expect(controller.observedObjectCount == 0)
    #expect(controller.observedKeyPaths(of: try world.newPerson()).isEmpty)
    // KVO's own word on an object freed while observed (Foundation logs it too): the controller
    // could only drop its entries afterwards, from the object's associated sentinel.
    #expect(diagnostics.all.count == 1)
    #expect(diagnostics.all.first?.contains("was deallocated while key value observers were still registered") == true)
    controller.unobserveAll()  // nothing left, no error
  }

  @Test func notificationAfterUnobserveIsDropped() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<Int>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age") { _, _, _ in seen.append(1) }
    controller.unobserve(person, keyPath: "age")
    try world.setAge(person, 1)
    #expect(seen.count == 0)
    #expect(person.isa === world.person)
  }

  @Test func goneObserverReceivesNothing() throws {
    let world = try World()
    var watcher: Object? = try world.newWatcher().0
    let person = try world.newPerson()
    let seen = Log<Int>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age") { _, _, _ in seen.append(1) }
    watcher = nil
    try world.setAge(person, 1)
    #expect(seen.count == 0)
  }

  @Test func initialCallbackThatUnobservesLeavesNothingRegistered() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let seen = Log<Int>()
    try controller.observe(person, keyPath: "age", options: [.initial, .new]) { [weak controller] _, object, _ in
      seen.append(1)
      controller?.unobserve(object, keyPath: "age")
    }
    #expect(seen.count == 1)
    #expect(person.isa === world.person)
    #expect(person.observationInfo == nil)
    try world.setAge(person, 2)
    #expect(seen.count == 1)
  }

  @Test func blockMayObserveAndUnobserveInsideItsCallback() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let seen = Log<String>()
    try controller.observe(person, keyPath: "age") { [weak controller] _, object, change in
      seen.append("age")
      controller?.unobserve(object, keyPath: "age")
      try? controller?.observe(object, keyPath: "name") { _, _, _ in seen.append("name") }
    }
    try world.setAge(person, 1)
    try world.setAge(person, 2)
    try world.runtime.msgSend(person, "setName:", "x")
    #expect(seen.all == ["age", "name"])
  }

  @Test func actionIsSentWithChangeAndObject() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: .new, action: "ageChanged:object:")
    try world.setAge(person, 4)
    #expect(log.all == ["action nil 4"])  // Foundation's change: no FBKVONotificationKeyPathKey
    let error = #expect(throws: KeyValueError.self) {
      try controller.observe(person, keyPath: "name", action: "nope:object:")
    }
    #expect(error?.message == "\(watcher) does not respond to nope:object:")
  }

  @Test func contextFormFallsBackToTheObserversObserveValueMethod() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: .new, context: 9)
    try world.setAge(person, 5)
    #expect(log.all == ["observe age 5 0x9"])
  }

  @Test func badInputIsAClearErrorAndRegistersNothing() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    #expect(throws: KeyValueError.self) { try controller.observe(person, keyPath: "") { _, _, _ in } }
    #expect(throws: KeyValueError.self) { try controller.observe(person, keyPaths: []) { _, _, _ in } }
    #expect(throws: KeyValueError.self) { try controller.observe(person, keyPaths: ["a..b", "age"]) { _, _, _ in } }
    #expect(controller.observedObjectCount == 0)  // a..b refused first, so age was never reached
    #expect(person.isa === world.person)
  }

  /// FB's header: "Use retainObserved = NO when a strong reference between controller and
  /// observee would create a retain loop." An object observing itself through its own retaining
  /// `kvoController` is that loop: it stays alive (and observed) until an unobserve breaks it.
  @Test func observingSelfThroughTheRetainingControllerIsARetainLoopUntilUnobserved() throws {
    let world = try World()
    var person: Object? = try world.newPerson()
    let reference = WeakReference(person)
    let seen = Log<Int>()
    try person?.kvoController.observe(person, keyPath: "age") { _, _, _ in seen.append(1) }
    try world.setAge(try #require(person), 1)
    person = nil
    var kept: Object? = reference.object
    #expect(kept != nil, "the controller it owns retains it")
    try world.setAge(try #require(kept), 2)
    kept?.kvoController.unobserve(kept)
    #expect(kept?.isa === world.person)
    kept = nil
    #expect(reference.object == nil, "the unobserve broke the loop")
    #expect(seen.count == 2)
  }

  @Test func observingSelfThroughTheNonRetainingControllerDoesNotLeak() throws {
    let world = try World()
    var person: Object? = try world.newPerson()
    let reference = WeakReference(person)
    try person?.kvoControllerNonRetaining.observe(person, keyPath: "age") { _, _, _ in }
    person = nil
    #expect(reference.object == nil)
  }

  @Test func lazyPropertiesAreCreatedOnceAndDiffer() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    #expect(watcher.kvoController === watcher.kvoController)
    #expect(watcher.kvoControllerNonRetaining === watcher.kvoControllerNonRetaining)
    #expect(watcher.kvoController !== watcher.kvoControllerNonRetaining)
    #expect(watcher.kvoController.retainsObserved)
    #expect(!watcher.kvoControllerNonRetaining.retainsObserved)
  }

  @Test func controllerDiesWithItsObserver() throws {
    let world = try World()
    var watcher: Object? = try world.newWatcher().0
    let person = try world.newPerson()
    try watcher?.kvoController.observe(person, keyPath: "age") { _, _, _ in }
    #expect(person.isa.name == "NSKVONotifying_Person")
    watcher = nil
    #expect(person.isa === world.person)
  }

  @Test func descriptionSpellsOutObserverObjectsKeyPathsAndOptions() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new, .old]) { _, _, _ in }
    let info = try #require(controller.lock.withLock { controller.entries.values.first?.infos.first })
    guard case .block(let block) = info.target else { throw KeyValueError(.invalidArgument, "not a block") }
    #expect(
      controller.debugDescription == """
        <FBKVOController:\(Object.address(of: controller)) observer:<Watcher:\(watcher.address)>
          <Person: \(person.address)> -> (
            "<_FBKVOInfo:\(Object.address(of: info)) keyPath:age options:NSKeyValueObservingOptionNew|NSKeyValueObservingOptionOld block:\(Object.address(of: block))>"
        )>
        """)
    #expect(ObservingOptions([.prior, .initial]).spelledOut == "NSKeyValueObservingOptionInitial|NSKeyValueObservingOptionPrior")
  }

  @Test func callbacksCanRunOnAGivenQueue() async throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let queue = DispatchQueue(label: "callbacks")
    let key = DispatchSpecificKey<Int>()
    queue.setSpecific(key: key, value: 7)
    let controller = KVOController(observer: watcher)
    let (stream, continuation) = AsyncStream<Int?>.makeStream()
    try controller.observe(person, keyPath: "age", delivery: .executor(queue)) { _, _, _ in
      continuation.yield(DispatchQueue.getSpecific(key: key))
    }
    try world.setAge(person, 1)
    var iterator = stream.makeAsyncIterator()
    #expect(await iterator.next() == .some(7))
    withExtendedLifetime(controller) {}
  }

  @Test func concurrentObserveUnobserveAndNotifyKeepCountsExact() throws {
    let world = try World()
    let threads = 4
    let rounds = 100
    let people = try (0..<threads).map { _ in try world.newPerson() }
    let watchers = try (0..<threads).map { _ in try world.newWatcher().0 }
    let counts = (0..<threads).map { _ in Log<Int>() }
    let shared = KVOController(observer: try world.newWatcher().0)
    DispatchQueue.concurrentPerform(iterations: threads) { index in
      let controller = KVOController(observer: watchers[index])
      for round in 0..<rounds {
        try? controller.observe(people[index], keyPath: "age") { _, _, _ in counts[index].append(round) }
        try? shared.observe(people[(index + 1) % threads], keyPath: "name") { _, _, _ in }
        try? world.setAge(people[index], round)
        controller.unobserve(people[index], keyPath: "age")
        try? world.setAge(people[index], -round)  // after unobserve: not counted
        shared.unobserve(people[(index + 1) % threads], keyPath: "name")
      }
    }
    for log in counts { #expect(log.count == rounds) }
    shared.unobserveAll()
    for person in people { #expect(person.isa === world.person) }
  }

  @Test func changeSequenceYieldsChangesAndEndsWhenDropped() async throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    var sequence: ChangeSequence? = try controller.changes(of: person, keyPath: "age")
    var iterator = sequence?.makeAsyncIterator()
    try world.setAge(person, 1)
    try world.setAge(person, 2)
    #expect(await iterator?.next()?.new == 1)
    #expect(await iterator?.next()?.new == 2)
    #expect(person.isa.name == "NSKVONotifying_Person")
    sequence = nil
    iterator = nil
    #expect(person.isa === world.person)
  }

  @Test func changeSequenceEndsWhenIterationIsCancelled() async throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let sequence = try controller.changes(of: person, keyPath: "age")
    let task = Task {
      var count = 0
      for await _ in sequence { count += 1 }
      return count
    }
    task.cancel()
    _ = await task.value
    try world.setAge(person, 9)
    withExtendedLifetime(sequence) {}
    #expect(person.isa === world.person)
  }

  @Test func observedObjectIsReleasedOutsideTheControllersLock() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let controller = KVOController(observer: watcher)
    // Person's dealloc asks the controller something: that takes the controller's lock, so it
    // would deadlock if the controller let go of the object while holding it.
    let countsSeenInDealloc = Log<Int>()
    try world.person.addMethod("dealloc", types: "v16@0:8") { [weak controller] receiver, _, _ in
      countsSeenInDealloc.append(controller?.observedObjectCount ?? -1)
      return try Runtime.msgSendSuper(receiver, superclass: receiver.runtime!.rootClass, "dealloc")
    }
    do {
      let person = try world.newPerson()
      try controller.observe(person, keyPath: "age") { _, _, _ in }
    }
    #expect(controller.observedObjectCount == 1)  // retained by the controller
    controller.unobserveAll()
    #expect(countsSeenInDealloc.all == [0])
  }

  @Test func observingSeveralKeyPathsKeepsThoseBeforeARefusedOne() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let controller = KVOController(observer: watcher)
    let person = try world.newPerson()
    try world.runtime.msgSend(person, "setFriend:", .array([]))
    #expect(throws: KeyValueError.self) {
      try controller.observe(person, keyPaths: ["age", "friend.age"]) { _, _, _ in }
    }
    #expect(controller.observedKeyPaths(of: person) == ["age"])  // FB's loop: age was registered first
    #expect(person.isa.name == "NSKVONotifying_Person")
  }
}
