// NSString+PercentEncoding.swift: percent-encoding a string for a URL component, and the
// character sets of what each component allows (NSURL.h's NSCharacterSet and NSString
// additions: `URLQueryAllowedCharacterSet`, `stringByAddingPercentEncodingWithAllowedCharacters:`,
// `stringByRemovingPercentEncoding`).
//
// Docs: docs/foundation.md#character-sets. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound9CharacterSetTests.swift.
//
// Stateless. Each allowed set is ASCII only: RFC 3986's unreserved characters and the delimiters
// the component may hold unescaped, as Foundation's sets hold them. Encoding writes every
// character outside the set as the `%XX` of each of its UTF-8 bytes (upper-case hex); decoding
// answers nil for a `%` not followed by two hex digits, or bytes that are not UTF-8, as Apple's
// does.

enum NSStringPercentEncoding {
  /// ASCII letters and digits, which every component allows.
  private static let alphanumerics = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

  /// The class methods of NSCharacterSet for URL components, each with the characters it allows
  /// besides letters and digits.
  static let characterSets: [MethodEntry] = [
    ("URLFragmentAllowedCharacterSet", "!$&'()*+,-./:;=?@_~"),
    ("URLQueryAllowedCharacterSet", "!$&'()*+,-./:;=?@_~"),
    ("URLPathAllowedCharacterSet", "!$&'()*+,-./:=@_~"),
    ("URLHostAllowedCharacterSet", "!$&'()*+,-.:;=[]_~"),
    ("URLUserAllowedCharacterSet", "!$&'()*+,-.;=_~"),
    ("URLPasswordAllowedCharacterSet", "!$&'()*+,-.;=_~"),
  ].map { name, delimiters in
    MethodEntry(Selector(interning: name), "@16@0:8") { receiver, _, _ in
      try NSCharacterSetMethods.make(.characters(in: alphanumerics + delimiters), for: receiver)
    }
  }

  static let all: [MethodEntry] = [
    MethodEntry("stringByAddingPercentEncodingWithAllowedCharacters:", "@24@0:8@16") { receiver, selector, arguments in
      let isAllowed = try NSCharacterSetMethods.membership(arguments[0], receiver, selector)
      let text = try NSStringMethods.text(receiver, selector)
      var encoded = ""
      for scalar in text.unicodeScalars {
        if try isAllowed(scalar.value) {
          encoded.unicodeScalars.append(scalar)
        } else {
          for byte in String(scalar).utf8 { encoded += "%" + hex(byte >> 4) + hex(byte & 0xF) }
        }
      }
      return .string(encoded)
    },
    MethodEntry("stringByRemovingPercentEncoding", "@16@0:8") { receiver, selector, _ in
      let bytes = Array(try NSStringMethods.text(receiver, selector).utf8)
      var decoded: [UInt8] = []
      var index = 0
      while index < bytes.count {
        guard bytes[index] == UInt8(ascii: "%") else {
          decoded.append(bytes[index])
          index += 1
          continue
        }
        guard index + 2 < bytes.count, let high = digit(bytes[index + 1]), let low = digit(bytes[index + 2]) else {
          return .nil  // a % without two hex digits
        }
        decoded.append(high << 4 | low)
        index += 3
      }
      guard let text = String(validating: decoded, as: UTF8.self) else { return .nil }  // not UTF-8
      return .string(text)
    },
  ]

  private static func hex(_ nibble: UInt8) -> String { String(nibble, radix: 16, uppercase: true) }

  private static func digit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
