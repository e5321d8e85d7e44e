// MethodSignature.swift: a method's type encoding (`v24@0:8q16`), parsed.
//
// Docs: docs/runtime.md#type-encodings. Tests: Tests/MiniRuntimeTests/TypeEncodingTests.swift.
//
// A method encoding is the return type followed by each argument's type, every type optionally
// followed by a stack offset (the return type's number is the frame size). Offsets are kept so
// the string prints back exactly as it was written.

/// The parsed type encoding of a method: return type, argument types and optional offsets.
///
/// ```swift
/// let signature = try MethodSignature("v24@0:8q16")
/// signature.returnType              // .void
/// signature.argumentTypes           // [.object(className: nil), .selector, .longLong]
/// signature.description             // "v24@0:8q16"
/// try MethodSignature("v@:q").description  // "v@:q"
/// ```
///
/// The first two arguments of every method are the receiver (`@`) and the selector (`:`).
///
/// Objective-C: `method_getTypeEncoding`, `method_copyReturnType`, `method_copyArgumentType`
public struct MethodSignature: Hashable, Sendable, CustomStringConvertible {
  /// One type in the signature with the number written after it, if any.
  ///
  /// Objective-C: none (an element of the encoding string).
  public struct Element: Hashable, Sendable {
    /// The type.
    ///
    /// Objective-C: `method_copyArgumentType` / `method_copyReturnType`
    public var type: TypeEncoding
    /// The number written after the type: the frame size for the return type, the stack offset
    /// for an argument.
    ///
    /// Objective-C: none (the digits after each type in `method_getTypeEncoding`).
    public var offset: Int?

    /// Creates an element.
    ///
    /// Objective-C: none (MiniKVO extension).
    public init(_ type: TypeEncoding, offset: Int? = nil) {
      self.type = type
      self.offset = offset
    }
  }

  /// The return type and the frame size written after it.
  ///
  /// Objective-C: `method_copyReturnType`
  public var returnElement: Element

  /// Every argument, including the receiver and `_cmd`.
  ///
  /// Objective-C: `method_copyArgumentType`
  public var argumentElements: [Element]

  /// Whether the method's type string was empty (``unstated``): it prints as the empty string.
  var isUnstated = false

  /// Parsed signatures by encoding string, shared by every runtime: classes repeat a handful of
  /// encodings (`v16@0:8`, `v24@0:8q16`, …), and a notifying subclass adds methods with its
  /// original's. Bounded: emptied when it reaches `parsedCapacity` entries.
  private static let parsedSignatures = Locked<[String: MethodSignature]>([:])
  private static let parsedCapacity = 4096

  /// `init(_:)` through a process-wide cache of parsed encodings (a signature is an immutable
  /// value, so a cached one is the same as a fresh parse). Malformed strings are not cached.
  ///
  /// - Complexity: O(*n*) in the length of `types` for the lookup's hash; the parse only once.
  static func parsed(_ types: String) throws(RuntimeError) -> MethodSignature {
    if let known = parsedSignatures.withLock({ $0[types] }) { return known }
    let signature = try MethodSignature(types)
    parsedSignatures.withLock { cache in
      if cache.count >= parsedCapacity { cache.removeAll(keepingCapacity: true) }
      cache[types] = signature
    }
    return signature
  }

  /// Parses a method type encoding.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidTypeEncoding`.
  /// - Complexity: O(*n*) in the length of `string`.
  ///
  /// Objective-C: none (the runtime's method encoding scanner).
  public init(_ string: String) throws(RuntimeError) {
    var parser = TypeEncodingParser(string)
    returnElement = try Self.parseElement(&parser)
    argumentElements = []
    while !parser.isAtEnd {
      argumentElements.append(try Self.parseElement(&parser))
    }
  }

  /// Reads one type and the number after it, if any.
  ///
  /// A bit field's width is digits too, so `b1` followed by offset `0` would print as `b10`, a
  /// bit field of width 10 (found by Fuzz/TypeEncoding with `b0-0`): an offset after a type that
  /// ends in a bit field is refused rather than printed ambiguously.
  private static func parseElement(_ parser: inout TypeEncodingParser) throws(RuntimeError) -> Element {
    let type = try parser.parseType(depth: 0)
    let offsetStart = parser.position
    let offset = try parser.parseNumber(signed: true)
    if offset != nil && type.endsWithBitField {
      parser.position = offsetStart
      throw parser.error("an offset cannot follow a bit field")
    }
    return Element(type, offset: offset)
  }

  /// Builds a signature from types, without offsets.
  ///
  /// ```swift
  /// MethodSignature(returning: .void, arguments: [.longLong]).description  // "v@:q"
  /// ```
  ///
  /// - Parameters:
  ///   - returnType: The type of the return value.
  ///   - arguments: The arguments after the receiver and `_cmd`, which are added.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(returning returnType: TypeEncoding, arguments: [TypeEncoding]) {
    returnElement = Element(returnType)
    argumentElements = [Element(.object(className: nil)), Element(.selector)] + arguments.map { Element($0) }
  }

  /// The return type.
  ///
  /// Objective-C: `method_copyReturnType`
  public var returnType: TypeEncoding { returnElement.type }

  /// All argument types, starting with the receiver and `_cmd`.
  ///
  /// Objective-C: `method_copyArgumentType` for each index.
  public var argumentTypes: [TypeEncoding] { argumentElements.map(\.type) }

  /// The type of argument `index` (0 the receiver, 1 `_cmd`), or `nil` past the last argument
  /// or below 0, where objc4 answers `NULL`.
  ///
  /// ```swift
  /// let setter = try MethodSignature("v24@0:8q16")
  /// setter.argumentType(at: 2)   // .longLong
  /// setter.argumentType(at: 3)   // nil
  /// ```
  ///
  /// Objective-C: `method_copyArgumentType`
  public func argumentType(at index: Int) -> TypeEncoding? {
    argumentElements.indices.contains(index) ? argumentElements[index].type : nil
  }

  /// The types of the arguments after the receiver and `_cmd` (the ones a message carries).
  ///
  /// Objective-C: none (MiniKVO extension).
  public var messageArgumentTypes: [TypeEncoding] { Array(argumentTypes.dropFirst(2)) }

  /// The number of arguments including the receiver and `_cmd`.
  ///
  /// Objective-C: `method_getNumberOfArguments`
  public var numberOfArguments: Int { argumentElements.count }

  /// The encoding string, with offsets where the parsed string had them.
  ///
  /// Objective-C: `method_getTypeEncoding`
  public var description: String {
    if isUnstated { return "" }
    var out = ""
    for element in [returnElement] + argumentElements {
      element.type.write(to: &out)
      if let offset = element.offset { out += String(offset) }
    }
    return out
  }

  /// The signature of a method given the type string `types`, as `class_addMethod` takes it: any
  /// encoding that parses, whatever its arguments say (objc4 checks none of it against the
  /// selector), and the empty string, a method whose types were not stated.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidTypeEncoding` for a string that does not parse.
  static func ofMethod(_ types: String) throws(RuntimeError) -> MethodSignature {
    types.isEmpty ? .unstated : try parsed(types)
  }

  /// The signature of a method added with the empty type string (`class_addMethod(cls, sel, imp,
  /// "")`, which objc4 takes and many of its own tests write): no return type and no arguments
  /// are known, so no argument is converted, ``numberOfArguments`` is 0 and ``description`` is
  /// the empty string, as `method_getNumberOfArguments` and `method_getTypeEncoding` answer.
  /// ``returnType`` is `?` (unknown), the nearest a ``TypeEncoding`` comes to objc4's empty
  /// return type.
  static let unstated: MethodSignature = {
    var signature = MethodSignature(returning: .unknown, arguments: [])
    signature.argumentElements = []
    signature.isUnstated = true
    return signature
  }()
}
