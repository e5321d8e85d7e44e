// FidelitySweepTests.swift: a fidelity sweep as a new user would try the library, with cases
// modelled on GNUstep base's KVC and NSKVOSupport tests, DIS_KVC_KVO's tests and Foundation's
// documentation, on corners the earlier rounds left out. Each test asserts Foundation's answer.

import Testing

@testable import KVO

@Suite struct FidelitySweepTests {
  // MARK: - NSNull and nil through key-value coding

  @Test func setValueForKeyStoresNSNullAsItIsForAnObjectProperty() throws {
    let world = try World()
    let person = try world.newPerson()
    try person.setValue(.null, forKey: "friend")
    #expect(try person.value(forKey: "friend") == .null)  // only the dictionary form turns NSNull into nil
  }

  @Test func setValuesForKeysTurnsNSNullIntoNilForAnObjectProperty() throws {
    let world = try World()
    let person = try world.newPerson()
    try person.setValue(.object(try world.newPerson()), forKey: "friend")
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend", options: [.new])
    try person.setValuesForKeys(["friend": .null])
    #expect(try person.value(forKey: "friend") == .nil)
    #expect(log.all.map(\.change.new) == [.nil])
  }

  @Test func setValuesForKeysWithNSNullForAScalarSendsSetNilValueForKey() throws {
    let world = try World()
    let person = try world.newPerson()
    let error = #expect(throws: KeyValueError.self) { try person.setValuesForKeys(["age": .null]) }
    #expect(error?.code == .nilValueForScalar)
  }

  @Test func setValueForKeyWithNSNullForAScalarSendsTheNumberMessageToNSNull() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 9)
    let error = #expect(throws: (any Error).self) { try person.setValue(.null, forKey: "age") }
    #expect("\(error.map { "\($0)" } ?? "")".contains("-[NSNull longLongValue]: unrecognized selector"))
    #expect(try person.value(forKey: "age") == 9)
  }

  @Test func dictionaryWithValuesForKeysThenSetValuesForKeysRoundTripsANilProperty() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "name", "Ann")
    let values = try person.dictionaryWithValues(forKeys: ["name", "friend"])
    let copy = try world.newPerson()
    try copy.setValue(.object(try world.newPerson()), forKey: "friend")
    try copy.setValuesForKeys(values)
    #expect(try copy.value(forKey: "name") == "Ann")
    #expect(try copy.value(forKey: "friend") == .nil)
  }

  // MARK: - Collections through key paths

  @Test func anOperatorAtTheStartOfAPathAppliesToTheArrayItself() throws {
    let world = try World()
    let numbers = try world.runtime.mutableArray([3, 9, 4])
    #expect(try numbers.value(forKeyPath: "@count") == 3)
    #expect(try numbers.value(forKeyPath: "@max.self") == 9)
    #expect(try numbers.value(forKeyPath: "@min.self") == 3)
  }

  @Test func unionOfObjectsKeepsDuplicatesAndDistinctUnionDropsThem() throws {
    let world = try World()
    let people = try (0..<3).map { _ in try world.newPerson() }
    for (person, name) in zip(people, ["a", "b", "a"]) { try world.set(person, "name", .string(name)) }
    let array = try world.runtime.mutableArray(people.map { .object($0) })
    #expect(try array.value(forKeyPath: "@unionOfObjects.name") == ["a", "b", "a"])
    let distinct = try #require(try array.value(forKeyPath: "@distinctUnionOfObjects.name").arrayValue)
    #expect(Set(distinct) == ["a", "b"] && distinct.count == 2)
  }

  // MARK: - Registration

  @Test func observingAnUndefinedKeyWithoutOptionsIsAllowedAndManualNotificationsArrive() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "bogus", options: [])  // KVO reads no value: no check
    try person.willChangeValue(forKey: "bogus")
    try person.didChangeValue(forKey: "bogus")
    #expect(log.all.map(\.keyPath) == ["bogus"])
    #expect(log.all.first?.change.kind == .setting)
    try person.removeObserver(observer, forKeyPath: "bogus")
    #expect(person.isa === world.person)
  }

  @Test func observingAnUndefinedKeyWithInitialRaisesTheUndefinedKeyException() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    let error = #expect(throws: KeyValueError.self) {
      try person.addObserver(observer, forKeyPath: "bogus", options: [.initial, .new])
    }
    #expect(error?.exceptionName == "NSUnknownKeyException")
  }

  @Test func addingTheSameObserverAndContextTwiceNeedsTwoRemovals() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new], context: 5)
    try person.addObserver(observer, forKeyPath: "age", options: [.new], context: 5)
    try person.removeObserver(observer, forKeyPath: "age", context: 5)
    try world.set(person, "age", 1)
    #expect(log.count == 1)
    try person.removeObserver(observer, forKeyPath: "age", context: 5)
    try world.set(person, "age", 2)
    #expect(log.count == 1)
    #expect(person.isa === world.person)
    #expect(throws: KeyValueError.self) { try person.removeObserver(observer, forKeyPath: "age", context: 5) }
  }

  @Test func removingAnObserverFromInsideItsPriorCallbackStopsThePostNotification() throws {
    let world = try World()
    let person = try world.newPerson()
    let holder = Locked<Object?>(nil)
    let (observer, log) = try world.newObserver { received in
      guard received.change.isPrior, let observer = holder.withLock({ $0 }) else { return }
      try? received.object.removeObserver(observer, forKeyPath: "age")
    }
    holder.withLock { $0 = observer }
    try person.addObserver(observer, forKeyPath: "age", options: [.prior, .new])
    try world.set(person, "age", 3)
    #expect(log.all.map(\.change.isPrior) == [true])
    #expect(person.isa === world.person)
    #expect(try person.value(forKey: "age") == 3)
  }

  // MARK: - Options

  @Test func initialWithOldOnlyCarriesNoOldValue() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 4)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.initial, .old])
    #expect(log.count == 1)
    #expect(log.all.first?.change.old == nil && log.all.first?.change.new == nil)
    try world.set(person, "age", 5)
    #expect(log.all.last?.change.old == 4 && log.all.last?.change.new == nil)
  }

  @Test func priorNotificationOfAnInsertionCarriesKindAndIndexesButNoNew() throws {
    let world = try World()
    try world.addItemsMutators()
    let person = try world.newPerson()
    try world.set(person, "items", ["a"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.prior, .new, .old])
    try person.mutableArrayValue(forKey: "items").append("b")
    let changes = log.all.map(\.change)
    #expect(changes.map(\.isPrior) == [true, false])
    #expect(changes.map(\.kind) == [.insertion, .insertion])
    #expect(changes.map(\.indexes) == [[1], [1]])
    #expect(changes[0].new == nil && changes[0].old == nil)  // an insertion has no old
    #expect(changes[1].new == ["b"] && changes[1].old == nil)
  }

  @Test func priorNotificationOfARemovalCarriesTheRemovedElementsAsOld() throws {
    let world = try World()
    try world.addItemsMutators()
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b", "c"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.prior, .old])
    try person.mutableArrayValue(forKey: "items").remove(at: 1)
    let changes = log.all.map(\.change)
    #expect(changes.map(\.isPrior) == [true, false])
    #expect(changes.map(\.old) == [["b"], ["b"]])
    #expect(changes.map(\.indexes) == [[1], [1]])
  }

  // MARK: - Key-path chains

  @Test func settingTheSameIntermediateAgainStillNotifiesTheChain() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(friend, "age", 30)
    try world.set(person, "friend", .object(friend))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.old, .new])
    try world.set(person, "friend", .object(friend))
    #expect(log.all.map(\.change.old) == [30])
    #expect(log.all.map(\.change.new) == [30])
    #expect(log.all.map(\.keyPath) == ["friend.age"])
  }

  @Test func clearingTheIntermediateReportsAnExplicitNilNewValue() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(friend, "name", "Bo")
    try world.set(person, "friend", .object(friend))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.name", options: [.old, .new])
    try world.set(person, "friend", .nil)
    #expect(log.all.map(\.change.old) == ["Bo"])
    #expect(log.all.map(\.change.new) == [.nil])  // present, as NSNull in Foundation's dictionary
    try world.set(friend, "name", "Cy")  // no longer reached from person
    #expect(log.count == 1)
  }

  @Test func aChainObservationOnTheFriendsFriendSeesChangesAtEveryLevel() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let cy = try world.newPerson()
    try world.set(cy, "name", "Cy")
    try world.set(bob, "friend", .object(cy))
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "friend.friend.name", options: [.new])
    try world.set(ann, "friend", .object(bob))
    try world.set(cy, "name", "Cyd")
    try world.set(bob, "friend", .nil)
    #expect(log.all.map(\.change.new) == ["Cy", "Cyd", .nil])
    try ann.removeObserver(observer, forKeyPath: "friend.friend.name")
    #expect(ann.isa === world.person && bob.isa === world.person && cy.isa === world.person)
  }

  // MARK: - Dependent keys

  @Test func dependentKeyReportsItsOwnOldAndNewValues() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "firstName", "Ann")
    try world.set(person, "lastName", "Lee")
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "fullName", options: [.old, .new])
    try world.set(person, "lastName", "Kim")
    #expect(log.all.map(\.change.old) == ["Ann Lee"])
    #expect(log.all.map(\.change.new) == ["Ann Kim"])
    #expect(log.all.map(\.change.kind) == [.setting])
  }

  @Test func setKeysDependentKeyReportsItsOldAndNewValues() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    try world.person.addMethod("doubleAge", types: "q16@0:8") { receiver, _, _ in
      .int64(Int64((try receiver.value(forKey: "age").intValue ?? 0) * 2))
    }
    try world.runtime.msgSend(world.person, "setKeys:triggerChangeNotificationsForDependentKey:", ["age"], "doubleAge")
    let person = try world.newPerson()
    try world.set(person, "age", 2)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "doubleAge", options: [.old, .new])
    try world.set(person, "age", 5)
    #expect(log.all.map(\.change.old) == [4])
    #expect(log.all.map(\.change.new) == [10])
  }

  @Test func automaticNotificationOffForABaseKeySilencesItsDependentsTooUntilNotifiedByHand() throws {
    let world = try World()
    try world.person.isa.addMethod("automaticallyNotifiesObserversOfFirstName", types: "B16@0:8") { _, _, _ in false }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "fullName", options: [.new])
    try person.addObserver(observer, forKeyPath: "firstName", options: [.new])
    try world.set(person, "firstName", "Ann")
    #expect(log.count == 0)
    try person.willChangeValue(forKey: "firstName")
    try world.set(person, "firstName", "Bea")
    try person.didChangeValue(forKey: "firstName")
    #expect(Set(log.all.map(\.keyPath)) == ["fullName", "firstName"])
    #expect(log.count == 2)
    #expect(log.all.first { $0.keyPath == "fullName" }?.change.new == "Bea ")
  }

  @Test func aKeyDependingOnAToManyKeyGetsASettingWhenTheArrayIsEdited() throws {
    let world = try World()
    try world.addItemsMutators()
    try world.person.addMethod("itemCount", types: "q16@0:8") { receiver, _, _ in
      .int64(Int64(try receiver.value(forKey: "items").arrayValue?.count ?? 0))
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingItemCount", types: "@16@0:8") { _, _, _ in ["items"] }
    let person = try world.newPerson()
    try world.set(person, "items", ["a"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "itemCount", options: [.old, .new])
    try person.mutableArrayValue(forKey: "items").append("b")
    let change = try #require(log.all.first).change
    #expect(log.count == 1)
    #expect(change.kind == .setting && change.indexes == nil)
    #expect(change.old == 1 && change.new == 2)
  }

  @Test func observingADependentKeyAndItsBaseNotifiesEachOnce() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "fullName", options: [.new])
    try person.addObserver(observer, forKeyPath: "lastName", options: [.new])
    try world.set(person, "lastName", "Lee")
    #expect(log.all.map(\.keyPath).sorted() == ["fullName", "lastName"])
  }

  // MARK: - Subclasses and setters

  @Test func aSubclassSetterThatDoesNotCallSuperStillNotifies() throws {
    let world = try World()
    let student = try world.runtime.allocateClassPair(superclass: world.person, name: "Student")
    try world.runtime.registerClassPair(student)
    try student.addMethod("setAge:", types: "v24@0:8q16") { receiver, _, arguments in
      try receiver.setValue(arguments[0], forIvar: "_age")
      return .nil
    }
    let pupil = try #require(try world.runtime.msgSend(student, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try pupil.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    try world.set(pupil, "age", 12)
    #expect(log.all.map(\.change.old) == [0])
    #expect(log.all.map(\.change.new) == [12])
    #expect(try world.runtime.msgSend(pupil, "class") == .class(student))
  }

  @Test func aSetterThatSetsAnotherObservedKeyNotifiesBothWithTheirOwnValues() throws {
    let world = try World()
    try world.person.replaceMethod("setFirstName:", types: "v24@0:8@16") { receiver, _, arguments in
      try receiver.setValue(arguments[0], forIvar: "_firstName")
      try Runtime.msgSend(receiver, "setLastName:", .string("of \(arguments[0].stringValue ?? "?")"))
      return .nil
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "firstName", options: [.new])
    try person.addObserver(observer, forKeyPath: "lastName", options: [.new])
    try world.set(person, "firstName", "Ann")
    #expect(log.all.map(\.keyPath) == ["lastName", "firstName"])
    #expect(log.all.map(\.change.new) == ["of Ann", "Ann"])
  }

  @Test func kvcOnAnUppercaseKeyUsesTheAccessorOfThatNameAndNotifies() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Page")
    try cls.synthesizeProperty("URL", type: .object(className: "NSString"))
    try world.runtime.registerClassPair(cls)
    let page = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try page.addObserver(observer, forKeyPath: "URL", options: [.new])
    try page.setValue("a", forKey: "URL")
    try world.runtime.msgSend(page, "setURL:", "b")
    #expect(try page.value(forKey: "URL") == "b")
    #expect(log.all.map(\.change.new) == ["a", "b"])
  }

  // MARK: - Closure observations

  @Test func twoClosureObservationsOfOneKeyAreIndependent() throws {
    let world = try World()
    let person = try world.newPerson()
    let seen = Log<String>()
    let first = try person.observe("age", options: [.new]) { _, change in seen.append("first \(change.new ?? .nil)") }
    let second = try person.observe("age", options: [.old]) { _, change in seen.append("second \(change.old ?? .nil)") }
    try world.set(person, "age", 1)
    first.invalidate()
    try world.set(person, "age", 2)
    second.invalidate()
    try world.set(person, "age", 3)
    #expect(seen.all == ["first 1", "second 0", "second 1"])
    #expect(person.isa === world.person)
  }

  @Test func invalidatingATokenTwiceIsHarmless() throws {
    let world = try World()
    let person = try world.newPerson()
    let token = try person.observe("age") { _, _ in }
    token.invalidate()
    token.invalidate()
    #expect(person.observationInfo == nil)
  }
}
