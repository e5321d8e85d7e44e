// FBKVOControllerBehaviourRound3Tests.swift: a third round of behaviour cases modelled on
// FBKVOController's tests and users' reports, on what the first two rounds left out. Each test
// pins FBKVOController's semantics; a failure here is a gap between MiniKVO and FB.

import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound3Tests {
  @Test func observingAgainWithInitialIsIgnoredAndSendsNoSecondInitialCallback() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.initial, .new]) { _, _, change in
      seen.append("first \(change.new?.intValue ?? -1)")
    }
    try controller.observe(person, keyPath: "age", options: [.initial, .new]) { _, _, change in
      seen.append("second \(change.new?.intValue ?? -1)")
    }
    try world.setAge(person, 5)
    #expect(seen.all == ["first 0", "first 5"])
  }

  @Test func initialForSeveralKeyPathsCallsOncePerKeyPathInOrder() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    try watcher.kvoController.observe(person, keyPaths: ["name", "age"], options: [.initial]) { _, _, change in
      seen.append("\(change[.notificationKeyPath] ?? nil)")
    }
    #expect(seen.all == [#""name""#, #""age""#])
  }

  @Test func contextStyleGetsFoundationsChangeWithoutTheKeyPathEntry() throws {
    let world = try World()
    let entries = Log<Bool>()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "ContextWatcher")
    try world.runtime.registerClassPair(cls)
    try cls.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") { _, _, arguments in
      entries.append(arguments[2].change?[.notificationKeyPath] == nil)
      return .nil
    }
    let watcher = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new], context: 1)
    try world.setAge(person, 1)
    #expect(entries.all == [true])
  }

  @Test func actionTakingNoArgumentsIsSentPlain() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let seen = Log<String>()
    try world.watcher.addMethod("poke", types: "v16@0:8") { _, _, _ in
      seen.append("poke")
      return .nil
    }
    let person = try world.newPerson()
    try watcher.kvoController.observe(person, keyPath: "age", options: [.new], action: "poke")
    try world.setAge(person, 2)
    #expect(seen.all == ["poke"])
  }

  @Test func unobservingAKeyPathNotObservedLeavesTheOthers() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<Int>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new]) { _, _, change in
      seen.append(change.new?.intValue ?? -1)
    }
    controller.unobserve(person, keyPath: "name")
    controller.unobserve(person, keyPath: "age.nothing")
    try world.setAge(person, 3)
    #expect(seen.all == [3])
    #expect(controller.observedKeyPaths(of: person) == ["age"])
  }

  @Test func observerFreedFromItsOwnCallbackGetsNoLaterCallback() throws {
    let world = try World()
    let person = try world.newPerson()
    let seen = Log<Int>()
    let holder = Locked<Object?>(nil)
    do {
      let (watcher, _) = try world.newWatcher()
      holder.withLock { $0 = watcher }
      try watcher.kvoController.observe(person, keyPath: "age", options: [.new]) { _, _, change in
        seen.append(change.new?.intValue ?? -1)
        holder.withLock { $0 = nil }
      }
    }
    try world.setAge(person, 1)
    try world.setAge(person, 2)
    #expect(seen.all == [1])
    #expect(person.isa === world.person)
  }
}
