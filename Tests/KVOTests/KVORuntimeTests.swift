// KVORuntimeTests.swift: how KVO attaches to a runtime and where it keeps its state (KVORuntime.swift).

import Testing

@testable import KVO

@Suite struct KVORuntimeTests {
  @Test func removingNSObjectsAssociatedObjectsDoesNotResetKVO() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try person.removeObserver(observer, forKeyPath: "age")
    world.runtime.rootClass.removeAssociatedObjects()
    world.runtime.rootClass.isa.removeAssociatedObjects()
    // KVO still knows NSKVONotifying_Person: observing again reuses it instead of failing to
    // allocate a second class of that name.
    let other = try world.newPerson()
    try other.addObserver(observer, forKeyPath: "age", options: [.new])
    #expect(other.isa.name == "NSKVONotifying_Person")
    try world.set(other, "age", 3)
    #expect(log.all.map(\.change.new) == [3])
    try world.runtime.checkInvariants()
  }

  /// A first add finds the object's observed class without the KVO lock when it is the one
  /// the last first add found (KVORuntime.observedClass(ofObject:)): objects of a class, its
  /// subclass and an unrelated class, added to in turn, each get their own notifying class.
  @Test func firstAddsToObjectsOfAlternatingClassesSwitchEachToItsOwnNotifyingClass() throws {
    let world = try World()
    let student = try world.runtime.allocateClassPair(superclass: world.person, name: "Student")
    try world.runtime.registerClassPair(student)
    let pet = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Pet")
    try pet.synthesizeProperty("age", type: .longLong)
    try world.runtime.registerClassPair(pet)
    let (observer, log) = try world.newObserver()
    var objects: [(Object, String)] = []
    for round in 0..<2 {
      for (cls, name) in [(world.person, "Person"), (student, "Student"), (world.person, "Person"), (pet, "Pet")] {
        let object = try #require(try world.runtime.msgSend(cls, "new").objectValue)
        try object.addObserver(observer, forKeyPath: "age", options: [.new])
        #expect(object.isa.name == "NSKVONotifying_\(name)", "round \(round)")
        objects.append((object, name))
      }
    }
    for (index, (object, _)) in objects.enumerated() { try world.set(object, "age", .int64(Int64(index))) }
    #expect(log.all.map(\.change.new) == objects.indices.map { Value?.some(.int64(Int64($0))) })
    for (object, name) in objects {
      try object.removeObserver(observer, forKeyPath: "age")
      #expect(object.isa.name == name)
    }
    try world.runtime.checkInvariants()
  }

  /// The same, across two runtimes: each keeps its own last observed class.
  @Test func firstAddsInTwoRuntimesInTurnUseEachRuntimesOwnNotifyingClass() throws {
    let worlds = [try World(), try World()]
    for _ in 0..<2 {
      for world in worlds {
        let person = try world.newPerson()
        let (observer, _) = try world.newObserver()
        try person.addObserver(observer, forKeyPath: "age")
        #expect(person.isa.superclass === world.person)
        #expect(person.isa.name == "NSKVONotifying_Person")
        try person.removeObserver(observer, forKeyPath: "age")
        #expect(person.isa === world.person)
      }
    }
  }
}
