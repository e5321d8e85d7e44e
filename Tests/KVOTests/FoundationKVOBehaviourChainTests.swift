// FoundationKVOBehaviourChainTests.swift: behaviour cases modelled on GNUstep base's KVO tests,
// the second half of FoundationKVOBehaviourTests: key-path chains, subclasses and the isa
// swizzle, and the interactions of rounds two and three. Each test pins Foundation's documented
// semantics; a failure here is a gap between MiniKVO and Foundation.

import Testing

@testable import KVO

@Suite struct FoundationKVOBehaviourChainTests {
  /// A registered subclass of World's Person.
  func student(in world: World, configure: (Class) throws -> Void = { _ in }) throws -> Class {
    let cls = try world.runtime.allocateClassPair(superclass: world.person, name: "Student")
    try configure(cls)
    try world.runtime.registerClassPair(cls)
    return cls
  }
  // MARK: - Key-path chains

  @Test func chainInitialNotificationWithNilIntermediateCarriesAnExplicitNil() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.name", options: [.initial, .new])
    #expect(log.count == 1)
    let change = try #require(log.all.first).change
    #expect(change.new == .some(.nil))
    #expect(change.dictionary.keys.contains("new"))
  }

  @Test func setValueForKeyPathThroughAChainNotifiesTheChainObserverOnTheRoot() throws {
    let world = try World()
    let (person, _, observer, log) = try world.observedFriend()
    try person.setValue(7, forKeyPath: "friend.age")
    #expect(log.all.map(\.keyPath) == ["friend.age"])
    #expect(log.all.first?.object === person)
    #expect(log.all.first?.change.old == 0 && log.all.first?.change.new == 7)
    withExtendedLifetime(observer) {}  // the registration does not retain its observer
  }

  @Test func chainThroughItselfNotifiesOnce() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "friend", .object(person))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.old, .new])
    try world.set(person, "age", 4)
    #expect(log.count == 1)
    #expect(log.all.first?.change.old == 0 && log.all.first?.change.new == 4)
    try person.removeObserver(observer, forKeyPath: "friend.age")
    #expect(person.isa === world.person)
    try world.set(person, "friend", nil)
  }

  @Test func replacedIntermediateIsNoLongerObservedAndOnlyTheNewOneNotifies() throws {
    let world = try World()
    let person = try world.newPerson()
    let first = try world.newPerson()
    let second = try world.newPerson()
    try world.set(person, "friend", .object(first))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.new])
    try world.set(person, "friend", .object(second))
    #expect(first.isa === world.person)
    #expect(second.isa.name == "NSKVONotifying_Person")
    log.removeAll()
    try world.set(first, "age", 1)
    try world.set(second, "age", 2)
    #expect(log.all.map(\.change.new) == [2])
  }

  // MARK: - Subclasses and the isa swizzle

  @Test func observedSubclassInstanceNotifiesThroughTheInheritedSetterAndClaimsItsClass() throws {
    let world = try World()
    let studentClass = try student(in: world)
    let student = try world.newInstance(of: studentClass)
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try student.addObserver(observer, forKeyPath: "age", options: [.new])
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    #expect(student.isa.name == "NSKVONotifying_Student")
    #expect(try world.runtime.msgSend(student, "class").classValue === studentClass)
    #expect(try world.runtime.msgSend(student, "isMemberOfClass:", .class(studentClass)) == true)
    #expect(try world.runtime.msgSend(student, "isKindOfClass:", .class(world.person)) == true)
    #expect(try world.runtime.msgSend(student, "superclass").classValue === world.person)
    try world.set(student, "age", 20)
    try world.set(person, "age", 30)
    #expect(log.all.map { $0.object === student } == [true, false])
    #expect(log.all.map(\.change.new) == [20, 30])
  }

  @Test func subclassSetterOverrideCallingSuperNotifiesOnce() throws {
    let world = try World()
    let runtime = world.runtime
    let person = world.person
    let studentClass = try student(in: world) { cls in
      try cls.addMethod("setAge:", types: "v24@0:8q16") { receiver, selector, arguments in
        try runtime.msgSendSuper(receiver, superclass: person, selector, .int((arguments[0].intValue ?? 0) + 1))
      }
    }
    let student = try world.newInstance(of: studentClass)
    let (observer, log) = try world.newObserver()
    try student.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    try world.set(student, "age", 10)
    #expect(log.count == 1)
    #expect(log.all.first?.change.new == 11)
  }

  @Test func originalClassMethodListIsUntouchedByObservation() throws {
    let world = try World()
    let before = world.person.methodList.map(\.selector)
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    try person.addObserver(observer, forKeyPath: "fullName")
    #expect(world.person.methodList.map(\.selector) == before)
    #expect(person.isa.superclass === world.person)
    #expect(person.isa.ivarList.isEmpty)
  }

  @Test func observeValueMessageCarriesTheRootObjectAndFullKeyPathForAChain() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    let friendsFriend = try world.newPerson()
    try world.set(friend, "friend", .object(friendsFriend))
    try world.set(person, "friend", .object(friend))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.friend.name", options: [.new], context: 9)
    try world.set(friendsFriend, "name", "Zed")
    #expect(log.all.map(\.keyPath) == ["friend.friend.name"])
    #expect(log.all.first?.object === person)
    #expect(log.all.first?.context == 9)
    #expect(log.all.first?.change.new == "Zed")
  }

  // MARK: - Round two: interactions

  @Test func aSetterThatThrowsLeavesNoPendingChangeBehind() throws {
    let world = try World()
    let person = world.person
    let cls = try student(in: world) { cls in
      try cls.addMethod("setAge:", types: "v24@0:8q16") { receiver, selector, arguments in
        guard (arguments[0].intValue ?? 0) >= 0 else { throw KeyValueError(.invalidValue, "negative age") }
        return try Runtime.msgSendSuper(receiver, superclass: person, selector, arguments[0])
      }
    }
    let student = try world.newInstance(of: cls)
    let (observer, log) = try world.newObserver()
    try student.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    #expect(throws: KeyValueError.self) { try world.set(student, "age", -1) }
    #expect(log.count == 0)
    try world.set(student, "age", 5)
    #expect(log.all.map(\.change.old) == [0])
    #expect(log.all.map(\.change.new) == [5])
  }

  @Test func toManyChangeBehindAChainReachesTheRootObserverWithKindAndIndexes() throws {
    let world = try World()
    try world.addItemsMutators()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(friend, "items", ["a"])
    try world.set(person, "friend", .object(friend))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.items", options: [.new])
    try friend.mutableArrayValue(forKey: "items").append("b")
    #expect(log.all.map(\.keyPath) == ["friend.items"])
    #expect(log.all.first?.change.kind == .insertion)
    #expect(log.all.first?.change.indexes == [1])
    #expect(log.all.first?.change.new == ["b"])
  }

  @Test func keyValueCodingOnAClassObjectUsesClassMethods() throws {
    let world = try World()
    try world.person.isa.addMethod("species", types: "@16@0:8") { _, _, _ in "human" }
    #expect(try world.person.value(forKey: "species") == "human")
    #expect(try world.person.value(forKeyPath: "species") == "human")
  }

  @Test func selfKeyReturnsTheObjectItselfInKeyPaths() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(person, "friend", .object(friend))
    #expect(try person.value(forKey: "self").objectValue === person)
    #expect(try person.value(forKeyPath: "friend.self").objectValue === friend)
  }

  @Test func chainWhoseFirstKeyIsDerivedRelinksWhenTheUnderlyingKeyChanges() throws {
    let world = try World()
    try world.person.addMethod("bestFriend", types: "@16@0:8") { receiver, _, _ in
      try receiver.value(forKey: "friend")
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingBestFriend", types: "@16@0:8") { _, _, _ in ["friend"] }
    let person = try world.newPerson()
    let first = try world.newPerson()
    let second = try world.newPerson()
    try world.set(first, "age", 1)
    try world.set(second, "age", 2)
    try world.set(person, "friend", .object(first))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "bestFriend.age", options: [.old, .new])
    try world.set(person, "friend", .object(second))
    #expect(log.all.map(\.change.new) == [2])
    #expect(log.all.map(\.change.old) == [1])
    log.removeAll()
    try world.set(first, "age", 10)
    try world.set(second, "age", 20)
    #expect(log.all.map(\.change.new) == [20])
    #expect(first.isa === world.person)
  }

  @Test func dependentKeysDeclaredOnASuperclassApplyToSubclassInstances() throws {
    let world = try World()
    let student = try world.newInstance(of: try student(in: world))
    try world.set(student, "firstName", "Al")
    let (observer, log) = try world.newObserver()
    try student.addObserver(observer, forKeyPath: "fullName", options: [.new])
    try world.set(student, "lastName", "Bo")
    #expect(log.all.map(\.change.new) == ["Al Bo"])
  }

  @Test func setterReplacedOnTheOriginalClassAfterObservingIsCalledAndNotifies() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try world.person.replaceMethod("setAge:", types: "v24@0:8q16", implementation: Implementation { receiver, _, arguments in
      try receiver.setValue(.int((arguments[0].intValue ?? 0) * 2), forIvar: "_age")
      return .nil
    })
    try world.set(person, "age", 4)
    #expect(log.all.map(\.change.new) == [8])
  }

  @Test func manualNotificationOfAChainsFirstKeyRelinksTheChain() throws {
    let world = try World()
    try world.person.isa.addMethod("automaticallyNotifiesObserversOfFriend", types: "B16@0:8") { _, _, _ in false }
    let person = try world.newPerson()
    let first = try world.newPerson()
    let second = try world.newPerson()
    try world.set(person, "friend", .object(first))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.new])
    try person.willChangeValue(forKey: "friend")
    try world.set(person, "friend", .object(second))
    try person.didChangeValue(forKey: "friend")
    #expect(log.count == 1)
    log.removeAll()
    try world.set(first, "age", 1)
    try world.set(second, "age", 2)
    #expect(log.all.map(\.change.new) == [2])
  }

  @Test func indexedAccessorsOnlyKeyIsReadObservedAndEditedWithIndexes() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Store")
    try cls.addIvar("_storage", type: .object(className: "NSArray"))
    try world.runtime.registerClassPair(cls)
    try cls.addMethod("countOfThings", types: "Q16@0:8") { receiver, _, _ in
      .int(try receiver.value(ofIvar: "_storage").arrayValue?.count ?? 0)
    }
    try cls.addMethod("objectInThingsAtIndex:", types: "@24@0:8Q16") { receiver, _, arguments in
      (try receiver.value(ofIvar: "_storage").arrayValue ?? [])[arguments[0].intValue ?? 0]
    }
    try cls.addMethod("insertObject:inThingsAtIndex:", types: "v32@0:8@16Q24") { receiver, _, arguments in
      var items = try receiver.value(ofIvar: "_storage").arrayValue ?? []
      items.insert(arguments[0], at: arguments[1].intValue ?? 0)
      try receiver.setValue(.array(items), forIvar: "_storage")
      return .nil
    }
    try cls.addMethod("removeObjectFromThingsAtIndex:", types: "v24@0:8Q16") { receiver, _, arguments in
      var items = try receiver.value(ofIvar: "_storage").arrayValue ?? []
      items.remove(at: arguments[0].intValue ?? 0)
      try receiver.setValue(.array(items), forIvar: "_storage")
      return .nil
    }
    let store = try world.newInstance(of: cls)
    let (observer, log) = try world.newObserver()
    try store.addObserver(observer, forKeyPath: "things", options: [.old, .new])
    let things = try store.mutableArrayValue(forKey: "things")
    try things.append("a")
    try things.append("b")
    try things.remove(at: 0)
    #expect(try store.value(forKey: "things").collectionContents() == .array(["b"]))  // the live NSKeyValueArray
    #expect(try store.value(forKeyPath: "things.@count") == 1)
    #expect(log.all.map(\.change.kind) == [.insertion, .insertion, .removal])
    #expect(log.all.map(\.change.indexes) == [[0], [1], [0]])
    #expect(log.all.last?.change.old == ["a"])
  }

  @Test func observerAddedBetweenWillAndDidIsNotToldOfThatChange() throws {
    let world = try World()
    let person = try world.newPerson()
    let (early, earlyLog) = try world.newObserver()
    let (late, lateLog) = try world.newObserver()
    try person.addObserver(early, forKeyPath: "age")
    try person.willChangeValue(forKey: "age")
    try person.addObserver(late, forKeyPath: "age")
    try person.didChangeValue(forKey: "age")
    #expect(earlyLog.count == 1)
    #expect(lateLog.count == 0)
    try world.set(person, "age", 1)
    #expect(earlyLog.count == 2 && lateLog.count == 1)
  }

  // MARK: - Round three: NSKeyValueCoding entry points and chains through values

  @Test func setValuesForKeysWithDictionarySetsEveryKeyAndNotifies() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try world.runtime.msgSend(person, "setValuesForKeysWithDictionary:", ["age": 30, "name": "Ann"])
    #expect(try person.value(forKey: "age") == 30)
    #expect(try person.value(forKey: "name") == "Ann")
    #expect(log.all.map(\.change.new) == [30])
  }

  @Test func mutableArrayValueForKeyPathEditsTheArrayAtTheEndOfThePath() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(person, "friend", .object(friend))
    try world.set(friend, "items", [])
    let (observer, log) = try world.newObserver()
    try friend.addObserver(observer, forKeyPath: "items", options: [.new])
    let proxy = try world.runtime.msgSend(person, "mutableArrayValueForKeyPath:", "friend.items")
    let items = try #require(proxy.objectValue)  // an NSMutableArray: NSKeyValueSlowMutableArray
    try Runtime.msgSend(items, "addObject:", "x")
    #expect(try friend.value(forKey: "items") == ["x"])
    #expect(log.all.map(\.change.kind) == [.setting])  // through -setItems:, as Foundation's slow proxy
  }

  @Test func chainThroughADictionaryValueReportsTheValueAtTheEnd() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Themed")
    try cls.synthesizeProperty("info", type: .object(className: "NSDictionary"))
    try world.runtime.registerClassPair(cls)
    let themed = try world.newInstance(of: cls)
    try themed.setValue(["color": "red"], forKey: "info")
    let (observer, log) = try world.newObserver()
    try themed.addObserver(observer, forKeyPath: "info.color", options: [.initial, .old, .new])
    try themed.setValue(["color": "blue"], forKey: "info")
    #expect(log.all.map(\.change.new) == ["red", "blue"])
    #expect(log.all.last?.change.old == "red")
  }

  @Test func priorNotificationOfAReplacedIntermediateCarriesTheOldEndValue() throws {
    let world = try World()
    let person = try world.newPerson()
    let first = try world.newPerson()
    let second = try world.newPerson()
    try world.set(first, "name", "One")
    try world.set(second, "name", "Two")
    try world.set(person, "friend", .object(first))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.name", options: [.prior, .old, .new])
    try world.set(person, "friend", .object(second))
    #expect(log.all.map(\.change.isPrior) == [true, false])
    #expect(log.all.map(\.change.old) == ["One", "One"])
    #expect(log.all.last?.change.new == "Two")
  }
}
