// Value+Equality.swift: how values compare and hash.
//
// Docs: docs/runtime.md#values. Tests: Tests/MiniRuntimeTests/ValueTests.swift.
//
// Numbers (and Bool) compare by numeric value, like `-[NSNumber isEqual:]`; bridged values
// (strings, arrays, dictionaries, sets, NSNull) by contents (strings literally, unit by unit), and equal to an object of their
// Foundation class with the same contents (an object's `BridgedStorage` says what it bridges
// to); objects of Foundation's value classes by contents, as their `isEqual:` does; other
// objects, classes and Swift objects by identity (a class given as `.object` equals the same
// class as `.class`). Nothing here sends a message. Hashing agrees with equality: every number
// that equals an integer hashes as that integer, and an object hashes as what it bridges to.
// NaN is CFNumberCompare's: equal to every NaN (whatever its sign and payload, so `==` stays
// reflexive, as Hashable requires) and ordered below every other number; 0.0 equals -0.0.

extension Value: Hashable {
  /// Whether two values are equal: numbers by value, bridged values and Foundation's value
  /// objects by contents, other objects by identity.
  ///
  /// ```swift
  /// Value.int32(7) == .double(7)           // true
  /// Value.array(["a"]) == .object(array)   // true if `array` is an NSArray holding "a"
  /// Value.cString("a") == .string("a")     // false: a char * is not an NSString
  /// Value.string("é") == .string("e\u{301}") // false: strings compare unit by unit
  /// Value.double(.nan) == .float(.nan)     // true: every NaN is one number, as in CFNumber
  /// Value.double(-0.0) == .int32(0)        // true
  /// ```
  ///
  /// Objective-C: `-isEqual:` of `NSNumber`, `NSString` and the collections; pointer equality
  /// for other objects.
  public static func == (lhs: Value, rhs: Value) -> Bool {
    #if arch(x86_64) || arch(i386)
      if lhs.isLongDouble || rhs.isLongDouble {  // every number is exactly a long double
        guard let left = lhs.extendedValue, let right = rhs.extendedValue else { return false }
        return left == right || (left.isNaN && right.isNaN)  // every NaN is one value
      }
    #endif
    if let left = lhs.numeric, let right = rhs.numeric { return Self.numericEqual(left, right) }
    switch (lhs, rhs) {
    case (.nil, .nil), (.null, .null): return true
    case (.cString(let a), .cString(let b)): return a == b  // byte by byte, as strcmp
    case (.string(let a), .string(let b)):
      // Literally, unit by unit, as -isEqualToString: compares: "é" and "e\u{301}" are
      // canonically equivalent (Swift's ==) but not equal strings.
      return a.utf8.elementsEqual(b.utf8)
    case (.selector(let a), .selector(let b)): return a == b
    case (.pointer(let a), .pointer(let b)): return a == b
    case (.structure(let a), .structure(let b)): return a == b
    case (.union(let a), .union(let b)): return a == b  // type and bytes, as -isEqualToValue:
    case (.array(let a), .array(let b)), (.cArray(let a), .cArray(let b)): return a == b
    case (.dictionary(let a), .dictionary(let b)): return a == b
    case (.set(let a), .set(let b)): return a == b
    case (.swiftObject(let a), .swiftObject(let b)): return a === b
    case (.object(let a), .object(let b)):
      if a === b { return true }
      guard let left = a.bridgedStorage, let right = b.bridgedStorage else { return false }
      return Value.nested { left.isEqual(to: right) } ?? false  // a collection holding itself ends (Value+Nesting.swift)
    case (.object(let object), let value), (let value, .object(let object)):
      if let bridged = object.bridgedStorage?.bridgedValue, !bridged.isObject { return Value.nested { bridged == value } ?? false }
      return value.objectValue === object
    default:
      if let a = lhs.objectValue, let b = rhs.objectValue { return a === b }  // .class with .class
      return false
    }
  }

  /// Hashes the value consistently with `==`.
  ///
  /// Objective-C: `-[NSObject hash]` / `-[NSNumber hash]`
  public func hash(into hasher: inout Hasher) {
    #if arch(x86_64) || arch(i386)
      if case .longDouble(let value) = self {
        // As the double it equals, if any, so that it hashes like every number it equals.
        if let double = Double(exactly: value) { return Value.double(double).hash(into: &hasher) }
        if value.isNaN { return Value.double(.nan).hash(into: &hasher) }
        hasher.combine(0 as UInt8)
        hasher.combine(value)
        return
      }
    #endif
    if let number = numeric {
      hasher.combine(0 as UInt8)
      switch number {
      case .signed(let value): hasher.combine(value)
      case .unsigned(let value):
        if let signed = Int64(exactly: value) { hasher.combine(signed) } else { hasher.combine(value) }
      case .floating(let value):
        if let signed = Int64(exactly: value) {
          hasher.combine(signed)
        } else if let unsigned = UInt64(exactly: value) {
          hasher.combine(unsigned)
        } else if value.isNaN {
          hasher.combine(2 as UInt8)  // every NaN alike (Double's own hash tells payloads apart)
        } else {
          hasher.combine(value)
        }
      }
      return
    }
    switch self {
    case .nil: hasher.combine(1 as UInt8)
    case .null: hasher.combine(2 as UInt8)
    case .string(let value): hasher.combine(value)
    case .cString(let value): hasher.combine(value)
    case .selector(let value): hasher.combine(value)
    case .pointer(let value): hasher.combine(value)
    case .structure(let value): hasher.combine(value)
    case .union(let value): hasher.combine(value)
    case .array(let value), .cArray(let value): hasher.combine(value)
    case .dictionary(let value): hasher.combine(value)
    case .set(let value): hasher.combine(value)
    case .swiftObject(let value): hasher.combine(ObjectIdentifier(value))
    case .object(let value):
      guard let storage = value.bridgedStorage else { return hasher.combine(ObjectIdentifier(value)) }
      // As what it bridges to, so that it hashes like the bridged value it equals.
      // Past Value.nestingLimit levels of collection objects (one that holds itself), nothing more.
      let hashed: Void? = Value.nested(marking: false) {
        if let bridged = storage.bridgedValue, !bridged.isObject { bridged.hash(into: &hasher) } else { storage.hash(into: &hasher) }
      }
      if hashed == nil { hasher.combine(3 as UInt8) }
    case .class(let value): hasher.combine(ObjectIdentifier(value))
    default: break  // numbers were handled above
    }
  }

  /// Whether this is `.object` (so a bridged value is never compared with itself forever).
  fileprivate var isObject: Bool {
    if case .object = self { return true }
    return false
  }

  private static func numericEqual(_ lhs: Numeric, _ rhs: Numeric) -> Bool { numericOrder(lhs, rhs) == 0 }

  /// How two numbers order, exactly (no rounding through `double`): -1, 0 or 1, or nil when
  /// either is no number. NaN orders below every other number and the same as any NaN, and
  /// -0.0 the same as 0, as CFNumberCompare orders them.
  ///
  /// ```swift
  /// Value.int64(.max).numericOrder(comparedTo: .int64(.max - 1))   // 1 (through double: 0)
  /// Value.double(2.5).numericOrder(comparedTo: .int32(2))           // 1
  /// Value.uint64(.max).numericOrder(comparedTo: .int8(-1))          // 1
  /// Value.double(.nan).numericOrder(comparedTo: .double(-.infinity)) // -1
  /// ```
  ///
  /// Objective-C: `-[NSNumber compare:]` (CFNumberCompare, which compares the values exactly)
  public func numericOrder(comparedTo other: Value) -> Int? {
    guard let left = numeric, let right = other.numeric else { return nil }
    return Self.numericOrder(left, right)
  }

  private static func numericOrder(_ lhs: Numeric, _ rhs: Numeric) -> Int {
    func order<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a > b ? 1 : 0) }
    switch (lhs, rhs) {
    case (.signed(let a), .signed(let b)): return order(a, b)
    case (.unsigned(let a), .unsigned(let b)): return order(a, b)
    case (.signed(let a), .unsigned(let b)): return a < 0 ? -1 : order(UInt64(a), b)
    case (.unsigned, .signed): return -numericOrder(rhs, lhs)
    case (.floating(let a), .floating(let b)):
      if a.isNaN || b.isNaN { return a.isNaN ? (b.isNaN ? 0 : -1) : 1 }  // NaN first, as CFNumberCompare
      return order(a, b)
    case (.floating(let a), .signed(let b)):
      guard !a.isNaN else { return -1 }
      if a < -9_223_372_036_854_775_808.0 { return -1 }  // below -2^63
      if a >= 9_223_372_036_854_775_808.0 { return 1 }  // 2^63 and above
      let whole = a.rounded(.down)
      let integer = Int64(whole)
      return integer != b ? order(integer, b) : (a > whole ? 1 : 0)
    case (.floating(let a), .unsigned(let b)):
      guard !a.isNaN else { return -1 }
      if a < 0 { return -1 }
      if a >= 18_446_744_073_709_551_616.0 { return 1 }  // 2^64 and above
      let whole = a.rounded(.down)
      let integer = UInt64(whole)
      return integer != b ? order(integer, b) : (a > whole ? 1 : 0)
    case (.signed, .floating), (.unsigned, .floating): return -numericOrder(rhs, lhs)
    }
  }
}
