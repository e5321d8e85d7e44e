// KVOControllerCallbackTests.swift: several callbacks for one object and key path, each
// removable (KVOController+Callbacks.swift).

import Testing

@testable import KVOController

@Suite struct KVOControllerCallbackTests {
  @Test func twoBlocksAddedForOneKeyPathAreBothCalledInOrder() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let seen = Log<String>()
    try controller.addCallback(for: person, keyPath: "age", options: [.new]) { _, _, change in seen.append("first \(change.new ?? nil)") }
    try controller.addCallback(for: person, keyPath: "age", options: [.new]) { _, _, change in seen.append("second \(change.new ?? nil)") }
    try world.setAge(person, 3)
    #expect(seen.all == ["first 3", "second 3"])
    #expect(controller.observedKeyPaths(of: person) == ["age", "age"])
    #expect(person.observedKeyPaths == ["age", "age"])
  }

  @Test func aBlockAndAnActionForOneKeyPathAreBothCalled() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let seen = Log<String>()
    try controller.addCallback(for: person, keyPath: "age", options: [.new]) { _, _, change in
      seen.append("block \(change[.notificationKeyPath] ?? nil)")
    }
    try controller.addCallback(for: person, keyPath: "age", options: [.new], action: "ageChanged:object:")
    try world.setAge(person, 4)
    #expect(seen.all == [#"block "age""#])
    #expect(log.all == ["action nil 4"])
  }

  @Test func removingOneCallbackKeepsTheOtherUntilItGoesToo() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let seen = Log<String>()
    let first = try controller.addCallback(for: person, keyPath: "age") { _, _, _ in seen.append("first") }
    let second = try controller.addCallback(for: person, keyPath: "age") { _, _, _ in seen.append("second") }
    controller.removeCallback(first)
    try world.setAge(person, 1)
    #expect(seen.all == ["second"])
    #expect(person.isa.name == "NSKVONotifying_Person")
    controller.removeCallback(first)  // removed already: nothing happens
    controller.removeCallback(second)
    try world.setAge(person, 2)
    #expect(seen.all == ["second"])
    #expect(person.isa === world.person)
    #expect(controller.observedObjectCount == 0)
  }

  @Test func plainObserveOfAKeyPathThatHasAddedCallbacksIsDeduplicated() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let seen = Log<String>()
    try controller.addCallback(for: person, keyPath: "age") { _, _, _ in seen.append("added") }
    try controller.observe(person, keyPath: "age") { _, _, _ in seen.append("observed") }  // FB's rule: a no-op
    try world.setAge(person, 1)
    #expect(seen.all == ["added"])
  }

  @Test func unobservingTheKeyPathRemovesEveryCallbackOfIt() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let seen = Log<String>()
    let handle = try controller.addCallback(for: person, keyPath: "age") { _, _, _ in seen.append("a") }
    try controller.addCallback(for: person, keyPath: "age") { _, _, _ in seen.append("b") }
    try controller.addCallback(for: person, keyPath: "name") { _, _, _ in seen.append("name") }
    controller.unobserve(person, keyPath: "age")
    try world.setAge(person, 1)
    try world.runtime.msgSend(person, "setName:", "N")
    #expect(seen.all == ["name"])
    controller.removeCallback(handle)  // already gone with its key path
    #expect(handle.keyPath == "age")
  }
}
