// NSString+CanonicalMatching.swift: where a string argument matches in a receiver when the
// search is not literal (no NSLiteralSearch), as CFStringFindWithOptions decides.
//
// Docs: docs/foundation.md#the-classes. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound15SearchTests.swift.
//
// Model: a non-literal search compares canonical forms (`é` matches `e` + U+0301) and a match
// may not end inside a composed character sequence of the receiver, so `e` is not found in
// `e` + U+0301 and `👍` not in `👍🏽`; it may start at a lone combining mark (U+0301 is found at
// {1, 1} in `e` + U+0301). Each answer is the one swift-corelibs-foundation's CFString gives on
// this machine. Text with no unit from U+00A0 up (nothing there decomposes, combines or joins
// but CR LF, which CoreFoundation keeps apart) matches exactly where a literal search does,
// so it keeps the unit-by-unit path. NSCaseInsensitiveSearch folds both sides in full before
// they are compared (`SS` finds `ß`), in a literal search too, which then compares scalars as
// they are and may end after any of them. Stateless.

/// Where a target matches at each start in a receiver's units, literally or not.
struct CanonicalMatcher {
  private let target: [UInt16]
  private let units: [UInt16]
  /// The canonical decomposition of the target; nil when the search is unit by unit.
  private let canonicalTarget: [Unicode.Scalar]?
  /// The unit offsets where a composed character sequence of `units` ends (and 0); nil for a
  /// literal search, whose match may end after any scalar.
  private let boundaries: Set<Int>?
  /// Whether the search is literal: no canonical decomposition, only (with
  /// `caseInsensitive`) the full case folding CFString applies even then.
  private let literal: Bool
  /// Whether both sides are case-folded in full before they are compared (NSCaseInsensitiveSearch).
  private let caseInsensitive: Bool

  /// A matcher of `target` in `units`; `literal` for NSLiteralSearch; `caseInsensitive` for
  /// NSCaseInsensitiveSearch (the caller has lowercased each unit that lowercases to one unit,
  /// which is all a literal search or plain text needs; the rest folds here, so `SS` finds `ß`).
  init(_ target: [UInt16], in units: [UInt16], literal: Bool, caseInsensitive: Bool = false) {
    self.target = target
    self.units = units
    self.caseInsensitive = caseInsensitive
    self.literal = literal
    let plain = target.allSatisfy { $0 < 0xA0 } && units.allSatisfy { $0 < 0xA0 }
    // A target with a lone surrogate (decision 0050) has no canonical form: unit by unit.
    guard !(literal && !caseInsensitive), !plain, !target.isEmpty, let text = String(validating: target, as: UTF16.self) else {
      (canonicalTarget, boundaries) = (nil, nil)
      return
    }
    canonicalTarget = Self.canonical(text.unicodeScalars, literal: literal, caseInsensitive: caseInsensitive)
    boundaries =
      literal ? nil : Set([0] + NSStringLines.composedRanges(of: String(decoding: units, as: UTF16.self)).map(\.upperBound))
  }

  /// `scalars` canonically decomposed (unless `literal`), and case-folded in full when
  /// `caseInsensitive`.
  private static func canonical(
    _ scalars: some Sequence<Unicode.Scalar>, literal: Bool, caseInsensitive: Bool
  ) -> [Unicode.Scalar] {
    let decomposed = literal ? Array(scalars) : UnicodeNormalization.decomposed(scalars, compatibility: false)
    guard caseInsensitive else { return decomposed }
    var text = String.UnicodeScalarView()
    text.append(contentsOf: decomposed)
    let folded = NSStringComparing.caseFolded(String(text)).unicodeScalars
    return literal ? Array(folded) : UnicodeNormalization.decomposed(folded, compatibility: false)
  }

  /// The end of the match that starts at unit `start`, or nil.
  func end(at start: Int) -> Int? {
    guard let canonicalTarget else {
      guard !target.isEmpty, start + target.count <= units.count else { return nil }
      return units[start..<(start + target.count)].elementsEqual(target) ? start + target.count : nil
    }
    guard start < units.count, !UTF16.isTrailSurrogate(units[start]) else { return nil }
    var scalars: [Unicode.Scalar] = []
    var position = start
    var remaining = units[start...].makeIterator()  // decoded lazily: a match is short
    var decoder = UTF16()
    while case .scalarValue(let scalar) = decoder.decode(&remaining) {
      scalars.append(scalar)
      position += scalar.utf16.count
      if boundaries?.contains(position) ?? true || position == units.count,
        Self.canonical(scalars, literal: literal, caseInsensitive: caseInsensitive) == canonicalTarget
      {
        return position
      }
      if scalars.count >= canonicalTarget.count { return nil }  // decomposing or folding never shrinks
    }
    return nil
  }

  /// Every match, left to right, not overlapping.
  var all: [Range<Int>] {
    var found: [Range<Int>] = []
    var index = 0
    while index < units.count {
      if let end = end(at: index) {
        found.append(index..<end)
        index = end
      } else {
        index += 1
      }
    }
    return found
  }

  /// The first match (the last when `backwards`); with `anchored`, only one that starts at the
  /// start (ends at the end, backwards).
  func first(backwards: Bool, anchored: Bool) -> Range<Int>? {
    if anchored && !backwards { return end(at: 0).map { 0..<$0 } }  // only a match at the start
    if anchored && canonicalTarget == nil {  // unit by unit, only one start can end at the end
      let start = units.count - target.count
      return start >= 0 ? end(at: start).map { start..<$0 } : nil
    }
    let last = units.count - 1
    for start in stride(from: backwards ? last : 0, through: backwards ? 0 : last, by: backwards ? -1 : 1) {
      guard let end = end(at: start) else { continue }
      if anchored && end != units.count { continue }  // anchored here means backwards
      return start..<end
    }
    return nil
  }
}
