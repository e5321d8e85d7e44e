// TypeEncoding+Parsing.swift: reading type encoding strings.
//
// Docs: docs/runtime.md#type-encodings. Tests: Tests/MiniRuntimeTests/TypeEncodingTests.swift,
// fuzzed by Fuzz/TypeEncoding.
//
// A recursive-descent parser over UTF-8 bytes. It never traps: every malformed input, including
// input nested deeper than `maximumDepth`, becomes a `RuntimeError` naming the offset.
// One ambiguity exists in the real format: inside a struct whose members are named, `@"X"` may
// be a class name or the next member's name. The rule used (and printed back consistently): the
// quoted text after `@` is a class name when it is followed by `"` or by the closing bracket.

extension TypeEncoding {
  /// Parses exactly one type encoding.
  ///
  /// ```swift
  /// try TypeEncoding("q")               // .longLong
  /// try TypeEncoding("^{Node}")         // .pointer(.structure(name: "Node", fields: nil))
  /// try TypeEncoding("{Point=dd}x")     // throws: unexpected 'x' at offset 10
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `invalidTypeEncoding`, naming the offset of the problem.
  /// - Complexity: O(*n*) in the length of `string`.
  ///
  /// Objective-C: none (the runtime's internal encoding scanner, as in `NSGetSizeAndAlignment`).
  public init(_ string: String) throws(RuntimeError) {
    var parser = TypeEncodingParser(string)
    let type = try parser.parseType(depth: 0)
    try parser.expectEnd()
    self = type
  }
}

/// The scanner shared by `TypeEncoding` and `MethodSignature`.
struct TypeEncodingParser {
  /// Deeper nesting than this is refused rather than risking the stack.
  static let maximumDepth = 200

  let source: String
  let bytes: [UInt8]
  var position = 0

  init(_ source: String) {
    self.source = source
    self.bytes = Array(source.utf8)
  }

  var isAtEnd: Bool { position >= bytes.count }
  var peek: UInt8? { isAtEnd ? nil : bytes[position] }

  func error(_ problem: String) -> RuntimeError {
    RuntimeError(.invalidTypeEncoding, "invalid type encoding '\(source)': \(problem) at offset \(position)")
  }

  func expectEnd() throws(RuntimeError) {
    if let byte = peek { throw error("unexpected '\(Self.show(byte))'") }
  }

  /// Parses one type. `namedMember` is true for a member of a struct or union whose members are
  /// named, where the text after a trailing `@` may be the next member's name.
  mutating func parseType(depth: Int, namedMember: Bool = false) throws(RuntimeError) -> TypeEncoding {
    guard depth < Self.maximumDepth else { throw error("nested too deeply") }
    guard let byte = peek else { throw error("expected a type, found the end") }
    position += 1
    if let qualifier = TypeEncoding.Qualifier(rawValue: byte) {
      return .qualified(qualifier, try parseType(depth: depth + 1, namedMember: namedMember))
    }
    switch byte {
    case UInt8(ascii: "v"): return .void
    case UInt8(ascii: "B"): return .bool
    case UInt8(ascii: "c"): return .char
    case UInt8(ascii: "C"): return .unsignedChar
    case UInt8(ascii: "s"): return .short
    case UInt8(ascii: "S"): return .unsignedShort
    case UInt8(ascii: "i"): return .int
    case UInt8(ascii: "I"): return .unsignedInt
    case UInt8(ascii: "l"): return .long
    case UInt8(ascii: "L"): return .unsignedLong
    case UInt8(ascii: "q"): return .longLong
    case UInt8(ascii: "Q"): return .unsignedLongLong
    case UInt8(ascii: "f"): return .float
    case UInt8(ascii: "d"): return .double
    case UInt8(ascii: "D"): return .longDouble
    case UInt8(ascii: "*"): return .cString
    case UInt8(ascii: "#"): return .class
    case UInt8(ascii: ":"): return .selector
    case UInt8(ascii: "?"): return .unknown
    case UInt8(ascii: "@"): return try parseObject(namedMember: namedMember)
    case UInt8(ascii: "^"): return .pointer(try parseType(depth: depth + 1, namedMember: namedMember))
    case UInt8(ascii: "b"):
      guard let width = try parseNumber() else { throw error("a bit field needs a width") }
      return .bitField(width: width)
    case UInt8(ascii: "["):
      guard let count = try parseNumber() else { throw error("an array needs a count") }
      let element = try parseType(depth: depth + 1)
      try expect(UInt8(ascii: "]"))
      return .array(count: count, element: element)
    case UInt8(ascii: "{"):
      let (name, fields) = try parseAggregate(close: UInt8(ascii: "}"), depth: depth)
      return .structure(name: name, fields: fields)
    case UInt8(ascii: "("):
      let (name, fields) = try parseAggregate(close: UInt8(ascii: ")"), depth: depth)
      return .union(name: name, fields: fields)
    default:
      position -= 1
      throw error("unknown type code '\(Self.show(byte))'")
    }
  }

  /// After `@`: a plain object, a block (`@?`) or a class-named object (`@"Name"`).
  mutating func parseObject(namedMember: Bool) throws(RuntimeError) -> TypeEncoding {
    if peek == UInt8(ascii: "?") {
      position += 1
      return .block
    }
    guard peek == UInt8(ascii: "\"") else { return .object(className: nil) }
    if namedMember {
      // Look past the quoted text: a class name is followed by `"` (the next member's name)
      // or by the closing bracket; anything else means the quote was the next member's name.
      let start = position
      guard let close = bytes[(start + 1)...].firstIndex(of: UInt8(ascii: "\"")) else {
        throw error("unterminated quoted name")
      }
      let after = close + 1 < bytes.count ? bytes[close + 1] : nil
      let isClassName = after == UInt8(ascii: "\"") || after == UInt8(ascii: "}") || after == UInt8(ascii: ")")
      if !isClassName { return .object(className: nil) }
    }
    return .object(className: try parseQuoted())
  }

  mutating func parseAggregate(close: UInt8, depth: Int) throws(RuntimeError) -> (String, [TypeEncoding.Field]?) {
    let nameStart = position
    while let byte = peek, byte != UInt8(ascii: "="), byte != close {
      guard !Self.isDelimiter(byte) else { throw error("unexpected '\(Self.show(byte))' in an aggregate name") }
      position += 1
    }
    let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
    guard let byte = peek else { throw error("unterminated aggregate") }
    position += 1
    if byte == close { return (name, nil) }
    var fields: [TypeEncoding.Field] = []
    let named = peek == UInt8(ascii: "\"")
    while peek != close {
      guard !isAtEnd else { throw error("unterminated aggregate") }
      var fieldName: String?
      if named {
        guard peek == UInt8(ascii: "\"") else { throw error("expected a member name") }
        fieldName = try parseQuoted()
      }
      let type = try parseType(depth: depth + 1, namedMember: named)
      fields.append(TypeEncoding.Field(type, name: fieldName))
    }
    position += 1
    return (name, fields)
  }

  /// Reads `"text"` and returns `text`.
  mutating func parseQuoted() throws(RuntimeError) -> String {
    try expect(UInt8(ascii: "\""))
    let start = position
    while let byte = peek, byte != UInt8(ascii: "\"") { position += 1 }
    guard !isAtEnd else { throw error("unterminated quoted name") }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    position += 1
    return text
  }

  /// Reads an optional run of decimal digits (with an optional leading `-` when `signed`).
  mutating func parseNumber(signed: Bool = false) throws(RuntimeError) -> Int? {
    let start = position
    var negative = false
    if signed, peek == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    var value = 0
    var sawDigit = false
    while let byte = peek, byte >= 0x30, byte <= 0x39 {
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(Int(byte - 0x30))
      guard !overflow1, !overflow2 else { throw error("number too large") }
      value = sum
      sawDigit = true
      position += 1
    }
    guard sawDigit else {
      position = start
      return nil
    }
    return negative ? -value : value
  }

  mutating func expect(_ byte: UInt8) throws(RuntimeError) {
    guard peek == byte else {
      if let found = peek { throw error("expected '\(Self.show(byte))', found '\(Self.show(found))'") }
      throw error("expected '\(Self.show(byte))', found the end")
    }
    position += 1
  }

  static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"),
      UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: "="):
      return true
    default:
      return false
    }
  }

  static func show(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
  }
}
