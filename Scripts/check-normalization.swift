// check-normalization.swift: compares MiniFoundation's normalization (UnicodeNormalization.swift
// and its generated tables) with the toolchain's Foundation, for every scalar alone in the four
// forms and for random strings of letters, marks and Hangul jamo. Prints the counts compared and
// every mismatch; exits 1 if there is one. Docs: docs/foundation.md#normalization.
//
// Run from the repository root (the sources are compiled in, as MiniFoundation imports nothing):
//   swiftc -O -parse-as-library Scripts/check-normalization.swift \
//     Sources/MiniFoundation/UnicodeNormalization*.swift -o /tmp/check-normalization
//   /tmp/check-normalization

import Foundation

@main enum CheckNormalization {
  static let forms: [(name: String, compatibility: Bool, compose: Bool, foundation: (String) -> String)] = [
    ("NFD", false, false, { $0.decomposedStringWithCanonicalMapping }),
    ("NFC", false, true, { $0.precomposedStringWithCanonicalMapping }),
    ("NFKD", true, false, { $0.decomposedStringWithCompatibilityMapping }),
    ("NFKC", true, true, { $0.precomposedStringWithCompatibilityMapping }),
  ]

  /// Whether the standard library (whose combining classes the normalization uses) knows
  /// `scalar` from a Unicode version newer than the data of Foundation's normalization (15.1).
  static func newerThanFoundation(_ scalar: Unicode.Scalar) -> Bool {
    guard let age = scalar.properties.age else { return false }
    return age.major > 15 || (age.major == 15 && age.minor > 1)
  }

  static func hex(_ text: String) -> String {
    text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
  }

  static func main() {
    var compared = 0
    var mismatches: [String] = []
    var newerMismatches = 0
    func check(_ text: String) {
      for form in forms {
        let ours = UnicodeNormalization.normalized(text, compatibility: form.compatibility, compose: form.compose)
        let theirs = form.foundation(text)
        compared += 1
        if !ours.unicodeScalars.elementsEqual(theirs.unicodeScalars) {
          if text.unicodeScalars.contains(where: newerThanFoundation) {
            newerMismatches += 1
            continue
          }
          mismatches.append("\(form.name)(\(hex(text))): ours \(hex(ours)), Foundation \(hex(theirs))")
        }
      }
    }
    var pool: [Unicode.Scalar] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      check(String(scalar))
      let text = String(scalar)
      if text.decomposedStringWithCompatibilityMapping != text || scalar.properties.canonicalCombiningClass.rawValue != 0
        || (0x1100...0x11FF).contains(value) || (0xAC00...0xAC40).contains(value) || value < 0x80
      {
        pool.append(scalar)
      }
    }
    let scalarChecks = compared
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 2...6, using: &generator) {
        if let scalar = pool.randomElement(using: &generator) { text.append(scalar) }
      }
      check(String(text))
    }
    print("compared \(compared) (\(scalarChecks) of single scalars, 4 forms each; the rest random strings)")
    print("\(newerMismatches) mismatches in strings with a scalar newer than Unicode 15.1")
    print("\(mismatches.count) other mismatches")
    print(mismatches.joined(separator: "\n"))
    exit(mismatches.isEmpty ? 0 : 1)
  }
}
