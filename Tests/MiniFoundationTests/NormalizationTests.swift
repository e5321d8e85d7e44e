// NormalizationTests.swift: NSString's normalization messages (Unicode forms D, C, KD and KC),
// with the answers Unicode's data gives for the Latin range MiniFoundation carries.

import Testing

@testable import MiniFoundation

@Suite struct NormalizationTests {
  private func scalars(_ text: String, _ selector: Selector, in runtime: Runtime) throws -> [UInt32] {
    try (runtime.msgSend(bridging: .string(text), selector).stringValue ?? "").unicodeScalars.map(\.value)
  }

  @Test func decomposingSplitsEachAccentedLatinLetterIntoLetterAndMark() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try scalars("café", "decomposedStringWithCanonicalMapping", in: runtime) == [0x63, 0x61, 0x66, 0x65, 0x301])
    #expect(try scalars("ÅŽİ", "decomposedStringWithCanonicalMapping", in: runtime) == [0x41, 0x30A, 0x5A, 0x30C, 0x49, 0x307])
    #expect(try scalars("øæ", "decomposedStringWithCanonicalMapping", in: runtime) == [0xF8, 0xE6], "no decomposition")
    let length = try runtime.msgSend(bridging: .string("é"), "decomposedStringWithCanonicalMapping").stringValue?.utf16.count
    #expect(length == 2)
  }

  @Test func composingJoinsALetterAndItsMarksAndPutsMarksInCanonicalOrder() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try scalars("cafe\u{301}", "precomposedStringWithCanonicalMapping", in: runtime) == [0x63, 0x61, 0x66, 0xE9])
    #expect(try scalars("Z\u{30C}", "precomposedStringWithCanonicalMapping", in: runtime) == [0x17D])
    // A below mark (class 220) sorts before an above one (230); ņ has no acute form, so it stays a mark.
    #expect(try scalars("n\u{301}\u{327}", "decomposedStringWithCanonicalMapping", in: runtime) == [0x6E, 0x327, 0x301])
    #expect(try scalars("n\u{301}\u{327}", "precomposedStringWithCanonicalMapping", in: runtime) == [0x146, 0x301])
    // Two marks of one class keep their order; only the first joins the letter.
    #expect(try scalars("a\u{301}\u{300}", "precomposedStringWithCanonicalMapping", in: runtime) == [0xE1, 0x300])
  }

  @Test func compatibilityFormsAlsoUnfoldLigaturesSuperscriptsAndFractions() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try scalars("ĳ²½\u{A0}ſ", "decomposedStringWithCompatibilityMapping", in: runtime) == [0x69, 0x6A, 0x32, 0x31, 0x2044, 0x32, 0x20, 0x73])
    #expect(try scalars("ĳ²", "decomposedStringWithCanonicalMapping", in: runtime) == [0x133, 0xB2], "canonical forms keep them")
    #expect(try scalars("e\u{301}ª", "precomposedStringWithCompatibilityMapping", in: runtime) == [0xE9, 0x61])
  }

  @Test func normalizedFormsAreEqualStringsOfTheOriginal() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let decomposed = try runtime.msgSend(bridging: "Ærøskøbing café", "decomposedStringWithCanonicalMapping")
    #expect(try runtime.msgSend(bridging: "Ærøskøbing café", "compare:", decomposed) == 0)
    #expect(try runtime.msgSend(bridging: "Ærøskøbing café", "isEqualToString:", decomposed) == false, "literally different")
  }
}
