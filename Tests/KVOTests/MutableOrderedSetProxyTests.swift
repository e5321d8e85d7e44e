// MutableOrderedSetProxyTests.swift: mutableOrderedSetValueForKey: by each route Foundation's
// proxy takes (MutableOrderedSetProxy.swift), and ordered-set changes with indexes.

import MiniFoundation
import Testing

@testable import KVO

@Suite struct MutableOrderedSetProxyTests {
  enum Route: String, CaseIterable, CustomStringConvertible {
    case mutators, setter, ivar
    var description: String { rawValue }
  }

  /// A `Recipe` whose ordered to-many `steps` is reached by `route`, holding `initial`.
  func recipe(_ route: Route, _ world: World, steps initial: [Value] = ["a", "b"]) throws -> Object {
    let runtime = world.runtime
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Recipe")
    if route == .ivar {
      try cls.addIvar("_steps", type: .object(className: "NSOrderedSet"))
    } else {
      try cls.synthesizeProperty("steps", type: .object(className: "NSOrderedSet"))
    }
    try runtime.registerClassPair(cls)
    if route == .mutators {
      // An index outside the set raises NSRangeException, as the NSMutableOrderedSet such a
      // mutator edits would (the proxy sends a one-index edit unchecked: decision 0025).
      @Sendable func edit(
        _ receiver: Object, _ method: String, at index: Value, end: Bool = false, _ body: (inout [Value], Int) -> Void
      ) throws {
        var steps = try receiver.value(ofIvar: "_steps").collectionContents()?.elements ?? []
        let shown: UInt64  // the NSUInteger the argument is
        if case .uint64(let unsigned) = index { shown = unsigned } else { shown = UInt64(bitPattern: Int64(index.intValue ?? 0)) }
        let last = steps.count - (end ? 0 : 1)
        guard let index = Int(exactly: shown), index <= last else {
          let bounds = last < 0 ? "beyond bounds for empty ordered set" : "beyond bounds [0 .. \(last)]"
          throw KeyValueError(.indexOutOfBounds, "*** -[__NSOrderedSetM \(method)]: index \(shown) \(bounds)")
        }
        body(&steps, index)
        guard let runtime = receiver.runtime else { return }
        try receiver.setValue(.object(try runtime.orderedSet(steps)), forIvar: "_steps")
      }
      try cls.addMethod("insertObject:inStepsAtIndex:", types: "v32@0:8@16Q24") { receiver, _, arguments in
        try edit(receiver, "insertObject:atIndex:", at: arguments[1], end: true) { $0.insert(arguments[0], at: $1) }
        return .nil
      }
      try cls.addMethod("removeObjectFromStepsAtIndex:", types: "v24@0:8Q16") { receiver, _, arguments in
        try edit(receiver, "removeObjectAtIndex:", at: arguments[0]) { $0.remove(at: $1) }
        return .nil
      }
    }
    let recipe = try #require(try runtime.msgSend(cls, "new").objectValue)
    // Through the ivar the proxy edits the ordered set there, so it must be a mutable one.
    let steps = route == .ivar ? try runtime.mutableOrderedSet(initial) : try runtime.orderedSet(initial)
    try recipe.setValue(.object(steps), forIvar: "_steps")
    return recipe
  }

  func steps(of recipe: Object) throws -> [Value] {
    try recipe.value(ofIvar: "_steps").collectionContents()?.elements ?? []
  }

  @Test(arguments: [
    (Route.mutators, "NSKeyValueFastMutableOrderedSet"), (.setter, "NSKeyValueSlowMutableOrderedSet"),
    (.ivar, "NSKeyValueIvarMutableOrderedSet"),
  ])
  func theProxyIsAnNSMutableOrderedSetOfTheRoutesClass(route: Route, className: String) throws {
    let world = try World()
    let recipe = try recipe(route, world)
    let proxy = try recipe.mutableOrderedSetValue(forKey: "steps")
    #expect(proxy.isa.name == className)
    #expect(try Runtime.msgSend(proxy, "count") == .uint64(2))
    #expect(try Runtime.msgSend(proxy, "objectAtIndex:", .int(1)) == "b")
    #expect(try Runtime.msgSend(proxy, "indexOfObject:", "b") == .uint64(1))
    #expect(throws: KeyValueError.self) { try Runtime.msgSend(proxy, "objectAtIndex:", .int(2)) }
    try Runtime.msgSend(proxy, "addObject:", "c")
    try Runtime.msgSend(proxy, "addObject:", "a")  // already there: nothing happens
    #expect(try steps(of: recipe) == ["a", "b", "c"])
  }

  @Test(arguments: [Route.mutators, .ivar])
  func editsReportTheirKindIndexesAndObjects(route: Route) throws {
    let world = try World()
    let recipe = try recipe(route, world)
    let (observer, log) = try world.newObserver()
    try recipe.addObserver(observer, forKeyPath: "steps", options: [.old, .new])
    let proxy = try recipe.mutableOrderedSetValue(forKey: "steps")
    try Runtime.msgSend(proxy, "insertObject:atIndex:", "x", .int(1))
    try Runtime.msgSend(proxy, "removeObjectAtIndex:", .int(0))
    try Runtime.msgSend(proxy, "replaceObjectAtIndex:withObject:", .int(1), "y")
    #expect(try steps(of: recipe) == ["x", "y"])
    let changes = log.all.map(\.change)
    #expect(changes.map(\.kind) == (route == .mutators ? [.insertion, .removal, .removal, .insertion] : [.insertion, .removal, .replacement]))
    #expect(changes.first == Change(kind: .insertion, new: ["x"], indexes: [1]))
    #expect(changes[1] == Change(kind: .removal, old: ["a"], indexes: [0]))
    try world.runtime.checkInvariants()
  }

  @Test func severalIndexesAreOneChange() throws {
    let world = try World()
    let recipe = try recipe(.ivar, world, steps: ["a", "b", "c", "d"])
    let (observer, log) = try world.newObserver()
    try recipe.addObserver(observer, forKeyPath: "steps", options: [.old])
    let proxy = try recipe.mutableOrderedSetValue(forKey: "steps")
    try Runtime.msgSend(proxy, "removeObjectsAtIndexes:", .object(try world.runtime.indexSet([0, 2])))
    #expect(log.all.map(\.change) == [Change(kind: .removal, old: ["a", "c"], indexes: [0, 2])])
    #expect(try steps(of: recipe) == ["b", "d"])
    #expect(throws: KeyValueError.self) {
      try Runtime.msgSend(proxy, "removeObjectsAtIndexes:", .object(try world.runtime.indexSet([5])))
    }
    #expect(log.all.count == 1)
  }

  @Test func throughTheSetterEachEditIsASettingOfAnOrderedSet() throws {
    let world = try World()
    let recipe = try recipe(.setter, world)
    let (observer, log) = try world.newObserver()
    try recipe.addObserver(observer, forKeyPath: "steps", options: [.new])
    let proxy = try recipe.mutableOrderedSetValue(forKey: "steps")
    try Runtime.msgSend(proxy, "insertObject:atIndex:", "x", .int(0))
    let change = try #require(log.all.first).change
    #expect(change.kind == .setting)
    #expect(change.new?.orderedSetElements == ["x", "a", "b"])
  }

  @Test func theKeyPathFormGivesNilThroughNil() throws {
    let world = try World()
    let person = try world.newPerson()
    #expect(try person.mutableOrderedSetValue(forKeyPath: "friend.steps") == nil)
    let recipe = try recipe(.ivar, world)
    try person.setValue(.object(recipe), forKey: "friend")
    let proxy = try #require(try person.mutableOrderedSetValue(forKeyPath: "friend.steps"))
    #expect(try Runtime.msgSend(proxy, "count") == .uint64(2))
  }

  @Test func throughAnIvarAnImmutableOrderedSetRefusesTheEditAndANilOneRaises() throws {
    let world = try World()
    let recipe = try recipe(.ivar, world)
    let immutable = try world.runtime.orderedSet(["a"])
    try recipe.setValue(.object(immutable), forIvar: "_steps")
    let proxy = try recipe.mutableOrderedSetValue(forKey: "steps")
    let refused = #expect(throws: RuntimeError.self) { try Runtime.msgSend(proxy, "addObject:", "b") }
    #expect(refused?.message.hasPrefix("-[__NSOrderedSetI insertObject:atIndex:]: unrecognized selector sent to instance") == true)
    #expect(try recipe.value(ofIvar: "_steps").objectValue === immutable)
    try recipe.setValue(.nil, forIvar: "_steps")
    let error = #expect(throws: KeyValueError.self) { try Runtime.msgSend(proxy, "addObject:", "b") }
    #expect(error?.code == .collectionIsNil)
    #expect(try recipe.value(ofIvar: "_steps") == .nil)
  }

  @Test(arguments: Route.allCases)
  func aNegativeIndexIsARangeErrorPrintedAsTheNSUIntegerTheProxyReceived(route: Route) throws {
    let world = try World()
    let recipe = try recipe(route, world, steps: ["a", "b", "c"])
    let proxy = try recipe.mutableOrderedSetValue(forKey: "steps")
    let huge = "18446744073709551615"
    let name = proxy.isa.name
    // An edit goes on unchecked to the mutator or the ivar's set, which raises (decision 0025).
    let editor = route == .setter ? name : "__NSOrderedSetM"
    let cases: [(Selector, [Value], String)] = [
      ("objectAtIndex:", [-1], "*** -[\(name) objectAtIndex:]: index \(huge) beyond bounds [0 .. 2]"),
      ("objectAtIndex:", [.int(Int.max)], "*** -[\(name) objectAtIndex:]: index 9223372036854775807 beyond bounds [0 .. 2]"),
      ("removeObjectAtIndex:", [-1], "*** -[\(editor) removeObjectAtIndex:]: index \(huge) beyond bounds [0 .. 2]"),
      ("insertObject:atIndex:", ["x", -2], "*** -[\(editor) insertObject:atIndex:]: index 18446744073709551614 beyond bounds [0 .. 3]"),
    ]
    for (selector, arguments, message) in cases {
      let error = #expect(throws: (any Error).self) { try Runtime.msgSend(proxy, selector, arguments: Arguments(arguments)) }
      let (text, exception) = (error as? KeyValueError).map { ($0.message, $0.exceptionName) }
        ?? (error as? FoundationError).map { ($0.message, $0.exceptionName) } ?? ("", "")
      #expect(text == message)
      #expect(exception == "NSRangeException")
    }
    #expect(try steps(of: recipe) == ["a", "b", "c"])
  }
}
