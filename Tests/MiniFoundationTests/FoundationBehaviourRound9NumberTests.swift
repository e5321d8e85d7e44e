// FoundationBehaviourRound9NumberTests.swift: NSNumber's NaN and -0.0, as CoreFoundation's
// CFNumberCompare answers for them (compare:, isEqual:, isEqualToNumber: and hash agree with it):
// NaN orders below every other number and equal to any NaN; -0.0 equals 0 and hashes as it.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound9NumberTests {
  @Test func compareOrdersNaNBelowEveryOtherNumberAndTheSameAsNaN() throws {
    let runtime = Runtime()
    let nan = Value.double(.nan)
    #expect(try runtime.msgSend(bridging: nan, "compare:", 1) == -1)
    #expect(try runtime.msgSend(bridging: nan, "compare:", .double(-.infinity)) == -1)
    #expect(try runtime.msgSend(bridging: nan, "compare:", .int64(.min)) == -1)
    #expect(try runtime.msgSend(bridging: nan, "compare:", .uint64(0)) == -1)
    #expect(try runtime.msgSend(bridging: 1, "compare:", nan) == 1)
    #expect(try runtime.msgSend(bridging: .double(-.infinity), "compare:", nan) == 1)
    #expect(try runtime.msgSend(bridging: nan, "compare:", .float(.nan)) == 0)
    #expect(try runtime.msgSend(bridging: nan, "compare:", .double(-.nan)) == 0)  // the sign of a NaN does not matter
  }

  @Test func aNaNIsEqualToEveryNaNAndHashesAlike() throws {
    let runtime = Runtime()
    let nan = try #require(try runtime.object(bridging: .double(.nan)))
    let floatNaN = try #require(try runtime.object(bridging: .float(.nan)))
    let payloadNaN = try #require(try runtime.object(bridging: .double(Double(nan: 7, signaling: false))))
    #expect(try send(nan, "isEqual:", .object(floatNaN)) == true)
    #expect(try send(nan, "isEqualToNumber:", .object(payloadNaN)) == true)
    #expect(try send(nan, "isEqual:", .object(nan)) == true)  // reflexive, as isEqual: must be
    #expect(try send(nan, "isEqual:", 0) == false)
    #expect(try send(nan, "hash") == (try send(floatNaN, "hash")))
    #expect(try send(nan, "hash") == (try send(payloadNaN, "hash")))
    // The Swift side agrees, so Value is a lawful Hashable.
    #expect(Value.double(.nan) == .double(.nan))
    #expect(Value.double(.nan) == .double(-.nan))
    #expect(Set<Value>([.double(.nan), .float(.nan), .double(Double(nan: 3, signaling: false))]).count == 1)
    #expect(try send(nan, "description") == "nan")
  }

  @Test func minusZeroIsEqualToZeroComparesTheSameAndHashesAlike() throws {
    let runtime = Runtime()
    let minusZero = try #require(try runtime.object(bridging: .double(-0.0)))
    #expect(try send(minusZero, "compare:", .double(0)) == 0)
    #expect(try send(minusZero, "compare:", 0) == 0)
    #expect(try send(minusZero, "isEqual:", .double(0)) == true)
    #expect(try send(minusZero, "isEqualToNumber:", .int32(0)) == true)
    #expect(try send(minusZero, "hash") == (try runtime.msgSend(bridging: .double(0), "hash")))
    #expect(try send(minusZero, "hash") == (try runtime.msgSend(bridging: 0, "hash")))
    #expect(try send(minusZero, "description") == "-0")  // the sign is kept in the value
  }

  @Test func setsAndDictionariesFindANaNMemberAndKeepOneZero() throws {
    let runtime = Runtime()
    let set = try send(try foundationClass("NSMutableSet", in: runtime), "set")
    try send(set.objectValue, "addObject:", .double(.nan))
    try send(set.objectValue, "addObject:", .float(.nan))
    try send(set.objectValue, "addObject:", .double(0))
    try send(set.objectValue, "addObject:", .double(-0.0))
    #expect(try send(set.objectValue, "count") == .uint64(2))
    #expect(try send(set.objectValue, "containsObject:", .double(.nan)) == true)
    let dictionary = try send(try foundationClass("NSMutableDictionary", in: runtime), "dictionary")
    try send(dictionary.objectValue, "setObject:forKey:", "not a number", .double(.nan))
    #expect(try send(dictionary.objectValue, "objectForKey:", .float(.nan)) == "not a number")
    let array = try runtime.mutableArray([1, .double(.nan), 2])
    #expect(try send(array, "indexOfObject:", .double(.nan)) == .uint64(1))
  }

  @Test func sortingByComparePutsNaNFirst() throws {
    let runtime = Runtime()
    let sorted = try runtime.msgSend(
      bridging: [3, .double(.nan), .double(-.infinity), 1], "sortedArrayUsingSelector:", .selector("compare:"))
    let numbers = try #require(sorted.arrayValue).map { $0.doubleValue ?? 0 }
    #expect(numbers.count == 4)
    #expect(numbers.first?.isNaN == true)
    #expect(Array(numbers.dropFirst()) == [-.infinity, 1, 3])
  }
}
