// ClassObjectObservationTests.swift: observing a class object, as Foundation lets a program
// observe `[Person addObserver:o forKeyPath:@"count" …]`. The class object is observed where it
// stands (its isa stays its metaclass): will/did and key-value coding notify, a class-method
// setter sent directly does not (docs/kvo.md#observing-a-class-object).

import Testing

@testable import KVO

@Suite struct ClassObjectObservationTests {
  /// A world whose Person has a class property `count` (`+count`, `+setCount:`), stored in `store`.
  func worldWithClassCount(_ store: Locked<Int64> = Locked(0)) throws -> World {
    let world = try World()
    try world.person.isa.addMethod("count", types: "q16@0:8") { _, _, _ in .int64(store.withLock { $0 }) }
    try world.person.isa.addMethod("setCount:", types: "v24@0:8q16") { _, _, arguments in
      let value = arguments[0].intValue ?? 0
      store.withLock { $0 = Int64(value) }
      return .nil
    }
    return world
  }

  @Test func classObjectRegistersAnObserverWithoutSwitchingItsIsa() throws {
    let world = try worldWithClassCount()
    let metaclass = world.person.isa
    let (observer, _) = try world.newObserver()
    try world.person.addObserver(observer, forKeyPath: "count", options: [.new])
    #expect(world.person.observedKeyPaths == ["count"])
    #expect(world.person.observances.first?.observer === observer)
    #expect(world.person.isa === metaclass)
    #expect(world.runtime.lookUpClass(named: "NSKVONotifying_Person") == nil)
    try world.runtime.checkInvariants()
  }

  @Test func manualWillAndDidOnAClassObjectNotifyWithTheClassAsTheObject() throws {
    let store = Locked<Int64>(1)
    let world = try worldWithClassCount(store)
    let (observer, log) = try world.newObserver()
    try world.person.addObserver(observer, forKeyPath: "count", options: [.old, .new], context: 7)
    try world.person.willChangeValue(forKey: "count")
    store.withLock { $0 = 2 }
    try world.person.didChangeValue(forKey: "count")
    #expect(log.all.map(\.keyPath) == ["count"])
    #expect(log.all.first?.object === world.person)
    #expect(log.all.first?.change.old == 1 && log.all.first?.change.new == 2)
    #expect(log.all.first?.context == 7)
    try world.runtime.checkInvariants()
  }

  @Test func willAndDidSentAsMessagesToAClassObjectNotify() throws {
    let world = try worldWithClassCount()
    let (observer, log) = try world.newObserver()
    try world.person.addObserver(observer, forKeyPath: "count")
    try world.runtime.msgSend(world.person, "willChangeValueForKey:", "count")
    try world.runtime.msgSend(world.person, "didChangeValueForKey:", "count")
    #expect(log.count == 1)
  }

  @Test func removeObserverFromAClassObjectEndsTheObservation() throws {
    let world = try worldWithClassCount()
    let metaclass = world.person.isa
    let (observer, log) = try world.newObserver()
    try world.person.addObserver(observer, forKeyPath: "count")
    try world.person.removeObserver(observer, forKeyPath: "count")
    try world.person.willChangeValue(forKey: "count")
    try world.person.didChangeValue(forKey: "count")
    #expect(log.count == 0)
    #expect(world.person.observationInfo == nil)
    #expect(world.person.isa === metaclass)
    #expect(throws: KeyValueError.self) { try world.person.removeObserver(observer, forKeyPath: "count") }
    try world.runtime.checkInvariants()
  }

  @Test func keyValueCodingOnAClassObjectSetsThroughItsClassSetter() throws {
    let store = Locked<Int64>(0)
    let world = try worldWithClassCount(store)
    try world.person.setValue(5, forKey: "count")
    #expect(store.withLock { $0 } == 5)
    #expect(try world.person.value(forKey: "count") == 5)
  }

  @Test func setValueForKeyOnAnObservedClassObjectNotifiesOnce() throws {
    let store = Locked<Int64>(3)
    let world = try worldWithClassCount(store)
    let (observer, log) = try world.newObserver()
    try world.person.addObserver(observer, forKeyPath: "count", options: [.old, .new, .prior])
    try world.person.setValue(4, forKey: "count")
    #expect(store.withLock { $0 } == 4)
    #expect(log.all.map(\.change.isPrior) == [true, false])
    #expect(log.all.last?.change.old == 3 && log.all.last?.change.new == 4)
    #expect(log.all.last?.object === world.person)
  }

  @Test func classSetterSentDirectlyToAnObservedClassObjectDoesNotNotify() throws {
    // No notifying metaclass is made (the class object's isa is never switched), so only
    // will/did and key-value coding notify.
    let store = Locked<Int64>(0)
    let world = try worldWithClassCount(store)
    let (observer, log) = try world.newObserver()
    try world.person.addObserver(observer, forKeyPath: "count")
    try world.runtime.msgSend(world.person, "setCount:", 9)
    #expect(store.withLock { $0 } == 9)
    #expect(log.count == 0)
  }

  @Test func observingAClassObjectLeavesItsInstancesAsTheyWere() throws {
    let world = try worldWithClassCount()
    let ann = try world.newPerson()
    let (classObserver, classLog) = try world.newObserver()
    let (instanceObserver, instanceLog) = try world.newObserver()
    try world.person.addObserver(classObserver, forKeyPath: "age")
    #expect(ann.isa === world.person)
    try ann.addObserver(instanceObserver, forKeyPath: "age", options: [.new])
    #expect(ann.isa.name == "NSKVONotifying_Person")
    try world.set(ann, "age", 30)
    #expect(instanceLog.all.map(\.change.new) == [30])
    #expect(classLog.count == 0)
    try ann.removeObserver(instanceObserver, forKeyPath: "age")
    #expect(ann.isa === world.person)
    #expect(world.person.observedKeyPaths == ["age"])
    try world.runtime.checkInvariants()
  }

  @Test func chainThroughAClassObjectObservesTheClassObject() throws {
    let world = try worldWithClassCount()
    let person = world.person
    try person.addMethod("kind", types: "#16@0:8") { _, _, _ in .class(person) }
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "kind.count", options: [.new])
    #expect(person.observances.map(\.kind) == [.keyPathForwarding])
    try person.setValue(6, forKey: "count")
    #expect(log.all.map(\.keyPath) == ["kind.count"])
    #expect(log.all.first?.object === ann)
    #expect(log.all.first?.change.new == 6)
    try ann.removeObserver(observer, forKeyPath: "kind.count")
    #expect(person.observationInfo == nil)
    try world.runtime.checkInvariants()
  }
}
