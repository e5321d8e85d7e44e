// KVOConcurrencyTests.swift: several threads adding, removing and setting at once.
//
// Bounded by iterations, never by the clock, and asserting only what holds in every
// interleaving (issue 7, "Concurrency stress").

import Dispatch
import Testing

@testable import KVO

@Suite struct KVOConcurrencyTests {
  /// Each thread owns one observer and one object: add, set N times, remove, many rounds; the
  /// notification count per observer is exact, and everything is restored at the end.
  @Test func concurrentAddSetRemoveOnDifferentObjectsGivesExactCounts() throws {
    let world = try World()
    let threads = 4
    let rounds = 50
    let sets = 20
    let objects = try (0..<threads).map { _ in try world.newPerson() }
    let observers = try (0..<threads).map { _ in try world.newObserver() }
    DispatchQueue.concurrentPerform(iterations: threads) { index in
      let person = objects[index]
      let (observer, _) = observers[index]
      for round in 0..<rounds {
        try? person.addObserver(observer, forKeyPath: "age", options: [.new])
        for step in 0..<sets { try? world.set(person, "age", .int(round * sets + step)) }
        try? person.removeObserver(observer, forKeyPath: "age")
      }
    }
    for (person, (_, log)) in zip(objects, observers) {
      #expect(log.count == rounds * sets)
      #expect(person.isa === world.person)
      #expect(person.observationInfo == nil)
    }
    try world.runtime.checkInvariants()
  }

  /// Several threads observe and set the same object: each observer sees every set made while
  /// it was registered by its own thread's bracket.
  @Test func concurrentObserversOfOneObjectEachSeeTheirOwnBracket() throws {
    let world = try World()
    let person = try world.newPerson()
    let threads = 4
    let sets = 200
    let observers = try (0..<threads).map { _ in try world.newObserver() }
    let keys = ["age", "name", "score", "isActive"]
    DispatchQueue.concurrentPerform(iterations: threads) { index in
      let (observer, _) = observers[index]
      let key = keys[index]
      try? person.addObserver(observer, forKeyPath: key, options: [.new])
      for step in 0..<sets {
        let value: Value = key == "name" ? .string("n\(step)") : key == "isActive" ? .bool(step % 2 == 0) : .int(step)
        try? world.set(person, key, value)
      }
      try? person.removeObserver(observer, forKeyPath: key)
    }
    for (_, log) in observers { #expect(log.count == sets) }
    #expect(person.isa === world.person)
    #expect(person.observationInfo == nil)
    try world.runtime.checkInvariants()
  }

  /// The stress test of issue 7. Churners add and remove observers over and over, on two objects
  /// they share (each with its own key) and on objects of their own (a key-path chain and a
  /// dependent key), setting their keys while registered; setters meanwhile set `age` on the
  /// shared objects, where one observer stays registered throughout. Every observer's count is
  /// exact, and at the end every object has its original class and no observation info.
  @Test func churningObserversOnSharedAndOwnObjectsWhileOthersSetGetExactCounts() throws {
    let world = try World()
    let shared = try world.newPerson()  // observed throughout (age) and churned (own keys)
    let flipping = try world.newPerson()  // observed only by churners: its isa flips
    let churnKeys = ["name", "score", "isActive"]
    let setters = 2
    let rounds = 30
    let setsPerRound = 4
    let setterSets = 300
    let (stable, stableLog) = try world.newObserver()
    try shared.addObserver(stable, forKeyPath: "age", options: [.new])
    let owners = try churnKeys.map { _ in try world.newPerson() }
    let friends = try churnKeys.map { _ in try world.newPerson() }
    for (owner, friend) in zip(owners, friends) { try world.set(owner, "friend", .object(friend)) }
    let churnObservers = try churnKeys.map { _ in try world.newObserver() }
    let failures = Log<String>()

    DispatchQueue.concurrentPerform(iterations: churnKeys.count + setters) { index in
      do {
        guard index < churnKeys.count else {
          for step in 0..<setterSets {
            try world.set(shared, "age", .int(step))
            try world.set(flipping, "age", .int(step))
          }
          return
        }
        let key = churnKeys[index]
        let (observer, _) = churnObservers[index]
        let registrations = [
          (shared, key), (flipping, key), (owners[index], "friend.age"), (owners[index], "fullName"),
        ]
        for round in 0..<rounds {
          for (object, path) in registrations { try object.addObserver(observer, forKeyPath: path, options: [.new]) }
          for step in 0..<setsPerRound {
            let value: Value =
              key == "name" ? .string("n\(step)") : key == "score" ? .double(Double(step)) : .bool(step % 2 == 0)
            try world.set(shared, key, value)
            try world.set(flipping, key, value)
            try world.set(friends[index], "age", .int(round))
            try world.set(owners[index], "firstName", .string("f\(step)"))
          }
          for (object, path) in registrations.reversed() { try object.removeObserver(observer, forKeyPath: path) }
        }
      } catch {
        failures.append("thread \(index): \(error)")
      }
    }

    #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
    #expect(stableLog.count == setters * setterSets)
    #expect(stableLog.all.allSatisfy { $0.keyPath == "age" && $0.object === shared })
    for (index, key) in churnKeys.enumerated() {
      let log = churnObservers[index].1
      let expected = rounds * setsPerRound
      let counts = Dictionary(grouping: log.all) { "\($0.keyPath) of \($0.object.address)" }
      #expect(counts.count == 4, "\(key): \(counts.keys.sorted())")
      for (what, received) in counts { #expect(received.count == expected, "\(key): \(what)") }
      #expect(log.all.filter { $0.object === shared && $0.keyPath == key }.count == expected)
      #expect(log.all.filter { $0.object === flipping && $0.keyPath == key }.count == expected)
    }
    try shared.removeObserver(stable, forKeyPath: "age")
    for object in [shared, flipping] + owners + friends {
      #expect(object.isa === world.person, "\(object)")
      #expect(object.observationInfo == nil, "\(object.observationInfoDescription)")
      #expect(object.observedKeyPaths.isEmpty)
    }
    try world.runtime.checkInvariants()
  }
}
