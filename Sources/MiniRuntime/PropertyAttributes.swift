// PropertyAttributes.swift: the `T@"NSString",C,N,V_name` attribute string, parsed.
//
// Docs: docs/runtime.md#properties. Tests: Tests/MiniRuntimeTests/PropertyTests.swift,
// fuzzed by Fuzz/PropertyAttributes.
//
// The string is a comma-separated list of attributes, each a letter and perhaps a value. The
// order is kept so the string prints back exactly; parse → print → parse is the identity.

/// The attributes of a declared property, in the order the attribute string lists them.
///
/// ```swift
/// let attributes = try PropertyAttributes("T@\"NSString\",C,N,V_name")
/// attributes.type            // .object(className: "NSString")
/// attributes.isCopy          // true
/// attributes.isNonatomic     // true
/// attributes.ivarName        // "_name"
/// attributes.description     // "T@\"NSString\",C,N,V_name"
/// ```
///
/// Objective-C: `property_getAttributes`, `property_copyAttributeList`, `objc_property_attribute_t`
public struct PropertyAttributes: Hashable, Sendable, CustomStringConvertible {
  /// One attribute of a property.
  ///
  /// Objective-C: `objc_property_attribute_t`
  public enum Attribute: Hashable, Sendable {
    /// `T`: the property's type encoding.
    case type(TypeEncoding)
    /// `R`: read-only.
    case readonly
    /// `C`: copy.
    case copy
    /// `&`: retain (strong).
    case retain
    /// `N`: nonatomic.
    case nonatomic
    /// `G`: a custom getter name.
    case getter(String)
    /// `S`: a custom setter name.
    case setter(String)
    /// `D`: `@dynamic`.
    case dynamic
    /// `W`: weak.
    case weak
    /// `P`: eligible for garbage collection (historical).
    case garbageCollected
    /// `V`: the backing ivar's name.
    case ivar(String)
  }

  /// The attributes in order.
  ///
  /// Objective-C: `property_copyAttributeList`
  public var attributes: [Attribute]

  /// Parses an attribute string.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidPropertyAttributes`: missing or repeated `T`,
  ///   an unknown letter, an attribute given twice, a malformed getter, setter or ivar name,
  ///   copy together with retain or weak, or a type encoding that does not parse.
  /// - Complexity: O(*n*) in the length of `string`.
  ///
  /// Objective-C: none (the inverse of `property_getAttributes`).
  public init(_ string: String) throws(RuntimeError) {
    var attributes: [Attribute] = []
    for part in string.split(separator: ",", omittingEmptySubsequences: false) {
      guard let letter = part.first else {
        throw Self.error(string, "empty attribute")
      }
      let value = String(part.dropFirst())
      let attribute: Attribute
      switch letter {
      case "T":
        do { attribute = .type(try TypeEncoding(value)) } catch { throw Self.error(string, error.message) }
      case "R": attribute = .readonly
      case "C": attribute = .copy
      case "&": attribute = .retain
      case "N": attribute = .nonatomic
      case "D": attribute = .dynamic
      case "W": attribute = .weak
      case "P": attribute = .garbageCollected
      case "G":
        guard (try? Selector(validating: value))?.argumentCount == 0 else {
          throw Self.error(string, "getter '\(value)' must be a selector without arguments")
        }
        attribute = .getter(value)
      case "S":
        guard (try? Selector(validating: value))?.argumentCount == 1 else {
          throw Self.error(string, "setter '\(value)' must be a selector with one argument")
        }
        attribute = .setter(value)
      case "V":
        if let problem = Ivar.problem(withName: value) {
          throw Self.error(string, "ivar name '\(value)': \(problem)")
        }
        attribute = .ivar(value)
      default:
        throw Self.error(string, "unknown attribute '\(letter)'")
      }
      guard attribute.takesValue || value.isEmpty else {
        throw Self.error(string, "'\(letter)' takes no value")
      }
      guard !attributes.contains(where: { $0.letter == attribute.letter }) else {
        throw Self.error(string, "attribute '\(attribute.letter)' given twice")
      }
      attributes.append(attribute)
    }
    try self.init(validating: attributes, source: string)
  }

  /// Creates attributes from a list, checking the same rules as parsing.
  ///
  /// Objective-C: none (the `objc_property_attribute_t` array given to `class_addProperty`).
  public init(_ attributes: [Attribute]) throws(RuntimeError) {
    try self.init(validating: attributes, source: nil)
  }

  private init(validating attributes: [Attribute], source: String?) throws(RuntimeError) {
    let text = source ?? attributes.map(\.text).joined(separator: ",")
    let letters = attributes.map(\.letter)
    guard letters.filter({ $0 == "T" }).count == 1 else {
      throw Self.error(text, "exactly one type attribute 'T' is required")
    }
    guard Set(letters).count == letters.count else { throw Self.error(text, "an attribute is given twice") }
    if letters.contains("C") && (letters.contains("&") || letters.contains("W")) {
      throw Self.error(text, "copy cannot be combined with retain or weak")
    }
    self.attributes = attributes
  }

  private static func error(_ string: String, _ problem: String) -> RuntimeError {
    RuntimeError(.invalidPropertyAttributes, "invalid property attributes '\(string)': \(problem)")
  }

  /// The attribute string, as `property_getAttributes` returns it.
  ///
  /// Objective-C: `property_getAttributes`
  public var description: String { attributes.map(\.text).joined(separator: ",") }

  /// The property's type.
  ///
  /// Objective-C: `property_copyAttributeValue(p, "T")`
  public var type: TypeEncoding {
    for case .type(let type) in attributes { return type }
    return .unknown  // unreachable: validation requires a type
  }

  /// Whether the property is read-only (`R`).
  ///
  /// Objective-C: `property_copyAttributeValue(p, "R")`
  public var isReadonly: Bool { attributes.contains(.readonly) }
  /// Whether the setter copies (`C`).
  ///
  /// Objective-C: `property_copyAttributeValue(p, "C")`
  public var isCopy: Bool { attributes.contains(.copy) }
  /// Whether the property is nonatomic (`N`).
  ///
  /// Objective-C: `property_copyAttributeValue(p, "N")`
  public var isNonatomic: Bool { attributes.contains(.nonatomic) }
  /// Whether the property is weak (`W`).
  ///
  /// Objective-C: `property_copyAttributeValue(p, "W")`
  public var isWeak: Bool { attributes.contains(.weak) }

  /// The custom getter name (`G`), if any.
  ///
  /// Objective-C: `property_copyAttributeValue(p, "G")`
  public var getterName: String? {
    for case .getter(let name) in attributes { return name }
    return nil
  }

  /// The custom setter name (`S`), if any.
  ///
  /// Objective-C: `property_copyAttributeValue(p, "S")`
  public var setterName: String? {
    for case .setter(let name) in attributes { return name }
    return nil
  }

  /// The backing ivar's name (`V`), if any.
  ///
  /// Objective-C: `property_copyAttributeValue(p, "V")`
  public var ivarName: String? {
    for case .ivar(let name) in attributes { return name }
    return nil
  }

  /// The value of the attribute named `name`, as `property_copyAttributeValue` copies it: the
  /// text after its letter, `""` for an attribute that carries none (`N`, `R`, `C`, `&`, `D`,
  /// `W`, `P`), `nil` when the property has no attribute of that name.
  ///
  /// ```swift
  /// let name = try PropertyAttributes("T@\"NSString\",C,N,V_name")
  /// name.value(ofAttribute: "T")   // "@\"NSString\""
  /// name.value(ofAttribute: "N")   // ""
  /// name.value(ofAttribute: "R")   // nil
  /// ```
  ///
  /// - Complexity: O(*n*) in the number of attributes.
  ///
  /// Objective-C: `property_copyAttributeValue`
  public func value(ofAttribute name: String) -> String? {
    attributes.first { String($0.letter) == name }?.value
  }
}

extension PropertyAttributes.Attribute {
  /// The attribute's letter (`T`, `R`, `C`, …).
  ///
  /// Objective-C: `objc_property_attribute_t.name`
  public var letter: Character {
    switch self {
    case .type: return "T"
    case .readonly: return "R"
    case .copy: return "C"
    case .retain: return "&"
    case .nonatomic: return "N"
    case .getter: return "G"
    case .setter: return "S"
    case .dynamic: return "D"
    case .weak: return "W"
    case .garbageCollected: return "P"
    case .ivar: return "V"
    }
  }

  /// The text after the letter (`"q"` for `Tq`, `"_age"` for `V_age`); `""` for an attribute
  /// that carries none.
  ///
  /// Objective-C: `objc_property_attribute_t.value`
  public var value: String { String(text.dropFirst()) }

  /// Whether the attribute carries a value after its letter (`T`, `G`, `S`, `V`).
  var takesValue: Bool {
    switch self {
    case .type, .getter, .setter, .ivar: return true
    default: return false
    }
  }

  /// The attribute as it appears in the string: its letter followed by its value.
  ///
  /// Objective-C: none (one comma-separated element of `property_getAttributes`).
  public var text: String {
    switch self {
    case .type(let type): return "T\(type)"
    case .getter(let name): return "G\(name)"
    case .setter(let name): return "S\(name)"
    case .ivar(let name): return "V\(name)"
    default: return String(letter)
    }
  }
}
