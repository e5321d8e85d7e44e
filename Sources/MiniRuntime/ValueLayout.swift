// ValueLayout.swift: how a value of one type lies in an object's memory.
//
// Docs: docs/runtime.md#objects-and-ivars, docs/decisions/0009-object-storage.md.
// Tests: Tests/MiniRuntimeTests/InstanceLayoutTests.swift, ObjectStorageTests.swift.
//
// Model: from a type encoding, as `NSGetSizeAndAlignment` reads it: a scalar of 1, 2, 4 or 8
// bytes; a reference (one 8-byte word holding an object pointer); a struct, whose members lie at
// their C offsets; a C array of elements; a union, whose value is its bytes (Union.swift); a bit
// field from bit 0 of its first byte (Value+BitField.swift); or opaque bytes no `Value` holds
// (`?`, `long double` off Intel, a struct or union whose members the encoding omits, a union with
// object members, a struct with a bit-field member, a bit field of width 0 or over 64). Sizes and alignments come from
// TypeEncoding+Layout.swift, so the offsets here are the ones clang would use on LP64.

/// The kinds of scalar a word can hold part of, with their C sizes.
///
/// Objective-C: none (the scalar types of `@encode`).
enum ScalarKind: UInt8, Sendable {
  case bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float, double
  case selector, pointer
  #if arch(x86_64) || arch(i386)
    /// `long double`: 16 bytes over two words (Value+LongDouble.swift).
    case longDouble
  #endif

  /// The C size in bytes.
  var size: Int {
    switch self {
    case .bool, .int8, .uint8: return 1
    case .int16, .uint16: return 2
    case .int32, .uint32, .float: return 4
    case .int64, .uint64, .double, .selector, .pointer: return 8
    #if arch(x86_64) || arch(i386)
      case .longDouble: return 16
    #endif
    }
  }
}

/// How a value of one type lies in memory.
///
/// Objective-C: none (what `ivar_getTypeEncoding` and `NSGetSizeAndAlignment` imply).
indirect enum ValueLayout: Sendable {
  /// A number, `BOOL`, `SEL` or C pointer, little-endian, `kind.size` bytes.
  case scalar(ScalarKind)
  /// One word holding 0 or a retained object pointer (`@`, `@"X"`, `#`, `@?`, `*`).
  case reference
  /// A struct: each member at its offset from the start of the struct.
  case structure(name: String, members: [Member])
  /// A C array: `count` elements, `stride` bytes apart.
  case array(count: Int, stride: Int, element: ValueLayout)
  /// A union a ``Union`` holds: `type.size` bytes (`type` without member names), no references.
  case union(TypeEncoding)
  /// A bit field of 1 to 64 bits, from bit 0 of its first byte; an unsigned integer.
  case bitField(width: Int)
  /// Bytes no `Value` holds (bit fields, `?`, `void`, `long double` off Intel, a member-less
  /// struct or union, a union with object members).
  case opaque(TypeEncoding)

  /// A member of a struct: its offset in the struct and its layout.
  struct Member: Sendable {
    let offset: Int
    let layout: ValueLayout
  }

  /// The layout of `type`.
  init(_ type: TypeEncoding) {
    switch type.unqualified {
    case .bool: self = .scalar(.bool)
    case .char: self = .scalar(.int8)
    case .short: self = .scalar(.int16)
    case .int, .long: self = .scalar(.int32)
    case .longLong: self = .scalar(.int64)
    case .unsignedChar: self = .scalar(.uint8)
    case .unsignedShort: self = .scalar(.uint16)
    case .unsignedInt, .unsignedLong: self = .scalar(.uint32)
    case .unsignedLongLong: self = .scalar(.uint64)
    case .float: self = .scalar(.float)
    case .double: self = .scalar(.double)
    case .selector: self = .scalar(.selector)
    case .pointer: self = .scalar(.pointer)
    case .cString, .object, .block, .class: self = .reference
    case .structure(let name, let fields?):
      var offset = 0
      var members: [Member] = []
      for field in fields {
        offset = TypeEncoding.align(offset, to: field.type.alignment)
        // A bit-field member lies where clang's packing puts it, which the encoding cannot tell.
        let layout = field.type.unqualified.isBitField ? ValueLayout.opaque(field.type) : ValueLayout(field.type)
        members.append(Member(offset: offset, layout: layout))
        offset += field.type.size
      }
      self = .structure(name: name, members: members)
    case .array(let count, let element):
      let layout = element.unqualified.isBitField ? ValueLayout.opaque(element) : ValueLayout(element)  // not C
      self = .array(count: max(count, 0), stride: element.size, element: layout)
    case .bitField(let width) where Value.bitFieldWidths.contains(width):
      self = .bitField(width: width)
    case .union:
      self = Union.holds(type) ? .union(type.unqualified.withoutFieldNames) : .opaque(type)
    #if arch(x86_64) || arch(i386)
      case .longDouble: self = .scalar(.longDouble)
      case .structure(_, nil), .bitField, .unknown, .void, .qualified:
        self = .opaque(type)
    #else
      case .structure(_, nil), .longDouble, .bitField, .unknown, .void, .qualified:
        self = .opaque(type)
    #endif
    }
  }

  /// The offsets (from the value's start) of the words that hold object pointers.
  var referenceOffsets: [Int] {
    switch self {
    case .reference: return [0]
    case .scalar, .union, .bitField, .opaque: return []
    case .structure(_, let members): return members.flatMap { member in member.layout.referenceOffsets.map { $0 + member.offset } }
    case .array(let count, let stride, let element):
      let inner = element.referenceOffsets
      return inner.isEmpty ? [] : (0..<count).flatMap { index in inner.map { $0 + index * stride } }
    }
  }

  /// The first opaque part, if any: a value of this layout cannot be read or written whole.
  var opaquePart: TypeEncoding? {
    switch self {
    case .scalar, .reference, .union, .bitField: return nil
    case .opaque(let type): return type
    case .structure(_, let members): return members.lazy.compactMap(\.layout.opaquePart).first
    case .array(let count, _, let element): return count == 0 ? nil : element.opaquePart
    }
  }
}

extension TypeEncoding {
  /// Whether this is a bit field (`bN`).
  var isBitField: Bool {
    if case .bitField = self { return true }
    return false
  }
}

extension ValueLayout {
  /// A C array value of `elements`: the one place a C array `Value` is made from memory.
  static func cArray(_ elements: [Value]) -> Value { .cArray(elements) }

  /// The elements of a value converted to a C array type: the one place one is taken apart.
  static func cArrayElements(of value: Value) -> [Value]? {
    if case .cArray(let elements) = value { return elements }
    return nil
  }
}
