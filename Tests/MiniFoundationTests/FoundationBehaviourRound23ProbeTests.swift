// FoundationBehaviourRound23ProbeTests.swift: the twenty-third round of Foundation behaviours:
// cases from swift-corelibs-foundation's TestNSString, TestNSArray, TestNSDictionary, TestNSSet,
// TestNSOrderedSet, TestIndexSet and TestNSNumber, and from GNUstep-base's Tests/base for the same
// classes, that earlier rounds did not probe. Each states Apple's documented answer; where
// corelibs or GNUstep 1.28 (both run on this machine) differ from it, the comment says so.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound23ProbeTests {
  @Test func numbersOfDifferentTypesAreEqualWhenTheirValuesAre() throws {
    // TestNSNumber: @1, @1.0 and @YES are equal, hash alike, and a set holds one of them.
    let runtime = Runtime()
    let one = try #require(try runtime.object(bridging: .int(1)))
    let oneDouble = try #require(try runtime.object(bridging: .double(1.0)))
    let yes = try #require(try runtime.object(bridging: .bool(true)))
    #expect(try send(one, "isEqual:", .object(oneDouble)) == true)
    #expect(try send(yes, "isEqual:", .object(one)) == true, "a CFBoolean equals the number 1")
    #expect(try send(one, "hash") == send(oneDouble, "hash"))
    #expect(try send(one, "hash") == send(yes, "hash"))
    let set = try runtime.mutableSet()
    for number in [one, oneDouble, yes] { try send(set, "addObject:", .object(number)) }
    #expect(try send(set, "count") == .uint64(1))
    #expect(try send(one, "compare:", .double(1.5)) == -1)
    #expect(
      try send(try runtime.object(bridging: .uint64(.max)), "compare:", .int(-1)) == 1,
      "ULLONG_MAX is above -1")
    #expect(try send(try runtime.object(bridging: .int(-1)), "compare:", .uint64(.max)) == -1)
    try runtime.checkInvariants()
  }

  @Test func collectionsOfEqualNumbersAreEqual() throws {
    // TestNSArray/TestNSDictionary: isEqualToArray: and isEqualToDictionary: send isEqual: to the
    // members, so @1 and @1.0 match (GNUstep 1.28: YES for both).
    let runtime = Runtime()
    let array = try #require(try runtime.object(bridging: [.int(1), "a"]))
    #expect(try send(array, "isEqualToArray:", [.double(1.0), "a"]) == true)
    #expect(try send(array, "isEqualToArray:", ["a", .int(1)]) == false, "order counts")
    let dictionary = try #require(try runtime.object(bridging: .dictionary(["k": .int(1)])))
    #expect(try send(dictionary, "isEqualToDictionary:", .dictionary(["k": .double(1.0)])) == true)
    #expect(try send(dictionary, "isEqualToDictionary:", .dictionary(["k": .int(2)])) == false)
    try runtime.checkInvariants()
  }

  @Test func moveObjectsAtIndexesRemovesThemThenInsertsThemAtTheIndex() throws {
    // Apple: "The objects being moved are first removed from the set, then this index is used
    // to find the location at which to insert the moved objects." GNUstep 1.28 loses an object
    // ((b, d, a, e) for the first case).
    let runtime = Runtime()
    let set = try runtime.mutableOrderedSet(["a", "b", "c", "d", "e"])
    try send(set, "moveObjectsAtIndexes:toIndex:", .object(try runtime.indexSet([0, 1])), .uint64(2))
    #expect(Value.object(set).orderedSetElements == ["c", "d", "a", "b", "e"])
    let other = try runtime.mutableOrderedSet(["a", "b", "c", "d", "e"])
    try send(other, "moveObjectsAtIndexes:toIndex:", .object(try runtime.indexSet([1, 3])), .uint64(0))
    #expect(Value.object(other).orderedSetElements == ["b", "d", "a", "c", "e"])
    let beyond = expectFoundationError(.indexOutOfBounds) {
      try send(other, "moveObjectsAtIndexes:toIndex:", .object(try runtime.indexSet([4])), .uint64(5))
    }
    #expect(beyond?.exceptionName == "NSRangeException")
    try runtime.checkInvariants()
  }

  @Test func enumeratingIndexesInARangeBackwards() throws {
    // TestIndexSet: NSEnumerationReverse walks the indexes in the range from the last.
    let runtime = Runtime()
    let indexes = try runtime.indexSet([1, 2, 5, 8])
    let calls = BlockCalls()
    try send(
      indexes, "enumerateIndexesInRange:options:usingBlock:", .range(2..<8), .uint64(2),
      .object(try calls.block(in: runtime)))
    #expect(calls.all == [[.uint64(5)], [.uint64(2)]])
    let stopping = BlockCalls()
    try send(
      indexes, "enumerateIndexesWithOptions:usingBlock:", .uint64(2),
      .object(try stopping.block(in: runtime, stopWhen: { $0[0] == .uint64(5) })))
    #expect(stopping.all == [[.uint64(8)], [.uint64(5)]], "the stop flag ends it at once")
    try runtime.checkInvariants()
  }

  @Test func rangesPastTheEndRaiseNSRangeException() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let array = try #require(try runtime.object(bridging: ["a", "b", "c"]))
    let subarray = expectFoundationError(.indexOutOfBounds) { try send(array, "subarrayWithRange:", .range(1..<6)) }
    #expect(subarray?.exceptionName == "NSRangeException")
    #expect(
      subarray?.message.hasSuffix("range {1, 5} extends beyond bounds [0 .. 2]") == true, "\(subarray?.message ?? "")")
    let substring = expectFoundationError(.indexOutOfBounds) {
      try runtime.msgSend(bridging: "abc", "substringWithRange:", .range(2..<7))
    }
    #expect(substring?.exceptionName == "NSRangeException")
    #expect(
      substring?.message.hasSuffix("Range {2, 5} out of bounds; string length 3") == true, "\(substring?.message ?? "")"
    )
  }

  @Test func stringSearchesAndEditsWithEmptyOrBackwardArguments() throws {
    // TestNSString: replacing an empty target changes nothing; a backwards anchored search
    // anchors at the end; padding to a shorter length cuts.
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "abc", "stringByReplacingOccurrencesOfString:withString:", "", "x") == "abc")
    #expect(try runtime.msgSend(bridging: "abcab", "rangeOfString:options:", "ab", .uint64(8 | 4)) == .range(3..<5))
    #expect(
      try runtime.msgSend(bridging: "abcab", "rangeOfString:options:", "bc", .uint64(8 | 4))
        == .range(Int.max..<Int.max))
    #expect(try runtime.msgSend(bridging: "abc", "rangeOfString:options:", "B", .uint64(1 | 4)) == .range(1..<2))
    #expect(
      try runtime.msgSend(
        bridging: "abcdef", "stringByPaddingToLength:withString:startingAtIndex:", .uint64(3), ".", .uint64(0)) == "abc"
    )
    #expect(try runtime.msgSend(bridging: "a10", "compare:options:", "a9", .uint64(64)) == 1, "NSNumericSearch")
  }

  @Test func aSignAloneIsNotADecimalNumber() throws {
    // Apple reads the string with NSScanner's -scanDecimal:, which finds no number without a
    // digit, and answers NaN; GNUstep 1.28 answers NaN; swift-corelibs-foundation answers 0.
    let runtime = Runtime()
    for text in ["-", "+", ".", "-."] {
      #expect(try send(decimalNumberObject(text, in: runtime), "description") == "NaN", "\(text)")
    }
    #expect(try send(decimalNumberObject("-.5", in: runtime), "description") == "-0.5")
    try runtime.checkInvariants()
  }

  @Test func intValueOfADecimalPastIntsRange() throws {
    let runtime = Runtime()
    #expect(try send(decimalNumberObject("5000000000", in: runtime), "intValue") == .int32(705_032_704))
    #expect(try send(decimalNumberObject("-3000000000", in: runtime), "intValue") == .int32(1_294_967_296))
    #expect(
      try send(decimalNumberObject("100000000000000000000", in: runtime), "intValue") == .int32(-1),
      "past long long: saturated, then cut")
    #expect(try send(decimalNumberObject("2147483648.7", in: runtime), "intValue") == .int32(-2_147_483_648))
    try runtime.checkInvariants()
  }

  @Test func orderedSetAlgebraIgnoresTheArgumentsOrderAndKeepsTheReceivers() throws {
    // TestNSOrderedSet. Apple: isSubsetOfOrderedSet: asks whether every object of the receiver
    // is in the other, whatever its order (swift-corelibs-foundation: YES; GNUstep 1.28 answers
    // NO for (a, b, c) in (d, c, b, a), and its -intersectSet: fails an assertion).
    let runtime = Runtime()
    let abc = try runtime.orderedSet(["a", "b", "c"])
    let dcba = try runtime.orderedSet(["d", "c", "b", "a"])
    #expect(try send(abc, "isSubsetOfOrderedSet:", .object(dcba)) == true)
    #expect(try send(dcba, "isSubsetOfOrderedSet:", .object(abc)) == false)
    #expect(try send(try runtime.orderedSet(), "isSubsetOfOrderedSet:", .object(abc)) == true)
    #expect(
      try send(abc, "isEqualToOrderedSet:", .object(try runtime.orderedSet(["c", "b", "a"]))) == false, "order counts")
    #expect(try send(abc, "intersectsOrderedSet:", .object(try runtime.orderedSet())) == false)
    let set = try runtime.mutableOrderedSet(["c", "a"])
    try send(set, "unionOrderedSet:", .object(try runtime.orderedSet(["e", "a", "d"])))
    #expect(
      Value.object(set).orderedSetElements == ["c", "a", "e", "d"], "new objects appended in the argument's order")
    try send(set, "minusOrderedSet:", .object(try runtime.orderedSet(["a", "z"])))
    #expect(Value.object(set).orderedSetElements == ["c", "e", "d"])
    try send(set, "intersectSet:", .set(["d", "c"]))
    #expect(Value.object(set).orderedSetElements == ["c", "d"], "the receiver's order")
    try runtime.checkInvariants()
  }

  @Test func substringsAtAndPastTheEnd() throws {
    // TestNSString and GNUstep's Tests/base/NSString: an empty separator splits nothing; a
    // substring from the length is empty, past it NSRangeException; a case-insensitive common
    // prefix is spelled as the receiver spells it (GNUstep 1.28 gives each answer).
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "abc", "componentsSeparatedByString:", "") == ["abc"])
    #expect(try runtime.msgSend(bridging: "abc", "substringFromIndex:", .uint64(3)) == "")
    #expect(try runtime.msgSend(bridging: "abc", "substringToIndex:", .uint64(3)) == "abc")
    let from = expectFoundationError(.indexOutOfBounds) {
      try runtime.msgSend(bridging: "abc", "substringFromIndex:", .uint64(4))
    }
    #expect(from?.exceptionName == "NSRangeException")
    let to = expectFoundationError(.indexOutOfBounds) {
      try runtime.msgSend(bridging: "abc", "substringToIndex:", .uint64(4))
    }
    #expect(to?.exceptionName == "NSRangeException")
    #expect(try runtime.msgSend(bridging: "abcd", "commonPrefixWithString:options:", "ABx", .uint64(1)) == "ab")
  }

  @Test func negativeZeroPrintsItsSignAndEqualsZero() throws {
    // TestNSNumber: -0.0 is described with %0.16g, which keeps the sign (swift-corelibs-foundation
    // prints -0.0, Swift's own description); it equals 0.0, hashes alike and compares the same.
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: .double(-0.0), "description") == "-0")
    #expect(try runtime.msgSend(bridging: .double(-0.0), "isEqual:", .double(0.0)) == true)
    #expect(try runtime.msgSend(bridging: .double(-0.0), "compare:", .int(0)) == 0)
    #expect(try runtime.msgSend(bridging: .double(-0.0), "hash") == runtime.msgSend(bridging: .double(0.0), "hash"))
  }
}
