// FidelityRound19ObservingTests.swift: probe round 19 of the observing side: a key holding a NUL
// observed through the notifying setter, the two levels of the automatic-notification switch,
// and a prior callback removing one of two registrations of its observer. Each with
// Foundation's answer (NSKeyValueObserving.m's notifying info, NSObject's
// +automaticallyNotifiesObserversForKey:, the did's check of each observance).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound19ObservingTests {
  /// Observing `age\0x` hooks the setter of the part before the NUL (`setAge:`, as Foundation
  /// builds the setter's name from the key's C string), and that setter announces the key it
  /// was hooked for: the observer of `age\0x` is told, with the value read through `age`.
  @Test func aKeyWithANulIsNotifiedByTheSetterOfItsPartBeforeTheNul() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age\u{0}x", options: [.old, .new])
    try world.set(person, "age", 5)
    #expect(log.all.map(\.keyPath) == ["age\u{0}x"])
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: 5, old: 0)])
    try person.removeObserver(observer, forKeyPath: "age\u{0}x")
    #expect(person.isa === world.person)
  }

  /// A key with a NUL and its plain part are two keys: a manual will/did of one tells only its
  /// own observers.
  @Test func aKeyWithANulAndItsPlainPartAreDifferentKeysForAManualChange() throws {
    let world = try World()
    let person = try world.newPerson()
    let (withNul, withNulLog) = try world.newObserver()
    let (plain, plainLog) = try world.newObserver()
    try person.addObserver(withNul, forKeyPath: "age\u{0}x")
    try person.addObserver(plain, forKeyPath: "age")
    try person.willChangeValue(forKey: "age\u{0}x")
    try person.didChangeValue(forKey: "age\u{0}x")
    #expect(withNulLog.count == 1)
    #expect(plainLog.count == 0)
    try person.willChangeValue(forKey: "age")
    try person.didChangeValue(forKey: "age")
    #expect(withNulLog.count == 1)
    #expect(plainLog.count == 1)
  }

  /// `+automaticallyNotifiesObserversOfAge` answering NO, and an override of
  /// `+automaticallyNotifiesObserversForKey:` answering NO for `name` and asking super for the
  /// rest: super (NSObject's) reads the `Of<Key>` method, so `age` and `name` are silent, and
  /// `firstName` notifies.
  @Test func anOverrideAskingSuperStillReadsTheOfKeyMethodOfAnotherKey() throws {
    let world = try World()
    let rootMeta = world.runtime.rootClass.isa
    try world.person.isa.addMethod("automaticallyNotifiesObserversOfAge", types: "B16@0:8") { _, _, _ in false }
    try world.person.isa.addMethod("automaticallyNotifiesObserversForKey:", types: "B24@0:8@16") { receiver, _, arguments in
      if arguments[0].stringValue == "name" { return false }
      return try receiver.runtime!.msgSendSuper(receiver, superclass: rootMeta, "automaticallyNotifiesObserversForKey:", arguments[0])
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    for key in ["age", "name", "firstName"] { try person.addObserver(observer, forKeyPath: key) }
    try world.set(person, "age", 1)
    try world.set(person, "name", "Ann")
    try world.set(person, "firstName", "Ann")
    #expect(log.all.map(\.keyPath) == ["firstName"])
  }

  /// An override of `+automaticallyNotifiesObserversForKey:` that answers YES without asking
  /// super: NSObject's implementation, which alone reads `+automaticallyNotifiesObserversOfAge`,
  /// never runs, so `age` notifies although its `Of<Key>` method says NO.
  @Test func anOverrideNotAskingSuperOutranksTheOfKeyMethod() throws {
    let world = try World()
    try world.person.isa.addMethod("automaticallyNotifiesObserversOfAge", types: "B16@0:8") { _, _, _ in false }
    try world.person.isa.addMethod("automaticallyNotifiesObserversForKey:", types: "B24@0:8@16") { _, _, _ in true }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    try world.set(person, "age", 1)
    #expect(log.all.map(\.keyPath) == ["age"])
  }

  /// An observer registered twice for a key (contexts 1 and 2, `Prior`) that removes its later
  /// registration from that registration's prior callback: both prior notifications went out
  /// (in registration order), and the post one only to the registration left.
  @Test func removingOneOfTwoRegistrationsInItsPriorCallbackLeavesThePostToTheOther() throws {
    let world = try World()
    let person = try world.newPerson()
    let target = Locked<Object?>(nil)
    let (observer, log) = try world.newObserver { received in
      guard received.change.isPrior, received.context == 2, let observer = target.withLock({ $0 }) else { return }
      try? received.object.removeObserver(observer, forKeyPath: "age", context: 2)
    }
    target.withLock { $0 = observer }
    try person.addObserver(observer, forKeyPath: "age", options: [.prior], context: 1)
    try person.addObserver(observer, forKeyPath: "age", options: [.prior], context: 2)
    try world.set(person, "age", 1)
    #expect(log.all.map(\.context) == [1, 2, 1])
    #expect(log.all.map(\.change.isPrior) == [true, true, false])
    #expect(person.observances.map(\.context) == [1])
    target.withLock { $0 = nil }
  }
}
