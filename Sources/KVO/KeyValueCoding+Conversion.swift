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
    guard let selector = conversionSelector(for: type) else { return try strictlyConverted(value, to: type, object, key) }
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
