// FidelityRound8Tests.swift: the eighth round of KVC/KVO behaviour cases: collection operators
// in observed key paths (Foundation's array refuses `addObserver:forKeyPath:@"@count"`), a
// `setObservationInfo:` override (NSKeyValueObserving.h), the set proxy's accessor patterns and
// ivar route with automatic notification off, the array proxy's multi-index messages, and an
// observer added between a will and its did.
// Each test pins Foundation's answer.

import Testing

@testable import KVO

@Suite struct FidelityRound8Tests {
  // MARK: - Collection operators in observed key paths

  /// `items.@count`: Foundation's nested property sends the array `addObserver:forKeyPath:@"@count"`,
  /// which NSArray refuses ("… is not supported. Key path: @count"): at registration when `items`
  /// holds an array (nothing registered, the isa untouched), and out of the setter that stores one
  /// when it was nil (after the value is stored and the path's observers were told). The same for
  /// an operator with a right path, further down a chain. (MiniKVO once notified it as a setting
  /// of the computed count.)
  @Test func anOperatorAfterAToManyKeyIsRefusedAsTheCollectionRefusesAddObserver() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", ["a"])
    let (observer, log) = try world.newObserver()
    let error = #expect(throws: KeyValueError.self) { try ann.addObserver(observer, forKeyPath: "items.@count", options: [.new]) }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(error?.message.hasSuffix("addObserver:forKeyPath:options:context:] is not supported. Key path: @count") == true)
    #expect(ann.observationInfo == nil && ann.isa === world.person)

    let bea = try world.newPerson()
    try bea.addObserver(observer, forKeyPath: "items.@count", options: [.new])  // items is nil: nothing refuses yet
    let late = #expect(throws: KeyValueError.self) { try world.set(bea, "items", ["a", "b"]) }
    #expect(late?.message.hasSuffix("is not supported. Key path: @count") == true)
    #expect(try bea.value(forKey: "items") == ["a", "b"])  // stored before the refusal
    #expect(log.all.map(\.keyPath) == ["items.@count"])  // and its observer was told
    try bea.removeObserver(observer, forKeyPath: "items.@count")

    let cy = try world.newPerson()
    try world.set(ann, "friend", .object(cy))
    try world.set(cy, "items", [1, 2])
    let sum = #expect(throws: KeyValueError.self) { try ann.observe("friend.items.@sum.self") { _, _ in } }
    #expect(sum?.message.hasSuffix("is not supported. Key path: @sum.self") == true)
    #expect(ann.observationInfo == nil && cy.isa === world.person)
    try world.runtime.checkInvariants()
  }

  /// After an object that is no collection (`friend.@count` with a person as friend), Foundation
  /// registers the operator with that object as a key (`addObserver:forKeyPath:@"@count"…`), so
  /// the friend is observed, and no setter notifies it: the path is notified by changes of
  /// `friend` (and by a manual change of `@count`: FidelityRound17ObservingTests).
  @Test func anOperatorAfterAnObjectThatIsNoCollectionIsNotifiedOnlyByItsKey() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try world.set(ann, "friend", .object(bob))
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "friend.@count", options: [.new])
    #expect(bob.isa.name == "NSKVONotifying_Person" && bob.observationInfo != nil)
    try world.set(bob, "age", 3)
    try world.set(ann, "friend", .nil)
    #expect(bob.isa === world.person && bob.observationInfo == nil)
    #expect(log.all.map(\.keyPath) == ["friend.@count"])
    try ann.removeObserver(observer, forKeyPath: "friend.@count")
    #expect(ann.isa === world.person)
    try world.runtime.checkInvariants()
  }

  // MARK: - observationInfo overrides

  /// NSKeyValueObserving.h: a class may override `-observationInfo` and `-setObservationInfo:` to
  /// keep the pointer in an ivar. Foundation sets it through the override on every registration
  /// change: the ivar holds a pointer while the object is observed, a new one when the
  /// registrations change, and NULL after the last removal, whichever way the observation ends;
  /// notifications are delivered all along. (KVO once never sent the message.)
  @Test func aSetObservationInfoOverrideIsSentEveryNewPointerAndNullAtTheEnd() throws {
    let world = try World()
    let received = Log<UInt>()
    let cls = try makeClass("Keeper", in: world) { cls in
      try cls.synthesizeProperty("age", type: .longLong)
      try cls.addIvar("_info", type: .pointer(.void))
    }
    try cls.addMethod("observationInfo", types: "^v16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_info") }
    try cls.addMethod("setObservationInfo:", types: "v24@0:8^v16") { receiver, _, arguments in
      if case .pointer(let raw) = arguments[0] { received.append(raw) }
      try receiver.setValue(arguments[0], forIvar: "_info")
      return .nil
    }
    let keeper = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try keeper.addObserver(observer, forKeyPath: "age", options: [.new])
    let token = try keeper.observe("age") { _, _ in }
    try world.runtime.msgSend(keeper, "setAge:", 3)
    #expect(log.count == 1)
    #expect(received.count == 2 && received.all.allSatisfy { $0 != 0 } && received.all[0] != received.all[1])
    #expect(try keeper.value(ofIvar: "_info") == .pointer(received.all[1]))
    try keeper.removeObserver(observer, forKeyPath: "age")
    token.invalidate()
    #expect(received.count == 4 && received.all.last == 0)
    #expect(keeper.isa === cls)
    try world.runtime.checkInvariants()
  }

  // MARK: - Set proxies by accessor pattern

  /// NSKeyValueCoding.h's set accessors alone (`add<Key>:` and `remove<Key>:`, no one-object
  /// forms) are the mutator route: `addObject:` sends `add<Key>:` a set of one, `unionSet:` one
  /// `add<Key>:` with the whole set, and each reports the objects it really added or removed.
  @Test func theSetAccessorsAloneCarryEveryEditOfTheSetProxy() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Band")
    try cls.addIvar("_members", type: .object(className: "NSSet"))
    try world.runtime.registerClassPair(cls)
    let sent = Log<String>()
    @Sendable func edit(_ receiver: Object, _ body: (inout Set<Value>) -> Void) throws {
      var members = try receiver.value(ofIvar: "_members").setElements ?? []
      body(&members)
      try receiver.setValue(.set(members), forIvar: "_members")
    }
    try cls.addMethod("members", types: "@16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_members") }
    try cls.addMethod("addMembers:", types: "v24@0:8@16") { receiver, _, arguments in
      sent.append("add \(try world.runtime.msgSend(bridging: arguments[0], "count"))")
      try edit(receiver) { $0.formUnion(arguments[0].setElements ?? []) }
      return .nil
    }
    try cls.addMethod("removeMembers:", types: "v24@0:8@16") { receiver, _, arguments in
      sent.append("remove \(try world.runtime.msgSend(bridging: arguments[0], "count"))")
      try edit(receiver) { $0.subtract(arguments[0].setElements ?? []) }
      return .nil
    }
    let band = try cls.createInstance()
    try band.setValue(.set(["a"]), forIvar: "_members")
    let (observer, log) = try world.newObserver()
    try band.addObserver(observer, forKeyPath: "members", options: [.old, .new])
    let proxy = try band.mutableSetValue(forKey: "members")
    #expect(proxy.isa.name == "NSKeyValueFastMutableSet")
    try Runtime.msgSend(proxy, "addObject:", "b")
    try Runtime.msgSend(proxy, "unionSet:", .set(["a", "c", "d"]))
    try Runtime.msgSend(proxy, "removeObject:", "a")
    #expect(sent.all == ["add 1", "add 3", "remove 1"])
    #expect(log.all.map(\.change) == [
      Change(kind: .insertion, new: .set(["b"])),
      Change(kind: .insertion, new: .set(["c", "d"])),
      Change(kind: .removal, old: .set(["a"])),
    ])
    try world.runtime.checkInvariants()
  }

  /// An addition accessor without a removal one is not the mutator route (the guide's search
  /// needs both): the proxy is the setter route's and never sends `add<Key>Object:`.
  @Test func anAdditionAccessorWithoutARemovalOneLeavesTheSetProxyOnTheSetter() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Band")
    try cls.synthesizeProperty("members", type: .object(className: "NSSet"))
    try world.runtime.registerClassPair(cls)
    let sent = Log<String>()
    try cls.addMethod("addMembersObject:", types: "v24@0:8@16") { _, _, _ in
      sent.append("addMembersObject:")
      return .nil
    }
    let band = try cls.createInstance()
    try band.setValue(.set(["a"]), forIvar: "_members")
    let proxy = try band.mutableSetValue(forKey: "members")
    #expect(proxy.isa.name == "NSKeyValueSlowMutableSet")
    try Runtime.msgSend(proxy, "addObject:", "b")
    #expect(sent.all.isEmpty)
    #expect(try band.value(ofIvar: "_members") == .set(["a", "b"]))
  }

  /// Through the ivar, the proxies wrap each edit in a will/did only when the class notifies
  /// automatically for the key: with `+automaticallyNotifiesObserversForKey:` answering NO the
  /// set and the array in the ivars are edited and nobody is told.
  @Test func theIvarRoutesTellNobodyWhenAutomaticNotificationIsOff() throws {
    let world = try World()
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addIvar("_members", type: .object(className: "NSMutableSet"))
      try cls.addIvar("_items", type: .object(className: "NSMutableArray"))
    }
    try shelf.isa.isa.addMethod("automaticallyNotifiesObserversForKey:", types: "B24@0:8@16") { _, _, _ in .bool(false) }
    try shelf.setValue(.object(try world.runtime.mutableSet(["a"])), forIvar: "_members")
    try shelf.setValue(.object(try world.runtime.mutableArray(["a"])), forIvar: "_items")
    let (observer, log) = try world.newObserver()
    try shelf.addObserver(observer, forKeyPath: "members", options: [.new])
    try shelf.addObserver(observer, forKeyPath: "items", options: [.new])
    try Runtime.msgSend(try shelf.mutableSetValue(forKey: "members"), "addObject:", "c")
    let items = try #require(try world.runtime.msgSend(shelf, "mutableArrayValueForKey:", "items").objectValue)
    try Runtime.msgSend(items, "addObject:", "c")
    #expect(try shelf.value(forKey: "members") == .set(["a", "c"]))
    #expect(try shelf.value(forKey: "items") == ["a", "c"])
    #expect(log.count == 0)
  }

  // MARK: - Manual notification

  /// Foundation records who is told at the will: an observer added between a will and its did
  /// gets nothing from that did, and is told of the next change.
  @Test func anObserverAddedBetweenWillAndDidIsToldOnlyOfLaterChanges() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (first, firstLog) = try world.newObserver()
    let (second, secondLog) = try world.newObserver()
    try ann.addObserver(first, forKeyPath: "age", options: [.new, .old])
    try ann.willChangeValue(forKey: "age")
    try ann.addObserver(second, forKeyPath: "age", options: [.new, .old])
    try ann.setValue(5, forIvar: "_age")
    try ann.didChangeValue(forKey: "age")
    #expect(firstLog.all.map(\.change) == [Change(kind: .setting, new: 5, old: 0)])
    #expect(secondLog.count == 0)
    try world.set(ann, "age", 6)
    #expect(secondLog.all.map(\.change) == [Change(kind: .setting, new: 6, old: 5)])
  }

  // MARK: - The array proxy's multi-index messages

  /// Without the bulk accessors (`insert<Key>:atIndexes:`, `remove<Key>AtIndexes:`) the array
  /// proxy sends the one-index mutators, one per index: removals from the last index down (so the
  /// indexes still name the same objects), insertions from the first up; each is its own
  /// notification through the notifying subclass's override.
  @Test func multiIndexEditsWithoutBulkAccessorsAreOneNotificationPerIndex() throws {
    let world = try World()
    try world.addItemsMutators()
    let ann = try world.newPerson()
    try world.set(ann, "items", ["a", "b", "c", "d"])
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "items", options: [.new, .old])
    let proxy = try #require(try world.runtime.msgSend(ann, "mutableArrayValueForKey:", "items").objectValue)
    try Runtime.msgSend(proxy, "removeObjectsAtIndexes:", .object(try world.runtime.indexSet([0, 2])))
    try Runtime.msgSend(proxy, "insertObjects:atIndexes:", ["x", "y"], .object(try world.runtime.indexSet([0, 2])))
    #expect(try ann.value(forKey: "items") == ["x", "b", "y", "d"])
    #expect(log.all.map(\.change) == [
      Change(kind: .removal, old: ["c"], indexes: [2]),
      Change(kind: .removal, old: ["a"], indexes: [0]),
      Change(kind: .insertion, new: ["x"], indexes: [0]),
      Change(kind: .insertion, new: ["y"], indexes: [2]),
    ])
  }

  /// Through the ivar, a multi-index edit is one will/did around the ivar array's own
  /// `removeObjectsAtIndexes:`: one prior and one change naming every index and object.
  @Test func aMultiIndexEditThroughTheIvarIsOneChange() throws {
    let world = try World()
    let shelf = try instance(of: "Shelf", in: world) { cls in try cls.addIvar("_items", type: .object(className: "NSMutableArray")) }
    try shelf.setValue(.object(try world.runtime.mutableArray(["a", "b", "c"])), forIvar: "_items")
    let (observer, log) = try world.newObserver()
    try shelf.addObserver(observer, forKeyPath: "items", options: [.new, .old, .prior])
    let proxy = try #require(try world.runtime.msgSend(shelf, "mutableArrayValueForKey:", "items").objectValue)
    try Runtime.msgSend(proxy, "removeObjectsAtIndexes:", .object(try world.runtime.indexSet([0, 2])))
    #expect(log.all.map(\.change) == [
      Change(kind: .removal, old: ["a", "c"], indexes: [0, 2], isPrior: true),
      Change(kind: .removal, old: ["a", "c"], indexes: [0, 2]),
    ])
    #expect(try shelf.value(forKey: "items") == ["b"])
  }
}
