// FidelityRound17ObservingTests.swift: probe round 17 of the observing side, cases users of
// Foundation's KVO reported (Stack Overflow, radars) and the option combinations its header
// documents, each with Foundation's answer.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound17ObservingTests {
  /// `Initial | Prior | Old | New` on a dependent key: the initial notification carries the
  /// derived value as new, no old and no prior entry; each later change of a key it depends on
  /// gives a prior notification (old derived value, no new) and a post one (both, no prior key).
  @Test func initialAndPriorOnADependentKeyGiveTheDerivedValues() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "firstName", "Ann")
    try world.set(person, "lastName", "Lee")
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "fullName", options: [.initial, .prior, .old, .new])
    try world.set(person, "firstName", "Bo")
    #expect(
      log.all.map(\.change) == [
        Change(kind: .setting, new: "Ann Lee"),
        Change(kind: .setting, old: "Ann Lee", isPrior: true),
        Change(kind: .setting, new: "Bo Lee", old: "Ann Lee"),
      ])
    let keys = log.all.map { Set($0.change.dictionary.keys) }
    #expect(keys == [["kind", "new"], ["kind", "old", "notificationIsPrior"], ["kind", "old", "new"]])
  }

  /// A replacement in a to-many property observed with `Prior | Old | New`: the prior
  /// notification carries the kind, the indexes and the old elements but no new; only the prior
  /// one holds `NSKeyValueChangeNotificationIsPriorKey`.
  @Test func aToManyReplacementsPriorCarriesOldAndIndexesAndOnlyItHoldsThePriorKey() throws {
    let world = try World()
    try world.addItemsMutators()
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b", "c"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.prior, .old, .new])
    let proxy = try #require(try arrayProxy(of: person, "items", in: world))
    try send(proxy, "replaceObjectAtIndex:withObject:", .uint64(1), "x")
    #expect(
      log.all.map(\.change) == [
        Change(kind: .replacement, old: ["b"], indexes: [1], isPrior: true),
        Change(kind: .replacement, new: ["x"], old: ["b"], indexes: [1]),
      ])
    #expect(log.all.map { $0.change.dictionary.keys.contains("notificationIsPrior") } == [true, false])
    #expect(log.all.map { $0.change.dictionary.keys.contains("new") } == [false, true])
  }

  /// `Initial | Old | New` on a key path whose intermediate is nil: the initial notification has
  /// a new entry, NSNull, and no old entry (Initial never carries one).
  @Test func initialWithOldAndNewThroughANilIntermediateHoldsNSNullNewAndNoOld() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.name", options: [.initial, .old, .new])
    let change = try #require(log.all.first?.change)
    #expect(log.count == 1)
    #expect(change[.new] == .null)
    #expect(change.old == nil)
    #expect(Set(change.dictionary.keys) == ["kind", "new"])
  }

  /// `removeObserver:forKeyPath:context:` with a context no registration has raises
  /// NSRangeException in the words of the removal without a context, and keeps the registration.
  @Test func removalWithAContextThatMatchesNoneIsWordedAsTheRemovalWithout() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", context: 1)
    let withContext = #expect(throws: KeyValueError.self) {
      try person.removeObserver(observer, forKeyPath: "age", context: 2)
    }
    let expected =
      "Cannot remove an observer \(KeyValueError.label(observer)) for the key path \"age\" from \(KeyValueError.label(person)) because it is not registered as an observer."
    #expect(withContext?.exceptionName == "NSRangeException")
    #expect(withContext?.message == expected)
    #expect(withContext?.message.hasPrefix("Cannot remove an observer <Observer 0x") == true)
    try world.set(person, "age", 1)
    #expect(log.count == 1)
  }

  /// A registration removed through the message with a key path string built elsewhere (an equal
  /// string, not the one registered) is found: key paths are compared by value.
  @Test func removalThroughAnEqualKeyPathStringBuiltElsewhereFindsTheRegistration() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", context: 5)
    let built = ["friend", "age"].joined(separator: ".")
    try send(person, "removeObserver:forKeyPath:context:", .object(observer), .string(built), ObservationContext(rawValue: 5).value)
    #expect(person.isa === world.person)
    try person.setValue(3, forKeyPath: "age")
    #expect(log.count == 0)
  }

  /// `willChangeValueForKey:` of one key then `didChangeValueForKey:` of another: the did finds
  /// no will of its key and tells nobody; the will left open does not swallow the next change of
  /// its key, which notifies once with its own old value.
  @Test func aWillOfOneKeyThenADidOfAnotherTellNobodyAndTheNextSetNotifiesOnce() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 1)
    let (ageObserver, ageLog) = try world.newObserver()
    let (nameObserver, nameLog) = try world.newObserver()
    try person.addObserver(ageObserver, forKeyPath: "age", options: [.old, .new, .prior])
    try person.addObserver(nameObserver, forKeyPath: "name", options: [.new])
    try person.willChangeValue(forKey: "age")
    try person.didChangeValue(forKey: "name")
    #expect(ageLog.all.map(\.change) == [Change(kind: .setting, old: 1, isPrior: true)])
    #expect(nameLog.count == 0)
    try world.set(person, "age", 2)
    #expect(ageLog.all.dropFirst().map(\.change) == [Change(kind: .setting, old: 1, isPrior: true), Change(kind: .setting, new: 2, old: 1)])
    try person.didChangeValue(forKey: "age")  // ends the will left open: a change of its own
    #expect(ageLog.all.last?.change == Change(kind: .setting, new: 2, old: 1))
    #expect(ageLog.count == 4)
  }

  /// An observer added with `Initial` from another observer's (post) callback gets its initial
  /// notification at once, with the value just set, and is not told of the change in progress.
  @Test func anObserverAddedWithInitialInsideACallbackGetsOnlyItsInitialNotification() throws {
    let world = try World()
    let person = try world.newPerson()
    let (late, lateLog) = try world.newObserver()
    let (first, _) = try world.newObserver { received in
      if received.change.new == 7 { try? received.object.addObserver(late, forKeyPath: "age", options: [.initial, .new]) }
    }
    try person.addObserver(first, forKeyPath: "age", options: [.new])
    try world.set(person, "age", 7)
    #expect(lateLog.all.map(\.change) == [Change(kind: .setting, new: 7)])
    try world.set(person, "age", 8)
    #expect(lateLog.all.map(\.change) == [Change(kind: .setting, new: 7), Change(kind: .setting, new: 8)])
  }

  /// A Person whose `itemCount` depends on `path`.
  private func countingWorld(dependingOn path: String) throws -> World {
    let world = try World()
    try world.person.addMethod("itemCount", types: "@16@0:8") { receiver, _, _ in try receiver.value(forKeyPath: "items.@count") }
    try world.person.isa.addMethod("keyPathsForValuesAffectingItemCount", types: "@16@0:8") { _, _, _ in .set([.string(path)]) }
    return world
  }

  /// A key depending on `items.@count` (the common wish): Foundation takes the entry as any key
  /// path, so the array behind `items` is sent `addObserver:forKeyPath:@"@count"…` and refuses
  /// it, as when `items.@count` itself is observed. Behind a nil `items` the registration
  /// succeeds and the refusal comes out of the setter that stores an array, after it stored it.
  @Test func aKeyDependingOnAnOperatorAfterAToManyKeyIsRefusedByTheArray() throws {
    let world = try countingWorld(dependingOn: "items.@count")
    let ann = try world.newPerson()
    try world.set(ann, "items", ["a"])
    let (observer, log) = try world.newObserver()
    let error = #expect(throws: KeyValueError.self) { try ann.addObserver(observer, forKeyPath: "itemCount", options: [.new]) }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(error?.message.hasSuffix("addObserver:forKeyPath:options:context:] is not supported. Key path: @count") == true)
    #expect(ann.observationInfo == nil && ann.isa === world.person)

    let bea = try world.newPerson()
    try bea.addObserver(observer, forKeyPath: "itemCount", options: [.new])  // items is nil: nothing refuses yet
    let late = #expect(throws: KeyValueError.self) { try world.set(bea, "items", ["a", "b"]) }
    #expect(late?.message.hasSuffix("is not supported. Key path: @count") == true)
    #expect(try bea.value(forKey: "items") == ["a", "b"])  // stored before the refusal
    #expect(log.all.map(\.keyPath) == ["itemCount"])
    try bea.removeObserver(observer, forKeyPath: "itemCount")
    #expect(bea.isa === world.person)
  }

  /// A key depending on `friend.@count`, where the friend is no collection: the operator is
  /// registered on the friend as a key (never notified), and replacing the friend notifies the
  /// dependent key, as any key path through `friend` does.
  @Test func aKeyDependingOnAnOperatorAfterAToOneKeyIsNotifiedWhenTheToOneChanges() throws {
    let world = try countingWorld(dependingOn: "friend.@count")
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "itemCount", options: [.new])
    try world.set(ann, "friend", .object(try world.newPerson()))
    try world.set(ann, "items", ["a"])
    #expect(log.all.map(\.keyPath) == ["itemCount"])
    try ann.removeObserver(observer, forKeyPath: "itemCount")
    #expect(ann.isa === world.person)
  }

  /// A key depending on `bestFriend.name`, where `bestFriend` itself depends on `friend`: a new
  /// friend reaches the dependency's link through `bestFriend`, which moves to the new friend;
  /// the old friend is no longer observed.
  @Test func aDependencyThroughADerivedKeyFollowsTheKeyItDerivesFrom() throws {
    let world = try World()
    try world.person.addMethod("bestFriend", types: "@16@0:8") { receiver, _, _ in try receiver.value(forKey: "friend") }
    try world.person.isa.addMethod("keyPathsForValuesAffectingBestFriend", types: "@16@0:8") { _, _, _ in ["friend"] }
    try world.person.addMethod("summary", types: "@16@0:8") { receiver, _, _ in try receiver.value(forKeyPath: "bestFriend.name") }
    try world.person.isa.addMethod("keyPathsForValuesAffectingSummary", types: "@16@0:8") { _, _, _ in ["bestFriend.name"] }
    let (ann, bo, cy) = (try world.newPerson(), try world.newPerson(), try world.newPerson())
    try world.set(ann, "friend", .object(bo))
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "summary", options: [.old, .new])
    try world.set(bo, "name", "bo")
    try world.set(ann, "friend", .object(cy))
    try world.set(cy, "name", "cy")
    try world.set(bo, "name", "bo2")
    #expect(
      log.all.map(\.change) == [
        Change(kind: .setting, new: "bo", old: .nil), Change(kind: .setting, new: .nil, old: "bo"),
        Change(kind: .setting, new: "cy", old: .nil),
      ])
    #expect(bo.isa === world.person)
    try ann.removeObserver(observer, forKeyPath: "summary")
    #expect(ann.isa === world.person && cy.isa === world.person)
  }

  /// `friend.@count` with a person as friend: Foundation sends the friend
  /// `addObserver:forKeyPath:@"@count"…`, a key like any other to it, so a manual change of
  /// `@count` on the friend notifies the path on its owner (before round 17 MiniKVO linked
  /// nothing there, and the friend was not observed).
  @Test func aManualChangeOfAnOperatorKeyOnAnIntermediateThatIsNoCollectionNotifiesThePath() throws {
    let world = try World()
    let (ann, bob) = (try world.newPerson(), try world.newPerson())
    try world.set(ann, "friend", .object(bob))
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "friend.@count", options: [.prior])
    try bob.willChangeValue(forKey: "@count")
    try bob.didChangeValue(forKey: "@count")
    #expect(log.all.map(\.keyPath) == ["friend.@count", "friend.@count"])
    #expect(log.all.allSatisfy { $0.object === ann })
    #expect(log.all.map(\.change) == [Change(kind: .setting, isPrior: true), Change(kind: .setting)])
    try ann.removeObserver(observer, forKeyPath: "friend.@count")
    #expect(bob.isa === world.person && ann.isa === world.person)
  }

  /// `friend.@sum.self` with a person as friend: the friend is sent `addObserver:` for
  /// `@sum.self`, which reads its key `@sum`: NSUnknownKeyException, as observing `@sum.self`
  /// on the person itself raises, and nothing stays registered.
  @Test func anOperatorWithARightPathAfterAnIntermediateThatIsNoCollectionRaisesFromItsKey() throws {
    let world = try World()
    let (ann, bob) = (try world.newPerson(), try world.newPerson())
    try world.set(ann, "friend", .object(bob))
    let (observer, log) = try world.newObserver()
    let error = #expect(throws: KeyValueError.self) { try ann.addObserver(observer, forKeyPath: "friend.@sum.self", options: [.new]) }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message == "[\(KeyValueError.label(bob)) valueForUndefinedKey:]: this class is not key value coding-compliant for the key @sum.")
    #expect(ann.observationInfo == nil && ann.isa === world.person && bob.isa === world.person)
    try world.set(ann, "friend", .nil)
    #expect(log.count == 0)
  }
}
