// FidelityRound11ProbeTests.swift: round 11 of the fidelity work, probes not run before, each
// with Apple's answer (Foundation's KVC/KVO as documented and as DIS_KVC_KVO reconstructs it).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound11ProbeTests {
  /// A class that keeps undefined keys in a dictionary (`valueForUndefinedKey:` and
  /// `setValue:forUndefinedKey:` overridden), and a log of the values the setter receives.
  private func bag(in world: World) throws -> (Object, Log<Value>) {
    world.runtime.installKeyValueObserving()  // the messages below are Foundation's
    let stored = Log<Value>()
    let cls = try makeClass("Bag", in: world) { _ in }
    try cls.addMethod("valueForUndefinedKey:", types: "@24@0:8@16") { _, _, _ in stored.all.last ?? .nil }
    try cls.addMethod("setValue:forUndefinedKey:", types: "v32@0:8@16@24") { _, _, arguments in
      stored.append(arguments[0])
      return .nil
    }
    return (try #require(try world.runtime.msgSend(cls, "new").objectValue), stored)
  }

  /// Apple's accessor search for `mutableArrayValueForKey:` ends, for a key with no mutators,
  /// setter or ivar, in a proxy that sends `setValue:forUndefinedKey:` to the container for every
  /// edit: a class handling undefined keys gets the edited array.
  @Test func anArrayProxyOfAnUndefinedKeyEditsThroughTheUndefinedKeyMethods() throws {
    let world = try World()
    let (bag, stored) = try bag(in: world)
    stored.append(["a"])
    let proxy = try #require(try world.runtime.msgSend(bag, "mutableArrayValueForKey:", "things").objectValue)
    try Runtime.msgSend(proxy, "addObject:", "b")
    try Runtime.msgSend(proxy, "removeObjectAtIndex:", 0)
    #expect(stored.all == [["a"], ["a", "b"], ["b"]])
  }

  /// The same for `mutableSetValueForKey:`: every edit ends in `setValue:forUndefinedKey:`.
  @Test func aSetProxyOfAnUndefinedKeyEditsThroughTheUndefinedKeyMethods() throws {
    let world = try World()
    let (bag, stored) = try bag(in: world)
    stored.append(.set(["a"]))
    let proxy = try bag.mutableSetValue(forKey: "things")
    try Runtime.msgSend(proxy, "addObject:", "b")
    #expect(stored.all.count == 2)
    #expect(try stored.all.last.map { Set(try #require(try $0.collectionContents()).elements) } == ["a", "b"])
  }

  /// The same for `mutableOrderedSetValueForKey:`.
  @Test func anOrderedSetProxyOfAnUndefinedKeyEditsThroughTheUndefinedKeyMethods() throws {
    let world = try World()
    let (bag, stored) = try bag(in: world)
    stored.append(.object(try world.runtime.orderedSet(["a"])))
    let proxy = try bag.mutableOrderedSetValue(forKey: "things")
    try Runtime.msgSend(proxy, "addObject:", "b")
    #expect(stored.all.count == 2)
    #expect(try stored.all.last.map { try #require(try $0.collectionContents()).elements } == ["a", "b"])
  }

  /// `exchangeObjectAtIndex:withObjectAtIndex:` is NSMutableArray's, written with
  /// `replaceObjectAtIndex:withObject:` twice: through the mutators, two replacements.
  @Test func exchangingThroughTheArrayProxyIsTwoReplacements() throws {
    let world = try World()
    try world.addItemsMutators()
    let ann = try world.newPerson()
    try world.set(ann, "items", ["a", "b", "c"])
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "items", options: [.new, .old])
    let proxy = try #require(try world.runtime.msgSend(ann, "mutableArrayValueForKey:", "items").objectValue)
    try Runtime.msgSend(proxy, "exchangeObjectAtIndex:withObjectAtIndex:", 0, 2)
    #expect(try ann.value(forKey: "items") == ["c", "b", "a"])
    #expect(log.all.map(\.change) == [
      Change(kind: .replacement, new: ["c"], old: ["a"], indexes: [0]),
      Change(kind: .replacement, new: ["a"], old: ["c"], indexes: [2]),
    ])
  }

  /// `removeObject:` of an object the set does not hold, through the set accessors: the
  /// notifying `remove<Key>Object:` still reports a removal, of nothing (old: the objects that
  /// were in the set, none).
  @Test func removingANonMemberThroughTheSetProxyIsARemovalOfNothing() throws {
    let world = try World()
    let club = try world.club(.mutators)
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.old, .new])
    try Runtime.msgSend(try club.mutableSetValue(forKey: "members"), "removeObject:", "z")
    #expect(log.all.map(\.change) == [Change(kind: .removal, old: .set([]))])
  }

  /// A category that adds `+keyPathsForValuesAffecting<Key>` before the key is first observed
  /// declares the dependency, as a method of the class does.
  @Test func aDependencyACategoryDeclaresBeforeTheFirstObservationNotifies() throws {
    let world = try World()
    try world.person.addMethod("greeting", types: "@16@0:8") { receiver, _, _ in
      .string("hi \(try receiver.value(forKey: "name").stringValue ?? "")")
    }
    var category = try Category(named: "Greeting", on: "Person")
    try category.addClassMethod("keyPathsForValuesAffectingGreeting", types: "@16@0:8") { _, _, _ in ["name"] }
    var image = Image(named: "Greeting")
    image.addCategory(category)
    try world.runtime.loadImage(image)
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "greeting", options: [.old, .new])
    try world.set(ann, "name", "Ann")
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: "hi Ann", old: "hi ")])
  }

  /// A dependent key whose dependency is a set relationship edited through its accessors gets a
  /// setting, with the derived values before and after.
  @Test func aKeyDependingOnASetRelationshipGetsASettingWithItsOwnValues() throws {
    let world = try World()
    let club = try world.club(.mutators)
    try club.isa.addMethod("size", types: "q16@0:8") { receiver, _, _ in
      .int64(Int64(try receiver.value(forKey: "members").collectionContents()?.elements.count ?? 0))
    }
    try club.isa.isa.addMethod("keyPathsForValuesAffectingSize", types: "@16@0:8") { _, _, _ in ["members"] }
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "size", options: [.old, .new, .prior])
    try Runtime.msgSend(try club.mutableSetValue(forKey: "members"), "addObject:", "c")
    #expect(log.all.map(\.change) == [
      Change(kind: .setting, old: 2, isPrior: true),
      Change(kind: .setting, new: 3, old: 2),
    ])
  }

  /// With `+automaticallyNotifiesObserversOf<Key>` answering NO, the notifying class overrides
  /// none of the key's mutators: edits through the array proxy's mutators and the set proxy's
  /// accessors reach the class's own methods and tell nobody.
  @Test func theMutatorRoutesTellNobodyWhenAutomaticNotificationIsOffForTheKey() throws {
    let world = try World()
    try world.addItemsMutators()
    try world.person.isa.addMethod("automaticallyNotifiesObserversOfItems", types: "B16@0:8") { _, _, _ in .bool(false) }
    let ann = try world.newPerson()
    try world.set(ann, "items", ["a"])
    let club = try world.club(.mutators)
    try club.isa.isa.addMethod("automaticallyNotifiesObserversOfMembers", types: "B16@0:8") { _, _, _ in .bool(false) }
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "items", options: [.new])
    try club.addObserver(observer, forKeyPath: "members", options: [.new])
    let items = try #require(try world.runtime.msgSend(ann, "mutableArrayValueForKey:", "items").objectValue)
    try Runtime.msgSend(items, "addObject:", "b")
    try Runtime.msgSend(items, "removeObjectAtIndex:", 0)
    try Runtime.msgSend(try club.mutableSetValue(forKey: "members"), "addObject:", "c")
    try world.set(ann, "items", ["z"])
    #expect(try ann.value(forKey: "items") == ["z"])
    #expect(try world.members(of: club) == ["a", "b", "c"])
    #expect(log.count == 0)
  }

  // MARK: - Nil for an observed scalar

  /// `setValue:nil forKey:` on a scalar with a setter: KVC sends `setNilValueForKey:` instead of
  /// the setter, so the notifying setter never runs and no observer hears anything, not even a
  /// prior notification; NSObject's `setNilValueForKey:` raises and a later set notifies from the
  /// value that stayed.
  @Test func nilForAnObservedScalarWithASetterRaisesBeforeAnyNotification() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "age", 4)
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age", options: [.old, .new, .prior])
    let error = #expect(throws: KeyValueError.self) { try ann.setValue(.nil, forKey: "age") }
    #expect(error?.code == .nilValueForScalar)
    #expect(log.count == 0)
    try world.set(ann, "age", 5)
    #expect(log.all.map(\.change) == [
      Change(kind: .setting, old: 4, isPrior: true),
      Change(kind: .setting, new: 5, old: 4),
    ])
  }

  /// Through an ivar, KVC on an observed key brackets the store with will/did: the will (and its
  /// prior notification) comes first, then storing nil sends `setNilValueForKey:`, which raises,
  /// so no did follows. The next change notifies normally.
  @Test func nilForAnObservedIvarOnlyScalarGivesOnlyThePriorNotification() throws {
    let world = try World()
    let gauge = try instance(of: "Gauge", in: world) { cls in try cls.addIvar("_level", type: .longLong) }
    try gauge.setValue(3, forKey: "level")
    let (observer, log) = try world.newObserver()
    try gauge.addObserver(observer, forKeyPath: "level", options: [.old, .new, .prior])
    let error = #expect(throws: KeyValueError.self) { try gauge.setValue(.nil, forKey: "level") }
    #expect(error?.code == .nilValueForScalar)
    #expect(log.all.map(\.change) == [Change(kind: .setting, old: 3, isPrior: true)])
    try gauge.setValue(6, forKey: "level")
    #expect(log.all.map(\.change).suffix(2) == [
      Change(kind: .setting, old: 3, isPrior: true),
      Change(kind: .setting, new: 6, old: 3),
    ])
  }

  /// The documented `setNilValueForKey:` override (`[self setValue:@0 forKey:key]`) on an
  /// observed ivar-only key runs inside the will/did of the outer `setValue:nil`, so observers
  /// hear the inner set and then the outer one, each from 3 to 0.
  @Test func aSetNilValueOverrideOnAnObservedIvarOnlyKeyNotifiesInsideTheOuterChange() throws {
    let world = try World()
    let gauge = try instance(of: "Gauge", in: world) { cls in try cls.addIvar("_level", type: .longLong) }
    try gauge.isa.addMethod("setNilValueForKey:", types: "v24@0:8@16") { receiver, _, arguments in
      try receiver.setValue(0, forKey: arguments[0].stringValue ?? "")
      return .nil
    }
    try gauge.setValue(3, forKey: "level")
    let (observer, log) = try world.newObserver()
    try gauge.addObserver(observer, forKeyPath: "level", options: [.old, .new, .prior])
    try gauge.setValue(.nil, forKey: "level")
    #expect(try gauge.value(forKey: "level") == 0)
    #expect(log.all.map(\.change) == [
      Change(kind: .setting, old: 3, isPrior: true),
      Change(kind: .setting, old: 3, isPrior: true),
      Change(kind: .setting, new: 0, old: 3),
      Change(kind: .setting, new: 0, old: 3),
    ])
  }

  /// A value the ivar's type refuses is refused by the ivar setter, after the will: the prior
  /// notification has gone out, no post follows, and the ivar keeps its value.
  @Test func aValueAnObservedIvarRefusesGivesOnlyThePriorNotification() throws {
    let world = try World()
    let gauge = try instance(of: "Gauge", in: world) { cls in try cls.addIvar("_level", type: .longLong) }
    try gauge.setValue(3, forKey: "level")
    let (observer, log) = try world.newObserver()
    try gauge.addObserver(observer, forKeyPath: "level", options: [.old, .prior])
    #expect(throws: (any Error).self) { try gauge.setValue(.null, forKey: "level") }  // -[NSNull longLongValue]
    #expect(try gauge.value(forKey: "level") == 3)
    #expect(log.all.map(\.change) == [Change(kind: .setting, old: 3, isPrior: true)])
  }

  /// `setValue:forKey:` of an observed undefined key goes through Foundation's notifying
  /// undefined-key setter (will, `setValue:forUndefinedKey:`, did): the prior notification goes
  /// out, then NSObject's `setValue:forUndefinedKey:` raises and no post follows.
  @Test func settingAnObservedUndefinedKeyGivesThePriorNotificationThenRaises() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "bogus", options: [.prior])
    let error = #expect(throws: KeyValueError.self) { try person.setValue(1, forKey: "bogus") }
    #expect(error?.message.contains("setValue:forUndefinedKey:") == true)
    #expect(log.all.map(\.change) == [Change(kind: .setting, isPrior: true)])
    try person.removeObserver(observer, forKeyPath: "bogus")
    #expect(person.isa === world.person)
  }

  /// With `.old` asked for, the will reads the old value first, and `valueForUndefinedKey:`
  /// raises there: nobody is told anything and the error names the getter's method.
  @Test func settingAnObservedUndefinedKeyWithOldRaisesFromTheOldValuesRead() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "bogus", options: [.old, .prior])
    let error = #expect(throws: KeyValueError.self) { try person.setValue(1, forKey: "bogus") }
    #expect(error?.message.contains("valueForUndefinedKey:") == true)
    #expect(log.count == 0)
  }

  /// An observed mutable dictionary: `setValue:nil forKey:` removes the entry (NSMutableDictionary's
  /// `setValue:forKey:`) and notifies with the old value and nil (NSNull) as new;
  /// `removeObjectForKey:` is no KVC and tells nobody.
  @Test func settingNilOnAnObservedMutableDictionaryRemovesTheEntryAndNotifies() throws {
    let world = try World()
    let address = try world.runtime.mutableDictionary(["city": "Oslo", "zip": "0150"])
    let (observer, log) = try world.newObserver()
    try address.addObserver(observer, forKeyPath: "city", options: [.old, .new])
    try address.addObserver(observer, forKeyPath: "zip", options: [.old, .new])
    try address.setValue(.nil, forKey: "city")
    _ = try Runtime.msgSend(address, "removeObjectForKey:", "zip")
    #expect(try Runtime.msgSend(address, "count") == 0)
    #expect(log.all.map(\.keyPath) == ["city"])
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: .nil, old: "Oslo")])
    try address.removeObserver(observer, forKeyPath: "city")
    try address.removeObserver(observer, forKeyPath: "zip")
  }
}
