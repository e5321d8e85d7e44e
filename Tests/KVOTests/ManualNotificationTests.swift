// ManualNotificationTests.swift: willChange/didChange, nesting, and automatic notification switches.

import Testing

@testable import KVO

@Suite struct ManualNotificationTests {
  /// A world whose Person turns automatic notification off for `age`.
  func manualAgeWorld(viaGenericMethod: Bool) throws -> World {
    let world = try World()
    if viaGenericMethod {
      try world.person.isa.addMethod("automaticallyNotifiesObserversForKey:", types: "B24@0:8@16") { receiver, _, arguments in
        if arguments[0] == "age" { return false }
        return try receiver.runtime!.msgSendSuper(receiver, superclass: world.runtime.rootClass.isa, "automaticallyNotifiesObserversForKey:", arguments[0])
      }
    } else {
      try world.person.isa.addMethod("automaticallyNotifiesObserversOfAge", types: "B16@0:8") { _, _, _ in false }
    }
    return world
  }

  @Test(arguments: [true, false])
  func automaticNotificationCanBeTurnedOffForAKey(viaGenericMethod: Bool) throws {
    let world = try manualAgeWorld(viaGenericMethod: viaGenericMethod)
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new, .old])
    try world.set(person, "age", 1)
    #expect(log.count == 0)
    #expect(!person.isa.methodList.contains { $0.selector == "setAge:" })
    try person.willChangeValue(forKey: "age")
    try world.set(person, "age", 2)
    try person.didChangeValue(forKey: "age")
    #expect(log.count == 1)
    #expect(log.all.first?.change.old == 1)
    #expect(log.all.first?.change.new == 2)
  }

  @Test func nestedWillDidPairsNotifyOnceForTheOutermostPair() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    try person.willChangeValue(forKey: "age")
    try person.willChangeValue(forKey: "age")
    try world.set(person, "age", 5)
    try person.didChangeValue(forKey: "age")
    #expect(log.count == 0)
    try person.didChangeValue(forKey: "age")
    #expect(log.count == 1)
    #expect(log.all.first?.change.old == 0)
    #expect(log.all.first?.change.new == 5)
  }

  @Test func didWithoutWillSendsNothing() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    try person.didChangeValue(forKey: "age")
    #expect(log.count == 0)
  }

  @Test func manualNotificationOfAKeyWithoutSetterOrIvarWorks() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "mood")
    try person.willChangeValue(forKey: "mood")
    try person.didChangeValue(forKey: "mood")
    #expect(log.count == 1)
  }

  @Test func willDidNestPerThread() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    try person.willChangeValue(forKey: "age")
    // Another thread's pair is its own outermost pair: it notifies at once.
    try onAnotherThread {
      try person.willChangeValue(forKey: "age")
      try person.didChangeValue(forKey: "age")
    }
    #expect(log.count == 1)
    try person.didChangeValue(forKey: "age")
    #expect(log.count == 2)
  }

  @Test func overriddenWillChangeIsCalledByTheNotifyingSetter() throws {
    let world = try World()
    let calls = Log<String>()
    try world.person.addMethod("willChangeValueForKey:", types: "v24@0:8@16") { receiver, _, arguments in
      calls.append(arguments[0].stringValue ?? "?")
      return try receiver.runtime!.msgSendSuper(receiver, superclass: world.runtime.rootClass, "willChangeValueForKey:", arguments[0])
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    try world.set(person, "age", 1)
    #expect(calls.all == ["age"])
    #expect(log.count == 1)
  }

  @Test func toManyManualNotificationCarriesKindAndIndexes() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try world.set(person, "items", ["a", "b"])
    try person.addObserver(observer, forKeyPath: "items", options: [.new, .old])
    try person.willChange(.insertion, valuesAt: [2], forKey: "items")
    try person.setValue(["a", "b", "c"], forKey: "items")
    try person.didChange(.insertion, valuesAt: [2], forKey: "items")
    let change = try #require(log.all.first?.change)
    #expect(log.count == 1)
    #expect(change.kind == .insertion)
    #expect(change.indexes == [2])
    #expect(change.new == ["c"])
    #expect(change.old == nil)
  }

  @Test func setValueForKeyOnANotifyingSetterNotifiesOnce() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    try person.setValue(3, forKey: "age")
    #expect(log.count == 1)
  }

  @Test func setValueForKeyOnAnIvarOnlyKeyNotifies() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Bare")
    try cls.addIvar("_count", type: .longLong)
    try world.runtime.registerClassPair(cls)
    let bare = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try bare.addObserver(observer, forKeyPath: "count", options: [.old, .new])
    try bare.setValue(4, forKey: "count")
    #expect(log.count == 1)
    #expect(log.all.first?.change.old == 0)
    #expect(log.all.first?.change.new == 4)
  }
}
