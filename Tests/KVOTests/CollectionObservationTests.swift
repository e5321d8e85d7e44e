// CollectionObservationTests.swift: observing and collections: arrays and sets refuse observers,
// an array registers them with its elements, `items.@count` is observable, and a mutable
// dictionary's keys notify through key-value coding.

import Testing

@testable import KVO

@Suite struct CollectionObservationTests {
  @Test(arguments: ["array", "mutableArray", "set", "orderedSet"])
  func sendingAddObserverToACollectionRaisesNotSupported(kind: String) throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    let (observer, _) = try world.newObserver()
    let collection: Object
    switch kind {
    case "array": collection = try #require(try world.runtime.object(bridging: [1]))
    case "mutableArray": collection = try world.runtime.mutableArray([1])
    case "set": collection = try world.runtime.mutableSet([1])
    default: collection = try world.runtime.orderedSet([1])
    }
    let add = #expect(throws: KeyValueError.self) { try collection.addObserver(observer, forKeyPath: "count") }
    #expect(add?.exceptionName == "NSInvalidArgumentException")
    #expect(add?.message.hasSuffix("addObserver:forKeyPath:options:context:] is not supported. Key path: count") == true)
    let remove = #expect(throws: KeyValueError.self) { try collection.removeObserver(observer, forKeyPath: "count") }
    #expect(remove?.message.contains("removeObserver:forKeyPath:] is not supported") == true)
    #expect(throws: KeyValueError.self) { try collection.observe("count") { _, _ in } }
    #expect(collection.observationInfo == nil && !collection.isa.name.hasPrefix("NSKVONotifying_"))
    try world.runtime.checkInvariants()
  }

  @Test func anArrayRegistersAnObserverWithTheElementsAtIndexes() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    let people = try (0..<3).map { _ in try world.newPerson() }
    let array = try #require(try world.runtime.object(bridging: .array(people.map(Value.object))))
    let (observer, log) = try world.newObserver()
    let indexes = try world.runtime.indexSet([0, 2])
    try world.runtime.msgSend(
      array, "addObserver:toObjectsAtIndexes:forKeyPath:options:context:",
      arguments: [.object(observer), .object(indexes), "age", .uint64(UInt64(ObservingOptions.new.rawValue)), .nil])
    for person in people { try world.set(person, "age", 5) }
    #expect(log.all.map { $0.object } == [people[0], people[2]])
    try world.runtime.msgSend(
      array, "removeObserver:fromObjectsAtIndexes:forKeyPath:", arguments: [.object(observer), .object(indexes), "age"])
    try world.set(people[0], "age", 6)
    #expect(log.count == 2)
    #expect(people.allSatisfy { $0.observationInfo == nil })
    try world.runtime.checkInvariants()
  }

  @Test func anIndexOutOfRangeRaisesBeforeAnythingIsRegistered() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    let ann = try world.newPerson()
    let array = try #require(try world.runtime.object(bridging: [.object(ann)]))
    let (observer, _) = try world.newObserver()
    let error = #expect(throws: KeyValueError.self) {
      try world.runtime.msgSend(
        array, "addObserver:toObjectsAtIndexes:forKeyPath:options:context:",
        arguments: [.object(observer), .object(try world.runtime.indexSet([0, 1])), "age", 0, .nil])
    }
    #expect(error?.exceptionName == "NSRangeException")
    #expect(error?.message == "*** -[__NSArrayI objectAtIndex:]: index 1 beyond bounds [0 .. 0]")
    #expect(ann.observationInfo == nil)
  }

  @Test func aMutableDictionarysKeysAreObservableThroughKeyValueCoding() throws {
    let world = try World()
    let info = try world.runtime.mutableDictionary(["city": "Oslo"])
    let (observer, log) = try world.newObserver()
    try info.addObserver(observer, forKeyPath: "city", options: [.new, .old])
    #expect(info.isa.name == "NSKVONotifying___NSDictionaryM")
    #expect(try world.runtime.msgSend(info, "class").classValue?.name == "__NSDictionaryM")
    try info.setValue("Rome", forKey: "city")
    try info.setValue(nil, forKey: "city")
    try world.runtime.msgSend(info, "setObject:forKey:", "Bergen", "city")  // not through KVC: no notification
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: "Rome", old: "Oslo"), Change(kind: .setting, new: .nil, old: "Rome")])
    try info.removeObserver(observer, forKeyPath: "city")
    #expect(info.isa.name == "__NSDictionaryM")
    try world.runtime.checkInvariants()
  }

  @Test func aKeyPathThroughAMutableDictionaryNotifies() throws {
    let world = try World()
    let ann = try world.newPerson()
    let info = try world.runtime.mutableDictionary(["city": "Oslo"])
    try world.set(ann, "items", .object(info))
    let cities = Log<Value>()
    let token = try ann.observe("items.city", options: [.new]) { _, change in cities.append(change.new ?? .nil) }
    try ann.setValue("Rome", forKeyPath: "items.city")
    #expect(cities.all == ["Rome"])
    token.invalidate()
  }
}
