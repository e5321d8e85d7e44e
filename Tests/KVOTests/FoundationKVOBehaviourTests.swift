// FoundationKVOBehaviourTests.swift: behaviour cases modelled on GNUstep base's KVC/KVO tests. Each
// test pins Foundation's documented semantics; a failure here is a gap between MiniKVO and
// Foundation. Key-path chains, subclasses and the later rounds are in FoundationKVOBehaviourChainTests.

import Testing

@testable import KVO

@Suite struct FoundationKVOBehaviourTests {
  // MARK: - Basic notifications and options

  @Test func settingTheSameValueStillNotifies() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 5)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    try world.set(person, "age", 5)
    #expect(log.count == 1)
    #expect(log.all.first?.change.old == 5 && log.all.first?.change.new == 5)
  }

  @Test func initialAndPriorTogetherGiveOneInitialThenPriorAndPostPerChange() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 1)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.initial, .prior, .old, .new])
    #expect(log.all.map(\.change.isPrior) == [false])
    #expect(log.all.first?.change.new == 1 && log.all.first?.change.old == nil)
    try world.set(person, "age", 2)
    #expect(log.all.map(\.change.isPrior) == [false, true, false])
    let prior = log.all[1].change
    #expect(prior.old == 1 && prior.new == nil && prior[.notificationIsPrior] == true)
    #expect(log.all[2].change.old == 1 && log.all[2].change.new == 2)
  }

  @Test func observationInfoIsNilUntilObservedAndNilAgainAfterTheLastRemoval() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    #expect(person.observationInfo == nil)
    try person.addObserver(observer, forKeyPath: "age", context: 1)
    try person.addObserver(observer, forKeyPath: "age", context: 2)
    #expect(person.observationInfo != nil)
    try person.removeObserver(observer, forKeyPath: "age", context: 1)
    #expect(person.observationInfo != nil)
    #expect(person.observationInfoDescription.contains("Context: 0x2"))
    #expect(!person.observationInfoDescription.contains("Context: 0x1"))
    try person.removeObserver(observer, forKeyPath: "age", context: 2)
    #expect(person.observationInfo == nil)
    #expect(person.isa === world.person)
  }

  @Test func removingOneOfTwoObservedKeysKeepsTheNotifyingClass() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    try person.addObserver(observer, forKeyPath: "name")
    try person.removeObserver(observer, forKeyPath: "age")
    #expect(person.isa.name == "NSKVONotifying_Person")
    try world.set(person, "age", 3)
    try world.set(person, "name", "Ann")
    #expect(log.all.map(\.keyPath) == ["name"])
  }

  // MARK: - Manual notification

  @Test func nestedWillDidOfDifferentKeysNotifyInnerThenOuter() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 1)
    try world.set(person, "name", "A")
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    try person.addObserver(observer, forKeyPath: "name", options: [.old, .new])
    try person.willChangeValue(forKey: "age")
    try person.willChangeValue(forKey: "name")
    try person.setValue(2, forIvarOf: "_age")
    try person.setValue("B", forIvarOf: "_name")
    try person.didChangeValue(forKey: "name")
    try person.didChangeValue(forKey: "age")
    #expect(log.all.map(\.keyPath) == ["name", "age"])
    #expect(log.all.map(\.change.old) == ["A", 1])
    #expect(log.all.map(\.change.new) == ["B", 2])
  }

  @Test func ivarOnlyKeyWithAutomaticNotificationOffIsNotifiedOnlyManually() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Tagged")
    try cls.addIvar("_nickname", type: .object(className: "NSString"))
    try world.runtime.registerClassPair(cls)
    try cls.isa.addMethod("automaticallyNotifiesObserversOfNickname", types: "B16@0:8") { _, _, _ in false }
    let object = try world.newInstance(of: cls)
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "nickname", options: [.new])
    try object.setValue("quiet", forKey: "nickname")
    #expect(log.count == 0)
    try object.willChangeValue(forKey: "nickname")
    try object.setValue("loud", forKey: "nickname")
    try object.didChangeValue(forKey: "nickname")
    #expect(log.all.map(\.change.new) == ["loud"])
  }

  @Test func manualToManyRemovalOfSeveralIndexesReportsTheRemovedElementsWithPrior() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b", "c"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new, .prior])
    try person.willChange(.removal, valuesAt: [0, 2], forKey: "items")
    try person.setValue(["b"], forIvarOf: "_items")
    try person.didChange(.removal, valuesAt: [0, 2], forKey: "items")
    #expect(log.all.map(\.change.isPrior) == [true, false])
    for received in log.all {
      #expect(received.change.kind == .removal)
      #expect(received.change.indexes == [0, 2])
      #expect(received.change.old == ["a", "c"])
      #expect(received.change.new == nil)
    }
  }

  // MARK: - setNilValueForKey, undefined keys

  @Test func setNilValueForKeyOverrideRunsAndItsSetNotifies() throws {
    let world = try World()
    try world.person.addMethod("setNilValueForKey:", types: "v24@0:8@16") { receiver, _, arguments in
      try receiver.setValue(0, forKey: try #require(arguments[0].stringValue))
      return .nil
    }
    let person = try world.newPerson()
    try world.set(person, "age", 9)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try person.setValue(nil, forKey: "age")
    #expect(try person.value(forKey: "age") == 0)
    #expect(log.all.map(\.change.new) == [0])
  }

  @Test func setValueForUndefinedKeyOverrideReceivesValueAndKey() throws {
    let world = try World()
    let seen = Log<String>()
    try world.person.addMethod("setValue:forUndefinedKey:", types: "v32@0:8@16@24") { _, _, arguments in
      seen.append("\(arguments[1].stringValue ?? "?")=\(arguments[0])")
      return .nil
    }
    let person = try world.newPerson()
    try person.setValue(7, forKey: "shoeSize")
    try person.setValue(8, forKeyPath: "shoeSize")
    #expect(seen.all == ["shoeSize=7", "shoeSize=8"])
  }

  @Test func keyPathWithNilIntermediateReadsNilAndSetsNothing() throws {
    let world = try World()
    let person = try world.newPerson()
    #expect(try person.value(forKeyPath: "friend.name") == .nil)
    #expect(try person.value(forKeyPath: "friend.friend.age") == .nil)
    try person.setValue("x", forKeyPath: "friend.name")
    #expect(try person.value(forKey: "friend") == .nil)
  }

  @Test func readonlyPropertyIsSetThroughItsIvarAndNotifies() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Badge")
    try cls.synthesizeProperty("serial", type: .longLong, options: [.readonly])
    try world.runtime.registerClassPair(cls)
    let badge = try world.newInstance(of: cls)
    let (observer, log) = try world.newObserver()
    try badge.addObserver(observer, forKeyPath: "serial", options: [.old, .new])
    try badge.setValue(42, forKey: "serial")
    #expect(try badge.value(forKey: "serial") == 42)
    #expect(log.all.map(\.change.new) == [42])
    #expect(log.all.map(\.change.old) == [0])
  }

  @Test func underscoreSetterIsUsedByKVCAndNotifies() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Secret")
    try cls.addIvar("_code", type: .longLong)
    try world.runtime.registerClassPair(cls)
    let calls = Log<String>()
    try cls.addMethod("_setCode:", types: "v24@0:8q16") { receiver, _, arguments in
      calls.append("_setCode:")
      try receiver.setValue(arguments[0], forIvar: "_code")
      return .nil
    }
    let object = try world.newInstance(of: cls)
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "code", options: [.new])
    try object.setValue(5, forKey: "code")
    #expect(calls.all == ["_setCode:"])
    #expect(log.all.map(\.change.new) == [5])
  }

  @Test func structPropertyChangesCarryStructValues() throws {
    let world = try World()
    let point = try TypeEncoding("{CGPoint=dd}")
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Shape")
    try cls.synthesizeProperty("origin", type: point)
    try world.runtime.registerClassPair(cls)
    let shape = try world.newInstance(of: cls)
    let (observer, log) = try world.newObserver()
    try shape.addObserver(observer, forKeyPath: "origin", options: [.old, .new])
    let value = Value.structure(Structure(name: "CGPoint", fields: [.double(1), .double(2)]))
    try shape.setValue(value, forKey: "origin")
    #expect(try shape.value(forKey: "origin") == value)
    #expect(log.all.map(\.change.new) == [value])
    #expect(try shape.isa.instanceMethod(for: "setOrigin:")?.implementation.name == "_NSSetPointValueAndNotify")
  }

  // MARK: - Collection operators

  func peopleWithAges(_ ages: [Int], in world: World) throws -> Object {
    let owner = try world.newPerson()
    var people: [Value] = []
    for age in ages {
      let person = try world.newPerson()
      try world.set(person, "age", .int(age))
      people.append(.object(person))
    }
    try world.set(owner, "items", .array(people))
    return owner
  }

  @Test func collectionOperatorsAggregateAPropertyOfTheElements() throws {
    let world = try World()
    let owner = try peopleWithAges([3, 1, 2, 3], in: world)
    #expect(try owner.value(forKeyPath: "items.@count") == 4)
    #expect(try owner.value(forKeyPath: "items.age") == [3, 1, 2, 3])
    #expect(try owner.value(forKeyPath: "items.@sum.age") == 9)
    #expect(try owner.value(forKeyPath: "items.@avg.age") == 2.25)
    #expect(try owner.value(forKeyPath: "items.@min.age") == 1)
    #expect(try owner.value(forKeyPath: "items.@max.age") == 3)
    let distinct = try #require(try owner.value(forKeyPath: "items.@distinctUnionOfObjects.age").arrayValue)
    #expect(distinct.count == 3 && Set(distinct) == [1, 2, 3])
    #expect(try owner.value(forKeyPath: "items.@unionOfObjects.age") == [3, 1, 2, 3])
  }

  @Test func collectionOperatorsFollowALongerRightKeyPath() throws {
    let world = try World()
    let owner = try world.newPerson()
    var people: [Value] = []
    for age in [10, 20] {
      let person = try world.newPerson()
      let friend = try world.newPerson()
      try world.set(friend, "age", .int(age))
      try world.set(person, "friend", .object(friend))
      people.append(.object(person))
    }
    try world.set(owner, "items", .array(people))
    #expect(try owner.value(forKeyPath: "items.@sum.friend.age") == 30)
    #expect(try owner.value(forKeyPath: "items.friend.age") == [10, 20])
  }

  // MARK: - To-many

  @Test func mutableArrayOfAnIvarOnlyKeyNotifiesOneInsertion() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Bag")
    try cls.addIvar("_tags", type: .object(className: "NSArray"))
    try world.runtime.registerClassPair(cls)
    let bag = try world.newInstance(of: cls)
    try bag.setValue(.object(try world.runtime.mutableArray()), forIvar: "_tags")  // the ivar proxy never invents one
    let (observer, log) = try world.newObserver()
    try bag.addObserver(observer, forKeyPath: "tags", options: [.new, .old])
    let tags = try bag.mutableArrayValue(forKey: "tags")
    try tags.append("a")
    try tags.insert("b", at: 0)
    #expect(try bag.value(forKey: "tags") == ["b", "a"])
    #expect(log.all.map(\.change.kind) == [.insertion, .insertion])
    #expect(log.all.map(\.change.indexes) == [[0], [0]])
    #expect(log.all.map(\.change.new) == [["a"], ["b"]])
  }

  @Test func proxyReplacementWithOnlyInsertAndRemoveMutatorsIsARemovalThenAnInsertion() throws {
    let world = try World()
    try world.addItemsMutators(replacing: false)
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b", "c"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new])
    try person.mutableArrayValue(forKey: "items").replace(at: 1, with: "x")
    #expect(try person.value(forKey: "items") == ["a", "x", "c"])
    #expect(log.all.map(\.change.kind) == [.removal, .insertion])
    #expect(log.all.map(\.change.indexes) == [[1], [1]])
    #expect(log.all.first?.change.old == ["b"])
    #expect(log.all.last?.change.new == ["x"])
  }

  @Test func wholeArraySetterReportsSettingWithoutIndexes() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "items", ["a"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new])
    try world.set(person, "items", ["b", "c"])
    #expect(log.all.first?.change.kind == .setting)
    #expect(log.all.first?.change.indexes == nil)
    #expect(log.all.first?.change.old == ["a"])
    #expect(log.all.first?.change.new == ["b", "c"])
  }

  // MARK: - Dependent keys

  @Test func dependentKeyPriorNotificationCarriesTheOldDerivedValue() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "firstName", "Ann")
    try world.set(person, "lastName", "Lee")
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "fullName", options: [.prior, .old, .new])
    try person.setValue("Bea", forKey: "firstName")
    #expect(log.all.map(\.change.isPrior) == [true, false])
    #expect(log.all[0].change.old == "Ann Lee" && log.all[0].change.new == nil)
    #expect(log.all[1].change.old == "Ann Lee" && log.all[1].change.new == "Bea Lee")
  }

  @Test func dependentKeyAtTheEndOfAChainIsNotified() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(friend, "firstName", "Cy")
    try world.set(friend, "lastName", "Ng")
    try world.set(person, "friend", .object(friend))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.fullName", options: [.old, .new])
    try world.set(friend, "lastName", "Ox")
    #expect(log.all.map(\.change.old) == ["Cy Ng"])
    #expect(log.all.map(\.change.new) == ["Cy Ox"])
    #expect(log.all.first?.object === person)
  }

  @Test func dependentKeyOnAnIvarOnlyKeyIsNotifiedWhenKVCSetsTheIvar() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Temp")
    try cls.addIvar("_celsius", type: .double)
    try world.runtime.registerClassPair(cls)
    try cls.addMethod("fahrenheit", types: "d16@0:8") { receiver, _, _ in
      .double((try receiver.value(ofIvar: "_celsius").doubleValue ?? 0) * 9 / 5 + 32)
    }
    try cls.isa.addMethod("keyPathsForValuesAffectingFahrenheit", types: "@16@0:8") { _, _, _ in ["celsius"] }
    let temp = try world.newInstance(of: cls)
    let (observer, log) = try world.newObserver()
    try temp.addObserver(observer, forKeyPath: "fahrenheit", options: [.old, .new])
    try temp.setValue(100, forKey: "celsius")
    #expect(log.all.map(\.change.old) == [32.0])
    #expect(log.all.map(\.change.new) == [212.0])
  }
}

extension Object {
  /// Writes an ivar without any notification (what a hand-written setter body does).
  fileprivate func setValue(_ value: Value, forIvarOf name: String) throws {
    try setValue(value, forIvar: name)
  }
}
