// ObservationSnapshotTests.swift: the two forms of an object's snapshot (ObservationSnapshot.swift)
// and the lifetime of the table behind them.
//
// An object observing one key path that only its own key triggers publishes that path itself;
// anything else publishes a trigger list. The path holds its table and the table its paths, so
// these also pin that the table is freed once its last registration leaves, and with the
// observed object, however it goes (its notifying `dealloc`, `object_dispose`, or a `dealloc` of
// a class user code set in place of the notifying one).

import Testing

@testable import KVO

@Suite struct ObservationSnapshotTests {
  /// The path object an observed object's table lists first.
  private func firstPath(of object: Object) throws -> ObservedPath? {
    let table = try #require(object.ownObservationSnapshot?.table)
    return table.lock.withLock { table.entries.first?.path }
  }

  @Test func anObjectObservingOneKeyPublishesItsPathAsItsSnapshotAndAListOtherwise() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    #expect(person.observationInfo === (try firstPath(of: person)))
    try person.addObserver(observer, forKeyPath: "name", options: [.new])
    #expect(person.observationInfo is TriggerList)
    try world.set(person, "age", 1)
    try world.set(person, "name", "Ada")
    try person.removeObserver(observer, forKeyPath: "name")
    #expect(person.observationInfo === (try firstPath(of: person)), "back to the path once the other key goes")
    try world.set(person, "age", 2)
    try world.set(person, "name", "Bea")
    #expect(log.all.map(\.keyPath) == ["age", "name", "age"])
    try person.removeObserver(observer, forKeyPath: "age")
    #expect(person.observationInfo == nil)
    try world.runtime.checkInvariants()
  }

  @Test func aPathOtherKeysTriggerIsPublishedInATriggerList() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "fullName", options: [.new])
    #expect(person.observationInfo is TriggerList)
    try world.set(person, "firstName", "Ada")
    #expect(log.all.map(\.keyPath) == ["fullName"])
    try person.removeObserver(observer, forKeyPath: "fullName")
    try world.runtime.checkInvariants()
  }

  @Test func theTableIsFreedOnceItsLastRegistrationLeaves() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    weak var table: ObservationTable?
    weak var path: ObservedPath?
    do {
      try person.addObserver(observer, forKeyPath: "age", options: [.new])
      try person.addObserver(observer, forKeyPath: "name", options: [.new])
      table = person.ownObservationSnapshot?.table
      path = try firstPath(of: person)
      try person.removeObserver(observer, forKeyPath: "age")
      try person.removeObserver(observer, forKeyPath: "name")
    }
    #expect(table == nil)
    #expect(path == nil)
    try world.runtime.checkInvariants()
  }

  @Test func theTableIsFreedWithTheObservedObjectItsObserversDidNotLeave() throws {
    let world = try World()
    let (observer, _) = try world.newObserver()
    weak var table: ObservationTable?
    weak var path: ObservedPath?
    do {
      let person = try world.newPerson()
      try person.addObserver(observer, forKeyPath: "age", options: [.new])
      table = person.ownObservationSnapshot?.table
      path = try firstPath(of: person)
      #expect(table != nil && path != nil)
    }
    #expect(table == nil)
    #expect(path == nil)
  }

  @Test func theTableIsFreedWithAnObservedObjectDisposedWithoutDealloc() throws {
    let world = try World()
    let (observer, _) = try world.newObserver()
    let person = try world.newPerson()
    weak var table: ObservationTable?
    weak var path: ObservedPath?
    do {
      try person.addObserver(observer, forKeyPath: "age", options: [.new])
      table = person.ownObservationSnapshot?.table
      path = try firstPath(of: person)
      #expect(table != nil && path != nil)
    }
    try person.dispose()  // object_dispose: no dealloc, so not the notifying class's
    #expect(table == nil)
    #expect(path == nil)
  }

  @Test func theTableIsFreedWithAnObservedObjectWhoseIsaLeftTheNotifyingClass() throws {
    let world = try World()
    let (observer, _) = try world.newObserver()
    weak var table: ObservationTable?
    weak var path: ObservedPath?
    do {
      let person = try world.newPerson()
      try person.addObserver(observer, forKeyPath: "age", options: [.new])
      try person.addObserver(observer, forKeyPath: "name", options: [.new])
      table = person.ownObservationSnapshot?.table
      path = try firstPath(of: person)
      #expect(table != nil && path != nil)
      let original = try #require(table?.originalClass)
      try person.setClass(original)  // object_setClass: its dealloc is no longer KVO's
    }
    #expect(table == nil)
    #expect(path == nil)
  }
}
