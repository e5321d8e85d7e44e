// FBKVOControllerBehaviourRound12Tests.swift: a twelfth round of behaviour cases modelled on
// FBKVOController's test suite and issues. Each test pins FBKVOController's answer (or
// Foundation's, where FB hands the call to KVO).

import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound12Tests {
  /// FB's `observe:keyPaths:` loops over its key paths, observing each in turn: when KVO refuses
  /// the third (a key path through an array), its exception reaches the caller and the first two
  /// stay observed, in the controller's table and in KVO.
  @Test func observingKeyPathsKeepsThoseBeforeTheOneKVORefuses() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let controller = KVOController(observer: watcher)
    let ann = try world.newPerson()
    try world.runtime.msgSend(ann, "setFriend:", .array([]))
    let calls = Log<String>()
    let refused = #expect(throws: KeyValueError.self) {
      try controller.observe(ann, keyPaths: ["age", "name", "friend.age"], options: [.new]) { _, _, change in
        calls.append("\(change[.notificationKeyPath]?.stringValue ?? "?")")
      }
    }
    #expect(refused?.code == .unsupportedKeyPath)
    #expect(controller.observedKeyPaths(of: ann) == ["age", "name"])
    #expect(ann.isa.name == "NSKVONotifying_Person")
    try world.setAge(ann, 4)
    try world.runtime.msgSend(ann, "setName:", "Ann")
    #expect(calls.all == ["age", "name"])
    controller.unobserveAll()
    #expect(ann.isa === world.person)
  }

  /// An empty key path is FB's assertion in `observe:keyPath:`, reached in the loop's turn: the key
  /// paths before it are observed, the ones after it are not.
  @Test func anEmptyKeyPathAmongSeveralStopsTheLoopAtItsTurn() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let controller = KVOController(observer: watcher)
    let ann = try world.newPerson()
    let refused = #expect(throws: KeyValueError.self) {
      try controller.observe(ann, keyPaths: ["age", "", "name"]) { _, _, _ in }
    }
    #expect(refused?.code == .invalidKeyPath)
    #expect(controller.observedKeyPaths(of: ann) == ["age"])
  }

  /// FB's `observe:keyPaths:` returns for a nil object before it looks at a key path, so an empty
  /// one among them is not asserted on; an empty array still is.
  @Test func aNilObjectIgnoresItsKeyPathsButNotAnEmptyArray() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let controller = KVOController(observer: watcher)
    try controller.observe(nil, keyPaths: ["age", ""]) { _, _, _ in }
    #expect(controller.observedObjectCount == 0)
    #expect(throws: KeyValueError.self) { try controller.observe(nil, keyPaths: []) { _, _, _ in } }
  }

  /// Unobserving a key path never observed leaves the observed one alone: still notified, the
  /// object still of its notifying class.
  @Test func unobservingAKeyPathNeverObservedLeavesTheOtherObserved() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let ann = try world.newPerson()
    let calls = Log<String>()
    try watcher.kvoController.observe(ann, keyPath: "age", options: [.new]) { _, _, change in
      calls.append("\(change[.new] ?? .nil)")
    }
    watcher.kvoController.unobserve(ann, keyPath: "name")
    #expect(watcher.kvoController.observedKeyPaths(of: ann) == ["age"])
    try world.setAge(ann, 5)
    #expect(calls.all == ["5"])
    #expect(ann.isa.name == "NSKVONotifying_Person")
  }

  /// `.initial` from two controllers on one key path: each controller's block hears its own
  /// Initial notification at its own observe, and nothing of the other's; FB's key-path entry
  /// names the key path in both.
  @Test func initialFromTwoControllersReachesEachOnlyOnce() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.setAge(ann, 7)
    let (first, _) = try world.newWatcher()
    let (second, _) = try world.newWatcher()
    let calls = Log<String>()
    try first.kvoController.observe(ann, keyPath: "age", options: [.initial, .new]) { _, _, change in
      calls.append("first \(change[.notificationKeyPath]?.stringValue ?? "?") \(change[.new] ?? .nil)")
    }
    try second.kvoController.observe(ann, keyPath: "age", options: [.initial, .new]) { _, _, change in
      calls.append("second \(change[.notificationKeyPath]?.stringValue ?? "?") \(change[.new] ?? .nil)")
    }
    #expect(calls.all == ["first age 7", "second age 7"])
    try world.setAge(ann, 8)
    #expect(calls.all == ["first age 7", "second age 7", "first age 8", "second age 8"])
  }
}
