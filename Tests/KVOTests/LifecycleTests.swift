// LifecycleTests.swift: observers and observed objects freed while registered.

import Testing

@testable import KVO

@Suite struct LifecycleTests {
  @Test func observerFreedWhileRegisteredIsNeverMessagedAndIsPruned() throws {
    let world = try World()
    let person = try world.newPerson()
    var observer: Object? = try world.newObserver().0
    let reference = WeakReference(observer)
    try person.addObserver(try #require(observer), forKeyPath: "age")
    observer = nil
    #expect(reference.object == nil)
    let diagnostics = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(_, let message) = event { diagnostics.append(message) }
    }
    try world.set(person, "age", 1)  // must not crash
    events.cancel()
    #expect(person.isa === world.person)
    #expect(diagnostics.count == 1)
  }

  @Test func observedObjectFreedWhileObservedIsCleanedUpWithADiagnostic() throws {
    let world = try World()
    let (observer, _) = try world.newObserver()
    let diagnostics = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(let subsystem, let message) = event, subsystem == "KVO" { diagnostics.append(message) }
    }
    var person: Object? = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(try #require(person), "friend", .object(friend))
    try person?.addObserver(observer, forKeyPath: "age")
    try person?.addObserver(observer, forKeyPath: "friend.name")
    person = nil
    events.cancel()
    #expect(diagnostics.count == 1)
    #expect(diagnostics.all.first?.contains("age, friend.name") == true)
    #expect(friend.isa === world.person)  // the chain link on the friend was torn down
    #expect(friend.observationInfo == nil)
    let subclass = try #require(world.runtime.lookUpClass(named: "NSKVONotifying_Person"))
    #expect(subclass.liveInstanceCount == 0)
    try world.runtime.checkInvariants()
  }

  @Test func deallocOfAnObservedObjectRunsTheOriginalDealloc() throws {
    let world = try World()
    let ran = Log<String>()
    try world.person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      ran.append("Person dealloc")
      return try receiver.runtime!.msgSendSuper(receiver, superclass: world.runtime.rootClass, "dealloc")
    }
    let (observer, _) = try world.newObserver()
    var person: Object? = try world.newPerson()
    try person?.addObserver(observer, forKeyPath: "age")
    person = nil
    #expect(ran.all == ["Person dealloc"])
  }
}
