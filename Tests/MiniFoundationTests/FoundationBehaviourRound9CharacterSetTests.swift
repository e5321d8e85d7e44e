// FoundationBehaviourRound9CharacterSetTests.swift: NSCharacterSet and NSMutableCharacterSet as
// strings use them (NSCharacterSet.h's predefined sets by Unicode category, sets made from a
// string or a range, inversion, membership), and NSString's trimming, searching and splitting by
// a set, with indexes in UTF-16 units as NSString counts them.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound9CharacterSetTests {
  func set(_ name: Selector, _ arguments: Value..., in runtime: Runtime, mutable: Bool = false) throws -> Object {
    let cls = try foundationClass(mutable ? "NSMutableCharacterSet" : "NSCharacterSet", in: runtime)
    return try #require(try Runtime.msgSend(cls, name, arguments: Arguments(arguments)).objectValue)
  }

  func member(_ set: Object, _ character: Unicode.Scalar) throws -> Bool {
    try send(set, "longCharacterIsMember:", .uint32(character.value)) == true
  }

  @Test func thePredefinedSetsHoldTheUnicodeCategoriesFoundationNames() throws {
    let runtime = Runtime()
    let whitespace = try set("whitespaceCharacterSet", in: runtime)
    #expect(
      try member(whitespace, " ") && member(whitespace, "\t") && member(whitespace, "\u{A0}")
        && member(whitespace, "\u{3000}"))
    #expect(try !member(whitespace, "\n") && !member(whitespace, "a"))
    let spacing = try set("whitespaceAndNewlineCharacterSet", in: runtime)
    #expect(
      try member(spacing, "\n") && member(spacing, "\r") && member(spacing, "\u{85}") && member(spacing, "\u{2028}")
        && member(spacing, "\t"))
    let digits = try set("decimalDigitCharacterSet", in: runtime)
    // ARABIC-INDIC DIGIT THREE is Nd; VULGAR FRACTION ONE HALF is No.
    #expect(try member(digits, "7") && member(digits, "\u{663}") && !member(digits, "x") && !member(digits, "\u{BD}"))
    let letters = try set("letterCharacterSet", in: runtime)
    #expect(
      try member(letters, "é") && member(letters, "\u{301}") && member(letters, "ж") && !member(letters, "1")
        && !member(letters, "_"))
    let alphanumerics = try set("alphanumericCharacterSet", in: runtime)
    #expect(
      try member(alphanumerics, "a") && member(alphanumerics, "5") && member(alphanumerics, "\u{BD}")
        && !member(alphanumerics, "-"))
    let punctuation = try set("punctuationCharacterSet", in: runtime)
    #expect(
      try member(punctuation, ",") && member(punctuation, "_") && member(punctuation, "¿") && !member(punctuation, "+")
        && !member(punctuation, "$"))
    #expect(try send(digits, "characterIsMember:", .uint16(0x30)) == true)
    #expect(try member(digits, "\u{1D7CE}"), "a digit outside the BMP: MATHEMATICAL BOLD DIGIT ZERO")
    #expect(try send(digits, "characterIsMember:", .uint16(0xD835)) == false, "a lone surrogate is in no named set")
  }

  @Test func setsAreMadeFromAStringOrARangeAndInverted() throws {
    let runtime = Runtime()
    let vowels = try set("characterSetWithCharactersInString:", "aeiou😀", in: runtime)
    #expect(try member(vowels, "e") && member(vowels, "😀") && !member(vowels, "b"))
    #expect(
      try send(vowels, "characterIsMember:", .uint16(0xD83D)) == false, "the pair is one code point, not its halves")
    let lower = try set("characterSetWithRange:", .range(0x61..<(0x61 + 26)), in: runtime)
    #expect(try member(lower, "a") && member(lower, "z") && !member(lower, "A") && !member(lower, "{"))
    let others = try #require(try send(lower, "invertedSet").objectValue)
    #expect(try !member(others, "q") && member(others, "Q") && member(others, "😀"))
    #expect(try send(others, "longCharacterIsMember:", .uint32(0x11_0000)) == false, "past the code space")
    #expect(others.isa.name == "__NSCFCharacterSet")
    // Equal members are equal sets, however they were made.
    let same = try set("characterSetWithCharactersInString:", "abcdefghijklmnopqrstuvwxyz", in: runtime)
    #expect(try send(same, "isEqual:", .object(lower)) == true)
    #expect(try send(same, "hash") == (try send(lower, "hash")))
    #expect(try send(same, "isEqual:", .object(vowels)) == false)
    let refused = expectFoundationError(.invalidArgument) {
      _ = try set("characterSetWithCharactersInString:", .nil, in: runtime)
    }
    #expect(refused?.exceptionName == "NSInvalidArgumentException")
    expectFoundationError(.indexOutOfBounds) {
      _ = try set("characterSetWithRange:", .range(0x10_FFFF..<0x11_0001), in: runtime)
    }
  }

  @Test func aMutableSetGrowsAndShrinksAndAnImmutableOneRefusesEdits() throws {
    let runtime = Runtime()
    let custom = try set("characterSetWithCharactersInString:", "ab", in: runtime, mutable: true)
    try send(custom, "addCharactersInString:", "xy")
    #expect(try member(custom, "a") && member(custom, "y"))
    try send(custom, "removeCharactersInString:", "a")
    #expect(try !member(custom, "a") && member(custom, "b"))
    try send(custom, "formUnionWithCharacterSet:", .object(try set("decimalDigitCharacterSet", in: runtime)))
    #expect(try member(custom, "4"))
    try send(custom, "invert")
    #expect(try !member(custom, "4") && member(custom, "a"))
    let made = try #require(try send(try foundationClass("NSMutableCharacterSet", in: runtime), "new").objectValue)
    try send(made, "addCharactersInRange:", .range(0x30..<0x32))
    #expect(try member(made, "1") && !member(made, "2"))
    let whitespace = try set("whitespaceCharacterSet", in: runtime)
    let edit = expectFoundationError(.invalidArgument) { try send(whitespace, "addCharactersInString:", "x") }
    #expect(edit?.message == "Attempt to mutate immutable object with addCharactersInString:")
    let copy = try #require(try send(whitespace, "mutableCopy").objectValue)
    try send(copy, "addCharactersInString:", "x")
    #expect(try member(copy, "x") && !member(whitespace, "x"))
    #expect(try send(copy, "copy").objectValue !== copy)
  }

  @Test func stringsTrimTheCharactersOfASetFromBothEnds() throws {
    let runtime = Runtime()
    let spacing = Value.object(try set("whitespaceAndNewlineCharacterSet", in: runtime))
    #expect(
      try runtime.msgSend(bridging: "\t  hello world \n", "stringByTrimmingCharactersInSet:", spacing) == "hello world")
    #expect(try runtime.msgSend(bridging: " \n ", "stringByTrimmingCharactersInSet:", spacing) == "")
    let emoji = Value.object(try set("characterSetWithCharactersInString:", "😀", in: runtime))
    #expect(try runtime.msgSend(bridging: "😀a😀😀", "stringByTrimmingCharactersInSet:", emoji) == "a")
    let missing = expectFoundationError(.invalidArgument) {
      try runtime.msgSend(bridging: "a", "stringByTrimmingCharactersInSet:", .nil)
    }
    #expect(missing?.exceptionName == "NSInvalidArgumentException")
  }

  @Test func rangeOfCharacterFromSetFindsTheFirstOrLastInUTF16Units() throws {
    let runtime = Runtime()
    let digits = Value.object(try set("decimalDigitCharacterSet", in: runtime))
    #expect(try runtime.msgSend(bridging: "ab12c3", "rangeOfCharacterFromSet:", digits) == .range(2..<3))
    #expect(try runtime.msgSend(bridging: "abc", "rangeOfCharacterFromSet:", digits) == .range(Int.max..<Int.max))
    #expect(
      try runtime.msgSend(bridging: "ab12c3", "rangeOfCharacterFromSet:options:", digits, .uint64(4)) == .range(5..<6))
    #expect(
      try runtime.msgSend(bridging: "ab12c3", "rangeOfCharacterFromSet:options:", digits, .uint64(8))
        == .range(Int.max..<Int.max))
    #expect(
      try runtime.msgSend(bridging: "1ab", "rangeOfCharacterFromSet:options:", digits, .uint64(8)) == .range(0..<1))
    #expect(
      try runtime.msgSend(bridging: "ab12c3", "rangeOfCharacterFromSet:options:", digits, .uint64(4 | 8))
        == .range(5..<6))
    #expect(
      try runtime.msgSend(
        bridging: "ab12c3", "rangeOfCharacterFromSet:options:range:", digits, .uint64(0), .range(3..<5))
        == .range(3..<4))
    let emoji = Value.object(try set("characterSetWithCharactersInString:", "😀", in: runtime))
    #expect(
      try runtime.msgSend(bridging: "a😀", "rangeOfCharacterFromSet:", emoji) == .range(1..<3),
      "a surrogate pair spans two units")
    expectFoundationError(.indexOutOfBounds) {
      try runtime.msgSend(bridging: "abc", "rangeOfCharacterFromSet:options:range:", digits, .uint64(0), .range(2..<5))
    }
    expectFoundationError(.invalidArgument) {
      try runtime.msgSend(bridging: "abc", "rangeOfCharacterFromSet:options:", digits, .uint64(1))
    }
  }

  @Test func componentsSeparatedByCharactersInSetKeepsEmptyPieces() throws {
    let runtime = Runtime()
    let separators = Value.object(try set("characterSetWithCharactersInString:", ",;", in: runtime))
    #expect(
      try runtime.msgSend(bridging: "a,b;;c", "componentsSeparatedByCharactersInSet:", separators) == [
        "a", "b", "", "c",
      ])
    #expect(try runtime.msgSend(bridging: ",a,", "componentsSeparatedByCharactersInSet:", separators) == ["", "a", ""])
    #expect(try runtime.msgSend(bridging: "", "componentsSeparatedByCharactersInSet:", separators) == [""])
    let spacing = Value.object(try set("whitespaceCharacterSet", in: runtime))
    #expect(
      try runtime.msgSend(bridging: "one two", "componentsSeparatedByCharactersInSet:", spacing) == ["one", "two"])
    // Something that is no character set answers no longCharacterIsMember:.
    let wrong = #expect(throws: RuntimeError.self) {
      try runtime.msgSend(bridging: "a b", "componentsSeparatedByCharactersInSet:", " ")
    }
    #expect(wrong?.exceptionName == "NSInvalidArgumentException")
  }

  @Test func stringsArePercentEncodedForAURLComponentAndDecoded() throws {
    let runtime = Runtime()
    func encoded(_ text: String, _ setName: Selector) throws -> Value {
      let allowed = Value.object(try set(setName, in: runtime))
      return try runtime.msgSend(
        bridging: .string(text), "stringByAddingPercentEncodingWithAllowedCharacters:", allowed)
    }
    #expect(try encoded("a b&c=d/é?", "URLQueryAllowedCharacterSet") == "a%20b&c=d/%C3%A9?")
    #expect(try encoded("a b?c;d", "URLPathAllowedCharacterSet") == "a%20b%3Fc%3Bd")
    #expect(try encoded("[::1]/x", "URLHostAllowedCharacterSet") == "[::1]%2Fx")
    #expect(try encoded("me:you@x", "URLUserAllowedCharacterSet") == "me%3Ayou%40x")
    #expect(try encoded("#top", "URLFragmentAllowedCharacterSet") == "%23top")
    #expect(try encoded("😀", "URLPasswordAllowedCharacterSet") == "%F0%9F%98%80")
    #expect(try runtime.msgSend(bridging: "a%20b%C3%A9%2f", "stringByRemovingPercentEncoding") == "a bé/")
    #expect(try runtime.msgSend(bridging: "plain", "stringByRemovingPercentEncoding") == "plain")
    #expect(try runtime.msgSend(bridging: "100%", "stringByRemovingPercentEncoding") == .nil)
    #expect(try runtime.msgSend(bridging: "%zz", "stringByRemovingPercentEncoding") == .nil)
    #expect(try runtime.msgSend(bridging: "%C3", "stringByRemovingPercentEncoding") == .nil, "not UTF-8")
  }

  @Test func aSetAnswersWhetherItHoldsAnotherAndWhichPlanesItTouches() throws {
    let runtime = Runtime()
    let alphanumerics = try set("alphanumericCharacterSet", in: runtime)
    let digits = try set("decimalDigitCharacterSet", in: runtime)
    #expect(try send(alphanumerics, "isSupersetOfSet:", .object(digits)) == true)
    #expect(try send(digits, "isSupersetOfSet:", .object(alphanumerics)) == false)
    let emoji = try set("characterSetWithRange:", .range(0x1_F600..<0x1_F650), in: runtime)
    #expect(try send(emoji, "hasMemberInPlane:", .uint8(1)) == true)
    #expect(try send(emoji, "hasMemberInPlane:", .uint8(0)) == false)
    #expect(try send(digits, "hasMemberInPlane:", .uint8(0)) == true)
  }
}

@Suite struct FoundationBehaviourRound9CharacterSetSubclassTests {
  @Test func aSubclassDefiningCharacterIsMemberIsUsedByStrings() throws {
    let runtime = Runtime()
    let base = try foundationClass("NSCharacterSet", in: runtime)
    let vowels = try makeClass("Vowels", superclass: base, in: runtime) { cls in
      try cls.addMethod("characterIsMember:", types: "B20@0:8S16") { _, _, arguments in
        .bool("aeiou".utf16.contains(UInt16(truncatingIfNeeded: arguments[0].intValue ?? 0)))
      }
    }
    let set = try #require(try send(vowels, "new").objectValue)
    #expect(set.isa === vowels, "+alloc of a subclass makes an instance of the subclass")
    #expect(try send(set, "longCharacterIsMember:", .uint32(0x65)) == true)
    #expect(try send(set, "longCharacterIsMember:", .uint32(0x1_F600)) == false)
    #expect(try runtime.msgSend(bridging: "xyzaxe", "rangeOfCharacterFromSet:", .object(set)) == .range(3..<4))
    #expect(try runtime.msgSend(bridging: "eexee", "stringByTrimmingCharactersInSet:", .object(set)) == "x")
  }
}
