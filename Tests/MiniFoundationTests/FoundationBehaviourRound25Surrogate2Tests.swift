// FoundationBehaviourRound25Surrogate2Tests.swift: the follow-up of the lone-surrogate round
// (decision 0050): the places that still lost or refused the unit where Apple keeps it. A string
// argument with a lone surrogate is taken as its units (character sets, paths, joining, sort keys,
// decimal numbers), results cut from units keep them, and descriptions print the unit.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound25Surrogate2Tests {
  /// `[NSString stringWithFormat:format, values...]`.
  private func format(_ format: String, _ values: Value..., in runtime: Runtime) throws -> Object {
    let nsString = try foundationClass("NSString", in: runtime)
    return try #require(try Runtime.msgSend(nsString, "stringWithFormat:", arguments: Arguments([.string(format)] + values)).objectValue)
  }

  /// `[NSString stringWithFormat:@"%C", 0xD800]`.
  private func lone(in runtime: Runtime) throws -> Object { try format("%C", .int(0xD800), in: runtime) }

  /// The UTF-16 units of a string value (``stringUnits(_:)``).
  private func units(_ value: Value) throws -> [UInt16] { try stringUnits(value) }

  @Test func aCharacterSetTakesALoneSurrogate() throws {
    let runtime = Runtime()
    let lone = try lone(in: runtime)
    let set = try foundationClass("NSCharacterSet", in: runtime)
    let made = try send(set, "characterSetWithCharactersInString:", .object(lone))
    #expect(try send(made.objectValue, "characterIsMember:", .uint16(0xD800)) == true)
    #expect(try send(made.objectValue, "characterIsMember:", .uint16(0xFFFD)) == false)
    let mutableSet = try foundationClass("NSMutableCharacterSet", in: runtime)
    let mutable = try #require(try send(mutableSet, "characterSetWithCharactersInString:", "a").objectValue)
    try send(mutable, "addCharactersInString:", .object(lone))
    #expect(try send(mutable, "characterIsMember:", .uint16(0xD800)) == true)
    try send(mutable, "removeCharactersInString:", .object(lone))
    #expect(try send(mutable, "characterIsMember:", .uint16(0xD800)) == false)
    #expect(try send(mutable, "characterIsMember:", .uint16(0x61)) == true)
    try runtime.checkInvariants()
  }

  @Test func componentsJoinedByALoneSurrogateKeepTheUnit() throws {
    let runtime = Runtime()
    let lone = try lone(in: runtime)
    let array = try #require(try runtime.object(bridging: .array(["a", "b"])))
    #expect(try units(try send(array, "componentsJoinedByString:", .object(lone))) == [0x61, 0xD800, 0x62])
    let withLone = try #require(try runtime.object(bridging: .array([.object(lone), "b"])))
    #expect(try units(try send(withLone, "componentsJoinedByString:", "-")) == [0xD800, 0x2D, 0x62])
    try runtime.checkInvariants()
  }

  @Test func pathMessagesTakeALoneSurrogate() throws {
    let runtime = Runtime()
    let lone = try lone(in: runtime)
    let nsString = try foundationClass("NSString", in: runtime)
    let path = try send(nsString, "pathWithComponents:", .array(["a", .object(lone)]))
    #expect(try units(path) == [0x61, 0x2F, 0xD800])
    let file = try format("%C.txt", .int(0xD800), in: runtime)
    let array = try #require(try runtime.object(bridging: .array([.object(file), "b.doc"])))
    let matching = try send(array, "pathsMatchingExtensions:", .array(["txt"]))
    #expect(matching.arrayValue?.count == 1)
    #expect(try units(try #require(matching.arrayValue?.first)) == [0xD800, 0x2E, 0x74, 0x78, 0x74])
    try runtime.checkInvariants()
  }

  @Test func aSortKeyAndADecimalStringMayHoldALoneSurrogate() throws {
    let runtime = Runtime()
    let lone = try lone(in: runtime)
    let descriptorClass = try foundationClass("NSSortDescriptor", in: runtime)
    let descriptor = try send(descriptorClass, "sortDescriptorWithKey:ascending:", .object(lone), .bool(true))
    #expect(descriptor.objectValue != nil)
    let decimalClass = try foundationClass("NSDecimalNumber", in: runtime)
    let number = try send(decimalClass, "decimalNumberWithString:", .object(lone))
    let notANumber = try send(decimalClass, "notANumber")
    #expect(try send(number.objectValue, "isEqual:", notANumber) == true)
    try runtime.checkInvariants()
  }

  @Test func trimmingAndSplittingAtASetKeepALoneSurrogate() throws {
    let runtime = Runtime()
    let text = try format(" %C,b ", .int(0xD800), in: runtime)
    let set = try foundationClass("NSCharacterSet", in: runtime)
    let spaces = try send(set, "characterSetWithCharactersInString:", " ")
    #expect(try units(try send(text, "stringByTrimmingCharactersInSet:", spaces)) == [0xD800, 0x2C, 0x62])
    let commas = try send(set, "characterSetWithCharactersInString:", ",")
    let parts = try #require(try send(text, "componentsSeparatedByCharactersInSet:", commas).arrayValue)
    #expect(parts.count == 2)
    #expect(try units(parts[0]) == [0x20, 0xD800])
    #expect(try units(parts[1]) == [0x62, 0x20])
    try runtime.checkInvariants()
  }

  @Test func enumerateLinesHandsALoneSurrogateLineItsUnit() throws {
    let runtime = Runtime()
    let text = try format("%C\nb", .int(0xDC00), in: runtime)
    let seen = Locked<[Value]>([])
    let block = try runtime.makeBlock { arguments in
      seen.withLock { $0.append(arguments[0]) }
      return .nil
    }
    try send(text, "enumerateLinesUsingBlock:", .object(block))
    let lines = seen.withLock { $0 }
    #expect(lines.count == 2)
    #expect(try units(try #require(lines.first)) == [0xDC00])
    try runtime.checkInvariants()
  }

  @Test func caseMappingPassesALoneSurrogateThrough() throws {
    let runtime = Runtime()
    let text = try format("a%Cb", .int(0xD800), in: runtime)
    #expect(try units(try send(text, "uppercaseString")) == [0x41, 0xD800, 0x42])
    let words = try format("ab %C", .int(0xD800), in: runtime)
    #expect(try units(try send(words, "capitalizedString")) == [0x41, 0x62, 0x20, 0xD800])
    let upper = try format("A%CB", .int(0xDFFF), in: runtime)
    #expect(try units(try send(upper, "lowercaseString")) == [0x61, 0xDFFF, 0x62])
    try runtime.checkInvariants()
  }

  @Test func descriptionsEscapeTheLoneUnit() throws {
    let runtime = Runtime()
    let lone = try lone(in: runtime)
    let array = try #require(try runtime.object(bridging: .array([.object(lone)])))
    let description = try send(array, "description")
    #expect(NSStringMethods.text(of: description)?.lossy == "(\n    \"\\Ud800\"\n)")
    #expect(Describing.entryWithoutMessages(.object(lone)) == "\"\\Ud800\"")
    try runtime.checkInvariants()
  }

  @Test func compareAgreesWithIsEqualForALoneSurrogate() throws {
    let runtime = Runtime()
    let lone = try lone(in: runtime)
    let replacement = Value.string("\u{FFFD}")
    #expect(try send(lone, "isEqual:", replacement) == false)
    #expect(try send(lone, "compare:", replacement) == .int64(-1))
    #expect(try send(try format("%C", .int(0xFFFD), in: runtime), "compare:", .object(lone)) == .int64(1))
    #expect(try send(lone, "compare:", .object(try format("%C", .int(0xD800), in: runtime))) == .int64(0))
    #expect(try send(lone, "caseInsensitiveCompare:", "a") == .int64(1))
    let emoji = try #require(try runtime.object(bridging: "😀x"))
    #expect(try send(emoji, "compare:options:range:", .object(lone), .uint64(0), .range(0..<1)) != .int64(0))
    try runtime.checkInvariants()
  }

  @Test func aFoldingSearchMatchesALoneSurrogateOnlyWithItself() throws {
    let runtime = Runtime()
    let lone = try lone(in: runtime)
    let diacriticInsensitive = Value.uint64(128)
    let notFound = OrderedCollectionMethods.notFound
    let real = try #require(try runtime.object(bridging: "e\u{FFFD}"))
    #expect(try send(real, "rangeOfString:options:", .object(lone), diacriticInsensitive) == .range(notFound..<notFound))
    let haystack = try format("\u{E9}%C", .int(0xD800), in: runtime)
    #expect(try send(haystack, "rangeOfString:options:", .object(lone), diacriticInsensitive) == .range(1..<2))
    #expect(try send(haystack, "rangeOfString:options:", "\u{FFFD}", .uint64(256)) == .range(notFound..<notFound))
    let accented = try format("e%C", .int(0xD800), in: runtime)
    #expect(try send(haystack, "rangeOfString:options:", .object(accented), diacriticInsensitive) == .range(0..<2))
    try runtime.checkInvariants()
  }
}
