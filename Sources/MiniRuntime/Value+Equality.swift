// Value+Equality.swift: how values compare and hash.
//
// Docs: docs/runtime.md#values. Tests: Tests/MiniRuntimeTests/ValueTests.swift.
//
// Numbers (and Bool) compare by numeric value, like `-[NSNumber isEqual:]`; objects, classes
// and Swift objects by identity (a class given as `.object` equals the same class as `.class`);
// everything else structurally. Hashing agrees with equality: every number that equals an
// integer hashes as that integer.

extension Value: Hashable {
  /// Whether two values are equal (numbers by value, objects by identity).
  ///
  /// Objective-C: `-[NSNumber isEqual:]` for numbers, pointer equality for objects.
  public static func == (lhs: Value, rhs: Value) -> Bool {
    if let left = lhs.numeric, let right = rhs.numeric { return Self.numericEqual(left, right) }
    switch (lhs, rhs) {
    case (.nil, .nil): return true
    case (.string(let a), .string(let b)): return a == b
    case (.selector(let a), .selector(let b)): return a == b
    case (.pointer(let a), .pointer(let b)): return a == b
    case (.structure(let a), .structure(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.dictionary(let a), .dictionary(let b)): return a == b
    case (.swiftObject(let a), .swiftObject(let b)): return a === b
    default:
      if let a = lhs.objectValue, let b = rhs.objectValue { return a === b }
      return false
    }
  }

  /// Hashes the value consistently with `==`.
  ///
  /// Objective-C: `-[NSObject hash]` / `-[NSNumber hash]`
  public func hash(into hasher: inout Hasher) {
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
        } else {
          hasher.combine(value)
        }
      }
      return
    }
    switch self {
    case .nil: hasher.combine(1 as UInt8)
    case .string(let value): hasher.combine(value)
    case .selector(let value): hasher.combine(value)
    case .pointer(let value): hasher.combine(value)
    case .structure(let value): hasher.combine(value)
    case .array(let value): hasher.combine(value)
    case .dictionary(let value): hasher.combine(value)
    case .swiftObject(let value): hasher.combine(ObjectIdentifier(value))
    case .object(let value): hasher.combine(ObjectIdentifier(value))
    case .class(let value): hasher.combine(ObjectIdentifier(value))
    default: break  // numbers were handled above
    }
  }

  private static func numericEqual(_ lhs: Numeric, _ rhs: Numeric) -> Bool {
    switch (lhs, rhs) {
    case (.signed(let a), .signed(let b)): return a == b
    case (.unsigned(let a), .unsigned(let b)): return a == b
    case (.signed(let a), .unsigned(let b)), (.unsigned(let b), .signed(let a)):
      return a >= 0 && UInt64(a) == b
    case (.floating(let a), .floating(let b)): return a == b
    case (.floating(let a), .signed(let b)), (.signed(let b), .floating(let a)):
      return Int64(exactly: a) == b
    case (.floating(let a), .unsigned(let b)), (.unsigned(let b), .floating(let a)):
      return UInt64(exactly: a) == b
    }
  }
}
