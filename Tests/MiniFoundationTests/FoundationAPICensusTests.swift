// FoundationAPICensusTests.swift: the public headers of the classes key-value coding and
// observing act on, method by method, against what MiniFoundation registers. A behaviour case
// written against Foundation must not fail for want of a method. The lists leave out what Swift
// forces out (C arrays and pointers filled by the callee, C function pointers, `va_list`) and
// what lies outside the library (files, URLs, NSData, NSCoder, NSPredicate, locales); each such
// selector is named in docs/foundation.md#the-api-census with its reason.

import Testing

@testable import MiniFoundation

/// One class's header: the instance and class methods it declares (inherited ones included
/// where the header redeclares them).
struct HeaderMethods: Sendable, CustomTestStringConvertible {
  let className: String
  let instance: [String]
  let classSide: [String]

  init(_ className: String, instance: [String], classSide: [String] = []) {
    self.className = className
    self.instance = instance
    self.classSide = classSide
  }

  var testDescription: String { className }
}

@Suite struct FoundationAPICensusTests {
  static let headers: [HeaderMethods] = [
    HeaderMethods(
      "NSArray",
      instance: [
        "init", "initWithArray:", "initWithArray:copyItems:", "initWithObjects:", "count", "objectAtIndex:",
        "objectAtIndexedSubscript:", "objectsAtIndexes:", "firstObject", "lastObject", "containsObject:",
        "indexOfObject:", "indexOfObject:inRange:", "indexOfObjectIdenticalTo:", "indexOfObjectIdenticalTo:inRange:",
        "firstObjectCommonWithArray:", "isEqualToArray:", "arrayByAddingObject:", "arrayByAddingObjectsFromArray:",
        "componentsJoinedByString:", "subarrayWithRange:", "objectEnumerator", "reverseObjectEnumerator",
        "makeObjectsPerformSelector:", "makeObjectsPerformSelector:withObject:", "sortedArrayUsingSelector:",
        "sortedArrayUsingDescriptors:", "description", "descriptionWithLocale:", "descriptionWithLocale:indent:",
        "enumerateObjectsUsingBlock:", "enumerateObjectsWithOptions:usingBlock:",
        "enumerateObjectsAtIndexes:options:usingBlock:", "indexOfObjectPassingTest:",
        "indexOfObjectWithOptions:passingTest:", "indexOfObjectAtIndexes:options:passingTest:",
        "indexesOfObjectsPassingTest:", "indexesOfObjectsWithOptions:passingTest:",
        "indexesOfObjectsAtIndexes:options:passingTest:", "sortedArrayUsingComparator:",
        "sortedArrayWithOptions:usingComparator:", "indexOfObject:inSortedRange:options:usingComparator:",
        "pathsMatchingExtensions:",
      ],
      classSide: ["array", "arrayWithArray:", "arrayWithObject:", "arrayWithObjects:"]),
    HeaderMethods(
      "NSMutableArray",
      instance: [
        "initWithCapacity:", "addObject:", "addObjectsFromArray:", "insertObject:atIndex:", "insertObjects:atIndexes:",
        "exchangeObjectAtIndex:withObjectAtIndex:", "removeAllObjects", "removeLastObject", "removeObject:",
        "removeObject:inRange:", "removeObjectAtIndex:", "removeObjectIdenticalTo:", "removeObjectIdenticalTo:inRange:",
        "removeObjectsAtIndexes:", "removeObjectsInArray:", "removeObjectsInRange:", "removeObjectsFromIndices:numIndices:",
        "replaceObjectAtIndex:withObject:",
        "replaceObjectsAtIndexes:withObjects:", "replaceObjectsInRange:withObjectsFromArray:",
        "replaceObjectsInRange:withObjectsFromArray:range:", "setArray:", "setObject:atIndexedSubscript:",
        "sortUsingSelector:", "sortUsingDescriptors:", "sortUsingComparator:", "sortWithOptions:usingComparator:",
      ],
      classSide: ["arrayWithCapacity:"]),
    HeaderMethods(
      "NSOrderedSet",
      instance: [
        "init", "initWithObject:", "initWithObjects:", "initWithOrderedSet:", "initWithOrderedSet:copyItems:",
        "initWithOrderedSet:range:copyItems:", "initWithArray:", "initWithArray:copyItems:",
        "initWithArray:range:copyItems:", "initWithSet:", "initWithSet:copyItems:", "count", "objectAtIndex:",
        "objectAtIndexedSubscript:", "objectsAtIndexes:", "firstObject", "lastObject", "containsObject:", "indexOfObject:",
        "isEqualToOrderedSet:", "intersectsOrderedSet:", "intersectsSet:", "isSubsetOfOrderedSet:", "isSubsetOfSet:",
        "objectEnumerator", "reverseObjectEnumerator", "reversedOrderedSet", "array", "set",
        "enumerateObjectsUsingBlock:", "enumerateObjectsWithOptions:usingBlock:",
        "enumerateObjectsAtIndexes:options:usingBlock:", "indexOfObjectPassingTest:",
        "indexOfObjectWithOptions:passingTest:", "indexOfObjectAtIndexes:options:passingTest:",
        "indexesOfObjectsPassingTest:", "indexesOfObjectsWithOptions:passingTest:",
        "indexesOfObjectsAtIndexes:options:passingTest:", "indexOfObject:inSortedRange:options:usingComparator:",
        "sortedArrayUsingComparator:", "sortedArrayWithOptions:usingComparator:", "sortedArrayUsingDescriptors:",
        "description", "descriptionWithLocale:", "descriptionWithLocale:indent:",
      ],
      classSide: [
        "orderedSet", "orderedSetWithObject:", "orderedSetWithObjects:", "orderedSetWithOrderedSet:",
        "orderedSetWithOrderedSet:range:copyItems:", "orderedSetWithArray:", "orderedSetWithArray:range:copyItems:",
        "orderedSetWithSet:", "orderedSetWithSet:copyItems:",
      ]),
    HeaderMethods(
      "NSMutableOrderedSet",
      instance: [
        "initWithCapacity:", "addObject:", "addObjectsFromArray:", "insertObject:atIndex:", "insertObjects:atIndexes:",
        "setObject:atIndex:", "setObject:atIndexedSubscript:", "removeObject:", "removeObjectAtIndex:",
        "removeObjectsAtIndexes:", "removeObjectsInArray:", "removeObjectsInRange:", "removeAllObjects",
        "replaceObjectAtIndex:withObject:", "replaceObjectsAtIndexes:withObjects:", "moveObjectsAtIndexes:toIndex:",
        "exchangeObjectAtIndex:withObjectAtIndex:", "intersectOrderedSet:", "intersectSet:", "minusOrderedSet:",
        "minusSet:", "unionOrderedSet:", "unionSet:", "sortUsingDescriptors:", "sortUsingComparator:",
        "sortWithOptions:usingComparator:", "sortRange:options:usingComparator:", "addObjects:count:",
        "replaceObjectsInRange:withObjects:count:",
      ],
      classSide: ["orderedSetWithCapacity:"]),
    HeaderMethods(
      "NSSet",
      instance: [
        "init", "initWithArray:", "initWithObjects:", "initWithSet:", "initWithSet:copyItems:", "count", "member:",
        "allObjects", "anyObject", "containsObject:", "intersectsSet:", "isEqualToSet:", "isSubsetOfSet:",
        "objectEnumerator", "makeObjectsPerformSelector:", "makeObjectsPerformSelector:withObject:", "setByAddingObject:",
        "setByAddingObjectsFromSet:", "setByAddingObjectsFromArray:", "enumerateObjectsUsingBlock:",
        "enumerateObjectsWithOptions:usingBlock:", "objectsPassingTest:", "objectsWithOptions:passingTest:",
        "sortedArrayUsingDescriptors:", "description", "descriptionWithLocale:",
      ],
      classSide: ["set", "setWithArray:", "setWithObject:", "setWithObjects:", "setWithSet:"]),
    HeaderMethods(
      "NSMutableSet",
      instance: [
        "initWithCapacity:", "addObject:", "addObjectsFromArray:", "removeObject:", "removeAllObjects", "intersectSet:",
        "minusSet:", "unionSet:", "setSet:",
      ],
      classSide: ["setWithCapacity:"]),
    HeaderMethods(
      "NSCountedSet",
      instance: ["initWithCapacity:", "initWithArray:", "initWithSet:", "countForObject:", "objectEnumerator", "addObject:", "removeObject:"]),
    HeaderMethods(
      "NSDictionary",
      instance: [
        "init", "initWithDictionary:", "initWithDictionary:copyItems:", "initWithObjects:forKeys:",
        "initWithObjectsAndKeys:", "count", "objectForKey:", "objectForKeyedSubscript:", "keyEnumerator",
        "objectEnumerator", "allKeys", "allKeysForObject:", "allValues", "isEqualToDictionary:",
        "objectsForKeys:notFoundMarker:", "keysSortedByValueUsingSelector:", "keysSortedByValueUsingComparator:",
        "keysSortedByValueWithOptions:usingComparator:", "keysOfEntriesPassingTest:",
        "keysOfEntriesWithOptions:passingTest:", "enumerateKeysAndObjectsUsingBlock:",
        "enumerateKeysAndObjectsWithOptions:usingBlock:", "description", "descriptionInStringsFileFormat",
        "descriptionWithLocale:", "descriptionWithLocale:indent:",
      ],
      classSide: [
        "dictionary", "dictionaryWithObject:forKey:", "dictionaryWithObjects:forKeys:", "dictionaryWithObjectsAndKeys:",
        "dictionaryWithDictionary:",
      ]),
    HeaderMethods(
      "NSMutableDictionary",
      instance: [
        "initWithCapacity:", "setObject:forKey:", "setObject:forKeyedSubscript:", "removeObjectForKey:",
        "removeObjectsForKeys:", "removeAllObjects", "addEntriesFromDictionary:", "setDictionary:",
      ],
      classSide: ["dictionaryWithCapacity:"]),
    HeaderMethods(
      "NSIndexSet",
      instance: [
        "init", "initWithIndex:", "initWithIndexesInRange:", "initWithIndexSet:", "isEqualToIndexSet:", "count",
        "firstIndex", "lastIndex", "indexGreaterThanIndex:", "indexLessThanIndex:", "indexGreaterThanOrEqualToIndex:",
        "indexLessThanOrEqualToIndex:", "countOfIndexesInRange:", "containsIndex:", "containsIndexesInRange:",
        "containsIndexes:", "intersectsIndexesInRange:", "enumerateIndexesUsingBlock:",
        "enumerateIndexesWithOptions:usingBlock:", "enumerateIndexesInRange:options:usingBlock:", "indexPassingTest:",
        "indexWithOptions:passingTest:", "indexInRange:options:passingTest:", "indexesPassingTest:",
        "indexesWithOptions:passingTest:", "indexesInRange:options:passingTest:", "enumerateRangesUsingBlock:",
        "enumerateRangesWithOptions:usingBlock:", "enumerateRangesInRange:options:usingBlock:",
        "getIndexes:maxCount:inIndexRange:",
      ],
      classSide: ["indexSet", "indexSetWithIndex:", "indexSetWithIndexesInRange:"]),
    HeaderMethods(
      "NSMutableIndexSet",
      instance: [
        "addIndexes:", "removeIndexes:", "removeAllIndexes", "addIndex:", "removeIndex:", "addIndexesInRange:",
        "removeIndexesInRange:", "shiftIndexesStartingAtIndex:by:",
      ]),
    HeaderMethods(
      "NSNumber",
      instance: [
        "initWithChar:", "initWithUnsignedChar:", "initWithShort:", "initWithUnsignedShort:", "initWithInt:",
        "initWithUnsignedInt:", "initWithLong:", "initWithUnsignedLong:", "initWithLongLong:",
        "initWithUnsignedLongLong:", "initWithFloat:", "initWithDouble:", "initWithBool:", "initWithInteger:",
        "initWithUnsignedInteger:", "charValue", "unsignedCharValue", "shortValue", "unsignedShortValue", "intValue",
        "unsignedIntValue", "longValue", "unsignedLongValue", "longLongValue", "unsignedLongLongValue", "floatValue",
        "doubleValue", "boolValue", "integerValue", "unsignedIntegerValue", "stringValue", "compare:",
        "isEqualToNumber:", "descriptionWithLocale:", "objCType", "decimalValue",
      ],
      classSide: [
        "numberWithChar:", "numberWithUnsignedChar:", "numberWithShort:", "numberWithUnsignedShort:", "numberWithInt:",
        "numberWithUnsignedInt:", "numberWithLong:", "numberWithUnsignedLong:", "numberWithLongLong:",
        "numberWithUnsignedLongLong:", "numberWithFloat:", "numberWithDouble:", "numberWithBool:", "numberWithInteger:",
        "numberWithUnsignedInteger:",
      ]),
    HeaderMethods(
      "NSValue",
      instance: [
        "objCType", "isEqualToValue:", "nonretainedObjectValue", "pointerValue", "rangeValue", "pointValue", "sizeValue",
        "rectValue",
      ],
      classSide: [
        "valueWithNonretainedObject:", "valueWithPointer:", "valueWithRange:", "valueWithPoint:", "valueWithSize:",
        "valueWithRect:",
      ]),
    HeaderMethods("NSNull", instance: ["description"], classSide: ["null"]),
    HeaderMethods(
      "NSProxy",
      instance: [
        "forwardInvocation:", "methodSignatureForSelector:", "dealloc", "finalize", "description", "debugDescription",
        "allowsWeakReference", "retainWeakReference", "isEqual:", "hash", "superclass", "class", "self",
        "performSelector:", "performSelector:withObject:", "performSelector:withObject:withObject:", "isProxy",
        "isKindOfClass:", "isMemberOfClass:", "conformsToProtocol:", "respondsToSelector:", "retain", "release",
        "autorelease", "retainCount", "zone",
      ],
      classSide: ["alloc", "allocWithZone:", "class", "respondsToSelector:"]),
    HeaderMethods(
      "NSString",
      instance: [
        "init", "initWithString:", "initWithUTF8String:", "initWithFormat:", "initWithCString:encoding:",
        "initWithCharacters:length:", "initWithCharactersNoCopy:length:freeWhenDone:", "initWithBytes:length:encoding:",
        "initWithBytesNoCopy:length:encoding:freeWhenDone:", "length",
        "characterAtIndex:", "substringFromIndex:", "substringToIndex:", "substringWithRange:", "compare:",
        "compare:options:", "compare:options:range:", "caseInsensitiveCompare:", "isEqualToString:", "hasPrefix:",
        "hasSuffix:", "commonPrefixWithString:options:", "containsString:", "rangeOfString:", "rangeOfString:options:",
        "rangeOfString:options:range:", "rangeOfCharacterFromSet:", "rangeOfCharacterFromSet:options:",
        "rangeOfCharacterFromSet:options:range:", "rangeOfComposedCharacterSequenceAtIndex:",
        "rangeOfComposedCharacterSequencesForRange:", "stringByAppendingString:", "stringByAppendingFormat:",
        "doubleValue", "floatValue", "intValue", "integerValue", "longLongValue", "boolValue", "uppercaseString",
        "lowercaseString", "capitalizedString", "uppercaseStringWithLocale:", "lowercaseStringWithLocale:",
        "capitalizedStringWithLocale:", "localizedUppercaseString", "localizedLowercaseString", "localizedCapitalizedString",
        "stringByFoldingWithOptions:locale:", "lineRangeForRange:", "paragraphRangeForRange:",
        "enumerateSubstringsInRange:options:usingBlock:", "enumerateLinesUsingBlock:", "UTF8String",
        "canBeConvertedToEncoding:", "cStringUsingEncoding:",
        "maximumLengthOfBytesUsingEncoding:", "lengthOfBytesUsingEncoding:",
        "getBytes:maxLength:usedLength:encoding:options:range:remainingRange:", "decomposedStringWithCanonicalMapping",
        "decomposedStringWithCompatibilityMapping", "precomposedStringWithCanonicalMapping",
        "precomposedStringWithCompatibilityMapping", "componentsSeparatedByString:",
        "componentsSeparatedByCharactersInSet:", "stringByTrimmingCharactersInSet:",
        "stringByPaddingToLength:withString:startingAtIndex:", "stringByReplacingOccurrencesOfString:withString:",
        "stringByReplacingOccurrencesOfString:withString:options:range:",
        "stringByReplacingCharactersInRange:withString:", "stringByAddingPercentEncodingWithAllowedCharacters:",
        "stringByRemovingPercentEncoding", "pathComponents", "isAbsolutePath", "lastPathComponent", "pathExtension",
        "stringByAbbreviatingWithTildeInPath", "stringByAppendingPathComponent:", "stringByAppendingPathExtension:",
        "stringByDeletingLastPathComponent", "stringByDeletingPathExtension", "stringByExpandingTildeInPath",
        "stringByResolvingSymlinksInPath", "stringByStandardizingPath", "stringsByAppendingPaths:", "description",
        "hash",
      ],
      classSide: [
        "string", "stringWithString:", "stringWithUTF8String:", "stringWithFormat:", "stringWithCString:encoding:",
        "stringWithCharacters:length:",
        "pathWithComponents:",
      ]),
    HeaderMethods(
      "NSMutableString",
      instance: [
        "initWithCapacity:", "appendString:", "appendFormat:", "deleteCharactersInRange:", "insertString:atIndex:",
        "replaceCharactersInRange:withString:", "replaceOccurrencesOfString:withString:options:range:", "setString:",
      ],
      classSide: ["stringWithCapacity:"]),
  ]

  @Test(arguments: headers)
  func everyMethodOfTheHeaderIsRegistered(_ header: HeaderMethods) throws {
    let runtime = Runtime()
    let cls = try foundationClass(header.className, in: runtime)
    let missingInstance = header.instance.filter { !cls.instancesRespond(to: Selector(interning: $0)) }
    let missingClassSide = header.classSide.filter { !cls.isa.instancesRespond(to: Selector(interning: $0)) }
    #expect(missingInstance == [], "-[\(header.className) …]")
    #expect(missingClassSide == [], "+[\(header.className) …]")
    try runtime.checkInvariants()
  }

  // The methods the census found missing, each with Apple's documented answer.

  @Test func indexOfAndIndexesOfObjectsAtIndexesTestOnlyThoseIndexes() throws {
    let runtime = Runtime()
    for (className, factory) in [("NSArray", "arrayWithArray:"), ("NSOrderedSet", "orderedSetWithArray:")] {
      let collection = try send(try foundationClass(className, in: runtime), Selector(interning: factory), ["a", "b", "c", "d"])
      let chosen = Value.object(try runtime.indexSet([1, 3]))
      let calls = BlockCalls()
      let notB = try calls.block(in: runtime, answer: { .bool($0[0] != "b") })
      #expect(try send(collection.objectValue, "indexesOfObjectsAtIndexes:options:passingTest:", chosen, .uint64(0), .object(notB)).indexesValue == [3])
      #expect(calls.all == [["b", .uint64(1)], ["d", .uint64(3)]], "the block sees each chosen object with its own index")
      let always = try BlockCalls().block(in: runtime, answer: { _ in .bool(true) })
      #expect(try send(collection.objectValue, "indexOfObjectAtIndexes:options:passingTest:", chosen, .uint64(0), .object(always)) == .uint64(1))
      #expect(try send(collection.objectValue, "indexOfObjectAtIndexes:options:passingTest:", chosen, .uint64(2), .object(always)) == .uint64(3), "NSEnumerationReverse")
      let never = try BlockCalls().block(in: runtime, answer: { _ in .bool(false) })
      #expect(try send(collection.objectValue, "indexOfObjectAtIndexes:options:passingTest:", chosen, .uint64(0), .object(never)) == .uint64(UInt64(Int.max)), "NSNotFound")
      let unseen = BlockCalls()
      expectFoundationError(.indexOutOfBounds) {
        try send(collection.objectValue, "indexesOfObjectsAtIndexes:options:passingTest:", .object(try runtime.indexSet([1, 5])), .uint64(0), .object(try unseen.block(in: runtime)))
      }
      #expect(unseen.all.isEmpty, "an index past the end raises before the first call")
    }
    try runtime.checkInvariants()
  }

  @Test func aSetAndADictionaryTakeEnumerationOptions() throws {
    let runtime = Runtime()
    let set = try #require(try runtime.object(bridging: .set(["a", "b", "c"])))
    let calls = BlockCalls()
    try send(set, "enumerateObjectsWithOptions:usingBlock:", .uint64(2), .object(try calls.block(in: runtime)))
    #expect(Set(calls.all.map { $0[0] }) == ["a", "b", "c"] && calls.all.count == 3, "each member once")
    let notB = try BlockCalls().block(in: runtime, answer: { .bool($0[0] != "b") })
    #expect(try send(set, "objectsWithOptions:passingTest:", .uint64(0), .object(notB)) == .set(["a", "c"]))
    let dictionary = try #require(try runtime.object(bridging: .dictionary(["x": 3, "y": 1, "z": 2, "w": 1])))
    let big = try BlockCalls().block(in: runtime, answer: { .bool(($0[1].intValue ?? 0) > 1) })
    #expect(try send(dictionary, "keysOfEntriesWithOptions:passingTest:", .uint64(2), .object(big)) == .set(["x", "z"]))
    let ascending = try runtime.makeBlock { arguments in
      let (first, second) = (arguments[0].intValue ?? 0, arguments[1].intValue ?? 0)
      return .int(first < second ? -1 : first > second ? 1 : 0)
    }
    let sorted = try send(dictionary, "keysSortedByValueWithOptions:usingComparator:", .uint64(0), .object(ascending)).arrayValue ?? []
    #expect(sorted.count == 4 && Set(sorted.prefix(2)) == ["y", "w"] && Array(sorted.suffix(2)) == ["z", "x"])
    try runtime.checkInvariants()
  }

  @Test func anIndexSetEnumeratesAndTestsInsideARangeAndWithOptions() throws {
    let runtime = Runtime()
    let indexes = try runtime.indexSet([1, 2, 3, 7, 8, 12])
    let inside = Value.range(2..<9)
    let calls = BlockCalls()
    try send(indexes, "enumerateIndexesInRange:options:usingBlock:", inside, .uint64(0), .object(try calls.block(in: runtime)))
    #expect(calls.all == [[.uint64(2)], [.uint64(3)], [.uint64(7)], [.uint64(8)]])
    let backwards = BlockCalls()
    try send(indexes, "enumerateIndexesInRange:options:usingBlock:", inside, .uint64(2), .object(try backwards.block(in: runtime)))
    #expect(backwards.all == [[.uint64(8)], [.uint64(7)], [.uint64(3)], [.uint64(2)]])
    let odd = try BlockCalls().block(in: runtime, answer: { .bool(($0[0].intValue ?? 0) % 2 == 1) })
    #expect(try send(indexes, "indexInRange:options:passingTest:", inside, .uint64(0), .object(odd)) == .uint64(3))
    #expect(try send(indexes, "indexInRange:options:passingTest:", inside, .uint64(2), .object(odd)) == .uint64(7))
    #expect(try send(indexes, "indexesInRange:options:passingTest:", inside, .uint64(0), .object(odd)).indexesValue == [3, 7])
    #expect(try send(indexes, "indexWithOptions:passingTest:", .uint64(2), .object(odd)) == .uint64(7))
    #expect(try send(indexes, "indexesWithOptions:passingTest:", .uint64(0), .object(odd)).indexesValue == [1, 3, 7])
    let never = try BlockCalls().block(in: runtime, answer: { _ in .bool(false) })
    #expect(try send(indexes, "indexInRange:options:passingTest:", inside, .uint64(0), .object(never)) == .uint64(UInt64(Int.max)), "NSNotFound")
    let ranges = BlockCalls()
    try send(indexes, "enumerateRangesInRange:options:usingBlock:", Value.range(3..<9), .uint64(0), .object(try ranges.block(in: runtime)))
    #expect(ranges.all == [[.range(3..<4)], [.range(7..<9)]], "each run cut to the range")
    let reversedRanges = BlockCalls()
    try send(indexes, "enumerateRangesInRange:options:usingBlock:", Value.range(0..<20), .uint64(2), .object(try reversedRanges.block(in: runtime)))
    #expect(reversedRanges.all == [[.range(12..<13)], [.range(7..<9)], [.range(1..<4)]])
    try runtime.checkInvariants()
  }

  @Test func aMutableOrderedSetSortsARangeOrWithOptions() throws {
    let runtime = Runtime()
    let ascending = try runtime.makeBlock { arguments in
      let (first, second) = (arguments[0].stringValue ?? "", arguments[1].stringValue ?? "")
      return .int(first < second ? -1 : first > second ? 1 : 0)
    }
    let set = try send(try foundationClass("NSMutableOrderedSet", in: runtime), "orderedSetWithArray:", ["d", "c", "b", "a"])
    try send(set.objectValue, "sortRange:options:usingComparator:", Value.range(1..<3), .uint64(0), .object(ascending))
    #expect(try send(set.objectValue, "array") == ["d", "b", "c", "a"], "only the range is sorted")
    expectFoundationError(.indexOutOfBounds) {
      try send(set.objectValue, "sortRange:options:usingComparator:", Value.range(2..<6), .uint64(0), .object(ascending))
    }
    #expect(try send(set.objectValue, "array") == ["d", "b", "c", "a"], "a range past the end changes nothing")
    try send(set.objectValue, "sortWithOptions:usingComparator:", .uint64(16), .object(ascending))  // NSSortStable
    #expect(try send(set.objectValue, "array") == ["a", "b", "c", "d"])
    try runtime.checkInvariants()
  }

  @Test func aMutableArrayRemovesAnIdenticalObjectInARangeAndReplacesWithPartOfAnother() throws {
    let runtime = Runtime()
    let nsMutableArray = try foundationClass("NSMutableArray", in: runtime)
    let item = try send(try foundationClass("NSMutableString", in: runtime), "stringWithString:", "x")
    let twin = try send(try foundationClass("NSMutableString", in: runtime), "stringWithString:", "x")
    let array = try send(nsMutableArray, "arrayWithArray:", [item, "a", item, twin, item])
    try send(array.objectValue, "removeObjectIdenticalTo:inRange:", item, Value.range(1..<4))
    let left = try send(array.objectValue, "count")
    #expect(left == .uint64(4))
    #expect(try send(array.objectValue, "objectAtIndex:", .uint64(2)).objectValue === twin.objectValue, "an equal but other object stays")
    #expect(try send(array.objectValue, "indexOfObjectIdenticalTo:", item) == .uint64(0))
    expectFoundationError(.indexOutOfBounds) { try send(array.objectValue, "removeObjectIdenticalTo:inRange:", item, Value.range(3..<6)) }
    let letters = try send(nsMutableArray, "arrayWithArray:", ["a", "b", "c", "d"])
    try send(letters.objectValue, "replaceObjectsInRange:withObjectsFromArray:range:", Value.range(1..<3), ["p", "q", "r", "s"], Value.range(1..<4))
    #expect(letters.objectValue.map(Value.object) == ["a", "q", "r", "s", "d"])
    expectFoundationError(.indexOutOfBounds) {
      try send(letters.objectValue, "replaceObjectsInRange:withObjectsFromArray:range:", Value.range(0..<1), ["p"], Value.range(0..<2))
    }
    #expect(letters.objectValue.map(Value.object) == ["a", "q", "r", "s", "d"], "a range past the other array's end changes nothing")
    try runtime.checkInvariants()
  }

  @Test func anOrderedSetIsMadeFromOneObjectOrPartOfAnArrayOrOrderedSetOrCopies() throws {
    let runtime = Runtime()
    let nsOrderedSet = try foundationClass("NSOrderedSet", in: runtime)
    let one = try send(try send(nsOrderedSet, "alloc").objectValue, "initWithObject:", "a")
    #expect(try send(one.objectValue, "array") == ["a"])
    expectFoundationError(.invalidArgument) { try send(try send(nsOrderedSet, "alloc").objectValue, "initWithObject:", .nil) }
    let part = try send(nsOrderedSet, "orderedSetWithArray:range:copyItems:", ["a", "b", "a", "c"], Value.range(1..<4), false)
    #expect(try send(part.objectValue, "array") == ["b", "a", "c"])
    let inner = try send(nsOrderedSet, "orderedSetWithOrderedSet:range:copyItems:", part, Value.range(1..<3), false)
    #expect(try send(inner.objectValue, "array") == ["a", "c"])
    expectFoundationError(.indexOutOfBounds) { try send(nsOrderedSet, "orderedSetWithArray:range:copyItems:", ["a"], Value.range(0..<2), false) }
    let original = try send(try foundationClass("NSMutableString", in: runtime), "stringWithString:", "m")
    let copied = try send(nsOrderedSet, "orderedSetWithSet:copyItems:", .set([original]), true)
    #expect(try send(copied.objectValue, "firstObject") == "m")
    #expect(try send(copied.objectValue, "firstObject").objectValue !== original.objectValue, "YES puts a copy in")
    let shared = try send(try send(nsOrderedSet, "alloc").objectValue, "initWithOrderedSet:copyItems:", copied, false)
    #expect(try send(shared.objectValue, "firstObject").objectValue === (try send(copied.objectValue, "firstObject")).objectValue)
    let arrayCopies = try send(try send(nsOrderedSet, "alloc").objectValue, "initWithArray:copyItems:", [original], true)
    #expect(try send(arrayCopies.objectValue, "firstObject").objectValue !== original.objectValue)
    try runtime.checkInvariants()
  }

  @Test func anOrderedSetIsASubsetOfASetAndAMutableOneRemovesAnArrayOrARange() throws {
    let runtime = Runtime()
    let set = try send(try foundationClass("NSMutableOrderedSet", in: runtime), "orderedSetWithArray:", ["a", "b", "c", "d", "e"])
    #expect(try send(set.objectValue, "isSubsetOfSet:", .set(["a", "b", "c", "d", "e", "f"])) == true)
    #expect(try send(set.objectValue, "isSubsetOfSet:", .set(["a", "b"])) == false)
    try send(set.objectValue, "removeObjectsInArray:", ["b", "z"])
    #expect(try send(set.objectValue, "array") == ["a", "c", "d", "e"])
    try send(set.objectValue, "removeObjectsInRange:", Value.range(1..<3))
    #expect(try send(set.objectValue, "array") == ["a", "e"])
    expectFoundationError(.indexOutOfBounds) { try send(set.objectValue, "removeObjectsInRange:", Value.range(1..<3)) }
    #expect(try send(set.objectValue, "array") == ["a", "e"], "a range past the end changes nothing")
    try runtime.checkInvariants()
  }

  @Test func maximumLengthOfBytesIsTheLengthTimesTheWidestUnit() throws {
    let runtime = Runtime()
    let text = try #require(try runtime.object(bridging: "h\u{E9}llo"))  // 5 UTF-16 units
    #expect(try send(text, "maximumLengthOfBytesUsingEncoding:", .uint64(4)) == .uint64(15))  // UTF-8: 3 a unit
    #expect(try send(text, "maximumLengthOfBytesUsingEncoding:", .uint64(10)) == .uint64(10))  // UTF-16
    #expect(try send(text, "maximumLengthOfBytesUsingEncoding:", .uint64(1)) == .uint64(5))  // ASCII
    #expect(try send(text, "maximumLengthOfBytesUsingEncoding:", .uint64(0x8c00_0100)) == .uint64(20))  // UTF-32
    try runtime.checkInvariants()
  }

  @Test func pathsMatchingExtensionsKeepsTheStringsWithOneOfTheExtensions() throws {
    let runtime = Runtime()
    let paths = try #require(try runtime.object(bridging: ["a.txt", "b.TXT", "c.png", "d", "/x/y.txt/", ".txt"]))
    #expect(try send(paths, "pathsMatchingExtensions:", ["txt", "png"]) == ["a.txt", "c.png", "/x/y.txt/"])
    #expect(try send(paths, "pathsMatchingExtensions:", [] as Value) == [] as Value)
    try runtime.checkInvariants()
  }
}
