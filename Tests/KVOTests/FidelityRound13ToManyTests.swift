// FidelityRound13ToManyTests.swift: decision 0025's remaining cases, in Foundation's order. A
// will walks the observances one by one, so the prior observers reached before the one whose old
// value cannot be read are told before the raise; an edit the proxy hands to one mutator message
// (the class's `…AtIndexes:` mutators) or to the ivar's array is announced, then raised there,
// with no did; an edit made one mutator message per index is checked first. Each leaves nothing
// pending: the next edit notifies normally.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound13ToManyTests {
  /// A Person whose `items` is `["a", "b"]`, with the one-index mutators (`bulk` false) or only
  /// the `…AtIndexes:` ones, which raise as the `NSMutableArray` they would edit.
  private func person(bulk: Bool) throws -> (World, Object) {
    let world = try World()
    if bulk { try addBulkMutators(world.person) } else { try world.addItemsMutators() }
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b"])
    return (world, person)
  }

  /// `insertItems:atIndexes:`, `removeItemsAtIndexes:` and `replaceItemsAtIndexes:withItems:`
  /// over the ivar `_items`, refusing an index set outside the array as `__NSArrayM` does.
  private func addBulkMutators(_ person: Class) throws {
    @Sendable func edit(_ receiver: Object, _ method: String, _ indexes: Value, growing: Int, _ body: (inout [Value], Indexes) -> Void) throws {
      var items = try receiver.value(ofIvar: "_items").arrayValue ?? []
      let indexes = try KeyValueCategory.indexes(indexes)
      if let last = indexes.last, last >= items.count + growing {
        throw KeyValueError(
          .indexOutOfBounds, "*** -[__NSArrayM \(method)]: index \(last) in index set beyond bounds [0 .. \(items.count + growing - 1)]")
      }
      body(&items, indexes)
      try receiver.setValue(.array(items), forIvar: "_items")
    }
    try person.addMethod("insertItems:atIndexes:", types: "v32@0:8@16@24") { receiver, _, arguments in
      let objects = arguments[0].arrayValue ?? []
      try edit(receiver, "insertObjects:atIndexes:", arguments[1], growing: objects.count) { items, indexes in
        for (object, index) in zip(objects, indexes) { items.insert(object, at: index) }
      }
      return .nil
    }
    try person.addMethod("removeItemsAtIndexes:", types: "v24@0:8@16") { receiver, _, arguments in
      try edit(receiver, "removeObjectsAtIndexes:", arguments[0], growing: 0) { items, indexes in
        for index in indexes.reversed() { items.remove(at: index) }
      }
      return .nil
    }
    try person.addMethod("replaceItemsAtIndexes:withItems:", types: "v32@0:8@16@24") { receiver, _, arguments in
      let objects = arguments[1].arrayValue ?? []
      try edit(receiver, "replaceObjectsAtIndexes:withObjects:", arguments[0], growing: 0) { items, indexes in
        for (index, object) in zip(indexes, objects) { items[index] = object }
      }
      return .nil
    }
  }

  /// Foundation's will reads an observance's old value when it reaches that observance: the
  /// `.prior` observer registered before the one wanting old values has its prior notification,
  /// the one after it nothing, and the raise leaves nothing pending.
  @Test func aPriorObserverReachedBeforeTheUnreadableOldValueIsToldBeforeTheRaise() throws {
    let idle = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let (world, person) = try person(bulk: false)
    let (first, firstLog) = try world.newObserver()
    let (reader, readerLog) = try world.newObserver()
    let (last, lastLog) = try world.newObserver()
    try person.addObserver(first, forKeyPath: "items", options: [.prior])
    try person.addObserver(reader, forKeyPath: "items", options: [.prior, .old])
    try person.addObserver(last, forKeyPath: "items", options: [.prior])
    let items = try person.mutableArrayValue(forKey: "items")
    let error = #expect(throws: KeyValueError.self) { try items.remove(at: 5) }
    #expect(error?.message == "*** -[NSArray objectsAtIndexes:]: index 5 in index set beyond bounds [0 .. 1]")
    #expect(firstLog.all.map(\.change) == [Change(kind: .removal, indexes: [5], isPrior: true)])
    #expect(readerLog.count == 0 && lastLog.count == 0)
    #expect(ThreadChanges.perThread.current.depth == idle)
    try items.remove(at: 1)
    #expect(firstLog.count == 3 && readerLog.count == 2 && lastLog.count == 2)
    #expect(readerLog.all.last?.change == Change(kind: .removal, old: ["b"], indexes: [1]))
    withExtendedLifetime((first, reader, last)) {}
  }

  /// The same walk across the paths a key affects: a dependent key's `.prior` observer
  /// registered first is told, then the getter the old value of the key needs throws, and the
  /// observer registered after it hears nothing; once the getter works, a set notifies all three.
  @Test func aGetterThatThrowsStopsTheWillAtTheFirstObservanceThatReadsIt() throws {
    let world = try World()
    let gauge = try instance(of: "Gauge", in: world) { cls in
      try cls.addIvar("_level", type: .longLong)
      try cls.addIvar("_broken", type: .bool)
      try cls.addMethod("level", types: "q16@0:8") { receiver, _, _ in
        if try receiver.value(ofIvar: "_broken").boolValue == true { throw KeyValueError(.invalidValue, "the gauge is broken") }
        return try receiver.value(ofIvar: "_level")
      }
      try cls.addMethod("setLevel:", types: "v24@0:8q16") { receiver, _, arguments in
        try receiver.setValue(arguments[0], forIvar: "_level")
        return .nil
      }
      try cls.addMethod("percent", types: "q16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_level") }
      try cls.isa.addMethod("keyPathsForValuesAffectingPercent", types: "@16@0:8") { _, _, _ in ["level"] }
    }
    let (first, firstLog) = try world.newObserver()
    let (reader, readerLog) = try world.newObserver()
    let (last, lastLog) = try world.newObserver()
    try gauge.addObserver(first, forKeyPath: "percent", options: [.prior])
    try gauge.addObserver(reader, forKeyPath: "level", options: [.prior, .old])
    try gauge.addObserver(last, forKeyPath: "percent", options: [.prior])
    try gauge.setValue(true, forIvar: "_broken")
    let error = #expect(throws: KeyValueError.self) { try gauge.willChangeValue(forKey: "level") }
    #expect(error?.message == "the gauge is broken")
    #expect(firstLog.all.map(\.keyPath) == ["percent"] && firstLog.all.map(\.change.isPrior) == [true])
    #expect(readerLog.count == 0 && lastLog.count == 0)
    try gauge.didChangeValue(forKey: "level")  // no change is open: nobody is told
    #expect(firstLog.count == 1)
    try gauge.setValue(false, forIvar: "_broken")
    try world.runtime.msgSend(gauge, "setLevel:", 3)
    #expect(firstLog.count == 3 && readerLog.count == 2 && lastLog.count == 2)
    withExtendedLifetime((first, reader, last)) {}
  }

  /// A multi-index edit the class has the `…AtIndexes:` mutator for goes to it unchecked: its
  /// notifying override announces it (with every index), then the mutator raises and no did
  /// follows; with an observer wanting old values the will raises reading them, after the
  /// `.prior` observer registered before it was told.
  @Test func aMultiIndexEditThroughTheBulkMutatorIsAnnouncedThenRaised() throws {
    let idle = ThreadChanges.perThread.current.depth
    let (world, person) = try person(bulk: true)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.prior])
    let items = try person.mutableArrayValue(forKey: "items")
    let removal = #expect(throws: KeyValueError.self) { try items.remove(at: [1, 5]) }
    #expect(removal?.message == "*** -[__NSArrayM removeObjectsAtIndexes:]: index 5 in index set beyond bounds [0 .. 1]")
    let insertion = #expect(throws: KeyValueError.self) { try items.insert(["x", "y"], at: [0, 7]) }
    #expect(insertion?.message == "*** -[__NSArrayM insertObjects:atIndexes:]: index 7 in index set beyond bounds [0 .. 3]")
    #expect(log.all.map(\.change) == [
      Change(kind: .removal, indexes: [1, 5], isPrior: true), Change(kind: .insertion, indexes: [0, 7], isPrior: true),
    ])
    #expect(ThreadChanges.perThread.current.depth == idle)

    let (reader, readerLog) = try world.newObserver()
    try person.addObserver(reader, forKeyPath: "items", options: [.old])
    let proxy = try #require(try world.runtime.msgSend(person, "mutableArrayValueForKey:", "items").objectValue)
    func replace(_ indexes: Indexes) throws {
      try Runtime.msgSend(proxy, "replaceObjectsAtIndexes:withObjects:", .object(try world.runtime.indexSet(indexes)), ["x", "y"])
    }
    let replacement = #expect(throws: KeyValueError.self) { try replace([0, 2]) }
    #expect(replacement?.message == "*** -[NSArray objectsAtIndexes:]: index 2 in index set beyond bounds [0 .. 1]")
    #expect(log.all.last?.change == Change(kind: .replacement, indexes: [0, 2], isPrior: true))
    #expect(readerLog.count == 0)
    try replace([0, 1])  // one notification with both indexes
    #expect(readerLog.all.map(\.change) == [Change(kind: .replacement, old: ["a", "b"], indexes: [0, 1])])
    #expect(try person.value(forKey: "items") == ["x", "y"])
    withExtendedLifetime((observer, reader)) {}
  }

  /// Without the `…AtIndexes:` mutators the proxy makes a multi-index edit one index at a
  /// time, as `NSMutableArray`'s own methods do, and those check the index set first: the
  /// proxy raises and nobody is told.
  @Test func aMultiIndexEditMadeOneIndexAtATimeIsCheckedFirst() throws {
    let (world, person) = try person(bulk: false)
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.prior])
    let items = try person.mutableArrayValue(forKey: "items")
    let error = #expect(throws: KeyValueError.self) { try items.remove(at: [0, 5]) }
    #expect(error?.message == "*** -[NSKeyValueMutableArray removeObjectsAtIndexes:]: index 5 beyond bounds [0 .. 1]")
    #expect(log.count == 0)
    #expect(try person.value(forKey: "items") == ["a", "b"])
    withExtendedLifetime(observer) {}
  }

  /// Through the ivar, Foundation's proxy sends its will, then the edit to the array in the ivar,
  /// which raises: the `.prior` observer hears each edit announced, no did follows, the array is
  /// unchanged, and the next edit notifies normally.
  @Test func anEditOfTheIvarsArrayIsAnnouncedThenRaisedByTheArray() throws {
    let idle = ThreadChanges.perThread.current.depth
    let world = try World()
    let bag = try instance(of: "Bag", in: world) { try $0.addIvar("_items", type: .object(className: "NSMutableArray")) }
    let array = try world.runtime.mutableArray(["a", "b"])
    try bag.setValue(.object(array), forIvar: "_items")
    let (observer, log) = try world.newObserver()
    try bag.addObserver(observer, forKeyPath: "items", options: [.prior, .new])
    let items = try bag.mutableArrayValue(forKey: "items")
    #expect(throws: (any Error).self) { try items.remove(at: [1, 5]) }
    #expect(throws: (any Error).self) { try items.remove(at: 3) }
    #expect(throws: (any Error).self) { try items.insert("x", at: 4) }
    #expect(log.all.map(\.change) == [
      Change(kind: .removal, indexes: [1, 5], isPrior: true), Change(kind: .removal, indexes: [3], isPrior: true),
      Change(kind: .insertion, indexes: [4], isPrior: true),
    ])
    #expect(try Runtime.msgSend(array, "count") == .uint64(2))
    #expect(ThreadChanges.perThread.current.depth == idle)
    try items.remove(at: 0)
    #expect(log.all.map(\.change).suffix(2) == [
      Change(kind: .removal, indexes: [0], isPrior: true), Change(kind: .removal, indexes: [0]),
    ])
    withExtendedLifetime(observer) {}
  }

  /// The ordered-set proxy goes the same way: through the ivar its mutable ordered set takes the
  /// edit after the will, and raises there; through one-index mutators a multi-index edit is
  /// checked first.
  @Test func anOrderedSetEditOfTheIvarIsAnnouncedThenRaised() throws {
    let idle = ThreadChanges.perThread.current.depth
    let world = try World()
    let recipe = try instance(of: "Recipe", in: world) { try $0.addIvar("_steps", type: .object(className: "NSMutableOrderedSet")) }
    let steps = try world.runtime.mutableOrderedSet(["a", "b"])
    try recipe.setValue(.object(steps), forIvar: "_steps")
    let (observer, log) = try world.newObserver()
    try recipe.addObserver(observer, forKeyPath: "steps", options: [.prior])
    let proxy = try recipe.mutableOrderedSetValue(forKey: "steps")
    let indexes = Value.object(try world.runtime.indexSet([0, 6]))
    #expect(throws: (any Error).self) { try Runtime.msgSend(proxy, "removeObjectsAtIndexes:", indexes) }
    #expect(throws: (any Error).self) { try Runtime.msgSend(proxy, "replaceObjectAtIndex:withObject:", 2, "z") }
    #expect(log.all.map(\.change) == [
      Change(kind: .removal, indexes: [0, 6], isPrior: true), Change(kind: .replacement, indexes: [2], isPrior: true),
    ])
    #expect(try Runtime.msgSend(steps, "count") == .uint64(2))
    #expect(ThreadChanges.perThread.current.depth == idle)
    try Runtime.msgSend(proxy, "removeObjectAtIndex:", 0)
    #expect(log.count == 4)
    withExtendedLifetime(observer) {}
  }
}
