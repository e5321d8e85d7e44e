// FBKVOControllerBehaviourRound11Tests.swift: an eleventh round of behaviour cases modelled on
// FBKVOController's test suite and issues. Each test pins FBKVOController's answer (or
// Foundation's, where FB hands the call to KVO).

import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound11Tests {
  /// Each controller's info is its own KVO registration: one controller unobserving everything
  /// from its callback leaves the other, registered after it, told of the same change.
  @Test func unobserveAllInOneControllersCallbackLeavesTheOtherToldOfTheSameChange() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (first, _) = try world.newWatcher()
    let (second, _) = try world.newWatcher()
    let order = Log<String>()
    try first.kvoController.observe(ann, keyPath: "age", options: [.new]) { observer, _, change in
      order.append("first \(change.new ?? nil)")
      observer.kvoController.unobserveAll()
    }
    try second.kvoController.observe(ann, keyPath: "age", options: [.new]) { _, _, change in
      order.append("second \(change.new ?? nil)")
    }
    try world.setAge(ann, 1)
    try world.setAge(ann, 2)
    #expect(order.all == ["first 1", "second 1", "second 2"])
  }

  /// A nil value in a block's change is Foundation's NSNull in the dictionary (`change[.new]`),
  /// read as nil through `change.new`; the Initial callback of a nil property carries it too.
  @Test func aNilValueIsNSNullInTheBlocksChangeDictionary() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (watcher, _) = try world.newWatcher()
    let entries = Log<[Value?]>()
    try watcher.kvoController.observe(ann, keyPath: "name", options: [.initial, .new, .old]) { _, _, change in
      entries.append([change[.new], change[.old], change[.notificationKeyPath]])
    }
    try world.runtime.msgSend(ann, "setName:", "Ann")
    try world.runtime.msgSend(ann, "setName:", .nil)
    #expect(entries.all == [[.null, nil, "name"], ["Ann", .null, "name"], [.null, "Ann", "name"]])
  }

  /// FB's `observe:` checks the object, the key path and the block, never the observer, which
  /// the controller holds weakly: a controller whose observer is gone registers the observation
  /// (the object is swizzled and, by a retaining controller, retained), and every notification,
  /// the Initial one included, finds no observer and calls nothing. An action is refused, as FB
  /// asserts that the (nil) observer responds to it.
  @Test func aControllerWhoseObserverIsGoneRegistersAndNeverCallsBack() throws {
    let world = try World()
    var ann: Object? = try world.newPerson()
    let reference = WeakReference(ann)
    var watcher: Object? = try world.newWatcher().0
    let controller = KVOController(observer: watcher)
    watcher = nil
    let calls = Log<String>()
    try controller.observe(ann, keyPaths: ["age", "name"], options: [.initial, .new]) { _, _, change in
      calls.append("\(change[.notificationKeyPath] ?? .nil)")
    }
    try controller.observe(ann, keyPath: "friend", context: 7)
    #expect(throws: KeyValueError.self) { try controller.observe(ann, keyPath: "age", action: "ageChanged:object:") }
    #expect(ann?.isa.name == "NSKVONotifying_Person")
    #expect(controller.observedKeyPaths(of: try #require(ann)) == ["age", "name", "friend"])
    try world.setAge(try #require(ann), 3)
    ann = nil
    #expect(reference.object != nil, "the retaining controller keeps it")
    #expect(calls.count == 0)
    controller.unobserveAll()
    #expect(reference.object == nil)
  }
}
