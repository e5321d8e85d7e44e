// KVOConcurrencyTests.swift: several threads adding, removing and setting at once.

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
}
