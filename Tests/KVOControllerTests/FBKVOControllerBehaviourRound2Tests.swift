// FBKVOControllerBehaviourRound2Tests.swift: a second round of behaviour cases modelled on
// FBKVOController's public tests and header, on areas the first round did not cover. Each test
// pins FBKVOController's documented semantics; a failure here is a gap between MiniKVO and FB.

import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound2Tests {
  @Test func unobservingAnObjectRemovesEveryKeyPathOfItAndLeavesOtherObjectsObserved() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let first = try world.newPerson()
    let second = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    let block: KVOController.Block = { _, object, change in
      seen.append("\(object === first ? "first" : "second") \(change[.notificationKeyPath] ?? nil)")
    }
    try controller.observe(first, keyPaths: ["age", "name"], block: block)
    try controller.observe(second, keyPaths: ["age", "name"], block: block)
    controller.unobserve(first)
    #expect(first.isa === world.person)
    #expect(controller.observedKeyPaths(of: first).isEmpty)
    try world.setAge(first, 1)
    try world.runtime.msgSend(first, "setName:", "A")
    try world.setAge(second, 1)
    try world.runtime.msgSend(second, "setName:", "B")
    #expect(seen.all == [#"second "age""#, #"second "name""#])
    #expect(controller.observedObjectCount == 1)
  }

  @Test func duplicateKeyPathInOneObserveCallIsObservedOnce() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<Int>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPaths: ["age", "age"], options: [.new]) { _, _, change in
      seen.append(change.new?.intValue ?? -1)
    }
    try world.setAge(person, 4)
    #expect(seen.all == [4])
    #expect(controller.observedKeyPaths(of: person) == ["age"])
    #expect(person.observedKeyPaths.count == 1)
  }

  @Test func observingAKeyPathAgainWithAnotherCallbackStyleKeepsTheFirst() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new]) { _, _, _ in seen.append("block") }
    try controller.observe(person, keyPath: "age", options: [.new], action: "ageChanged:object:")
    try controller.observe(person, keyPath: "age", options: [.new], context: 3)
    try world.setAge(person, 1)
    #expect(seen.all == ["block"])
    #expect(log.all.isEmpty)
  }

  @Test func contextStyleDeliversTheGivenContextPointer() throws {
    let world = try World()
    let contexts = Log<UInt>()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "ContextWatcher")
    try world.runtime.registerClassPair(cls)
    try cls.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") { _, _, arguments in
      if case .pointer(let raw) = arguments[3] { contexts.append(raw) } else { contexts.append(0) }
      return .nil
    }
    let watcher = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", context: 0x2A)
    try controller.observe(person, keyPath: "name", context: .none)
    try world.setAge(person, 1)
    try world.runtime.msgSend(person, "setName:", "N")
    #expect(contexts.all == [0x2A, 0])
  }

  @Test func noOptionsBlockChangeCarriesKindAndKeyPathOnly() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<[String]>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: []) { _, _, change in
      seen.append(change.dictionary.keys.sorted())
    }
    try world.setAge(person, 2)
    #expect(seen.all == [["FBKVONotificationKeyPathKey", "kind"]])
  }

  @Test func priorOptionWithAnActionSendsTheActionBeforeAndAfter() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.prior, .new], action: "ageChanged:object:")
    try world.setAge(person, 9)
    #expect(log.all == ["action nil nil", "action nil 9"])
  }

  @Test func callbacksOfTwoControllersOnOneKeyRunInTheOrderTheyObserved() throws {
    let world = try World()
    let (firstWatcher, _) = try world.newWatcher()
    let (secondWatcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let first = KVOController(observer: firstWatcher)
    let second = KVOController(observer: secondWatcher)
    try first.observe(person, keyPath: "age") { observer, _, _ in seen.append(observer === firstWatcher ? "1" : "?") }
    try second.observe(person, keyPath: "age") { observer, _, _ in seen.append(observer === secondWatcher ? "2" : "?") }
    try world.setAge(person, 1)
    try world.setAge(person, 2)
    #expect(seen.all == ["1", "2", "1", "2"])
  }

  @Test func controllerReleasedFromInsideItsOwnCallbackStopsEverythingAndRestoresIsa() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<Int>()
    let holder = Holder()
    holder.controller = KVOController(observer: watcher)
    try holder.controller?.observe(person, keyPaths: ["age", "name"], options: [.new]) { _, _, change in
      seen.append(change.new?.intValue ?? -1)
      holder.controller = nil  // the last reference goes while the callback runs
    }
    try world.setAge(person, 1)
    #expect(holder.controller == nil)
    try world.setAge(person, 2)
    try world.runtime.msgSend(person, "setName:", "Z")
    #expect(seen.all == [1])
    #expect(person.isa === world.person)
  }

  @Test func unobserveAllInsideACallbackStopsLaterCallbacks() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "name") { _, _, _ in seen.append("name") }
    try controller.observe(person, keyPath: "age") { [weak controller] _, _, _ in
      seen.append("age")
      controller?.unobserveAll()
    }
    try world.setAge(person, 1)
    try world.setAge(person, 2)
    try world.runtime.msgSend(person, "setName:", "Q")
    #expect(seen.all == ["age"])
    #expect(person.isa === world.person)
    #expect(controller.observedObjectCount == 0)
  }

  @Test func chainKeyPathWithInitialReportsAnExplicitNilThenTheEndValue() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.runtime.msgSend(friend, "setName:", "Bo")
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "friend.name", options: [.initial, .new]) { _, _, change in
      seen.append(change.new.map(\.description) ?? "absent")
    }
    try world.runtime.msgSend(person, "setFriend:", .object(friend))
    try world.runtime.msgSend(friend, "setName:", "Cy")
    #expect(seen.all == [Value.nil.description, #""Bo""#, #""Cy""#])
    controller.unobserveAll()
    #expect(friend.isa === world.person && person.isa === world.person)
  }

  @Test func retainedObservedObjectIsReleasedWhenTheControllerGoes() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    var person: Object? = try world.newPerson()
    let reference = WeakReference(person)
    var controller: KVOController? = KVOController(observer: watcher)
    try controller?.observe(person, keyPath: "age") { _, _, _ in }
    person = nil
    #expect(reference.object != nil)
    controller = nil
    #expect(reference.object == nil)
  }
}

/// A box whose controller a callback can drop.
private final class Holder: @unchecked Sendable {
  var controller: KVOController?
}
