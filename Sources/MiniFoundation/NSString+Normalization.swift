// NSString+Normalization.swift: Unicode normalization forms D, C, KD and KC
// (`decomposedStringWithCanonicalMapping`, `precomposedStringWithCanonicalMapping`,
// `decomposedStringWithCompatibilityMapping`, `precomposedStringWithCompatibilityMapping`).
//
// Docs: docs/foundation.md#normalization. Tests: Tests/MiniFoundationTests/NormalizationTests.swift.
//
// Stateless: immutable tables, built once. Swift's standard library has no public normalization
// (only the underscored `String._nfcCodeUnits`), and library targets import no Foundation, so the
// mappings are written out for the range the collation already covers, U+0000-U+017F (from the
// decompositions Collation+Latin1.swift and Collation+LatinExtendedA.swift list), plus Latin-1's
// and Latin Extended-A's compatibility mappings. Combining marks anywhere are put in canonical
// order (by their combining class, which the standard library gives for every scalar), so a
// letter of the range and any marks compose and decompose as Unicode says; a precomposed
// character outside the range stays as it is (the documented limit).

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
    var scalars: [Unicode.Scalar] = []
    for scalar in text.unicodeScalars { decompose(scalar, compatibility: compatibility, into: &scalars) }
    reorderMarks(&scalars)
    if compose { scalars = composed(scalars) }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }

  /// Each precomposed letter of U+00C0-U+017F: its base letter and its accent.
  private static let canonical: [UInt32: [UInt32]] = {
    var table: [UInt32: [UInt32]] = [:]
    for (letter, base, accent) in Collation.latin1Accented where accent != 0x338 {  // ø has no decomposition
      for (precomposed, plain) in [(letter, base), (Character(letter.uppercased()), Character(base.uppercased()))] {
        guard let code = precomposed.unicodeScalars.first?.value, precomposed.unicodeScalars.count == 1,
          let baseCode = plain.unicodeScalars.first?.value
        else { continue }
        table[code] = [baseCode, accent]
      }
    }
    for (code, base, accent) in Collation.latinExtendedADecompositions {
      table[code] = [base.unicodeScalars.first?.value ?? 0, accent]
    }
    return table
  }()

  /// Compatibility mappings of Latin-1 and Latin Extended-A (applied before the canonical ones).
  private static let compatibility: [UInt32: [UInt32]] = [
    0xA0: [0x20], 0xA8: [0x20, 0x308], 0xAA: [0x61], 0xAF: [0x20, 0x304], 0xB2: [0x32], 0xB3: [0x33],
    0xB4: [0x20, 0x301], 0xB5: [0x3BC], 0xB8: [0x20, 0x327], 0xB9: [0x31], 0xBA: [0x6F],
    0xBC: [0x31, 0x2044, 0x34], 0xBD: [0x31, 0x2044, 0x32], 0xBE: [0x33, 0x2044, 0x34],
    0x132: [0x49, 0x4A], 0x133: [0x69, 0x6A], 0x13F: [0x4C, 0xB7], 0x140: [0x6C, 0xB7], 0x149: [0x2BC, 0x6E],
    0x17F: [0x73],
  ]

  /// The precomposed letter of each base and accent, for composing.
  private static let composition: [UInt64: UInt32] = {
    var table: [UInt64: UInt32] = [:]
    for (code, pair) in canonical { table[UInt64(pair[0]) << 32 | UInt64(pair[1])] = code }
    return table
  }()

  /// Appends `scalar`'s full decomposition to `scalars`.
  private static func decompose(_ scalar: Unicode.Scalar, compatibility: Bool, into scalars: inout [Unicode.Scalar]) {
    let mapping = (compatibility ? Self.compatibility[scalar.value] : nil) ?? canonical[scalar.value]
    guard let mapping else { return scalars.append(scalar) }
    for code in mapping {
      if let part = Unicode.Scalar(code) { decompose(part, compatibility: compatibility, into: &scalars) }
    }
  }

  /// Sorts each run of combining marks by combining class, keeping the order of equal classes
  /// (Unicode's canonical ordering).
  private static func reorderMarks(_ scalars: inout [Unicode.Scalar]) {
    var start = 0
    while start < scalars.count {
      guard combiningClass(scalars[start]) != 0 else {
        start += 1
        continue
      }
      var end = start
      while end < scalars.count, combiningClass(scalars[end]) != 0 { end += 1 }
      let run = scalars[start..<end].enumerated().sorted { first, second in
        (combiningClass(first.element), first.offset) < (combiningClass(second.element), second.offset)
      }
      scalars.replaceSubrange(start..<end, with: run.map(\.element))
      start = end
    }
  }

  private static func combiningClass(_ scalar: Unicode.Scalar) -> UInt8 { scalar.properties.canonicalCombiningClass.rawValue }

  /// Unicode's canonical composition: each mark that a preceding starter composes with, and that
  /// no mark of the same or a higher class stands between, joins that starter.
  private static func composed(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    var starter: Int?  // index in `result` of the last starter
    var lastClass: UInt8 = 0
    for scalar in scalars {
      let currentClass = combiningClass(scalar)
      if let starterIndex = starter, lastClass < currentClass,
        let code = composition[UInt64(result[starterIndex].value) << 32 | UInt64(scalar.value)], let joined = Unicode.Scalar(code)
      {
        result[starterIndex] = joined
        continue
      }
      if currentClass == 0 {
        starter = result.count
        lastClass = 0
      } else {
        lastClass = currentClass
      }
      result.append(scalar)
    }
    return result
  }
}
