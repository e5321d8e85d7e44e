// ToManyTests+KeyPath.swift: mutableArrayValueForKeyPath: (the proxy made for the last key of the
// object a key path leads to) and the proxy of an undefined or empty key.

import Testing

@testable import KVO

extension ToManyTests {
  @Test func mutableArrayValueForKeyPathEditsTheLastKeyOfTheObjectThePathLeadsTo() throws {
    let (world, person) = try object(.mutators)
    let friend = try world.newPerson()
    try world.set(friend, "items", [])
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.items", options: [.new])
    #expect(try person.mutableArrayValue(forKeyPath: "friend.items") == nil)  // nil friend: nil, as messaging nil
    try world.set(person, "friend", .object(friend))
    let items = try #require(try person.mutableArrayValue(forKeyPath: "friend.items"))
    try items.append("x")
    #expect(try friend.value(forKey: "items") == ["x"])
    #expect(log.all.last?.change.new == ["x"])
  }

  /// Foundation makes the proxy whatever the key, and raises when it is used: `@count` is an
  /// undefined key of the friend, `items` an undefined key of the number `age`.
  @Test(arguments: ["friend.@count", "age.items"])
  func mutableArrayValueForKeyPathMakesAProxyThatRaisesWhenUsedForAnUndefinedKey(path: String) throws {
    let (world, person) = try object(.mutators)
    try world.set(person, "friend", .object(try world.newPerson()))
    let proxy = try #require(try person.mutableArrayValue(forKeyPath: path))
    let error = #expect(throws: KeyValueError.self) { try proxy.count() }
    #expect(error?.exceptionName == "NSUnknownKeyException", "\(String(describing: error))")
    #expect(error?.message.contains("valueForUndefinedKey:]: this class is not key value coding-compliant") == true)
  }

  @Test func theProxyKeepsItsContainerAlive() throws {
    let (world, created) = try object(.ivar)
    var bag: Object? = created
    let items = try #require(bag).mutableArrayValue(forKey: "items")
    weak let weakBag = bag
    bag = nil
    #expect(weakBag != nil)
    #expect(try items.elements() == ["a", "b"])
    try world.runtime.checkInvariants()
  }

  @Test func mutableArrayValueForKeyPathRaisesForAnUndefinedKeyOnTheWay() throws {
    let (world, person) = try object(.mutators)
    try world.set(person, "friend", .object(try world.newPerson()))
    let error = #expect(throws: KeyValueError.self) { try person.mutableArrayValue(forKeyPath: "friend..items") }
    #expect(error?.message.hasSuffix("this class is not key value coding-compliant for the key .") == true)  // -valueForKey:@""
  }

  @Test func mutableArrayValueForKeyPathLooksUpADictionaryOnTheWayWithObjectForKey() throws {
    let (world, person) = try object(.mutators)
    let friend = try world.newPerson()
    try world.set(friend, "items", ["a"])
    try world.set(person, "friend", .object(try world.runtime.mutableDictionary(["pal": .object(friend)])))
    let (observer, log) = try world.newObserver()
    try friend.addObserver(observer, forKeyPath: "items", options: [.new])
    let items = try #require(try person.mutableArrayValue(forKeyPath: "friend.pal.items"))
    try items.append("b")
    #expect(try friend.value(forKey: "items") == ["a", "b"])
    #expect(log.all.map(\.change) == [Change(kind: .insertion, new: ["b"], indexes: [1])])
    #expect(try person.mutableArrayValue(forKeyPath: "friend.nobody.items") == nil)  // objectForKey: gives nil
  }

  @Test func mutableArrayValueForKeyWithTheEmptyKeyMakesAProxyThatRaisesWhenUsed() throws {
    let (_, person) = try object(.mutators)
    let proxy = try person.mutableArrayValue(forKey: "")
    #expect(proxy.key == "")
    let read = #expect(throws: KeyValueError.self) { try proxy.count() }
    #expect(read?.message.hasSuffix("valueForUndefinedKey:]: this class is not key value coding-compliant for the key .") == true)
    let edit = #expect(throws: KeyValueError.self) { try proxy.append("x") }
    #expect(edit?.exceptionName == "NSUnknownKeyException")
    #expect(try person.value(forKey: "items") == ["a", "b"])
  }
}
