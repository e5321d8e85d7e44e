// MethodSignature+Compiled.swift: a method's encoding built from its types, as clang writes it.
//
// Docs: docs/runtime.md#type-encodings. Tests: Tests/MiniRuntimeTests/MethodEncodingTests.swift.
//
// Model: the return type and the message's argument types in, the encoding clang would compile
// for a method declared with them out: `self` and `_cmd` first, class names dropped from object
// types, and frame offsets by clang's rule (`TypeEncoding.argumentSize`, TypeEncoding+Layout.swift).
// Built on `TypeEncoding` and `MethodSignature`; no string is assembled by hand.

extension TypeEncoding {
  /// `@`: an object of any class, Objective-C's `id` (the same as `.object(className: nil)`).
  ///
  /// ```swift
  /// TypeEncoding.id.description   // "@"
  /// ```
  ///
  /// Objective-C: `id` (`@encode(id)`)
  public static let id = TypeEncoding.object(className: nil)
}

extension MethodSignature {
  /// The encoding clang compiles for a method with these types, offsets included.
  ///
  /// ```swift
  /// MethodSignature.compiled(returning: .void, arguments: [.longLong]).description  // "v24@0:8q16"
  /// MethodSignature.compiled(returning: .char, arguments: [.int]).description       // "c20@0:8i16"
  /// MethodSignature.compiled(returning: .id).description                            // "@16@0:8"
  /// MethodSignature.compiled(returning: .void, arguments: [.id, .id, .id, .pointer(.void)])
  ///   .description                                   // "v48@0:8@16@24@32^v40"
  /// ```
  ///
  /// The receiver (`@`) and `_cmd` (`:`) are added in front. Object types lose their class name
  /// (`@"NSString"` becomes `@`), as in every method encoding clang writes. The number after the
  /// return type is the frame size and each argument's number its offset: arguments follow one
  /// another with no alignment, an integer (or `B`) takes at least 4 bytes, a C array is passed
  /// as a pointer, anything else takes its size (see ``withFrameOffsets()``). Pass the result as
  /// `types:` to `addMethod(_:types:_:)` or `replaceMethod(_:types:_:)`.
  ///
  /// - Parameters:
  ///   - returnType: The return type (`.void` for none).
  ///   - arguments: The types of the message's arguments, one per colon of the selector.
  /// - Returns: The signature with frame offsets, printing as `method_getTypeEncoding` would.
  ///
  /// Objective-C: none (what clang's `@encode` of a method declaration writes, as
  /// `method_getTypeEncoding` returns it).
  public static func compiled(returning returnType: TypeEncoding = .void, arguments: [TypeEncoding] = []) -> MethodSignature {
    MethodSignature(
      returning: returnType.forMethodSignature, arguments: arguments.map(\.forMethodSignature)
    ).withFrameOffsets()
  }
}
