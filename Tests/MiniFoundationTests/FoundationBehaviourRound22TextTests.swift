// FoundationBehaviourRound22TextTests.swift: the twenty-second round of Foundation behaviours:
// NSString's class side for encodings, `+availableStringEncodings` (a zero-terminated C array,
// decision 0047), `+localizedNameOfStringEncoding:` and `+defaultCStringEncoding`
// (decision 0051).

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound22TextTests {
  static let utf16 = Value.uint64(10), utf8 = Value.uint64(4), latin1 = Value.uint64(5), ascii = Value.uint64(1)

  @Test func availableStringEncodingsIsAZeroTerminatedListOfWhatConverts() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let pointer = try #require(try send(nsString, "availableStringEncodings").swiftObject(as: VariablePointer.self))
    let slots = try #require(pointer.pointee.cArrayValue)
    #expect(slots.last == .uint64(0), "the list ends with a 0")
    let encodings = Array(slots.dropLast())
    #expect(!encodings.contains(.uint64(0)))
    #expect(encodings.prefix(3) == [.uint64(30), Self.utf16, Self.utf8], "CoreFoundation's order: Mac Roman (its 0), UTF-16 (its 0x100)")
    #expect(encodings.suffix(2) == [Self.latin1, Self.ascii], "… ASCII (its 0x600) last")
    #expect(Set(encodings).count == 10)
    let text = try #require(try runtime.object(bridging: "abc"))
    for encoding in encodings {
      #expect(try send(text, "canBeConvertedToEncoding:", encoding) == true, "each one listed converts: \(encoding)")
    }
    try runtime.checkInvariants()
  }

  @Test func localizedNameOfStringEncodingNamesTheEncodingsOfNSStringH() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    func name(_ encoding: UInt64) throws -> Value { try send(nsString, "localizedNameOfStringEncoding:", .uint64(encoding)) }
    #expect(try name(4) == "Unicode (UTF-8)")
    #expect(try name(1) == "Western (ASCII)")
    #expect(try name(5) == "Western (ISO Latin 1)")
    #expect(try name(10) == "Unicode (UTF-16)")
    #expect(try name(0x9400_0100) == "Unicode (UTF-16LE)")
    #expect(try name(30) == "Western (Mac OS Roman)")
    #expect(try name(999) == "", "an unknown encoding: an empty name")
    #expect(try name(0) == "")
    try runtime.checkInvariants()
  }

  @Test func defaultCStringEncodingIsAnEnglishMacsMacRoman() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let encoding = try send(nsString, "defaultCStringEncoding")
    #expect(encoding == .uint64(30), "NSMacOSRomanStringEncoding")
    #expect(try send(nsString, "localizedNameOfStringEncoding:", encoding) == "Western (Mac OS Roman)")
    let text = try #require(try runtime.object(bridging: "abc"))
    #expect(try send(text, "lengthOfBytesUsingEncoding:", encoding) == .uint64(3), "it converts (round 23)")
    try runtime.checkInvariants()
  }
}
