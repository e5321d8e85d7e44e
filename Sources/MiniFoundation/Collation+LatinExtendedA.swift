// Collation+LatinExtendedA.swift: the collation elements of Latin Extended-A (U+0100-U+017F),
// the letters of Central European and Baltic languages and Turkish (Collation.swift says how
// they are compared).
//
// Docs: docs/foundation.md#localized-comparisons. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound10CollationTests.swift.
//
// Most are a Latin letter and an accent (Unicode's canonical decomposition); the rest are a
// letter with a mark (đ, ħ, ł, ŀ, ſ), ligatures as œ is (oe and a mark), or letters of their own
// (ı after i, ĸ after q, ŋ after n, ŧ after t), as CoreFoundation orders them. Stateless: one
// immutable table, built once.

extension Collation {
  /// Each decomposable letter: its code, its base letter (a capital for a capital), its accent.
  static let latinExtendedADecompositions: [(UInt32, Character, UInt32)] = [
    (0x100, "A", 0x304), (0x101, "a", 0x304), (0x102, "A", 0x306), (0x103, "a", 0x306), (0x104, "A", 0x328),
    (0x105, "a", 0x328), (0x106, "C", 0x301), (0x107, "c", 0x301), (0x108, "C", 0x302), (0x109, "c", 0x302),
    (0x10A, "C", 0x307), (0x10B, "c", 0x307), (0x10C, "C", 0x30C), (0x10D, "c", 0x30C), (0x10E, "D", 0x30C),
    (0x10F, "d", 0x30C), (0x112, "E", 0x304), (0x113, "e", 0x304), (0x114, "E", 0x306), (0x115, "e", 0x306),
    (0x116, "E", 0x307), (0x117, "e", 0x307), (0x118, "E", 0x328), (0x119, "e", 0x328), (0x11A, "E", 0x30C),
    (0x11B, "e", 0x30C), (0x11C, "G", 0x302), (0x11D, "g", 0x302), (0x11E, "G", 0x306), (0x11F, "g", 0x306),
    (0x120, "G", 0x307), (0x121, "g", 0x307), (0x122, "G", 0x327), (0x123, "g", 0x327), (0x124, "H", 0x302),
    (0x125, "h", 0x302), (0x128, "I", 0x303), (0x129, "i", 0x303), (0x12A, "I", 0x304), (0x12B, "i", 0x304),
    (0x12C, "I", 0x306), (0x12D, "i", 0x306), (0x12E, "I", 0x328), (0x12F, "i", 0x328), (0x130, "I", 0x307),
    (0x134, "J", 0x302), (0x135, "j", 0x302), (0x136, "K", 0x327), (0x137, "k", 0x327), (0x139, "L", 0x301),
    (0x13A, "l", 0x301), (0x13B, "L", 0x327), (0x13C, "l", 0x327), (0x13D, "L", 0x30C), (0x13E, "l", 0x30C),
    (0x143, "N", 0x301), (0x144, "n", 0x301), (0x145, "N", 0x327), (0x146, "n", 0x327), (0x147, "N", 0x30C),
    (0x148, "n", 0x30C), (0x14C, "O", 0x304), (0x14D, "o", 0x304), (0x14E, "O", 0x306), (0x14F, "o", 0x306),
    (0x150, "O", 0x30B), (0x151, "o", 0x30B), (0x154, "R", 0x301), (0x155, "r", 0x301), (0x156, "R", 0x327),
    (0x157, "r", 0x327), (0x158, "R", 0x30C), (0x159, "r", 0x30C), (0x15A, "S", 0x301), (0x15B, "s", 0x301),
    (0x15C, "S", 0x302), (0x15D, "s", 0x302), (0x15E, "S", 0x327), (0x15F, "s", 0x327), (0x160, "S", 0x30C),
    (0x161, "s", 0x30C), (0x162, "T", 0x327), (0x163, "t", 0x327), (0x164, "T", 0x30C), (0x165, "t", 0x30C),
    (0x168, "U", 0x303), (0x169, "u", 0x303), (0x16A, "U", 0x304), (0x16B, "u", 0x304), (0x16C, "U", 0x306),
    (0x16D, "u", 0x306), (0x16E, "U", 0x30A), (0x16F, "u", 0x30A), (0x170, "U", 0x30B), (0x171, "u", 0x30B),
    (0x172, "U", 0x328), (0x173, "u", 0x328), (0x174, "W", 0x302), (0x175, "w", 0x302), (0x176, "Y", 0x302),
    (0x177, "y", 0x302), (0x178, "Y", 0x308), (0x179, "Z", 0x301), (0x17A, "z", 0x301), (0x17B, "Z", 0x307),
    (0x17C, "z", 0x307), (0x17D, "Z", 0x30C), (0x17E, "z", 0x30C),
  ]

  /// Elements of U+0100-U+017F, indexed by the code minus 0x100.
  static let latinExtendedA: [[Element]] = {
    var table = Array(repeating: [Element](), count: 0x80)
    func letter(_ base: Character, upper: Bool, after: UInt32 = 0) -> Element {
      Element(primary: Primary.latin(base, after: after), tertiary: upper ? Tertiary.upper : Tertiary.lower)
    }
    for (code, base, accent) in latinExtendedADecompositions {
      let lower = Character(base.lowercased())
      table[Int(code) - 0x100] = [letter(lower, upper: base.isUppercase), Element(primary: 0, secondary: Secondary.accent(accent))]
    }
    // A letter with a mark after every accent: Đđ Ħħ Łł (a stroke), Ŀŀ and ſ (long s) (the mark of ð).
    for (code, base, weight) in [(0x110, "d", Secondary.stroke), (0x126, "h", Secondary.stroke), (0x13F, "l", Secondary.eth), (0x141, "l", Secondary.stroke)]
      as [(Int, Character, UInt16)]
    {
      table[code - 0x100] = [letter(base, upper: true), Element(primary: 0, secondary: weight)]
      table[code + 1 - 0x100] = [letter(base, upper: false), Element(primary: 0, secondary: weight)]
    }
    table[0x17F - 0x100] = [letter("s", upper: false), Element(primary: 0, secondary: Secondary.eth)]
    // Letters of their own, just after a Latin letter: ı, ĸ, Ŋŋ, Ŧŧ.
    table[0x131 - 0x100] = [letter("i", upper: false, after: 8)]
    table[0x138 - 0x100] = [letter("q", upper: false, after: 8)]
    for (code, base) in [(0x14A, "n"), (0x166, "t")] as [(Int, Character)] {
      table[code - 0x100] = [letter(base, upper: true, after: 8)]
      table[code + 1 - 0x100] = [letter(base, upper: false, after: 8)]
    }
    // Ĳĳ is ij; Œœ is oe with the mark of æ; ŉ is an apostrophe (a letter after the Latin ones), then n.
    table[0x132 - 0x100] = [letter("i", upper: true), letter("j", upper: true)]
    table[0x133 - 0x100] = [letter("i", upper: false), letter("j", upper: false)]
    let ligature = Element(primary: 0, secondary: Secondary.ligature)
    table[0x152 - 0x100] = [letter("o", upper: true), ligature, letter("e", upper: true)]
    table[0x153 - 0x100] = [letter("o", upper: false), ligature, letter("e", upper: false)]
    table[0x149 - 0x100] = [Element(primary: Primary.otherLetter + 0x2BC), letter("n", upper: false)]
    return table
  }()
}
