// CollectionOperatorSetTests.swift: collection operators over sets, ordered sets and nested
// collections, and over values that hold NSNull.

import Testing

@testable import KVO

@Suite struct CollectionOperatorSetTests {
  @Test func operatorsWorkOverSets() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", .set([1, 2, 3, 2]))
    #expect(try ann.value(forKeyPath: "items.@count") == 3)
    #expect(try ann.value(forKeyPath: "items.@sum.self") == 6)
    #expect(try ann.value(forKeyPath: "items.@max.self") == 3)
    #expect(try ann.value(forKeyPath: "items.@distinctUnionOfObjects.self") == .set([1, 2, 3]), "a set gives a set")
  }

  @Test func setOperatorsUnionNestedSets() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [.set([1, 2]), .set([2, 3]), .object(try world.runtime.mutableSet([4]))])
    // An array's operators answer arrays (FidelityRound17OperatorTests).
    #expect(try ann.value(forKeyPath: "items.@distinctUnionOfSets.self").arrayValue.map(Set.init) == [1, 2, 3, 4])
    #expect(try ann.value(forKeyPath: "items.@unionOfSets.self").arrayValue?.count == 5)
    try world.set(ann, "items", .set([.set(["a"]), .set(["b"])]))
    #expect(try ann.value(forKeyPath: "items.@distinctUnionOfSets.self") == .set(["a", "b"]))
    #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "items.@unionOfSets.self") }  // no NSSet operation (decision 0033)
    try world.set(ann, "items", [1])
    #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "items.@unionOfSets.self") }
  }

  @Test func arrayOperatorsFlattenAnyNestedCollection() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [[1, 2], .object(try world.runtime.orderedSet([2, 3]))])
    #expect(try ann.value(forKeyPath: "items.@unionOfArrays.self") == [1, 2, 2, 3])
    #expect(try ann.value(forKeyPath: "items.@distinctUnionOfArrays.self") == [1, 2, 3])
  }

  @Test func aNilValueIsLeftOutOfUnionsAndNSNullIsNoNumberToAverage() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try world.set(ann, "age", 40)
    try world.set(ann, "name", "Ann")
    try world.set(ann, "items", [.object(ann), .object(bob)])
    #expect(try ann.value(forKeyPath: "items.name") == ["Ann", .null])
    #expect(try ann.value(forKeyPath: "items.@unionOfObjects.name") == ["Ann"])
    #expect(try ann.value(forKeyPath: "items.@count") == 2)
    try world.set(ann, "items", [1, .null, 3])
    // Foundation sends NSNull -decimalValue, which it does not answer: refused.
    let refused = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "items.@avg.self") }
    #expect(refused?.exceptionName == "NSInvalidArgumentException")
  }

  @Test func operatorsWorkOverMutableCollectionObjects() throws {
    let world = try World()
    let ann = try world.newPerson()
    let list = try world.runtime.mutableArray([5, 6])
    try world.set(ann, "items", .object(list))
    #expect(try ann.value(forKeyPath: "items.@sum.self") == 11)
    try world.runtime.msgSend(list, "addObject:", 7)
    #expect(try ann.value(forKeyPath: "items.@sum.self") == 18)
  }
}
