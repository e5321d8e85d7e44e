// ScalarBits.swift: the C bits of scalar values, as ObjectStorage and Union+Bytes store them.
//
// Docs: docs/decisions/0009-object-storage.md. Tests: Tests/MiniRuntimeTests/ObjectStorageTests.swift.
//
// Little-endian, in the scalar's C size; `.nil` is the zero of a `SEL` or pointer. Stateless.

/// The bits of scalar values.
enum ScalarBits {
  /// The bits of `value` when its case is exactly `kind` (the common case, no conversion).
  @inline(__always)
  static func exact(_ value: Value, _ kind: ScalarKind) -> UInt? {
    // The commonest scalar property (NSInteger, long long) first, as two compares, the kind
    // tested first (tested after the case, the optimiser folds the test into the switch below,
    // which compiles to a jump table: an indirect branch on every setter's send).
    if kind == .int64 {
      guard case .int64(let number) = value else { return nil }
      return UInt(bitPattern: Int(number))
    }
    switch value {
    case .double(let number) where kind == .double: return UInt(number.bitPattern)
    case .bool(let flag) where kind == .bool: return flag ? 1 : 0
    case .int32(let number) where kind == .int32: return UInt(UInt32(bitPattern: number))
    case .uint64(let number) where kind == .uint64: return UInt(number)
    case .float(let number) where kind == .float: return UInt(number.bitPattern)
    default: return nil
    }
  }

  /// `exact` of a setter's single argument, read in place (no copy of the value).
  @inline(__always)
  static func exact(_ arguments: Arguments, _ kind: ScalarKind) -> UInt? {
    if kind == .int64 {  // first, as in `exact(_:_:)` above
      guard case .one(.int64(let number)) = arguments.storage else { return nil }
      return UInt(bitPattern: Int(number))
    }
    switch arguments.storage {
    case .one(.double(let number)) where kind == .double: return UInt(number.bitPattern)
    case .one(.bool(let flag)) where kind == .bool: return flag ? 1 : 0
    case .one(.int32(let number)) where kind == .int32: return UInt(UInt32(bitPattern: number))
    case .one(.uint64(let number)) where kind == .uint64: return UInt(number)
    case .one(.float(let number)) where kind == .float: return UInt(number.bitPattern)
    default: return nil
    }
  }

  /// The C bits of a value already converted to a scalar type (`.nil` is 0: a nil `SEL` or pointer).
  static func bits(of value: Value) -> UInt {
    switch value {
    case .bool(let value): return value ? 1 : 0
    case .int8(let value): return UInt(UInt8(bitPattern: value))
    case .int16(let value): return UInt(UInt16(bitPattern: value))
    case .int32(let value): return UInt(UInt32(bitPattern: value))
    case .int64(let value): return UInt(bitPattern: Int(value))
    case .uint8(let value): return UInt(value)
    case .uint16(let value): return UInt(value)
    case .uint32(let value): return UInt(value)
    case .uint64(let value): return UInt(value)
    case .float(let value): return UInt(value.bitPattern)
    case .double(let value): return UInt(value.bitPattern)
    case .selector(let selector): return selector.bits
    case .pointer(let address): return address
    default: return 0
    }
  }

  /// The value of `kind` whose C bits are `bits` (zero bits are the zero of the type).
  static func decode(_ bits: UInt, _ kind: ScalarKind) -> Value {
    switch kind {
    case .bool: return .bool(bits != 0)
    case .int8: return .int8(Int8(truncatingIfNeeded: bits))
    case .int16: return .int16(Int16(truncatingIfNeeded: bits))
    case .int32: return .int32(Int32(truncatingIfNeeded: bits))
    case .int64: return .int64(Int64(bitPattern: UInt64(bits)))
    case .uint8: return .uint8(UInt8(truncatingIfNeeded: bits))
    case .uint16: return .uint16(UInt16(truncatingIfNeeded: bits))
    case .uint32: return .uint32(UInt32(truncatingIfNeeded: bits))
    case .uint64: return .uint64(UInt64(bits))
    case .float: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
    case .double: return .double(Double(bitPattern: UInt64(bits)))
    case .selector: return bits == 0 ? .nil : .selector(Selector(bits: bits))
    case .pointer: return bits == 0 ? .nil : .pointer(bits)
    #if arch(x86_64) || arch(i386)
      case .longDouble: return .longDouble(ScalarBits.longDouble(low: bits, high: 0))  // one word: callers read two (loadScalar)
    #endif
    }
  }
}
