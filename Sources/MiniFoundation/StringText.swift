// StringText.swift: the characters of a string object: a Swift `String`, or the UTF-16 units
// themselves when they are not valid UTF-16 (decision 0050, option B).
//
// Docs: docs/foundation.md#a-lone-surrogate. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound25SurrogateTests.swift.
//
// Stateless. An NSString is a sequence of any UTF-16 units; a Swift `String` holds only valid
// UTF-16, so half a surrogate pair would become U+FFFD. Almost every string is valid, and keeps the
// `String` form (what `.string` bridges); only units with a lone surrogate keep the `units` form.
// Every maker goes through `init(units:)`, which picks the form, so two halves joined back are a
// `String` again and a `units` value always has a lone surrogate.

/// The characters of a string object: a `String`, or units that are not valid UTF-16.
enum StringText: Sendable, Hashable {
  /// Valid text (what `.string` bridges).
  case string(String)
  /// UTF-16 units with at least one lone surrogate (never valid UTF-16).
  case units([UInt16])

  /// `units` as text: the `String` they spell, else the units themselves.
  init(units: some Collection<UInt16>) {
    if let text = String(validating: units, as: UTF16.self) { self = .string(text) } else { self = .units(Array(units)) }
  }

  /// The text's UTF-16 units.
  var utf16: [UInt16] {
    switch self {
    case .string(let text): return Array(text.utf16)
    case .units(let units): return units
    }
  }

  /// How many UTF-16 units the text has (`-length`).
  var count: Int {
    switch self {
    case .string(let text): return text.utf16.count
    case .units(let units): return units.count
    }
  }

  /// The Swift view of the text: a lone surrogate read as U+FFFD, as Swift's bridging of an
  /// `NSString` reads it. The text readers (case mapping, comparing, numbers, paths) read this.
  var lossy: String {
    switch self {
    case .string(let text): return text
    case .units(let units): return String(decoding: units, as: UTF16.self)
    }
  }

  /// The `String`, or nil for units with a lone surrogate.
  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// Unit by unit, as `-isEqualToString:` compares: "é" is not "e\u{301}".
  static func == (lhs: StringText, rhs: StringText) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
    case (.units(let a), .units(let b)): return a == b
    default: return false  // valid units never equal units with a lone surrogate
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let text): hasher.combine(text)
    case .units(let units): hasher.combine(units)
    }
  }

  /// The text with `transform` applied to each run of valid text between lone surrogates, which
  /// stay as they are: how CFString maps case (it passes a lone surrogate through).
  func mappingRuns(_ transform: (String) -> String) -> StringText {
    guard case .units(let units) = self else { return .string(transform(lossy)) }
    var mapped: [UInt16] = []
    var run: [UInt16] = []
    var index = 0
    while index < units.count {
      let unit = units[index]
      if UTF16.isLeadSurrogate(unit), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
        run += units[index...index + 1]
        index += 2
        continue
      }
      index += 1
      guard UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) else {
        run.append(unit)
        continue
      }
      mapped += transform(String(decoding: run, as: UTF16.self)).utf16
      mapped.append(unit)
      run = []
    }
    mapped += transform(String(decoding: run, as: UTF16.self)).utf16
    return StringText(units: mapped)
  }

  /// The units that the Swift view reads as U+FFFD, in order: each lone surrogate, and each real
  /// U+FFFD. Texts whose views are alike order by these (`compare:`).
  var replacementUnits: [UInt16] {
    guard case .units(let units) = self else { return utf16.filter { $0 == 0xFFFD } }
    var found: [UInt16] = []
    var index = 0
    while index < units.count {
      let unit = units[index]
      if UTF16.isLeadSurrogate(unit), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
        index += 2
        continue
      }
      if unit == 0xFFFD || UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) { found.append(unit) }
      index += 1
    }
    return found
  }

  /// The text followed by `other`: two halves of a pair join back into a `String`.
  static func + (lhs: StringText, rhs: StringText) -> StringText {
    if case .string(let a) = lhs, case .string(let b) = rhs { return .string(a + b) }
    return StringText(units: lhs.utf16 + rhs.utf16)
  }
}
