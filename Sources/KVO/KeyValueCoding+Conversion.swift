// KeyValueCoding+Conversion.swift: how setValue:forKey: turns a value into a scalar.
//
// Docs: docs/kvo.md#value-conversion. Tests: Tests/KVOTests/KeyValueConversionTests.swift.
//
// Foundation's setValue:forKey: does not convert a value for a scalar property itself: it sends
// the value the NSNumber message for the property's type (`-longLongValue` for a `long long`,
// `-charValue` for a `char`, `-boolValue` for a `BOOL` …) and stores the answer. So an NSNumber
// converts as a C cast does (2.5 → 2, 300 → 44 in a `char`), an NSString reads its leading
// number through the messages it has (`intValue`, `longLongValue`, `doubleValue` …), and a value
// without the message (a string for a `char`, any other object) is an unrecognized selector.
// A struct property takes an NSValue of that struct, unboxed by the runtime; an NSValue of
// another type (an NSNumber is one) is refused as NSValue refuses the unboxing message, and any
// other object is sent the struct's message (`-pointValue`, `-rangeValue` …, `-getValue:`), so
// a string is again an unrecognized selector, as in Foundation.
// The runtime's own typed setters convert as C assignment does (Value+Assignment.swift), which
// refuses what C leaves undefined: this is KVC's conversion.
//
// Stateless. The conversion message is a call-out (user code may implement it): no lock is held
// while it is sent. A bridged number (a `Value` such as `.double(2.0)`, not yet an object) that
// the type holds exactly is stored without boxing it, since `__NSCFNumber` would answer the same;
// every other value is boxed (Runtime+Bridging.swift) and sent the message.

import MiniFoundation
import MiniRuntime

extension KeyValueCoding {
  /// The NSNumber message Foundation's KVC sends to a value set for a scalar of `type`, or `nil`
  /// for a type KVC does not convert by message (objects, structs, pointers …).
  static func conversionSelector(for type: TypeEncoding) -> Selector? {
    switch type.unqualified {
    case .bool: return ConversionSelectors.bool
    case .char: return ConversionSelectors.char
    case .short: return ConversionSelectors.short
    case .int: return ConversionSelectors.int
    case .long: return ConversionSelectors.long
    case .longLong: return ConversionSelectors.longLong
    case .unsignedChar: return ConversionSelectors.unsignedChar
    case .unsignedShort: return ConversionSelectors.unsignedShort
    case .unsignedInt: return ConversionSelectors.unsignedInt
    case .unsignedLong: return ConversionSelectors.unsignedLong
    case .unsignedLongLong: return ConversionSelectors.unsignedLongLong
    case .float: return ConversionSelectors.float
    case .double: return ConversionSelectors.double
    default: return nil
    }
  }

  /// `value` as KVC stores it in a property of `type` of `object`: for a number type, the answer
  /// of the NSNumber message for the type; for any other type, the runtime's strict conversion.
  ///
  /// - Throws: What the conversion message throws (`unrecognizedSelector` for a value that does
  ///   not answer it); ``KeyValueError`` with code `invalidValue` for a value that is no object
  ///   (a C string or C array), an answer that is not a number, or a value the strict conversion
  ///   refuses.
  static func converted(_ value: Value, to type: TypeEncoding, _ object: Object, _ key: String) throws -> Value {
    if isExactNumber(value, for: type) { return value }  // what the conversion below would answer
    guard let selector = conversionSelector(for: type) else {
      if case .structure = type.unqualified { return try structConverted(value, to: type, object, key) }
      return try strictlyConverted(value, to: type, object, key)
    }
    if !value.isObject, let exact = try? value.converted(to: type) { return exact }  // the box would answer the same
    let receiver: Object?
    do {
      receiver = try object.runtime?.object(bridging: value)
    } catch {
      return try strictlyConverted(value, to: type, object, key)  // a C value: not an object to send to
    }
    // call-out: the conversion message (-longLongValue …), no lock held
    let answer = try Runtime.msgSend(receiver, selector)
    return try strictlyConverted(answer, to: type, object, key)
  }

  /// Whether `value` is a bridged number already of the number type `type` (an `.int64` for a
  /// `long long`, the common case): the conversion would store it unchanged, so `converted`
  /// answers it at once instead of walking the type. Only unqualified types and exact pairs (the
  /// encoding's `l` and `L` are 32 bits, as `Value` reads them); anything else takes the full path.
  @inline(__always)
  private static func isExactNumber(_ value: Value, for type: TypeEncoding) -> Bool {
    switch type {
    case .longLong: if case .int64 = value { return true }
    case .int, .long: if case .int32 = value { return true }
    case .double: if case .double = value { return true }
    case .float: if case .float = value { return true }
    case .bool: if case .bool = value { return true }
    case .short: if case .int16 = value { return true }
    case .char: if case .int8 = value { return true }
    case .unsignedLongLong: if case .uint64 = value { return true }
    case .unsignedInt, .unsignedLong: if case .uint32 = value { return true }
    case .unsignedShort: if case .uint16 = value { return true }
    case .unsignedChar: if case .uint8 = value { return true }
    default: break
    }
    return false
  }

  /// `value` for a struct property. Foundation sends every object the message it unboxes with
  /// (`-pointValue`, `-sizeValue`, `-rectValue`, `-rangeValue`; `-getValue:` for another struct).
  /// An `NSValue` answers it from its own bytes, so one of this struct is unboxed by the runtime;
  /// an `NSValue` of another type, an `NSNumber` included (it is an `NSValue`), is refused as
  /// NSValue refuses the message: `NSInvalidArgumentException`, naming the message and both types
  /// (docs/kvo.md#value-conversion says why). Any other object is sent the message: one that
  /// does not answer it is the runtime's unrecognized selector, as in Foundation
  /// (`-[__NSCFString pointValue]: unrecognized selector …`); an answer is stored, converted.
  private static func structConverted(
    _ value: Value, to type: TypeEncoding, _ object: Object, _ key: String
  ) throws -> Value {
    guard let runtime = object.runtime, let receiver = try? runtime.object(bridging: value),
      let nsValue = runtime.lookUpClass(named: "NSValue")
    else {
      return try strictlyConverted(value, to: type, object, key)
    }
    let selector = structSelector(for: type)
    if receiver.isa.isSubclass(of: nsValue) {
      if let unboxed = try? value.converted(to: type) { return unboxed }
      // call-out: -objCType, to name the value's type (an NSValue subclass may override it)
      let held = try Runtime.msgSend(receiver, Selector.objCType).cStringValue ?? "?"
      throw KeyValueError(
        .invalidValue,
        "-[\(receiver.isa.name) \(selector.name)]: the value's objCType is \"\(held)\", not \"\(type)\"")
    }
    // call-out: the unboxing message, no lock held
    if selector != StructSelectors.getValue {
      return try strictlyConverted(try Runtime.msgSend(receiver, selector), to: type, object, key)
    }
    if receiver.isa.instanceMethodWithoutResolver(for: selector) == nil {
      _ = try Runtime.msgSend(receiver, selector, .pointer(0))  // unrecognized, unless forwarded
    }
    return try strictlyConverted(value, to: type, object, key)  // no bytes to copy here: refused
  }

  /// The message Foundation's KVC unboxes a struct of this type with: the geometry and range
  /// messages for exactly its NSPoint, NSSize, NSRect and NSRange, `getValue:` for any other.
  private static func structSelector(for type: TypeEncoding) -> Selector {
    switch FoundationStruct(type) {
    case .point: return StructSelectors.point
    case .size: return StructSelectors.size
    case .rect: return StructSelectors.rect
    case .range: return StructSelectors.range
    case nil: return StructSelectors.getValue
    }
  }

  private static func strictlyConverted(
    _ value: Value, to type: TypeEncoding, _ object: Object, _ key: String
  ) throws(KeyValueError) -> Value {
    do {
      return try value.converted(to: type)
    } catch {
      throw KeyValueError(
        .invalidValue, "[\(KeyValueError.label(object)) setValue:forKey:]: key \(key): \(error.message)")
    }
  }
}

/// The struct unboxing messages, resolved once.
private enum StructSelectors {
  static let point: Selector = "pointValue"
  static let size: Selector = "sizeValue"
  static let rect: Selector = "rectValue"
  static let range: Selector = "rangeValue"
  static let getValue: Selector = "getValue:"
}

extension Selector {
  /// `-[NSValue objCType]`.
  fileprivate static let objCType: Selector = "objCType"
}

/// The conversion messages, resolved once.
private enum ConversionSelectors {
  static let bool: Selector = "boolValue"
  static let char: Selector = "charValue"
  static let short: Selector = "shortValue"
  static let int: Selector = "intValue"
  static let long: Selector = "longValue"
  static let longLong: Selector = "longLongValue"
  static let unsignedChar: Selector = "unsignedCharValue"
  static let unsignedShort: Selector = "unsignedShortValue"
  static let unsignedInt: Selector = "unsignedIntValue"
  static let unsignedLong: Selector = "unsignedLongValue"
  static let unsignedLongLong: Selector = "unsignedLongLongValue"
  static let float: Selector = "floatValue"
  static let double: Selector = "doubleValue"
}

extension Value {
  /// Whether this is an object already (not a bridged value waiting to be boxed).
  fileprivate var isObject: Bool {
    if case .object = self { return true }
    return false
  }
}
