// Value.swift: the dynamic value that ivars, arguments and return values carry.
//
// Docs: docs/runtime.md#values. Tests: Tests/MiniRuntimeTests/ValueTests.swift.
//
// Model: one case per kind of thing an Objective-C method can pass, so a `Value` always knows
// its own type encoding (Value+Encoding.swift). Strings, arrays, dictionaries, sets and NSNull
// are *bridged* values, as Swift bridges `String` and `Array` to `NSString` and `NSArray`:
// immutable, compared by contents, with no identity; MiniFoundation boxes one into an object of
// its class when a message must be sent to it (docs/decisions/0005). The C meanings (`char *`,
// `int[4]`) are separate cases that never become objects; a struct is its members, a union its
// bytes (Union.swift). Numbers compare like `NSNumber`: by
// numeric value across widths (`.int32(7) == .int64(7) == .double(7)`), so tests and change
// dictionaries read naturally whatever the ivar's exact width.

/// A dynamically typed value: what an ivar holds, a message carries or a method returns.
///
/// ```swift
/// let age: Value = 42              // .int64(42): literals pick the natural case
/// let name: Value = "Ann"          // .string("Ann"), bridged to NSString
/// let tags: Value = ["a", "b"]     // .array(["a", "b"]), bridged to NSArray
/// age == .int32(42)                // true: numbers compare by value, like NSNumber
/// age.encoding                     // .longLong ("q")
/// Value.object(person).encoding    // @"Person"
/// ```
///
/// Objective-C: none (the C values behind `id`, `NSInteger`, `double`, `SEL`, structs …).
public enum Value: Sendable {
  /// `nil`, `Nil` or `NULL`: the zero value every message to nil returns.
  case `nil`
  /// `BOOL` / C99 `bool` (encoding `B`).
  case bool(Bool)
  /// `char` (encoding `c`).
  case int8(Int8)
  /// `short` (encoding `s`).
  case int16(Int16)
  /// `int` (encoding `i`).
  case int32(Int32)
  /// `long long` / `NSInteger` (encoding `q`).
  case int64(Int64)
  /// `unsigned char` (encoding `C`).
  case uint8(UInt8)
  /// `unsigned short` (encoding `S`).
  case uint16(UInt16)
  /// `unsigned int` (encoding `I`).
  case uint32(UInt32)
  /// `unsigned long long` / `NSUInteger` (encoding `Q`).
  case uint64(UInt64)
  /// `float` (encoding `f`).
  case float(Float)
  /// `double` (encoding `d`).
  case double(Double)
  #if arch(x86_64) || arch(i386)
    /// `long double` (encoding `D`): the x87 80-bit extended format, 16 bytes, 16-aligned, as on
    /// x86_64 macOS. Only on Intel, where Swift has `Float80`; elsewhere a `long double` has no
    /// value (docs/differences.md). Kept out of line (`indirect`), so that `Value`'s own size and
    /// alignment stay those of the other cases: a `Float80` payload would make every `Value`
    /// 16-aligned and 32 bytes apart, and every send copies values.
    indirect case longDouble(Float80)
  #endif
  /// A string, bridged to `NSString *` (encoding `@"NSString"`), as Swift bridges `String`.
  ///
  /// Stored where a `char *` is expected, it becomes a ``cString(_:)-enum.case``.
  case string(String)
  /// A C string, `char *` (encoding `*`): its bytes, in whatever encoding wrote them (decision
  /// 0049). Not an object: nothing can be sent to it.
  case cString(CString)
  /// A runtime object (encoding `@"ClassName"`).
  case object(Object)
  /// A class object (encoding `#`).
  case `class`(Class)
  /// A selector (encoding `:`).
  case selector(Selector)
  /// An opaque address, never dereferenced: a `void *` such as a KVO context (encoding `^v`).
  case pointer(UInt)
  /// A C struct value (encoding `{Name=…}`).
  indirect case structure(Structure)
  /// A C union value (encoding `(Name=…)`): its type and its bytes (Union.swift).
  indirect case union(Union)
  /// An array, bridged to `NSArray *` (encoding `@"NSArray"`), as Swift bridges `Array`.
  ///
  /// Stored in a C-array ivar, it becomes a ``cArray(_:)``. A `.nil` element is boxed as `NSNull`.
  case array([Value])
  /// A C array such as `int[4]` (encoding `[4i]`): its elements. Not an object.
  case cArray([Value])
  /// A dictionary, bridged to `NSDictionary *` (encoding `@"NSDictionary"`). Keys are any values,
  /// as `NSDictionary` keys are any objects; KVC uses string keys.
  case dictionary([Value: Value])
  /// A set, bridged to `NSSet *` (encoding `@"NSSet"`), as Swift bridges `Set`.
  case set(Set<Value>)
  /// `[NSNull null]`, the object that stands for nil inside collections (encoding `@"NSNull"`).
  /// Unlike `.nil` it is an object: boxed, it is the runtime's one `NSNull` instance.
  case null
  /// A Swift object carried through the runtime as an opaque `id` (encoding `@`).
  ///
  /// This is how higher layers hand their own Swift objects (a KVO change, a controller) to
  /// runtime methods and associated objects, as Swift objects bridge to `id` on Apple platforms.
  case swiftObject(any AnyObject & Sendable)

  /// A C string (`.cString`) of `text`'s UTF-8, cut at its first NUL.
  ///
  /// ```swift
  /// Value.cString(type.description) == .cString(CString(type.description))  // true
  /// ```
  ///
  /// Objective-C: none (`text.UTF8String`).
  public static func cString(_ text: String) -> Value { .cString(CString(text)) }

  /// A `long long` (`.int64`) from an `Int`.
  ///
  /// Objective-C: none (`@(n)` for an `NSInteger`).
  public static func int(_ value: Int) -> Value { .int64(Int64(value)) }
}

// MARK: - Reading values

extension Value {
  /// Whether this is `.nil`.
  ///
  /// Objective-C: none (`x == nil`).
  public var isNil: Bool {
    if case .nil = self { return true }
    return false
  }

  /// The number as an `Int`, for any integer or `Bool` case, or an integral floating value.
  ///
  /// Objective-C: `-[NSNumber integerValue]` (without its silent truncation).
  public var intValue: Int? {
    switch numeric {
    case .signed(let value)?: return Int(exactly: value)
    case .unsigned(let value)?: return Int(exactly: value)
    case .floating(let value)?: return Int(exactly: value)
    case nil: return nil
    }
  }

  /// The number as a `Double`, for any numeric or `Bool` case.
  ///
  /// Objective-C: `-[NSNumber doubleValue]`
  public var doubleValue: Double? {
    switch numeric {
    case .signed(let value)?: return Double(value)
    case .unsigned(let value)?: return Double(value)
    case .floating(let value)?: return value
    case nil: return nil
    }
  }

  /// The truth value of a `Bool` or a number (non-zero is `true`).
  ///
  /// Objective-C: `-[NSNumber boolValue]`
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return doubleValue.map { $0 != 0 }
  }

  /// Whether this is `NSNull`: `.null`, or the runtime's `NSNull` object.
  ///
  /// Objective-C: none (`x == [NSNull null]`).
  public var isNull: Bool {
    if case .null = bridged { return true }
    return false
  }

  /// The string, for `.string` or an `NSString` object.
  ///
  /// Objective-C: none (an `NSString *`).
  public var stringValue: String? {
    if case .string(let value) = bridged { return value }
    return nil
  }

  /// The characters, for a C string (`.cString`) whose bytes are UTF-8; nil for any other value
  /// or bytes (``cStringBytes`` has them all).
  ///
  /// Objective-C: none (`+[NSString stringWithUTF8String:]` of a `char *`).
  public var cStringValue: String? {
    if case .cString(let value) = self { return value.text }
    return nil
  }

  /// The bytes, without the NUL, for a C string (`.cString`).
  ///
  /// Objective-C: none (the bytes a `char *` points to, up to `strlen`).
  public var cStringBytes: [UInt8]? {
    if case .cString(let value) = self { return value.bytes }
    return nil
  }

  /// The object, for `.object` and `.class` (a class is an object too).
  ///
  /// Objective-C: none (an `id`).
  public var objectValue: Object? {
    switch self {
    case .object(let object): return object
    case .class(let cls): return cls
    default: return nil
    }
  }

  /// The class, for `.class`, or `.object` holding a class object.
  ///
  /// Objective-C: none (a `Class`).
  public var classValue: Class? {
    switch self {
    case .class(let cls): return cls
    case .object(let object): return object as? Class
    default: return nil
    }
  }

  /// The selector, for `.selector`.
  ///
  /// Objective-C: none (a `SEL`).
  public var selectorValue: Selector? {
    if case .selector(let value) = self { return value }
    return nil
  }

  /// The elements, for `.array` or an `NSArray` object (read now, for a mutable one).
  ///
  /// Objective-C: none (an `NSArray *`).
  public var arrayValue: [Value]? {
    if case .array(let value) = bridged { return value }
    return nil
  }

  /// The elements, for a C array (`.cArray`).
  ///
  /// Objective-C: none (a C array).
  public var cArrayValue: [Value]? {
    if case .cArray(let value) = self { return value }
    return nil
  }

  /// The entries, for `.dictionary` or an `NSDictionary` object.
  ///
  /// Objective-C: none (an `NSDictionary *`).
  public var dictionaryValue: [Value: Value]? {
    if case .dictionary(let value) = bridged { return value }
    return nil
  }

  /// The elements, for `.set` or an `NSSet` object.
  ///
  /// Objective-C: none (an `NSSet *`).
  public var setElements: Set<Value>? {
    if case .set(let value) = bridged { return value }
    return nil
  }

  /// This value with an object of a Foundation value class replaced by what it bridges to
  /// (`NSArray` → `.array`, `NSNumber` → a number, …); any other value as it is.
  ///
  /// Objective-C: none (Swift's `as` bridging from an Objective-C object).
  public var bridged: Value {
    if case .object(let object) = self, let storage = object.bridgedStorage, let value = storage.bridgedValue {
      return value
    }
    return self
  }

  /// The struct, for `.structure` or an `NSValue` object holding one.
  ///
  /// Objective-C: none (a struct value, as `NSValue` would box it).
  public var structureValue: Structure? {
    if case .structure(let value) = bridged { return value }
    return nil
  }

  /// The union, for `.union` or an `NSValue` object holding one.
  ///
  /// Objective-C: none (a union value, as `NSValue` would box it).
  public var unionValue: Union? {
    if case .union(let value) = bridged { return value }
    return nil
  }

  /// The Swift object, for `.swiftObject`, cast to `T`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func swiftObject<T>(as type: T.Type) -> T? {
    if case .swiftObject(let value) = self { return value as? T }
    return nil
  }

  /// The numeric content of a number or `Bool`, widened for comparison.
  enum Numeric {
    case signed(Int64)
    case unsigned(UInt64)
    case floating(Double)
  }

  /// Whether a `Value` can hold a `long double` here (`.longDouble`, on Intel only).
  static var holdsLongDouble: Bool {
    #if arch(x86_64) || arch(i386)
      return true
    #else
      return false
    #endif
  }

  var numeric: Numeric? {
    switch self {
    case .object(let object):
      guard let storage = object.bridgedStorage, let value = storage.bridgedValue else { return nil }
      if case .object = value { return nil }
      return value.numeric
    case .bool(let value): return .signed(value ? 1 : 0)
    case .int8(let value): return .signed(Int64(value))
    case .int16(let value): return .signed(Int64(value))
    case .int32(let value): return .signed(Int64(value))
    case .int64(let value): return .signed(value)
    case .uint8(let value): return .unsigned(UInt64(value))
    case .uint16(let value): return .unsigned(UInt64(value))
    case .uint32(let value): return .unsigned(UInt64(value))
    case .uint64(let value): return .unsigned(value)
    case .float(let value): return .floating(Double(value))
    case .double(let value): return .floating(value)
    #if arch(x86_64) || arch(i386)
      // Rounded to a double: what `doubleValue` answers. Equality, hashing and the conversions
      // read a long double exactly (Value+LongDouble.swift).
      case .longDouble(let value): return .floating(Double(value))
    #endif
    default: return nil
    }
  }
}

// MARK: - Literals

extension Value: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  /// `nil` is `.nil`.
  ///
  /// Objective-C: none (`nil`).
  public init(nilLiteral: ()) { self = .nil }

  /// `true` is `.bool(true)`.
  ///
  /// Objective-C: none (`YES`).
  public init(booleanLiteral value: Bool) { self = .bool(value) }

  /// An integer literal is a `long long` (`.int64`).
  ///
  /// Objective-C: none (`@42`).
  public init(integerLiteral value: Int64) { self = .int64(value) }

  /// A floating literal is a `double`.
  ///
  /// Objective-C: none (`@4.2`).
  public init(floatLiteral value: Double) { self = .double(value) }

  /// A string literal is `.string`.
  ///
  /// Objective-C: none (`@"text"`).
  public init(stringLiteral value: String) { self = .string(value) }

  /// An array literal is `.array`.
  ///
  /// Objective-C: none (`@[ … ]`).
  public init(arrayLiteral elements: Value...) { self = .array(elements) }

  /// A dictionary literal is `.dictionary`; a repeated key keeps its last value.
  ///
  /// Objective-C: none (`@{ … }`).
  public init(dictionaryLiteral elements: (Value, Value)...) {
    self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
