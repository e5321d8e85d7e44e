// Value+Description.swift: printing values the way Objective-C's `%@` would.
//
// Docs: docs/runtime.md#values. Tests: Tests/MiniRuntimeTests/ValueTests.swift.

extension Value: CustomStringConvertible {
  /// A readable rendering: `7`, `2.5`, `"Ann"`, `<Person: 0x…>`, `(1, 2)`, `{age = 7;}`,
  /// `{(1, 2)}` for a set, `<null>`, and `(char *)"Ann"`, `{1, 2}` for the C values.
  ///
  /// Objects print their identity (``Object/description``) without sending them a message, so
  /// printing never runs user code; an object of a Foundation value class prints its contents,
  /// as `%@` does.
  ///
  /// Objective-C: `-description` as `%@` prints it.
  public var description: String {
    switch self {
    case .nil: return "nil"
    case .bool(let value): return value ? "YES" : "NO"
    case .int8(let value): return String(value)
    case .int16(let value): return String(value)
    case .int32(let value): return String(value)
    case .int64(let value): return String(value)
    case .uint8(let value): return String(value)
    case .uint16(let value): return String(value)
    case .uint32(let value): return String(value)
    case .uint64(let value): return String(value)
    case .float(let value): return String(value)
    case .double(let value): return String(value)
    #if arch(x86_64) || arch(i386)
      case .longDouble(let value): return Value.cFormatted(value)  // as %Lg prints it
    #endif
    case .string(let value): return "\"\(value)\""
    case .cString(let value): return "(char *)\(value)"
    case .null: return "<null>"
    case .object(let object):
      guard let storage = object.bridgedStorage else { return object.description }
      return Value.nested { storage.description } ?? "..."  // a collection holding itself ends (Value+Nesting.swift)
    case .class(let cls): return cls.name
    case .selector(let selector): return "@selector(\(selector.name))"
    case .pointer(let address): return "0x" + String(address, radix: 16)
    case .structure(let value):
      return "{\(value.name): " + value.fields.map(\.description).joined(separator: ", ") + "}"
    case .union(let value): return Value.hexDescription(of: value.bytes)
    case .array(let elements): return "(" + elements.map(\.description).joined(separator: ", ") + ")"
    case .cArray(let elements): return "{" + elements.map(\.description).joined(separator: ", ") + "}"
    case .dictionary(let entries):
      let body = entries.map { "\(Self.keyDescription($0.key)) = \($0.value);" }.sorted()
      return "{" + body.joined(separator: " ") + "}"
    case .set(let elements): return "{(" + elements.map(\.description).sorted().joined(separator: ", ") + ")}"
    case .swiftObject(let object): return "<\(type(of: object)): \(Object.address(of: object))>"
    }
  }
}

extension Value {
  /// Bytes as `NSValue` prints a value it holds only as bytes: hex in groups of four, `<0000803f>`.
  static func hexDescription(of bytes: [UInt8]) -> String {
    let digits = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
    let groups = stride(from: 0, to: digits.count, by: 4).map { digits[$0..<min($0 + 4, digits.count)].joined() }
    return "<" + groups.joined(separator: " ") + ">"
  }

  /// A dictionary key as `NSDictionary` prints it: a string without quotes.
  static func keyDescription(_ key: Value) -> String {
    if case .string(let text) = key { return text }
    return key.description
  }
}
