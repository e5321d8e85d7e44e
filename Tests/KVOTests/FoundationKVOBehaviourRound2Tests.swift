// FoundationKVOBehaviourRound2Tests.swift: a second round of behaviour cases modelled on GNUstep
// base's KVC/KVO tests and Foundation's documentation, on areas the first round did not cover.
// Each test pins Foundation's documented semantics; a failure here is a gap between MiniKVO and
// Foundation.

import Testing

@testable import KVO

@Suite struct FoundationKVOBehaviourRound2Tests {
  func new(_ cls: Class, in world: World) throws -> Object {
    try #require(try world.runtime.msgSend(cls, "new").objectValue)
  }

  // MARK: - Options and change dictionaries

  @Test func changeKindOptionAndKeyRawValuesMatchFoundation() {
    #expect(ChangeKind.setting.rawValue == 1 && ChangeKind.insertion.rawValue == 2)
    #expect(ChangeKind.removal.rawValue == 3 && ChangeKind.replacement.rawValue == 4)
    #expect(ObservingOptions.new.rawValue == 1 && ObservingOptions.old.rawValue == 2)
    #expect(ObservingOptions.initial.rawValue == 4 && ObservingOptions.prior.rawValue == 8)
    #expect(
      [ChangeKey.kind, .new, .old, .indexes, .notificationIsPrior].map(\.rawValue)
        == ["kind", "new", "old", "indexes", "notificationIsPrior"])
  }

  @Test func noOptionsToManyChangeCarriesKindAndIndexesOnly() throws {
    let world = try World()
    try world.addItemsMutators()
    let person = try world.newPerson()
    try world.set(person, "items", ["a"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [])
    try person.mutableArrayValue(forKey: "items").append("b")
    let change = try #require(log.all.first).change
    #expect(change.kind == .insertion)
    #expect(change.indexes == [1])
    #expect(change.new == nil && change.old == nil)
    #expect(change.dictionary.keys.sorted() == ["indexes", "kind"])
  }

  @Test func priorAloneGivesAPriorNotificationWithKindAndIsPriorKeyOnly() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.prior])
    try world.set(person, "age", 3)
    #expect(log.all.map(\.change.isPrior) == [true, false])
    #expect(log.all[0].change.dictionary.keys.sorted() == ["kind", "notificationIsPrior"])
    #expect(log.all[0].change[.notificationIsPrior] == true)
    #expect(log.all[1].change.dictionary.keys.sorted() == ["kind"])
  }

  @Test func initialAloneGivesKindOnlyAtRegistration() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.initial])
    #expect(log.count == 1)
    #expect(log.all.first?.change.dictionary.keys.sorted() == ["kind"])
  }

  // MARK: - Registrations

  @Test func oneObserverWithTwoContextsIsNotifiedOncePerContextAndRemovedByContext() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new], context: 1)
    try person.addObserver(observer, forKeyPath: "age", options: [.old], context: 2)
    try world.set(person, "age", 5)
    #expect(log.all.map(\.context) == [1, 2])
    #expect(log.all.map(\.change.new) == [5, nil])
    #expect(log.all.map(\.change.old) == [nil, 0])
    try person.removeObserver(observer, forKeyPath: "age", context: 1)
    log.removeAll()
    try world.set(person, "age", 6)
    #expect(log.all.map(\.context) == [2])
    try person.removeObserver(observer, forKeyPath: "age", context: 2)
    #expect(person.isa === world.person)
  }

  @Test func removalWithAnUnknownContextThrowsAndKeepsTheRegistration() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", context: 1)
    let error = #expect(throws: KeyValueError.self) {
      try person.removeObserver(observer, forKeyPath: "age", context: 2)
    }
    #expect(error?.exceptionName == "NSRangeException")
    try world.set(person, "age", 1)
    #expect(log.count == 1)
    #expect(person.isa.name == "NSKVONotifying_Person")
  }

  @Test func observerRemovingAnotherObserverDuringANotificationStopsItsLaterNotifications() throws {
    let world = try World()
    let person = try world.newPerson()
    let (second, secondLog) = try world.newObserver()
    let (first, firstLog) = try world.newObserver { received in
      if received.change.new == 1 { try? received.object.removeObserver(second, forKeyPath: "age") }
    }
    try person.addObserver(first, forKeyPath: "age", options: [.new])
    try person.addObserver(second, forKeyPath: "age", options: [.new])
    try world.set(person, "age", 1)
    let afterFirst = secondLog.count
    try world.set(person, "age", 2)
    #expect(firstLog.all.map(\.change.new) == [1, 2])
    #expect(secondLog.count == afterFirst)
    #expect(person.observedKeyPaths == ["age"])
    try person.removeObserver(first, forKeyPath: "age")
    #expect(person.isa === world.person)
  }

  @Test func observerAddedDuringANotificationHearsOnlyLaterChanges() throws {
    let world = try World()
    let person = try world.newPerson()
    let (late, lateLog) = try world.newObserver()
    let (early, earlyLog) = try world.newObserver { received in
      if received.change.new == 1 { try? received.object.addObserver(late, forKeyPath: "age", options: [.new]) }
    }
    try person.addObserver(early, forKeyPath: "age", options: [.new])
    try world.set(person, "age", 1)
    #expect(lateLog.count == 0)
    try world.set(person, "age", 2)
    #expect(earlyLog.all.map(\.change.new) == [1, 2])
    #expect(lateLog.all.map(\.change.new) == [2])
  }

  @Test func settingTheSameKeyFromInsideAnObserverNotifiesTheInnerChangeWithItsOwnOldValue() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver { received in
      if received.change.new == 5 { try? world.set(received.object, "age", 10) }
    }
    try person.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    try world.set(person, "age", 5)
    #expect(log.all.map(\.change.old) == [0, 5])
    #expect(log.all.map(\.change.new) == [5, 10])
    #expect(try person.value(forKey: "age") == 10)
  }

  @Test func settingTheSameKeyFromInsideAnObserverSendsTheInnerPriorNotification() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver { received in
      if !received.change.isPrior && received.change.new == 5 { try? world.set(received.object, "age", 10) }
    }
    try person.addObserver(observer, forKeyPath: "age", options: [.prior, .old, .new])
    try world.set(person, "age", 5)
    #expect(log.all.map(\.change.isPrior) == [true, false, true, false])
    #expect(log.all.map(\.change.old) == [0, 0, 5, 5])
  }

  // MARK: - The isa swizzle

  @Test func observingASubclassInstanceAfterTheSuperclassGivesItsOwnNotifyingSubclass() throws {
    let world = try World()
    let studentClass = try world.runtime.allocateClassPair(superclass: world.person, name: "Student")
    try world.runtime.registerClassPair(studentClass)
    let person = try world.newPerson()
    let student = try new(studentClass, in: world)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try world.set(student, "age", 1)  // fills Student's cache with Person's plain setAge:
    try student.addObserver(observer, forKeyPath: "age", options: [.new])
    #expect(student.isa.name == "NSKVONotifying_Student")
    #expect(student.isa.superclass === studentClass)
    #expect(student.isa.methodList.map(\.selector.name).contains("setAge:"))
    try world.set(student, "age", 2)
    try world.set(person, "age", 3)
    #expect(log.all.map(\.change.new) == [2, 3])
    #expect(log.all.map { $0.object === student } == [true, false])
    try student.removeObserver(observer, forKeyPath: "age")
    #expect(student.isa === studentClass)
    #expect(person.isa.name == "NSKVONotifying_Person")
  }

  @Test func swizzledObjectAnswersIsKVOAUntilTheLastObserverLeaves() throws {
    let world = try World()
    let person = try world.newPerson()
    #expect(try world.runtime.msgSend(person, "respondsToSelector:", .selector("_isKVOA")) == false)
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    #expect(try world.runtime.msgSend(person, "_isKVOA") == true)
    #expect(try world.runtime.msgSend(person, "description") == .string("<Person: \(person.address)>"))
    try person.removeObserver(observer, forKeyPath: "age")
    #expect(try world.runtime.msgSend(person, "respondsToSelector:", .selector("_isKVOA")) == false)
  }

  @Test func observingOneKeyOnTwoObjectsOfAClassSharesTheNotifyingClassAndNotifiesSeparately() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let (annObserver, annLog) = try world.newObserver()
    let (bobObserver, bobLog) = try world.newObserver()
    try ann.addObserver(annObserver, forKeyPath: "age", options: [.new])
    try bob.addObserver(bobObserver, forKeyPath: "age", options: [.new])
    #expect(ann.isa === bob.isa)
    try world.set(ann, "age", 1)
    #expect(annLog.count == 1 && bobLog.count == 0)
    try ann.removeObserver(annObserver, forKeyPath: "age")
    #expect(ann.isa === world.person)
    try world.set(ann, "age", 2)
    try world.set(bob, "age", 3)
    #expect(annLog.count == 1)
    #expect(bobLog.all.map(\.change.new) == [3])
  }

  @Test func objectObservingItselfReceivesItsOwnChanges() throws {
    let world = try World()
    let seen = Log<String>()
    try world.person.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") {
      receiver, _, arguments in
      seen.append("\(arguments[0].stringValue ?? "?") self=\(arguments[1].objectValue === receiver) \(arguments[2].change?.new ?? nil)")
      return .nil
    }
    let person = try world.newPerson()
    try person.addObserver(person, forKeyPath: "age", options: [.new])
    try world.set(person, "age", 7)
    #expect(seen.all == ["age self=true 7"])
    try person.removeObserver(person, forKeyPath: "age")
    #expect(person.isa === world.person)
  }

  @Test func observerWithoutObserveValueMakesTheSetterThrowNSInternalInconsistencyException() throws {
    let world = try World()
    let person = try world.newPerson()
    let watcher = try world.newPerson()  // Person does not override observeValueForKeyPath:…
    try person.addObserver(watcher, forKeyPath: "age")
    let error = #expect(throws: KeyValueError.self) { try world.set(person, "age", 1) }
    #expect(error?.exceptionName == "NSInternalInconsistencyException")
    #expect(try person.value(forKey: "age") == 1)  // the set itself happened
  }

  // MARK: - Automatic notification and KVC's ivar paths

  @Test func genericAutomaticallyNotifiesObserversForKeyReturningNoSilencesTheSetter() throws {
    let world = try World()
    let root = world.runtime.rootClass
    try world.person.isa.addMethod("automaticallyNotifiesObserversForKey:", types: "B24@0:8@16") {
      receiver, selector, arguments in
      if arguments[0].stringValue == "age" { return false }
      return try Runtime.msgSendSuper(receiver, superclass: root.isa, selector, arguments[0])
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try person.addObserver(observer, forKeyPath: "name", options: [.new])
    try world.set(person, "age", 1)
    try person.setValue(2, forKey: "age")
    #expect(log.count == 0)
    try person.willChangeValue(forKey: "age")
    try world.set(person, "age", 3)
    try person.didChangeValue(forKey: "age")
    try world.set(person, "name", "Ann")
    #expect(log.all.map(\.keyPath) == ["age", "name"])
    #expect(log.all.map(\.change.new) == [3, "Ann"])
  }

  @Test func setValueForKeyFindsAnIsPrefixedIvarAndNotifies() throws {
    // Search order for a set without accessors: _key, _isKey, key, isKey.
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Panel")
    try cls.addIvar("isHidden", type: .bool)
    try world.runtime.registerClassPair(cls)
    let panel = try new(cls, in: world)
    let (observer, log) = try world.newObserver()
    try panel.addObserver(observer, forKeyPath: "hidden", options: [.old, .new])
    try panel.setValue(true, forKey: "hidden")
    #expect(try panel.value(ofIvar: "isHidden") == true)
    #expect(try panel.value(forKey: "hidden") == true)
    #expect(log.all.map(\.change.old) == [false])
    #expect(log.all.map(\.change.new) == [true])
  }

  @Test func setValueForKeyWithoutSetterUsesTheUnderscoreIsIvarAndNotifies() throws {
    // World's Person has isActive with the ivar _isActive: key "active" reads through -isActive
    // and sets the ivar _isActive (there is no -setActive:).
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "active", options: [.old, .new])
    try person.setValue(true, forKey: "active")
    #expect(try person.value(forKey: "isActive") == true)
    #expect(log.all.map(\.change.new) == [true])
    #expect(log.all.map(\.change.old) == [false])
  }

  @Test func accessInstanceVariablesDirectlyNoMakesIvarOnlyKeysUndefined() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Sealed")
    try cls.addIvar("_code", type: .longLong)
    try world.runtime.registerClassPair(cls)
    try cls.isa.addMethod("accessInstanceVariablesDirectly", types: "B16@0:8") { _, _, _ in false }
    let sealed = try new(cls, in: world)
    let read = #expect(throws: KeyValueError.self) { _ = try sealed.value(forKey: "code") }
    #expect(read?.exceptionName == "NSUnknownKeyException")
    let write = #expect(throws: KeyValueError.self) { try sealed.setValue(1, forKey: "code") }
    #expect(write?.exceptionName == "NSUnknownKeyException")
    #expect(try sealed.value(ofIvar: "_code") == 0)
  }

  @Test func kvcIvarSetOnAnObservedKeySendsOverriddenWillAndDidChange() throws {
    let world = try World()
    let root = world.runtime.rootClass
    let calls = Log<String>()
    let cls = try world.runtime.allocateClassPair(superclass: root, name: "Audited")
    try cls.addIvar("_code", type: .longLong)
    try world.runtime.registerClassPair(cls)
    try cls.addMethod("willChangeValueForKey:", types: "v24@0:8@16") { receiver, selector, arguments in
      calls.append("will \(arguments[0].stringValue ?? "?")")
      return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments[0])
    }
    try cls.addMethod("didChangeValueForKey:", types: "v24@0:8@16") { receiver, selector, arguments in
      calls.append("did \(arguments[0].stringValue ?? "?")")
      return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments[0])
    }
    let object = try new(cls, in: world)
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "code", options: [.new])
    try object.setValue(5, forKey: "code")
    #expect(calls.all == ["will code", "did code"])
    #expect(log.all.map(\.change.new) == [5])
  }

  @Test func mutableArrayProxyOnAnIvarOnlyKeySendsOverriddenToManyWillAndDid() throws {
    let world = try World()
    let root = world.runtime.rootClass
    let calls = Log<String>()
    let cls = try world.runtime.allocateClassPair(superclass: root, name: "Shelf")
    try cls.addIvar("_books", type: .object(className: "NSArray"))
    try world.runtime.registerClassPair(cls)
    try cls.addMethod("willChange:valuesAtIndexes:forKey:", types: "v40@0:8Q16@24@32") { receiver, selector, arguments in
      calls.append("will \(arguments[0].intValue ?? -1) \(arguments[2].stringValue ?? "?")")
      return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments: Arguments(arguments.values))
    }
    try cls.addMethod("didChange:valuesAtIndexes:forKey:", types: "v40@0:8Q16@24@32") { receiver, selector, arguments in
      calls.append("did \(arguments[0].intValue ?? -1) \(arguments[2].stringValue ?? "?")")
      return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments: Arguments(arguments.values))
    }
    let shelf = try new(cls, in: world)
    try shelf.setValue(.object(try world.runtime.mutableArray()), forIvar: "_books")  // the ivar proxy never invents one
    let (observer, log) = try world.newObserver()
    try shelf.addObserver(observer, forKeyPath: "books", options: [.new])
    try shelf.mutableArrayValue(forKey: "books").append("Dune")
    #expect(calls.all == ["will 2 books", "did 2 books"])
    #expect(log.all.map(\.change.kind) == [.insertion])
  }

  // MARK: - Dependent keys

  @Test func genericKeyPathsForValuesAffectingValueForKeyOverrideDeclaresDependencies() throws {
    let world = try World()
    let root = world.runtime.rootClass
    try world.person.isa.addMethod("keyPathsForValuesAffectingValueForKey:", types: "@24@0:8@16") {
      receiver, selector, arguments in
      if arguments[0].stringValue == "initials" { return ["firstName", "lastName"] }
      return try Runtime.msgSendSuper(receiver, superclass: root.isa, selector, arguments[0])
    }
    try world.person.addMethod("initials", types: "@16@0:8") { receiver, _, _ in
      let first: String = String((try receiver.value(forKey: "firstName").stringValue ?? "").prefix(1))
      let last: String = String((try receiver.value(forKey: "lastName").stringValue ?? "").prefix(1))
      return Value.string(first + last)
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "initials", options: [.old, .new])
    try world.set(person, "firstName", "Ann")
    try world.set(person, "lastName", "Lee")
    #expect(log.all.map(\.change.new) == ["A", "AL"])
    #expect(log.all.map(\.change.old) == ["", "A"])
  }

  @Test func keyDependingOnAKeyPathIsNotifiedWhenTheFarValueOrTheIntermediateChanges() throws {
    let world = try World()
    try world.person.addMethod("friendAge", types: "q16@0:8") { receiver, _, _ in
      try receiver.value(forKeyPath: "friend.age")
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingFriendAge", types: "@16@0:8") { _, _, _ in
      ["friend.age"]
    }
    let person = try world.newPerson()
    let first = try world.newPerson()
    let second = try world.newPerson()
    try world.set(first, "age", 1)
    try world.set(second, "age", 2)
    try world.set(person, "friend", .object(first))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friendAge", options: [.old, .new])
    try world.set(first, "age", 10)
    try world.set(person, "friend", .object(second))
    try world.set(first, "age", 11)  // no longer the friend
    try world.set(second, "age", 20)
    #expect(log.all.map(\.change.new) == [10, 2, 20])
    #expect(log.all.map(\.change.old) == [1, 10, 2])
    try person.removeObserver(observer, forKeyPath: "friendAge")
    #expect(person.isa === world.person && second.isa === world.person)
  }
}
