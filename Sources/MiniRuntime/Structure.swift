// Structure.swift: a C struct value.
//
// Docs: docs/runtime.md#values. Tests: Tests/MiniRuntimeTests/ValueTests.swift.

/// The value of a C struct such as `CGPoint`: its name and its fields in order.
///
/// ```swift
/// let point = Structure(name: "Point", fields: [1.5, 2.0])
/// Value.structure(point).encoding.description   // "{Point=dd}"
/// ```
///
/// Objective-C: none (a struct passed by value, or `NSValue` boxing one).
public struct Structure: Hashable, Sendable {
  /// The struct's tag name (`Point` in `{Point=dd}`); `?` for an anonymous struct.
  ///
  /// Objective-C: none (the struct tag, as `@encode` writes it).
  public var name: String
  /// The field values, in declaration order.
  ///
  /// Objective-C: none (the struct's members).
  public var fields: [Value]

  /// Creates a struct value.
  ///
  /// Objective-C: none (a C compound literal).
  public init(name: String, fields: [Value]) {
    self.name = name
    self.fields = fields
  }
}
