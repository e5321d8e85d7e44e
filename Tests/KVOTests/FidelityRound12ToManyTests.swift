// FidelityRound12ToManyTests.swift: an out-of-range edit through a notifying to-many mutator,
// in Foundation's order (decision 0025): the will first, then the class's mutator, which raises,
// and never the did.

import Testing

@testable import KVO

@Suite struct FidelityRound12ToManyTests {
  /// A Person with the indexed mutators of `items` (over `["a", "b"]`) and an observer of it (the
  /// caller keeps the observer alive: KVO does not retain it).
  private func observed(_ options: ObservingOptions) throws -> (World, Object, Log<Received>, Object) {
    let world = try World()
    try world.addItemsMutators()
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: options)
    return (world, person, log, observer)
  }

  /// The proxy's `removeObjectAtIndex:` past the end goes to the mutator unchecked: a `.prior`
  /// observer hears the removal announced, then the mutator's NSRangeException reaches the caller,
  /// no did follows, and nothing is left pending: the next edit notifies normally.
  @Test func aRemovalPastTheEndIsAnnouncedThenRaisedByTheMutator() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let (world, person, log, observer) = try observed([.prior, .new])
    let proxy = try #require(try world.runtime.msgSend(person, "mutableArrayValueForKey:", "items").objectValue)
    let error = #expect(throws: KeyValueError.self) { try world.runtime.msgSend(proxy, "removeObjectAtIndex:", 5) }
    #expect(error?.message == "*** -[__NSArrayM removeObjectAtIndex:]: index 5 beyond bounds [0 .. 1]")
    #expect(log.all.map(\.change) == [Change(kind: .removal, indexes: [5], isPrior: true)])
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
    try world.runtime.msgSend(proxy, "removeObjectAtIndex:", 1)
    #expect(log.all.map(\.change).suffix(2) == [
      Change(kind: .removal, indexes: [1], isPrior: true), Change(kind: .removal, indexes: [1]),
    ])
    #expect(try person.value(forKey: "items") == ["a"])
    withExtendedLifetime(observer) {}
  }

  /// An observer that wants old values makes the will read them at the bad index, which raises
  /// as `-[NSArray objectsAtIndexes:]` does, inside the will: no prior notification, the class's
  /// mutator never runs, and the next edit notifies normally.
  @Test func aReplacementAtABadIndexRaisesInTheWillOfAnObserverWantingOldValues() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let (world, person, log, observer) = try observed([.prior, .old, .new])
    let proxy = try #require(try world.runtime.msgSend(person, "mutableArrayValueForKey:", "items").objectValue)
    let error = #expect(throws: KeyValueError.self) {
      try world.runtime.msgSend(proxy, "replaceObjectAtIndex:withObject:", 2, "z")
    }
    #expect(error?.message == "*** -[NSArray objectsAtIndexes:]: index 2 in index set beyond bounds [0 .. 1]")
    #expect(error?.exceptionName == "NSRangeException")
    #expect(log.count == 0)
    #expect(try person.value(forKey: "items") == ["a", "b"])
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
    try world.runtime.msgSend(proxy, "replaceObjectAtIndex:withObject:", 1, "z")
    #expect(log.all.map(\.change) == [
      Change(kind: .replacement, old: ["b"], indexes: [1], isPrior: true),
      Change(kind: .replacement, new: ["z"], old: ["b"], indexes: [1]),
    ])
    withExtendedLifetime(observer) {}
  }

  /// An insertion has no old values to read, so even an observer wanting them is announced the
  /// insertion past the count before the mutator raises; a setter-only class is checked first
  /// (the proxy edits a copy, which raises before the setter is sent): nobody is told.
  @Test func anInsertionPastTheCountIsAnnouncedButASetterOnlyClassTellsNobody() throws {
    let (world, person, log, observer) = try observed([.prior, .old])
    let error = #expect(throws: KeyValueError.self) { try person.mutableArrayValue(forKey: "items").insert("x", at: 3) }
    #expect(error?.message == "*** -[__NSArrayM insertObject:atIndex:]: index 3 beyond bounds [0 .. 2]")
    #expect(log.all.map(\.change) == [Change(kind: .insertion, indexes: [3], isPrior: true)])

    _ = world
    let bare = try World()  // its Person has only a setter for items
    let ann = try bare.newPerson()
    try bare.set(ann, "items", ["a"])
    let (bareObserver, bareLog) = try bare.newObserver()
    try ann.addObserver(bareObserver, forKeyPath: "items", options: [.prior])
    #expect(throws: KeyValueError.self) { try ann.mutableArrayValue(forKey: "items").insert("x", at: 3) }
    #expect(bareLog.count == 0)
    withExtendedLifetime((observer, bareObserver)) {}
  }
}
