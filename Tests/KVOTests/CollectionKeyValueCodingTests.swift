// CollectionKeyValueCodingTests.swift: key-value coding on arrays, sets, ordered sets,
// dictionaries and NSNull, with Foundation's documented semantics.

import Testing

@testable import KVO

@Suite struct CollectionKeyValueCodingTests {
  /// Two people in a world, Ann (42) and Bob (7, no name).
  func twoPeople() throws -> (World, Object, Object) {
    let world = try World()
    world.runtime.installKeyValueObserving()  // as linking Foundation would (messages are sent directly)
    try world.runtime.installFoundation()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try world.set(ann, "age", 42)
    try world.set(ann, "name", "Ann")
    try world.set(bob, "age", 7)
    return (world, ann, bob)
  }

  @Test func arrayValueForKeyMapsTheKeyAndHoldsNSNullForNil() throws {
    let (world, ann, bob) = try twoPeople()
    let people = try world.runtime.object(bridging: [.object(ann), .object(bob)])
    #expect(try Runtime.msgSend(people, "valueForKey:", "age") == [42, 7])
    #expect(try Runtime.msgSend(people, "valueForKey:", "name") == ["Ann", .null])
    try world.set(ann, "items", [.object(ann), .object(bob)])
    #expect(try ann.value(forKeyPath: "items.name") == ["Ann", .null])
    try world.runtime.checkInvariants()
  }

  @Test func setValueForKeyMapsTheKeyAndLeavesNilOut() throws {
    let (world, ann, bob) = try twoPeople()
    let people = try world.runtime.object(bridging: .set([.object(ann), .object(bob)]))
    #expect(try Runtime.msgSend(people, "valueForKey:", "age") == .set([42, 7]))
    #expect(try Runtime.msgSend(people, "valueForKey:", "name") == .set(["Ann"]), "a set leaves nil answers out")
    try Runtime.msgSend(people, "setValue:forKey:", 1, "age")
    #expect(try ann.value(forKey: "age") == 1 && bob.value(forKey: "age") == 1)
  }

  @Test func orderedSetValueForKeyIsAnOrderedSet() throws {
    let (world, ann, bob) = try twoPeople()
    let people = try world.runtime.orderedSet([.object(ann), .object(bob)])
    let ages = try Runtime.msgSend(people, "valueForKey:", "age")
    #expect(ages.orderedSetElements == [42, 7])
  }

  @Test func setValueForKeyOnAnArraySetsEveryElement() throws {
    let (world, ann, bob) = try twoPeople()
    try world.set(ann, "items", [.object(ann), .object(bob)])
    try ann.setValue("Same", forKeyPath: "items.name")
    #expect(try ann.value(forKey: "name") == "Same" && bob.value(forKey: "name") == "Same")
  }

  @Test func setValueForKeyPathThroughCountSetsTheKeyCountOnEveryElement() throws {
    let (world, ann, bob) = try twoPeople()
    try world.set(ann, "items", [.object(bob)])
    let error = #expect(throws: KeyValueError.self) { try ann.setValue(1, forKeyPath: "items.@count") }
    #expect(error?.exceptionName == "NSUnknownKeyException")  // bob has no key @count
    #expect(
      error?.message
        == "[<Person \(bob.address)> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key @count.")
    try world.set(ann, "items", [])
    try ann.setValue(1, forKeyPath: "items.@count")  // no element: nothing happens, as in Foundation
    let own = #expect(throws: KeyValueError.self) { try ann.setValue(1, forKey: "@count") }
    #expect(own?.code == .undefinedKey)  // an object has no key @count either
  }

  @Test func anAtKeyGoesToTheCollectionItself() throws {
    let (world, ann, bob) = try twoPeople()
    let people = try world.runtime.object(bridging: [.object(ann), .object(bob)])
    #expect(try Runtime.msgSend(people, "valueForKey:", "@count") == 2)
    #expect(try world.runtime.msgSend(bridging: ["a": 1, "b": 2], "valueForKey:", "@count") == 2)
    #expect(try world.runtime.msgSend(bridging: .set([1]), "valueForKey:", "@count") == 1)
  }

  @Test func dictionaryValueForKeyIsObjectForKey() throws {
    let (world, ann, _) = try twoPeople()
    let info = try world.runtime.mutableDictionary(["city": "Oslo", "count": 99])
    #expect(try info.value(forKey: "city") == "Oslo")
    #expect(try info.value(forKey: "count") == 99, "a plain key is a lookup, even one a method answers")
    #expect(try info.value(forKey: "@count") == 2, "@count is -count")
    #expect(try info.value(forKey: "missing") == .nil)
    try ann.setValue(.object(info), forKey: "items")
    #expect(try ann.value(forKeyPath: "items.city") == "Oslo", "key paths read through dictionaries")
    #expect(try ann.value(forKeyPath: "items.@count") == 2)
  }

  @Test func mutableDictionarySetValueIsSetObjectAndNilRemoves() throws {
    let (world, ann, _) = try twoPeople()
    let info = try world.runtime.mutableDictionary(["city": "Oslo"])
    try info.setValue("Rome", forKey: "city")
    try info.setValue(3, forKey: "rooms")
    #expect(Value.object(info) == ["city": "Rome", "rooms": 3])
    try info.setValue(nil, forKey: "city")
    #expect(Value.object(info) == ["rooms": 3], "nil removes the key")
    try ann.setValue(.object(info), forKey: "items")
    try ann.setValue("Bergen", forKeyPath: "items.city")
    #expect(try ann.value(forKeyPath: "items.city") == "Bergen", "key paths write through dictionaries")
  }

  @Test func anImmutableDictionaryRefusesSetValueAsAnUndefinedKey() throws {
    let (world, ann, _) = try twoPeople()
    try world.set(ann, "items", ["city": "Oslo"])
    let error = #expect(throws: KeyValueError.self) { try ann.setValue("Rome", forKeyPath: "items.city") }
    #expect(error?.exceptionName == "NSUnknownKeyException")  // the value of the constant NSUndefinedKeyException
    #expect(error?.message.contains("__NSDictionaryI") == true, "\(error?.message ?? "")")
  }

  @Test func nsNullAnswersItselfForEveryKeyAndRefusesEverySet() throws {
    let world = try World()
    let null = try world.runtime.null()
    #expect(try null.value(forKey: "anything") == .null)
    #expect(try null.value(forKeyPath: "a.b.c") == .null)
    let error = #expect(throws: KeyValueError.self) { try null.setValue(1, forKey: "anything") }
    #expect(error?.exceptionName == "NSUnknownKeyException")  // the value of the constant NSUndefinedKeyException
  }

  @Test func aKeyOnANumberIsSentToItsNSNumber() throws {
    let (_, ann, _) = try twoPeople()
    #expect(try ann.value(forKeyPath: "age.stringValue") == "42")
    let error = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "age.shoeSize") }
    #expect(error?.message.hasPrefix("[<__NSCFNumber 0x") == true, "\(error?.message ?? "")")
  }

  @Test func categoriesAreInstalledWhicheverOfKVOAndFoundationLoadsFirst() throws {
    let first = Runtime()
    try first.installFoundation()
    first.installKeyValueObserving()
    let second = Runtime()
    second.installKeyValueObserving()
    #expect(!second.hasFoundation, "KVO alone adds no Foundation classes")
    try second.installFoundation()
    for runtime in [first, second] {
      let valueForKey = try #require(try runtime.lookUpClass(named: "NSArray")?.instanceMethod(for: "valueForKey:"))
      #expect(valueForKey.implementation.name == "-[NSArray(NSKeyValueCoding) valueForKey:]")
    }
  }

  @Test func aCategoryOverrideOnNSArrayIsHonouredByKeyPaths() throws {
    let (world, ann, bob) = try twoPeople()
    try world.set(ann, "items", [.object(ann), .object(bob)])
    let nsArray = try #require(world.runtime.lookUpClass(named: "NSArray"))
    _ = try nsArray.replaceMethod("valueForKey:", types: "@24@0:8@16", implementation: Implementation { _, _, _ in "overridden" })
    #expect(try ann.value(forKeyPath: "items.age") == "overridden", "a bridged array is boxed and sent the message")
  }
}
