// ChangeDictionaryTests.swift: the change dictionary each observer gets, per option combination.

import Dispatch
import Testing

@testable import KVO

@Suite struct ChangeDictionaryTests {
  @Test func noOptionsGiveKindOnly() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    try world.set(person, "age", 1)
    let change = try #require(log.all.first?.change)
    #expect(change.kind == .setting)
    #expect(change.new == nil)
    #expect(change.old == nil)
    #expect(change[.new] == nil)
    #expect(change[.kind] == 1)
    #expect(change[.notificationIsPrior] == nil)
    #expect(Set(change.dictionary.keys) == ["kind"])
  }

  static let optionCases: [(ObservingOptions, Bool, Bool)] = [
    (.new, true, false), (.old, false, true), ([.new, .old], true, true),
  ]

  @Test(arguments: optionCases)
  func requestedValuesArePresentAndOthersAbsent(options: ObservingOptions, hasNew: Bool, hasOld: Bool) throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 41)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: options)
    try world.set(person, "age", 42)
    let change = try #require(log.all.first?.change)
    #expect((change.new != nil) == hasNew)
    #expect((change.old != nil) == hasOld)
    if hasNew { #expect(change.new == 42) }
    if hasOld { #expect(change.old == 41) }
  }

  @Test func oldNilValueIsAnExplicitNullMarker() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "name", options: [.old, .new])
    try world.set(person, "name", "Ann")
    let change = try #require(log.all.first?.change)
    #expect(change.old == .some(.nil))  // the Swift reading: nil
    #expect(change[.old] == .null)  // the dictionary's entry: NSNull, as objectForKey: answers
    #expect(change.dictionary["old"] == .null)
    #expect(change.new == "Ann")
  }

  @Test func initialNotificationComesAtRegistrationWithKindSettingAndNoOld() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 5)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.initial, .new, .old])
    #expect(log.count == 1)
    let change = try #require(log.all.first?.change)
    #expect(change.kind == .setting)
    #expect(change.new == 5)
    #expect(change.old == nil)
  }

  @Test func initialWithoutNewCarriesNoValue() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.initial])
    let change = try #require(log.all.first?.change)
    #expect(change.new == nil && change.old == nil)
  }

  @Test func priorNotificationComesFirstWithOldButNeverNew() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 1)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.prior, .old, .new])
    try world.set(person, "age", 2)
    #expect(log.count == 2)
    let prior = log.all[0].change
    let after = log.all[1].change
    #expect(prior.isPrior)
    #expect(prior[.notificationIsPrior] == true)
    #expect(prior.old == 1)
    #expect(prior.new == nil)
    #expect(!after.isPrior)
    #expect(after.old == 1)
    #expect(after.new == 2)
  }

  @Test func eachObserverGetsAChangeBuiltFromItsOwnOptions() throws {
    let world = try World()
    let person = try world.newPerson()
    let (onlyNew, newLog) = try world.newObserver()
    let (onlyOld, oldLog) = try world.newObserver()
    try person.addObserver(onlyNew, forKeyPath: "age", options: .new)
    try person.addObserver(onlyOld, forKeyPath: "age", options: .old)
    try world.set(person, "age", 9)
    #expect(newLog.all.first?.change.new == 9)
    #expect(newLog.all.first?.change.old == nil)
    #expect(oldLog.all.first?.change.old == 0)
    #expect(oldLog.all.first?.change.new == nil)
  }

  @Test func notificationCarriesKeyPathObjectAndContext() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [], context: 42)
    try world.set(person, "age", 3)
    let received = try #require(log.all.first)
    #expect(received.keyPath == "age")
    #expect(received.object === person)
    #expect(received.context == 42)
  }

  @Test func observersAreNotifiedInRegistrationOrder() throws {
    let world = try World()
    let person = try world.newPerson()
    let order = Log<Int>()
    var observers: [Object] = []
    for index in 0..<5 {
      let (observer, _) = try world.newObserver { _ in order.append(index) }
      observers.append(observer)
      try person.addObserver(observer, forKeyPath: "age")
    }
    try world.set(person, "age", 1)
    #expect(order.all == [0, 1, 2, 3, 4])
    withExtendedLifetime(observers) {}
  }

  @Test func onlyObserversOfTheChangedKeyAreNotified() throws {
    let world = try World()
    let person = try world.newPerson()
    let (ageObserver, ageLog) = try world.newObserver()
    let (nameObserver, nameLog) = try world.newObserver()
    try person.addObserver(ageObserver, forKeyPath: "age")
    try person.addObserver(nameObserver, forKeyPath: "name")
    try world.set(person, "age", 1)
    #expect(ageLog.count == 1)
    #expect(nameLog.count == 0)
  }

  @Test func aChangeKeptByAnObserverIsNeverRewrittenByALaterSet() throws {
    // An observer may keep its change and read it later, on another thread (a KVOController
    // executor): KVO never recycles a change it handed out.
    let world = try World()
    let person = try world.newPerson()
    let kept = Log<Change>()
    let token = try person.observe("age", options: [.old, .new]) { _, change in kept.append(change) }
    try world.set(person, "age", 1)
    let first = try #require(kept.all.first)
    let reading = DispatchGroup()
    DispatchQueue.global().async(group: reading) { _ = (first.new, first.old) }  // read on another thread
    for age in 2...20 { try world.set(person, "age", .int(age)) }
    reading.wait()
    #expect(first == Change(kind: .setting, new: 1, old: 0))
    #expect(Set(kept.all.map(ObjectIdentifier.init)).count == kept.count, "one change object per notification")
    token.invalidate()
  }

  @Test func anOldValueNotAskedForAndAnOldValueThatWasNilAreToldApart() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "name", options: [.new])
    try person.addObserver(observer, forKeyPath: "name", options: [.old, .new])
    try world.set(person, "name", "Ann")
    let changes = log.all.map(\.change)
    try #require(changes.count == 2)
    #expect(changes[0].old == nil && changes[0][.old] == nil)  // not asked for: no entry
    #expect(changes[1].old == .nil && changes[1][.old] == .null)  // asked for, and it was nil (NSNull)
    #expect(!changes[0].description.contains("old"))
    #expect(changes[1].description.contains("\n    old = \"<null>\";\n"))  // NSNull's description
  }

  @Test func changeDescriptionReadsLikeAnNSDictionary() throws {
    let change = Change(kind: .setting, new: 43, old: 42)
    #expect(change.description == "{\n    kind = 1;\n    new = 43;\n    old = 42;\n}")
  }

  @Test func closureObservationReceivesChangesUntilInvalidated() throws {
    let world = try World()
    let person = try world.newPerson()
    let seen = Log<Value?>()
    let token = try person.observe("age", options: [.new]) { _, change in seen.append(change.new) }
    try world.set(person, "age", 1)
    token.invalidate()
    try world.set(person, "age", 2)
    #expect(seen.all == [.some(1)])
    #expect(person.isa === world.person)
  }

  @Test func releasingTheTokenEndsTheObservation() throws {
    let world = try World()
    let person = try world.newPerson()
    let seen = Log<Int>()
    var token: ObservationToken? = try person.observe("age") { _, _ in seen.append(1) }
    try world.set(person, "age", 1)
    token = nil
    try world.set(person, "age", 2)
    #expect(seen.count == 1)
    #expect(token == nil)
    #expect(person.isa === world.person)
  }

  // MARK: - To-many changes: Foundation's objects

  /// Whether `value`, boxed as a message would box it, is an instance of the class `name`.
  func isKind(_ value: Value?, of name: String, in world: World) throws -> Bool {
    let value = try #require(value)
    let object = try world.runtime.object(bridging: value)
    let cls = try #require(world.runtime.lookUpClass(named: name))
    return try world.runtime.msgSend(object, "isKindOfClass:", .class(cls)).boolValue == true
  }

  @Test func indexesEntryOfAToManyChangeIsAnNSIndexSet() throws {
    let world = try World()
    try world.addItemsMutators()
    let person = try world.newPerson()
    try world.set(person, "items", ["a"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.new, .prior])
    try person.mutableArrayValue(forKey: "items").insert("b", at: 1)
    #expect(log.all.map(\.change.isPrior) == [true, false])
    for change in log.all.map(\.change) {
      let indexSet = try #require(change[.indexes]?.objectValue)
      #expect(indexSet.isa.name == "_NSCachedIndexSet")
      #expect(try world.runtime.msgSend(indexSet, "count") == 1)
      #expect(try world.runtime.msgSend(indexSet, "containsIndex:", 1) == true)
      #expect(change[.indexes]?.indexesValue == [1])
      #expect(change.indexes == [1])  // the Swift value, as before
      #expect(change.dictionary["indexes"]?.objectValue?.isa.name == "_NSCachedIndexSet")
    }
    #expect(log.all.last?.change.description.contains(">[number of indexes: 1 (in 1 ranges), indexes: (1)]\";") == true)
  }

  @Test func indexesEntryStaysAnNSIndexSetWhenALayerAboveAddsAnEntry() throws {
    let world = try World()
    try world.addItemsMutators()
    let person = try world.newPerson()
    let changes = Log<Change>()
    let token = try person.observe("items") { _, change in changes.append(change) }
    try person.mutableArrayValue(forKey: "items").append("a")
    let tagged = try #require(changes.all.first).adding("items", forKey: ChangeKey("keyPath"))
    #expect(tagged[.indexes]?.objectValue?.isa.name == "_NSCachedIndexSet")
    #expect(tagged.indexes == [0])
    token.invalidate()
  }

  @Test func oldAndNewOfAnIndexedChangeAreArrays() throws {
    let world = try World()
    try world.addItemsMutators()
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.new, .old])
    try person.mutableArrayValue(forKey: "items").replace(at: 1, with: "c")
    let change = try #require(log.all.first?.change)
    #expect(change.kind == .replacement)
    #expect(change.old == ["b"] && change.new == ["c"])
    #expect(try isKind(change.old, of: "NSArray", in: world))
    #expect(try isKind(change.new, of: "NSArray", in: world))
  }

  @Test func oldAndNewOfAnOrderedSetIndexedChangeAreArrays() throws {
    // A class with only the ivar: the proxy edits the ordered set in place, an indexed change.
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Shelf")
    try cls.addIvar("_items", type: .object(className: "NSMutableOrderedSet"))
    try world.runtime.registerClassPair(cls)
    let person = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    try person.setValue(.object(try world.runtime.mutableOrderedSet(["a"])), forIvar: "_items")
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.new])
    let proxy = try person.mutableOrderedSetValue(forKey: "items")
    try world.runtime.msgSend(proxy, "insertObject:atIndex:", "b", 1)
    let change = try #require(log.all.last?.change)
    #expect(change.kind == .insertion)
    #expect(change[.indexes]?.objectValue?.isa.name == "_NSCachedIndexSet")
    #expect(change.new == ["b"])
    #expect(try isKind(change.new, of: "NSArray", in: world))
    #expect(try !isKind(change.new, of: "NSOrderedSet", in: world))
  }

  @Test func oldAndNewOfASetMutationAreSetsWithNoIndexes() throws {
    let world = try World()
    let club = try world.club(.mutators, members: ["a", "b"])
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.new, .old])
    let members = try club.mutableSetValue(forKey: "members")
    try world.runtime.msgSend(members, "addObject:", "c")
    try world.runtime.msgSend(members, "removeObject:", "a")
    let changes = log.all.map(\.change)
    #expect(changes.map(\.kind) == [.insertion, .removal])
    #expect(changes[0].new == .set(["c"]) && changes[1].old == .set(["a"]))
    #expect(try isKind(changes[0].new, of: "NSSet", in: world))
    #expect(try isKind(changes[1].old, of: "NSSet", in: world))
    #expect(changes.allSatisfy { $0[.indexes] == nil })
  }

  @Test func aChangeMadeWithoutARuntimeGivesItsIndexesAsNumbers() {
    let change = Change(kind: .insertion, new: ["x"], indexes: [3])
    #expect(change[.indexes] == [3])
    #expect(change.indexes == [3])
  }
}

@Suite struct ChangeArgumentMessageTests {
  /// An observer class whose `observeValueForKeyPath:ofObject:change:context:` sends messages to
  /// its `change:` argument, as Objective-C code does, and records what they answer.
  func messagingObserver(_ world: World, _ answers: Log<[String: Value]>) throws -> Object {
    let runtime = world.runtime
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "DictionaryReader")
    try runtime.registerClassPair(cls)
    try cls.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") { _, _, arguments in
      let change = arguments[2]
      let count = try runtime.msgSend(bridging: change, "count")  // the first message loads Foundation if needed
      let dictionaryClass = try #require(runtime.lookUpClass(named: "NSDictionary"))
      answers.append([
        "isDictionary": try runtime.msgSend(bridging: change, "isKindOfClass:", .class(dictionaryClass)),
        "count": count,
        "kind": try runtime.msgSend(bridging: change, "objectForKey:", "kind"),
        "new": try runtime.msgSend(bridging: change, "objectForKey:", "new"),
        "old": try runtime.msgSend(bridging: change, "objectForKey:", "old"),
        "indexes": try runtime.msgSend(bridging: change, "objectForKey:", "indexes"),
        "typed": arguments[2].change.map { .uint64(UInt64($0.kind.rawValue)) } ?? .nil,
      ])
      return .nil
    }
    return try #require(try runtime.msgSend(cls, "new").objectValue)
  }

  @Test func theChangeArgumentAnswersNSDictionaryMessagesWithFoundationsEntries() throws {
    let world = try World()
    let person = try world.newPerson()
    let answers = Log<[String: Value]>()
    let observer = try messagingObserver(world, answers)
    try person.addObserver(observer, forKeyPath: "friend", options: [.old, .new])
    let friend = try world.newPerson()
    try world.set(person, "friend", .object(friend))
    let answer = try #require(answers.all.first)
    #expect(answer["isDictionary"] == true)
    #expect(answer["count"] == 3)  // kind, new, old
    #expect(answer["kind"] == 1)
    #expect(answer["new"]?.objectValue === friend)
    #expect(answer["old"] == .null)  // a nil old value is NSNull, as in Foundation
    #expect(answer["indexes"] == .nil)  // absent: objectForKey: answers nil
    #expect(answer["typed"] == 1, "Swift code still reads the typed Change")
    try person.removeObserver(observer, forKeyPath: "friend")
    try world.runtime.checkInvariants()
  }

  @Test func aToManyChangeArgumentHoldsItsIndexesAsAnNSIndexSet() throws {
    let world = try World()
    try world.addItemsMutators()
    let person = try world.newPerson()
    try person.setValue(["a"], forKey: "items")
    let answers = Log<[String: Value]>()
    let observer = try messagingObserver(world, answers)
    try person.addObserver(observer, forKeyPath: "items", options: [.new])
    try person.mutableArrayValue(forKey: "items").insert("b", at: 1)
    let answer = try #require(answers.all.first)
    #expect(answer["kind"] == 2)
    #expect(answer["new"] == ["b"])
    #expect(answer["indexes"]?.objectValue?.isa.name == "_NSCachedIndexSet")
    #expect(answer["indexes"]?.indexesValue == [1])
    try person.removeObserver(observer, forKeyPath: "items")
    try world.runtime.checkInvariants()
  }
}
