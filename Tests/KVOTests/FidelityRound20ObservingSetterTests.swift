// FidelityRound20ObservingSetterTests.swift: one setter hooked for two keys, `age` and `age\0x`
// (the key with a NUL hooks the setter of its part before the NUL, round 19).
//
// Foundation's notifying setter finds the key to announce in its class's notifying info, a map
// from selector to key. Enabling a key for a class (`_NSKVONotifyingEnableForInfoAndKey`, once
// per class and key, when the key is first observed on any instance) hooks its setter through
// `_NSKVONotifyingSetMethodImplementation`, which sets the selector's entry (a set, not an add:
// a later key replaces the earlier one) and adds the method (which is already there). So
// `-setAge:` announces exactly one key, the one enabled last on the class, for every instance,
// and keeps announcing it after its observers are gone (the enabled keys are never forgotten).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound20ObservingSetterTests {
  /// `age` observed first, then `age\0x`: `-setAge:` announces `age\0x` alone, once.
  @Test func aSetterHookedForTwoKeysAnnouncesTheKeyEnabledLast() throws {
    let world = try World()
    let person = try world.newPerson()
    let (plain, plainLog) = try world.newObserver()
    let (withNul, withNulLog) = try world.newObserver()
    try person.addObserver(plain, forKeyPath: "age", options: [.new])
    try person.addObserver(withNul, forKeyPath: "age\u{0}x", options: [.prior, .new])
    try world.set(person, "age", 5)
    #expect(plainLog.count == 0)
    #expect(withNulLog.all.map(\.keyPath) == ["age\u{0}x", "age\u{0}x"])
    #expect(withNulLog.all.map(\.change.isPrior) == [true, false])
    #expect(withNulLog.all.last?.change.new == 5)
    try person.removeObserver(plain, forKeyPath: "age")
    try person.removeObserver(withNul, forKeyPath: "age\u{0}x")
    try world.runtime.checkInvariants()
  }

  /// The other order: `age\0x` first, then `age`: `-setAge:` announces `age` alone.
  @Test func aSetterHookedForTwoKeysInTheOtherOrderAnnouncesThePlainKey() throws {
    let world = try World()
    let person = try world.newPerson()
    let (plain, plainLog) = try world.newObserver()
    let (withNul, withNulLog) = try world.newObserver()
    try person.addObserver(withNul, forKeyPath: "age\u{0}x", options: [.new])
    try person.addObserver(plain, forKeyPath: "age", options: [.new])
    try world.set(person, "age", 6)
    #expect(withNulLog.count == 0)
    #expect(plainLog.all.map(\.keyPath) == ["age"])
    #expect(plainLog.all.map(\.change.new) == [6])
    try world.runtime.checkInvariants()
  }

  /// The map is the class's: observing `age\0x` on one Person makes `-setAge:` of every Person
  /// announce `age\0x`, so another Person's observer of `age` is no longer told by the setter
  /// (a manual will/did of `age` still tells it).
  @Test func theKeyASetterAnnouncesIsTheClassesNotTheObjects() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bo = try world.newPerson()
    let (plain, plainLog) = try world.newObserver()
    let (withNul, withNulLog) = try world.newObserver()
    try ann.addObserver(plain, forKeyPath: "age", options: [.new])
    try world.set(ann, "age", 1)
    #expect(plainLog.count == 1)
    try bo.addObserver(withNul, forKeyPath: "age\u{0}x", options: [.new])
    try world.set(ann, "age", 2)
    #expect(plainLog.count == 1)
    #expect(withNulLog.count == 0)  // bo's observer: ann's change is not bo's
    try ann.willChangeValue(forKey: "age")
    try ann.didChangeValue(forKey: "age")
    #expect(plainLog.count == 2)
    try world.runtime.checkInvariants()
  }

  /// The enabled keys are never forgotten: after the observer of `age\0x` is removed (and the
  /// object has its class back), `-setAge:` still announces `age\0x`, so a new observer of `age`
  /// is not told by it.
  @Test func theKeyEnabledLastStaysAfterItsObserversLeave() throws {
    let world = try World()
    let person = try world.newPerson()
    let (plain, plainLog) = try world.newObserver()
    let (withNul, _) = try world.newObserver()
    try person.addObserver(plain, forKeyPath: "age")
    try person.addObserver(withNul, forKeyPath: "age\u{0}x")
    try person.removeObserver(withNul, forKeyPath: "age\u{0}x")
    try person.removeObserver(plain, forKeyPath: "age")
    #expect(person.isa === world.person)
    try person.addObserver(plain, forKeyPath: "age")
    try world.set(person, "age", 3)
    #expect(plainLog.count == 0)
    try world.runtime.checkInvariants()
  }

  /// The same without a NUL: `active` hooks `-setIsActive:` (KVC's third setter name), as does
  /// `isActive`; observed in that order, `-setIsActive:` announces `isActive` alone.
  @Test func twoKeysWhoseSetterSearchFindsOneSetterShareIt() throws {
    let world = try World()
    let person = try world.newPerson()
    let (short, shortLog) = try world.newObserver()
    let (long, longLog) = try world.newObserver()
    try person.addObserver(short, forKeyPath: "active")
    try world.set(person, "isActive", true)
    #expect(shortLog.all.map(\.keyPath) == ["active"])
    try person.addObserver(long, forKeyPath: "isActive")
    try world.set(person, "isActive", false)
    #expect(shortLog.count == 1)
    #expect(longLog.all.map(\.keyPath) == ["isActive"])
    try world.runtime.checkInvariants()
  }

  /// A key and the key it depends on, enabled by one observation, hooking one setter: the
  /// dependency is enabled first, the observed key last, so the setter announces the observed
  /// key, not the dependency: an observer of `age` added later is not told by it. Here `age\0x`
  /// depends on `age`.
  @Test func anObservedKeyIsEnabledAfterTheKeysItDependsOn() throws {
    let world = try World()
    try world.person.isa.addMethod("keyPathsForValuesAffectingValueForKey:", types: "@24@0:8@16") { receiver, selector, arguments in
      if arguments[0].stringValue == "age\u{0}x" { return ["age"] }
      return try Runtime.msgSendSuper(receiver, superclass: world.runtime.rootClass.isa, selector, arguments: arguments)
    }
    let person = try world.newPerson()
    let (withNul, withNulLog) = try world.newObserver()
    let (plain, plainLog) = try world.newObserver()
    try person.addObserver(withNul, forKeyPath: "age\u{0}x")
    try person.addObserver(plain, forKeyPath: "age")
    try world.set(person, "age", 4)
    #expect(withNulLog.all.map(\.keyPath) == ["age\u{0}x"])
    #expect(plainLog.count == 0)
    try world.runtime.checkInvariants()
  }
}
