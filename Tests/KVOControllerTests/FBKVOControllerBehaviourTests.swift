// FBKVOControllerBehaviourTests.swift: behaviour cases modelled on FBKVOController's public tests.
// Each test pins FBKVOController's documented semantics; a failure here is a gap between MiniKVO
// and FB.

import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourTests {
  @Test func initialOptionCallsTheBlockDuringObserveWithTheCurrentValue() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    try world.setAge(person, 4)
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.initial, .new]) { _, _, change in
      seen.append("\(change.kind) \(change.new ?? nil) old:\(change.old == nil ? "absent" : "present")")
    }
    #expect(seen.all == ["setting 4 old:absent"])
    try world.setAge(person, 5)
    #expect(seen.all == ["setting 4 old:absent", "setting 5 old:absent"])
  }

  @Test func priorOptionCallsTheBlockBeforeAndAfterEachChange() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.prior, .old, .new]) { _, _, change in
      seen.append("prior=\(change.isPrior) old=\(change.old ?? nil) new=\(change.new.map(\.description) ?? "-")")
    }
    try world.setAge(person, 1)
    #expect(seen.all == ["prior=true old=0 new=-", "prior=false old=0 new=1"])
  }

  @Test func observingSeveralKeyPathsCallsTheBlockWithEachKeyPath() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPaths: ["age", "name"], options: [.initial, .new]) { _, _, change in
      seen.append("\(change[.notificationKeyPath] ?? nil)")
    }
    #expect(seen.all == ["\"age\"", "\"name\""])
    try world.runtime.msgSend(person, "setName:", "Ann")
    try world.setAge(person, 2)
    #expect(seen.all == ["\"age\"", "\"name\"", "\"name\"", "\"age\""])
  }

  @Test func actionIsSentAtObserveForInitialWithFoundationsChange() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    let person = try world.newPerson()
    try world.setAge(person, 8)
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.initial, .new], action: "ageChanged:object:")
    #expect(log.all == ["action nil 8"])  // no FBKVONotificationKeyPathKey: only blocks get it
    try world.setAge(person, 9)
    #expect(log.all == ["action nil 8", "action nil 9"])
  }

  @Test func contextCallbackGoesToObserveValueWithTheContextAndKeyPath() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new], context: 7)
    try world.setAge(person, 3)
    #expect(log.all.count == 1)
    #expect(log.all.first?.hasPrefix("observe age 3") == true)
  }

  @Test func unobservingOneKeyPathKeepsTheOthers() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPaths: ["age", "name"]) { _, _, change in
      seen.append("\(change[.notificationKeyPath] ?? nil)")
    }
    controller.unobserve(person, keyPath: "age")
    try world.setAge(person, 1)
    try world.runtime.msgSend(person, "setName:", "Bo")
    #expect(seen.all == ["\"name\""])
    #expect(controller.observedKeyPaths(of: person) == ["name"])
    #expect(person.isa.name == "NSKVONotifying_Person")
  }

  @Test func unobservingAnObjectLeavesOtherObjectsObserved() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let first = try world.newPerson()
    let second = try world.newPerson()
    let seen = Log<Bool>()
    let controller = KVOController(observer: watcher)
    try controller.observe(first, keyPath: "age") { _, object, _ in seen.append(object === first) }
    try controller.observe(second, keyPath: "age") { _, object, _ in seen.append(object === first) }
    try world.setAge(first, 1)
    try world.setAge(second, 1)
    #expect(seen.all == [true, false])
    controller.unobserve(first)
    #expect(first.isa === world.person)
    try world.setAge(first, 2)
    try world.setAge(second, 2)
    #expect(seen.all == [true, false, false])
    #expect(controller.observedObjectCount == 1)
  }

  @Test func observingAgainAfterUnobserveAllNotifiesAgain() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<Int>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age") { _, _, _ in seen.append(1) }
    controller.unobserveAll()
    #expect(person.isa === world.person)
    try world.setAge(person, 1)
    try controller.observe(person, keyPath: "age") { _, _, _ in seen.append(2) }
    try world.setAge(person, 2)
    #expect(seen.all == [2])
  }

  @Test func twoControllersOnOneObjectAreIndependent() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<Int>()
    let first = KVOController(observer: watcher)
    let second = KVOController(observer: watcher)
    try first.observe(person, keyPath: "age") { _, _, _ in seen.append(1) }
    try second.observe(person, keyPath: "age") { _, _, _ in seen.append(2) }
    first.unobserve(person, keyPath: "age")
    try world.setAge(person, 1)
    #expect(seen.all == [2])
    second.unobserveAll()
    #expect(person.isa === world.person)
  }

  @Test func lazyNonRetainingControllerDoesNotKeepTheObservedObjectAlive() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    var person: Object? = try world.newPerson()
    let reference = WeakReference(person)
    try watcher.kvoControllerNonRetaining.observe(person, keyPath: "age") { _, _, _ in }
    #expect(!watcher.kvoControllerNonRetaining.retainsObserved)
    person = nil
    #expect(reference.object == nil)
    #expect(watcher.kvoControllerNonRetaining.observedObjectCount == 0)
  }

  @Test func lazyRetainingControllerKeepsTheObservedObjectUntilTheObserverGoes() throws {
    let world = try World()
    var watcher: Object? = try world.newWatcher().0
    var person: Object? = try world.newPerson()
    let reference = WeakReference(person)
    try watcher?.kvoController.observe(person, keyPath: "age") { _, _, _ in }
    person = nil
    #expect(reference.object != nil)
    #expect(reference.object?.isa.name == "NSKVONotifying_Person")
    watcher = nil
    #expect(reference.object == nil)
  }

  @Test func chainObservedThroughTheControllerFollowsIntermediateReplacement() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let first = try world.newPerson()
    let second = try world.newPerson()
    try world.setAge(first, 1)
    try world.setAge(second, 2)
    try world.runtime.msgSend(person, "setFriend:", .object(first))
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "friend.age", options: [.old, .new]) { _, object, change in
      seen.append("\(object === person) \(change.old ?? nil)->\(change.new ?? nil) \(change[.notificationKeyPath] ?? nil)")
    }
    try world.runtime.msgSend(person, "setFriend:", .object(second))
    try world.setAge(first, 10)
    try world.setAge(second, 20)
    #expect(seen.all == ["true 1->2 \"friend.age\"", "true 2->20 \"friend.age\""])
    controller.unobserveAll()
    #expect(second.isa === world.person && person.isa === world.person)
  }

  @Test func controllerAndDirectObserverCoexist() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    let person = try world.newPerson()
    try person.addObserver(watcher, forKeyPath: "age", options: [.new])
    let seen = Log<Int>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age") { _, _, _ in seen.append(1) }
    controller.unobserveAll()
    try world.setAge(person, 6)
    #expect(seen.all.isEmpty)
    #expect(log.all.count == 1)
    #expect(person.isa.name == "NSKVONotifying_Person")
    try person.removeObserver(watcher, forKeyPath: "age")
    #expect(person.isa === world.person)
  }

  @Test func blockMayUnobserveAnotherKeyPathDuringItsCallback() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "name") { _, _, _ in seen.append("name") }
    try controller.observe(person, keyPath: "age") { [weak controller] _, object, _ in
      seen.append("age")
      controller?.unobserve(object, keyPath: "name")
    }
    try world.setAge(person, 1)
    try world.runtime.msgSend(person, "setName:", "Al")
    #expect(seen.all == ["age"])
  }

  @Test func nilObjectDoesNothingInEveryCallbackStyle() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let controller = KVOController(observer: watcher)
    try controller.observe(nil, keyPath: "age") { _, _, _ in }
    try controller.observe(nil, keyPaths: ["age", "name"]) { _, _, _ in }
    try controller.observe(nil, keyPath: "age", action: "ageChanged:object:")
    try controller.observe(nil, keyPath: "age", context: 1)
    #expect(controller.observedObjectCount == 0)
    // What FB asserts on is still an error, with or without an object.
    #expect(throws: KeyValueError.self) { try controller.observe(nil, keyPath: "") { _, _, _ in } }
    #expect(throws: KeyValueError.self) { try controller.observe(nil, keyPaths: []) { _, _, _ in } }
    #expect(throws: KeyValueError.self) { try controller.observe(nil, keyPath: "age", action: "nope:object:") }
    #expect(throws: KeyValueError.self) { try controller.observe(try world.newPerson(), keyPath: "") { _, _, _ in } }
    #expect(controller.observedObjectCount == 0)
  }
}
