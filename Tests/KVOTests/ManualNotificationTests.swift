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

  @Test func eachDidEndsOneWillSoNestedPairsNotifyOncePerPair() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    for _ in 0..<4 { try person.willChangeValue(forKey: "age") }
    try world.set(person, "age", 5)  // the setter's own pair: a fifth change
    #expect(log.count == 1)
    for _ in 0..<4 { try person.didChangeValue(forKey: "age") }
    #expect(log.count == 5)
    #expect(log.all.allSatisfy { $0.change.old == 0 && $0.change.new == 5 })
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
  }

  @Test func nestedPairsReadTheOldValueAtTheirOwnWill() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    try person.willChangeValue(forKey: "age")  // old 0
    try person.setValue(1, forIvar: "_age")
    try person.willChangeValue(forKey: "age")  // old 1
    try person.setValue(2, forIvar: "_age")
    try person.didChangeValue(forKey: "age")  // the inner pair: 1 -> 2
    try person.setValue(3, forIvar: "_age")
    try person.didChangeValue(forKey: "age")  // the outer pair: 0 -> 3
    #expect(log.all.map { "\($0.change.old ?? nil) -> \($0.change.new ?? nil)" } == ["1 -> 2", "0 -> 3"])
  }

  @Test func didEndsTheMostRecentChangeOfItsKeyOnItsObject() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age")
    try ann.addObserver(observer, forKeyPath: "name")
    try bob.addObserver(observer, forKeyPath: "age")
    try ann.willChangeValue(forKey: "age")
    try ann.willChangeValue(forKey: "name")
    try bob.willChangeValue(forKey: "age")
    try ann.didChangeValue(forKey: "age")  // not the last will: ann's age still matches
    #expect(log.all.map { "\($0.object === ann ? "ann" : "bob").\($0.keyPath)" } == ["ann.age"])
    try bob.didChangeValue(forKey: "age")
    try ann.didChangeValue(forKey: "name")
    #expect(log.all.map { "\($0.object === ann ? "ann" : "bob").\($0.keyPath)" } == ["ann.age", "bob.age", "ann.name"])
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
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
    try person.setValue(["a", "b", "c"], forIvar: "_items")  // the ivar itself: no notification of its own
    try person.didChange(.insertion, valuesAt: [2], forKey: "items")
    let change = try #require(log.all.first?.change)
    #expect(log.count == 1)
    #expect(change.kind == .insertion)
    #expect(change.indexes == [2])
    #expect(change.new == ["c"])
    #expect(change.old == nil)
  }

  @Test func aManualPairAroundANotifyingSetterNotifiesTwice() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.new])
    try person.willChange(.insertion, valuesAt: [0], forKey: "items")
    try world.set(person, "items", ["a"])  // automatic: a setting of its own
    try person.didChange(.insertion, valuesAt: [0], forKey: "items")
    #expect(log.all.map(\.change.kind) == [.setting, .insertion])
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
