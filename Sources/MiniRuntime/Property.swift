// Property.swift: a declared property.
//
// Docs: docs/runtime.md#properties. Tests: Tests/MiniRuntimeTests/PropertyTests.swift.

/// A declared property: a name and its attributes.
///
/// Declaring a property adds no methods by itself; ``Class/synthesizeProperty(_:type:options:)``
/// adds the ivar, the property and its accessors together, as `@synthesize` does.
///
/// Objective-C: `objc_property_t` (`property_getName`, `property_getAttributes`)
public final class Property: Sendable, CustomStringConvertible {
  /// The property's name, such as `age`.
  ///
  /// Objective-C: `property_getName`
  public let name: String

  /// The parsed attributes.
  ///
  /// Objective-C: `property_copyAttributeList`
  public let attributes: PropertyAttributes

  init(name: String, attributes: PropertyAttributes) {
    self.name = name
    self.attributes = attributes
  }

  /// The getter's selector: the `G` attribute, or the property's name.
  ///
  /// Objective-C: none (what the compiler derives from the declaration).
  public var getter: Selector {
    Selector(interning: attributes.getterName ?? name)
  }

  /// The setter's selector: the `S` attribute, or `setName:`; `nil` for a read-only property.
  ///
  /// Objective-C: none (what the compiler derives from the declaration).
  public var setter: Selector? {
    guard !attributes.isReadonly else { return nil }
    return Selector(interning: attributes.setterName ?? Property.setterName(forKey: name))
  }

  /// `setAge:` for `age`: "set", the key with its first letter upper-cased, and a colon.
  ///
  /// Objective-C: none (the naming convention KVC and `@synthesize` share).
  public static func setterName(forKey key: String) -> String {
    "set" + key.prefix(1).uppercased() + key.dropFirst() + ":"
  }

  /// `age T…` (name and attribute string).
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { "\(name) \(attributes)" }
}
