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
// MiniFoundation does not carry, so it is refused with NSInvalidArgumentException.

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

  /// The encoding an `NSStringEncoding` argument names, or NSInvalidArgumentException.
  static func encoding(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> Kind {
    switch value.bridged.intValue {
    case 1: return .ascii  // NSASCIIStringEncoding
    case 4: return .utf8  // NSUTF8StringEncoding
    case 5: return .latin1  // NSISOLatin1StringEncoding
    case 10, 0x9000_0100, 0x9400_0100: return .utf16  // NSUTF16 (NSUnicode), BigEndian, LittleEndian
    case 0x8c00_0100, 0x9800_0100, 0x9c00_0100: return .utf32  // NSUTF32, BigEndian, LittleEndian
    default:
      throw FoundationError(
        .invalidArgument, "*** \(Message.name(receiver, selector)): encoding \(value) is not supported")
    }
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
