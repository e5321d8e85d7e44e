// FidelityRound15OrderedSetTests.swift: an ordered-set proxy asked to insert an object the set
// already holds. Foundation's proxies do not look for it: the fast proxy sends the class's
// `insertObject:in<Key>AtIndex:` (whose notifying override announces an insertion at that index,
// then the mutator's NSMutableOrderedSet ignores the object, then the did reads the values at the
// index); the ivar proxy's notifying wrapper does the same around the ivar's set; the slow proxy
// inserts into a mutable copy (which ignores it) and sends the setter: a setting.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound15OrderedSetTests {
  /// A `Recipe` whose `_steps` holds a mutable ordered set of `a`, `b`; with `mutators`, it has
  /// `insertObject:inStepsAtIndex:` and `removeObjectFromStepsAtIndex:` sending the same edit to
  /// that set (logged in `sent`).
  private func recipe(_ world: World, mutators: Bool, sent: Log<String>) throws -> Object {
    let recipe = try instance(of: "Recipe", in: world) { cls in
      try cls.addIvar("_steps", type: .object(className: "NSOrderedSet"))
      guard mutators else { return }
      try cls.addMethod("insertObject:inStepsAtIndex:", types: "v32@0:8@16Q24") { receiver, _, arguments in
        sent.append("insert \(arguments[0]) at \(arguments[1].intValue ?? -1)")
        try send(receiver.value(ofIvar: "_steps").objectValue, "insertObject:atIndex:", arguments[0], arguments[1])
        return .nil
      }
      try cls.addMethod("removeObjectFromStepsAtIndex:", types: "v24@0:8Q16") { receiver, _, arguments in
        try send(receiver.value(ofIvar: "_steps").objectValue, "removeObjectAtIndex:", arguments[0])
        return .nil
      }
    }
    try recipe.setValue(.object(try world.runtime.mutableOrderedSet(["a", "b"])), forIvar: "_steps")
    return recipe
  }

  private func steps(_ recipe: Object) throws -> [Value] {
    try recipe.value(ofIvar: "_steps").collectionContents()?.elements ?? []
  }

  @Test(arguments: [true, false])
  func insertingAHeldObjectIsAnnouncedAtItsIndexAndChangesNothing(mutators: Bool) throws {
    let idle = ThreadChanges.perThread.current.depth
    let world = try World()
    let sent = Log<String>()
    let recipe = try recipe(world, mutators: mutators, sent: sent)
    let (observer, log) = try world.newObserver()
    try recipe.addObserver(observer, forKeyPath: "steps", options: [.prior, .new])
    let proxy = try recipe.mutableOrderedSetValue(forKey: "steps")
    try send(proxy, "insertObject:atIndex:", "a", 1)
    #expect(sent.all == (mutators ? ["insert \(Value.string("a")) at 1"] : []))
    #expect(try steps(recipe) == ["a", "b"])
    #expect(log.all.map(\.change) == [
      Change(kind: .insertion, indexes: [1], isPrior: true), Change(kind: .insertion, new: ["b"], indexes: [1]),
    ])
    // Appended, the did reads the values at index 2 of two: NSRangeException after the prior.
    let error = #expect(throws: (any Error).self) { try send(proxy, "addObject:", "b") }
    #expect((error as? KeyValueError)?.exceptionName == "NSRangeException")
    #expect(log.all.map(\.change).last == Change(kind: .insertion, indexes: [2], isPrior: true))
    #expect(log.count == 3)
    #expect(try steps(recipe) == ["a", "b"])
    #expect(ThreadChanges.perThread.current.depth == idle)
    withExtendedLifetime(observer) {}
  }

  @Test func throughTheSetterInsertingAHeldObjectSetsAnEqualOrderedSet() throws {
    let world = try World()
    let recipe = try instance(of: "Recipe", in: world) { cls in
      try cls.synthesizeProperty("steps", type: .object(className: "NSOrderedSet"))
    }
    try recipe.setValue(.object(try world.runtime.orderedSet(["a", "b"])), forKey: "steps")
    let (observer, log) = try world.newObserver()
    try recipe.addObserver(observer, forKeyPath: "steps", options: [.old, .new])
    let proxy = try recipe.mutableOrderedSetValue(forKey: "steps")
    try send(proxy, "insertObject:atIndex:", "b", 0)
    try send(proxy, "addObject:", "a")
    let changes = log.all.map(\.change)
    #expect(changes.map(\.kind) == [.setting, .setting])
    for change in changes {
      #expect(try change.new?.collectionContents()?.elements == ["a", "b"])
      #expect(try change.old?.collectionContents()?.elements == ["a", "b"])
    }
    // An index past the end still raises from the copy, before the setter: nobody is told.
    #expect(throws: (any Error).self) { try send(proxy, "insertObject:atIndex:", "a", 5) }
    #expect(log.count == 2)
    withExtendedLifetime(observer) {}
  }

  /// The same for a replacement by an object the set holds at another index, through the ivar:
  /// announced as a replacement at the index, ignored by the set, the did reading what is there.
  @Test func replacingWithAnObjectHeldElsewhereIsAnnouncedAndChangesNothing() throws {
    let world = try World()
    let recipe = try recipe(world, mutators: false, sent: Log<String>())
    let (observer, log) = try world.newObserver()
    try recipe.addObserver(observer, forKeyPath: "steps", options: [.old, .new])
    try send(try recipe.mutableOrderedSetValue(forKey: "steps"), "replaceObjectAtIndex:withObject:", 0, "b")
    #expect(try steps(recipe) == ["a", "b"])
    #expect(log.all.map(\.change) == [Change(kind: .replacement, new: ["a"], old: ["a"], indexes: [0])])
    withExtendedLifetime(observer) {}
  }
}
