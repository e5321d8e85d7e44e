// Value+Zero.swift: the zero of a type: what calloc'd memory, a message to nil and a fresh
// invocation's return value read as.
//
// Docs: docs/runtime.md#messages-to-nil. Tests: Tests/MiniRuntimeTests/NilMessagingTests.swift.

extension Value {
  /// The value all-zero memory holds for `type`: `0`, `0.0`, `NO`, `nil`, a struct of zeroes or an
  /// array of zeroes.
  ///
  /// ```swift
  /// Value.zero(of: .longLong)                                   // .int64(0)
  /// Value.zero(of: .bool)                                       // .bool(false)
  /// Value.zero(of: try TypeEncoding("{Point=dd}"))              // {Point: 0.0, 0.0}
  /// Value.zero(of: .object(className: nil))                     // .nil
  /// ```
  ///
  /// Pointers, objects, classes, selectors and C strings are `.nil` (`nil`, `Nil`, `NULL`); a union
  /// is all zero bytes, a bit field an unsigned 0. Types no ``Value`` represents (`void`, `long double`
  /// off Intel, `?`, a union with object members) are `.nil` too. A struct
  /// whose encoding omits its fields (`{Point}`) is a struct with no fields.
  ///
  /// - Complexity: O(*n*) in the number of fields and elements of `type`.
  ///
  /// Objective-C: none (the bytes `calloc` returns, and what `objc_msgSend` to nil returns).
  public static func zero(of type: TypeEncoding) -> Value {
    switch type {
    case .bool: return .bool(false)
    case .char: return .int8(0)
    case .short: return .int16(0)
    case .int, .long: return .int32(0)
    case .longLong: return .int64(0)
    case .unsignedChar: return .uint8(0)
    case .unsignedShort: return .uint16(0)
    case .unsignedInt, .unsignedLong: return .uint32(0)
    case .unsignedLongLong: return .uint64(0)
    case .float: return .float(0)
    case .double: return .double(0)
    case .structure(let name, let fields):
      return .structure(Structure(name: name, fields: (fields ?? []).map { zero(of: $0.type) }))
    case .array(let count, let element):
      return .cArray(Array(repeating: zero(of: element), count: max(count, 0)))
    case .qualified(_, let inner): return zero(of: inner)
    case .union: return (try? Union(zeroOf: type)).map(Value.union) ?? .nil  // all zero bytes
    case .bitField(let width): return bitFieldWidths.contains(width) ? bitField(0, width: width) : .nil
    #if arch(x86_64) || arch(i386)
      case .longDouble: return .longDouble(0)
      case .void, .cString, .object, .block, .class, .selector, .unknown, .pointer:
        return .nil
    #else
      case .void, .longDouble, .cString, .object, .block, .class, .selector, .unknown, .pointer:
        return .nil
    #endif
    }
  }
}
