// FidelityRound15ProbeTests.swift: probe round 15, cases after GNUstep-base's Tests/base/KVO and
// NSKVOSupport, DIS_KVC_KVO and well-known KVO reports, each with Foundation's answer. Keys whose
// names no compiler makes reach observing too (decision 0027): the dependent-key and automatic-
// notification class methods and the notifying setter are looked up by their built names.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound15ProbeTests {
  @Test func theEmptyKeysSetterSetColonIsOverriddenAndNotifies() throws {
    let world = try World()
    let thing = try instance(of: "Thing", in: world) { cls in
      try cls.addIvar("_", type: .object(className: "NSString"))
      try cls.addMethod(Selector(interning: "set:"), types: "v24@0:8@16") { receiver, _, arguments in
        try receiver.setValue(arguments[0], forIvar: "_")
        return .nil
      }
    }
    let (observer, log) = try world.newObserver()
    try thing.addObserver(observer, forKeyPath: "", options: [.old, .new])
    try send(thing, Selector(interning: "set:"), "e")
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: "e", old: .nil)])
    withExtendedLifetime(observer) {}
  }

  @Test func aKeyWithASpaceTakesItsDependenciesAndAutomaticSwitchByTheirBuiltNames() throws {
    let world = try World()
    try world.person.isa.addMethod(Selector(interning: "keyPathsForValuesAffectingAge in words"), types: "@16@0:8") { _, _, _ in
      ["age"]
    }
    try world.person.addMethod(Selector(interning: "age in words"), types: "@16@0:8") { receiver, _, _ in
      .string("\(try receiver.value(forKey: "age").intValue ?? -1) years")
    }
    let named = try instance(of: "Named", in: world) { cls in
      try cls.addIvar("_first name", type: .object(className: "NSString"))
      try cls.addIvar("_last name", type: .object(className: "NSString"))
    }
    try named.isa.isa.addMethod(Selector(interning: "automaticallyNotifiesObserversOfFirst name"), types: "B16@0:8") { _, _, _ in
      false
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age in words", options: [.old, .new])
    try named.addObserver(observer, forKeyPath: "first name", options: [.new])
    try named.addObserver(observer, forKeyPath: "last name", options: [.new])
    try world.set(person, "age", 3)
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: "3 years", old: "0 years")])
    try named.setValue("Ann", forKey: "first name")  // automatic notification is off for it
    #expect(log.count == 1)
    try named.setValue("Lee", forKey: "last name")  // and on for this one
    #expect(log.all.map(\.change.new).last == "Lee")
    withExtendedLifetime(observer) {}
  }

  /// A well-known report: observer A removes observer B of the same key from A's callback. B's
  /// observance is gone before its turn, so B is not told of that change (decision 0010).
  @Test func anObserverRemovedByAnEarlierOneMidDeliveryIsNotToldOfThatChange() throws {
    let world = try World()
    let person = try world.newPerson()
    let (second, secondLog) = try world.newObserver()
    let (first, firstLog) = try world.newObserver { received in
      try? received.object.removeObserver(second, forKeyPath: "age")
    }
    try person.addObserver(first, forKeyPath: "age", options: [.new])
    try person.addObserver(second, forKeyPath: "age", options: [.new])
    try world.set(person, "age", 1)
    #expect(firstLog.count == 1)
    #expect(secondLog.count == 0)
    try person.removeObserver(first, forKeyPath: "age")
    #expect(person.isa === world.person)
  }

  /// `@property (setter=updateAge:) long long age`: Foundation hooks only the setter its search
  /// finds (`setAge:`, `_setAge:`, `setIsAge:`), never a property's custom setter, so sending
  /// `updateAge:` tells nobody, while `setValue:forKey:` sets the ivar and notifies.
  @Test func aPropertysCustomSetterIsNotHookedButKVCsIvarSetNotifies() throws {
    let world = try World()
    let runner = try instance(of: "Runner", in: world) { cls in
      try cls.addIvar("_age", type: .longLong)
      try cls.addMethod("age", types: "q16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_age") }
      try cls.addMethod("updateAge:", types: "v24@0:8q16") { receiver, _, arguments in
        try receiver.setValue(arguments[0], forIvar: "_age")
        return .nil
      }
    }
    let (observer, log) = try world.newObserver()
    try runner.addObserver(observer, forKeyPath: "age", options: [.new])
    try send(runner, "updateAge:", .int64(4))
    #expect(log.count == 0)
    #expect(try runner.value(forKey: "age") == .int64(4))
    try runner.setValue(5, forKey: "age")
    #expect(log.all.map(\.change.new) == [.int64(5)])
    withExtendedLifetime(observer) {}
  }
}

@Suite struct FidelityRound15DictionaryKeyTests {
  /// A dictionary's keys are any strings: `setValue:forKey:` of an observed mutable dictionary
  /// notifies the observers of `first name` and of the empty key as of `city`.
  @Test func aMutableDictionaryNotifiesObserversOfAnyKeyItIsSetThroughKVC() throws {
    let world = try World()
    let card = try world.runtime.mutableDictionary(["first name": "Ann"])
    let (observer, log) = try world.newObserver()
    try card.addObserver(observer, forKeyPath: "first name", options: [.old, .new])
    try card.addObserver(observer, forKeyPath: "", options: [.new])
    try card.setValue("Bea", forKey: "first name")
    try card.setValue("empty", forKey: "")
    #expect(log.all.map(\.keyPath) == ["first name", ""])
    #expect(log.all.map(\.change) == [
      Change(kind: .setting, new: "Bea", old: "Ann"), Change(kind: .setting, new: "empty"),
    ])
    try card.removeObserver(observer, forKeyPath: "first name")
    try card.removeObserver(observer, forKeyPath: "")
  }
}

/// Foundation takes any string where a class names keys for KVO: the key paths a class's
/// `+keyPathsForValuesAffecting<Key>` answers, the keys of the deprecated
/// `+setKeys:triggerChangeNotificationsForDependentKey:`, and the key of a manual set mutation.
@Suite struct FidelityRound15DependencyKeyTests {
  /// A `Card` with the ivar `_first name` and a `greeting` getter reading it.
  private func card(_ world: World) throws -> Object {
    try instance(of: "Card", in: world) { cls in
      try cls.addIvar("_first name", type: .object(className: "NSString"))
      try cls.addIvar("_the members", type: .object(className: "NSSet"))
      try cls.addMethod("greeting", types: "@16@0:8") { receiver, _, _ in
        .string("Hi \(try receiver.value(ofIvar: "_first name").stringValue ?? "-")")
      }
    }
  }

  @Test func aDependencyOnAKeyWithASpaceIsObservedAndNotifies() throws {
    let world = try World()
    let card = try card(world)
    try card.isa.isa.addMethod("keyPathsForValuesAffectingGreeting", types: "@16@0:8") { _, _, _ in .set(["first name"]) }
    let (observer, log) = try world.newObserver()
    try card.addObserver(observer, forKeyPath: "greeting", options: [.new])
    try card.setValue("Ann", forKey: "first name")
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: "Hi Ann")])
    withExtendedLifetime(observer) {}
  }

  @Test func theDeprecatedDeclarationTakesAKeyWithASpace() throws {
    let world = try World()
    let card = try card(world)
    world.runtime.installKeyValueObserving()  // as linking Foundation does: the message below comes first
    try world.runtime.msgSend(card.isa, "setKeys:triggerChangeNotificationsForDependentKey:", ["first name"], "greeting")
    let (observer, log) = try world.newObserver()
    try card.addObserver(observer, forKeyPath: "greeting", options: [.new])
    try card.setValue("Bea", forKey: "first name")
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: "Hi Bea")])
    withExtendedLifetime(observer) {}
  }

  @Test func aManualSetMutationOfAKeyWithASpaceNotifies() throws {
    let world = try World()
    let card = try card(world)
    let (observer, log) = try world.newObserver()
    try card.addObserver(observer, forKeyPath: "the members", options: [.new])
    try card.willChangeValue(forKey: "the members", withSetMutation: .union, using: ["x"])
    try card.setValue(.set(["x"]), forIvar: "_the members")
    try card.didChangeValue(forKey: "the members", withSetMutation: .union, using: ["x"])
    #expect(log.all.map(\.change) == [Change(kind: .insertion, new: .set(["x"]))])
    withExtendedLifetime(observer) {}
  }
}
