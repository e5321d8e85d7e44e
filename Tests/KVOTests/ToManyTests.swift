// ToManyTests.swift: mutableArrayValueForKey: and to-many change notifications.

import Testing

@testable import KVO

@Suite struct ToManyTests {
  /// Adds `tags` (NSArray ivar) with indexed accessors to Person when `indexed` is true.
  func world(indexed: Bool) throws -> World {
    let world = try World()
    guard indexed else { return world }
    let person = world.person
    try person.addMethod("insertObject:inItemsAtIndex:", types: "v32@0:8@16Q24") { receiver, _, arguments in
      var items = try receiver.value(ofIvar: "_items").arrayValue ?? []
      items.insert(arguments[0], at: arguments[1].intValue ?? 0)
      try receiver.setValue(.array(items), forIvar: "_items")
      return .nil
    }
    try person.addMethod("removeObjectFromItemsAtIndex:", types: "v24@0:8Q16") { receiver, _, arguments in
      var items = try receiver.value(ofIvar: "_items").arrayValue ?? []
      items.remove(at: arguments[0].intValue ?? 0)
      try receiver.setValue(.array(items), forIvar: "_items")
      return .nil
    }
    try person.addMethod("replaceObjectInItemsAtIndex:withObject:", types: "v32@0:8Q16@24") { receiver, _, arguments in
      var items = try receiver.value(ofIvar: "_items").arrayValue ?? []
      items[arguments[0].intValue ?? 0] = arguments[1]
      try receiver.setValue(.array(items), forIvar: "_items")
      return .nil
    }
    return world
  }

  @Test(arguments: [true, false])
  func insertionRemovalAndReplacementReportKindAndIndexes(indexed: Bool) throws {
    let world = try world(indexed: indexed)
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new])
    let items = try person.mutableArrayValue(forKey: "items")
    try items.insert("x", at: 1)
    try items.remove(at: 0)
    try items.replace(at: 1, with: "y")
    #expect(try items.elements() == ["x", "y"])
    let changes = log.all.map(\.change)
    #expect(changes.map(\.kind) == [.insertion, .removal, .replacement])
    #expect(changes.map(\.indexes) == [[1], [0], [1]])
    #expect(changes[0].new == ["x"] && changes[0].old == nil)
    #expect(changes[1].old == ["a"] && changes[1].new == nil)
    #expect(changes[2].old == ["b"] && changes[2].new == ["y"])
  }

  @Test func indexedMutatorsGetNotifyingOverrides() throws {
    let world = try world(indexed: true)
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items")
    let names = Dictionary(uniqueKeysWithValues: person.isa.methodList.map { ($0.selector.name, $0.implementation.name) })
    #expect(names["insertObject:inItemsAtIndex:"] == "_NSKVOInsertObjectAtIndexAndNotify")
    #expect(names["removeObjectFromItemsAtIndex:"] == "_NSKVORemoveObjectAtIndexAndNotify")
    #expect(names["replaceObjectInItemsAtIndex:withObject:"] == "_NSKVOReplaceObjectAtIndexAndNotify")
  }

  @Test func appendGoesAtTheEnd() throws {
    let world = try world(indexed: false)
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: .new)
    let items = try person.mutableArrayValue(forKey: "items")
    try items.append("a")
    try items.append("b")
    #expect(log.all.map(\.change.indexes) == [[0], [1]])
    #expect(try person.value(forKey: "items") == ["a", "b"])
  }

  @Test func outOfBoundsEditThrowsAndChangesNothing() throws {
    let world = try world(indexed: false)
    let person = try world.newPerson()
    try world.set(person, "items", ["a"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items")
    let items = try person.mutableArrayValue(forKey: "items")
    #expect(throws: KeyValueError.self) { try items.insert("x", at: 5) }
    #expect(throws: KeyValueError.self) { try items.remove(at: 1) }
    #expect(try person.value(forKey: "items") == ["a"])
    #expect(log.count == 0)
  }

  @Test(arguments: [true, false])
  func removingOrReplacingInAnEmptyArrayThrowsInsteadOfTrapping(indexed: Bool) throws {
    let world = try world(indexed: indexed)
    let person = try world.newPerson()
    try world.set(person, "items", [])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items")
    let items = try person.mutableArrayValue(forKey: "items")
    let removal = #expect(throws: KeyValueError.self) { try items.remove(at: 0) }
    #expect(removal?.message.contains("for empty array") == true)
    #expect(removal?.code == .indexOutOfBounds && removal?.exceptionName == "NSRangeException")
    #expect(throws: KeyValueError.self) { try items.replace(at: 0, with: "x") }
    #expect(throws: KeyValueError.self) { try items.remove(at: -1) }
    #expect(try person.value(forKey: "items") == [])
    #expect(log.count == 0)
  }

  @Test(arguments: [true, false])
  func priorNotificationOfAnInsertionCarriesNoOld(indexed: Bool) throws {
    let world = try world(indexed: indexed)
    let person = try world.newPerson()
    try world.set(person, "items", ["a"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new, .prior])
    try person.mutableArrayValue(forKey: "items").insert("x", at: 0)
    let changes = log.all.map(\.change)
    #expect(changes.map(\.isPrior) == [true, false])
    #expect(changes.allSatisfy { $0.kind == .insertion && $0.indexes == [0] && $0.old == nil })
    #expect(changes[0].new == nil && changes[1].new == ["x"])
  }

  @Test(arguments: [true, false])
  func multiIndexEditsNotifyOnceWithEveryIndex(indexed: Bool) throws {
    let world = try world(indexed: indexed)
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b", "c"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old, .new])
    let items = try person.mutableArrayValue(forKey: "items")
    try items.insert(["x", "y"], at: [0, 2])  // positions in the result: x a y b c
    #expect(try items.elements() == ["x", "a", "y", "b", "c"])
    try items.remove(at: [1, 3])  // a and b
    #expect(try items.elements() == ["x", "y", "c"])
    let changes = log.all.map(\.change)
    #expect(changes.map(\.kind) == [.insertion, .removal])
    #expect(changes.map(\.indexes) == [[0, 2], [1, 3]])
    #expect(changes[0].new == ["x", "y"] && changes[0].old == nil)
    #expect(changes[1].old == ["a", "b"] && changes[1].new == nil)
  }

  @Test(arguments: [true, false])
  func removeObjectRemoveAllAndRemoveLastReportRemovals(indexed: Bool) throws {
    let world = try world(indexed: indexed)
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b", "a", "c"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.old])
    let items = try person.mutableArrayValue(forKey: "items")
    try items.remove("a")  // every occurrence
    try items.remove("zzz")  // none: no change, no notification
    try items.removeLast()
    try items.removeAll()
    try items.removeAll()  // already empty: no notification
    #expect(try items.elements() == [])
    let changes = log.all.map(\.change)
    #expect(changes.map(\.kind) == [.removal, .removal, .removal])
    #expect(changes.map(\.indexes) == [[0, 2], [1], [0]])
    #expect(changes.map(\.old) == [["a", "a"], ["c"], ["b"]])
    let empty = #expect(throws: KeyValueError.self) { try items.removeLast() }
    #expect(empty?.code == .indexOutOfBounds)
  }

  @Test(arguments: [true, false])
  func badMultiIndexEditsThrowAndChangeNothing(indexed: Bool) throws {
    let world = try world(indexed: indexed)
    let person = try world.newPerson()
    try world.set(person, "items", ["a", "b"])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items")
    let items = try person.mutableArrayValue(forKey: "items")
    let mismatch = #expect(throws: KeyValueError.self) { try items.insert(["x"], at: [0, 1]) }
    #expect(mismatch?.code == .invalidArgument)
    let pastEnd = #expect(throws: KeyValueError.self) { try items.insert(["x", "y"], at: [0, 4]) }
    #expect(pastEnd?.code == .indexOutOfBounds)
    let removal = #expect(throws: KeyValueError.self) { try items.remove(at: [0, 2]) }
    #expect(removal?.code == .indexOutOfBounds)
    #expect(try items.elements() == ["a", "b"])
    #expect(log.count == 0)
  }

  @Test func mutableArrayValueForKeyPathEditsTheLastKeyOfTheObjectThePathLeadsTo() throws {
    let world = try world(indexed: false)
    let person = try world.newPerson()
    let friend = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.items", options: [.new])
    #expect(try person.mutableArrayValue(forKeyPath: "friend.items") == nil)  // nil friend: nil, as messaging nil
    try world.set(person, "friend", .object(friend))
    let items = try #require(try person.mutableArrayValue(forKeyPath: "friend.items"))
    try items.append("x")
    #expect(try friend.value(forKey: "items") == ["x"])
    #expect(log.all.last?.change.new == ["x"])
    #expect(throws: KeyValueError.self) { try person.mutableArrayValue(forKeyPath: "friend.@count") }
    #expect(throws: KeyValueError.self) { try person.mutableArrayValue(forKeyPath: "age.items") }
    #expect(throws: KeyValueError.self) { try person.mutableArrayValue(forKeyPath: "friend..items") }
  }
}
