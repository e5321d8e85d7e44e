// ObservedPathTests.swift: registrations added and removed in place, without a lock for readers.
//
// Pins what ObservedPath.swift, ObservationTable.swift and KeyPathPlan.swift promise: many
// observers of one key are notified in registration order however often their path fills up
// and is rebuilt; a removal leaves a tombstone nobody is notified through; a change notifies the
// observers registered when it began; removal finds the most recent registration among many;
// dependent keys follow exactly the registrations still there; and all of it holds while other
// threads set the key.

import Dispatch
import Testing

@testable import KVO

@Suite struct ObservedPathTests {
  @Test func manyObserversOfOneKeyAreNotifiedInRegistrationOrderAcrossRebuilds() throws {
    let world = try World()
    let person = try world.newPerson()
    let order = Log<Int>()
    var observers: [Object] = []
    for index in 0..<100 {
      let (observer, _) = try world.newObserver { _ in order.append(index) }
      try person.addObserver(observer, forKeyPath: "age", options: [.new])
      observers.append(observer)
    }
    for index in stride(from: 0, to: 100, by: 2) { try person.removeObserver(observers[index], forKeyPath: "age") }
    for index in stride(from: 0, to: 100, by: 4) {
      try person.addObserver(observers[index], forKeyPath: "age", options: [.new])
    }
    try world.set(person, "age", 1)
    let odd = Array(stride(from: 1, to: 100, by: 2))
    let readded = Array(stride(from: 0, to: 100, by: 4))
    #expect(order.all == odd + readded)
    #expect(person.observedKeyPaths.count == odd.count + readded.count)
    try world.runtime.checkInvariants()
  }

  @Test func removedObserversAreNeverNotifiedThroughTheirTombstones() throws {
    let world = try World()
    let person = try world.newPerson()
    let (stable, stableLog) = try world.newObserver()
    let (visitor, visitorLog) = try world.newObserver()
    try person.addObserver(stable, forKeyPath: "age", options: [.new])
    for round in 0..<50 {
      try person.addObserver(visitor, forKeyPath: "age", options: [.old])
      try world.set(person, "age", .int(2 * round))
      try person.removeObserver(visitor, forKeyPath: "age")
      try world.set(person, "age", .int(2 * round + 1))
    }
    #expect(stableLog.count == 100)
    #expect(visitorLog.count == 50)
    // The stable observer asked only for new values: once the visitor is gone, no old value.
    #expect(stableLog.all.allSatisfy { $0.change.old == nil && $0.change.new != nil })
    #expect(visitorLog.all.allSatisfy { $0.change.old != nil && $0.change.new == nil })
    try person.removeObserver(stable, forKeyPath: "age")
    #expect(person.isa === world.person)
    #expect(person.observationInfo == nil)
    try world.runtime.checkInvariants()
  }

  @Test func anObserverAddedDuringAChangeIsNotNotifiedOfIt() throws {
    let world = try World()
    let person = try world.newPerson()
    let (first, firstLog) = try world.newObserver()
    let (late, lateLog) = try world.newObserver()
    try person.addObserver(first, forKeyPath: "age", options: [.new])
    try person.willChangeValue(forKey: "age")
    try person.addObserver(late, forKeyPath: "age", options: [.new])
    try person.didChangeValue(forKey: "age")
    #expect(firstLog.count == 1)
    #expect(lateLog.count == 0)
    try world.set(person, "age", 3)
    #expect(lateLog.count == 1)
    try world.runtime.checkInvariants()
  }

  @Test func removalFindsTheMostRecentRegistrationAmongManyOthers() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    var others: [Object] = []
    for index in 0..<40 {
      let (other, _) = try world.newObserver()
      others.append(other)
      try person.addObserver(other, forKeyPath: "age")
      if index == 10 { try person.addObserver(observer, forKeyPath: "age", context: 1) }
      if index == 30 { try person.addObserver(observer, forKeyPath: "age", context: 2) }
    }
    try person.removeObserver(observer, forKeyPath: "age")  // the most recent: context 2
    try world.set(person, "age", 1)
    #expect(log.all.map(\.context) == [1])
    try person.removeObserver(observer, forKeyPath: "age")
    #expect(throws: KeyValueError.self) { try person.removeObserver(observer, forKeyPath: "age") }
    withExtendedLifetime(others) {}
  }

  @Test func aDependencyAddedLaterTriggersThePathUntilItsRegistrationLeaves() throws {
    let world = try World()
    let person = try world.newPerson()
    let (early, earlyLog) = try world.newObserver()
    let (late, _) = try world.newObserver()
    try person.addObserver(early, forKeyPath: "fullName")
    try world.person.isa.replaceMethod(
      "keyPathsForValuesAffectingFullName", types: "@16@0:8",
      implementation: Implementation(name: "keyPathsForValuesAffectingFullName") { _, _, _ in
        ["firstName", "lastName", "name"]
      })
    try person.addObserver(late, forKeyPath: "fullName")
    try world.set(person, "name", .string("Al"))
    #expect(earlyLog.count == 1)  // one path, triggered by every key its registrations depend on
    try person.removeObserver(late, forKeyPath: "fullName")
    try world.set(person, "name", .string("Bo"))
    #expect(earlyLog.count == 1)
    try world.set(person, "firstName", .string("Cy"))
    #expect(earlyLog.count == 2)
    try world.runtime.checkInvariants()
  }

  @Test func aDependencyDroppedLaterStopsTriggeringThePathOnceTheRegistrationThatHadItLeaves() throws {
    let world = try World()
    let person = try world.newPerson()
    let (early, _) = try world.newObserver()
    let (late, lateLog) = try world.newObserver()
    try person.addObserver(early, forKeyPath: "fullName")  // depends on firstName and lastName
    try world.person.isa.replaceMethod(
      "keyPathsForValuesAffectingFullName", types: "@16@0:8",
      implementation: Implementation(name: "keyPathsForValuesAffectingFullName") { _, _, _ in ["firstName"] })
    try person.addObserver(late, forKeyPath: "fullName")  // depends on firstName only
    try person.removeObserver(early, forKeyPath: "fullName")
    try world.set(person, "lastName", .string("Al"))
    #expect(lateLog.count == 0)  // nobody left depends on lastName
    try world.set(person, "firstName", .string("Bo"))
    #expect(lateLog.count == 1)
    try world.runtime.checkInvariants()
  }

  @Test func churningObserversOfOneKeyWhileOthersSetKeepsEveryCountExact() throws {
    let world = try World()
    let person = try world.newPerson()
    let (stable, stableLog) = try world.newObserver()
    try person.addObserver(stable, forKeyPath: "age", options: [.new])
    let churners = 3
    let setters = 2
    let rounds = 200
    let sets = 300
    let observers = try (0..<churners).map { _ in try world.newObserver() }
    let failures = Log<String>()
    DispatchQueue.concurrentPerform(iterations: churners + setters) { index in
      do {
        if index < churners {
          let observer = observers[index].0
          for _ in 0..<rounds {
            try person.addObserver(observer, forKeyPath: "age", options: [.new, .old])
            try person.addObserver(observer, forKeyPath: "age", options: [.new])
            try person.removeObserver(observer, forKeyPath: "age")
            try person.removeObserver(observer, forKeyPath: "age")
          }
        } else {
          for step in 0..<sets { try world.set(person, "age", .int(step)) }
        }
      } catch {
        failures.append("thread \(index): \(error)")
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
    #expect(stableLog.count == setters * sets)
    #expect(stableLog.all.allSatisfy { $0.change.new != nil })
    #expect(person.observedKeyPaths == ["age"])
    try person.removeObserver(stable, forKeyPath: "age")
    #expect(person.isa === world.person && person.observationInfo == nil)
    try world.runtime.checkInvariants()
  }
}
