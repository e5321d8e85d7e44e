// FidelityRound15NilIvarTests.swift: the to-many proxies' ivar route over a nil ivar, for the
// messages that read the collection (decision 0025's last section). Foundation's notifying
// wrapper sends its will only for the edits it implements itself, around the ivar proxy, which
// raises NSInternalInconsistencyException for a nil ivar on every message. A read (`count`) is
// never announced. NSMutableArray's and NSMutableOrderedSet's own `removeObject:` and
// `removeAllObjects`, which the wrappers inherit, read `count` (or search) first, so they raise
// before anyone is told; the set wrapper's `removeAllObjects` is a minus mutation of the objects
// the set holds, read first, so it too raises before its will, while its `removeObject:`
// announces the one object first (FidelityRound14ToManyTests). Already matched: pinned here.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound15NilIvarTests {
  /// A `Bag` whose only way to `key` is the nil ivar `_<key>`, observed with `.prior`.
  private func observedBag(_ world: World, key: String, className: String) throws -> (Object, Object, Log<Received>) {
    let bag = try instance(of: "Bag", in: world) { try $0.addIvar("_" + key, type: .object(className: className)) }
    let (observer, log) = try world.newObserver()
    try bag.addObserver(observer, forKeyPath: key, options: [.prior, .old])
    return (bag, observer, log)
  }

  private func expectNil(_ body: () throws -> Void) {
    let error = #expect(throws: KeyValueError.self) { try body() }
    #expect(error?.code == .collectionIsNil)
    #expect(error?.exceptionName == "NSInternalInconsistencyException")
  }

  @Test(arguments: ["NSArray", "NSOrderedSet"])
  func anOrderedProxysReadsOfANilIvarRaiseAndTellNobody(className: String) throws {
    let idle = ThreadChanges.perThread.current.depth
    let world = try World()
    let (bag, observer, log) = try observedBag(world, key: "items", className: className)
    let proxy: Object = className == "NSArray"
      ? try send(bag, "mutableArrayValueForKey:", "items").objectValue! : try bag.mutableOrderedSetValue(forKey: "items")
    for message: Selector in ["count", "removeAllObjects", "lastObject"] {
      expectNil { try send(proxy, message) }
    }
    if className == "NSArray" { expectNil { try send(proxy, "removeLastObject") } }  // NSMutableOrderedSet has none
    expectNil { try send(proxy, "removeObject:", "a") }
    expectNil { try send(proxy, "addObject:", "a") }  // the index is the count
    expectNil { try send(proxy, "containsObject:", "a") }
    #expect(log.count == 0)
    #expect(ThreadChanges.perThread.current.depth == idle)
    withExtendedLifetime(observer) {}
  }

  @Test func aSetProxysReadsOfANilIvarRaiseAndTellNobody() throws {
    let idle = ThreadChanges.perThread.current.depth
    let world = try World()
    let (bag, observer, log) = try observedBag(world, key: "members", className: "NSSet")
    let proxy = try bag.mutableSetValue(forKey: "members")
    expectNil { try send(proxy, "count") }
    expectNil { try send(proxy, "removeAllObjects") }
    expectNil { try send(proxy, "member:", "a") }
    #expect(log.count == 0)
    expectNil { try send(proxy, "unionSet:", .set(["a"])) }  // an edit: announced first
    #expect(log.all.map(\.change) == [Change(kind: .insertion, isPrior: true)])
    #expect(ThreadChanges.perThread.current.depth == idle)
    withExtendedLifetime(observer) {}
  }
}
