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

  @Test func anObjectRemovingItsObservationOfItselfInItsDeallocDeallocatesCleanly() throws {
    let world = try World()
    let problems = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(let subsystem, let message) = event, subsystem == "KVO" { problems.append(message) }
    }
    let root = world.runtime.rootClass
    let removal = Locked<(any Error)?>(nil)
    try world.person.addMethod("dealloc", types: "v16@0:8") { receiver, selector, _ in
      do {
        try receiver.removeObserver(receiver, forKeyPath: "age")  // the class's dealloc runs first
      } catch {
        removal.withLock { $0 = error }
      }
      return try Runtime.msgSendSuper(receiver, superclass: root, selector)
    }
    try world.person.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") { _, _, _ in .nil }
    var person: Object? = try world.newPerson()
    let reference = WeakReference(person)
    try person?.addObserver(try #require(person), forKeyPath: "age", options: [.new])
    try world.set(try #require(person), "age", 3)
    person = nil
    events.cancel()
    #expect(reference.object == nil)
    #expect(removal.withLock { $0 } == nil, "no \"not registered\" error")
    #expect(problems.all.isEmpty, "no \"deallocated while observed\" diagnostic")
    let subclass = try #require(world.runtime.lookUpClass(named: "NSKVONotifying_Person"))
    #expect(subclass.liveInstanceCount == 0)
    try world.runtime.checkInvariants()
  }

  @Test func observationsLeftAfterTheClassDeallocRanAreCleanedUpAfterIt() throws {
    let world = try World()
    let order = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(let subsystem, _) = event, subsystem == "KVO" { order.append("diagnostic") }
    }
    let root = world.runtime.rootClass
    try world.person.addMethod("dealloc", types: "v16@0:8") { receiver, selector, _ in
      order.append("Person dealloc, observed: \(receiver.observedKeyPaths)")
      return try Runtime.msgSendSuper(receiver, superclass: root, selector)
    }
    let (observer, _) = try world.newObserver()
    var person: Object? = try world.newPerson()
    try person?.addObserver(observer, forKeyPath: "age")
    person = nil
    events.cancel()
    #expect(order.all == ["Person dealloc, observed: [\"age\"]", "diagnostic"])
  }
}

