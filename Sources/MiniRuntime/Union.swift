// Union.swift: a C union value: its type and its bytes.
//
// Docs: docs/runtime.md#unions. Tests: Tests/MiniRuntimeTests/UnionTests.swift.
//
// Model: C gives a union no value of its own beyond its bytes: every member starts at byte 0 and
// reading one reinterprets what the last write left there. Foundation treats it the same way:
// `+[NSValue valueWithBytes:objCType:]` copies `size` bytes, `-getValue:` copies them back, and
// `-isEqualToValue:` compares the type strings and then the bytes. So a `Union` is the union's
// encoding (field names dropped, as `@encode` writes it) and exactly `size` bytes, little-endian
// as on x86_64 and arm64; two unions are equal when both are. A member is written and read
// through its layout (ValueLayout.swift), as C would store it at byte 0: writing one member
// zeroes the bytes it does not cover (a fresh compound literal), reading one reads its own
// bytes.
//   - Which unions have a value: those whose encoding lists the members and whose members hold no
//     object pointer, class, block or `char *` (ARC forbids object pointers in a union, and a
//     `char *` here is a retained box, not an address). Any other union stays bytes that a memory
//     dump shows but no `Value` holds (docs/differences.md).
// Stateless (a value type).

/// The value of a C union such as `union { int i; float f; }`: its type and its bytes.
///
/// ```swift
/// let type = try TypeEncoding("(Number=if)")
/// let number = try Union(type, member: 1, .float(1))   // the bytes of 1.0f: 00 00 80 3f
/// try number.member(0)                                 // .int32(1065353216)
/// Value.union(number).encoding.description             // "(Number=if)"
/// ```
///
/// Objective-C: none (a union passed by value, or `NSValue` boxing one with
/// `valueWithBytes:objCType:`).
public struct Union: Hashable, Sendable {
  /// The union's encoding, without member names: `(Number=if)`.
  ///
  /// Objective-C: none (`@encode(union Number)`; `-[NSValue objCType]` of a boxed one).
  public let type: TypeEncoding
  /// The union's bytes, exactly `type.size` of them, in memory order.
  ///
  /// Objective-C: none (what `-[NSValue getValue:]` copies out).
  public let bytes: [UInt8]

  /// A union of `type` holding `bytes`.
  ///
  /// - Throws: ``RuntimeError`` with code `typeMismatch` when `type` is not a union whose value a
  ///   `Union` holds (see ``Union``), or `bytes` is not exactly `type.size` bytes.
  ///
  /// Objective-C: `+[NSValue valueWithBytes:objCType:]`
  public init(_ type: TypeEncoding, bytes: [UInt8]) throws(RuntimeError) {
    let plain = try Self.checked(type)
    guard bytes.count == plain.size else {
      throw RuntimeError(
        .typeMismatch, "a \(plain.cDeclaration) ('\(plain)') is \(plain.size) bytes, not \(bytes.count)")
    }
    self.type = plain
    self.bytes = bytes
  }

  /// The all-zero union of `type` (what `calloc`'d memory holds).
  ///
  /// - Throws: ``RuntimeError`` with code `typeMismatch` as ``init(_:bytes:)``.
  ///
  /// Objective-C: none (`union Number n = {0};`).
  public init(zeroOf type: TypeEncoding) throws(RuntimeError) {
    let plain = try Self.checked(type)
    self.type = plain
    bytes = Array(repeating: 0, count: plain.size)
  }

  /// A union of `type` whose member `index` holds `value`, converted to the member's type as C
  /// assignment converts it; the bytes that member does not cover are zero.
  ///
  /// - Throws: ``RuntimeError`` with code `typeMismatch` (a type no `Union` holds, no such member,
  ///   a member of a type no `Value` holds, or a value the member's type cannot take).
  ///
  /// Objective-C: none (`(union Number){ .f = 1 }`).
  public init(_ type: TypeEncoding, member index: Int, _ value: Value) throws(RuntimeError) {
    let plain = try Self.checked(type)
    let field = try Self.field(index, of: plain)
    var bytes = Array(repeating: UInt8(0), count: plain.size)
    let assigned = try value.assigned(to: field)
    UnionBytes.write(assigned, ValueLayout(field), into: &bytes, at: 0)
    self.type = plain
    self.bytes = bytes
  }

  /// Member `index` read from the union's bytes, as C reads the member of a union whose bytes
  /// another member may have written.
  ///
  /// - Throws: ``RuntimeError`` with code `typeMismatch` for no such member, or a member of a type
  ///   no `Value` holds (a bit field, `?`).
  ///
  /// Objective-C: none (`number.i`).
  public func member(_ index: Int) throws(RuntimeError) -> Value {
    let field = try Self.field(index, of: type)
    let layout = ValueLayout(field)
    if let opaque = layout.opaquePart {
      throw RuntimeError(.typeMismatch, "member \(index) of \(type.cDeclaration) ('\(type)') is a \(opaque.cDeclaration) ('\(opaque)'), which no Value holds")
    }
    return UnionBytes.read(layout, from: bytes, at: 0)
  }

  /// `type` without qualifiers and member names, if a `Union` holds its values; else throws.
  static func checked(_ type: TypeEncoding) throws(RuntimeError) -> TypeEncoding {
    let plain = type.unqualified.withoutFieldNames
    guard case .union(_, let fields?) = plain, !fields.isEmpty else {
      throw RuntimeError(.typeMismatch, "'\(type)' is not a union encoding that lists its members")
    }
    if let reference = plain.firstReference {
      throw RuntimeError(
        .typeMismatch,
        "\(plain.cDeclaration) ('\(plain)') has a member of type \(reference.cDeclaration) ('\(reference)'): a union holding object pointers or C strings has no Value")
    }
    return plain
  }

  /// Whether a `Union` holds the values of `type`.
  static func holds(_ type: TypeEncoding) -> Bool {
    guard case .union(_, let fields?) = type.unqualified, !fields.isEmpty else { return false }
    return type.firstReference == nil
  }

  private static func field(_ index: Int, of type: TypeEncoding) throws(RuntimeError) -> TypeEncoding {
    guard case .union(_, let fields?) = type, fields.indices.contains(index) else {
      throw RuntimeError(.typeMismatch, "\(type.cDeclaration) ('\(type)') has no member \(index)")
    }
    return fields[index].type.unqualified
  }
}

extension TypeEncoding {
  /// The encoding with the names of struct and union members dropped, as `@encode` writes it
  /// (ivar encodings name them: `(U="i"i"f"f)` is `(U=if)`).
  var withoutFieldNames: TypeEncoding {
    switch self {
    case .structure(let name, let fields?): return .structure(name: name, fields: fields.map { Field($0.type.withoutFieldNames) })
    case .union(let name, let fields?): return .union(name: name, fields: fields.map { Field($0.type.withoutFieldNames) })
    case .array(let count, let element): return .array(count: count, element: element.withoutFieldNames)
    case .qualified(let qualifier, let inner): return .qualified(qualifier, inner.withoutFieldNames)
    default: return self
    }
  }

  /// The first object pointer, class, block or `char *` inside this type (itself included).
  var firstReference: TypeEncoding? {
    switch unqualified {
    case .object, .block, .class, .cString: return unqualified
    case .structure(_, let fields?), .union(_, let fields?): return fields.lazy.compactMap(\.type.firstReference).first
    case .array(_, let element): return element.firstReference
    default: return nil
    }
  }
}
