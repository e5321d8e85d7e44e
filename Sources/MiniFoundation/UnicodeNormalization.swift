// UnicodeNormalization.swift: Unicode's normalization forms D, C, KD and KC for all of Unicode,
// the work behind NSString's `decomposedStringWithCanonicalMapping` and its three siblings
// (NSString+Normalization.swift).
//
// Docs: docs/foundation.md#normalization. Tests: Tests/MiniFoundationTests/NormalizationTests.swift.
//
// Swift's standard library has no public normalization (only the underscored
// `String._nfcCodeUnits`) and library targets import no Foundation, so the data comes from
// UnicodeNormalization+CanonicalTables.swift and UnicodeNormalization+CompatibilityTable.swift,
// which Scripts/generate-normalization-tables.swift writes from the toolchain's Foundation, and
// Scripts/check-normalization.swift compares this file's answers with Foundation's for every
// scalar. The steps are Unicode's (chapter 3, and UAX #15):
// 1. decompose each scalar: a Hangul syllable by arithmetic, the others by the tables (their
//    full decompositions, compatibility first in forms KD and KC);
// 2. put each run of combining marks in canonical order (a stable sort by combining class,
//    which the standard library gives for every scalar);
// 3. for forms C and KC, compose: a scalar joins the last starter when the pair is a primary
//    composite (or Hangul L+V, LV+T) and nothing between them blocks it (a starter, or a mark of
//    the same or a higher class).
// Stateless: the tables are immutable statics, parsed once on first use (Swift's lazy globals
// are initialized once, thread-safely). ASCII text returns at once without touching them.

/// Unicode normalization over Unicode scalars.
enum UnicodeNormalization {
  /// `text` in normalization form D (KD with `compatibility`), composed into form C (KC) with
  /// `compose`.
  static func normalized(_ text: String, compatibility: Bool, compose: Bool) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }  // ASCII is in every form
    var scalars = decomposed(text.unicodeScalars, compatibility: compatibility)
    if compose { scalars = composed(scalars) }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }

  /// The scalars of `text` decomposed (canonically, or for compatibility) and in canonical order.
  static func decomposed(_ text: some Sequence<Unicode.Scalar>, compatibility: Bool) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    for scalar in text { decompose(scalar, compatibility: compatibility, into: &scalars) }
    reorderMarks(&scalars)
    return scalars
  }

  // MARK: - Decomposition

  /// Appends `scalar`'s full decomposition to `scalars` (marks not yet reordered).
  static func decompose(_ scalar: Unicode.Scalar, compatibility: Bool, into scalars: inout [Unicode.Scalar]) {
    let value = scalar.value
    guard value >= 0xA0 else { return scalars.append(scalar) }  // nothing below U+00A0 decomposes
    if let hangul = Hangul(syllable: value) { return hangul.append(to: &scalars) }
    if compatibility, let mapping = compatibilityMappings.mapping(of: value) {
      return scalars.append(contentsOf: mapping)
    }
    if let mapping = canonicalMappings.mapping(of: value) { return scalars.append(contentsOf: mapping) }
    scalars.append(scalar)
  }

  /// Sorts each run of combining marks by combining class, keeping the order of marks of one
  /// class (Unicode's canonical ordering: swap two neighbours while the first's class is higher
  /// and the second's is not 0).
  static func reorderMarks(_ scalars: inout [Unicode.Scalar]) {
    guard scalars.count > 1 else { return }
    for index in 1..<scalars.count {
      let currentClass = combiningClass(scalars[index])
      guard currentClass != 0 else { continue }
      var position = index
      while position > 0, combiningClass(scalars[position - 1]) > currentClass {
        scalars.swapAt(position - 1, position)
        position -= 1
      }
    }
  }

  static func combiningClass(_ scalar: Unicode.Scalar) -> UInt8 {
    scalar.value < 0x300 ? 0 : scalar.properties.canonicalCombiningClass.rawValue
  }

  // MARK: - Composition

  /// Unicode's canonical composition of decomposed, canonically ordered `scalars`.
  static func composed(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    result.reserveCapacity(scalars.count)
    var starter: Int?  // index in `result` of the last starter
    var lastClass: UInt8 = 0  // class of the last scalar appended
    for scalar in scalars {
      let currentClass = combiningClass(scalar)
      if let starterIndex = starter {
        let adjacent = starterIndex == result.count - 1
        let blocked = !adjacent && (lastClass == 0 || lastClass >= currentClass)
        if !blocked, let joined = composite(result[starterIndex], scalar) {
          result[starterIndex] = joined
          continue
        }
      }
      if currentClass == 0 { starter = result.count }
      lastClass = currentClass
      result.append(scalar)
    }
    return result
  }

  /// The primary composite of `first` and `second`, if Unicode has one.
  static func composite(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Unicode.Scalar? {
    if let syllable = Hangul.compose(first.value, second.value) { return Unicode.Scalar(syllable) }
    return composites[UInt64(first.value) << 32 | UInt64(second.value)]
  }

  // MARK: - Hangul syllables (Unicode chapter 3.12)

  /// A precomposed Hangul syllable: a leading consonant, a vowel and perhaps a trailing consonant.
  struct Hangul {
    static let syllableBase: UInt32 = 0xAC00, leadingBase: UInt32 = 0x1100, vowelBase: UInt32 = 0x1161
    static let trailingBase: UInt32 = 0x11A7  // one before the first trailing consonant
    static let leadingCount: UInt32 = 19, vowelCount: UInt32 = 21, trailingCount: UInt32 = 28
    static let syllableCount = leadingCount * vowelCount * trailingCount  // 11,172

    let leading: UInt32, vowel: UInt32, trailing: UInt32?

    init?(syllable value: UInt32) {
      guard value >= Self.syllableBase, value - Self.syllableBase < Self.syllableCount else { return nil }
      let index = value - Self.syllableBase
      leading = Self.leadingBase + index / (Self.vowelCount * Self.trailingCount)
      vowel = Self.vowelBase + index % (Self.vowelCount * Self.trailingCount) / Self.trailingCount
      let trailingIndex = index % Self.trailingCount
      trailing = trailingIndex == 0 ? nil : Self.trailingBase + trailingIndex
    }

    func append(to scalars: inout [Unicode.Scalar]) {
      for value in [leading, vowel, trailing] {
        if let value, let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
      }
    }

    /// The syllable a leading consonant and a vowel, or a syllable without a trailing consonant
    /// and a trailing consonant, make.
    static func compose(_ first: UInt32, _ second: UInt32) -> UInt32? {
      if first >= leadingBase, first - leadingBase < leadingCount, second >= vowelBase, second - vowelBase < vowelCount {
        return syllableBase + ((first - leadingBase) * vowelCount + second - vowelBase) * trailingCount
      }
      if first >= syllableBase, first - syllableBase < syllableCount, (first - syllableBase) % trailingCount == 0,
        second > trailingBase, second - trailingBase < trailingCount
      {
        return first + second - trailingBase
      }
      return nil
    }
  }

  // MARK: - Tables

  /// Full decompositions parsed from a generated table: each scalar's slice of one array.
  struct Mappings: Sendable {
    private var slices: [UInt32: UInt32] = [:]  // scalar → offset << 8 | count
    private var storage: [Unicode.Scalar] = []

    init(parsing table: String) {
      for (key, values) in UnicodeNormalization.entries(of: table) {
        slices[key] = UInt32(storage.count) << 8 | UInt32(values.count)
        storage.append(contentsOf: values.compactMap(Unicode.Scalar.init))
      }
    }

    func mapping(of value: UInt32) -> ArraySlice<Unicode.Scalar>? {
      guard let slice = slices[value] else { return nil }
      let offset = Int(slice >> 8)
      return storage[offset..<offset + Int(slice & 0xFF)]
    }
  }

  static let canonicalMappings = Mappings(parsing: canonicalTable)
  static let compatibilityMappings = Mappings(parsing: compatibilityTable)
  static let composites: [UInt64: Unicode.Scalar] = {
    var table: [UInt64: Unicode.Scalar] = [:]
    for (key, values) in entries(of: compositeTable) where values.count == 2 {
      table[UInt64(values[0]) << 32 | UInt64(values[1])] = Unicode.Scalar(key)
    }
    return table
  }()

  /// The entries of a generated table (`KEY:V.V.V`, KEY as a difference from the previous one,
  /// all in hexadecimal, apart by spaces or line breaks).
  static func entries(of table: String) -> [(key: UInt32, values: [UInt32])] {
    var entries: [(key: UInt32, values: [UInt32])] = []
    var key: UInt32 = 0
    var number: UInt32 = 0
    var values: [UInt32] = []
    var inKey = true
    for byte in table.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): number = number << 4 | UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "A")...UInt8(ascii: "F"): number = number << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
      case UInt8(ascii: ":"):
        key += number
        inKey = false
        number = 0
      case UInt8(ascii: "."):
        values.append(number)
        number = 0
      default:  // a space or a line break ends an entry
        guard !inKey else { continue }
        values.append(number)
        entries.append((key, values))
        values = []
        number = 0
        inKey = true
      }
    }
    if !inKey {
      values.append(number)
      entries.append((key, values))
    }
    return entries
  }
}
