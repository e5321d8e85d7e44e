// NSString+Encodings.swift: how many bytes a string takes in an encoding, whether it fits one,
// and its C string in one.
//
// Docs: docs/foundation.md#string-encodings. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound8CollectionTests.swift,
// Tests/MiniFoundationTests/FoundationBehaviourRound23MacRomanTests.swift,
// Tests/MiniFoundationTests/FoundationBehaviourRound24CStringTests.swift.
//
// Stateless. The encodings are the Unicode ones and the three 8-bit ones whose answer follows
// from the characters alone: ASCII (1), ISO Latin 1 (5), Mac Roman (30, MacRoman.swift's table),
// UTF-8 (4), UTF-16 (10 and its BE and LE forms), UTF-32 (and BE, LE). A string that an encoding
// cannot hold takes 0 bytes in it and has no C string in it (nil), as Apple documents; a C string
// is its bytes, whatever they are (decision 0049). Any other
// encoding needs a conversion table MiniFoundation does not carry, so it is refused with
// NSInvalidArgumentException. The class side lists the encodings (`+availableStringEncodings`),
// names them and answers the C-string encoding (decision 0051).

enum NSStringEncodings {
  static let all: [MethodEntry] = [
    MethodEntry("lengthOfBytesUsingEncoding:", "Q24@0:8Q16") { receiver, selector, arguments in
      let text = try NSStringMethods.stringText(receiver, selector)
      return .uint64(UInt64(byteCount(text, try encoding(arguments[0], receiver, selector)) ?? 0))
    },
    MethodEntry("maximumLengthOfBytesUsingEncoding:", "Q24@0:8Q16") { receiver, selector, arguments in
      let length = try NSStringMethods.stringText(receiver, selector).count
      return .uint64(UInt64(length * maximumBytesPerUnit(try encoding(arguments[0], receiver, selector))))
    },
    MethodEntry("canBeConvertedToEncoding:", "B24@0:8Q16") { receiver, selector, arguments in
      let text = try NSStringMethods.stringText(receiver, selector)
      return .bool(byteCount(text, try encoding(arguments[0], receiver, selector)) != nil)
    },
    MethodEntry("cStringUsingEncoding:", "r*24@0:8Q16") { receiver, selector, arguments in
      let text = try NSStringMethods.stringText(receiver, selector)
      guard let bytes = try cStringBytes(text, arguments[0], receiver, selector) else { return .nil }
      return .cString(CString(bytes: bytes))  // any byte: Latin 1's 0xE9 for "é" (decision 0049)
    },
  ]

  /// The class side: which encodings there are, their names, and the C-string encoding.
  static let classSide: [MethodEntry] = [
    MethodEntry("availableStringEncodings", "r^Q16@0:8") { _, _, _ in
      // A zero-terminated C array (decision 0047): a pointer to its slots, the 0 last.
      .swiftObject(VariablePointer(.cArray(available.map { .uint64($0.number) } + [.uint64(0)])))
    },
    MethodEntry("localizedNameOfStringEncoding:", "@24@0:8Q16") { _, _, arguments in
      let number = arguments[0].bridged.intValue.map { UInt64(truncatingIfNeeded: $0) }
      return .string(number.flatMap { names[$0] } ?? "")  // an unknown encoding has no name
    },
    MethodEntry("defaultCStringEncoding", "Q16@0:8") { _, _, _ in
      .uint64(30)  // NSMacOSRomanStringEncoding: an English-language Mac's (decision 0051)
    },
  ]

  /// The English names of the encodings `NSString.h` names (CoreFoundation's names for them).
  static let names: [UInt64: String] = [
    1: "Western (ASCII)", 2: "Western (NextStep)", 3: "Japanese (EUC)", 4: "Unicode (UTF-8)",
    5: "Western (ISO Latin 1)", 6: "Symbol (Mac OS)", 7: "Non-lossy ASCII", 8: "Japanese (Windows, DOS)",
    9: "Central European (ISO Latin 2)", 10: "Unicode (UTF-16)", 11: "Cyrillic (Windows)",
    12: "Western (Windows Latin 1)", 13: "Greek (Windows)", 14: "Turkish (Windows Latin 5)",
    15: "Central European (Windows Latin 2)", 21: "Japanese (ISO 2022-JP)", 30: "Western (Mac OS Roman)",
    0x9000_0100: "Unicode (UTF-16BE)", 0x9400_0100: "Unicode (UTF-16LE)", 0x8c00_0100: "Unicode (UTF-32)",
    0x9800_0100: "Unicode (UTF-32BE)", 0x9c00_0100: "Unicode (UTF-32LE)",
  ]

  /// `-initWithCString:encoding:` (and `+stringWithCString:encoding:` through it): the C string's
  /// bytes read in an 8-bit encoding (UTF-8, ASCII, Latin 1, Mac Roman); nil when they are not
  /// valid in it (decision 0049).
  static let initializer = MethodEntry("initWithCString:encoding:", "@32@0:8r*16Q24") { receiver, selector, arguments in
    guard let bytes = arguments[0].cStringBytes else {
      throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): NULL cString")
    }
    let kind = try encoding(arguments[1], receiver, selector)
    let decoded: String?
    switch kind {
    case .utf8: decoded = String(validating: bytes, as: UTF8.self)  // nil for bytes that are not UTF-8
    case .ascii, .latin1, .macRoman: decoded = eightBitText(bytes, kind)
    case .utf16, .utf32:
      throw FoundationError(
        .invalidArgument,
        "*** \(Message.name(receiver, selector)): a C string holds 8-bit units; use UTF-8, ASCII, Latin 1 or Mac Roman")
    }
    guard let decoded else { return .nil }
    return try Runtime.msgSend(receiver, "initWithString:", .string(decoded))
  }

  enum Kind {
    case ascii, latin1, macRoman, utf8, utf16, utf32

    /// ASCII, Latin 1 and Mac Roman: one byte a character.
    var isEightBit: Bool { self == .ascii || self == .latin1 || self == .macRoman }

    /// In an 8-bit encoding, the byte of a character; nil when it has none (or the encoding is
    /// not 8-bit).
    func byte(_ scalar: Unicode.Scalar) -> UInt8? {
      switch self {
      case .ascii: return scalar.isASCII ? UInt8(scalar.value) : nil
      case .latin1: return scalar.value < 0x100 ? UInt8(scalar.value) : nil
      case .macRoman: return MacRoman.byte(scalar)
      case .utf8, .utf16, .utf32: return nil
      }
    }

    /// In an 8-bit encoding, the character of a byte; nil when it stands for none (ASCII past
    /// 127, as Apple documents `NSASCIIStringEncoding`; or the encoding is not 8-bit).
    func scalar(_ byte: UInt8) -> Unicode.Scalar? {
      switch self {
      case .ascii: return byte < 0x80 ? Unicode.Scalar(byte) : nil
      case .latin1: return Unicode.Scalar(byte)
      case .macRoman: return MacRoman.scalar(byte)
      case .utf8, .utf16, .utf32: return nil
      }
    }
  }

  /// The bytes of `text`'s C string (without the NUL) in the encoding `value` names, nil when
  /// the encoding cannot hold it: UTF-8 or an 8-bit encoding (none holds a lone surrogate);
  /// UTF-16 and UTF-32 have zero bytes and are refused with NSInvalidArgumentException.
  static func cStringBytes(
    _ text: StringText, _ value: Value, _ receiver: Object, _ selector: Selector
  ) throws(FoundationError) -> [UInt8]? {
    let kind = try encoding(value, receiver, selector)
    if kind == .utf8 { return text.string.map { Array($0.utf8) } }
    guard kind.isEightBit else {
      throw FoundationError(
        .invalidArgument,
        "*** \(Message.name(receiver, selector)): a C string holds 8-bit units; UTF-16 and UTF-32 have zero bytes")
    }
    return text.string.flatMap { eightBitBytes($0, kind) }
  }

  /// The bytes of `text` in an 8-bit encoding, nil when it cannot hold them.
  static func eightBitBytes(_ text: String, _ kind: Kind) -> [UInt8]? {
    var bytes: [UInt8] = []
    for scalar in text.unicodeScalars {
      guard let byte = kind.byte(scalar) else { return nil }
      bytes.append(byte)
    }
    return bytes
  }

  /// The text `bytes` spell in an 8-bit encoding, nil when one stands for no character.
  static func eightBitText(_ bytes: [UInt8], _ kind: Kind) -> String? {
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      guard let scalar = kind.scalar(byte) else { return nil }
      scalars.append(scalar)
    }
    return String(scalars)
  }

  /// The encodings MiniFoundation converts, in the order `+availableStringEncodings` lists them:
  /// CoreFoundation's own order, by its encoding number (UTF-16 is its 0x100, UTF-8 0x08000100,
  /// Latin 1 0x201, ASCII 0x600; Mac Roman is its 0), which puts them as Apple's list does.
  static let available: [(number: UInt64, kind: Kind)] = [
    (30, .macRoman),  // NSMacOSRomanStringEncoding (CoreFoundation's 0)
    (10, .utf16),  // NSUTF16StringEncoding (NSUnicodeStringEncoding)
    (4, .utf8),  // NSUTF8StringEncoding
    (0x8c00_0100, .utf32),  // NSUTF32StringEncoding
    (0x9000_0100, .utf16), (0x9400_0100, .utf16),  // NSUTF16BigEndian, LittleEndian
    (0x9800_0100, .utf32), (0x9c00_0100, .utf32),  // NSUTF32BigEndian, LittleEndian
    (5, .latin1),  // NSISOLatin1StringEncoding
    (1, .ascii),  // NSASCIIStringEncoding
  ]

  /// The encoding an `NSStringEncoding` argument names, or NSInvalidArgumentException.
  static func encoding(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> Kind {
    guard let number = value.bridged.intValue, let entry = available.first(where: { $0.number == UInt64(truncatingIfNeeded: number) }) else {
      throw FoundationError(
        .invalidArgument, "*** \(Message.name(receiver, selector)): encoding \(value) is not supported")
    }
    return entry.kind
  }

  /// The most bytes one UTF-16 unit can take in `kind` (a length times it bounds any string of
  /// that length, as `maximumLengthOfBytesUsingEncoding:` answers): 3 in UTF-8, 1 in the 8-bit ones.
  static func maximumBytesPerUnit(_ kind: Kind) -> Int {
    switch kind {
    case .ascii, .latin1, .macRoman: return 1
    case .utf16: return 2
    case .utf8: return 3
    case .utf32: return 4
    }
  }

  /// The bytes `text` takes in `kind` (without a byte order mark or terminator), or nil if it
  /// cannot be written in it: only UTF-16 holds a lone surrogate.
  static func byteCount(_ text: StringText, _ kind: Kind) -> Int? {
    guard case .string(let text) = text else { return kind == .utf16 ? text.count * 2 : nil }
    switch kind {
    case .ascii, .latin1, .macRoman: return text.unicodeScalars.allSatisfy { kind.byte($0) != nil } ? text.unicodeScalars.count : nil
    case .utf8: return text.utf8.count
    case .utf16: return text.utf16.count * 2
    case .utf32: return text.unicodeScalars.count * 4
    }
  }
}
