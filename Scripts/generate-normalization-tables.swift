// generate-normalization-tables.swift: writes the Unicode data MiniFoundation's normalization
// needs, from the toolchain's swift-corelibs-foundation (which normalizes through ICU), into
// Sources/MiniFoundation/UnicodeNormalization+CanonicalTables.swift and
// Sources/MiniFoundation/UnicodeNormalization+CompatibilityTable.swift.
//
// Run from the repository root: `swift Scripts/generate-normalization-tables.swift`
// (or compile it with `swiftc -O` first; it asks ICU about every scalar, four times).
// Check the result with Scripts/check-normalization.swift.
//
// For every scalar but the Hangul syllables (which are arithmetic) it asks Foundation for the
// scalar's canonical decomposition (NFD of the scalar alone) and its compatibility decomposition
// (NFKD); it keeps the first when it differs from the scalar and the second when it differs from
// the first. A scalar whose canonical decomposition composes back to it (NFC of the scalar alone
// is the scalar) is a primary composite: it is made from the composition of its decomposition
// without the last scalar, and that last scalar (the pair Unicode's composition looks up). The
// others (singletons such as U+212B ANGSTROM SIGN, decompositions that begin with a mark, and
// Unicode's composition exclusions such as U+0958) are never composed.
//
// The three tables are written as string literals, parsed once on first use (see the generated
// files' headers for the format). Docs: docs/foundation.md#normalization.

import Foundation

func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }

var canonical: [(UInt32, [UInt32])] = []
var compatibility: [(UInt32, [UInt32])] = []
var composites: [(UInt32, UInt32, UInt32)] = []
var problems: [String] = []
var notes: [String] = []

for value in UInt32(0)...0x10FFFF {
  guard let scalar = Unicode.Scalar(value), !(0xAC00...0xD7A3).contains(value) else { continue }
  let text = String(scalar)
  let nfd = scalars(text.decomposedStringWithCanonicalMapping)
  let nfkd = scalars(text.decomposedStringWithCompatibilityMapping)
  if nfd != [value] {
    canonical.append((value, nfd))
    if scalars(text.precomposedStringWithCanonicalMapping) == [value] {
      guard nfd.count >= 2 else {
        problems.append("\(hex(value)) composes back from a single scalar")
        continue
      }
      var prefix = String.UnicodeScalarView()
      prefix.append(contentsOf: nfd.dropLast().compactMap(Unicode.Scalar.init))
      let first = scalars(String(prefix).precomposedStringWithCanonicalMapping)
      let last = nfd[nfd.count - 1]
      guard first.count == 1, let firstScalar = Unicode.Scalar(first[0]), let lastScalar = Unicode.Scalar(last) else {
        problems.append("\(hex(value)): no pair composes to it")
        continue
      }
      if scalars((String(firstScalar) + String(lastScalar)).precomposedStringWithCanonicalMapping) != [value] {
        // U+0CCB: Foundation composes U+0CC6 U+0CC2 U+0CD5 into it but leaves U+0CCA U+0CD5 (its
        // own decomposition mapping) apart; Unicode composes both.
        notes.append("\(hex(value)) = \(hex(first[0])) \(hex(last)), which Foundation does not compose")
      }
      composites.append((value, first[0], last))
    }
  }
  if nfkd != nfd { compatibility.append((value, nfkd)) }
}

guard problems.isEmpty else {
  print(problems.joined(separator: "\n"))
  exit(1)
}

/// Entries `KEY:V.V.V` separated by spaces, keys in hex as a difference from the previous key,
/// wrapped into lines of at most 116 characters.
func literal(_ entries: [(UInt32, [UInt32])]) -> String {
  var lines: [String] = []
  var line = ""
  var previous: UInt32 = 0
  for (key, values) in entries {
    let entry = hex(key - previous) + ":" + values.map(hex).joined(separator: ".")
    previous = key
    if !line.isEmpty, line.count + 1 + entry.count > 116 {
      lines.append(line)
      line = ""
    }
    line += line.isEmpty ? entry : " " + entry
  }
  lines.append(line)
  return lines.map { "    " + $0 }.joined(separator: "\n")
}

/// A generated file's text: its header and `tables` (name and entries) as string literals.
func file(_ name: String, summary: String, _ tables: [(String, [(UInt32, [UInt32])])]) -> String {
  let literals = tables.map { table, entries in
    "  static let \(table) = \"\"\"\n\(literal(entries))\n    \"\"\"\n"
  }
  return """
    // \(name): generated data, do not edit; written by
    // Scripts/generate-normalization-tables.swift from the toolchain's Foundation. \(summary)
    //
    // Docs: docs/foundation.md#normalization. Tests: Tests/MiniFoundationTests/NormalizationTests.swift.
    //
    // Each table is one string literal (thousands of array elements would make the type checker
    // crawl), parsed once, lazily, on first use by UnicodeNormalization.swift. An entry is
    // `KEY:V.V.V` in hexadecimal, entries apart by a space or a line break; KEY is the difference
    // from the previous entry's scalar (the first counts from 0). A decomposition table gives each
    // scalar's full decomposition (already recursive and in canonical order); the composite table
    // gives the two scalars that compose into each primary composite.

    extension UnicodeNormalization {
    \(literals.joined(separator: "\n"))}

    """
}

let canonicalFile = "UnicodeNormalization+CanonicalTables.swift"
let compatibilityFile = "UnicodeNormalization+CompatibilityTable.swift"
let files = [
  (
    canonicalFile,
    file(
      canonicalFile,
      summary: """
        The
        // canonical decompositions of \(canonical.count) scalars, and the \(composites.count) primary composites (Hangul syllables are arithmetic,
        // in UnicodeNormalization.swift).
        """,
      [("canonicalTable", canonical), ("compositeTable", composites.map { ($0.0, [$0.1, $0.2]) })])
  ),
  (
    compatibilityFile,
    file(
      compatibilityFile,
      summary: """
        The
        // compatibility decompositions of the \(compatibility.count) scalars whose compatibility decomposition differs from the canonical one.
        """,
      [("compatibilityTable", compatibility)])
  ),
]
for (name, text) in files {
  try text.write(toFile: "Sources/MiniFoundation/" + name, atomically: true, encoding: .utf8)
}
print(notes.joined(separator: "\n"))
print("canonical \(canonical.count), compatibility \(compatibility.count), composites \(composites.count)")
