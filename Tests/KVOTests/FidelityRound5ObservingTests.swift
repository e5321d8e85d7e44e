// FidelityRound5ObservingTests.swift: the fifth round's KVO cases on ordinary objects, ported in
// spirit from GNUstep-base's NSKVOSupport tests (sub-paths whose head or tail is replaced,
// dependent keys through a to-one, nil intermediates, to-many edits with indexes) and Apple's KVO
// guide. Each test pins Foundation's answer. KVC cases are in FidelityRound5Tests.swift.

import Testing

@testable import KVO

@Suite struct FidelityRound5ObservingTests {
  /// Observing `friend.friend.name`: replacing the tail, then the head, notifies each time with
  /// the end values; the replaced objects are no longer watched.
  @Test func aSubpathNotifiesWhenItsTailAndThenItsHeadAreReplaced() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let cy = try world.newPerson()
    let dee = try world.newPerson()
    try world.set(cy, "name", "Cy")
    try world.set(dee, "name", "Dee")
    try world.set(ann, "friend", .object(bob))
    try world.set(bob, "friend", .object(cy))
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "friend.friend.name", options: [.old, .new], context: 0)
    try world.set(bob, "friend", .object(dee))  // the tail
    let eve = try world.newPerson()
    try world.set(eve, "friend", .object(cy))
    try world.set(ann, "friend", .object(eve))  // the head
    try world.set(dee, "name", "Dee2")  // no longer on the path
    try world.set(bob, "friend", .nil)  // bob is off the path too
    try world.set(cy, "name", "Cy2")  // on the path again, through eve
    #expect(log.all.map(\.change.old) == ["Cy", "Dee", "Cy"])
    #expect(log.all.map(\.change.new) == ["Dee", "Cy", "Cy2"])
    #expect(log.all.allSatisfy { $0.keyPath == "friend.friend.name" && $0.object === ann })
  }

  /// A path through nil intermediates reads nil; setting an intermediate that still leads to nil
  /// notifies all the same (KVO reports the change of a key on the path, not of the end value).
  @Test func settingAnIntermediateThatStillLeadsToNilNotifiesWithNilOldAndNew() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "friend.friend.age", options: [.initial, .old, .new], context: 0)
    let bob = try world.newPerson()
    try world.set(ann, "friend", .object(bob))  // bob has no friend: still nil
    let cy = try world.newPerson()
    try world.set(cy, "age", 7)
    try world.set(bob, "friend", .object(cy))
    #expect(log.all.map(\.change.new) == [.nil, .nil, 7])
    #expect(log.all.map(\.change.old) == [nil, .nil, .nil])  // the initial notification has no old
  }

  /// `keyPathsForValuesAffectingFriendName` answering `friend.name`: the dependent key is
  /// notified when the friend's name changes, when the friend is replaced or cleared, and no
  /// longer for a friend that was replaced.
  @Test func aKeyDependingOnAPathThroughAToOneFollowsTheReplacedFriend() throws {
    let world = try World()
    try world.person.addMethod("friendName", types: "@16@0:8") { receiver, _, _ in
      try receiver.value(forKeyPath: "friend.name")
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingFriendName", types: "@16@0:8") { _, _, _ in
      .set(["friend.name"])
    }
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let cy = try world.newPerson()
    try world.set(bob, "name", "Bob")
    try world.set(cy, "name", "Cy")
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "friendName", options: [.old, .new], context: 0)
    try world.set(ann, "friend", .object(bob))
    try world.set(bob, "name", "Rob")
    try world.set(ann, "friend", .object(cy))
    try world.set(bob, "name", "Bobby")  // bob is no longer the friend
    try world.set(ann, "friend", .nil)
    #expect(log.all.map(\.change.old) == [.nil, "Bob", "Rob", "Cy"])
    #expect(log.all.map(\.change.new) == ["Bob", "Rob", "Cy", .nil])
  }

  /// A dependent key through a to-many property cannot be observed: registering it observes
  /// `items.count` on the array, which Foundation refuses.
  @Test func aKeyDependingOnAPathThroughAnArrayIsRefusedWhenObserved() throws {
    let world = try World()
    try world.person.addMethod("itemCount", types: "q16@0:8") { receiver, _, _ in
      .int(try receiver.value(forKey: "items").arrayValue?.count ?? 0)
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingItemCount", types: "@16@0:8") { _, _, _ in
      .set(["items.count"])
    }
    let ann = try world.newPerson()
    try world.set(ann, "items", ["a"])
    let (observer, _) = try world.newObserver()
    let error = #expect(throws: KeyValueError.self) {
      try ann.addObserver(observer, forKeyPath: "itemCount", options: [], context: 0)
    }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(error?.message.hasSuffix("is not supported. Key path: count") == true)
  }

  /// Insertions, removals and replacements through `mutableArrayValueForKey:` with indexed
  /// mutators report their kind, indexes and the elements concerned, in order.
  @Test func toManyEditsReportKindIndexesAndElements() throws {
    let world = try World()
    try world.addItemsMutators()
    let ann = try world.newPerson()
    try world.set(ann, "items", ["a", "b"])
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "items", options: [.old, .new], context: 0)
    let items = try ann.mutableArrayValue(forKey: "items")
    try items.insert("c", at: 1)
    try items.replace(at: 0, with: "z")
    try items.remove(at: 2)
    #expect(log.all.map(\.change.kind) == [.insertion, .replacement, .removal])
    #expect(log.all.map(\.change.indexes) == [[1], [0], [2]])
    #expect(log.all.map(\.change.new) == [["c"], ["z"], nil])
    #expect(log.all.map(\.change.old) == [nil, ["a"], ["b"]])
    #expect(try ann.value(forKey: "items") == ["z", "c"])
  }

  /// An observer removing its other registration (same key path, another context) from inside
  /// the first one's callback: the removed one is not told of the change under way, nor later.
  @Test func removingTheOtherContextInsideACallbackStopsItsNotification() throws {
    let world = try World()
    let ann = try world.newPerson()
    let one = ObservationContext(rawValue: 1)
    let two = ObservationContext(rawValue: 2)
    let me = Locked<Object?>(nil)
    let (observer, log) = try world.newObserver { received in
      guard received.context == one, let observer = me.withLock({ $0 }) else { return }
      try? received.object.removeObserver(observer, forKeyPath: "age", context: two)
    }
    me.withLock { $0 = observer }
    try ann.addObserver(observer, forKeyPath: "age", options: [.new], context: one)
    try ann.addObserver(observer, forKeyPath: "age", options: [.new], context: two)
    try world.set(ann, "age", 1)
    try world.set(ann, "age", 2)
    #expect(log.all.map(\.context) == [one, one])
    me.withLock { $0 = nil }
  }
}
