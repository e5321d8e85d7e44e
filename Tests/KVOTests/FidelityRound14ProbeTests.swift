// FidelityRound14ProbeTests.swift: round 14's probe sweep (GNUstep-base's Tests/base/KVO and
// NSKVOSupport, DIS_KVC_KVO), each case with Apple's documented answer.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound14ProbeTests {
  /// `-[NSArray removeObserver:fromObjectsAtIndexes:forKeyPath:context:]` removes the
  /// registration with that context from each element, leaving the other context's.
  @Test func anArrayRemovesTheRegistrationWithTheContextFromTheElementsAtIndexes() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    let people = try (0..<2).map { _ in try world.newPerson() }
    let array = try #require(try world.runtime.object(bridging: .array(people.map(Value.object))))
    let (observer, log) = try world.newObserver()
    let indexes = Value.object(try world.runtime.indexSet([0, 1]))
    let options = Value.uint64(UInt64(ObservingOptions.new.rawValue))
    for context in [1, 2] {
      try world.runtime.msgSend(
        array, "addObserver:toObjectsAtIndexes:forKeyPath:options:context:",
        arguments: [.object(observer), indexes, "age", options, .pointer(UInt(context))])
    }
    try world.runtime.msgSend(
      array, "removeObserver:fromObjectsAtIndexes:forKeyPath:context:",
      arguments: [.object(observer), indexes, "age", .pointer(1)])
    for person in people { try world.set(person, "age", 5) }
    #expect(log.all.map(\.context.rawValue) == [2, 2])
  }

  /// `-[NSSet setValue:forKey:]` sends `setValue:forKey:` to each member.
  @Test func aSetSetsTheValueOnEachMember() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    let people = try (0..<2).map { _ in try world.newPerson() }
    let set = try #require(try world.runtime.object(bridging: .set(Set(people.map(Value.object)))))
    try world.runtime.msgSend(set, "setValue:forKey:", 7, "age")
    #expect(try people.map { try $0.value(forKey: "age") } == [7, 7])
  }

  /// An observer added from inside another observer's callback is not told of the change being
  /// delivered (Foundation's did tells the observances its will found), only of the next one.
  @Test func anObserverAddedInsideACallbackHearsOnlyTheNextChange() throws {
    let world = try World()
    let person = try world.newPerson()
    let (late, lateLog) = try world.newObserver()
    let (first, firstLog) = try world.newObserver { received in
      guard !received.change.isPrior else { return }
      _ = try? received.object.addObserver(late, forKeyPath: "age", options: [.new])
    }
    try person.addObserver(first, forKeyPath: "age", options: [.new])
    try world.set(person, "age", 1)
    #expect(firstLog.count == 1)
    #expect(lateLog.count == 0)
    try person.removeObserver(first, forKeyPath: "age")
    try world.set(person, "age", 2)
    #expect(lateLog.all.map(\.change.new) == [2])
    withExtendedLifetime((first, late)) {}
  }

  /// Two keys' will/did pairs crossed (will a, will b, did a, did b): each did ends its own
  /// key's change, with its own old and new values.
  @Test func crossedPairsOfTwoKeysEachNotifyAtTheirOwnDid() throws {
    let world = try World()
    let person = try world.newPerson()
    try person.setValue(1, forKey: "age")
    try person.setValue("a", forKey: "name")
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    try person.addObserver(observer, forKeyPath: "name", options: [.old, .new])
    try person.willChangeValue(forKey: "age")
    try person.willChangeValue(forKey: "name")
    try person.setValue(.int(2), forIvar: "_age")
    try person.setValue("b", forIvar: "_name")
    try person.didChangeValue(forKey: "age")
    #expect(log.all.map(\.keyPath) == ["age"])
    try person.didChangeValue(forKey: "name")
    #expect(log.all.map(\.keyPath) == ["age", "name"])
    #expect(log.all.map(\.change.old) == [1, "a"])
    #expect(log.all.map(\.change.new) == [2, "b"])
    withExtendedLifetime(observer) {}
  }

  /// Collection operators on an ordered set: `@sum`, `@avg`, `@max` of its elements' values;
  /// `@avg` of an empty one is nil and `@sum` zero.
  @Test func operatorsOnAnOrderedSet() throws {
    let world = try World()
    let people = try (1...3).map { age in
      let person = try world.newPerson()
      try person.setValue(.int(age), forKey: "age")
      return person
    }
    let steps = try world.runtime.orderedSet(people.map(Value.object))
    #expect(try Runtime.msgSend(steps, "valueForKeyPath:", "@sum.age").intValue == 6)
    #expect(try Runtime.msgSend(steps, "valueForKeyPath:", "@avg.age").intValue == 2)
    #expect(try Runtime.msgSend(steps, "valueForKeyPath:", "@max.age").intValue == 3)
    #expect(try Runtime.msgSend(steps, "valueForKeyPath:", "@count") == .uint64(3))
    let empty = try world.runtime.orderedSet([])
    #expect(try Runtime.msgSend(empty, "valueForKeyPath:", "@avg.age") == .nil)
    #expect(try Runtime.msgSend(empty, "valueForKeyPath:", "@sum.age").intValue == 0)
    let ages = try Runtime.msgSend(steps, "valueForKey:", "age")
    let orderedSet = try #require(world.runtime.lookUpClass(named: "NSOrderedSet"))
    #expect(try Runtime.msgSend(ages.objectValue, "isKindOfClass:", .object(orderedSet)) == .bool(true))
  }
}
