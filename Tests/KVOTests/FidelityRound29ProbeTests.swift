// FidelityRound29ProbeTests.swift: round 29's probes of GNUstep-base's KVO tests (general.m,
// kvoToMany.m, newoldvalues.m), DIS_KVC_KVO's KVC tests and Apple's KVO documentation, written
// as a user would write them, through messages. Every one already matched Apple; only those no
// earlier test covers in this shape are kept.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound29ProbeTests {
  /// A subclass of Person whose `setAge:` calls super's: one notification per set, not two
  /// (general.m's DerivedClassObservation).
  @Test func aSubclassSetterCallingSuperNotifiesOnce() throws {
    let world = try World()
    let sub = try world.runtime.allocateClassPair(superclass: world.person, name: "Student")
    try world.runtime.registerClassPair(sub)
    try sub.addMethod("setAge:", types: "v24@0:8q16") { receiver, selector, arguments in
      try Runtime.msgSendSuper(receiver, superclass: world.person, selector, arguments: Arguments([.int((arguments[0].intValue ?? 0) + 1)]))
    }
    let student = try world.newInstance(of: sub)
    let (observer, log) = try world.newObserver()
    try student.addObserver(observer, forKeyPath: "age", options: [.new, .old])
    try send(student, "setAge:", .int64(4))
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: 5, old: 0)])
    try student.setValue(7, forKey: "age")
    #expect(log.all.map(\.change).last == Change(kind: .setting, new: 8, old: 5))
    #expect(log.count == 2)
    try student.removeObserver(observer, forKeyPath: "age")
    #expect(student.isa === sub)
    try world.runtime.checkInvariants()
  }

  /// `removeObserver:forKeyPath:context:` with a context no registration has raises Foundation's
  /// NSRangeException and leaves the registrations alone; the right context removes only its own.
  @Test func removingWithAnUnusedContextRaisesAndKeepsEveryRegistration() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new], context: 1)
    try person.addObserver(observer, forKeyPath: "age", options: [.new], context: 2)
    let error = #expect(throws: KeyValueError.self) { try person.removeObserver(observer, forKeyPath: "age", context: 3) }
    #expect(error?.message.hasPrefix("Cannot remove an observer <Observer \(observer.address)> for the key path \"age\" from <Person ") == true, "\(error?.message ?? "")")
    #expect(error?.message.hasSuffix(" because it is not registered as an observer.") == true)
    try world.set(person, "age", 1)
    #expect(log.all.map(\.context) == [1, 2])  // in registration order
    try person.removeObserver(observer, forKeyPath: "age", context: 1)
    try world.set(person, "age", 2)
    #expect(log.all.map(\.context).suffix(1) == [2])
    try person.removeObserver(observer, forKeyPath: "age", context: 2)
    #expect(person.observationInfo == nil && person.isa === world.person)
    try world.runtime.checkInvariants()
  }

  /// Initial on a chain whose middle object is nil: one notification, kind setting, new NSNull.
  @Test func initialOnAChainWithANilMiddleGivesANullNew() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.initial, .new, .old])
    let change = try #require(log.all.first?.change)
    #expect(log.count == 1)
    #expect(change.kind == .setting && change[.new] == .null && change[.old] == nil)
    let friend = try world.newPerson()
    try world.set(friend, "age", 6)
    try world.set(person, "friend", .object(friend))
    #expect(log.all.last?.change == Change(kind: .setting, new: 6, old: .nil))
    try person.removeObserver(observer, forKeyPath: "friend.age")
    try world.runtime.checkInvariants()
  }

  /// Prior on a chain when the middle object is replaced: the prior carries the old friend's age,
  /// `setValue:forKeyPath:` through a chain notifies the observer of the whole path once; with a
  /// A key that depends on a key path (`keyPathsForValuesAffectingFriendAge` → `friend.age`)
  /// `+automaticallyNotifiesObserversOfAge` answering NO silences the setter and
  /// `observationInfo` is NULL before the first observer, set while one is registered, and NULL
  /// `@unionOfObjects` skips elements whose value is nil and keeps NSNull elements' NSNull;
  /// `@sum`, `@avg`, `@max` and `@min` through a nested key path of a set and of an ordered set.
  @Test func numericOperatorsOnSetsAndOrderedSetsReadNestedKeyPaths() throws {
    let world = try World()
    var owners: [Value] = []
    for age in [4, 8, 6] {
      let friend = try world.newPerson()
      try world.set(friend, "age", .int(age))
      let owner = try world.newPerson()
      try world.set(owner, "friend", .object(friend))
      owners.append(.object(owner))
    }
    world.runtime.installKeyValueObserving()
    let set = try world.runtime.mutableSet(Set(owners))
    let ordered = try world.runtime.mutableOrderedSet(owners)
    for collection in [set, ordered] {
      #expect(try send(collection, "valueForKeyPath:", "@sum.friend.age").intValue == 18)
      #expect(try send(collection, "valueForKeyPath:", "@avg.friend.age").intValue == 6)
      #expect(try send(collection, "valueForKeyPath:", "@max.friend.age") == 8)
      #expect(try send(collection, "valueForKeyPath:", "@min.friend.age") == 4)
      #expect(try send(collection, "valueForKeyPath:", "@count") == 3)
    }
  }

  /// `setValue:forKey:` with an NSString for a `long long` property converts it with
  /// An observer that removes itself in its callback, registered first, and a second observer:
  /// `mutableSetValueForKey:` over `add<Key>Object:`/`remove<Key>Object:`: each edit is one
  /// Initial and prior on a to-many key at the end of a chain: the initial is a setting of the
  /// whole array; an insertion into the friend's items is a prior with kind and indexes (no old,
  /// no new) then a post with the inserted object (kvoToMany.m).
  @Test func initialAndPriorOnAToManyKeyAtTheEndOfAChain() throws {
    let world = try World()
    try world.addItemsMutators()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(friend, "items", ["a"])
    try world.set(person, "friend", .object(friend))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.items", options: [.initial, .prior, .old, .new])
    let proxy = try #require(try send(friend, "mutableArrayValueForKey:", "items").objectValue)
    try send(proxy, "addObject:", "b")
    #expect(log.all.map(\.change) == [
      Change(kind: .setting, new: ["a"]),
      Change(kind: .insertion, indexes: [1], isPrior: true),
      Change(kind: .insertion, new: ["b"], indexes: [1]),
    ])
    try person.removeObserver(observer, forKeyPath: "friend.items")
    try world.runtime.checkInvariants()
  }

  /// A key that depends on a to-many key hears an edit through the array proxy as a setting,
  /// with no indexes: a dependent key's change is always a setting.
  @Test func aKeyDependingOnAToManyKeyHearsAProxyEditAsASetting() throws {
    let world = try World()
    try world.addItemsMutators()
    try world.person.addMethod("itemCount", types: "q16@0:8") { receiver, _, _ in
      .int64(Int64(try receiver.value(forKey: "items").arrayValue?.count ?? 0))
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingItemCount", types: "@16@0:8") { _, _, _ in .set(["items"]) }
    let person = try world.newPerson()
    try world.set(person, "items", ["a"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "itemCount", options: [.old, .new])
    let proxy = try send(person, "mutableArrayValueForKey:", "items")
    try send(proxy.objectValue, "addObject:", "b")
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: 2, old: 1)])
    try person.removeObserver(observer, forKeyPath: "itemCount")
    try world.runtime.checkInvariants()
  }
}
