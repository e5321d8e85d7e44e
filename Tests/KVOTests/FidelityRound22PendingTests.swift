// FidelityRound22PendingTests.swift: decision 0010's round-22 amendment. Foundation's pending
// notification (DIS_KVC_KVO's `NSKeyValuePendingNotificationPerThread`) retains the object it
// notifies for, whatever pushed it: a will forwarded along a key-path chain pushes one for the
// owner's observance too, and a will of a chain's middle key keeps the old middle object (its
// forwarding values) until the did relinks the chain. Neither object can be freed in between.

import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound22PendingTests {
  /// The "deallocated while key value observers were still registered" lines `world` emits
  /// while `body` runs.
  private func leftoverLines(in world: World, _ body: () throws -> Void) throws -> [String] {
    let lines = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(_, let message) = event, message.contains("still registered") { lines.append(message) }
    }
    defer { events.cancel() }
    try body()
    return lines.all
  }

  /// A will on the friend is forwarded to the owner's `friend.age`: that pending notification
  /// retains the owner, so the owner's last release between the will and the did frees nothing,
  /// and the did still tells the owner's observer; the owner goes when the did pops the entry.
  @Test func aWillForwardedAlongAChainKeepsTheOwnerAliveUntilItsDid() throws {
    let world = try World()
    let deallocs = try world.countingPersonDeallocs()
    let (observer, log) = try world.newObserver()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try world.set(ann, "friend", .object(bob))
    try ann.addObserver(observer, forKeyPath: "friend.age", options: [.new])
    let lines = try leftoverLines(in: world) {
      try bob.willChangeValue(forKey: "age")
      #expect(ann.retainCount == 2)  // ann's own, and its observance's pending notification
      _ = try world.runtime.msgSend(ann, "release")  // the owner's last outside ownership
      #expect(deallocs.count == 0)
      try bob.setValue(5, forIvar: "_age")
      try bob.didChangeValue(forKey: "age")
    }
    #expect(log.all.map(\.change.new) == [5])
    #expect(deallocs.count == 1)  // ann, when the did popped its entry
    #expect(lines.count == 1)  // ann went with its observer registered
  }

  /// A manual will of the chain's middle key keeps the old friend (Foundation's forwarding
  /// values) until the did has moved the chain off it: the friend dropped and released in
  /// between is freed after the did, with no observer left on it.
  @Test func aManualWillOfTheMiddleKeyKeepsTheOldFriendAliveUntilItsDid() throws {
    let world = try World()
    let deallocs = try world.countingPersonDeallocs()
    let (observer, log) = try world.newObserver()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    // Pools around each step, so the atomic getter's autoreleases (the chain reading `friend`)
    // are drained and only what the change itself keeps is left.
    try Runtime.autoreleasepool {
      try world.set(bob, "age", 3)
      try world.set(ann, "friend", .object(bob))
      try ann.addObserver(observer, forKeyPath: "friend.age", options: [.old, .new])
    }
    let lines = try leftoverLines(in: world) {
      try Runtime.autoreleasepool { try ann.willChangeValue(forKey: "friend") }
      try ann.setValue(.nil, forIvar: "_friend")  // ann lets bob go (a strong ivar: a release)
      _ = try world.runtime.msgSend(bob, "release")  // and so does its creator
      #expect(deallocs.count == 0)
      try Runtime.autoreleasepool { try ann.didChangeValue(forKey: "friend") }
      #expect(deallocs.count == 1)  // bob, once the did moved the chain off it
    }
    #expect(log.all.map(\.change.old) == [3])
    #expect(log.all.map(\.change.new) == [.nil])
    #expect(lines.isEmpty)
    try world.runtime.checkInvariants()
  }

  /// The forwarded entry of a key-path dependency (`summary` depends on `friend.age`) holds the
  /// owner as well.
  @Test func aWillForwardedThroughAKeyPathDependencyKeepsTheOwnerAliveUntilItsDid() throws {
    let world = try World()
    try world.person.isa.addMethod("keyPathsForValuesAffectingSummary", types: "@16@0:8") { _, _, _ in ["friend.age"] }
    try world.person.addMethod("summary", types: "@16@0:8") { receiver, _, _ in
      .string("\(try receiver.value(forKeyPath: "friend.age"))")
    }
    let deallocs = try world.countingPersonDeallocs()
    let (observer, log) = try world.newObserver()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try world.set(ann, "friend", .object(bob))
    try ann.addObserver(observer, forKeyPath: "summary", options: [.new])
    try bob.willChangeValue(forKey: "age")
    _ = try world.runtime.msgSend(ann, "release")
    #expect(deallocs.count == 0)
    try bob.didChangeValue(forKey: "age")
    #expect(log.count == 1)
    #expect(deallocs.count == 1)
  }

  /// The common case of the same rule: a setter that drops the old friend (its only owner)
  /// does not free it before the chain moved off it and the observers were told, as Foundation's
  /// forwarding values keep it until the did.
  @Test func settingTheFriendFreesTheOldFriendOnlyAfterTheObserversWereTold() throws {
    let world = try World()
    let order = Log<String>()
    try world.person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      order.append("dealloc \((try? receiver.value(ofIvar: "_age"))?.intValue ?? -1)")
      return .nil
    }
    let (observer, _) = try world.newObserver { received in order.append("told \(received.keyPath)") }
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let carol = try world.newPerson()
    try Runtime.autoreleasepool {
      try world.set(bob, "age", 3)
      try world.set(carol, "age", 4)
      try world.set(ann, "friend", .object(bob))
      try ann.addObserver(observer, forKeyPath: "friend.age", options: [.new])
    }
    _ = try world.runtime.msgSend(bob, "release")  // ann's ivar is bob's only owner now
    try Runtime.autoreleasepool { try world.set(ann, "friend", .object(carol)) }
    #expect(order.all == ["told friend.age", "dealloc 3"])
  }

  /// A prior observer of the friend that releases the owner while a set of the friend is being
  /// announced: the forwarded entry's retain keeps the owner alive, so its observer is told.
  @Test func anOwnerReleasedByAPriorCallbackOfTheFriendLivesUntilTheDid() throws {
    let world = try World()
    let deallocs = try world.countingPersonDeallocs()
    let (observer, log) = try world.newObserver()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let aliveInTheCallback = Log<Int>()
    let (releaser, _) = try world.newObserver { received in
      guard received.change.isPrior else { return }
      _ = try? world.runtime.msgSend(ann, "release")  // the owner's last outside ownership
      aliveInTheCallback.append(deallocs.count)
    }
    try world.set(ann, "friend", .object(bob))
    try ann.addObserver(observer, forKeyPath: "friend.age", options: [.new])
    try bob.addObserver(releaser, forKeyPath: "age", options: [.prior])
    try world.set(bob, "age", 6)
    #expect(aliveInTheCallback.all == [0])
    #expect(log.all.map(\.change.new) == [6])
    #expect(deallocs.count == 1)
  }
}

extension FidelityRound22PendingTests {
  /// A prior observer that releases the object being set (its last ownership) while the set is
  /// announced: Foundation's pending notification still retains it, so the set finishes, the
  /// observers are told, and `dealloc` comes after the did.
  @Test func anObjectReleasedByAPriorCallbackOfItsOwnSetLivesUntilTheDid() throws {
    let world = try World()
    let deallocs = try world.countingPersonDeallocs()
    let ann = try world.newPerson()
    let aliveInTheCallback = Log<Int>()
    let (releaser, log) = try world.newObserver { received in
      guard received.change.isPrior else { return }
      _ = try? world.runtime.msgSend(ann, "release")  // ann's last ownership
      aliveInTheCallback.append(deallocs.count)
    }
    try ann.addObserver(releaser, forKeyPath: "age", options: [.prior, .new])
    try world.set(ann, "age", 6)
    #expect(aliveInTheCallback.all == [0])
    #expect(log.all.map(\.change.new) == [nil, 6])
    #expect(deallocs.count == 1)
  }

  /// A manual will that sends prior notifications is held once per observance, not twice: the
  /// hold taken before its priors is the one its did gives back.
  @Test func aManualWillWithPriorObserversRetainsItsObjectOncePerObservance() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (prior, _) = try world.newObserver()
    let (plain, log) = try world.newObserver()
    try ann.addObserver(prior, forKeyPath: "age", options: [.prior])
    try ann.addObserver(plain, forKeyPath: "age", options: [.new])
    try ann.willChangeValue(forKey: "age")
    #expect(ann.retainCount == 3)
    try ann.didChangeValue(forKey: "age")
    #expect(ann.retainCount == 1)
    #expect(log.count == 1)
  }

  /// A will whose old value cannot be read is cancelled: the link target it had retained is
  /// given back with the discarded entry, so nothing leaks.
  @Test func aCancelledWillGivesBackTheLinkTargetItHeld() throws {
    let world = try World()
    let failing = Log<Bool>()
    let gauge = try instance(of: "Gauge", in: world) { cls in
      try cls.addMethod("age", types: "q16@0:8") { _, _, _ in
        if !failing.all.isEmpty { throw KeyValueError(.undefinedKey, "age unreadable") }
        return .int64(1)
      }
    }
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try Runtime.autoreleasepool {
      try world.set(ann, "friend", .object(gauge))
      try ann.addObserver(observer, forKeyPath: "friend.age", options: [.old, .new])
    }
    let before = gauge.retainCount
    failing.append(true)
    #expect(throws: KeyValueError.self) { try Runtime.autoreleasepool { try ann.willChangeValue(forKey: "friend") } }
    #expect(gauge.retainCount == before)
    #expect(ann.retainCount == 1)
    try ann.didChangeValue(forKey: "friend")  // ends nothing: the will was cancelled
    #expect(log.count == 0)
    try world.runtime.checkInvariants()
  }
}
