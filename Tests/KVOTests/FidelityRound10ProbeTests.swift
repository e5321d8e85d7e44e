// FidelityRound10ProbeTests.swift: round 10 of the fidelity work, probes not run before, each
// with Apple's answer (Foundation's KVO as documented and as DIS_KVC_KVO reconstructs it).

import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound10ProbeTests {
  /// `willChange:valuesAtIndexes:forKey:` with NSKeyValueChangeSetting: the change is of kind
  /// Setting, carries the indexes, and its old and new values are arrays of the elements at
  /// those indexes before and after (Foundation reads `objectsAtIndexes:` for every kind but
  /// insertion's old and removal's new).
  @Test func anIndexedSettingCarriesItsIndexesAndTheValuesAtThem() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b", "c"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new])
    try person.willChange(.setting, valuesAt: [1, 2], forKey: "items")
    try person.setValue(["a", "x", "y"], forIvar: "_items")
    try person.didChange(.setting, valuesAt: [1, 2], forKey: "items")
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: ["x", "y"], old: ["b", "c"], indexes: [1, 2])])
    try person.removeObserver(observer, forKeyPath: "items")
    try world.runtime.checkInvariants()
  }

  /// The same with the prior option: the prior notification carries the kind, the indexes and
  /// the old values at them.
  @Test func anIndexedSettingsPriorNotificationCarriesTheOldValuesAtItsIndexes() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new, .prior])
    try person.willChange(.setting, valuesAt: [0], forKey: "items")
    try person.setValue(["z", "b"], forIvar: "_items")
    try person.didChange(.setting, valuesAt: [0], forKey: "items")
    #expect(log.all.map(\.change) == [
      Change(kind: .setting, old: ["a"], indexes: [0], isPrior: true),
      Change(kind: .setting, new: ["z"], old: ["a"], indexes: [0]),
    ])
  }

  /// A setter a category adds after its key was first observed on the class is not overridden
  /// by the notifying class: Foundation looks the setter up once per class and key, when the key
  /// is first observed (`_NSKVONotifyingEnableForInfoAndKey` skips a key it has seen), so
  /// sending it notifies nobody, even after another registration of the key.
  @Test func aSetterACategoryAddsAfterItsKeyWasObservedDoesNotNotify() throws {
    let world = try World()
    let cls = try makeClass("Gauge", in: world) { cls in try cls.addIvar("level", type: .longLong) }
    let first = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try first.addObserver(observer, forKeyPath: "level", options: [.new])
    try first.setValue(1, forKey: "level")  // KVC on the ivar notifies
    #expect(log.count == 1)
    var category = try Category(named: "Setter", on: "Gauge")
    try category.addInstanceMethod("setLevel:", types: "v24@0:8q16") { receiver, _, arguments in
      try receiver.setValue(arguments[0], forIvar: "level")
      return .nil
    }
    var image = Image(named: "Setter")
    image.addCategory(category)
    try world.runtime.loadImage(image)
    try world.runtime.msgSend(first, "setLevel:", 2)
    let second = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    try second.addObserver(observer, forKeyPath: "level", options: [.new])
    try world.runtime.msgSend(second, "setLevel:", 3)
    #expect(log.count == 1)
    #expect(try first.value(forKey: "level") == 2 && second.value(forKey: "level") == 3)
    try first.removeObserver(observer, forKeyPath: "level")
    try second.removeObserver(observer, forKeyPath: "level")
    try world.runtime.checkInvariants()
  }
}
