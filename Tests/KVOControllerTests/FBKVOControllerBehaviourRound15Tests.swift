// FBKVOControllerBehaviourRound15Tests.swift: FBKVOController cases of fidelity round 15, each
// with FBKVOController's answer (FBKVOControllerTests and its users' reports).

import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound15Tests {
  /// FB asserts only `[observer respondsToSelector:action]`: an action named as no compiler would
  /// name it (`age changed:`) is taken if the observer has it (decision 0027), and sent.
  @Test func anActionWithAMalformedNameTheObserverHasIsTakenAndSent() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let seen = Log<String>()
    try world.watcher.addMethod(Selector(interning: "age changed:"), types: "v24@0:8@16") { _, _, arguments in
      seen.append("\(arguments[0].change?.new ?? nil)")
      return .nil
    }
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new], action: Selector(interning: "age changed:"))
    try world.setAge(person, 3)
    #expect(seen.all == ["\(Value.int64(3))"])
    #expect(throws: KeyValueError.self) {
      try controller.observe(person, keyPath: "name", action: Selector(interning: "name changed:"))
    }
  }

  /// FB's infos are equal by key path alone (`-[_FBKVOInfo isEqual:]`), so a second observe of
  /// the same object and key path is dropped whatever it carries: here an action after a block.
  @Test func anActionAfterABlockForTheSameKeyPathIsDroppedAndTheBlockKept() throws {
    let world = try World()
    let (watcher, watcherLog) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new]) { _, _, _ in seen.append("block") }
    try controller.observe(person, keyPath: "age", options: [.new, .old], action: "ageChanged:object:")
    try world.setAge(person, 1)
    #expect(seen.all == ["block"])
    #expect(watcherLog.count == 0)
  }

  /// A key path with a space reaches KVO as any other (decision 0027): a class with
  /// `setFull name:` is observed through the controller.
  @Test func aKeyPathWithASpaceIsObservedThroughTheController() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Card")
    try cls.addIvar("_full name", type: .object(className: "NSString"))
    try world.runtime.registerClassPair(cls)
    try cls.addMethod(Selector(interning: "setFull name:"), types: "v24@0:8@16") { receiver, _, arguments in
      try receiver.setValue(arguments[0], forIvar: "_full name")
      return .nil
    }
    let card = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(card, keyPath: "full name", options: [.new]) { _, _, change in
      seen.append(change.new?.stringValue ?? "-")
    }
    try world.runtime.msgSend(card, Selector(interning: "setFull name:"), "Ann Lee")
    #expect(seen.all == ["Ann Lee"])
  }
}
