// FidelityCollectionOperatorTests.swift: collection operators and KVC on Foundation's
// collections, probed as a user of Foundation would write them, pinned to Apple's answers.

import Testing

@testable import KVO

@Suite struct FidelityCollectionOperatorTests {
  @Test func unionOfObjectsKeepsNSNullValuesAndLeavesOutNil() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [1, .null, 2, .null])
    #expect(try ann.value(forKeyPath: "items.@unionOfObjects.self") == [1, .null, 2, .null])
    #expect(try ann.value(forKeyPath: "items.@distinctUnionOfObjects.self") == [1, .null, 2])
  }

  @Test func unionOfArraysKeepsNSNullInsideTheInnerArrays() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [[1, .null], [.null, 2]])
    #expect(try ann.value(forKeyPath: "items.@unionOfArrays.self") == [1, .null, .null, 2])
    #expect(try ann.value(forKeyPath: "items.@distinctUnionOfArrays.self") == [1, .null, 2])
  }

  @Test func unionOfArraysRefusesNSNullInPlaceOfAnInnerArray() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [[1], .null])
    let error = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "items.@unionOfArrays.self") }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "items.@distinctUnionOfArrays.self") }
  }

  @Test func unionOfArraysSkipsAnElementWhoseInnerArrayIsNil() throws {
    let world = try World()
    let bob = try world.newPerson()
    try world.set(bob, "items", [3])
    let holder = try world.newPerson()
    let empty = try world.newPerson()
    try world.set(holder, "items", [.object(empty), .object(bob)])
    #expect(try holder.value(forKeyPath: "items.@unionOfArrays.items") == [3])
  }

  @Test func countOfANilRelationshipIsNil() throws {
    let world = try World()
    let ann = try world.newPerson()
    #expect(try ann.value(forKeyPath: "items.@count") == .nil)
  }

  @Test func anOperatorSentToAnObjectThatIsNoCollectionIsAnUndefinedKey() throws {
    let world = try World()
    let ann = try world.newPerson()
    let error = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "@count") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
  }

  @Test func maxAndMinOfStringsCompareAsStrings() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", ["pear", "apple", "zebra"])
    #expect(try ann.value(forKeyPath: "items.@max.self") == "zebra")
    #expect(try ann.value(forKeyPath: "items.@min.self") == "apple")
  }

  @Test func sumOfMixedIntegersAndDoubles() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [1, 2.5, .bool(true)])
    #expect(try ann.value(forKeyPath: "items.@sum.self") == 4.5)
    #expect(try ann.value(forKeyPath: "items.@avg.self") == 1.5)
  }

  @Test func arrayValueForKeyCountKeyIsTheArraysCount() throws {
    let world = try World()
    let array = try #require(try world.runtime.object(bridging: ["a", "bb"]))
    #expect(try array.value(forKey: "@count") == 2)
    #expect(try array.value(forKeyPath: "@count") == 2)
    #expect(try array.value(forKey: "length") == [1, 2])
    #expect(try array.value(forKeyPath: "@max.length") == 2)
    #expect(try array.value(forKeyPath: "@sum.length") == 3)
  }

  @Test func dictionaryValueForKeyOfAMissingKeyIsNilNotAnError() throws {
    let world = try World()
    let dict = try #require(try world.runtime.object(bridging: ["a": 1]))
    #expect(try dict.value(forKey: "b") == .nil)
    #expect(try dict.value(forKeyPath: "b.c") == .nil)
    #expect(try dict.value(forKey: "@allKeys") == ["a"])
  }

  @Test func immutableDictionarySetValueForKeyIsAnUndefinedKeyNamingTheDictionary() throws {
    let world = try World()
    let dict = try #require(try world.runtime.object(bridging: ["a": 1]))
    let error = #expect(throws: KeyValueError.self) { try dict.setValue(2, forKey: "a") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message.hasPrefix("[<__NSDictionaryI ") == true)
  }

  @Test func mutableDictionarySetValueNilRemovesAndSetValueForKeyPathNests() throws {
    let world = try World()
    let inner = try world.runtime.mutableDictionary(["x": 1])
    let outer = try world.runtime.mutableDictionary(["inner": .object(inner), "k": 2])
    try outer.setValue(nil, forKey: "k")
    #expect(try outer.value(forKey: "k") == .nil)
    #expect(try world.runtime.msgSend(outer, "count") == 1)
    try outer.setValue(5, forKeyPath: "inner.x")
    #expect(Value.object(inner) == ["x": 5])
    #expect(try outer.value(forKeyPath: "inner.x") == 5)
  }

  @Test func setValueForKeyReturnsASetWithoutNilAnswers() throws {
    let world = try World()
    let a = try world.newPerson()
    let b = try world.newPerson()
    try a.setValue("x", forKey: "name")
    let set = try #require(try world.runtime.object(bridging: .set([.object(a), .object(b)])))
    #expect(try set.value(forKey: "name") == .set(["x"]))
    #expect(try set.value(forKeyPath: "@count") == 2)
  }

  @Test func orderedSetOperators() throws {
    let world = try World()
    let ordered = try world.runtime.orderedSet([3, 1, 2])
    #expect(try ordered.value(forKeyPath: "@count") == 3)
    #expect(try ordered.value(forKeyPath: "@sum.self") == 6)
    #expect(try ordered.value(forKeyPath: "@max.self") == 3)
    #expect(try ordered.value(forKeyPath: "@min.self") == 1)
    #expect(try ordered.value(forKeyPath: "@avg.self") == 2)
  }

  @Test func maxOverAnNSNullIsRefusedByCompare() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [1, .null, 3])
    #expect(throws: (any Error).self) { try ann.value(forKeyPath: "items.@max.self") }  // NSNull is no number
  }
}
