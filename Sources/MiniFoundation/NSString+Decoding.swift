// NSString+Decoding.swift: NSString's initializers that read a caller's C array:
// `-initWithCharacters:length:` (a `unichar` array), `-initWithBytes:length:encoding:` (bytes in
// an encoding), their `NoCopy` forms and `+stringWithCharacters:length:`.
//
// Docs: docs/foundation.md#c-arrays-and-out-parameters. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound21BufferTests.swift.
//
// Stateless. The arrays are CArrayArgument.swift's (decision 0047): a `unichar` slot is
// `.uint16`, a byte slot `.uint8`. The string is a copy either way: the `NoCopy` forms only
// promise not to copy, and a Swift string cannot share a caller's slots (freeWhenDone is
// ignored: there is nothing to free). Bytes decode as CoreFoundation's CFString decodes them:
// UTF-8 drops a leading byte order mark and refuses an invalid sequence (nil); plain UTF-16 and
// UTF-32 read a byte order mark and drop it, and without one are big-endian; their BE and LE
// forms keep a mark as a character; an odd byte past the last whole unit is ignored; ASCII is
// 0 to 127 only, as Apple documents it (swift-corelibs-foundation reads 128 to 255 as Latin 1).

enum NSStringDecoding {
  static let all: [MethodEntry] = [
    characters("initWithCharacters:length:", "@32@0:8r^S16Q24"),
    characters("initWithCharactersNoCopy:length:freeWhenDone:", "@36@0:8^S16Q24B32"),
    bytes("initWithBytes:length:encoding:", "@40@0:8r^v16Q24Q32"),
    bytes("initWithBytesNoCopy:length:encoding:freeWhenDone:", "@44@0:8^v16Q24Q32B40"),
  ]

  /// `+stringWithCharacters:length:`.
  static let factory = CollectionLifecycle.convenience(
    "stringWithCharacters:length:", "@32@0:8r^S16Q24", "initWithCharacters:length:")

  /// An initializer from `length` UTF-16 units, a lone half of a surrogate pair kept (decision 0050).
  private static func characters(_ name: Selector, _ types: String) -> MethodEntry {
    MethodEntry(name, types) { receiver, selector, arguments in
      let units = try slots(arguments[0], arguments[1], "characters", receiver, selector).map { slot throws(FoundationError) in
        UInt16(truncatingIfNeeded: try Message.index(slot, receiver, selector))
      }
      return try Runtime.msgSend(receiver, "initWithString:", try NSStringSearching.result(units, receiver))
    }
  }

  /// An initializer from `length` bytes in an encoding: nil when they are not text in it.
  private static func bytes(_ name: Selector, _ types: String) -> MethodEntry {
    MethodEntry(name, types) { receiver, selector, arguments in
      let bytes = try slots(arguments[0], arguments[1], "bytes", receiver, selector).map { slot throws(FoundationError) in
        UInt8(truncatingIfNeeded: try Message.index(slot, receiver, selector))
      }
      let encoding = try NSStringByteConversion.Target(arguments[2], receiver, selector)
      guard let text = decode(bytes, encoding) else { return .nil }
      return try Runtime.msgSend(receiver, "initWithString:", try NSStringMethods.result(text, receiver))
    }
  }

  /// The first `length` slots of a C array argument; NULL is no slots when `length` is 0.
  private static func slots(
    _ array: Value, _ length: Value, _ what: String, _ receiver: Object, _ selector: Selector
  ) throws(FoundationError) -> [Value] {
    let count = try Message.index(length, receiver, selector)
    let name = Message.name(receiver, selector)
    guard let slots = try CArrayArgument.slots(array, count: count, name) else {
      if count > 0 { throw CArrayArgument.nullArray(what, count, name) }
      return []
    }
    return slots
  }

  /// The text `bytes` spell in `encoding` (UTF-16's units as they are, a lone surrogate too), or nil.
  static func decode(_ bytes: [UInt8], _ encoding: NSStringByteConversion.Target) -> StringText? {
    switch encoding.kind {
    case .ascii, .latin1, .macRoman:
      return NSStringEncodings.eightBitText(bytes, encoding.kind).map(StringText.string)
    case .utf8:
      return utf8(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes).map(StringText.string)
    case .utf16:
      return StringText(units: words(bytes, width: 2, encoding).map { UInt16(truncatingIfNeeded: $0) })
    case .utf32:
      var scalars = String.UnicodeScalarView()
      for word in words(bytes, width: 4, encoding) {
        guard let scalar = Unicode.Scalar(word) else { return nil }
        scalars.append(scalar)
      }
      return .string(String(scalars))
    }
  }

  /// The UTF-16 or UTF-32 units of `bytes` (an odd byte past the last whole unit ignored), in
  /// the encoding's byte order; the plain encodings read and drop a byte order mark, and are
  /// big-endian without one.
  private static func words(_ bytes: [UInt8], width: Int, _ encoding: NSStringByteConversion.Target) -> [UInt32] {
    let whole = bytes.count / width
    func word(_ index: Int, bigEndian: Bool) -> UInt32 {
      let unit = bytes[(index * width)..<((index + 1) * width)]
      return (bigEndian ? Array(unit) : unit.reversed()).reduce(0) { $0 << 8 | UInt32($1) }
    }
    var bigEndian = encoding.bigEndian
    var start = 0
    if encoding.hostOrder {
      let mark = whole > 0 ? word(0, bigEndian: true) : 0
      bigEndian = mark != (width == 2 ? 0xFFFE : 0xFFFE_0000)
      start = mark == 0xFEFF || !bigEndian ? 1 : 0
    }
    return (start..<whole).map { word($0, bigEndian: bigEndian) }
  }

  /// `bytes` as UTF-8, or nil if they are not valid UTF-8.
  private static func utf8(_ bytes: [UInt8]) -> String? {
    var scalars = String.UnicodeScalarView()
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): scalars.append(scalar)
      case .emptyInput: return String(scalars)
      case .error: return nil
      }
    }
  }
}
