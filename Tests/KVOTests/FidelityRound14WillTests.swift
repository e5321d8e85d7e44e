// FidelityRound14WillTests.swift: a forwarded will whose old value cannot be read (decision
// 0025). Foundation's will walks the observances one by one, and the will of a key-path
// dependency or of a key path's link is part of that walk: when the dependent observance's old
// value raises, the raise leaves the whole will. The observers reached before it have had their
// prior notifications, the ones after it nothing, the setter is never sent, no did follows, and
// the next set notifies normally.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound14WillTests {
  /// A world whose Person has `summary`, depending on `friend.name`, which raises while `failing`.
  private func world(failing: Locked<Bool>) throws -> World {
    let world = try World()
    try world.person.addMethod("summary", types: "@16@0:8") { receiver, _, _ in
      if failing.withLock({ $0 }) { throw KeyValueError(.invalidValue, "summary cannot be read") }
      return try receiver.value(forKeyPath: "friend.name")
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingSummary", types: "@16@0:8") { _, _, _ in ["friend.name"] }
    return world
  }

  /// `friend`'s name, observed before and after `person`'s dependent `path`: the first hears the
  /// prior notification, then the read of `path`'s old value raises out of the set.
  private func expectRaiseStopsTheWill(observing path: String, failingGetter: String) throws {
    let idle = ThreadChanges.perThread.current.depth
    let failing = Locked(false)
    let world = try world(failing: failing)
    if failingGetter == "name" {
      try world.person.replaceMethod("name", types: "@16@0:8") { receiver, _, _ in
        if failing.withLock({ $0 }) { throw KeyValueError(.invalidValue, "name cannot be read") }
        return try receiver.value(ofIvar: "_name")
      }
    }
    let (person, friend) = (try world.newPerson(), try world.newPerson())
    try world.set(person, "friend", .object(friend))
    try world.set(friend, "name", "b")
    let (before, beforeLog) = try world.newObserver()
    let (dependent, dependentLog) = try world.newObserver()
    let (after, afterLog) = try world.newObserver()
    try friend.addObserver(before, forKeyPath: "name", options: [.prior])
    try person.addObserver(dependent, forKeyPath: path, options: [.old])
    try friend.addObserver(after, forKeyPath: "name", options: [.prior])
    failing.withLock { $0 = true }
    let error = #expect(throws: KeyValueError.self) { try world.set(friend, "name", "c") }
    #expect(error?.message == "\(failingGetter) cannot be read")
    #expect(beforeLog.all.map(\.change) == [Change(kind: .setting, isPrior: true)])
    #expect(dependentLog.count == 0)
    #expect(afterLog.count == 0)
    #expect(try friend.value(ofIvar: "_name") == "b")  // the setter was never sent
    #expect(ThreadChanges.perThread.current.depth == idle)
    failing.withLock { $0 = false }
    try world.set(friend, "name", "c")
    #expect(beforeLog.count == 3)
    #expect(dependentLog.all.map(\.change) == [Change(kind: .setting, old: "b")])
    #expect(afterLog.count == 2)
    withExtendedLifetime((before, dependent, after)) {}
  }

  @Test func aKeyPathDependencysUnreadableOldValueRaisesOutOfTheWill() throws {
    try expectRaiseStopsTheWill(observing: "summary", failingGetter: "summary")
  }

  @Test func aKeyPathsUnreadableOldValueRaisesOutOfTheWillOfItsLink() throws {
    try expectRaiseStopsTheWill(observing: "friend.name", failingGetter: "name")
  }

  /// Within the forwarded will, the dependent key's observers are walked in order too: one that
  /// asked for no old value and was registered first hears its prior notification.
  @Test func aDependentObserverBeforeTheOneThatReadsHearsItsPrior() throws {
    let failing = Locked(false)
    let world = try world(failing: failing)
    let (person, friend) = (try world.newPerson(), try world.newPerson())
    try world.set(person, "friend", .object(friend))
    let (first, firstLog) = try world.newObserver()
    let (reading, readingLog) = try world.newObserver()
    try person.addObserver(first, forKeyPath: "summary", options: [.prior])
    try person.addObserver(reading, forKeyPath: "summary", options: [.old, .prior])
    failing.withLock { $0 = true }
    #expect(throws: KeyValueError.self) { try world.set(friend, "name", "c") }
    #expect(firstLog.all.map(\.change) == [Change(kind: .setting, isPrior: true)])
    #expect(readingLog.count == 0)
    failing.withLock { $0 = false }
    try world.set(friend, "name", "c")
    #expect(firstLog.count == 3)
    #expect(readingLog.count == 2)
    withExtendedLifetime((first, reading)) {}
  }
}
