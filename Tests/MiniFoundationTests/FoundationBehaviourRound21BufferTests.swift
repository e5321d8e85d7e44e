// FoundationBehaviourRound21BufferTests.swift: the twenty-first round of Foundation behaviours:
// the last C-array messages of the census (decision 0047: a C array is a `VariablePointer` to a
// `.cArray` of slots): `-[NSMutableArray removeObjectsFromIndices:numIndices:]`,
// `-[NSString initWithCharacters:length:]`, `-initWithBytes:length:encoding:` and their `NoCopy`
// forms. The byte answers are CFString's (swift-corelibs-foundation, run on this machine, the
// CoreFoundation source Apple's NSString is built on): unmarked UTF-16 is big-endian, a byte
// order mark is read and dropped by `NSUnicodeStringEncoding` (kept by its BE and LE forms), a
// UTF-8 byte order mark is dropped, an odd last byte of UTF-16 is ignored.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound21BufferTests {
  /// A `VariablePointer` to a C array of bytes (`.uint8` slots).
  private func bytes(_ values: [UInt8]) -> Value { .swiftObject(VariablePointer(.cArray(values.map(Value.uint8)))) }

  /// `[[NSString alloc] initWithBytes:bytes length:count encoding:encoding]`.
  private func string(_ values: [UInt8], _ encoding: UInt64, in runtime: Runtime) throws -> Value {
    let nsString = try foundationClass("NSString", in: runtime)
    let instance = try send(nsString, "alloc")
    return try send(instance.objectValue, "initWithBytes:length:encoding:", bytes(values), .uint64(UInt64(values.count)), .uint64(encoding))
  }

  @Test func removeObjectsFromIndicesRemovesTheObjectsAtThoseIndexesOfTheArrayAsItWas() throws {
    // Apple: "similar to removeObjectAtIndex:, but … removes multiple objects with a single
    // operation"; the indexes name the objects of the array before the call, in any order.
    let runtime = Runtime()
    let array = try runtime.mutableArray(["a", "b", "c", "d", "e"])
    let indices = VariablePointer(.cArray([.uint64(3), .uint64(0), .uint64(3), .uint64(1), .uint64(99)]))
    try send(array, "removeObjectsFromIndices:numIndices:", .swiftObject(indices), .uint64(4))
    #expect(Value.object(array).arrayValue == ["c", "e"], "d once, though named twice (GNUstep 1.28 also removes e)")
    try send(array, "removeObjectsFromIndices:numIndices:", .nil, .uint64(0))
    #expect(Value.object(array).arrayValue == ["c", "e"], "NULL with no count removes nothing")
    try runtime.checkInvariants()
  }

  @Test func removeObjectsFromIndicesRaisesForAnIndexPastTheEndBeforeRemovingAny() throws {
    let runtime = Runtime()
    let array = try runtime.mutableArray(["a", "b", "c"])
    let indices = VariablePointer(.cArray([.uint64(1), .uint64(7)]))
    let error = expectFoundationError(.indexOutOfBounds) {
      try send(array, "removeObjectsFromIndices:numIndices:", .swiftObject(indices), .uint64(2))
    }
    #expect(error?.exceptionName == "NSRangeException")
    #expect(Value.object(array).arrayValue == ["a", "b", "c"])
  }

  @Test func initWithCharactersReadsLengthUnicharsIntoAString() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let characters = VariablePointer(.cArray([0x68, 0x69, 0x21, 0x3F].map(Value.uint16)))
    let made = try send(send(nsString, "alloc").objectValue, "initWithCharacters:length:", .swiftObject(characters), .uint64(3))
    #expect(made == "hi!")
    #expect(try send(nsString, "stringWithCharacters:length:", .swiftObject(characters), .uint64(2)) == "hi")
    let noCopy = try send(
      send(nsString, "alloc").objectValue, "initWithCharactersNoCopy:length:freeWhenDone:", .swiftObject(characters), .uint64(4), .bool(false))
    #expect(noCopy == "hi!?")
    #expect(try send(send(nsString, "alloc").objectValue, "initWithCharacters:length:", .nil, .uint64(0)) == "")
    let nsMutableString = try foundationClass("NSMutableString", in: runtime)
    let mutable = try #require(try send(nsMutableString, "stringWithCharacters:length:", .swiftObject(characters), .uint64(2)).objectValue)
    try send(mutable, "appendString:", "!")
    #expect(Value.object(mutable) == "hi!", "a mutable string from NSMutableString")
  }

  @Test func initWithCharactersRefusesNullWithALengthAndAShortArray() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let null = expectFoundationError(.invalidArgument) {
      try send(send(nsString, "alloc").objectValue, "initWithCharacters:length:", .nil, .uint64(2))
    }
    #expect(null?.message.hasSuffix("pointer to characters array is NULL but length is 2") == true)
    let short = VariablePointer(.cArray([.uint16(0x61)]))
    expectFoundationError(.invalidArgument) {
      try send(send(nsString, "alloc").objectValue, "initWithCharacters:length:", .swiftObject(short), .uint64(2))
    }
  }

  @Test func initWithBytesDecodesTheBytesInTheEncoding() throws {
    let runtime = Runtime()
    #expect(try string([0x68, 0xC3, 0xA9], 4, in: runtime) == "hé", "UTF-8")
    #expect(try string([0x61, 0x00, 0x62], 4, in: runtime) == "a\u{0}b", "a NUL byte is a character, not the end")
    #expect(try string([0x61, 0xFF, 0x62], 5, in: runtime) == "aÿb", "ISO Latin 1")
    #expect(try string([0x61, 0x62], 1, in: runtime) == "ab", "ASCII")
    #expect(try string([], 4, in: runtime) == "")
    let nsString = try foundationClass("NSString", in: runtime)
    #expect(try send(send(nsString, "alloc").objectValue, "initWithBytes:length:encoding:", .nil, .uint64(0), .uint64(4)) == "")
  }

  @Test func initWithBytesAnswersNilForBytesTheEncodingDoesNotHold() throws {
    let runtime = Runtime()
    #expect(try string([0x61, 0xFF, 0x62], 4, in: runtime) == .nil, "not UTF-8")
    #expect(try string([0x61, 0xFF], 1, in: runtime) == .nil, "ASCII is 0 to 127 (Apple's documentation)")
    #expect(try string([0x61, 0, 0, 0], 0x8c00_0100, in: runtime) == .nil, "unmarked UTF-32 is big-endian: 0x61000000")
  }

  @Test func initWithBytesReadsUTF16AndUTF32AsCoreFoundationDoes() throws {
    let runtime = Runtime()
    let utf16: UInt64 = 10, utf16BE: UInt64 = 0x9000_0100, utf16LE: UInt64 = 0x9400_0100
    #expect(try string([0x00, 0x61, 0x00, 0x62], utf16, in: runtime) == "ab", "unmarked: big-endian")
    #expect(try string([0xFF, 0xFE, 0x61, 0x00], utf16, in: runtime) == "a", "a little-endian mark, dropped")
    #expect(try string([0xFE, 0xFF, 0x00, 0x61], utf16, in: runtime) == "a", "a big-endian mark, dropped")
    #expect(try string([0xFE, 0xFF, 0x00, 0x61], utf16BE, in: runtime) == "\u{FEFF}a", "the BE form keeps the mark")
    #expect(try string([0x61, 0x00, 0x62], utf16LE, in: runtime) == "a", "an odd last byte is ignored")
    #expect(try string([0x3D, 0xD8, 0x00, 0xDE], utf16LE, in: runtime) == "😀", "a surrogate pair")
    #expect(try string([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x61], 0x8c00_0100, in: runtime) == "a")
    #expect(try string([0x61, 0x00, 0x00, 0x00], 0x9c00_0100, in: runtime) == "a", "UTF-32 LE")
    #expect(try string([0xEF, 0xBB, 0xBF, 0x61], 4, in: runtime) == "a", "a UTF-8 mark is dropped")
  }

  @Test func theNoCopyFormReadsTheSameBytes() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let made = try send(
      send(nsString, "alloc").objectValue, "initWithBytesNoCopy:length:encoding:freeWhenDone:", bytes([0x6F, 0x6B, 0x21]), .uint64(2),
      .uint64(4), .bool(true))
    #expect(made == "ok")
  }
}
