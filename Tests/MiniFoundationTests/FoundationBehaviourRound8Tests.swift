// FoundationBehaviourRound8Tests.swift: the eighth round of Foundation behaviours (Apple's
// documented answers for NSString's comparisons, NSIndexSet and NSArray's sorting) that
// MiniFoundation answered wrongly or could not answer.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound8StringTests {
  @Test func isEqualToStringIsLiteralWhileCompareTreatsCanonicalFormsAsTheSame() throws {
    // NSString.h: isEqualToString: compares UTF-16 units; compare: orders canonically
    // equivalent strings (a precomposed é and e + U+0301) as NSOrderedSame.
    let runtime = Runtime()
    let composed = "\u{E9}"
    let decomposed = "e\u{301}"
    #expect(try runtime.msgSend(bridging: .string(composed), "isEqualToString:", .string(decomposed)) == false)
    #expect(try runtime.msgSend(bridging: .string(composed), "isEqual:", .string(decomposed)) == false)
    #expect(try runtime.msgSend(bridging: .string(composed), "compare:", .string(decomposed)) == 0)
    #expect(try runtime.msgSend(bridging: .string(composed), "compare:options:", .string(decomposed), .uint64(2)) != 0)
    // So a set and a dictionary keep both, as NSSet and NSDictionary do.
    #expect(try runtime.msgSend(bridging: .set([.string(composed), .string(decomposed)]), "count") == .uint64(2))
    let nsDictionary = try foundationClass("NSMutableDictionary", in: runtime)
    let entries = try send(nsDictionary, "dictionary")
    try send(entries.objectValue, "setObject:forKey:", 1, .string(composed))
    try send(entries.objectValue, "setObject:forKey:", 2, .string(decomposed))
    #expect(try send(entries.objectValue, "count") == .uint64(2))
    #expect(try send(entries.objectValue, "objectForKey:", .string(decomposed)) == 2)
  }

  @Test func caseInsensitiveCompareFoldsCaseAndCompareDoesNot() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: "a", "compare:", "B") == 1)  // 'a' (97) after 'B' (66)
    #expect(try runtime.msgSend(bridging: "a", "caseInsensitiveCompare:", "B") == -1)
    #expect(try runtime.msgSend(bridging: "abc", "caseInsensitiveCompare:", "ABC") == 0)
    #expect(try runtime.msgSend(bridging: "ab", "caseInsensitiveCompare:", "ABC") == -1)
    #expect(try runtime.msgSend(bridging: "abc", "compare:options:", "ABD", .uint64(1)) == -1)  // NSCaseInsensitiveSearch
    let refused = expectFoundationError(.invalidArgument) { try runtime.msgSend(bridging: "a", "caseInsensitiveCompare:", .nil) }
    #expect(refused?.exceptionName == "NSInvalidArgumentException")
  }

  @Test func numericSearchComparesRunsOfDigitsByValue() throws {
    // NSNumericSearch: "Numbers within strings are compared using numeric value", so file9
    // sorts before file10, where a plain compare: puts "1" before "9".
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: "file10", "compare:", "file9") == -1)
    #expect(try runtime.msgSend(bridging: "file10", "compare:options:", "file9", .uint64(64)) == 1)
    #expect(try runtime.msgSend(bridging: "v2.10", "compare:options:", "v2.9", .uint64(64)) == 1)
    #expect(try runtime.msgSend(bridging: "a007", "compare:options:", "a7", .uint64(64)) == 0)
    #expect(try runtime.msgSend(bridging: "A10", "compare:options:", "a9", .uint64(64 | 1)) == 1)
    #expect(try runtime.msgSend(bridging: "10", "compare:options:", "9", .uint64(64 | 2)) == 1)
  }

  @Test func aNilStringArgumentRaisesWithCFStringsWords() throws {
    let runtime = Runtime()
    let appended = expectFoundationError(.invalidArgument) { try runtime.msgSend(bridging: "a", "stringByAppendingString:", .nil) }
    #expect(appended?.message == "*** -[__NSCFString stringByAppendingString:]: nil argument")
    let nsString = try foundationClass("NSString", in: runtime)
    let made = expectFoundationError(.invalidArgument) { try send(nsString, "stringWithString:", .nil) }
    #expect(made?.message == "*** -[__NSCFString initWithString:]: nil argument")
  }

  @Test func optionsACompareCannotHonourAreRefusedAndSearchOnlyOnesIgnored() throws {
    let runtime = Runtime()
    // NSBackwardsSearch and NSAnchoredSearch mean nothing to an ordering.
    #expect(try runtime.msgSend(bridging: "a", "compare:options:", "b", .uint64(4 | 8)) == -1)
    // NSForcedOrderingSearch needs a tie-break MiniFoundation does not make.
    let refused = expectFoundationError(.invalidArgument) {
      try runtime.msgSend(bridging: "e", "compare:options:", "\u{E9}", .uint64(512))
    }
    #expect(refused?.message.contains("options 0x200 are not supported") == true)
  }
}

@Suite struct FoundationBehaviourRound8IndexSetTests {
  func indexSet(_ indexes: [Int], in runtime: Runtime) throws -> Object {
    let mutable = try foundationClass("NSMutableIndexSet", in: runtime)
    let set = try #require(try send(mutable, "indexSet").objectValue)
    for index in indexes { try send(set, "addIndex:", .uint64(UInt64(index))) }
    return set
  }

  @Test func descriptionWritesEachRunOfConsecutiveIndexesAsARange() throws {
    // -[NSIndexSet description]: "(in 2 ranges), indexes: (1-2 5)", one entry per range.
    let runtime = Runtime()
    let set = try indexSet([1, 2, 5, 7, 8, 9], in: runtime)
    let text = try #require(try send(set, "description").stringValue)
    #expect(text.hasPrefix("<NSMutableIndexSet: 0x"))
    #expect(text.hasSuffix(">[number of indexes: 6 (in 3 ranges), indexes: (1-2 5 7-9)]"))
    #expect(try send(try indexSet([], in: runtime), "description").stringValue?.hasSuffix("[number of indexes: 0 (in 0 ranges), indexes: ()]") == true)
  }

  @Test func neighbouringIndexesAnswerNSNotFoundPastEitherEnd() throws {
    let runtime = Runtime()
    let set = try indexSet([1, 2, 5], in: runtime)
    let notFound = Value.uint64(UInt64(Int.max))
    #expect(try send(set, "indexGreaterThanIndex:", .uint64(2)) == .uint64(5))
    #expect(try send(set, "indexGreaterThanIndex:", .uint64(5)) == notFound)
    #expect(try send(set, "indexGreaterThanOrEqualToIndex:", .uint64(5)) == .uint64(5))
    #expect(try send(set, "indexLessThanIndex:", .uint64(5)) == .uint64(2))
    #expect(try send(set, "indexLessThanIndex:", .uint64(1)) == notFound)
    #expect(try send(set, "indexLessThanOrEqualToIndex:", .uint64(4)) == .uint64(2))
    #expect(try send(set, "indexLessThanOrEqualToIndex:", .uint64(0)) == notFound)
  }

  @Test func rangeQueriesAndRemovingARange() throws {
    let runtime = Runtime()
    let set = try indexSet([1, 2, 3, 7], in: runtime)
    #expect(try send(set, "countOfIndexesInRange:", .range(2..<8)) == .uint64(3))
    #expect(try send(set, "containsIndexesInRange:", .range(1..<4)) == true)
    #expect(try send(set, "containsIndexesInRange:", .range(1..<5)) == false)
    #expect(try send(set, "intersectsIndexesInRange:", .range(4..<7)) == false)
    #expect(try send(set, "intersectsIndexesInRange:", .range(4..<8)) == true)
    try send(set, "removeIndexesInRange:", .range(2..<7))
    #expect(Value.object(set).indexesValue == [1, 7])
  }
}

@Suite struct FoundationBehaviourRound8SortingTests {
  @Test func sortedArrayUsingSelectorSendsTheComparisonToTheElements() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: ["b", "a", "C"], "sortedArrayUsingSelector:", .selector("compare:")) == ["C", "a", "b"])
    #expect(try runtime.msgSend(bridging: ["b", "a", "C"], "sortedArrayUsingSelector:", .selector("caseInsensitiveCompare:")) == ["a", "b", "C"])
    #expect(try runtime.msgSend(bridging: [3, 1.5, 2], "sortedArrayUsingSelector:", .selector("compare:")) == [1.5, 2, 3])
    #expect(try runtime.msgSend(bridging: [], "sortedArrayUsingSelector:", .selector("compare:")) == [])
  }

  @Test func elementsTheComparisonCallsTheSameKeepTheirOrder() throws {
    let runtime = Runtime()
    let mixed: Value = ["b", "A", "a", "B", "c"]
    #expect(try runtime.msgSend(bridging: mixed, "sortedArrayUsingSelector:", .selector("caseInsensitiveCompare:")) == ["A", "a", "b", "B", "c"])
  }

  @Test func sortUsingSelectorSortsAMutableArrayInPlace() throws {
    let runtime = Runtime()
    let mutable = try foundationClass("NSMutableArray", in: runtime)
    let list = try send(mutable, "arrayWithArray:", ["file10", "file9", "file1"])
    try send(list.objectValue, "sortUsingSelector:", .selector("compare:"))
    #expect(list == ["file1", "file10", "file9"])
    let frozen = try runtime.object(bridging: ["b", "a"])
    let refused = #expect(throws: RuntimeError.self) { try send(frozen, "sortUsingSelector:", .selector("compare:")) }
    #expect(refused?.exceptionName == "NSInvalidArgumentException")  // an NSArray has no sortUsingSelector:
  }

  @Test func aComparisonTheElementsDoNotAnswerStopsTheSortAndChangesNothing() throws {
    let runtime = Runtime()
    let mutable = try foundationClass("NSMutableArray", in: runtime)
    let list = try send(mutable, "arrayWithArray:", ["b", 1, "a"])
    #expect(throws: (any Error).self) { try send(list.objectValue, "sortUsingSelector:", .selector("caseInsensitiveCompare:")) }
    #expect(list == ["b", 1, "a"])
    expectFoundationError(.invalidArgument) { try send(list.objectValue, "sortUsingSelector:", .selector(.null)) }
  }

  @Test func descriptionWithANilLocaleIsTheDescription() throws {
    // NSNumber, NSArray, NSDictionary, NSSet and NSOrderedSet answer descriptionWithLocale:;
    // with nil it is -description.
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: 2.5, "descriptionWithLocale:", .nil) == "2.5")
    #expect(try runtime.msgSend(bridging: [1, 2], "descriptionWithLocale:", .nil) == "(\n    1,\n    2\n)")
    #expect(try runtime.msgSend(bridging: ["a": 1], "descriptionWithLocale:", .nil) == "{\n    a = 1;\n}")
    #expect(try runtime.msgSend(bridging: .set(["a"]), "descriptionWithLocale:", .nil) == "{(\n    a\n)}")
    let refused = expectFoundationError(.invalidArgument) { try runtime.msgSend(bridging: 2.5, "descriptionWithLocale:", "de_DE") }
    #expect(refused?.message.contains("neither an NSLocale nor a dictionary") == true)
  }
}
