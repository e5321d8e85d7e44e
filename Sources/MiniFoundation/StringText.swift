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
      let step = Self.step(in: units, at: index)
      if step.isLoneSurrogate {
        mapped += transform(String(decoding: run, as: UTF16.self)).utf16
        mapped.append(units[index])
        run = []
      } else {
        run += units[index..<(index + step.width)]
      }
      index += step.width
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
      let step = Self.step(in: units, at: index)
      if step.isLoneSurrogate || step.point == 0xFFFD { found.append(units[index]) }
      index += step.width
    }
    return found
  }

  /// The text followed by `other`: two halves of a pair join back into a `String`.
  static func + (lhs: StringText, rhs: StringText) -> StringText {
    if case .string(let a) = lhs, case .string(let b) = rhs { return .string(a + b) }
    return StringText(units: lhs.utf16 + rhs.utf16)
  }

  // MARK: - One step through units

  /// What is at one unit index of UTF-16 units: a code point (a surrogate pair is one, over two
  /// units), or half a pair alone, which is its own unit (as CFString reads it).
  struct Step: Equatable {
    /// The code point, or the lone surrogate's unit (0xD800 ..< 0xE000).
    let point: UInt32
    /// How many units it spans: 2 for a surrogate pair, else 1.
    let width: Int

    /// Whether this is half a surrogate pair with no other half beside it.
    var isLoneSurrogate: Bool { (0xD800..<0xE000).contains(point) }

    /// The scalar; nil for a lone surrogate, which has none.
    var scalar: Unicode.Scalar? { Unicode.Scalar(point) }
  }

  /// The step at `index` of `units`: a lead surrogate followed (before `end`) by a trail one is
  /// their code point, 2 units wide; any other unit, a lone surrogate too, is itself, 1 wide.
  /// The one place that joins a pair; every reader that walks units by character uses it.
  static func step<Units: RandomAccessCollection<UInt16>>(
    in units: Units, at index: Int, end: Int? = nil
  ) -> Step where Units.Index == Int {
    let unit = units[index]
    let end = end ?? units.endIndex
    if UTF16.isLeadSurrogate(unit), index + 1 < end, UTF16.isTrailSurrogate(units[index + 1]) {
      let point = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(units[index + 1] - 0xDC00)
      return Step(point: point, width: 2)
    }
    return Step(point: UInt32(unit), width: 1)
  }
}
