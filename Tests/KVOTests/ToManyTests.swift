// ToManyTests.swift: mutableArrayValueForKey: and to-many change notifications, by the three
// routes Foundation's proxy takes (MutableArrayProxy.swift, MutableArrayProxy+Access.swift).

import Testing

@testable import KVO

@Suite struct ToManyTests {
  /// How the proxy reaches the array.
  enum Route: String, CaseIterable, CustomStringConvertible {
    /// Person with `items`' indexed mutators: the proxy sends them.
    case mutators
    /// Person's synthesized `items` (getter and setter only): the proxy sends the setter.
    case setter
    /// `Bag`, whose `_items` ivar has no accessors: the proxy edits the ivar.
    case ivar
    var description: String { rawValue }
  }

  /// A world, an object whose `items` is `initial`, and the route's object.
  func object(_ route: Route, items initial: Value = ["a", "b"]) throws -> (World, Object) {
    let world = try World()
    switch route {
    case .mutators:
      try world.addItemsMutators()
      let person = try world.newPerson()
      try world.set(person, "items", initial)
      return (world, person)
    case .setter:
      let person = try world.newPerson()
      try world.set(person, "items", initial)
      return (world, person)
    case .ivar:
      let bag = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Bag")
      try bag.addIvar("_items", type: .object(className: "NSArray"))
      try world.runtime.registerClassPair(bag)
      let object = try #require(try world.runtime.msgSend(bag, "new").objectValue)
      try object.setValue(initial, forIvar: "_items")
      return (world, object)
    }
  }

  @Test(arguments: [Route.mutators, .ivar])
  func editsReportTheirKindAndIndexes(route: Route) throws {
    let (world, object) = try object(route)
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "items", options: [.old, .new])
    let items = try object.mutableArrayValue(forKey: "items")
    try items.insert("x", at: 1)
    try items.remove(at: 0)
    try items.replace(at: 1, with: "y")
    #expect(try items.elements() == ["x", "y"])
    let changes = log.all.map(\.change)
    #expect(changes.map(\.kind) == [.insertion, .removal, .replacement])
    #expect(changes.map(\.indexes) == [[1], [0], [1]])
    #expect(changes[0].new == ["x"] && changes[0].old == nil)
    #expect(changes[1].old == ["a"] && changes[1].new == nil)
    #expect(changes[2].old == ["b"] && changes[2].new == ["y"])
    try world.runtime.checkInvariants()
  }

  @Test func throughTheSetterEachEditIsASettingOfTheWholeArray() throws {
    let (world, person) = try object(.setter)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new])
    let items = try person.mutableArrayValue(forKey: "items")
    try items.insert("x", at: 1)
    try items.remove(at: 0)
    #expect(log.all.map(\.change) == [
      Change(kind: .setting, new: ["a", "x", "b"], old: ["a", "b"]),
      Change(kind: .setting, new: ["x", "b"], old: ["a", "x", "b"]),
    ])
  }

  @Test func throughTheSetterANilArrayIsRefusedNotInvented() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.prior, .new])
    let items = try person.mutableArrayValue(forKey: "items")
    let error = #expect(throws: KeyValueError.self) { try items.append("x") }
    #expect(error?.code == .collectionIsNil)
    #expect(error?.exceptionName == "NSInternalInconsistencyException")
    #expect(error?.message.hasPrefix("[<NSKeyValueSlowMutableArray 0x") == true)
    #expect(error?.message.hasSuffix("> addObject:]: value for key items of object \(person.address) is nil") == true)
    #expect(try person.value(forKey: "items") == .nil)
    #expect(log.count == 0)
    #expect(throws: KeyValueError.self) { try items.count() }
  }

  @Test func throughMutatorsANilArrayReadsAsEmpty() throws {
    let (_, object) = try object(.mutators, items: .nil)
    let items = try object.mutableArrayValue(forKey: "items")
    #expect(try items.count() == 0)
    try items.append("x")
    #expect(try items.elements() == ["x"])
  }

  /// Foundation's ivar proxy never invents an array (this test asserted the old answer, an empty
  /// array made for a nil ivar, until issue 14).
  @Test func throughAnIvarANilArrayRaisesNotInvented() throws {
    let (world, object) = try object(.ivar, items: .nil)
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "items")
    let items = try object.mutableArrayValue(forKey: "items")
    let error = #expect(throws: KeyValueError.self) { try items.append("x") }
    #expect(error?.code == .collectionIsNil)
    #expect(error?.exceptionName == "NSInternalInconsistencyException")
    #expect(try object.value(ofIvar: "_items") == .nil)
    #expect(log.count == 0)
  }

  @Test func throughAnIvarAMutableArrayIsEditedInPlaceAndKeepsItsIdentity() throws {
    let (world, object) = try object(.ivar)
    let array = try world.runtime.mutableArray(["a", "b"])
    try object.setValue(.object(array), forIvar: "_items")
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "items", options: [.new])
    let items = try object.mutableArrayValue(forKey: "items")
    try items.insert("x", at: 1)
    try items.remove(at: Indexes([0, 2]))
    try items.replace(at: 0, with: "y")
    #expect(try object.value(ofIvar: "_items").objectValue === array)  // the same object …
    #expect(Value.object(array) == ["y"])  // … edited: every reference to it sees the edit
    #expect(log.all.map(\.change.kind) == [.insertion, .removal, .replacement])
    #expect(log.all.map(\.change.indexes) == [[1], [0, 2], [0]])
    try world.runtime.checkInvariants()
  }

  @Test func throughAnIvarAnImmutableNSArrayRefusesTheEditWithItsOwnError() throws {
    let (world, object) = try object(.ivar)
    let array = try #require(try world.runtime.object(bridging: ["a", "b"]))
    try object.setValue(.object(array), forIvar: "_items")
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "items", options: [.prior])
    let items = try object.mutableArrayValue(forKey: "items")
    let error = #expect(throws: RuntimeError.self) { try items.append("x") }
    #expect(error?.message.hasPrefix("-[__NSArrayI insertObject:atIndex:]: unrecognized selector sent to instance") == true)
    #expect(try object.value(ofIvar: "_items").objectValue === array)
    // Announced, then refused by the array, with no did (decision 0025; before round 14 this
    // test asserted that nobody was told).
    #expect(log.all.map(\.change) == [Change(kind: .insertion, indexes: [2], isPrior: true)])
  }

  @Test func indexedMutatorsGetNotifyingOverrides() throws {
    let world = try World()
    try world.addItemsMutators()
    try addBulkMutators(to: world.person)
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items")
    let names = Dictionary(uniqueKeysWithValues: person.isa.methodList.map { ($0.selector.name, $0.implementation.name) })
    #expect(names["insertObject:inItemsAtIndex:"] == "_NSKVOInsertObjectAtIndexAndNotify")
    #expect(names["removeObjectFromItemsAtIndex:"] == "_NSKVORemoveObjectAtIndexAndNotify")
    #expect(names["replaceObjectInItemsAtIndex:withObject:"] == "_NSKVOReplaceObjectAtIndexAndNotify")
    #expect(names["insertItems:atIndexes:"] == "_NSKVOInsertObjectsAtIndexesAndNotify")
    #expect(names["removeItemsAtIndexes:"] == "_NSKVORemoveObjectsAtIndexesAndNotify")
  }

  @Test(arguments: Route.allCases)
  func appendGoesAtTheEnd(route: Route) throws {
    let (world, object) = try object(route, items: [])
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "items", options: .new)
    let items = try object.mutableArrayValue(forKey: "items")
    try items.append("a")
    try items.append("b")
    #expect(try items.elements() == ["a", "b"])
    #expect(log.count == 2)
    if route != .setter { #expect(log.all.map(\.change.indexes) == [[0], [1]]) }
  }

  /// Checked first on the setter and ivar routes; through mutators the edit is sent on
  /// unchecked, as Foundation's proxy sends it (decision 0025): the insertion past the end is
  /// announced (an insertion has no old values to read), then the mutator raises; the removal and
  /// the replacement raise in the will, reading old values at the bad index.
  @Test(arguments: Route.allCases)
  func anEditThatCannotHappenRaisesAndNotifiesNobody(route: Route) throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let (world, object) = try object(route, items: ["a"])
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "items", options: [.prior, .old, .new])
    let items = try object.mutableArrayValue(forKey: "items")
    let insertion = #expect(throws: KeyValueError.self) { try items.insert("x", at: 5) }
    #expect(insertion?.exceptionName == "NSRangeException")
    #expect(throws: KeyValueError.self) { try items.remove(at: 1) }
    #expect(throws: KeyValueError.self) { try items.replace(at: -1, with: "x") }
    #expect(try items.elements() == ["a"])
    if route != .setter {  // the will comes first, then the raise (decision 0025)
      #expect(log.all.map(\.change) == [Change(kind: .insertion, indexes: [5], isPrior: true)])
    } else {
      #expect(log.count == 0, "no prior and no post notification for a change that never happened")
    }
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
  }

  @Test(arguments: Route.allCases)
  func removingOrReplacingInAnEmptyArrayThrowsInsteadOfTrapping(route: Route) throws {
    let (world, object) = try object(route, items: [])
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "items")
    let items = try object.mutableArrayValue(forKey: "items")
    let removal = #expect(throws: KeyValueError.self) { try items.remove(at: 0) }
    #expect(removal?.message.contains("for empty array") == true)
    #expect(removal?.code == .indexOutOfBounds && removal?.exceptionName == "NSRangeException")
    #expect(throws: KeyValueError.self) { try items.replace(at: 0, with: "x") }
    #expect(throws: KeyValueError.self) { try items.removeLast() }
    #expect(try items.elements() == [])
    #expect(log.count == 0)
  }

  @Test(arguments: [Route.mutators, .ivar])
  func priorNotificationOfAnInsertionCarriesNoOld(route: Route) throws {
    let (world, object) = try object(route, items: ["a"])
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "items", options: [.old, .new, .prior])
    try object.mutableArrayValue(forKey: "items").insert("x", at: 0)
    let changes = log.all.map(\.change)
    #expect(changes.map(\.isPrior) == [true, false])
    #expect(changes.allSatisfy { $0.kind == .insertion && $0.indexes == [0] && $0.old == nil })
    #expect(changes[0].new == nil && changes[1].new == ["x"])
  }

  @Test func multiIndexEditsThroughOneIndexMutatorsNotifyOncePerIndex() throws {
    let (world, person) = try object(.mutators, items: ["a", "b", "c"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new])
    let items = try person.mutableArrayValue(forKey: "items")
    try items.insert(["x", "y"], at: [0, 2])  // positions in the result: x a y b c
    #expect(try items.elements() == ["x", "a", "y", "b", "c"])
    try items.remove(at: [1, 3])  // a and b, from the highest index down
    #expect(try items.elements() == ["x", "y", "c"])
    let changes = log.all.map(\.change)
    #expect(changes.map(\.kind) == [.insertion, .insertion, .removal, .removal])
    #expect(changes.map(\.indexes) == [[0], [2], [3], [1]])
    #expect(changes.map(\.old) == [nil, nil, ["b"], ["a"]])
  }

  @Test func multiIndexEditsThroughBulkMutatorsNotifyOnceWithEveryIndex() throws {
    let (world, person) = try object(.mutators, items: ["a", "b", "c"])
    try addBulkMutators(to: world.person)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new])
    let items = try person.mutableArrayValue(forKey: "items")
    try items.insert(["x", "y"], at: [0, 2])
    try items.remove(at: [1, 3])
    try items.removeAll()
    #expect(try items.elements() == [])
    let changes = log.all.map(\.change)
    #expect(changes.map(\.kind) == [.insertion, .removal, .removal])
    #expect(changes.map(\.indexes) == [[0, 2], [1, 3], [0, 1, 2]])
    #expect(changes[0].new == ["x", "y"] && changes[1].old == ["a", "b"] && changes[2].old == ["x", "y", "c"])
  }

  @Test func multiIndexEditsOfAnIvarNotifyOnceWithEveryIndex() throws {
    let (world, bag) = try object(.ivar, items: ["a", "b", "c"])
    let (observer, log) = try world.newObserver()
    try bag.addObserver(observer, forKeyPath: "items", options: [.old, .new])
    let items = try bag.mutableArrayValue(forKey: "items")
    try items.insert(["x", "y"], at: [0, 2])
    try items.remove(at: [1, 3])
    let changes = log.all.map(\.change)
    #expect(changes.map(\.kind) == [.insertion, .removal])
    #expect(changes.map(\.indexes) == [[0, 2], [1, 3]])
    #expect(changes[0].new == ["x", "y"] && changes[1].old == ["a", "b"])
  }

  @Test func removeObjectRemoveAllAndRemoveLastRemoveThroughTheMutators() throws {
    let (world, person) = try object(.mutators, items: ["a", "b", "a", "c"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old])
    let items = try person.mutableArrayValue(forKey: "items")
    try items.remove("a")  // every occurrence, from the highest index down
    try items.remove("zzz")  // none: no change, no notification
    try items.removeLast()
    try items.removeAll()
    try items.removeAll()  // already empty: no notification
    #expect(try items.elements() == [])
    let changes = log.all.map(\.change)
    #expect(changes.map(\.kind) == [.removal, .removal, .removal, .removal])
    #expect(changes.map(\.indexes) == [[2], [0], [1], [0]])
    #expect(changes.map(\.old) == [["a"], ["a"], ["c"], ["b"]])
    let empty = #expect(throws: KeyValueError.self) { try items.removeLast() }
    #expect(empty?.code == .indexOutOfBounds)
  }

  @Test func replacementWithoutAReplacementMutatorIsARemovalThenAnInsertion() throws {
    let world = try World()
    try world.addItemsMutators(replacing: false)
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new])
    try person.mutableArrayValue(forKey: "items").replace(at: 1, with: "x")
    #expect(try person.value(forKey: "items") == ["a", "x"])
    #expect(log.all.map(\.change) == [
      Change(kind: .removal, old: ["b"], indexes: [1]),
      Change(kind: .insertion, new: ["x"], indexes: [1]),
    ])
  }

  @Test(arguments: Route.allCases)
  func badMultiIndexEditsThrowAndChangeNothing(route: Route) throws {
    let (world, object) = try object(route)
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "items", options: .prior)
    let items = try object.mutableArrayValue(forKey: "items")
    let mismatch = #expect(throws: KeyValueError.self) { try items.insert(["x"], at: [0, 1]) }
    #expect(mismatch?.code == .invalidArgument)
    let pastEnd = #expect(throws: KeyValueError.self) { try items.insert(["x", "y"], at: [0, 4]) }
    #expect(pastEnd?.code == .indexOutOfBounds)
    let removal = #expect(throws: KeyValueError.self) { try items.remove(at: [0, 2]) }
    #expect(removal?.code == .indexOutOfBounds)
    #expect(try items.elements() == ["a", "b"])
    if route == .ivar {  // the ivar's edits are announced, then raised (decision 0025)
      #expect(log.all.map(\.change) == [
        Change(kind: .insertion, indexes: [0, 4], isPrior: true), Change(kind: .removal, indexes: [0, 2], isPrior: true),
      ])
    } else {
      #expect(log.count == 0)
    }
  }

  @Test func aMutatorThatRefusesTheEditSendsNoPostNotificationAndLeavesNothingOpen() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let world = try World()
    struct Refused: Error {}
    let refuse = Locked(true)
    try world.person.addMethod("insertObject:inItemsAtIndex:", types: "v32@0:8@16Q24") { receiver, _, arguments in
      if refuse.withLock({ $0 }) { throw Refused() }
      var items = try receiver.value(ofIvar: "_items").arrayValue ?? []
      items.insert(arguments[0], at: arguments[1].intValue ?? 0)
      try receiver.setValue(.array(items), forIvar: "_items")
      return .nil
    }
    try world.person.addMethod("removeObjectFromItemsAtIndex:", types: "v24@0:8Q16") { _, _, _ in .nil }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.new])
    let items = try person.mutableArrayValue(forKey: "items")
    #expect(throws: Refused.self) { try items.append("x") }
    #expect(log.count == 0)
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
    refuse.withLock { $0 = false }
    try items.append("y")
    #expect(log.all.map(\.change) == [Change(kind: .insertion, new: ["y"], indexes: [0])])
  }

  /// Foundation's notifying mutator sends the will before the class's mutator sees the index
  /// (decision 0025): the prior notification goes out, then the mutator raises, and no did is
  /// sent; nothing is left pending, so the next edit notifies normally.
  @Test func aNotifyingMutatorSentAnIndexOutOfRangeAnnouncesThenRaises() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let (world, person) = try object(.mutators, items: ["a"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.prior, .new])
    let error = #expect(throws: KeyValueError.self) {
      try world.runtime.msgSend(person, "insertObject:inItemsAtIndex:", "x", 3)
    }
    #expect(error?.message == "*** -[__NSArrayM insertObject:atIndex:]: index 3 beyond bounds [0 .. 1]")
    #expect(error?.exceptionName == "NSRangeException")
    #expect(log.all.map(\.change) == [Change(kind: .insertion, indexes: [3], isPrior: true)])
    #expect(try person.value(forKey: "items") == ["a"])
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
    try world.runtime.msgSend(person, "insertObject:inItemsAtIndex:", "x", 1)
    #expect(log.all.map(\.change).suffix(2) == [
      Change(kind: .insertion, indexes: [1], isPrior: true), Change(kind: .insertion, new: ["x"], indexes: [1]),
    ])
  }

  /// `insertItems:atIndexes:` and `removeItemsAtIndexes:`, editing the ivar `_items`.
  func addBulkMutators(to person: Class) throws {
    try person.addMethod("insertItems:atIndexes:", types: "v32@0:8@16@24") { receiver, _, arguments in
      var items = try receiver.value(ofIvar: "_items").arrayValue ?? []
      let indexes = try KeyValueCategory.indexes(arguments[1])  // an NSIndexSet
      for (element, index) in zip(arguments[0].arrayValue ?? [], indexes) { items.insert(element, at: index) }
      try receiver.setValue(.array(items), forIvar: "_items")
      return .nil
    }
    try person.addMethod("removeItemsAtIndexes:", types: "v24@0:8@16") { receiver, _, arguments in
      var items = try receiver.value(ofIvar: "_items").arrayValue ?? []
      for index in try KeyValueCategory.indexes(arguments[0]).reversed() { items.remove(at: index) }
      try receiver.setValue(.array(items), forIvar: "_items")
      return .nil
    }
  }

  @Test(arguments: Route.allCases)
  func aNegativeIndexIsPrintedAsTheNSUIntegerFoundationsProxyReceives(route: Route) throws {
    let (_, owner) = try object(route)
    let items = try owner.mutableArrayValue(forKey: "items")
    // Through mutators the class's mutator (over an NSMutableArray) raises: decision 0025.
    let raiser = route == .mutators ? "__NSArrayM" : "NSKeyValueMutableArray"
    let error = #expect(throws: KeyValueError.self) { try items.remove(at: -1) }
    #expect(error?.message == "*** -[\(raiser) removeObjectAtIndex:]: index 18446744073709551615 beyond bounds [0 .. 1]")
    #expect(error?.exceptionName == "NSRangeException")
    let (_, empty) = try object(route, items: [])
    let emptyError = #expect(throws: KeyValueError.self) { try empty.mutableArrayValue(forKey: "items").remove(at: 0) }
    #expect(emptyError?.message == "*** -[\(raiser) removeObjectAtIndex:]: index 0 beyond bounds for empty array")
  }
}
