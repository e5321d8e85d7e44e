// TypeEncoding.swift: Objective-C type encodings as a Swift value.
//
// Docs: docs/runtime.md#type-encodings. Tests: Tests/MiniRuntimeTests/TypeEncodingTests.swift.
//
// Model: the `@encode` alphabet (`q`, `d`, `@"NSString"`, `{Point=dd}`, `^v`, …) as an
// indirect enum. `description` prints the exact string; `TypeEncoding(_:)` parses it back
// (see TypeEncoding+Parsing.swift). The round trip parse → print → parse is the identity, which
// the tests check for every case and the fuzz target `Fuzz/TypeEncoding` checks on random input.

/// One Objective-C type encoding, such as `q` (long long) or `{Point=dd}` (a struct).
///
/// ```swift
/// let point = try TypeEncoding("{Point=dd}")
/// point                // .structure(name: "Point", fields: [.init(.double), .init(.double)])
/// point.description    // "{Point=dd}"
/// TypeEncoding.object(className: "NSString").description  // "@\"NSString\""
/// ```
///
/// Objective-C: the strings produced by `@encode` and returned by `ivar_getTypeEncoding`.
public indirect enum TypeEncoding: Hashable, Sendable, CustomStringConvertible {
  /// `v`: no value.
  case void
  /// `B`: C99 `bool` (Objective-C `BOOL` on arm64).
  case bool
  /// `c`: `char` (also `BOOL` on x86_64 macOS).
  case char
  /// `C`: `unsigned char`.
  case unsignedChar
  /// `s`: `short`.
  case short
  /// `S`: `unsigned short`.
  case unsignedShort
  /// `i`: `int`.
  case int
  /// `I`: `unsigned int`.
  case unsignedInt
  /// `l`: `long`, which the encoding treats as 32 bits even on 64-bit platforms.
  case long
  /// `L`: `unsigned long` (32 bits in the encoding).
  case unsignedLong
  /// `q`: `long long` (and `NSInteger` on 64-bit platforms).
  case longLong
  /// `Q`: `unsigned long long` (and `NSUInteger`).
  case unsignedLongLong
  /// `f`: `float`.
  case float
  /// `d`: `double`.
  case double
  /// `D`: `long double` (parsed and printed; no ``Value`` holds one).
  case longDouble
  /// `*`: `char *`, a C string.
  case cString
  /// `@` or `@"ClassName"`: an object pointer (`id`), optionally naming its class.
  case object(className: String?)
  /// `@?`: a block.
  case block
  /// `#`: a class object (`Class`).
  case `class`
  /// `:`: a selector (`SEL`).
  case selector
  /// `?`: an unknown type (for example a function pointer).
  case unknown
  /// `^type`: a pointer to `type`.
  case pointer(TypeEncoding)
  /// `[countType]`: a C array.
  case array(count: Int, element: TypeEncoding)
  /// `{name=fields}`: a struct; `fields` is `nil` when the encoding omits them (`{Point}`).
  case structure(name: String, fields: [Field]?)
  /// `(name=fields)`: a union.
  case union(name: String, fields: [Field]?)
  /// `bN`: a bit field `N` bits wide.
  case bitField(width: Int)
  /// A type qualifier (`r` const, `n` in, …) in front of a type.
  case qualified(Qualifier, TypeEncoding)

  /// A member of a struct or union encoding, with its name when the encoding carries names
  /// (ivar encodings do: `{Point="x"d"y"d}`).
  ///
  /// Objective-C: none (a member of the encoding string).
  public struct Field: Hashable, Sendable {
    /// The member's name, if the encoding names its members.
    ///
    /// Objective-C: none (the quoted name in an ivar's struct encoding).
    public var name: String?
    /// The member's type.
    ///
    /// Objective-C: none (the member's `@encode`).
    public var type: TypeEncoding

    /// Creates a field.
    ///
    /// Objective-C: none (MiniKVO extension).
    public init(_ type: TypeEncoding, name: String? = nil) {
      self.type = type
      self.name = name
    }
  }

  /// A method type qualifier, written before the type it qualifies.
  ///
  /// Objective-C: the qualifiers of `method_getTypeEncoding` (`r`, `n`, `N`, `o`, `O`, `R`, `V`).
  public enum Qualifier: UInt8, Hashable, Sendable, CaseIterable {
    /// `r`: `const`.
    case const = 0x72
    /// `n`: `in`.
    case `in` = 0x6E
    /// `N`: `inout`.
    case `inout` = 0x4E
    /// `o`: `out`.
    case out = 0x6F
    /// `O`: `bycopy`.
    case bycopy = 0x4F
    /// `R`: `byref`.
    case byref = 0x52
    /// `V`: `oneway`.
    case oneway = 0x56
  }

  /// The encoding string, exactly as the Objective-C runtime writes it.
  ///
  /// Objective-C: the `@encode` string.
  public var description: String {
    var out = ""
    write(to: &out)
    return out
  }

  /// The encoding with any qualifiers removed.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var unqualified: TypeEncoding {
    if case .qualified(_, let inner) = self { return inner.unqualified }
    return self
  }

  /// The encoding as it appears in a method's type string: clang drops class names there
  /// (`@"NSString"` becomes `@`), keeping them only for ivars and properties.
  ///
  /// Objective-C: none (the difference between `@encode` in a method and an ivar).
  public var forMethodSignature: TypeEncoding {
    switch self {
    case .object: return .object(className: nil)
    case .qualified(let qualifier, let inner): return .qualified(qualifier, inner.forMethodSignature)
    default: return self
    }
  }

  /// Whether this is `@`, `@"Name"` or `@?` (an object pointer of any kind).
  ///
  /// Objective-C: none (MiniKVO extension).
  public var isObject: Bool {
    switch unqualified {
    case .object, .block: return true
    default: return false
    }
  }

  /// A C spelling of the type for messages, such as `long long` or `NSString *`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var cDeclaration: String {
    switch self {
    case .void: return "void"
    case .bool: return "bool"
    case .char: return "char"
    case .unsignedChar: return "unsigned char"
    case .short: return "short"
    case .unsignedShort: return "unsigned short"
    case .int: return "int"
    case .unsignedInt: return "unsigned int"
    case .long: return "long"
    case .unsignedLong: return "unsigned long"
    case .longLong: return "long long"
    case .unsignedLongLong: return "unsigned long long"
    case .float: return "float"
    case .double: return "double"
    case .longDouble: return "long double"
    case .cString: return "char *"
    case .object(let className?): return "\(className) *"
    case .object(nil): return "id"
    case .block: return "block"
    case .class: return "Class"
    case .selector: return "SEL"
    case .unknown: return "?"
    case .pointer(let inner): return "\(inner.cDeclaration) *"
    case .array(let count, let element): return "\(element.cDeclaration)[\(count)]"
    case .structure(let name, _): return "struct \(name)"
    case .union(let name, _): return "union \(name)"
    case .bitField(let width): return "bitfield:\(width)"
    case .qualified(let qualifier, let inner): return "\(qualifier.keyword) \(inner.cDeclaration)"
    }
  }

  /// Whether the printed encoding ends with a bit field's width (`b3`, `^b3`, `rb3`), so digits
  /// written after it would read as part of the width.
  var endsWithBitField: Bool {
    switch self {
    case .bitField: return true
    case .pointer(let inner), .qualified(_, let inner): return inner.endsWithBitField
    default: return false
    }
  }

  func write(to out: inout String) {
    switch self {
    case .void: out += "v"
    case .bool: out += "B"
    case .char: out += "c"
    case .unsignedChar: out += "C"
    case .short: out += "s"
    case .unsignedShort: out += "S"
    case .int: out += "i"
    case .unsignedInt: out += "I"
    case .long: out += "l"
    case .unsignedLong: out += "L"
    case .longLong: out += "q"
    case .unsignedLongLong: out += "Q"
    case .float: out += "f"
    case .double: out += "d"
    case .longDouble: out += "D"
    case .cString: out += "*"
    case .object(let className?): out += "@\"\(className)\""
    case .object(nil): out += "@"
    case .block: out += "@?"
    case .class: out += "#"
    case .selector: out += ":"
    case .unknown: out += "?"
    case .pointer(let inner):
      out += "^"
      inner.write(to: &out)
    case .array(let count, let element):
      out += "[\(count)"
      element.write(to: &out)
      out += "]"
    case .structure(let name, let fields):
      Self.writeAggregate(open: "{", name: name, fields: fields, close: "}", to: &out)
    case .union(let name, let fields):
      Self.writeAggregate(open: "(", name: name, fields: fields, close: ")", to: &out)
    case .bitField(let width): out += "b\(width)"
    case .qualified(let qualifier, let inner):
      out.unicodeScalars.append(Unicode.Scalar(qualifier.rawValue))
      inner.write(to: &out)
    }
  }

  private static func writeAggregate(
    open: String, name: String, fields: [Field]?, close: String, to out: inout String
  ) {
    out += open
    out += name
    if let fields {
      out += "="
      for field in fields {
        if let fieldName = field.name { out += "\"\(fieldName)\"" }
        field.type.write(to: &out)
      }
    }
    out += close
  }
}

extension TypeEncoding.Qualifier {
  /// The Objective-C keyword for the qualifier (`const`, `in`, `oneway`, …).
  ///
  /// Objective-C: none (the keyword the qualifier letter stands for).
  public var keyword: String {
    switch self {
    case .const: return "const"
    case .in: return "in"
    case .inout: return "inout"
    case .out: return "out"
    case .bycopy: return "bycopy"
    case .byref: return "byref"
    case .oneway: return "oneway"
    }
  }
}
