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
}
