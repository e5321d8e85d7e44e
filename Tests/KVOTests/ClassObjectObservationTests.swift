// ClassObjectObservationTests.swift: observing a class object, as Foundation lets a program
// observe `[Person addObserver:o forKeyPath:@"count" …]`. As for an instance, the class object's
// isa is switched, here to NSKVONotifying_Person's metaclass, whose notifying class-method
// setters notify a direct `[Person setCount:9]`; will/did and key-value coding notify once too
// (docs/kvo.md#observing-a-class-object).

import Testing

@testable import KVO

@Suite struct ClassObjectObservationTests {
  /// A world whose Person has a class property `count` (`+count`, `+setCount:`), stored in `store`.
  func worldWithClassCount(_ store: Locked<Int64> = Locked(0)) throws -> World {
    let world = try World()
    try world.person.metaclass.addMethod("count", types: "q16@0:8") { _, _, _ in .int64(store.withLock { $0 }) }
    try world.person.metaclass.addMethod("setCount:", types: "v24@0:8q16") { _, _, arguments in
      let value = arguments[0].intValue ?? 0
      store.withLock { $0 = Int64(value) }
      return .nil
    }
    return world
  }

  @Test func observingAClassObjectSwitchesItsIsaToTheNotifyingMetaclass() throws {
    let world = try worldWithClassCount()
    let person = world.person
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "count", options: [.new])
    #expect(person.observedKeyPaths == ["count"])
    #expect(person.observances.first?.observer === observer)
    let notifying = try #require(world.runtime.lookUpClass(named: "NSKVONotifying_Person"))
    #expect(person.isa === notifying.metaclass)  // object_getClass(Person)
    #expect(person.isa.isMetaclass && person.isa.name == "NSKVONotifying_Person")
    #expect(person.isa.superclass === person.metaclass)
    #expect(try world.runtime.msgSend(person, "class") == .class(person))  // [Person class]
    #expect(person.isa.methodList.map(\.selector.name) == ["setCount:"])  // the class-method setter
    #expect(person.isa.methodList.first?.implementation.name == "_NSSetLongLongValueAndNotify")
    #expect(notifying.superclass === person)  // the pair instances use
    try world.runtime.checkInvariants()
  }

  @Test func classSetterSentDirectlyToAnObservedClassObjectNotifiesOnce() throws {
    let store = Locked<Int64>(2)
    let world = try worldWithClassCount(store)
    let (observer, log) = try world.newObserver()
    try world.person.addObserver(observer, forKeyPath: "count", options: [.old, .new, .prior], context: 5)
    try world.runtime.msgSend(world.person, "setCount:", 9)  // [Person setCount:9]
    #expect(store.withLock { $0 } == 9)
    #expect(log.all.map(\.change.isPrior) == [true, false])
    #expect(log.all.last?.change.old == 2 && log.all.last?.change.new == 9)
    #expect(log.all.last?.object === world.person)
    #expect(log.all.last?.context == 5)
    try world.runtime.checkInvariants()
  }

  @Test func classSetterOfAnUnobservedKeyOnAnObservedClassObjectDoesNotNotify() throws {
    let world = try worldWithClassCount()
    try world.person.metaclass.addMethod("setLimit:", types: "v24@0:8q16") { _, _, _ in .nil }
    try world.person.metaclass.addMethod("limit", types: "q16@0:8") { _, _, _ in 0 }
    let (observer, log) = try world.newObserver()
    try world.person.addObserver(observer, forKeyPath: "count")
    try world.runtime.msgSend(world.person, "setLimit:", 3)
    #expect(log.count == 0)
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

  @Test func removingTheLastObservationOfAClassObjectRestoresItsIsa() throws {
    let store = Locked<Int64>(0)
    let world = try worldWithClassCount(store)
    let metaclass = world.person.metaclass
    let (observer, log) = try world.newObserver()
    try world.person.addObserver(observer, forKeyPath: "count")
    try world.person.addObserver(observer, forKeyPath: "count", context: 2)
    try world.person.removeObserver(observer, forKeyPath: "count", context: 2)
    #expect(world.person.isa.name == "NSKVONotifying_Person")  // one observation left
    try world.person.removeObserver(observer, forKeyPath: "count")
    #expect(world.person.isa === metaclass)
    #expect(world.person.observationInfo == nil)
    #expect(world.runtime.lookUpClass(named: "NSKVONotifying_Person") != nil)  // kept for next time
    try world.runtime.msgSend(world.person, "setCount:", 4)
    try world.person.willChangeValue(forKey: "count")
    try world.person.didChangeValue(forKey: "count")
    #expect(store.withLock { $0 } == 4)
    #expect(log.count == 0)
    #expect(throws: KeyValueError.self) { try world.person.removeObserver(observer, forKeyPath: "count") }
    // Observed again, it reuses the notifying metaclass and its setter.
    try world.person.addObserver(observer, forKeyPath: "count")
    #expect(world.person.isa.name == "NSKVONotifying_Person")
    try world.runtime.msgSend(world.person, "setCount:", 5)
    #expect(log.count == 1)
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

  @Test func observingAClassObjectLeavesItsInstancesAsTheyWere() throws {
    let world = try worldWithClassCount()
    let ann = try world.newPerson()
    let (classObserver, classLog) = try world.newObserver()
    try world.person.addObserver(classObserver, forKeyPath: "age")
    #expect(ann.isa === world.person)
    #expect(try world.runtime.msgSend(ann, "class") == .class(world.person))
    try world.set(ann, "age", 30)
    #expect(classLog.count == 0)
    try world.runtime.checkInvariants()
  }

  @Test(arguments: [true, false])
  func classObjectAndInstanceObservationWorkTogetherInEitherOrder(classObjectFirst: Bool) throws {
    let store = Locked<Int64>(0)
    let world = try worldWithClassCount(store)
    let person = world.person
    let ann = try world.newPerson()
    let (classObserver, classLog) = try world.newObserver()
    let (instanceObserver, instanceLog) = try world.newObserver()
    if classObjectFirst {
      try person.addObserver(classObserver, forKeyPath: "count", options: [.new])
      try ann.addObserver(instanceObserver, forKeyPath: "age", options: [.new])
    } else {
      try ann.addObserver(instanceObserver, forKeyPath: "age", options: [.new])
      try person.addObserver(classObserver, forKeyPath: "count", options: [.new])
    }
    let notifying = try #require(world.runtime.lookUpClass(named: "NSKVONotifying_Person"))
    #expect(ann.isa === notifying && person.isa === notifying.metaclass)
    #expect(notifying.methodList.map(\.selector.name).contains("setAge:"))
    #expect(notifying.metaclass.methodList.map(\.selector.name) == ["setCount:"])
    try world.set(ann, "age", 30)
    try world.runtime.msgSend(person, "setCount:", 7)
    #expect(instanceLog.all.map(\.change.new) == [30])
    #expect(classLog.all.map(\.change.new) == [7])
    #expect(instanceLog.all.first?.object === ann && classLog.all.first?.object === person)
    try ann.removeObserver(instanceObserver, forKeyPath: "age")
    #expect(ann.isa === person && person.isa === notifying.metaclass)
    try world.runtime.msgSend(person, "setCount:", 8)
    #expect(classLog.all.map(\.change.new) == [7, 8])
    try person.removeObserver(classObserver, forKeyPath: "count")
    #expect(person.isa === person.metaclass)
    try world.runtime.checkInvariants()
  }

  @Test func automaticallyNotifiesAskedOfTheMetaclassDecidesWhetherTheClassSetterNotifies() throws {
    // Sent to the metaclass, the question reaches NSObject's class methods through the root
    // metaclass, so `+automaticallyNotifiesObserversOfCount` is looked up there.
    let store = Locked<Int64>(0)
    let world = try worldWithClassCount(store)
    try world.runtime.rootClass.metaclass.addMethod("automaticallyNotifiesObserversOfCount", types: "B16@0:8") { _, _, _ in
      false
    }
    let (observer, log) = try world.newObserver()
    try world.person.addObserver(observer, forKeyPath: "count")
    #expect(world.person.isa.name == "NSKVONotifying_Person")  // switched, with no setter
    #expect(world.person.isa.methodList.isEmpty)
    try world.runtime.msgSend(world.person, "setCount:", 9)
    try world.person.setValue(10, forKey: "count")
    #expect(log.count == 0)
    try world.person.willChangeValue(forKey: "count")
    try world.person.didChangeValue(forKey: "count")
    #expect(log.count == 1)  // manual notification still works
  }

  @Test func dependentKeyOfAClassObjectNotifiesOnADirectClassSet() throws {
    let store = Locked<Int64>(1)
    let world = try worldWithClassCount(store)
    try world.person.metaclass.addMethod("total", types: "q16@0:8") { _, _, _ in .int64(store.withLock { $0 } * 10) }
    // Asked of the metaclass, `+keyPathsForValuesAffectingTotal` is found on the root metaclass.
    try world.runtime.rootClass.metaclass.addMethod("keyPathsForValuesAffectingTotal", types: "@16@0:8") { _, _, _ in
      ["count"]
    }
    let (observer, log) = try world.newObserver()
    try world.person.addObserver(observer, forKeyPath: "total", options: [.old, .new])
    try world.runtime.msgSend(world.person, "setCount:", 2)
    #expect(log.all.map(\.keyPath) == ["total"])
    #expect(log.all.first?.change.old == 10 && log.all.first?.change.new == 20)
    try world.person.removeObserver(observer, forKeyPath: "total")
    #expect(world.person.isa === world.person.metaclass)
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
    try world.runtime.msgSend(person, "setCount:", 7)  // a direct class set reaches the chain too
    #expect(log.all.map(\.change.new) == [6, 7])
    #expect(person.isa.name == "NSKVONotifying_Person")
    try ann.removeObserver(observer, forKeyPath: "kind.count")
    #expect(person.observationInfo == nil)
    #expect(person.isa === person.metaclass)
    try world.runtime.checkInvariants()
  }
}
