// Value+Assignment.swift: converting a number as C assignment does (`char c = 300;`).
//
// Docs: docs/runtime.md#values. Tests: Tests/MiniRuntimeTests/ValueAssignmentTests.swift.
//
// Every write of a typed ivar (`object_setIvar`, a synthesized or notifying setter), and every
// number argument of a message for an arithmetic parameter (Method+ArgumentConversion.swift, C's
// "as if by assignment"), converts its value as C converts the right side of an assignment, on LP64 with clang's choices where C
// leaves one to the implementation (C11 6.3.1):
//   - to `_Bool` (`B`): 0 if the value compares equal to zero, 1 otherwise (NaN too);
//   - integer to integer: the low bits, modulo 2^n (300 in a `char` is 44, -1 in an `unsigned`
//     is 4294967295); for a signed target C leaves this to the implementation, clang wraps;
//   - floating to integer: toward zero (2.5 → 2, -2.5 → -2); if the truncated value does not fit
//     the target, or the value is NaN or infinite, C's behaviour is undefined: refused;
//   - integer to floating: rounded to nearest (16777217 in a `float` is 16777216);
//   - `double` to `float`: rounded to nearest; a finite value beyond `float`'s range (which
//     Swift would make infinite) is undefined in C: refused.
// Everything that is not a number (a string, a selector, nil) is the caller's `typeMismatch`.
// Stateless.

extension Value {
  /// This value as C assignment converts it to a variable of `type`, or throws.
  ///
  /// Numbers convert as C converts them (`2.5` → `2` in a `long long`, `300` → `44` in a `char`,
  /// `16777217` → `16777216.0` in a `float`, anything non-zero → `YES` in a `bool`); other values
  /// as ``converted(to:)`` converts them. This is how every typed ivar write converts, and how a
  /// message's number arguments convert to the method's parameter types.
  ///
  /// ```swift
  /// try Value.double(-2.5).assigned(to: .longLong)  // .int64(-2)
  /// try Value.int64(300).assigned(to: .char)        // .int8(44)
  /// try Value.double(1e10).assigned(to: .int)       // throws typeMismatch: undefined in C
  /// try Value.string("x").assigned(to: .int)        // throws typeMismatch
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `typeMismatch`: a value of the wrong kind, or a
  ///   floating value whose conversion C leaves undefined (NaN, infinite, or out of the target's
  ///   range).
  ///
  /// Objective-C: none (C's assignment conversions, `char c = 300;`)
  public func assigned(to type: TypeEncoding) throws(RuntimeError) -> Value {
    try converted(to: type, .assignment)
  }

  /// This value converted to the arithmetic `kind` (of `type`) as C assignment does; `nil` when
  /// it is not a number.
  func assignedNumber(as kind: ScalarKind, _ type: TypeEncoding) throws(RuntimeError) -> Value? {
    #if arch(x86_64) || arch(i386)
      if case .longDouble(let value) = self { return try assignedLongDouble(value, as: kind, type) }
    #endif
    guard let number = numeric else { return nil }
    switch kind {
    case .bool: return .bool(number.isNonzero)
    case .int8: return try integer(number, Int8.self, type).map(Value.int8)
    case .int16: return try integer(number, Int16.self, type).map(Value.int16)
    case .int32: return try integer(number, Int32.self, type).map(Value.int32)
    case .int64: return try integer(number, Int64.self, type).map(Value.int64)
    case .uint8: return try integer(number, UInt8.self, type).map(Value.uint8)
    case .uint16: return try integer(number, UInt16.self, type).map(Value.uint16)
    case .uint32: return try integer(number, UInt32.self, type).map(Value.uint32)
    case .uint64: return try integer(number, UInt64.self, type).map(Value.uint64)
    case .float: return try float(number, type)
    case .double: return .double(number.double)
    #if arch(x86_64) || arch(i386)
      case .longDouble: return extendedValue.map(Value.longDouble)  // every number, exactly
    #endif
    case .selector, .pointer: return nil
    }
  }

  private func integer<T: FixedWidthInteger>(_ number: Numeric, _: T.Type, _ type: TypeEncoding) throws(RuntimeError) -> T? {
    switch number {
    case .signed(let value): return T(truncatingIfNeeded: value)
    case .unsigned(let value): return T(truncatingIfNeeded: value)
    case .floating(let value):
      if value.isFinite, let truncated = T(exactly: value.rounded(.towardZero)) { return truncated }
      throw undefined(type, value.isFinite ? "its integral part is out of \(type.cDeclaration)'s range" : "it is not a finite number")
    }
  }

  private func float(_ number: Numeric, _ type: TypeEncoding) throws(RuntimeError) -> Value {
    switch number {
    case .signed(let value): return .float(Float(value))  // one rounding, as C: not through a double
    case .unsigned(let value): return .float(Float(value))
    case .floating(let value):
      let rounded = Float(value)
      if rounded.isInfinite && value.isFinite { throw undefined(type, "it is out of float's range") }
      return .float(rounded)
    }
  }

  func undefined(_ type: TypeEncoding, _ reason: String) -> RuntimeError {
    RuntimeError(
      .typeMismatch,
      "cannot assign \(kindDescription) to \(type.cDeclaration) ('\(type)'): \(reason), and that conversion is undefined in C")
  }
}

extension Value.Numeric {
  /// Whether the number compares unequal to zero (NaN does).
  fileprivate var isNonzero: Bool {
    switch self {
    case .signed(let value): return value != 0
    case .unsigned(let value): return value != 0
    case .floating(let value): return value != 0
    }
  }

  /// The number as a `Double`, rounded to nearest.
  fileprivate var double: Double {
    switch self {
    case .signed(let value): return Double(value)
    case .unsigned(let value): return Double(value)
    case .floating(let value): return value
    }
  }
}

extension ScalarKind {
  /// The kind of an arithmetic type (`B`, the integers, `f`, `d`, and `D` on Intel); `nil` for
  /// any other type.
  init?(arithmetic type: TypeEncoding) {
    switch type {
    case .bool: self = .bool
    case .char: self = .int8
    case .short: self = .int16
    case .int, .long: self = .int32
    case .longLong: self = .int64
    case .unsignedChar: self = .uint8
    case .unsignedShort: self = .uint16
    case .unsignedInt, .unsignedLong: self = .uint32
    case .unsignedLongLong: self = .uint64
    case .float: self = .float
    case .double: self = .double
    #if arch(x86_64) || arch(i386)
      case .longDouble: self = .longDouble
    #endif
    default: return nil
    }
  }
}
