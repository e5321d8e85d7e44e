// CollectionSnippetTests.swift: the examples of docs/kvo.md's chapter on collections and to-many
// relationships, run as tests (`// snippet:` regions, checked by SnippetSyncTests).

import KVO
import Testing

@Suite struct CollectionSnippetTests {
  @Test func keyValueCodingReachesCollectionsThroughTheirCategories() throws {
    let example = try KVOExample()
    let runtime = example.runtime
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    let bob = try example.newPerson("Bob", "Kim", age: 25)
    // snippet: docs/kvo.md#key-value-coding-on-collections
    let friends: Value = [.object(bob), .object(ann)]
    try ann.setValue(friends, forKey: "friends")
    #expect(try ann.value(forKeyPath: "friends.firstName") == ["Bob", "Ann"])  // -[NSArray valueForKey:] maps
    try bob.setValue(nil, forKey: "lastName")
    #expect(try ann.value(forKeyPath: "friends.lastName") == [.null, "Lee"])  // NSNull where one answered nil
    #expect(try ann.value(forKeyPath: "friends.@count") == 2)

    let address = try runtime.mutableDictionary(["city": "Oslo"])  // an NSMutableDictionary
    try ann.setValue(.object(address), forKey: "friend")
    try ann.setValue("Rome", forKeyPath: "friend.city")  // -setValue:forKey: is -setObject:forKey:
    #expect(try ann.value(forKeyPath: "friend.city") == "Rome")
    #expect(try ann.value(forKeyPath: "friend.@count") == 1)  // @count of a dictionary is -count

    try ann.setValue(.set([.set([1, 2]), .set([2, 3])]), forKey: "friends")
    #expect(try ann.value(forKeyPath: "friends.@distinctUnionOfSets.self") == .set([1, 2, 3]))
    #expect(try runtime.null().value(forKey: "anything") == .null)  // NSNull answers itself
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func collectionsRefuseObserversButTheirOwnersNotify() throws {
    let example = try KVOExample()
    let runtime = example.runtime
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    let bob = try example.newPerson("Bob", "Kim", age: 25)
    let cy = try example.newPerson("Cy", "Kim", age: 30)
    // snippet: docs/kvo.md#observing-collections
    try ann.setValue([.object(bob)], forKey: "friends")
    let refused = #expect(throws: KeyValueError.self) { try ann.observe("friends.@count") { _, _ in } }
    #expect(refused?.message.hasSuffix("is not supported. Key path: @count") == true)  // the array refuses
    let counts = Locked<[Value]>([])
    let token = try ann.observe("friends", options: [.new]) { person, _ in  // observe the relationship
      counts.withLock { $0.append((try? person.value(forKeyPath: "friends.@count")) ?? .nil) }
    }
    try ann.mutableArrayValue(forKey: "friends").append(.object(cy))
    #expect(counts.withLock { $0 } == [2])  // an insertion; the count is read when told

    let array = try #require(try runtime.object(bridging: [.object(bob), .object(cy)]))
    let error = #expect(throws: KeyValueError.self) { try array.observe("count") { _, _ in } }
    #expect(error?.message.hasSuffix("is not supported. Key path: count") == true)
    #expect(error?.exceptionName == "NSInvalidArgumentException")

    let address = try runtime.mutableDictionary(["city": "Oslo"])
    let cities = Locked<[Value]>([])
    let watching = try address.observe("city", options: [.new]) { _, change in
      cities.withLock { $0.append(change.new ?? .nil) }
    }
    try address.setValue("Rome", forKey: "city")  // KVC on the dictionary notifies
    #expect(cities.withLock { $0 } == ["Rome"])
    #expect(address.isa.name == "NSKVONotifying___NSDictionaryM")
    token.invalidate()
    watching.invalidate()
    // end snippet
    try runtime.checkInvariants()
  }
}
