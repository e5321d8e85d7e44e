// FidelityRound21PendingTests.swift: decision 0010's open case, closed in round 21. Foundation's
// pending notification (DIS_KVC_KVO's `NSKeyValuePendingNotificationPerThread`) retains the
// object, one per observance, until its did pops it or the thread's stack is freed; MiniKVO's
// manual and message routes now do the same (Notifier.swift, ThreadChanges.swift).

import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound21PendingTests {
  /// The four manual wills, each with the did that ends it.
  enum Route: String, CaseIterable, CustomStringConvertible {
    case key, toMany, setMutation, message
    var description: String { rawValue }

    func will(_ person: Object, _ runtime: Runtime) throws {
      switch self {
      case .key: try person.willChangeValue(forKey: "items")
      case .toMany: try person.willChange(.insertion, valuesAt: [0], forKey: "items")
      case .setMutation: try person.willChangeValue(forKey: "items", withSetMutation: .union, using: ["x"])
      case .message: _ = try runtime.msgSend(person, "willChangeValueForKey:", "items")
      }
    }

    func did(_ person: Object, _ runtime: Runtime) throws {
      switch self {
      case .key: try person.didChangeValue(forKey: "items")
      case .toMany: try person.didChange(.insertion, valuesAt: [0], forKey: "items")
      case .setMutation: try person.didChangeValue(forKey: "items", withSetMutation: .union, using: ["x"])
      case .message: _ = try runtime.msgSend(person, "didChangeValueForKey:", "items")
      }
    }
  }

  /// Each observance's pending notification retains the object: `retainCount` counts them
  /// between the will and the did, and the did gives them back.
  @Test(arguments: Route.allCases)
  func aManualWillRetainsItsObjectOncePerObservanceUntilItsDid(route: Route) throws {
    let world = try World()
    let person = try world.newPerson()
    let (first, _) = try world.newObserver()
    let (second, log) = try world.newObserver()
    try person.addObserver(first, forKeyPath: "items", options: [.new])
    try person.addObserver(second, forKeyPath: "items", options: [.new])
    #expect(person.retainCount == 1)
    try route.will(person, world.runtime)
    #expect(person.retainCount == 3)
    try route.did(person, world.runtime)
    #expect(person.retainCount == 1)
    #expect(log.count == 1)
    try world.runtime.checkInvariants()
  }

  /// No observance, no pending notification: the will retains nothing.
  @Test func aManualWillOfAnUnobservedKeyRetainsNothing() throws {
    let world = try World()
    let person = try world.newPerson()
    try person.willChangeValue(forKey: "age")
    #expect(person.retainCount == 1)
    try person.didChangeValue(forKey: "age")
    #expect(person.retainCount == 1)
  }

  /// Nested pairs: each will's entries hold the object until their own did.
  @Test func nestedManualPairsEachHoldTheObjectUntilTheirDid() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try person.willChangeValue(forKey: "age")
    try person.willChangeValue(forKey: "age")
    #expect(person.retainCount == 3)
    try person.didChangeValue(forKey: "age")
    #expect(person.retainCount == 2)
    try person.didChangeValue(forKey: "age")
    #expect(person.retainCount == 1)
    #expect(log.count == 2)
  }

  /// A `release` to zero while a will is open gives back the caller's ownership only: the
  /// pending notification's retain keeps the object from `dealloc` until the did.
  @Test func aReleaseToZeroWhileAWillIsOpenLeavesTheObjectAlive() throws {
    let world = try World()
    let deallocs = try world.countingPersonDeallocs()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    _ = try world.runtime.msgSend(person, "retain")  // the caller's own extra retain
    try person.willChangeValue(forKey: "age")
    _ = try world.runtime.msgSend(person, "release")
    _ = try world.runtime.msgSend(person, "release")  // the caller's last: the will's retain remains
    #expect(deallocs.count == 0)
    try person.setValue(4, forIvar: "_age")
    try person.didChangeValue(forKey: "age")  // pops the entry: its release is the last
    #expect(log.all.map(\.change.new) == [4])
    #expect(deallocs.count == 1)
  }

  /// A thread that ends with a will open frees its stack, and with it the object's retain: the
  /// object is deallocated then, not before.
  @Test func aThreadEndingWithAnOpenWillReleasesItsObject() throws {
    let world = try World()
    let deallocs = try world.countingPersonDeallocs()
    let (observer, log) = try world.newObserver()
    let aliveAtTheThreadsEnd = Log<Int>()
    try onAnotherThread {
      do {
        let person = try world.newPerson()
        try person.addObserver(observer, forKeyPath: "age", options: [.new])
        try person.willChangeValue(forKey: "age")  // never ended
      }
      aliveAtTheThreadsEnd.append(deallocs.count)
    }
    #expect(aliveAtTheThreadsEnd.all == [0])
    #expect(deallocs.count == 1)
    #expect(log.count == 0)
  }

  /// The notifying setter's own pair cannot be split, so it needs no hold: a set leaves the
  /// retain count as it found it.
  @Test func aNotifyingSetLeavesTheRetainCountAsItWas() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try world.set(person, "age", 3)
    #expect(person.retainCount == 1)
    #expect(log.count == 1)
  }
}

extension World {
  /// Gives Person a `dealloc` that only logs that it ran, and answers the log.
  func countingPersonDeallocs() throws -> Log<String> {
    let deallocs = Log<String>()
    try person.addMethod("dealloc", types: "v16@0:8") { _, _, _ in
      deallocs.append("dealloc")
      return .nil
    }
    return deallocs
  }
}
