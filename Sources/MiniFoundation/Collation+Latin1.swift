// Collation+Latin1.swift: the collation elements of the 256 characters of Latin-1, in the root
// collation's order (Collation.swift says how they are compared).
//
// Docs: docs/foundation.md#localized-comparisons. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound10CollationTests.swift.
//
// Stateless: one immutable table, built once.

extension Collation {
  /// Whitespace and punctuation, in the root order (each its own primary).
  static let punctuationOrder = "\t\n\u{B}\u{C}\r\u{85} _-,;:!¡?¿.·'\"«»()[]{}§¶@*/\\&#%"
  /// Symbols, in the root order.
  static let symbolOrder = "`´^¯¨¸°©®+±÷×<=>¬|¦~"
  /// Currency signs, in the root order.
  static let currencyOrder = "¤¢$£¥"

  /// The base letter and accent of each accented letter of Latin-1 (its lowercase form; the
  /// capital is the same with an upper-case tertiary).
  static let latin1Accented: [(Character, Character, UInt32)] = [
    ("à", "a", 0x300), ("á", "a", 0x301), ("â", "a", 0x302), ("ã", "a", 0x303), ("ä", "a", 0x308), ("å", "a", 0x30A),
    ("ç", "c", 0x327), ("è", "e", 0x300), ("é", "e", 0x301), ("ê", "e", 0x302), ("ë", "e", 0x308),
    ("ì", "i", 0x300), ("í", "i", 0x301), ("î", "i", 0x302), ("ï", "i", 0x308), ("ñ", "n", 0x303),
    ("ò", "o", 0x300), ("ó", "o", 0x301), ("ô", "o", 0x302), ("õ", "o", 0x303), ("ö", "o", 0x308), ("ø", "o", 0x338),
    ("ù", "u", 0x300), ("ú", "u", 0x301), ("û", "u", 0x302), ("ü", "u", 0x308), ("ý", "y", 0x301), ("ÿ", "y", 0x308),
  ]

  /// U+2044 FRACTION SLASH, of `½`: a symbol after Latin-1's, as every other symbol is.
  static let fractionSlash = Element(primary: Primary.otherSymbol + 0x2044)

  /// Elements of every Latin-1 character, indexed by its code.
  static let latin1: [[Element]] = {
    var table = Array(repeating: [Element](), count: 256)  // controls and the soft hyphen: ignorable
    func code(_ character: Character) -> Int { Int(character.unicodeScalars.first?.value ?? 0) }
    for (order, start) in [(punctuationOrder, Primary.punctuation), (symbolOrder, Primary.symbol), (currencyOrder, Primary.currency)] {
      for (rank, scalar) in order.unicodeScalars.enumerated() { table[Int(scalar.value)] = [Element(primary: start + UInt32(rank) * 16)] }
    }
    table[0xA0] = [Element(primary: table[0x20][0].primary, tertiary: Tertiary.variant)]  // no-break space
    for digit in 0...9 { table[0x30 + digit] = [Element(primary: Primary.digit + UInt32(digit))] }
    for (code, digit) in [(0xB9, 1), (0xB2, 2), (0xB3, 3)] {  // superscripts
      table[code] = [Element(primary: Primary.digit + UInt32(digit), tertiary: Tertiary.variant)]
    }
    for (code, numerator, denominator) in [(0xBC, 1, 4), (0xBD, 1, 2), (0xBE, 3, 4)] {
      table[code] = [
        Element(primary: Primary.digit + UInt32(numerator), tertiary: Tertiary.variant), fractionSlash,
        Element(primary: Primary.digit + UInt32(denominator), tertiary: Tertiary.variant),
      ]
    }
    for letter in 0..<26 {
      let primary = Primary.latin + UInt32(letter) * 16
      table[0x61 + letter] = [Element(primary: primary)]
      table[0x41 + letter] = [Element(primary: primary, tertiary: Tertiary.upper)]
    }
    for (accented, base, accent) in latin1Accented {
      let lower = code(accented)
      let element = Element(primary: Primary.latin(base))
      let mark = Element(primary: 0, secondary: Secondary.accent(accent))
      table[lower] = [element, mark]
      if lower != 0xFF {  // ÿ's capital is outside Latin-1
        table[lower - 0x20] = [Element(primary: element.primary, tertiary: Tertiary.upper), mark]
      }
    }
    let eth = Element(primary: 0, secondary: Secondary.eth)  // ð is d with a mark after every accent
    table[0xF0] = [Element(primary: Primary.latin("d")), eth]
    table[0xD0] = [Element(primary: Primary.latin("d"), tertiary: Tertiary.upper), eth]
    table[0xFE] = [Element(primary: Primary.latin("z", after: 8))]  // þ
    table[0xDE] = [Element(primary: Primary.latin("z", after: 8), tertiary: Tertiary.upper)]
    // æ is ae with a mark after every accent between the letters; ß is ss so.
    let mark = Element(primary: 0, secondary: Secondary.ligature)
    table[0xE6] = [Element(primary: Primary.latin("a")), mark, Element(primary: Primary.latin("e"))]
    table[0xC6] = [Element(primary: Primary.latin("a"), tertiary: Tertiary.upper), mark, Element(primary: Primary.latin("e"), tertiary: Tertiary.upper)]
    table[0xDF] = [Element(primary: Primary.latin("s")), mark, Element(primary: Primary.latin("s"))]
    table[0xAA] = [Element(primary: Primary.latin("a"), tertiary: Tertiary.variant)]  // ª
    table[0xBA] = [Element(primary: Primary.latin("o"), tertiary: Tertiary.variant)]  // º
    table[0xB5] = [Element(primary: Primary.otherLetter + 0x3BC, tertiary: Tertiary.variant)]  // µ is Greek mu
    return table
  }()
}
