// Value+Encoding.swift: a value's own type encoding, and converting a value to a given one.
//
// Docs: docs/runtime.md#values. Tests: Tests/MiniRuntimeTests/ValueTests.swift,
// ValueAssignmentTests.swift.
//
// Two rules share this code and differ only for numbers. The exact rule (`converted(to:)`, used
// for arguments set into an `NSInvocation`, typed return values and Foundation's factories):
// integers convert to any integer or floating type they fit exactly; floating values convert to
// floating types (a double is rounded to the nearest float, but a finite one never becomes
// infinite), and to integer types only when integral and in range; `Bool` converts to integers as
// 0/1 and integers 0/1 to `Bool`. The assignment rule (`assigned(to:)`, used for every write of
// a typed ivar and for a message's number arguments) converts numbers as C assignment does
// (Value+Assignment.swift). Both: object types accept nil, objects, classes, Swift objects and
// every bridged value (strings, arrays, dictionaries, sets, NSNull, and numbers and structs, which
// bridge to NSNumber and NSValue); a number or struct type also accepts an NSNumber or NSValue
// object. `char *` accepts a C string or a string (which becomes a C string), a C array an array
// of the right length (which becomes a C array), a struct a struct of the same name and members,
// a union only a union of the same type (Union.swift), a bit field an integer (Value+BitField.swift).
// Anything else is a `typeMismatch` error.

extension Value {
  /// The type encoding this value would have in Objective-C.
  ///
  /// ```swift
  /// Value.int32(1).encoding          // .int ("i")
  /// Value.string("x").encoding       // .object(className: "NSString")
  /// Value.cString("x").encoding      // .cString ("*")
  /// Value.object(person).encoding    // .object(className: "Person")
  /// ```
  ///
  /// Objective-C: `@encode(typeof(value))`
  public var encoding: TypeEncoding {
    switch self {
    case .nil: return .object(className: nil)
    case .bool: return .bool
    case .int8: return .char
    case .int16: return .short
    case .int32: return .int
    case .int64: return .longLong
    case .uint8: return .unsignedChar
    case .uint16: return .unsignedShort
    case .uint32: return .unsignedInt
    case .uint64: return .unsignedLongLong
    case .float: return .float
    case .double: return .double
    #if arch(x86_64) || arch(i386)
      case .longDouble: return .longDouble
    #endif
    case .string: return .object(className: "NSString")
    case .cString: return .cString
    case .object(let object):
      if let cls = object as? Class { return cls.isMetaclass ? .object(className: nil) : .class }
      return .object(className: object.isa.name)
    case .class: return .class
    case .selector: return .selector
    case .pointer: return .pointer(.void)
    case .structure(let value):
      return .structure(name: value.name, fields: value.fields.map { TypeEncoding.Field($0.encoding) })
    case .union(let value): return value.type
    case .array: return .object(className: "NSArray")
    case .cArray(let elements):
      // An empty C array has no element to take a type from: `[0v]`.
      return .array(count: elements.count, element: elements.first?.encoding ?? .void)
    case .dictionary: return .object(className: "NSDictionary")
    case .set: return .object(className: "NSSet")
    case .null: return .object(className: "NSNull")
    case .swiftObject: return .object(className: nil)
    }
  }

  /// The name of this value's kind for error messages: `String "Ann"`, `long long 7`.
  var kindDescription: String {
    switch self {
    case .nil: return "nil"
    case .string(let text): return "String \"\(text)\""
    case .cString(let text): return "char * \(text)"
    default: return "\(encoding.cDeclaration) \(self)"
    }
  }

  /// Converts this value to the Swift case that stores `type` when `type` holds it exactly, or
  /// throws (the exact rule; ivar writes use ``assigned(to:)``, C's assignment).
  ///
  /// ```swift
  /// try Value.int64(7).converted(to: .int)        // .int32(7)
  /// try Value.double(2.5).converted(to: .int)     // throws typeMismatch (not integral)
  /// try Value.string("x").converted(to: .double)  // throws typeMismatch
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `typeMismatch`.
  ///
  /// Objective-C: none (C's implicit conversions, made exact).
  public func converted(to type: TypeEncoding) throws(RuntimeError) -> Value {
    try converted(to: type, .exact)
  }

  /// How numbers convert: exactly, or as C assignment does.
  enum ConversionRule {
    /// Only to a type that holds the value exactly (a `double` may round to a `float`).
    case exact
    /// As C assignment does (Value+Assignment.swift).
    case assignment
  }

  /// Converts this value to `type` under `rule`, or throws `typeMismatch`.
  func converted(to type: TypeEncoding, _ rule: ConversionRule) throws(RuntimeError) -> Value {
    if let converted = try convertedOrNil(to: type.unqualified, rule) { return converted }
    throw RuntimeError(
      .typeMismatch, "cannot use \(kindDescription) as \(type.cDeclaration) ('\(type)')")
  }

  /// The converted value, `nil` for a value of the wrong kind; throws only for a number whose
  /// assignment C leaves undefined.
  private func convertedOrNil(to type: TypeEncoding, _ rule: ConversionRule) throws(RuntimeError) -> Value? {
    if case .object = self, !type.holdsObjects {
      // An NSNumber, NSValue or NSString object stands for its bridged value here.
      let bridged = self.bridged
      if case .object = bridged { return nil }
      return try bridged.convertedOrNil(to: type, rule)
    }
    if rule == .assignment, let kind = ScalarKind(arithmetic: type) { return try assignedNumber(as: kind, type) }
    switch type {
    case .bool:
      if case .bool = self { return self }
      switch intValue { case 0?: return .bool(false); case 1?: return .bool(true); default: return nil }
    case .char: return integer(Int8.self).map(Value.int8)
    case .short: return integer(Int16.self).map(Value.int16)
    case .int, .long: return integer(Int32.self).map(Value.int32)
    case .longLong: return integer(Int64.self).map(Value.int64)
    case .unsignedChar: return integer(UInt8.self).map(Value.uint8)
    case .unsignedShort: return integer(UInt16.self).map(Value.uint16)
    case .unsignedInt, .unsignedLong: return integer(UInt32.self).map(Value.uint32)
    case .unsignedLongLong: return integer(UInt64.self).map(Value.uint64)
    case .float: return float().map(Value.float)
    case .double: return floating().map(Value.double)
    case .cString:
      switch self {
      case .nil, .cString: return self
      case .string(let text): return .cString(CString(text))
      case .swiftObject(let object) where object is VariablePointer: return self  // a `char *` buffer to fill
      default: return nil
      }
    case .object, .block:
      switch self {
      case .selector, .pointer, .cString, .cArray: return nil
      default: return self
      }
    case .class:
      switch self {
      case .nil, .class: return self
      case .object(let object as Class): return .class(object)
      default: return nil
      }
    case .selector:
      switch self { case .nil, .selector: return self; default: return nil }
    case .pointer:
      switch self {
      case .nil, .pointer: return self
      case .swiftObject(let object) where object is VariablePointer: return self  // `&variable`
      default: return nil
      }
    case .structure(let name, let fields):
      guard case .structure(let value) = self, value.name == name else { return nil }
      guard let fields else { return self }
      guard fields.count == value.fields.count else { return nil }
      var converted: [Value] = []
      for (field, member) in zip(fields, value.fields) {
        guard let each = try member.convertedOrNil(to: field.type.unqualified, rule) else { return nil }
        converted.append(each)
      }
      return .structure(Structure(name: name, fields: converted))
    case .array(let count, let element):
      let elements: [Value]
      switch self {
      case .cArray(let members), .array(let members): elements = members
      default: return nil
      }
      guard elements.count == count else { return nil }
      var converted: [Value] = []
      for member in elements {
        guard let each = try member.convertedOrNil(to: element.unqualified, rule) else { return nil }
        converted.append(each)
      }
      return .cArray(converted)
    case .bitField(let width):
      return try convertedToBitField(width: width, rule, type)
    case .union:
      // Only a union of the same type, member names aside: C converts nothing else to a union.
      guard case .union(let value) = self, value.type == type.withoutFieldNames else { return nil }
      return self
    #if arch(x86_64) || arch(i386)
      case .longDouble:
        if case .bool = self { return nil }  // as for double: a BOOL is no floating value
        return extendedValue.map(Value.longDouble)  // every number is exactly a long double
      case .void, .unknown, .qualified:
        return nil
    #else
      case .void, .longDouble, .unknown, .qualified:
        return nil
    #endif
    }
  }

  /// The value as an integer of type `T`, if it is an integer, a Bool or an integral float that fits.
  private func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
    #if arch(x86_64) || arch(i386)
      if case .longDouble(let value) = self { return T(exactly: value) }
    #endif
    switch numeric {
    case .signed(let value)?: return T(exactly: value)
    case .unsigned(let value)?: return T(exactly: value)
    case .floating(let value)?: return T(exactly: value)
    case nil: return nil
    }
  }

  /// The value as a `Float`: an integer only if a `Float` holds it exactly (16777217 does not,
  /// though a `Double` does); a `double` rounded to nearest, as C does, but never overflowing a
  /// finite value to infinity.
  private func float() -> Float? {
    switch self {
    case .bool: return nil
    case .float(let value): return value
    case .double(let value):
      let rounded = Float(value)
      return rounded.isInfinite && value.isFinite ? nil : rounded
    #if arch(x86_64) || arch(i386)
      case .longDouble(let value):
        let rounded = Float(value)
        return rounded.isInfinite && value.isFinite ? nil : rounded
    #endif
    default:
      switch numeric {
      case .signed(let value)?: return Float(exactly: value)
      case .unsigned(let value)?: return Float(exactly: value)
      default: return nil
      }
    }
  }

  /// The value as a floating number, if it is a number whose value a `Double` holds exactly (a
  /// `long double` is rounded to nearest, as a `double` is to a `float`).
  private func floating() -> Double? {
    switch self {
    case .bool: return nil
    case .float(let value): return Double(value)
    case .double(let value): return value
    #if arch(x86_64) || arch(i386)
      case .longDouble(let value):  // rounded to nearest, as a double to a float, never to infinity
        let rounded = Double(value)
        return rounded.isInfinite && value.isFinite ? nil : rounded
    #endif
    default:
      switch numeric {
      case .signed(let value)?: return Double(exactly: value)
      case .unsigned(let value)?: return Double(exactly: value)
      default: return nil
      }
    }
  }
}

extension TypeEncoding {
  /// Whether a value of this type is an object pointer (`@`, `@?`, `#`): an object is stored as
  /// itself, never as the value it bridges to.
  fileprivate var holdsObjects: Bool {
    switch self {
    case .object, .block, .class: return true
    default: return false
    }
  }
}
