// TriggerListTests.swift: the trigger list an object observing several key paths publishes
// (TriggerList.swift).
//
// A list of few (key, path) pairs is grouped in place and a longer one through a dictionary; both
// must list, for each key, exactly the observed paths its change affects (the path of that key,
// the paths starting with it, the paths depending on it) in the order they were first observed,
// which is the order their observers are notified in.

import Testing

@testable import KVO

@Suite struct TriggerListTests {
  /// Checks `object`'s trigger list against its table: each key's paths are the paths it
  /// triggers, in the order first observed.
  private func checkTriggers(of object: Object) throws {
    let table = try #require(object.ownObservationSnapshot?.table)
    let entries = table.lock.withLock { table.entries }
    let list = try #require(object.observationInfo as? TriggerList)
    func keys(of entry: ObservationTable.PathEntry) -> [KeyID] {
      [entry.path.plan.firstKeyID, entry.pathID] + entry.dependencyKeyIDs
    }
    var all: [KeyID] = []
    for entry in entries { for key in keys(of: entry) where !all.contains(key) { all.append(key) } }
    for key in all {
      let expected = entries.filter { keys(of: $0).contains(key) }.map { ObjectIdentifier($0.path) }
      #expect(list.paths(triggeredBy: key)?.map(ObjectIdentifier.init) == expected, "key \(key.raw)")
    }
    #expect(list.paths(triggeredBy: KeyID("unobservedKey")) == nil)
  }

  /// Observes `keyPaths` on a new person, checks its trigger list, and sets `firstName`: the
  /// paths it affects are notified.
  private func observe(_ keyPaths: [String]) throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    for keyPath in keyPaths { try person.addObserver(observer, forKeyPath: keyPath, options: [.new]) }
    try checkTriggers(of: person)
    try world.set(person, "firstName", "Ada")
    #expect(log.all.map(\.keyPath).sorted() == keyPaths.filter { $0 == "fullName" || $0 == "firstName" }.sorted())
    for keyPath in keyPaths { try person.removeObserver(observer, forKeyPath: keyPath) }
    try world.runtime.checkInvariants()
  }

  @Test func aFewPathsAreGroupedByKeyInTheOrderFirstObserved() throws {
    // 10 (key, path) pairs: grouped in place. `firstName` triggers `fullName` (observed first)
    // and its own path.
    try observe(["age", "fullName", "friend.age", "firstName"])
  }

  @Test func manyPathsAreGroupedAsAFewAre() throws {
    // 26 pairs: grouped through a dictionary, with the same answers.
    try observe([
      "age", "fullName", "friend.age", "name", "score", "isActive", "items", "firstName", "lastName", "friend.name",
      "friend.score", "friend.firstName",
    ])
  }
}
