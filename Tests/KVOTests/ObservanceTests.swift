// ObservanceTests.swift: the structured view of an object's observation info (Observance.swift)
// and its agreement with observationInfoDescription.

import Testing

@testable import KVO

@Suite struct ObservanceTests {
  @Test func observancesListRegistrationsInOrderWithTheirDetails() throws {
    let world = try World()
    let person = try world.newPerson()
    let (first, _) = try world.newObserver()
    let (second, _) = try world.newObserver()
    try person.addObserver(first, forKeyPath: "age", options: [.new, .old], context: 7)
    try person.addObserver(second, forKeyPath: "name", options: .initial)
    try person.addObserver(first, forKeyPath: "age", options: .prior, context: 9)
    let observances = person.observances
    #expect(observances.map(\.keyPath) == ["age", "name", "age"])
    #expect(observances.map(\.options) == [[.new, .old], .initial, .prior])
    #expect(observances.map(\.context) == [7, .none, 9])
    #expect(observances.map(\.kind) == [.object, .object, .object])
    #expect(observances[0].observer === first && observances[1].observer === second && observances[2].observer === first)
    #expect(observances.filter(\.isExternal).count == 3)
    try person.removeObserver(first, forKeyPath: "age", context: 7)
    #expect(person.observances.map(\.context) == [.none, 9])
    try person.removeObserver(second, forKeyPath: "name")
    try person.removeObserver(first, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }

  @Test func observancesOfUnobservedObjectAreEmpty() throws {
    let world = try World()
    let person = try world.newPerson()
    #expect(person.observances.isEmpty)
    try world.runtime.checkInvariants()
  }

  @Test func observancesPrintExactlyTheObservationInfoDescription() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try person.setValue(.object(friend), forKey: "friend")
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: .new, context: 3)
    let token = try person.observe("name", options: .old) { _, _ in }
    try friend.addObserver(observer, forKeyPath: "friend.age", options: [])
    try person.addObserver(observer, forKeyPath: "friend.age", options: .new)
    for object in [person, friend] {
      let lines = object.observances.map { "  \($0)" }
      #expect(object.observationInfoDescription == "<ObservationInfo> (\n" + lines.joined(separator: "\n") + "\n)")
    }
    let kinds = person.observances.map(\.kind)
    #expect(kinds == [.object, .closure, .object])
    let forwarding = try #require(friend.observances.first { $0.kind == .keyPathForwarding })
    #expect(forwarding.keyPath == "age")
    #expect(forwarding.observer == nil && !forwarding.isExternal)
    #expect(forwarding.observerDescription == "<forwarder to friend.age>")
    #expect(person.observances[1].observerDescription == "<closure>")
    token.invalidate()
    try person.removeObserver(observer, forKeyPath: "age")
    try person.removeObserver(observer, forKeyPath: "friend.age")
    try friend.removeObserver(observer, forKeyPath: "friend.age")
    try world.runtime.checkInvariants()
  }

  @Test func aRegistrationKeepsOnlyTheFourDefinedOptions() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    // New and old, plus bits Foundation defines no option for.
    try person.addObserver(observer, forKeyPath: "age", options: ObservingOptions(rawValue: 0xFF3))
    #expect(person.observances.map(\.options) == [[.new, .old]])
    #expect(person.observances.first?.description.contains("Options: New|Old,") == true)
    try world.set(person, "age", 5)
    #expect(log.all.map(\.change.new) == [5])
    #expect(log.all.map(\.change.old).count == 1 && log.all[0].change.old != nil)
    try person.removeObserver(observer, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }

  @Test func observanceKeepsNoObserverAlive() throws {
    let world = try World()
    let person = try world.newPerson()
    var observances: [Observance] = []
    do {
      let (observer, _) = try world.newObserver()
      try person.addObserver(observer, forKeyPath: "age", options: .new)
      observances = person.observances
      #expect(observances.first?.observer === observer)
      try person.removeObserver(observer, forKeyPath: "age")
    }
    #expect(observances.first?.observer == nil)
    #expect(observances.first?.observerDescription.hasPrefix("<Observer: 0x") == true)
    try world.runtime.checkInvariants()
  }
}
