// Value+Description.swift: printing values the way Objective-C's `%@` would.
//
// Docs: docs/runtime.md#values. Tests: Tests/MiniRuntimeTests/ValueTests.swift.

extension Value: CustomStringConvertible {
  /// A readable rendering: `7`, `2.5`, `"Ann"`, `<Person: 0x…>`, `(1, 2)`, `{age = 7}`.
  ///
  /// Objects print their identity (``Object/description``) without sending them a message, so
  /// printing never runs user code.
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
    case .string(let value): return "\"\(value)\""
    case .object(let object): return object.description
    case .class(let cls): return cls.name
    case .selector(let selector): return "@selector(\(selector.name))"
    case .pointer(let address): return "0x" + String(address, radix: 16)
    case .structure(let value):
      return "{\(value.name): " + value.fields.map(\.description).joined(separator: ", ") + "}"
    case .array(let elements): return "(" + elements.map(\.description).joined(separator: ", ") + ")"
    case .dictionary(let entries):
      let body = entries.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value);" }
      return "{" + body.joined(separator: " ") + "}"
    case .swiftObject(let object): return "<\(type(of: object)): \(Object.address(of: object))>"
    }
  }
}
