// NSString+Encodings.swift: how many bytes a string takes in an encoding, whether it fits one,
// and its C string in one.
//
// Docs: docs/foundation.md#string-encodings. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound8CollectionTests.swift.
//
// Stateless. The encodings are the Unicode ones and the two 8-bit ones whose answer follows from
// the characters alone: ASCII (1), ISO Latin 1 (5), UTF-8 (4), UTF-16 (10 and its BE and LE
// forms), UTF-32 (and BE, LE). A string that an encoding cannot hold takes 0 bytes in it and has
// no C string in it (nil), as Apple documents. Any other encoding needs a conversion table
// MiniFoundation does not carry, so it is refused with NSInvalidArgumentException. The class side
// lists the encodings (`+availableStringEncodings`), names them and answers the C-string
// encoding (decision 0051).

enum NSStringEncodings {
  static let all: [MethodEntry] = [
    MethodEntry("lengthOfBytesUsingEncoding:", "Q24@0:8Q16") { receiver, selector, arguments in
      let text = try NSStringMethods.text(receiver, selector)
      return .uint64(UInt64(byteCount(text, try encoding(arguments[0], receiver, selector)) ?? 0))
    },
    MethodEntry("maximumLengthOfBytesUsingEncoding:", "Q24@0:8Q16") { receiver, selector, arguments in
      let length = try NSStringMethods.text(receiver, selector).utf16.count
      return .uint64(UInt64(length * maximumBytesPerUnit(try encoding(arguments[0], receiver, selector))))
    },
    MethodEntry("canBeConvertedToEncoding:", "B24@0:8Q16") { receiver, selector, arguments in
      let text = try NSStringMethods.text(receiver, selector)
      return .bool(byteCount(text, try encoding(arguments[0], receiver, selector)) != nil)
    },
    MethodEntry("cStringUsingEncoding:", "r*24@0:8Q16") { receiver, selector, arguments in
      let text = try NSStringMethods.text(receiver, selector)
      let kind = try encoding(arguments[0], receiver, selector)
      guard kind == .utf8 || kind == .ascii else {
        throw FoundationError(
          .invalidArgument,
          "*** \(Message.name(receiver, selector)): only UTF-8 and ASCII C strings are supported (a char * cannot hold the others' zero bytes here)"
        )
      }
      return byteCount(text, kind) == nil ? .nil : .cString(text)
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
  /// bytes read in an 8-bit encoding (UTF-8, ASCII, Latin 1); nil when they are not valid in it.
  static let initializer = MethodEntry("initWithCString:encoding:", "@32@0:8r*16Q24") { receiver, selector, arguments in
    guard let text = arguments[0].cStringValue else {
      throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): NULL cString")
    }
    let bytes = Array(text.utf8)
    let decoded: String?
    switch try encoding(arguments[1], receiver, selector) {
    case .utf8: decoded = text
    case .ascii: decoded = bytes.allSatisfy { $0 < 128 } ? text : nil
    case .latin1: decoded = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    case .utf16, .utf32:
      throw FoundationError(
        .invalidArgument,
        "*** \(Message.name(receiver, selector)): a C string holds 8-bit units; use UTF-8, ASCII or Latin 1")
    }
    guard let decoded else { return .nil }
    return try Runtime.msgSend(receiver, "initWithString:", .string(decoded))
  }

  enum Kind { case ascii, latin1, utf8, utf16, utf32 }

  /// The encodings MiniFoundation converts, in the order `+availableStringEncodings` lists them:
  /// CoreFoundation's own order, by its encoding number (UTF-16 is its 0x100, UTF-8 0x08000100,
  /// Latin 1 0x201, ASCII 0x600), which puts them as Apple's list does.
  static let available: [(number: UInt64, kind: Kind)] = [
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
    case .ascii, .latin1: return 1
    case .utf16: return 2
    case .utf8: return 3
    case .utf32: return 4
    }
  }

  /// The bytes `text` takes in `kind` (without a byte order mark or terminator), or nil if it
  /// cannot be written in it.
  static func byteCount(_ text: String, _ kind: Kind) -> Int? {
    switch kind {
    case .ascii: return text.unicodeScalars.allSatisfy(\.isASCII) ? text.unicodeScalars.count : nil
    case .latin1: return text.unicodeScalars.allSatisfy { $0.value < 256 } ? text.unicodeScalars.count : nil
    case .utf8: return text.utf8.count
    case .utf16: return text.utf16.count * 2
    case .utf32: return text.unicodeScalars.count * 4
    }
  }
}
