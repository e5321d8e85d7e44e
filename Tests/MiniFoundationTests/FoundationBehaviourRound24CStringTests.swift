// FoundationBehaviourRound24CStringTests.swift: the twenty-fourth round of Foundation
// behaviours: a C string is bytes (decision 0049). `-cStringUsingEncoding:` into Latin 1 or
// Mac Roman answers bytes that are not UTF-8 (0xE9 for "é" in Latin 1, 0x80 for "Ä" in Mac
// Roman), as swift-corelibs-foundation's TestNSString checks (`test_cStringUsingEncoding`,
// `test_getCString_simple`, the `initWithCString` cases), and those bytes travel through the
// runtime unchanged.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound24CStringTests {
  static let latin1 = Value.uint64(5)
  static let macRoman = Value.uint64(30)
  static let utf8 = Value.uint64(4)

  /// The bytes of a C string value, without the NUL.
  private func bytes(_ value: Value) -> [UInt8]? { value.cStringBytes }

  /// `[text cStringUsingEncoding:encoding]`.
  private func cString(_ text: String, _ encoding: Value, in runtime: Runtime) throws -> Value {
    try runtime.msgSend(bridging: .string(text), "cStringUsingEncoding:", encoding)
  }

  @Test func cStringUsingEncodingAnswersTheBytesOfAnEightBitEncoding() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(bytes(try cString("é", Self.latin1, in: runtime)) == [0xE9])
    #expect(bytes(try cString("Ä", Self.macRoman, in: runtime)) == [0x80])
    #expect(bytes(try cString("café ÿ", Self.latin1, in: runtime)) == [0x63, 0x61, 0x66, 0xE9, 0x20, 0xFF])
    #expect(bytes(try cString("Ä•€", Self.macRoman, in: runtime)) == [0x80, 0xA5, 0xDB])
    #expect(bytes(try cString("é", Self.utf8, in: runtime)) == [0xC3, 0xA9])
    try runtime.checkInvariants()
  }

  @Test func cStringUsingEncodingIsNilWhereACharacterHasNoByte() throws {
    // Already matched: Apple documents NULL when the conversion would lose information.
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try cString("ł", Self.latin1, in: runtime) == .nil)
    #expect(try cString("ł", Self.macRoman, in: runtime) == .nil)
    #expect(try cString("é", .uint64(1), in: runtime) == .nil, "ASCII holds no é")
    try runtime.checkInvariants()
  }

  @Test func theBytesRoundTripThroughInitWithCStringEncoding() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    for (text, encoding) in [("é", Self.latin1), ("façade ÿ", Self.latin1), ("Ä", Self.macRoman), ("Ä•€π", Self.macRoman)] {
      let bytes = try cString(text, encoding, in: runtime)
      #expect(try send(send(nsString, "alloc").objectValue, "initWithCString:encoding:", bytes, encoding) == .string(text))
      #expect(try send(nsString, "stringWithCString:encoding:", bytes, encoding) == .string(text))
    }
    // The same bytes read in another 8-bit encoding: 0xE9 is "È" in Mac Roman, 0x80 no ASCII.
    let latin = try cString("é", Self.latin1, in: runtime)
    #expect(try send(nsString, "stringWithCString:encoding:", latin, Self.macRoman) == "È")
    #expect(try send(nsString, "stringWithCString:encoding:", latin, .uint64(1)) == .nil)
    try runtime.checkInvariants()
  }

  @Test func bytesThatAreNotUTF8AreNoUTF8String() throws {
    // Apple's +stringWithUTF8String: answers nil for invalid UTF-8, as does the UTF-8 reading
    // of -initWithCString:encoding:.
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let latin = try cString("é", Self.latin1, in: runtime)
    #expect(try send(nsString, "stringWithUTF8String:", latin) == .nil)
    #expect(try send(send(nsString, "alloc").objectValue, "initWithUTF8String:", latin) == .nil)
    #expect(try send(nsString, "stringWithCString:encoding:", latin, Self.utf8) == .nil)
    #expect(bytes(try runtime.msgSend(bridging: "é", "UTF8String")) == [0xC3, 0xA9], "already matched")
    try runtime.checkInvariants()
  }

  @Test func percentSReadsTheBytesInTheDefaultCStringEncoding() throws {
    // CoreFoundation reads %s in the default C string encoding, Mac Roman on an English Mac
    // (decision 0051): the UTF-8 of "é" (C3 A9) prints "√©", Latin 1's E9 prints "È".
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    func format(_ format: String, _ values: Value...) throws -> Value {
      try Runtime.msgSend(nsString, "stringWithFormat:", arguments: Arguments([.string(format)] + values))
    }
    #expect(try format("[%s]", try cString("é", Self.latin1, in: runtime)) == "[È]")
    #expect(try format("[%s]", try cString("é", Self.utf8, in: runtime)) == "[√©]")
    #expect(try format("[%s]", try cString("Ä•", Self.macRoman, in: runtime)) == "[Ä•]")
    #expect(try format("[%4.1s]", try cString("é", Self.utf8, in: runtime)) == "[   √]", "precision counts bytes")
    try runtime.checkInvariants()
  }

  @Test func aCharPointerIvarArgumentAndReturnCarryTheBytesUnchanged() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let cls = try makeClass("Label", superclass: runtime.rootClass, in: runtime) { cls in
      try cls.addIvar("_text", type: "*")
      try cls.addMethod("setText:", types: "v24@0:8*16") { receiver, _, arguments in
        try receiver.setValue(arguments[0], forIvar: "_text")
        return .nil
      }
      try cls.addMethod("text", types: "*16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_text") }
      try cls.addMethod("echo:", types: "*24@0:8*16") { _, _, arguments in arguments[0] }
    }
    let label = try cls.createInstance()
    let latin = try cString("é", Self.latin1, in: runtime)
    try runtime.msgSend(label, "setText:", latin)
    #expect(bytes(try label.value(ofIvar: "_text")) == [0xE9])
    #expect(bytes(try runtime.msgSend(label, "text")) == [0xE9])
    #expect(bytes(try runtime.msgSend(label, "echo:", latin)) == [0xE9])
    #expect(try runtime.msgSend(label, "echo:", latin) == latin)
    #expect(try runtime.msgSend(label, "echo:", latin) != (try cString("é", Self.utf8, in: runtime)), "other bytes")
    try runtime.checkInvariants()
  }

  @Test func lengthsAndBuffersCountTheBytes() throws {
    // Already matched: the byte counts and the C-array getter never went through a C string value.
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: "é", "lengthOfBytesUsingEncoding:", Self.latin1) == .uint64(1))
    #expect(try runtime.msgSend(bridging: "é", "lengthOfBytesUsingEncoding:", Self.utf8) == .uint64(2))
    #expect(try runtime.msgSend(bridging: "Ä", "lengthOfBytesUsingEncoding:", Self.macRoman) == .uint64(1))
    let buffer = VariablePointer()
    #expect(try runtime.msgSend(bridging: "é", "getCString:maxLength:encoding:", .swiftObject(buffer), 4, Self.latin1) == true)
    #expect(buffer.pointee == .cArray([.int8(Int8(bitPattern: 0xE9)), .int8(0)]))
    try runtime.checkInvariants()
  }
}
