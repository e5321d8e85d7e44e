// FBKVOControllerBehaviourRound17Tests.swift: FBKVOController cases of fidelity round 17, each
// with FBKVOController's answer (its GitHub issues and FBKVOControllerTests).

import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound17Tests {
  /// `KVOControllerNonRetaining` whose observed object dies first (FB's map holds its keys
  /// weakly): the controller forgets it, `unobserveAll` afterwards is harmless, and the
  /// controller observes a new object of the same class as before.
  @Test func aNonRetainingControllerOutlivesItsObservedObjectAndObservesAnother() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let controller = KVOController(observer: watcher, retainObserved: false)
    var person: Object? = try world.newPerson()
    let reference = WeakReference(person)
    let seen = Log<String>()
    try controller.observe(person, keyPath: "age", options: [.new]) { _, _, change in seen.append("\(change.new ?? nil)") }
    try world.setAge(try #require(person), 1)
    person = nil
    #expect(reference.object == nil)
    #expect(controller.observedObjectCount == 0)
    controller.unobserveAll()
    let next = try world.newPerson()
    try controller.observe(next, keyPath: "age", options: [.new]) { _, _, change in seen.append("next \(change.new ?? nil)") }
    try world.setAge(next, 2)
    #expect(seen.all == ["\(Value.int64(1))", "next \(Value.int64(2))"])
    controller.unobserveAll()
    #expect(next.isa === world.person)
  }

  /// A change whose will came before `unobserve` and whose did comes after: the shared
  /// controller no longer holds the info, so no callback runs.
  @Test func aChangeWhoseDidComesAfterUnobserveReachesNoCallback() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<Bool>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.prior, .new]) { _, _, change in seen.append(change.isPrior) }
    try person.willChangeValue(forKey: "age")
    controller.unobserve(person, keyPath: "age")
    try person.setValue(5, forIvar: "_age")
    try person.didChangeValue(forKey: "age")
    #expect(seen.all == [true])
    #expect(person.isa === world.person)
  }

  /// Observing with `Initial` again after `unobserveAll`: FB made a fresh info, so the block gets
  /// a new initial callback and later changes.
  @Test func observingWithInitialAfterUnobserveAllGivesANewInitialCallback() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    try world.setAge(person, 4)
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.initial, .new]) { _, _, change in seen.append("first \(change.new ?? nil)") }
    controller.unobserveAll()
    try controller.observe(person, keyPath: "age", options: [.initial, .new]) { _, _, change in seen.append("second \(change.new ?? nil)") }
    try world.setAge(person, 5)
    #expect(seen.all == ["first \(Value.int64(4))", "second \(Value.int64(4))", "second \(Value.int64(5))"])
  }

  /// A block observing a key path through a nil intermediate with `Initial | New`: its initial
  /// callback carries NSNull as the new value, then the value at the end once the friend arrives.
  @Test func anInitialCallbackThroughANilIntermediateCarriesNSNull() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "friend.age", options: [.initial, .new]) { _, _, change in
      seen.append(change[.new] == .null ? "null" : "\(change.new ?? nil)")
    }
    let friend = try world.newPerson()
    try world.setAge(friend, 9)
    try world.runtime.msgSend(person, "setFriend:", .object(friend))
    #expect(seen.all == ["null", "\(Value.int64(9))"])
  }

  /// The key path a block's change names (`FBKVONotificationKeyPathKey`).
  private func keyPath(of change: Change) -> String { change[.notificationKeyPath]?.stringValue ?? "?" }

  /// `observe:keyPaths:` registers its key paths one at a time, as FB's loop calls `_observe:info:`
  /// for each: an Initial callback of the first that unobserves the second finds nothing to
  /// remove (it is not observed yet), so the second is observed afterwards and gets its own
  /// initial callback; the first's next callback does remove it.
  @Test func anInitialCallbackUnobservingALaterKeyPathOfTheSameCallFindsItNotYetObserved() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPaths: ["age", "name"], options: [.initial]) { [weak controller] _, object, change in
      seen.append(keyPath(of: change))
      if keyPath(of: change) == "age" { controller?.unobserve(object, keyPath: "name") }
    }
    #expect(seen.all == ["age", "name"])
    #expect(controller.observedKeyPaths(of: person) == ["age", "name"])
    try world.setAge(person, 3)
    try world.runtime.msgSend(person, "setName:", "n")
    #expect(seen.all == ["age", "name", "age"])
    #expect(controller.observedKeyPaths(of: person) == ["age"])
  }

  /// `unobserveAll` from the first key path's Initial callback removes that one only (after its
  /// `addObserver:` returns, FB's `_FBKVOInfoStateNotObserving` branch); the loop then observes
  /// the next key path, which stays.
  @Test func unobserveAllFromTheFirstInitialCallbackLeavesTheLaterKeyPathsOfTheCall() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPaths: ["age", "name"], options: [.initial]) { [weak controller] _, _, change in
      seen.append(keyPath(of: change))
      if keyPath(of: change) == "age" { controller?.unobserveAll() }
    }
    try world.setAge(person, 3)
    try world.runtime.msgSend(person, "setName:", "n")
    #expect(seen.all == ["age", "name", "name"])
    #expect(controller.observedKeyPaths(of: person) == ["name"])
    #expect(person.isa.name == "NSKVONotifying_Person")
  }

  /// A block that observes its own object and key path again from its Initial callback: FB's
  /// map already holds the info (added before KVO is), so the second observe is dropped.
  @Test func observingTheSameKeyPathFromItsOwnInitialCallbackIsDropped() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.initial]) { [weak controller] _, object, _ in
      seen.append("first")
      try? controller?.observe(object, keyPath: "age", options: [.initial]) { _, _, _ in seen.append("second") }
    }
    try world.setAge(person, 3)
    #expect(seen.all == ["first", "first"])
    #expect(controller.observedKeyPaths(of: person) == ["age"])
  }
}
