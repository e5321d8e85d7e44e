// NSString+ByteConversion.swift: `-getBytes:maxLength:usedLength:encoding:options:range:
// remainingRange:`, which converts a range of a string into a caller's byte buffer, as much of
// it as fits, and says where it stopped.
//
// Docs: docs/foundation.md#c-arrays-and-out-parameters. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound20BufferTests.swift.
//
// Stateless. The buffer and out-parameters are CArrayArgument.swift's (decision 0047); a byte
// slot is `.uint8` (the buffer is a `void *` of bytes). The conversion walks the range one
// character at a time (a surrogate pair is one character, except into UTF-16, which copies
// units) and stops before the first one that does not fit in `maxLength` or that the encoding
// cannot hold. NULL as the buffer converts the whole range and only counts its bytes.
// `NSStringEncodingConversionAllowLossy` (1) puts `?` for a character the encoding cannot hold
// (into ASCII, the letter an accented one decomposes to first, as CoreFoundation's lossy ASCII
// does); `NSStringEncodingConversionExternalRepresentation` (2) starts UTF-16 and UTF-32 in the
// host's order (little-endian) with a byte order mark.

enum NSStringByteConversion {
  static let getBytes = MethodEntry(
    "getBytes:maxLength:usedLength:encoding:options:range:remainingRange:", "B72@0:8^v16Q24^Q32Q40Q48{_NSRange=QQ}56^{_NSRange=QQ}72"
  ) { receiver, selector, arguments in
    let units = try NSStringSearching.units(receiver, selector)
    let maxLength = try Message.index(arguments[1], receiver, selector)
    let encoding = try Target(arguments[3], receiver, selector)
    let options = try Message.index(arguments[4], receiver, selector)
    let range = try NSStringSearching.checkedRange(arguments[5], length: units.count, receiver, selector)
    let limit = arguments[0].isNil ? Int.max : maxLength
    var bytes = options & 2 != 0 ? encoding.byteOrderMark ?? [] : []
    var converted = 0
    while bytes.count <= limit, range.lowerBound + converted < range.upperBound {
      let start = range.lowerBound + converted
      let length = characterLength(in: units, at: start, end: range.upperBound, encoding)
      let character = units[start..<(start + length)]
      guard let encoded = encoding.bytes(of: character, lossy: options & 1 != 0), bytes.count + encoded.count <= limit else { break }
      bytes += encoded
      converted += length
    }
    if converted == 0 { bytes = [] }  // a byte order mark alone converts nothing
    let name = Message.name(receiver, selector)
    if !arguments[0].isNil { try CArrayArgument.fill(arguments[0], with: bytes.map(Value.uint8), name) }
    try CArrayArgument.store(.uint64(UInt64(bytes.count)), at: arguments[2], name)
    try CArrayArgument.store(.range((range.lowerBound + converted)..<range.upperBound), at: arguments[6], name)
    return .bool(units.isEmpty || converted > 0)
  }

  /// How many units the character at `index` takes: a surrogate pair is one character, except
  /// into UTF-16, where every unit is a character of its own.
  private static func characterLength(in units: [UInt16], at index: Int, end: Int, _ encoding: Target) -> Int {
    encoding.kind == .utf16 ? 1 : StringText.step(in: units, at: index, end: end).width
  }

  /// An encoding a string converts into, with its byte order.
  struct Target {
    let kind: NSStringEncodings.Kind
    let bigEndian: Bool
    /// The plain `NSUnicodeStringEncoding` (10) and `NSUTF32StringEncoding`: host order, and a
    /// byte order mark for an external representation.
    let hostOrder: Bool

    init(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) {
      kind = try NSStringEncodings.encoding(value, receiver, selector)
      let raw = value.intValue ?? 0
      bigEndian = raw == 0x9000_0100 || raw == 0x9800_0100
      hostOrder = raw == 10 || raw == 0x8c00_0100
    }

    var byteOrderMark: [UInt8]? {
      guard hostOrder else { return nil }
      return kind == .utf16 ? [0xFF, 0xFE] : [0xFF, 0xFE, 0, 0]
    }

    /// The bytes of one character (one or two units); nil when the encoding cannot hold it and
    /// `lossy` is off. A lone half of a surrogate pair has no scalar: only UTF-16 holds it.
    func bytes(of character: ArraySlice<UInt16>, lossy: Bool) -> [UInt8]? {
      if kind == .utf16 { return character.flatMap { ordered(UInt32($0), width: 2) } }
      let scalar = decode(character)
      if let exact = exactBytes(of: scalar) { return exact }
      guard lossy else { return nil }
      if kind == .ascii, let scalar, let base = UnicodeNormalization.decomposed([scalar], compatibility: false).first,
        base.isASCII
      {
        return [UInt8(base.value)]
      }
      return exactBytes(of: "?")
    }

    private func exactBytes(of scalar: Unicode.Scalar?) -> [UInt8]? {
      switch kind {
      case .ascii, .latin1, .macRoman: return scalar.flatMap { kind.byte($0) }.map { [$0] }
      case .utf8: return scalar.map { Array(String($0).utf8) }
      case .utf16: return nil  // bytes(of:lossy:) copies the units
      case .utf32: return scalar.map { ordered($0.value, width: 4) }
      }
    }

    /// The scalar of one character's units; nil for a lone half of a surrogate pair.
    private func decode(_ character: ArraySlice<UInt16>) -> Unicode.Scalar? {
      StringText.step(in: character, at: character.startIndex).scalar
    }

    /// A UTF-16 unit (a lone surrogate too) or UTF-32 value in this target's byte order.
    func ordered(_ value: UInt32, width: Int) -> [UInt8] {
      let little = (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
      return bigEndian ? little.reversed() : little
    }
  }
}
