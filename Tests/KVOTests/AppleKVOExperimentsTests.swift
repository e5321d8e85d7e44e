// AppleKVOExperimentsTests.swift: the experiments teaching articles run against Apple's KVO,
// run against MiniKVO. Each test is one experiment and its well-known result.

import Testing

@testable import KVO

@Suite struct AppleKVOExperimentsTests {
  @Test func addingAnObserverChangesTheIsaToTheNotifyingSubclass() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    #expect(person.isa.name == "Person")
    try person.addObserver(observer, forKeyPath: "age", options: [.new, .old])
    #expect(person.isa.name == "NSKVONotifying_Person")
    #expect(person.isa.superclass === world.person)
    try world.runtime.checkInvariants()
  }

  @Test func observedObjectStillClaimsItsOriginalClass() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    #expect(try world.runtime.msgSend(person, "class") == .class(world.person))
    #expect(person.isa !== world.person)
    #expect(try world.runtime.msgSend(person, "isMemberOfClass:", .class(world.person)) == true)
    #expect(try world.runtime.msgSend(person, "description").stringValue?.hasPrefix("<Person: ") == true)
    #expect(try world.runtime.msgSend(person, "_isKVOA") == true)
  }

  @Test func notifyingSubclassListsExactlyObservedSettersAndItsOverrides() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    let names = Set(person.isa.methodList.map(\.selector.name))
    #expect(names == ["setAge:", "class", "dealloc", "_isKVOA"])
    #expect(person.isa.ivarList.isEmpty)
  }

  @Test func notifyingSubclassListsSetterFirstAsApplePrints() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    #expect(person.isa.methodList.map(\.selector.name) == ["setAge:", "class", "dealloc", "_isKVOA"])
    try person.addObserver(observer, forKeyPath: "name")  // a setter hooked later goes in front
    #expect(person.isa.methodList.map(\.selector.name) == ["setName:", "setAge:", "class", "dealloc", "_isKVOA"])
    try world.runtime.checkInvariants()
  }

  @Test func observingAnotherKeyAddsItsSetterLazily() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    let subclass = person.isa
    try person.addObserver(observer, forKeyPath: "name")
    #expect(person.isa === subclass)
    #expect(Set(subclass.methodList.map(\.selector.name)) == ["setAge:", "setName:", "class", "dealloc", "_isKVOA"])
  }

  @Test func notifyingSettersAreChosenByArgumentType() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    for key in ["age", "name", "score", "isActive"] {
      try person.addObserver(observer, forKeyPath: key)
    }
    let flavours = Dictionary(uniqueKeysWithValues: person.isa.methodList.map { ($0.selector.name, $0.implementation.name) })
    #expect(flavours["setAge:"] == "_NSSetLongLongValueAndNotify")
    #expect(flavours["setName:"] == "_NSSetObjectValueAndNotify")
    #expect(flavours["setScore:"] == "_NSSetDoubleValueAndNotify")
    #expect(flavours["setIsActive:"] == "_NSSetBoolValueAndNotify")
  }

  @Test func removingLastObserverRestoresOriginalClass() throws {
    let world = try World()
    let person = try world.newPerson()
    let (first, _) = try world.newObserver()
    let (second, _) = try world.newObserver()
    try person.addObserver(first, forKeyPath: "age")
    try person.addObserver(second, forKeyPath: "name")
    try person.removeObserver(first, forKeyPath: "age")
    #expect(person.isa.name == "NSKVONotifying_Person")
    try person.removeObserver(second, forKeyPath: "name")
    #expect(person.isa === world.person)
    #expect(person.observationInfo == nil)
    try world.runtime.checkInvariants()
  }

  @Test func notifyingSubclassStaysRegisteredAndIsReused() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    let subclass = try #require(world.runtime.lookUpClass(named: "NSKVONotifying_Person"))
    try person.removeObserver(observer, forKeyPath: "age")
    #expect(world.runtime.lookUpClass(named: "NSKVONotifying_Person") === subclass)
    let other = try world.newPerson()
    try other.addObserver(observer, forKeyPath: "age")
    #expect(other.isa === subclass)
    #expect(world.runtime.classes.filter { $0.name == "NSKVONotifying_Person" }.count == 1)
  }

  @Test func settingANotifiedKeyCallsWillOriginalSetterThenDid() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    let trace = Log<String>()
    let events = world.runtime.addEventObserver(includingMessageSends: true) { event in
      if case .messageSent(_, let selector, let implementation, let isSuper) = event {
        trace.append("\(isSuper ? "super " : "")\(selector.name) \(implementation)")
      }
    }
    try world.set(person, "age", 7)
    events.cancel()
    let order = trace.all.filter {
      $0.hasPrefix("willChangeValueForKey:") || $0.hasPrefix("super setAge:") || $0.hasPrefix("didChangeValueForKey:")
        || $0.hasPrefix("observeValueForKeyPath")
    }.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
    #expect(order == ["willChangeValueForKey: -[NSObject(NSKeyValueObserverNotification)", "super setAge:", "didChangeValueForKey: -[NSObject(NSKeyValueObserverNotification)", "observeValueForKeyPath:ofObject:change:context: -[Observer"])
  }

  @Test func ivarsAndAssociatedObjectsSurviveTheSwizzleBothWays() throws {
    let world = try World()
    let person = try world.newPerson()
    let tag = AssociationKey("tag")
    try world.set(person, "age", 41)
    try person.setAssociatedObject("kept", forKey: tag, policy: .retain)
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    #expect(try person.value(ofIvar: "_age") == 41)
    #expect(person.associatedObject(forKey: tag) == "kept")
    try world.set(person, "age", 42)
    try person.removeObserver(observer, forKeyPath: "age")
    #expect(try person.value(ofIvar: "_age") == 42)
    #expect(person.associatedObject(forKey: tag) == "kept")
  }

  @Test func unobservedInstancesOfAHookedClassStayUnswizzled() throws {
    let world = try World()
    let watched = try world.newPerson()
    let other = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try watched.addObserver(observer, forKeyPath: "age")
    try world.set(other, "age", 3)
    #expect(other.isa === world.person)
    #expect(log.count == 0)
  }
}
