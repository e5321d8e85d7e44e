// BlockChangeKeyPathTests.swift: a block's change carries FBKVONotificationKeyPathKey however it
// was built (by KVO, from the extra entry the shared controller registers with; or by the shared
// controller itself, when the observed class overrides addObserver: and KVO never saw the entry).

import Testing

@testable import KVOController

@Suite struct BlockChangeKeyPathTests {
  @Test func aBlockGetsTheKeyPathInEveryChangeAndTheActionDoesNot() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.initial, .prior, .new]) { _, _, change in
      seen.append("\(change.isPrior) \(change[.notificationKeyPath] ?? nil)")
    }
    let other = try world.newPerson()
    try controller.observe(other, keyPath: "age", options: [.new], action: "ageChanged:object:")
    try world.setAge(person, 5)
    try world.setAge(other, 8)
    #expect(seen.all == [#"false "age""#, #"true "age""#, #"false "age""#])
    #expect(log.all == ["action nil 8"], "only blocks get the key path")
    withExtendedLifetime(controller) {}
  }

  @Test func aBlockGetsTheKeyPathWhenTheObservedClassOverridesAddObserver() throws {
    let world = try World()
    let runtime = world.runtime
    runtime.installKeyValueObserving()  // the override's super call needs NSObject's category
    let pal = try runtime.allocateClassPair(superclass: world.person, name: "Pal")
    try runtime.registerClassPair(pal)
    let received = Log<String>()
    try pal.addMethod("addObserver:forKeyPath:options:context:", types: "v48@0:8@16@24Q32^v40") {
      receiver, selector, arguments in
      received.append(arguments[1].stringValue ?? "?")
      return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass, selector, arguments: arguments)
    }
    let friend = try #require(try runtime.msgSend(pal, "new").objectValue)
    let (watcher, _) = try world.newWatcher()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(friend, keyPath: "age", options: [.new]) { _, _, change in
      seen.append("\(change.new ?? nil) \(change[.notificationKeyPath] ?? nil)")
    }
    try world.setAge(friend, 6)
    #expect(received.all == ["age"], "the override was sent the message")
    #expect(seen.all == [#"6 "age""#])
    withExtendedLifetime(controller) {}
  }
}
