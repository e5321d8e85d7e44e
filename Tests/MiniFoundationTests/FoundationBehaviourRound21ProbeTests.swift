// FoundationBehaviourRound21ProbeTests.swift: the twenty-first round of Foundation behaviours:
// cases from GNUstep-base's Tests/base (NSDictionary, NSSet, NSDecimalNumber, NSArray, NSString,
// NSMutableArray, NSCountedSet) and swift-corelibs-foundation's TestNSDecimal, TestNSArray and
// TestNSString, about Foundation's semantics. GNUstep-base 1.28 and swift-corelibs-foundation were
// run on this machine; where they differ from Apple's documented answer, Apple's wins and the
// test says which. The nil-argument suites follow GNUstep-base's answers, which are what
// Objective-C's nil (count 0, nothing to enumerate) gives any implementation that does not check.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound21ProbeTests {
  @Test func dictionaryWithObjectsForKeysRefusesArraysOfDifferentCounts() throws {
    // GNUstep raises NSInvalidArgumentException ("init with obj and key arrays of different sizes").
    let runtime = Runtime()
    let nsDictionary = try foundationClass("NSDictionary", in: runtime)
    let error = expectFoundationError(.invalidArgument) {
      try send(nsDictionary, "dictionaryWithObjects:forKeys:", .array([1, 2]), .array(["a", "b", "c"]))
    }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
  }

  @Test func numbersOfEqualValueAreOneMemberOfASet() throws {
    // GNUstep: {@1, @1.0} has one member; NSNumber equality is by value across types.
    let runtime = Runtime()
    let nsSet = try foundationClass("NSSet", in: runtime)
    let set = try send(nsSet, "setWithArray:", .array([.int(1), .double(1.0), .bool(true), .uint8(1)]))
    #expect(try send(set.objectValue, "count") == .uint64(1))
  }

  @Test func aDecimalNumberPrintsNoTrailingZerosAndNoNegativeZero() throws {
    // Apple's NSDecimal keeps zero without a sign and compacts the mantissa, so "-0" and "0.00"
    // print 0 (GNUstep-base prints 0.0 for both) and "123.4500" prints 123.45.
    let runtime = Runtime()
    #expect(try send(decimalNumberObject("-0", in: runtime), "description") == "0")
    #expect(try send(decimalNumberObject("0.00", in: runtime), "description") == "0")
    #expect(try send(decimalNumberObject("123.4500", in: runtime), "description") == "123.45")
    #expect(try send(decimalNumberObject(".5", in: runtime), "description") == "0.5")
    #expect(try send(decimalNumberObject("1e3", in: runtime), "description") == "1000")
  }

  @Test func raisingToAPowerAndMultiplyingByAPowerOfTen() throws {
    // GNUstep and corelibs (TestNSDecimal test_ZeroPower): 0^0 is 1.
    let runtime = Runtime()
    #expect(try send(send(decimalNumberObject("0", in: runtime), "decimalNumberByRaisingToPower:", .uint64(0)).objectValue, "description") == "1")
    #expect(try send(send(decimalNumberObject("-2", in: runtime), "decimalNumberByRaisingToPower:", .uint64(3)).objectValue, "description") == "-8")
    let oneAndAHalf = try decimalNumberObject("1.5", in: runtime)
    #expect(try send(send(oneAndAHalf, "decimalNumberByMultiplyingByPowerOf10:", .int16(3)).objectValue, "description") == "1500")
    #expect(try send(send(oneAndAHalf, "decimalNumberByMultiplyingByPowerOf10:", .int16(-3)).objectValue, "description") == "0.0015")
  }

  @Test func aRepeatingQuotientKeepsThirtyEightDigitsRoundedHalfUp() throws {
    // 16 / 9: GNUstep-base keeps 35 digits; Apple's NSDecimal holds 38.
    let runtime = Runtime()
    let quotient = try send(decimalNumberObject("16", in: runtime), "decimalNumberByDividingBy:", .object(try decimalNumberObject("9", in: runtime)))
    #expect(try send(quotient.objectValue, "description") == "1.7777777777777777777777777777777777778")
  }

  @Test func aDecimalNumberConvertsTowardZeroAndHashesAsTheEqualNumber() throws {
    let runtime = Runtime()
    #expect(try send(decimalNumberObject("-3.9", in: runtime), "intValue") == .int32(-3))
    let ten = try decimalNumberObject("10", in: runtime)
    #expect(try send(ten, "hash") == runtime.msgSend(bridging: .int(10), "hash"), "equal numbers hash alike")
  }

  @Test func objectsAtIndexesPastTheEndRaisesNSRangeException() throws {
    let runtime = Runtime()
    let array = try #require(try runtime.object(bridging: .array([1, 2])))
    let error = expectFoundationError(.indexOutOfBounds) {
      try send(array, "objectsAtIndexes:", .object(try runtime.indexSet([5])))
    }
    #expect(error?.exceptionName == "NSRangeException")
  }

  @Test func characterAtIndexPastTheEndRaisesNSRangeException() throws {
    // Apple: "Raises an NSRangeException if index lies beyond the end of the receiver" (GNUstep
    // raises NSInvalidArgumentException).
    let runtime = Runtime()
    let error = expectFoundationError(.indexOutOfBounds) { try runtime.msgSend(bridging: "ab", "characterAtIndex:", .uint64(5)) }
    #expect(error?.exceptionName == "NSRangeException")
  }

  @Test func insertObjectsAtIndexesPlacesEachObjectAtItsIndexOfTheResult() throws {
    // Apple's documented example and GNUstep: (a, b) with (x, y) at {1, 3} is (a, x, b, y).
    let runtime = Runtime()
    let array = try runtime.mutableArray(["a", "b"])
    try send(array, "insertObjects:atIndexes:", .array(["x", "y"]), .object(try runtime.indexSet([1, 3])))
    #expect(Value.object(array).arrayValue == ["a", "x", "b", "y"])
    try runtime.checkInvariants()
  }

  @Test func anEmptyStringSplitIsOneEmptyPieceAndPaddingRepeatsFromTheStartIndex() throws {
    let runtime = Runtime()
    let pieces = try runtime.msgSend(bridging: "", "componentsSeparatedByString:", ",")
    #expect(pieces.arrayValue == [""])
    #expect(try runtime.msgSend(bridging: "abc", "stringByPaddingToLength:withString:startingAtIndex:", .uint64(5), "xy", .uint64(1)) == "abcyx")
  }
}

@Suite struct FoundationBehaviourRound21NilArgumentTests {
  @Test func aNilElementIsNeverContainedOrFound() throws {
    // GNUstep-base: containsObject:nil is NO and indexOfObject:nil NSNotFound for an array and
    // an ordered set; member:nil of a set is nil; a counted set counts nil 0 times. Apple's
    // collections send isEqual: to nothing and answer the same.
    let runtime = Runtime()
    let array = try #require(try runtime.object(bridging: .array(["a", "b"])))
    #expect(try send(array, "containsObject:", .nil) == false)
    #expect(try send(array, "indexOfObject:", .nil) == .uint64(UInt64(Int.max)))
    let set = try #require(try runtime.object(bridging: .set(["a"])))
    #expect(try send(set, "containsObject:", .nil) == false)
    #expect(try send(set, "member:", .nil) == .nil)
    let orderedSet = try runtime.mutableOrderedSet(["a"])
    #expect(try send(orderedSet, "containsObject:", .nil) == false)
    #expect(try send(orderedSet, "indexOfObject:", .nil) == .uint64(UInt64(Int.max)))
    let countedSet = try foundationClass("NSCountedSet", in: runtime)
    let counted = try send(countedSet, "setWithObject:", "a")
    #expect(try send(counted.objectValue, "countForObject:", .nil) == .uint64(0))
  }

  @Test func aNilCollectionArgumentIsAnEmptyOneToTheMessagesThatOnlyReadIt() throws {
    // GNUstep-base: nil adds, removes and compares as an empty collection (Objective-C's nil
    // answers 0 to count); intersecting with nil empties the set.
    let runtime = Runtime()
    let array = try runtime.mutableArray(["a", "b"])
    try send(array, "addObjectsFromArray:", .nil)
    try send(array, "removeObjectsInArray:", .nil)
    #expect(Value.object(array).arrayValue == ["a", "b"])
    #expect(try send(array, "arrayByAddingObjectsFromArray:", .nil).arrayValue == ["a", "b"])
    #expect(try send(array, "isEqualToArray:", .nil) == false)
    let nsMutableSet = try foundationClass("NSMutableSet", in: runtime)
    let set = try #require(try send(nsMutableSet, "setWithObject:", "a").objectValue)
    try send(set, "unionSet:", .nil)
    try send(set, "minusSet:", .nil)
    #expect(try send(set, "count") == .uint64(1))
    #expect(try send(set, "isSubsetOfSet:", .nil) == false)
    #expect(try send(set, "intersectsSet:", .nil) == false)
    try send(set, "intersectSet:", .nil)
    #expect(try send(set, "count") == .uint64(0))
    try runtime.checkInvariants()
  }

  @Test func aNilCollectionArgumentEmptiesWhatItReplaces() throws {
    // Objective-C's nil holds nothing: setArray:nil and setDictionary:nil empty the receiver,
    // replacing a range with nil's objects removes it, and nil for both arrays makes an empty
    // dictionary (GNUstep-base, run here, answers each).
    let runtime = Runtime()
    let array = try runtime.mutableArray(["a", "b", "c"])
    try send(array, "replaceObjectsInRange:withObjectsFromArray:", .range(0..<2), .nil)
    #expect(Value.object(array).arrayValue == ["c"])
    try send(array, "setArray:", .nil)
    #expect(try send(array, "count") == .uint64(0))
    let dictionary = try runtime.mutableDictionary(["k": "v"])
    try send(dictionary, "addEntriesFromDictionary:", .nil)
    #expect(try send(dictionary, "count") == .uint64(1))
    try send(dictionary, "setDictionary:", .nil)
    #expect(try send(dictionary, "count") == .uint64(0))
    let nsDictionary = try foundationClass("NSDictionary", in: runtime)
    let empty = try send(nsDictionary, "dictionaryWithObjects:forKeys:", .nil, .nil)
    #expect(try send(empty.objectValue, "count") == .uint64(0))
    let set = try #require(try runtime.object(bridging: .set(["a"])))
    #expect(try send(set, "setByAddingObjectsFromSet:", .nil) == .set(["a"]))
    try runtime.checkInvariants()
  }

  @Test func setByAddingNilRaises() throws {
    let runtime = Runtime()
    let set = try #require(try runtime.object(bridging: .set(["a"])))
    expectFoundationError(.invalidArgument) { try send(set, "setByAddingObject:", .nil) }
  }
}

@Suite struct FoundationBehaviourRound21NilIndexSetTests {
  @Test func aNilIndexSetArgumentIsRefused() throws {
    // Already matched: Apple raises NSInvalidArgumentException for objectsAtIndexes:nil.
    let runtime = Runtime()
    let array = try runtime.mutableArray(["a"])
    expectFoundationError(.invalidArgument) { try send(array, "objectsAtIndexes:", .nil) }
    expectFoundationError(.invalidArgument) { try send(array, "removeObjectsAtIndexes:", .nil) }
    #expect(try send(array, "count") == .uint64(1))
  }
}
