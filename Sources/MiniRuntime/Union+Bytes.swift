// Union+Bytes.swift: reading and writing a value of a known layout in a union's bytes.
//
// Docs: docs/runtime.md#unions. Tests: Tests/MiniRuntimeTests/UnionTests.swift.
//
// The same layout ObjectStorage reads an ivar by (ValueLayout.swift), applied to a byte array
// instead of an object's words: scalars little-endian in their C size, a `long double` as its two
// words, struct members at their offsets, array elements a stride apart, a nested union as its
// bytes, a bit field from bit 0 (Value+BitField.swift). A union never holds references (Union.checked), so no retain is involved. Stateless.

enum UnionBytes {
  /// The value of `layout` at `start` in `bytes`.
  static func read(_ layout: ValueLayout, from bytes: [UInt8], at start: Int) -> Value {
    switch layout {
    case .scalar(let kind):
      #if arch(x86_64) || arch(i386)
        if kind == .longDouble {
          return .longDouble(ScalarBits.longDouble(low: bits(bytes, start, 8), high: bits(bytes, start + 8, 8)))
        }
      #endif
      return ScalarBits.decode(bits(bytes, start, kind.size), kind)
    case .structure(let name, let members):
      return .structure(Structure(name: name, fields: members.map { read($0.layout, from: bytes, at: start + $0.offset) }))
    case .array(let count, let stride, let element):
      return ValueLayout.cArray((0..<count).map { read(element, from: bytes, at: start + $0 * stride) })
    case .union(let type):
      return .union(Union(checkedType: type, bytes: Array(bytes[start..<start + type.size])))
    case .bitField(let width):
      return Value.bitField(UInt64(bits(bytes, start, (width + 7) / 8)) & Value.bitFieldMask(width), width: width)
    case .reference, .opaque:
      return .nil  // unreachable: a union holds no reference, and callers refuse opaque layouts
    }
  }

  /// Writes `value` (already converted to the layout's type) at `start` in `bytes`.
  static func write(_ value: Value, _ layout: ValueLayout, into bytes: inout [UInt8], at start: Int) {
    switch layout {
    case .scalar(let kind):
      #if arch(x86_64) || arch(i386)
        if case .longDouble(let number) = value {
          let (low, high) = ScalarBits.words(of: number)
          store(low, 8, into: &bytes, at: start)
          store(high, 8, into: &bytes, at: start + 8)
          return
        }
      #endif
      store(ScalarBits.bits(of: value), kind.size, into: &bytes, at: start)
    case .structure(_, let members):
      guard case .structure(let structure) = value, structure.fields.count == members.count else { return }
      for (member, field) in zip(members, structure.fields) {
        write(field, member.layout, into: &bytes, at: start + member.offset)
      }
    case .array(let count, let stride, let element):
      guard let elements = ValueLayout.cArrayElements(of: value), elements.count == count else { return }
      for (index, each) in elements.enumerated() { write(each, element, into: &bytes, at: start + index * stride) }
    case .union:
      guard case .union(let union) = value else { return }
      bytes.replaceSubrange(start..<start + union.bytes.count, with: union.bytes)
    case .bitField(let width):  // whole bytes, then the low bits of the last one
      let bits = ScalarBits.bits(of: value)
      store(bits, width / 8, into: &bytes, at: start)
      let rest = width % 8
      if rest > 0 {
        let mask = UInt8((1 << rest) - 1)
        let last = UInt8(truncatingIfNeeded: bits >> (8 * (width / 8)))
        bytes[start + width / 8] = bytes[start + width / 8] & ~mask | last & mask
      }
    case .reference, .opaque:
      return  // unreachable: a union holds no reference, and callers refuse opaque layouts
    }
  }

  /// The `size` bytes at `start`, little-endian, as an integer.
  private static func bits(_ bytes: [UInt8], _ start: Int, _ size: Int) -> UInt {
    var bits: UInt = 0
    for index in (0..<size).reversed() { bits = bits << 8 | UInt(bytes[start + index]) }
    return bits
  }

  /// Writes the low `size` bytes of `bits` at `start`, little-endian.
  private static func store(_ bits: UInt, _ size: Int, into bytes: inout [UInt8], at start: Int) {
    for index in 0..<size { bytes[start + index] = UInt8(truncatingIfNeeded: bits >> (8 * index)) }
  }
}

extension Union {
  /// A union of `type` (already checked, without member names) holding `bytes`.
  init(checkedType type: TypeEncoding, bytes: [UInt8]) {
    self.type = type
    self.bytes = bytes
  }
}
