// FoundationBehaviourRound25SurrogateTests.swift: the twenty-fifth round of Foundation
// behaviours: an NSString is a sequence of any UTF-16 units, so half a surrogate pair stays
// itself (decision 0050, option B). `[NSString stringWithFormat:@"%C", 0xD800]` has length 1 and
// unit 0xD800; `[@"😀" substringToIndex:1]` is the high half alone, and appending the low half
// gives `@"😀"` again, as on Apple (CFString keeps the units it is given).

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound25SurrogateTests {
  /// `[NSString stringWithFormat:format, values...]`.
  private func format(_ format: String, _ values: Value..., in runtime: Runtime) throws -> Object {
    let nsString = try foundationClass("NSString", in: runtime)
    return try #require(try Runtime.msgSend(nsString, "stringWithFormat:", arguments: Arguments([.string(format)] + values)).objectValue)
  }

  /// The UTF-16 units of a string value (``stringUnits(_:)``).
  private func units(_ value: Value) throws -> [UInt16] { try stringUnits(value) }

  /// `[@"😀" substringToIndex:1]` and `[@"😀" substringFromIndex:1]`.
  private func halves(in runtime: Runtime) throws -> (high: Value, low: Value) {
    let emoji = try #require(try runtime.object(bridging: "😀"))
    return (try send(emoji, "substringToIndex:", 1), try send(emoji, "substringFromIndex:", 1))
  }

  @Test func percentCOfALoneSurrogateKeepsTheUnit() throws {
    let runtime = Runtime()
    let lone = try format("%C", .int(0xD800), in: runtime)
    #expect(try send(lone, "length") == .uint64(1))
    #expect(try send(lone, "characterAtIndex:", 0) == .uint16(0xD800))
    #expect(try units(.object(try format("a%Cb", .int(0xDFFF), in: runtime))) == [0x61, 0xDFFF, 0x62])
    try runtime.checkInvariants()
  }

  @Test func halvesOfAPairAreTheirUnitsAndJoinBackIntoThePair() throws {
    let runtime = Runtime()
    let (high, low) = try halves(in: runtime)
    #expect(try units(high) == [0xD83D])
    #expect(try units(low) == [0xDE00])
    let joinedValue = try send(high.objectValue, "stringByAppendingString:", low)
    let joined = Value.object(try #require(try joinedValue.objectValue ?? runtime.object(bridging: joinedValue)))
    let emoji = try #require(try runtime.object(bridging: "😀"))
    #expect(try send(joined.objectValue, "isEqualToString:", .object(emoji)) == true)
    #expect(try send(emoji, "isEqualToString:", joined) == true)
    #expect(try send(joined.objectValue, "length") == .uint64(2))
    #expect(try send(joined.objectValue, "hash") == (try send(emoji, "hash")))
    #expect(joined == "😀", "joined back, the string bridges to Swift's \"😀\"")
    try runtime.checkInvariants()
  }

  @Test func stringWithCharactersKeepsALoneSurrogateForGetCharacters() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let characters = VariablePointer(.cArray([.uint16(0xDC00), .uint16(0x61)]))
    let made = try send(nsString, "stringWithCharacters:length:", .swiftObject(characters), .uint64(2))
    let buffer = VariablePointer()
    try send(made.objectValue, "getCharacters:range:", .swiftObject(buffer), .range(0..<2))
    #expect(buffer.pointee == .cArray([.uint16(0xDC00), .uint16(0x61)]))
    try runtime.checkInvariants()
  }

  @Test func aSubclassAnsweringALoneSurrogateIsReadBackAsThatUnit() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let cls = try makeClass("LoneSurrogateString", superclass: nsString, in: runtime) { cls in
      try cls.addMethod("length", types: "Q16@0:8") { _, _, _ in .uint64(2) }
      try cls.addMethod("characterAtIndex:", types: "S24@0:8Q16") { _, _, arguments in
        .uint16(arguments[0].intValue == 0 ? 0x61 : 0xD800)
      }
    }
    let instance = try send(cls, "new")
    #expect(try units(try send(nsString, "stringWithString:", instance)) == [0x61, 0xD800])
    #expect(try units(try send(instance.objectValue, "copy")) == [0x61, 0xD800])
    #expect(try units(try send(instance.objectValue, "mutableCopy")) == [0x61, 0xD800])
    try runtime.checkInvariants()
  }

  @Test func aMutableStringSplitsAPairAndJoinsItBack() throws {
    let runtime = Runtime()
    let text = try #require(try send(try runtime.object(bridging: "a😀b"), "mutableCopy").objectValue)
    try send(text, "replaceCharactersInRange:withString:", .range(1..<2), "x")
    #expect(try units(.object(text)) == [0x61, 0x78, 0xDE00, 0x62])
    let (high, _) = try halves(in: runtime)
    try send(text, "replaceCharactersInRange:withString:", .range(1..<2), high)
    #expect(try units(.object(text)) == [0x61, 0xD83D, 0xDE00, 0x62])
    #expect(Value.object(text) == "a😀b", "joined back")
    try send(text, "deleteCharactersInRange:", .range(2..<3))
    #expect(try units(.object(text)) == [0x61, 0xD83D, 0x62])
    try send(text, "appendString:", try halves(in: runtime).low)
    #expect(try units(.object(text)) == [0x61, 0xD83D, 0x62, 0xDE00])
    try runtime.checkInvariants()
  }

  @Test func rangeOfStringFindsALoneUnit() throws {
    let runtime = Runtime()
    let haystack = try format("x%Cy\u{FFFD}", .int(0xD800), in: runtime)
    let needle = try format("%C", .int(0xD800), in: runtime)
    #expect(try send(haystack, "rangeOfString:", .object(needle)) == .range(1..<2))
    #expect(try send(haystack, "rangeOfString:options:", .object(needle), .uint64(4)) == .range(1..<2), "backwards")
    #expect(try send(haystack, "rangeOfString:", "\u{FFFD}") == .range(3..<4), "U+FFFD is not the lone unit")
    #expect(try send(haystack, "containsString:", .object(needle)) == true)
    try runtime.checkInvariants()
  }

  @Test func noEightBitOrUTF8CStringHoldsALoneSurrogate() throws {
    // A C string in UTF-8 (or any 8-bit encoding) has no bytes for a lone surrogate: nil, as
    // CFStringGetCString fails for a conversion that would lose it (from memory: to be probed).
    let runtime = Runtime()
    let lone = try format("a%C", .int(0xD800), in: runtime)
    #expect(try send(lone, "cStringUsingEncoding:", .uint64(4)) == .nil)
    #expect(try send(lone, "cStringUsingEncoding:", .uint64(5)) == .nil)
    #expect(try send(lone, "UTF8String") == .nil)
    #expect(try send(lone, "canBeConvertedToEncoding:", .uint64(4)) == false)
    #expect(try send(lone, "canBeConvertedToEncoding:", .uint64(10)) == true)
    #expect(try send(lone, "lengthOfBytesUsingEncoding:", .uint64(4)) == .uint64(0))
    #expect(try send(lone, "lengthOfBytesUsingEncoding:", .uint64(10)) == .uint64(4))
    try runtime.checkInvariants()
  }

  @Test func utf16BytesKeepTheLoneUnit() throws {
    // MiniFoundation has no NSData: -dataUsingEncoding:'s bytes are those of
    // -getBytes:maxLength:usedLength:encoding:options:range:remainingRange:.
    let runtime = Runtime()
    let lone = try format("%Ca", .int(0xD800), in: runtime)
    let buffer = VariablePointer(), used = VariablePointer()
    let converted = try Runtime.msgSend(
      lone, "getBytes:maxLength:usedLength:encoding:options:range:remainingRange:",
      arguments: Arguments([.swiftObject(buffer), .uint64(8), .swiftObject(used), .uint64(0x9000_0100), .uint64(0), .range(0..<2), .nil]))
    #expect(converted == true)
    #expect(buffer.pointee == .cArray([0xD8, 0x00, 0x00, 0x61].map(Value.uint8)))
    try runtime.checkInvariants()
  }

  @Test func aLoneSurrogateEqualsOnlyTheSameUnits() throws {
    let runtime = Runtime()
    let lone = try format("%C", .int(0xD800), in: runtime)
    let again = try format("%C", .int(0xD800), in: runtime)
    let replacement = try #require(try runtime.object(bridging: "\u{FFFD}"))
    #expect(try send(lone, "isEqual:", .object(replacement)) == false)
    #expect(try send(replacement, "isEqual:", .object(lone)) == false)
    #expect(try send(lone, "isEqualToString:", "\u{FFFD}") == false)
    #expect(try send(lone, "isEqual:", "") == false)
    #expect(Value.object(lone) != "\u{FFFD}", "a Swift string cannot hold the unit")
    #expect(try send(lone, "isEqual:", .object(again)) == true)
    #expect(try send(lone, "isEqualToString:", .object(again)) == true)
    #expect(try send(lone, "hash") == (try send(again, "hash")))
    let mutable = try send(lone, "mutableCopy")
    #expect(try send(mutable.objectValue, "isEqual:", .object(lone)) == true)
    #expect(try send(lone, "isEqual:", mutable) == true)
    #expect(Value.object(lone) == mutable && mutable == Value.object(lone))
    #expect(try send(mutable.objectValue, "hash") == (try send(lone, "hash")))
    try runtime.checkInvariants()
  }

  @Test func aLoneSurrogateIsADictionaryKeyOfItsOwn() throws {
    let runtime = Runtime()
    let dictionary = try runtime.mutableDictionary()
    let lone = try format("%C", .int(0xD800), in: runtime)
    try send(dictionary, "setObject:forKey:", 1, .object(lone))
    try send(dictionary, "setObject:forKey:", 2, "\u{FFFD}")
    #expect(try send(dictionary, "count") == .uint64(2))
    #expect(try send(dictionary, "objectForKey:", .object(try format("%C", .int(0xD800), in: runtime))) == 1)
    #expect(try send(dictionary, "objectForKey:", "\u{FFFD}") == 2)
    let keys = try send(dictionary, "allKeys")
    let keyArray = try #require(try keys.objectValue ?? (try runtime.object(bridging: keys)))
    let unitKeys = try (0..<2).map { try units(try send(keyArray, "objectAtIndex:", .int($0))) }
    #expect(unitKeys.contains([0xD800]))
    try runtime.checkInvariants()
  }

  @Test func descriptionAndPercentAtKeepTheUnit() throws {
    let runtime = Runtime()
    let lone = try format("%C", .int(0xD800), in: runtime)
    #expect(try units(try send(lone, "description")) == [0xD800])
    #expect(try units(.object(try format("<%@>", .object(lone), in: runtime))) == [0x3C, 0xD800, 0x3E])
    try runtime.checkInvariants()
  }
}
