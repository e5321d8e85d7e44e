// FoundationAPICensusTests.swift: the public headers of the classes key-value coding and
// observing act on, method by method, against what MiniFoundation registers. A behaviour case
// written against Foundation must not fail for want of a method. The lists leave out what Swift
// forces out (C arrays and pointers filled by the callee, C function pointers, `va_list`) and
// what lies outside the library (files, URLs, NSData, NSCoder, NSPredicate, locales); each such
// selector is named in docs/foundation.md#the-api-census with its reason. The methods the census
// found missing have their behaviour tests beside it, by topic: FoundationAPICensusTests+Blocks.swift,
// +Collections.swift and +Strings.swift.

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
}
