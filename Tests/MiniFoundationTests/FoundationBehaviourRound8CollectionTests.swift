// FoundationBehaviourRound8CollectionTests.swift: the everyday collection and string messages
// users' key-value coding tests send that MiniFoundation did not answer (unrecognized selectors
// before round 8), with the answers Apple documents.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound8CollectionTests {
  /// Two distinct mutable strings with the same text: equal, not identical.
  func twins(_ text: String, in runtime: Runtime) throws -> (Value, Value) {
    let mutableString = try foundationClass("NSMutableString", in: runtime)
    return (try send(mutableString, "stringWithString:", .string(text)), try send(mutableString, "stringWithString:", .string(text)))
  }

  @Test func anArrayFindsAnIdenticalObjectAnObjectInARangeAndAFirstCommonObject() throws {
    let runtime = Runtime()
    let (first, second) = try twins("x", in: runtime)
    let list = try runtime.object(bridging: [first, second, 1, 2, 1])
    #expect(try send(list, "indexOfObject:", second) == .uint64(0))  // equal
    #expect(try send(list, "indexOfObjectIdenticalTo:", second) == .uint64(1))  // the same object
    #expect(try send(list, "indexOfObjectIdenticalTo:", "y") == .uint64(UInt64(Int.max)))  // NSNotFound
    #expect(try send(list, "indexOfObject:inRange:", 1, .range(3..<5)) == .uint64(4))
    #expect(try send(list, "indexOfObject:inRange:", 2, .range(0..<3)) == .uint64(UInt64(Int.max)))
    #expect(try send(list, "firstObjectCommonWithArray:", [2, 1]) == 1)
    #expect(try send(list, "firstObjectCommonWithArray:", [9]) == .nil)
    let range = expectFoundationError(.indexOutOfBounds) { try send(list, "indexOfObject:inRange:", 1, .range(3..<6)) }
    #expect(range?.message == "*** -[__NSArrayI indexOfObject:inRange:]: range {3, 3} extends beyond bounds [0 .. 4]")
  }

  @Test func reverseObjectEnumeratorAndMakeObjectsPerformSelector() throws {
    let runtime = Runtime()
    let enumerator = try runtime.msgSend(bridging: [1, 2, 3], "reverseObjectEnumerator")
    #expect(try send(enumerator.objectValue, "nextObject") == 3)
    #expect(try send(enumerator.objectValue, "allObjects") == [2, 1])
    let mutableArray = try foundationClass("NSMutableArray", in: runtime)
    let inner = [try send(mutableArray, "array"), try send(mutableArray, "array")]
    try runtime.msgSend(bridging: .array(inner), "makeObjectsPerformSelector:withObject:", .selector("addObject:"), "x")
    try runtime.msgSend(bridging: .set(Set(inner.prefix(1))), "makeObjectsPerformSelector:", .selector("removeLastObject"))
    #expect(inner == [[], ["x"]])
  }

  @Test func aMutableArrayRemovesByIdentityOrInARangeAndReplacesARange() throws {
    let runtime = Runtime()
    let (first, second) = try twins("x", in: runtime)
    let mutableArray = try foundationClass("NSMutableArray", in: runtime)
    let list = try send(mutableArray, "arrayWithCapacity:", 10)
    #expect(list.objectValue?.isa.name == "__NSArrayM" && list == [])
    try send(list.objectValue, "addObjectsFromArray:", [first, second, first, 1, 2, 1])
    try send(list.objectValue, "removeObjectIdenticalTo:", first)
    #expect(list.arrayValue?.count == 4)
    #expect(try send(list.objectValue, "indexOfObjectIdenticalTo:", second) == .uint64(0))
    try send(list.objectValue, "removeObject:inRange:", 1, .range(2..<4))
    #expect(list == ["x", 1, 2])
    try send(list.objectValue, "replaceObjectsInRange:withObjectsFromArray:", .range(1..<3), [7, 8, 9])
    #expect(list == ["x", 7, 8, 9])
    try send(list.objectValue, "replaceObjectsInRange:withObjectsFromArray:", .range(0..<4), [])
    #expect(list == [])
  }

  @Test func aDictionaryEnumeratesItsKeysAndValuesAndAnswersForManyKeys() throws {
    let runtime = Runtime()
    let entries = try runtime.object(bridging: ["a": 3, "b": 1, "c": 2])
    let keys = try send(try send(entries, "keyEnumerator").objectValue, "allObjects")
    let values = try send(try send(entries, "objectEnumerator").objectValue, "allObjects")
    #expect(keys == (try send(entries, "allKeys")))
    #expect(zip(keys.arrayValue ?? [], values.arrayValue ?? []).allSatisfy { (try? send(entries, "objectForKey:", $0)) == $1 })
    #expect(try send(entries, "keysSortedByValueUsingSelector:", .selector("compare:")) == ["b", "c", "a"])
    #expect(try send(entries, "objectsForKeys:notFoundMarker:", ["c", "z"], .null) == [2, .null])
    expectFoundationError(.invalidArgument) { try send(entries, "objectsForKeys:notFoundMarker:", ["c"], .nil) }
  }

  @Test func dictionariesAndSetsAreMadeFromTwoArraysOrWithACapacity() throws {
    let runtime = Runtime()
    let nsDictionary = try foundationClass("NSDictionary", in: runtime)
    #expect(try send(nsDictionary, "dictionaryWithObjects:forKeys:", [1, 2], ["a", "b"]) == ["a": 1, "b": 2])
    let mismatch = expectFoundationError(.invalidArgument) { try send(nsDictionary, "dictionaryWithObjects:forKeys:", [1], ["a", "b"]) }
    #expect(mismatch?.message.hasSuffix("count of objects (1) differs from count of keys (2)") == true)
    let mutableDictionary = try foundationClass("NSMutableDictionary", in: runtime)
    let made = try send(mutableDictionary, "dictionaryWithCapacity:", 8)
    #expect(made.objectValue?.isa.name == "__NSDictionaryM" && made == .dictionary([:]))
    let mutableSet = try foundationClass("NSMutableSet", in: runtime)
    let set = try send(mutableSet, "setWithCapacity:", 8)
    #expect(set.objectValue?.isa.name == "__NSSetM" && set == .set([]))
  }
}

@Suite struct FoundationBehaviourRound8StringSearchTests {
  @Test func rangeOfStringTakesCaseBackwardsAndAnchoredOptions() throws {
    let runtime = Runtime()
    let notFound = Value.range(Int.max..<Int.max)
    #expect(try runtime.msgSend(bridging: "abcABC", "rangeOfString:options:", "B", .uint64(0)) == .range(4..<5))
    #expect(try runtime.msgSend(bridging: "abcABC", "rangeOfString:options:", "B", .uint64(1)) == .range(1..<2))
    #expect(try runtime.msgSend(bridging: "abcABC", "rangeOfString:options:", "b", .uint64(1 | 4)) == .range(4..<5))
    #expect(try runtime.msgSend(bridging: "abcABC", "rangeOfString:options:", "bc", .uint64(8)) == notFound)
    #expect(try runtime.msgSend(bridging: "abcABC", "rangeOfString:options:", "bc", .uint64(1 | 4 | 8)) == .range(4..<6))
    #expect(try runtime.msgSend(bridging: "ÉCOLE", "rangeOfString:options:", "é", .uint64(1)) == .range(0..<1))
    expectFoundationError(.invalidArgument) { try runtime.msgSend(bridging: "a", "rangeOfString:options:", "a", .uint64(512)) }
  }

  @Test func byteLengthsAndCStringsInAnEncoding() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: "café", "lengthOfBytesUsingEncoding:", .uint64(4)) == .uint64(5))  // UTF-8
    #expect(try runtime.msgSend(bridging: "café", "lengthOfBytesUsingEncoding:", .uint64(10)) == .uint64(8))  // UTF-16
    #expect(try runtime.msgSend(bridging: "café", "lengthOfBytesUsingEncoding:", .uint64(5)) == .uint64(4))  // Latin 1
    #expect(try runtime.msgSend(bridging: "café", "lengthOfBytesUsingEncoding:", .uint64(1)) == .uint64(0))  // not ASCII
    #expect(try runtime.msgSend(bridging: "café", "canBeConvertedToEncoding:", .uint64(1)) == false)
    #expect(try runtime.msgSend(bridging: "😀", "lengthOfBytesUsingEncoding:", .uint64(0x8c00_0100)) == .uint64(4))  // UTF-32
    #expect(try runtime.msgSend(bridging: "café", "cStringUsingEncoding:", .uint64(4)) == .cString("café"))
    #expect(try runtime.msgSend(bridging: "café", "cStringUsingEncoding:", .uint64(1)) == .nil)
    let refused = expectFoundationError(.invalidArgument) { try runtime.msgSend(bridging: "a", "lengthOfBytesUsingEncoding:", .uint64(3)) }
    #expect(refused?.message.contains("encoding 3 is not supported") == true)
  }
}

@Suite struct FoundationBehaviourRound8RangeTests {
  @Test func searchesAndComparisonsLimitedToARangeOfTheReceiver() throws {
    // rangeOfString:options:range: answers a range of the whole receiver; compare:options:range:
    // compares the receiver's characters in the range with the whole argument.
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: "abcabc", "rangeOfString:options:range:", "a", .uint64(0), .range(1..<6)) == .range(3..<4))
    #expect(try runtime.msgSend(bridging: "abcabc", "rangeOfString:options:range:", "C", .uint64(1 | 4), .range(0..<5)) == .range(2..<3))
    #expect(try runtime.msgSend(bridging: "abcabc", "rangeOfString:options:range:", "a", .uint64(8), .range(1..<6)) == .range(Int.max..<Int.max))
    #expect(try runtime.msgSend(bridging: "xxAbc", "compare:options:range:", "abc", .uint64(1), .range(2..<5)) == 0)
    #expect(try runtime.msgSend(bridging: "xxAbc", "compare:options:range:", "abc", .uint64(0), .range(2..<5)) == -1)
    let beyond = expectFoundationError(.indexOutOfBounds) {
      try runtime.msgSend(bridging: "abc", "rangeOfString:options:range:", "a", .uint64(0), .range(1..<5))
    }
    #expect(beyond?.message == "*** -[__NSCFString rangeOfString:options:range:]: Range {1, 4} out of bounds; string length 3")
  }
}

@Suite struct FoundationBehaviourRound8ReplacingTests {
  @Test func replacingOccurrencesTakesOptionsAndARangeAndAMutableStringCountsThem() throws {
    let runtime = Runtime()
    let all = Value.range(0..<9)
    #expect(try runtime.msgSend(bridging: "aXbxcXdxe", "stringByReplacingOccurrencesOfString:withString:options:range:", "x", "-", .uint64(1), all) == "a-b-c-d-e")
    #expect(try runtime.msgSend(bridging: "aXbxcXdxe", "stringByReplacingOccurrencesOfString:withString:options:range:", "x", "-", .uint64(0), .range(0..<5)) == "aXb-cXdxe")
    #expect(try runtime.msgSend(bridging: "xaxa", "stringByReplacingOccurrencesOfString:withString:options:range:", "xa", "", .uint64(8 | 4), .range(0..<4)) == "xa")
    #expect(try runtime.msgSend(bridging: "abc", "stringByReplacingCharactersInRange:withString:", .range(1..<2), "XYZ") == "aXYZc")
    #expect(try runtime.msgSend(bridging: "abc", "stringByPaddingToLength:withString:startingAtIndex:", .uint64(7), "12", .uint64(1)) == "abc2121")
    #expect(try runtime.msgSend(bridging: "abcdef", "stringByPaddingToLength:withString:startingAtIndex:", .uint64(2), ".", .uint64(0)) == "ab")
    let mutableString = try foundationClass("NSMutableString", in: runtime)
    let text = try send(mutableString, "stringWithString:", "one two one")
    #expect(try send(text.objectValue, "replaceOccurrencesOfString:withString:options:range:", "one", "1", .uint64(0), .range(0..<11)) == .uint64(2))
    #expect(text == "1 two 1")
    let beyond = expectFoundationError(.indexOutOfBounds) {
      try send(text.objectValue, "replaceOccurrencesOfString:withString:options:range:", "1", "x", .uint64(0), .range(0..<20))
    }
    #expect(beyond?.message.hasSuffix("Range {0, 20} out of bounds; string length 7") == true)
    #expect(text == "1 two 1")
  }
}
