// FidelityRound14ToManyTests.swift: the ivar route of the to-many proxies when the ivar holds an
// immutable collection or nil (decision 0025). Foundation wraps its ivar proxy in a notifying
// proxy that sends the will, then the edit, then the did: an immutable collection refuses the
// edit message with its unrecognized-selector error and a nil ivar raises
// NSInternalInconsistencyException, both after the will, and no did follows. Each leaves nothing
// pending: the next change notifies normally.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound14ToManyTests {
  /// A `Bag` whose only way to `key` is the ivar `_<key>`, holding `value`.
  private func bag(_ world: World, key: String, className: String, holding value: Value) throws -> Object {
    let bag = try instance(of: "Bag", in: world) { try $0.addIvar("_" + key, type: .object(className: className)) }
    try bag.setValue(value, forIvar: "_" + key)
    return bag
  }

  /// An immutable copy of a collection.
  private func immutable(_ collection: Object) throws -> Value {
    try send(collection, "copy")
  }

  @Test func anIvarHoldingAnImmutableArrayHearsTheWillThenRefusesTheEdit() throws {
    let idle = ThreadChanges.perThread.current.depth
    let world = try World()
    let array = try immutable(try world.runtime.mutableArray(["a", "b"]))
    let bag = try bag(world, key: "items", className: "NSArray", holding: array)
    let (observer, log) = try world.newObserver()
    try bag.addObserver(observer, forKeyPath: "items", options: [.prior, .old, .new])
    let items = try bag.mutableArrayValue(forKey: "items")
    let refused = #expect(throws: RuntimeError.self) { try items.insert("x", at: 0) }
    #expect(refused?.message.hasPrefix("-[__NSArrayI insertObject:atIndex:]: unrecognized selector") == true)
    #expect(throws: RuntimeError.self) { try items.remove(at: 1) }
    #expect(throws: RuntimeError.self) { try items.replace(at: [0, 1], with: ["y", "z"]) }
    #expect(log.all.map(\.change) == [
      Change(kind: .insertion, indexes: [0], isPrior: true),
      Change(kind: .removal, old: ["b"], indexes: [1], isPrior: true),
      Change(kind: .replacement, old: ["a", "b"], indexes: [0, 1], isPrior: true),
    ])
    #expect(try bag.value(ofIvar: "_items") == array)
    #expect(ThreadChanges.perThread.current.depth == idle)
    try bag.setValue(["c"], forKey: "items")
    #expect(log.all.map(\.change).suffix(2) == [
      Change(kind: .setting, old: ["a", "b"], isPrior: true), Change(kind: .setting, new: ["c"], old: ["a", "b"]),
    ])
    withExtendedLifetime(observer) {}
  }

  /// A nil ivar: the edit's will, then `collectionIsNil`; nothing is invented. A read (and the
  /// count `addObject:` reads to find its index) raises first, before anyone is told.
  @Test func aNilIvarArrayHearsTheWillThenRaisesCollectionIsNil() throws {
    let idle = ThreadChanges.perThread.current.depth
    let world = try World()
    let bag = try bag(world, key: "items", className: "NSArray", holding: .nil)
    let (observer, log) = try world.newObserver()
    try bag.addObserver(observer, forKeyPath: "items", options: [.prior])
    let items = try bag.mutableArrayValue(forKey: "items")
    let error = #expect(throws: KeyValueError.self) { try items.insert("x", at: 0) }
    #expect(error?.code == .collectionIsNil)
    #expect(error?.exceptionName == "NSInternalInconsistencyException")
    #expect(throws: KeyValueError.self) { try items.remove(at: [0, 1]) }
    #expect(log.all.map(\.change) == [
      Change(kind: .insertion, indexes: [0], isPrior: true), Change(kind: .removal, indexes: [0, 1], isPrior: true),
    ])
    #expect(throws: KeyValueError.self) { try items.append("x") }
    #expect(log.count == 2)
    #expect(try bag.value(ofIvar: "_items") == .nil)
    #expect(ThreadChanges.perThread.current.depth == idle)
    try bag.setValue(["c"], forKey: "items")
    #expect(log.count == 4)
    withExtendedLifetime(observer) {}
  }

  @Test func anIvarOrderedSetImmutableOrNilHearsTheWillThenRaises() throws {
    let idle = ThreadChanges.perThread.current.depth
    let world = try World()
    let steps = Value.object(try world.runtime.orderedSet(["a", "b"]))
    let recipe = try bag(world, key: "steps", className: "NSOrderedSet", holding: steps)
    let (observer, log) = try world.newObserver()
    try recipe.addObserver(observer, forKeyPath: "steps", options: [.prior])
    let proxy = try recipe.mutableOrderedSetValue(forKey: "steps")
    let refused = #expect(throws: RuntimeError.self) { try send(proxy, "insertObject:atIndex:", "x", 0) }
    #expect(refused?.message.hasPrefix("-[__NSOrderedSetI insertObject:atIndex:]: unrecognized selector") == true)
    #expect(try recipe.value(ofIvar: "_steps") == steps)
    try recipe.setValue(.nil, forIvar: "_steps")
    let error = #expect(throws: KeyValueError.self) { try send(proxy, "removeObjectAtIndex:", 0) }
    #expect(error?.code == .collectionIsNil)
    #expect(log.all.map(\.change) == [
      Change(kind: .insertion, indexes: [0], isPrior: true), Change(kind: .removal, indexes: [0], isPrior: true),
    ])
    #expect(try recipe.value(ofIvar: "_steps") == .nil)
    #expect(ThreadChanges.perThread.current.depth == idle)
    try recipe.setValue(steps, forKey: "steps")
    #expect(log.count == 4)
    withExtendedLifetime(observer) {}
  }

  @Test func anIvarSetImmutableOrNilHearsTheWillThenRaises() throws {
    let idle = ThreadChanges.perThread.current.depth
    let world = try World()
    let members = try immutable(try world.runtime.mutableSet(["a"]))
    let club = try bag(world, key: "members", className: "NSSet", holding: members)
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.prior])
    let proxy = try club.mutableSetValue(forKey: "members")
    let refused = #expect(throws: RuntimeError.self) { try send(proxy, "addObject:", "b") }
    #expect(refused?.message.hasPrefix("-[__NSSetI addObject:]: unrecognized selector") == true)
    #expect(try club.value(ofIvar: "_members") == members)
    try club.setValue(.nil, forIvar: "_members")
    let error = #expect(throws: KeyValueError.self) { try send(proxy, "removeObject:", "a") }
    #expect(error?.code == .collectionIsNil)
    #expect(log.all.map(\.change) == [
      Change(kind: .insertion, isPrior: true), Change(kind: .removal, isPrior: true),
    ])
    #expect(try club.value(ofIvar: "_members") == .nil)
    #expect(ThreadChanges.perThread.current.depth == idle)
    try club.setValue(members, forKey: "members")
    #expect(log.count == 4)
    withExtendedLifetime(observer) {}
  }
}
