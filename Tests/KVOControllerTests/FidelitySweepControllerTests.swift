// FidelitySweepControllerTests.swift: a fidelity sweep of KVOController as a new user would try
// it, with cases modelled on FBKVOController's tests and header. Each test asserts FB's answer.

import Testing

@testable import KVOController

@Suite struct FidelitySweepControllerTests {
  @Test func blockWithOldAndNewGetsBothAndTheKeyPath() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    try world.setAge(person, 1)
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.old, .new]) { _, _, change in
      seen.append("\(change.old ?? .nil) \(change.new ?? .nil) \(change[.notificationKeyPath] ?? .nil)")
    }
    try world.setAge(person, 2)
    #expect(seen.all == [#"1 2 "age""#])
  }

  @Test func unobservingAKeyPathThenObservingItAgainUsesTheNewBlock() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new]) { _, _, _ in seen.append("first") }
    controller.unobserve(person, keyPath: "age")
    try controller.observe(person, keyPath: "age", options: [.new]) { _, _, _ in seen.append("second") }
    try world.setAge(person, 1)
    #expect(seen.all == ["second"])
    #expect(person.observedKeyPaths == ["age"])
  }

  @Test func anActionTakingOnlyTheChangeIsSentWithTheChange() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    try world.watcher.addMethod("ageSet:", types: "v24@0:8@16") { receiver, _, arguments in
      let change = arguments[0].change
      receiver.associatedObject(forKey: logKey).swiftObject(as: Log<String>.self)?.append("one \(change?.new ?? .nil)")
      return .nil
    }
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new], action: "ageSet:")
    try world.setAge(person, 6)
    #expect(log.all == ["one 6"])
  }

  @Test func oneActionForSeveralKeyPathsIsSentForEach() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPaths: ["age", "name"], options: [.new], action: "ageChanged:object:")
    try world.setAge(person, 6)
    try world.runtime.msgSend(person, "setName:", "Ann")
    #expect(log.all == ["action nil 6", #"action nil "Ann""#])
  }

  @Test func theObserversDefaultCallbackGetsTheObservedObjectAndContext() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPaths: ["age", "name"], options: [.new], context: 9)
    try world.runtime.msgSend(person, "setName:", "Bo")
    #expect(log.all == [#"observe name "Bo" 0x9"#])
  }

  @Test func unobserveAllRestoresEveryObservedObjectsClass() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let people = try (0..<3).map { _ in try world.newPerson() }
    let controller = KVOController(observer: watcher)
    for person in people { try controller.observe(person, keyPath: "age") { _, _, _ in } }
    #expect(people.allSatisfy { $0.isa !== world.person })
    controller.unobserveAll()
    #expect(people.allSatisfy { $0.isa === world.person })
    #expect(controller.observedObjectCount == 0)
  }
}
