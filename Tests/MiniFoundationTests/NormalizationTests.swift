// NormalizationTests.swift: NSString's normalization messages (Unicode forms D, C, KD and KC),
// with the answers Unicode's data gives, for Latin letters and beyond (Hangul, Greek, Cyrillic,
// Vietnamese, ligatures, fullwidth forms, singletons and composition exclusions).

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

  @Test func hangulSyllablesSplitIntoJamoAndJoinBackByArithmetic() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try scalars("한", "decomposedStringWithCanonicalMapping", in: runtime) == [0x1112, 0x1161, 0x11AB])
    #expect(try scalars("\u{1112}\u{1161}\u{11AB}", "precomposedStringWithCanonicalMapping", in: runtime) == [0xD55C])
    #expect(try scalars("\u{AC00}\u{11A8}", "precomposedStringWithCanonicalMapping", in: runtime) == [0xAC01], "LV + T")
    #expect(try scalars("\u{1108}\u{1176}", "precomposedStringWithCanonicalMapping", in: runtime) == [0x1108, 0x1176],
      "U+1176 is an old vowel: no syllable")
    #expect(try scalars("㉮", "precomposedStringWithCompatibilityMapping", in: runtime) == [0xAC00])
  }

  @Test func greekCyrillicAndVietnameseLettersDecomposeAndCompose() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try scalars("άй", "decomposedStringWithCanonicalMapping", in: runtime) == [0x3B1, 0x301, 0x438, 0x306])
    #expect(try scalars("\u{3B1}\u{301}\u{438}\u{306}", "precomposedStringWithCanonicalMapping", in: runtime)
      == [0x3AC, 0x439])
    #expect(try scalars("ệ", "decomposedStringWithCanonicalMapping", in: runtime) == [0x65, 0x323, 0x302])
    #expect(try scalars("e\u{302}\u{323}", "precomposedStringWithCanonicalMapping", in: runtime) == [0x1EC7],
      "marks sorted, then both join")
    #expect(try scalars("ǖ", "decomposedStringWithCanonicalMapping", in: runtime) == [0x75, 0x308, 0x304])
    #expect(try scalars("ç\u{301}", "precomposedStringWithCanonicalMapping", in: runtime) == [0x1E09], "ḉ")
  }

  @Test func singletonsAndCompositionExclusionsDecomposeButNeverCompose() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try scalars("\u{212B}", "decomposedStringWithCanonicalMapping", in: runtime) == [0x41, 0x30A])
    #expect(try scalars("\u{212B}", "precomposedStringWithCanonicalMapping", in: runtime) == [0xC5], "ANGSTROM SIGN is Å")
    #expect(try scalars("\u{958}", "precomposedStringWithCanonicalMapping", in: runtime) == [0x915, 0x93C])
    #expect(try scalars("\u{915}\u{93C}", "precomposedStringWithCanonicalMapping", in: runtime) == [0x915, 0x93C])
  }

  @Test func compatibilityFormsUnfoldLigaturesFullwidthAndHalfwidthForms() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try scalars("ﬁＡｂ１", "precomposedStringWithCompatibilityMapping", in: runtime) == [0x66, 0x69, 0x41, 0x62, 0x31])
    #expect(try scalars("ﬁ", "decomposedStringWithCompatibilityMapping", in: runtime) == [0x66, 0x69])
    #expect(try scalars("ﬁ", "precomposedStringWithCanonicalMapping", in: runtime) == [0xFB01], "canonical forms keep it")
    #expect(try scalars("ｶﾞ", "precomposedStringWithCompatibilityMapping", in: runtime) == [0x30AC], "halfwidth ka and voicing: ガ")
  }

  @Test func asciiTextComesBackUnchangedInEveryForm() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    for selector: Selector in [
      "decomposedStringWithCanonicalMapping", "precomposedStringWithCanonicalMapping",
      "decomposedStringWithCompatibilityMapping", "precomposedStringWithCompatibilityMapping",
    ] {
      #expect(try runtime.msgSend(bridging: "plain ASCII, 42!", selector).stringValue == "plain ASCII, 42!")
    }
  }
}
