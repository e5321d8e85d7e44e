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
}
