// FoundationBehaviourRound11CollectionTests.swift: the eleventh round of Foundation probes, ported
// from GNUstep-base's Tests/base (NSArray, NSDictionary, NSSet, NSIndexSet, NSKeyValueCoding),
// each with the answer Apple documents and gives.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound11CollectionTests {
  @Test func anEmptyArrayHasNoFirstOrLastObjectAndFindsNothing() throws {
    let runtime = Runtime()
    let empty = try runtime.mutableArray()
    #expect(try send(empty, "firstObject") == .nil)
    #expect(try send(empty, "lastObject") == .nil)
    #expect(try send(empty, "indexOfObject:", 1) == .uint64(UInt64(Int.max)))  // NSNotFound
    #expect(try send(empty, "componentsJoinedByString:", "-") == "")
    #expect(try runtime.msgSend(bridging: [1, 2, "x"], "componentsJoinedByString:", "-") == "1-2-x")
  }

  @Test func aSubarrayPastTheEndRaisesWithTheRangeAndBounds() throws {
    let runtime = Runtime()
    let list = try runtime.mutableArray(["a", "b"])
    #expect(try send(list, "subarrayWithRange:", .range(1..<2)) == ["b"])
    let error = expectFoundationError(.indexOutOfBounds) { try send(list, "subarrayWithRange:", .range(1..<6)) }
    #expect(error?.message == "*** -[__NSArrayM subarrayWithRange:]: range {1, 5} extends beyond bounds [0 .. 1]")
  }

  @Test func removeObjectRemovesEveryEqualObjectAndExchangeSwaps() throws {
    let runtime = Runtime()
    let list = try runtime.mutableArray([1, 2, .double(1.0), 3, 1])
    try send(list, "removeObject:", 1)
    #expect(Value.object(list) == [2, 3])
    try send(list, "exchangeObjectAtIndex:withObjectAtIndex:", 0, 1)
    #expect(Value.object(list) == [3, 2])
    try send(list, "removeObjectsInArray:", [2, 9])
    #expect(Value.object(list) == [3])
  }

  @Test func arraysAreEqualByTheirElementsIsEqual() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: [1, "a"], "isEqualToArray:", [.double(1.0), "a"]) == true)
    #expect(try runtime.msgSend(bridging: [1, "a"], "isEqualToArray:", ["a", 1]) == false)
    #expect(try runtime.msgSend(bridging: [1, "a"], "containsObject:", .double(1.0)) == true)
  }

  @Test func aDictionaryAnswersNilForANilKeyButRefusesToStoreOrRemoveOne() throws {
    let runtime = Runtime()
    let entries = try runtime.mutableDictionary(["a": 1])
    #expect(try send(entries, "objectForKey:", .nil) == .nil)
    let set = expectFoundationError(.invalidArgument) { try send(entries, "setObject:forKey:", 2, .nil) }
    #expect(set?.message == "*** -[__NSDictionaryM setObject:forKey:]: key cannot be nil")
    let remove = expectFoundationError(.invalidArgument) { try send(entries, "removeObjectForKey:", .nil) }
    #expect(remove?.message == "*** -[__NSDictionaryM removeObjectForKey:]: key cannot be nil")
    #expect(Value.object(entries) == ["a": 1])
  }

  @Test func aMutableKeyIsCopiedSoChangingItLaterChangesNoEntry() throws {
    let runtime = Runtime()
    let strings = try foundationClass("NSMutableString", in: runtime)
    let key = try #require(try send(strings, "stringWithString:", "k").objectValue)
    let entries = try runtime.mutableDictionary()
    try send(entries, "setObject:forKey:", 1, .object(key))
    try send(key, "appendString:", "2")
    #expect(try send(entries, "objectForKey:", "k") == 1)
    #expect(try send(entries, "objectForKey:", "k2") == .nil)
  }

  @Test func aSetHasNoObjectWhenEmptyAndAnswersItsOwnMember() throws {
    let runtime = Runtime()
    let empty = try runtime.mutableSet()
    #expect(try send(empty, "anyObject") == .nil)
    #expect(try send(empty, "intersectsSet:", .set([])) == false)
    #expect(try send(empty, "isSubsetOfSet:", .set([1])) == true)
    let member = try #require(try runtime.object(bridging: .int64(1)))
    let set = try runtime.mutableSet([.object(member)])
    #expect(try send(set, "member:", .double(1.0)).objectValue === member)
    try send(set, "addObject:", .double(1.0))
    #expect(try send(set, "count") == 1)
    #expect(try send(set, "member:", 2) == .nil)
  }

  @Test func anEmptyIndexSetHasNoFirstOrLastIndex() throws {
    let runtime = Runtime()
    let empty = try runtime.indexSet([])
    #expect(try send(empty, "firstIndex") == .uint64(UInt64(Int.max)))
    #expect(try send(empty, "lastIndex") == .uint64(UInt64(Int.max)))
    #expect(try send(empty, "count") == 0)
    let indexes = try runtime.indexSet([1, 2, 3, 7])
    #expect(try send(indexes, "isEqualToIndexSet:", .object(try runtime.indexSet([1, 2, 3, 7]))) == true)
    #expect(try send(indexes, "isEqual:", .object(try runtime.indexSet([1, 2, 3]))) == false)
    #expect(try send(indexes, "indexLessThanIndex:", 7) == 3)
    #expect(try send(indexes, "indexGreaterThanOrEqualToIndex:", 4) == 7)
  }
}
