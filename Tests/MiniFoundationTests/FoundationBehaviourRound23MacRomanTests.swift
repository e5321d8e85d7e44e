// FoundationBehaviourRound23MacRomanTests.swift: the twenty-third round of Foundation
// behaviours: `NSMacOSRomanStringEncoding` (30), `+defaultCStringEncoding`'s answer (decision
// 0051), converts as every other 8-bit encoding does. The mappings are Apple's Mac OS Roman
// set (0xDB the euro sign, 0xF0 the Apple logo U+F8FF), which CoreFoundation's
// kCFStringEncodingMacRoman converts by.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound23MacRomanTests {
  static let macRoman = Value.uint64(30)

  /// A `VariablePointer` to a C array of bytes (`.uint8` slots).
  private func bytes(_ values: [UInt8]) -> Value { .swiftObject(VariablePointer(.cArray(values.map(Value.uint8)))) }

  @Test func bytesPastASCIIReadAsTheMacRomanCharacterSet() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    func read(_ values: [UInt8]) throws -> Value {
      try send(
        send(nsString, "alloc").objectValue, "initWithBytes:length:encoding:", bytes(values),
        .uint64(UInt64(values.count)), Self.macRoman)
    }
    #expect(try read([0x80]) == "Ä")
    #expect(try read([0xA5]) == "•")
    #expect(try read([0xCA]) == "\u{A0}", "a no-break space")
    #expect(try read([0xDB]) == "€", "the euro sign since Mac OS 8.5, not the currency sign ¤")
    #expect(try read([0xF0]) == "\u{F8FF}", "the Apple logo, in the private use area")
    #expect(try read([0x8E, 0xD0, 0xB9, 0xFF]) == "é–πˇ")
    #expect(try read([0x61, 0x00, 0x7F]) == "a\u{0}\u{7F}", "0 to 127 are ASCII")
    try runtime.checkInvariants()
  }

  @Test func lengthsAndConvertibilityFollowTheMacRomanSet() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: "Ä•€", "lengthOfBytesUsingEncoding:", Self.macRoman) == .uint64(3))
    #expect(try runtime.msgSend(bridging: "Ä•€", "canBeConvertedToEncoding:", Self.macRoman) == true)
    #expect(
      try runtime.msgSend(bridging: "ł", "canBeConvertedToEncoding:", Self.macRoman) == false,
      "U+0142 has no Mac Roman byte")
    #expect(
      try runtime.msgSend(bridging: "a¤", "lengthOfBytesUsingEncoding:", Self.macRoman) == .uint64(0),
      "¤ gave its byte to €")
    #expect(
      try runtime.msgSend(bridging: "Ä•€", "maximumLengthOfBytesUsingEncoding:", Self.macRoman) == .uint64(3),
      "one byte a unit")
    try runtime.checkInvariants()
  }

  @Test func cStringsAndBuffersInMacRoman() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "abc", "cStringUsingEncoding:", Self.macRoman) == .cString("abc"))
    #expect(
      try runtime.msgSend(bridging: "ł", "cStringUsingEncoding:", Self.macRoman) == .nil,
      "no C string where a character has no byte")
    #expect(
      try runtime.msgSend(bridging: "Ä", "cStringUsingEncoding:", Self.macRoman) == .cString(CString(bytes: [0x80])),
      "0x80 alone, which is not UTF-8 (decision 0049)")
    // Latin 1 gives C strings by the same rule (it raised for every string before round 23).
    #expect(try runtime.msgSend(bridging: "abc", "cStringUsingEncoding:", .uint64(5)) == .cString("abc"))
    #expect(try runtime.msgSend(bridging: "é", "cStringUsingEncoding:", .uint64(5)) == .cString(CString(bytes: [0xE9])))
    expectFoundationError(.invalidArgument) { try runtime.msgSend(bridging: "a", "cStringUsingEncoding:", .uint64(10)) }
    let buffer = VariablePointer()
    #expect(
      try runtime.msgSend(bridging: "Ä•", "getCString:maxLength:encoding:", .swiftObject(buffer), 10, Self.macRoman)
        == true)
    #expect(buffer.pointee == .cArray([.int8(Int8(bitPattern: 0x80)), .int8(Int8(bitPattern: 0xA5)), .int8(0)]))
    #expect(
      try runtime.msgSend(bridging: "ł", "getCString:maxLength:encoding:", .swiftObject(buffer), 10, Self.macRoman)
        == false)
    // initWithCString:encoding: reads the C string's bytes: "é" is C3 A9, which are √ and © in Mac Roman.
    let nsString = try foundationClass("NSString", in: runtime)
    #expect(
      try send(send(nsString, "alloc").objectValue, "initWithCString:encoding:", .cString("é"), Self.macRoman) == "√©")
    try runtime.checkInvariants()
  }

  @Test func getBytesConvertsIntoMacRomanAndStopsBeforeACharacterWithoutAByte() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    func convert(_ text: String, options: Int) throws -> (Value, Value) {
      let buffer = VariablePointer()
      let used = VariablePointer()
      let answer = try runtime.msgSend(
        try runtime.object(bridging: .string(text)),
        "getBytes:maxLength:usedLength:encoding:options:range:remainingRange:",
        arguments: Arguments([
          .swiftObject(buffer), .int(10), .swiftObject(used), Self.macRoman, .int(options),
          .range(0..<text.utf16.count), .nil,
        ]))
      #expect(answer == true)
      return (buffer.pointee, used.pointee)
    }
    let exact = try convert("€ł", options: 0)
    #expect(exact.0 == .cArray([.uint8(0xDB)]), "stops before ł")
    #expect(exact.1 == .uint64(1))
    let lossy = try convert("€ł", options: 1)
    #expect(lossy.0 == .cArray([.uint8(0xDB), .uint8(0x3F)]), "NSStringEncodingConversionAllowLossy puts ?")
    try runtime.checkInvariants()
  }

  @Test func theDefaultCStringEncodingConvertsAndIsListedFirst() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let encoding = try send(nsString, "defaultCStringEncoding")
    #expect(try runtime.msgSend(bridging: "Ça", "lengthOfBytesUsingEncoding:", encoding) == .uint64(2))
    let pointer = try #require(try send(nsString, "availableStringEncodings").swiftObject(as: VariablePointer.self))
    let slots = try #require(pointer.pointee.cArrayValue)
    #expect(slots.first == Self.macRoman, "CoreFoundation's order: Mac Roman is its encoding 0")
    try runtime.checkInvariants()
  }
}
