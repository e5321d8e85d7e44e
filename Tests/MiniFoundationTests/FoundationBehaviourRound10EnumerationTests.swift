// FoundationBehaviourRound10EnumerationTests.swift: a mutable dictionary or set changed inside
// its own enumeration raises, as Apple's do ("*** Collection <__NSDictionaryM: 0x…> was mutated
// while being enumerated."), and so does an enumerator of any mutable collection that changed.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound10EnumerationTests {
  /// The reason Foundation gives for `collection`.
  private func mutatedReason(_ collection: Object) -> String {
    "*** Collection <\(collection.isa.name): \(collection.address)> was mutated while being enumerated."
  }

  @Test func aMutableDictionaryChangedByItsEnumerationBlockRaises() throws {
    let runtime = Runtime()
    let dictionary = try runtime.mutableDictionary(["a": 1, "b": 2, "c": 3])
    let calls = BlockCalls()
    let adding = try calls.block(in: runtime, answer: { _ in try send(dictionary, "setObject:forKey:", 4, "d") })
    let error = expectFoundationError(.collectionMutated) {
      try send(dictionary, "enumerateKeysAndObjectsUsingBlock:", .object(adding))
    }
    #expect(error?.exceptionName == "NSGenericException")
    #expect(error?.message == mutatedReason(dictionary))
    #expect(error?.message.hasPrefix("*** Collection <__NSDictionaryM: 0x") == true)
    #expect(calls.all.count == 1, "the enumeration ends at the first call that changed the dictionary")

    let replacing = try BlockCalls().block(in: runtime, answer: { _ in try send(dictionary, "setObject:forKey:", 1, "a") })
    expectFoundationError(.collectionMutated) {
      try send(dictionary, "enumerateKeysAndObjectsWithOptions:usingBlock:", .uint64(2), .object(replacing))
    }
    let removing = try BlockCalls().block(in: runtime, answer: { _ in try send(dictionary, "removeObjectForKey:", "b") })
    expectFoundationError(.collectionMutated) { try send(dictionary, "keysOfEntriesPassingTest:", .object(removing)) }
  }

  @Test func aDictionaryBlockThatOnlyReadsOrRemovesAnAbsentKeyEnumeratesEveryEntry() throws {
    let runtime = Runtime()
    let dictionary = try runtime.mutableDictionary(["a": 1, "b": 2])
    let calls = BlockCalls()
    let harmless = try calls.block(in: runtime, answer: { _ in
      _ = try send(dictionary, "objectForKey:", "a")
      return try send(dictionary, "removeObjectForKey:", "absent")  // nothing to remove: no change
    })
    try send(dictionary, "enumerateKeysAndObjectsUsingBlock:", .object(harmless))
    #expect(calls.all.count == 2)
    let other = try runtime.mutableDictionary()
    let elsewhere = BlockCalls()
    let changingAnother = try elsewhere.block(in: runtime, answer: { _ in try send(other, "setObject:forKey:", 1, "x") })
    try send(dictionary, "enumerateKeysAndObjectsUsingBlock:", .object(changingAnother))  // another dictionary may change
    #expect(elsewhere.all.count == 2)
  }

  @Test func aMutableSetChangedByItsEnumerationBlockRaises() throws {
    let runtime = Runtime()
    let set = try runtime.mutableSet([1, 2, 3])
    let calls = BlockCalls()
    let adding = try calls.block(in: runtime, answer: { _ in try send(set, "addObject:", 4) })
    let error = expectFoundationError(.collectionMutated) { try send(set, "enumerateObjectsUsingBlock:", .object(adding)) }
    #expect(error?.message == mutatedReason(set))
    #expect(error?.message.hasPrefix("*** Collection <__NSSetM: 0x") == true)
    #expect(calls.all.count == 1)
    let removing = try BlockCalls().block(in: runtime, answer: { arguments in try send(set, "removeObject:", arguments[0]) })
    expectFoundationError(.collectionMutated) { try send(set, "objectsPassingTest:", .object(removing)) }
  }

  @Test func aSetBlockThatAddsAMemberItHoldsOrRemovesAnAbsentOneEnumeratesEveryMember() throws {
    let runtime = Runtime()
    let set = try runtime.mutableSet([1, 2, 3])
    let calls = BlockCalls()
    let harmless = try calls.block(in: runtime, answer: { arguments in
      try send(set, "addObject:", arguments[0])  // already a member: no change
      return try send(set, "removeObject:", 99)
    })
    try send(set, "enumerateObjectsUsingBlock:", .object(harmless))
    #expect(calls.all.count == 3)
  }

  @Test func anImmutableDictionaryOrSetEnumeratesAsBefore() throws {
    let runtime = Runtime()
    let dictionary = try #require(try runtime.object(bridging: ["a": 1, "b": 2]))
    let set = try #require(try runtime.object(bridging: .set([1, 2])))
    let entries = BlockCalls()
    try send(dictionary, "enumerateKeysAndObjectsUsingBlock:", .object(try entries.block(in: runtime)))
    let members = BlockCalls()
    try send(set, "enumerateObjectsUsingBlock:", .object(try members.block(in: runtime)))
    #expect(entries.all.count == 2 && members.all.count == 2)
  }

  @Test func anEnumeratorOfAChangedMutableCollectionRaisesOnItsNextElement() throws {
    let runtime = Runtime()
    let array = try runtime.mutableArray(["a", "b", "c"])
    let enumerator = try send(array, "objectEnumerator").objectValue
    #expect(try send(enumerator, "nextObject") == "a")
    try send(array, "removeObjectAtIndex:", 2)
    let error = expectFoundationError(.collectionMutated) { try send(enumerator, "nextObject") }
    #expect(error?.message == mutatedReason(array))

    let dictionary = try runtime.mutableDictionary(["k": 1, "l": 2])
    let keys = try send(dictionary, "keyEnumerator").objectValue
    _ = try send(keys, "nextObject")
    try send(dictionary, "removeObjectForKey:", "k")
    expectFoundationError(.collectionMutated) { try send(keys, "nextObject") }
    let values = try send(dictionary, "objectEnumerator").objectValue
    try send(dictionary, "setObject:forKey:", 3, "m")
    expectFoundationError(.collectionMutated) { try send(values, "allObjects") }

    let set = try runtime.mutableSet([1, 2])
    let members = try send(set, "objectEnumerator").objectValue
    try send(set, "addObject:", 3)
    expectFoundationError(.collectionMutated) { try send(members, "nextObject") }

    let ordered = try runtime.mutableOrderedSet(["x", "y"])
    let backwards = try send(ordered, "reverseObjectEnumerator").objectValue
    try send(ordered, "addObject:", "z")
    expectFoundationError(.collectionMutated) { try send(backwards, "nextObject") }
  }

  @Test func anEnumeratorThatHandedOutEveryElementAnswersNilAfterAChange() throws {
    let runtime = Runtime()
    let array = try runtime.mutableArray(["a"])
    let enumerator = try send(array, "objectEnumerator").objectValue
    #expect(try send(enumerator, "nextObject") == "a")
    try send(array, "removeObject:", "a")  // removing the last element handed out, as a loop may
    #expect(try send(enumerator, "nextObject") == .nil)
    #expect(try send(enumerator, "allObjects") == [])
    let unchanged = try runtime.mutableSet([1, 2])
    let members = try send(unchanged, "objectEnumerator").objectValue
    try send(unchanged, "removeObject:", 5)  // absent: no change
    #expect(try send(members, "allObjects").arrayValue?.count == 2)
  }
}
