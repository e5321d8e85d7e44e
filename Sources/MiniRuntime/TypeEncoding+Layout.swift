// TypeEncoding+Layout.swift: sizes and alignments, for the offsets in method encodings.
//
// Docs: docs/runtime.md#type-encodings. Tests: Tests/MiniRuntimeTests/TypeEncodingTests.swift.
//
// LP64 sizes as clang uses them on x86_64 and arm64. Only used to print realistic method
// encodings such as `v24@0:8q16`; nothing is laid out in memory by these numbers. The offsets
// follow clang's rule (`argumentSize`): integers widened to an `int`, arrays as pointers, no
// alignment between arguments.

extension TypeEncoding {
  /// The size in bytes of a value of this type on a 64-bit platform.
  ///
  /// ```swift
  /// TypeEncoding.longLong.size                 // 8
  /// try TypeEncoding("{Point=dd}").size        // 16
  /// ```
  ///
  /// Objective-C: `NSGetSizeAndAlignment` (size)
  public var size: Int {
    switch self {
    case .void, .unknown: return 0
    case .bool, .char, .unsignedChar: return 1
    case .short, .unsignedShort: return 2
    case .int, .unsignedInt, .long, .unsignedLong, .float: return 4
    case .longLong, .unsignedLongLong, .double: return 8
    case .longDouble: return 16
    case .cString, .object, .block, .class, .selector, .pointer: return 8
    case .array(let count, let element): return count * element.size
    case .structure(_, let fields):
      var offset = 0
      for field in fields ?? [] {
        offset = Self.align(offset, to: field.type.alignment) + field.type.size
      }
      return Self.align(offset, to: alignment)
    case .union(_, let fields):
      return Self.align((fields ?? []).map(\.type.size).max() ?? 0, to: alignment)
    case .bitField(let width): return (width + 7) / 8
    case .qualified(_, let inner): return inner.size
    }
  }

  /// The alignment in bytes of a value of this type on a 64-bit platform.
  ///
  /// Objective-C: `NSGetSizeAndAlignment` (alignment)
  public var alignment: Int {
    switch self {
    case .array(_, let element): return element.alignment
    case .structure(_, let fields), .union(_, let fields):
      return (fields ?? []).map(\.type.alignment).max() ?? 1
    case .qualified(_, let inner): return inner.alignment
    case .bitField: return 1
    default: return max(1, min(size, 16))
    }
  }

  static func align(_ offset: Int, to alignment: Int) -> Int {
    (offset + alignment - 1) / alignment * alignment
  }
}

extension TypeEncoding {
  /// The bytes an argument of this type takes in a method's frame, as clang counts them for the
  /// offsets of a method encoding: an integer (`c` `C` `s` `S` `i` `I` `l` `L` `q` `Q`, and `B`)
  /// takes at least the size of an `int`; a C array is passed as a pointer (8); anything else
  /// takes its own size, with no padding and no alignment.
  ///
  /// ```swift
  /// TypeEncoding.char.argumentSize                  // 4
  /// TypeEncoding.double.argumentSize                // 8
  /// try TypeEncoding("[4i]").argumentSize           // 8
  /// try TypeEncoding("{Pair=cc}").argumentSize      // 2
  /// ```
  ///
  /// Objective-C: none (clang's `ASTContext::getObjCEncodingTypeSize`).
  public var argumentSize: Int {
    switch unqualified {
    case .bool, .char, .unsignedChar, .short, .unsignedShort, .int, .unsignedInt, .long, .unsignedLong:
      return 4
    case .array: return 8
    default: return size
    }
  }
}

extension MethodSignature {
  /// The same signature with clang-style frame offsets: `v@:q` becomes `v24@0:8q16`.
  ///
  /// Each argument starts where the previous one ended; it takes its
  /// ``TypeEncoding/argumentSize`` (an integer at least 4 bytes, so `c@:i` becomes `c20@0:8i16`;
  /// no alignment). The number after the return type is the total, the frame size.
  ///
  /// Objective-C: none (what clang's `getObjCEncodingForMethodDecl` writes into method type
  /// encodings).
  public func withFrameOffsets() -> MethodSignature {
    var copy = self
    var offset = 0
    for index in copy.argumentElements.indices {
      copy.argumentElements[index].offset = offset
      offset += copy.argumentElements[index].type.argumentSize
    }
    copy.returnElement.offset = offset
    return copy
  }
}
