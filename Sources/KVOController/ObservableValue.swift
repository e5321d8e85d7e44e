// ObservableValue.swift: the Swift types a checked key path's values can have.
//
// Docs: docs/kvocontroller.md#checked-key-paths. Tests: Tests/KVOControllerTests/TypedKeyPathTests.swift.
//
// Each type says which Objective-C type encodings hold its values (checked against the class
// when observing) and how to read one out of a change's `Value` (for typed `old`/`new`).

import MiniRuntime

/// A Swift type the value of an observed key path can have: a number, `Bool`, `String`, an
/// `Object`, or `Value` (anything, unchecked).
///
/// Objective-C: none (MiniKVO extension; `FBKVOKeyPath` checks types at compile time).
public protocol ObservableValue: Sendable {
  /// Whether a property of type `encoding` holds values of this type.
  ///
  /// Objective-C: none (MiniKVO extension).
  static func accepts(_ encoding: TypeEncoding) -> Bool

  /// The value a change carries, or `nil` if it is nil (`NSNull`) or not of this type.
  ///
  /// Objective-C: none (MiniKVO extension).
  static func observed(from value: Value) -> Self?
}

extension ObservableValue where Self: FixedWidthInteger {
  /// Any integer case that fits.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func observed(from value: Value) -> Self? {
    switch value {
    case .int8(let value): Self(exactly: value)
    case .int16(let value): Self(exactly: value)
    case .int32(let value): Self(exactly: value)
    case .int64(let value): Self(exactly: value)
    case .uint8(let value): Self(exactly: value)
    case .uint16(let value): Self(exactly: value)
    case .uint32(let value): Self(exactly: value)
    case .uint64(let value): Self(exactly: value)
    default: nil
    }
  }
}

/// The encodings of the signed and unsigned C integer types.
private let signedEncodings: [TypeEncoding] = [.char, .short, .int, .long, .longLong]
private let unsignedEncodings: [TypeEncoding] = [.unsignedChar, .unsignedShort, .unsignedInt, .unsignedLong, .unsignedLongLong]

extension Int: ObservableValue {
  /// `NSInteger` and every signed C integer type.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func accepts(_ encoding: TypeEncoding) -> Bool { signedEncodings.contains(encoding.unqualified) }
}

extension Int64: ObservableValue {
  /// `long long` (`q`, `NSInteger`).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func accepts(_ encoding: TypeEncoding) -> Bool { encoding.unqualified == .longLong }
}

extension Int32: ObservableValue {
  /// `int` (`i`) and `long` (`l`, 32 bits in an encoding).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func accepts(_ encoding: TypeEncoding) -> Bool { [.int, .long].contains(encoding.unqualified) }
}

extension UInt: ObservableValue {
  /// `NSUInteger` and every unsigned C integer type.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func accepts(_ encoding: TypeEncoding) -> Bool { unsignedEncodings.contains(encoding.unqualified) }
}

extension UInt64: ObservableValue {
  /// `unsigned long long` (`Q`, `NSUInteger`).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func accepts(_ encoding: TypeEncoding) -> Bool { encoding.unqualified == .unsignedLongLong }
}

extension Bool: ObservableValue {
  /// `bool` (`B`) and `char` (`c`, `BOOL` on x86_64 macOS).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func accepts(_ encoding: TypeEncoding) -> Bool { [.bool, .char].contains(encoding.unqualified) }

  /// A `Bool`, or an integer 0 or 1 (a `BOOL` stored as `char`).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func observed(from value: Value) -> Bool? {
    if case .bool(let flag) = value { return flag }
    guard let number = Int8.observed(from: value), number == 0 || number == 1 else { return nil }
    return number == 1
  }
}

extension Int8: ObservableValue {
  /// `char` (`c`).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func accepts(_ encoding: TypeEncoding) -> Bool { encoding.unqualified == .char }
}

extension Double: ObservableValue {
  /// `double` (`d`) and `float` (`f`).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func accepts(_ encoding: TypeEncoding) -> Bool { [.double, .float].contains(encoding.unqualified) }

  /// A `double` or a `float`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func observed(from value: Value) -> Double? {
    switch value {
    case .double(let number): number
    case .float(let number): Double(number)
    default: nil
    }
  }
}

extension String: ObservableValue {
  /// An `NSString` (or `id`, which may hold one).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func accepts(_ encoding: TypeEncoding) -> Bool {
    guard case .object(let className) = encoding.unqualified else { return false }
    return className == nil || className == "NSString" || className == "NSMutableString"
  }

  /// A bridged string.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func observed(from value: Value) -> String? { value.stringValue }
}

extension Object: ObservableValue {
  /// Any object type (`@`, `@"Person"`).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func accepts(_ encoding: TypeEncoding) -> Bool {
    if case .object = encoding.unqualified { return true }
    return false
  }

  /// The object a change carries.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func observed(from value: Value) -> Self? {
    guard case .object(let object) = value else { return nil }
    return object as? Self
  }
}

extension Value: ObservableValue {
  /// Any type: the key is checked, its type is not.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func accepts(_ encoding: TypeEncoding) -> Bool { true }

  /// The value as it is, `.nil` included.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func observed(from value: Value) -> Value? { value }
}
