// NSString+Normalization.swift: Unicode normalization forms D, C, KD and KC
// (`decomposedStringWithCanonicalMapping`, `precomposedStringWithCanonicalMapping`,
// `decomposedStringWithCompatibilityMapping`, `precomposedStringWithCompatibilityMapping`).
//
// Docs: docs/foundation.md#normalization. Tests: Tests/MiniFoundationTests/NormalizationTests.swift.
//
// Stateless: the messages hand the receiver's contents to UnicodeNormalization.swift, which
// normalizes all of Unicode (Hangul syllables by arithmetic, everything else from tables generated
// from the toolchain's Foundation by Scripts/generate-normalization-tables.swift).

enum NSStringNormalization {
  static let all: [MethodEntry] = [
    message("decomposedStringWithCanonicalMapping", compatibility: false, compose: false),
    message("precomposedStringWithCanonicalMapping", compatibility: false, compose: true),
    message("decomposedStringWithCompatibilityMapping", compatibility: true, compose: false),
    message("precomposedStringWithCompatibilityMapping", compatibility: true, compose: true),
  ]

  private static func message(_ selector: Selector, compatibility: Bool, compose: Bool) -> MethodEntry {
    MethodEntry(selector, "@16@0:8") { receiver, selector, _ in
      .string(normalized(try NSStringMethods.contents(receiver, selector), compatibility: compatibility, compose: compose))
    }
  }

  /// `text` in normalization form D (or KD with `compatibility`), composed into C (or KC) with
  /// `compose`.
  static func normalized(_ text: String, compatibility: Bool, compose: Bool) -> String {
    UnicodeNormalization.normalized(text, compatibility: compatibility, compose: compose)
  }
}
