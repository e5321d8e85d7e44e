// CString.swift: the bytes of a C string, what a `char *` value carries (decision 0049).
//
// Docs: docs/runtime.md#values, docs/decisions/0049-a-c-string-is-bytes.md.
// Tests: Tests/MiniRuntimeTests/CStringTests.swift.
//
// A C string is the bytes before its first NUL, in whatever encoding wrote them: Latin 1's 0xE9
// for "é" is one as much as UTF-8's C3 A9. A Swift `String` holds only valid UTF-8, so the bytes
// are kept as bytes, and text is a reading of them (UTF-8 here; MiniFoundation reads the others).

/// The bytes of a C string (`char *`), without the terminating NUL.
///
/// ```swift
/// let name: CString = "Ann"                 // the UTF-8 of a literal
/// CString(bytes: [0x63, 0x61, 0x66, 0xE9])  // "café" in Latin 1, which is not UTF-8
///   .text                                   // nil: no UTF-8 reading
/// CString(bytes: [0x61, 0, 0x62]).bytes     // [0x61]: a C string ends at its first NUL
/// ```
///
/// Equal C strings have equal bytes, as `strcmp` compares.
///
/// Objective-C: none (a `char *` and the bytes it points to).
public struct CString: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The bytes, without the NUL; none of them is zero.
  ///
  /// Objective-C: none (the bytes up to `strlen`).
  public let bytes: [UInt8]

  /// The C string of `bytes`, cut at the first zero byte, where every C reader stops.
  ///
  /// Objective-C: none (a `char *` to the bytes).
  public init(bytes: some Sequence<UInt8>) {
    self.bytes = Array(bytes.prefix { $0 != 0 })
  }

  /// The C string of `text`'s UTF-8, cut at its first NUL, as `-UTF8String` gives it.
  ///
  /// Objective-C: none (`text.UTF8String`).
  public init(_ text: String) { self.init(bytes: text.utf8) }

  /// A string literal is its UTF-8.
  ///
  /// Objective-C: none (`"text"`).
  public init(stringLiteral value: String) { self.init(value) }

  /// The bytes read as UTF-8; nil when they are not UTF-8.
  ///
  /// Objective-C: none (`+[NSString stringWithUTF8String:]`, which answers nil there too).
  public var text: String? { String(validating: bytes, as: UTF8.self) }

  /// The UTF-8 text, quoted, with each byte that is not UTF-8 written `\xE9`, so such a byte
  /// shows.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String {
    if let text { return "\"\(text)\"" }
    var out = "\""
    var start = 0
    while start < bytes.count {  // one character of 1 to 4 bytes, or one escaped byte
      let lengths = 1...min(4, bytes.count - start)
      if let length = lengths.first(where: { String(validating: bytes[start..<start + $0], as: UTF8.self) != nil }) {
        out += String(decoding: bytes[start..<start + length], as: UTF8.self)
        start += length
      } else {
        let hex = String(bytes[start], radix: 16, uppercase: true)
        out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
        start += 1
      }
    }
    return out + "\""
  }
}
