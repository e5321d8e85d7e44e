// FidelitySweepCornerTests.swift: the fidelity sweep's second file (FidelitySweepTests.swift
// has the first): corners of the accessor search, paths through self, manual notification of a
// path, undefined keys kept by the class, set unions and manual to-many changes. Each test
// asserts Foundation's answer.

import Testing

@testable import KVO

@Suite struct FidelitySweepCornerTests {
  // MARK: - Corners of the search order and of messages

  @Test func anUnderscoredKeyReadsTheIvarOfThatName() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 31)
    #expect(try person.value(forKey: "_age") == 31)  // no accessor; the ivar search tries <key> itself
    try person.setValue(32, forKey: "_age")
    #expect(try world.runtime.msgSend(person, "age") == 32)
  }

  @Test func aKeyWithoutItsIsPrefixFindsTheIsGetter() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "isActive", true)
    #expect(try person.value(forKey: "active") == true)  // getActive, active, isActive
  }

  @Test func setNilValueForKeyRaisesWithFoundationsMessage() throws {
    let world = try World()
    let person = try world.newPerson()
    let error = #expect(throws: KeyValueError.self) { try person.setValue(nil, forKey: "age") }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(error?.message.hasSuffix("could not set nil as the value for the key age.") == true)
  }

  @Test func anOperatorBehindANilIntermediateAnswersNil() throws {
    let world = try World()
    let person = try world.newPerson()
    #expect(try person.value(forKeyPath: "friend.items.@count") == .nil)
  }

  // MARK: - Paths through self and manual notification of a path

  @Test func aPathThroughSelfIsNotifiedWhenTheKeyChanges() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "self.age", options: [.old, .new])
    try world.set(person, "age", 8)
    #expect(log.all.map(\.change.old) == [0])
    #expect(log.all.map(\.change.new) == [8])
    #expect(log.all.map(\.keyPath) == ["self.age"])
    try person.removeObserver(observer, forKeyPath: "self.age")
    #expect(person.isa === world.person)
  }

  @Test func observersOfAnIntermediateAndOfThePathThroughItAreEachNotifiedOnce() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(friend, "age", 3)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend", options: [.new])
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.new])
    try world.set(person, "friend", .object(friend))
    #expect(log.all.map(\.keyPath).sorted() == ["friend", "friend.age"])
    #expect(log.all.first { $0.keyPath == "friend.age" }?.change.new == 3)
  }

  // MARK: - Manual paths, undefined keys, set unions, to-many manual changes

  @Test func manualNotificationOfADottedKeyReachesObserversOfThatPath() throws {
    let world = try World()
    let (person, friend, observer, log) = try world.observedFriend()
    try person.willChangeValue(forKey: "friend.age")
    try friend.setValue(5, forIvar: "_age")
    try person.didChangeValue(forKey: "friend.age")
    #expect(log.all.map(\.change.old) == [0])
    #expect(log.all.map(\.change.new) == [5])
    withExtendedLifetime(observer) {}  // the registration does not retain its observer
  }

  @Test func setValueForAnUndefinedKeyHandledByTheClassNotifiesObservers() throws {
    let world = try World()
    let storage = Locked<[String: Value]>([:])
    try world.person.addMethod("valueForUndefinedKey:", types: "@24@0:8@16") { _, _, arguments in
      storage.withLock { $0[arguments[0].stringValue ?? ""] } ?? .nil
    }
    try world.person.addMethod("setValue:forUndefinedKey:", types: "v32@0:8@16@24") { _, _, arguments in
      storage.withLock { $0[arguments[1].stringValue ?? ""] = arguments[0] }
      return .nil
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "color", options: [.old, .new])
    try person.setValue("red", forKey: "color")
    try person.setValue("blue", forKey: "color")
    #expect(try person.value(forKey: "color") == "blue")
    #expect(log.all.map(\.change.new) == ["red", "blue"])
    #expect(log.all.map(\.change.old) == [.nil, "red"])
  }

  @Test func anArraysValueForKeyCountMapsCountOverTheElements() throws {
    let world = try World()
    let inner1 = try world.runtime.mutableArray([1, 2])
    let inner2 = try world.runtime.mutableArray([3])
    let outer = try world.runtime.mutableArray([.object(inner1), .object(inner2)])
    // count is mapped over the elements, and each inner array maps it again over its numbers.
    #expect(throws: KeyValueError.self) { try outer.value(forKey: "count") }
    #expect(try outer.value(forKey: "@count") == 2)
    #expect(try outer.value(forKey: "@lastObject") == .object(inner2))
  }

  @Test func addingAMemberAlreadyThereIsAnInsertionOfNothing() throws {
    let world = try World()
    let club = try world.club(.ivar)
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.new])
    try Runtime.msgSend(try club.mutableSetValue(forKey: "members"), "addObject:", "a")
    #expect(log.all.map(\.change) == [Change(kind: .insertion, new: .set([]))])
  }

  @Test func aNumberSetForAStringPropertyIsStoredAsIs() throws {
    let world = try World()
    let person = try world.newPerson()
    try person.setValue(5, forKey: "firstName")
    #expect(try person.value(forKey: "firstName") == 5)
  }

  @Test func initialOfAToManyKeyIsASettingOfTheWholeArray() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.initial, .new])
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: ["a", "b"])])
  }

  @Test func priorAndOldWithAManualPairOnAnUnchangedKeyGivesEqualOldValues() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 2)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.prior, .old, .new])
    try person.willChangeValue(forKey: "age")
    try person.didChangeValue(forKey: "age")
    #expect(log.all.map(\.change) == [
      Change(kind: .setting, old: 2, isPrior: true), Change(kind: .setting, new: 2, old: 2),
    ])
  }

  @Test func manualReplacementOfAToManyKeyCarriesOldAndNewAtTheIndexes() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b", "c"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new])
    try person.willChange(.replacement, valuesAt: [0, 2], forKey: "items")
    try person.setValue(["x", "b", "z"], forIvar: "_items")
    try person.didChange(.replacement, valuesAt: [0, 2], forKey: "items")
    #expect(log.all.map(\.change) == [Change(kind: .replacement, new: ["x", "z"], old: ["a", "c"], indexes: [0, 2])])
  }

  @Test func anObservedSetterSendsAutomaticallyNotifiesOnceNotOnEverySet() throws {
    let world = try World()
    let asked = Log<String>()
    try world.person.isa.addMethod("automaticallyNotifiesObserversForKey:", types: "B24@0:8@16") { receiver, _, arguments in
      asked.append(arguments[0].stringValue ?? "?")
      return try receiver.runtime!.msgSendSuper(receiver, superclass: world.runtime.rootClass.isa, "automaticallyNotifiesObserversForKey:", arguments[0])
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    let afterAdd = asked.count
    try world.set(person, "age", 1)
    try world.set(person, "age", 2)
    #expect(log.count == 2)
    #expect(asked.count == afterAdd)  // asked when the setter is hooked, not per change
  }

  @Test func aSetEditThroughTheSetterIsASettingOfTheWholeSet() throws {
    let world = try World()
    let club = try world.club(.setter)
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.old, .new])
    try Runtime.msgSend(try club.mutableSetValue(forKey: "members"), "addObject:", "c")
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: .set(["a", "b", "c"]), old: .set(["a", "b"]))])
  }

  @Test func aChainObserverRemovedInsideItsCallbackHearsNeitherTheOldNorTheNewIntermediate() throws {
    let world = try World()
    let person = try world.newPerson()
    let first = try world.newPerson()
    let second = try world.newPerson()
    try world.set(person, "friend", .object(first))
    let holder = Locked<Object?>(nil)
    let (observer, log) = try world.newObserver { received in
      guard let observer = holder.withLock({ $0 }) else { return }
      try? received.object.removeObserver(observer, forKeyPath: "friend.age")
    }
    holder.withLock { $0 = observer }
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.new])
    try world.set(person, "friend", .object(second))
    try world.set(first, "age", 1)
    try world.set(second, "age", 2)
    #expect(log.count == 1)
    #expect(person.isa === world.person && first.isa === world.person && second.isa === world.person)
  }
}
