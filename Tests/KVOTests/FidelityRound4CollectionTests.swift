// FidelityRound4CollectionTests.swift: the fourth round's cases of key-value coding on
// Foundation's collections (NSArray, NSSet, NSDictionary), as GNUstep-base's KVC tests and
// DIS_KVC_KVO's write them. Each test pins Foundation's answer.

import Testing

@testable import KVO

@Suite struct FidelityRound4CollectionTests {
  /// Ann (age 3) and Bob, whose friend is Ann, in an NSArray.
  func people(in world: World) throws -> (Object, Object, Object) {
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try world.set(ann, "age", 3)
    try world.set(bob, "friend", .object(ann))
    let people = try #require(try world.runtime.object(bridging: [.object(ann), .object(bob)]))
    return (people, ann, bob)
  }

  @Test func anArraysKeyPathGivesNSNullForAnElementWhosePathCrossesNil() throws {
    let world = try World()
    let (people, _, _) = try people(in: world)
    #expect(try people.value(forKeyPath: "friend.age") == [.null, 3])  // NSNull answers NSNull
  }

  @Test func anArraysValueForAnAtKeyAsksTheArrayItselfForTheKeyWithoutTheAt() throws {
    let world = try World()
    let (people, _, _) = try people(in: world)
    #expect(try people.value(forKey: "@count") == 2)
    let error = #expect(throws: KeyValueError.self) { try people.value(forKey: "@sum") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message.hasSuffix("valueForUndefinedKey:]: this class is not key value coding-compliant for the key sum.") == true)
  }

  @Test func anArraysSetValueForKeyPathSetsItOnEveryElement() throws {
    let world = try World()
    let (people, ann, bob) = try people(in: world)
    try people.setValue(8, forKeyPath: "age")
    #expect(try ann.value(forKey: "age") == 8)
    #expect(try bob.value(forKey: "age") == 8)
  }

  @Test func aSetsValueForKeyLeavesNilOutAndItsAtCountIsItsCount() throws {
    let world = try World()
    let (_, ann, bob) = try people(in: world)
    let set = try #require(try world.runtime.object(bridging: .set([.object(ann), .object(bob)])))
    #expect(try set.value(forKey: "@count") == 2)
    #expect(try set.value(forKey: "friend") == .set([.object(ann)]))  // Ann's friend is nil
  }

  @Test func aDictionarysAtKeysAreSentToItAsKeysWithoutTheAt() throws {
    let world = try World()
    let dictionary = try #require(try world.runtime.object(bridging: .dictionary(["a": 1, "b": 2])))
    #expect(try dictionary.value(forKey: "@count") == 2)
    #expect(try dictionary.value(forKeyPath: "@count") == 2)
    #expect(try dictionary.value(forKey: "@allKeys").arrayValue.map { Set($0) } == ["a", "b"])
    #expect(try dictionary.value(forKey: "missing") == .nil)
  }

  @Test func anArrayRefusesAnOperatorItDoesNotImplementInFoundationsWords() throws {
    let world = try World()
    let (people, _, _) = try people(in: world)
    let error = #expect(throws: KeyValueError.self) { try people.value(forKeyPath: "@foo.age") }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(error?.message.hasPrefix("[<__NSArrayI 0x") == true)
    #expect(error?.message.hasSuffix("> valueForKeyPath:]: this class does not implement the foo operation.") == true)
  }

  @Test func anUnknownOperatorIsAKeyToAnObjectAndToADictionary() throws {
    let world = try World()
    let ann = try world.newPerson()
    let onObject = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "@foo.age") }
    #expect(onObject?.exceptionName == "NSUnknownKeyException")
    #expect(onObject?.message.hasSuffix("for the key @foo.") == true)  // NSObject's valueForKey:@"@foo"
    let dictionary = try #require(try world.runtime.object(bridging: .dictionary(["a": 1])))
    let onDictionary = #expect(throws: KeyValueError.self) { try dictionary.value(forKeyPath: "@foo.age") }
    #expect(onDictionary?.message.hasSuffix("for the key foo.") == true)  // NSDictionary drops the @
  }

  @Test func anOperatorWithoutARightPathNeedsNoneBehindNilOrOnAnEmptyArray() throws {
    let world = try World()
    let ann = try world.newPerson()
    #expect(try ann.value(forKeyPath: "items.@sum") == .nil)  // a message to nil
    try world.set(ann, "items", [])
    #expect(try ann.value(forKeyPath: "items.@sum") == 0)  // no element to ask for the right path
    #expect(try ann.value(forKeyPath: "items.@max") == .nil)
  }
}
