// Indexes+Ranges.swift: adding, removing and shifting whole ranges of an `Indexes` value, and
// the questions NSIndexSet asks about a range, each done on the runs.
//
// Docs: docs/foundation.md#index-sets; the choice: docs/decisions/0053-an-index-set-stores-runs.md.
// Tests: Tests/MiniFoundationTests/FoundationBehaviourRound20IndexSetTests.swift.
//
// Stateless beyond the value: each edit finds the runs it touches by binary search, then
// replaces them (O(r) for the runs after them to move), keeping Indexes.swift's invariant:
// sorted, non-empty, disjoint, never adjacent runs, and `count` their total length. The
// arithmetic never steps past `Int.min` or `Int.max`: a neighbour is computed only after a
// comparison shows it exists.

extension Indexes {
  /// Adds every index of `range`; runs it overlaps or touches become one run.
  ///
  /// Objective-C: `-[NSMutableIndexSet addIndexesInRange:]`
  mutating func insert(contentsOf range: ClosedRange<Int>) {
    // Runs that end before `range` starts and do not touch it stay; so do runs that start after
    // it ends and do not touch it. The runs between join `range`.
    let low = firstRun { !Self.endsBefore($0, range.lowerBound) }
    let high = firstRun { Self.startsAfter($0, range.upperBound) }
    var joined = range
    for run in ranges[low..<high] {
      count -= Self.length(run)
      joined = Swift.min(run.lowerBound, joined.lowerBound)...Swift.max(run.upperBound, joined.upperBound)
    }
    count += Self.length(joined)
    ranges.replaceSubrange(low..<high, with: CollectionOfOne(joined))
  }

  /// Removes every index of `range`; a run it cuts keeps its parts outside.
  ///
  /// Objective-C: `-[NSMutableIndexSet removeIndexesInRange:]`
  mutating func remove(contentsOf range: ClosedRange<Int>) {
    let low = firstRun { $0.upperBound >= range.lowerBound }
    let high = firstRun { $0.lowerBound > range.upperBound }
    guard low < high else { return }
    var kept: [ClosedRange<Int>] = []
    if ranges[low].lowerBound < range.lowerBound { kept.append(ranges[low].lowerBound...(range.lowerBound - 1)) }
    if ranges[high - 1].upperBound > range.upperBound { kept.append((range.upperBound + 1)...ranges[high - 1].upperBound) }
    for run in ranges[low..<high] { count -= Self.length(run) }
    for run in kept { count += Self.length(run) }
    ranges.replaceSubrange(low..<high, with: kept)
  }

  /// Adds every index of `other`, run by run.
  ///
  /// Objective-C: `-[NSMutableIndexSet addIndexes:]`
  mutating func formUnion(_ other: Indexes) {
    for run in other.ranges { insert(contentsOf: run) }
  }

  /// Removes every index of `other`, run by run.
  ///
  /// Objective-C: `-[NSMutableIndexSet removeIndexes:]`
  mutating func subtract(_ other: Indexes) {
    for run in other.ranges { remove(contentsOf: run) }
  }

  /// The runs cut to `range`, in order.
  ///
  /// Objective-C: `-[NSIndexSet enumerateRangesInRange:options:usingBlock:]`
  func ranges(in range: Range<Int>) -> ArraySlice<ClosedRange<Int>> {
    Self.run(range).map { ranges(in: $0) } ?? []
  }

  /// The runs cut to `bounds`, in order.
  ///
  /// Objective-C: none (MiniKVO extension).
  func ranges(in bounds: ClosedRange<Int>) -> ArraySlice<ClosedRange<Int>> {
    let low = firstRun { $0.upperBound >= bounds.lowerBound }
    let high = firstRun { $0.lowerBound > bounds.upperBound }
    var cut = ranges[low..<high]
    if let first = cut.first { cut[cut.startIndex] = first.clamped(to: bounds) }
    if let last = cut.last { cut[cut.endIndex - 1] = last.clamped(to: bounds) }
    return cut
  }

  /// The number of indexes inside `bounds`.
  ///
  /// Objective-C: `-[NSIndexSet countOfIndexesInRange:]`
  func count(in bounds: ClosedRange<Int>) -> Int { ranges(in: bounds).reduce(0) { $0 + Self.length($1) } }

  /// Whether every index of the non-empty `range` is in the set (one run holds them all).
  ///
  /// Objective-C: `-[NSIndexSet containsIndexesInRange:]`
  func contains(integersIn range: ClosedRange<Int>) -> Bool {
    let position = firstRun { $0.upperBound >= range.lowerBound }
    return position < ranges.count && ranges[position].lowerBound <= range.lowerBound && ranges[position].upperBound >= range.upperBound
  }

  /// Whether every index of `other` is in the set, run by run.
  ///
  /// Objective-C: `-[NSIndexSet containsIndexes:]`
  func isSuperset(of other: Indexes) -> Bool { other.ranges.allSatisfy(contains(integersIn:)) }

  /// Moves the indexes from `start` on by `delta`. Moving down, the indexes in `start + delta
  /// ..< start` are removed first (the moved ones land there), and a moved index below 0 is
  /// dropped; moving up, one past `highest` is dropped.
  ///
  /// Objective-C: `-[NSMutableIndexSet shiftIndexesStartingAtIndex:by:]`
  mutating func shift(startingAt start: Int, by delta: Int, highest: Int) {
    guard delta != 0, let last, last >= start else { return }
    let moving = ranges(in: start...last)
    remove(contentsOf: start...last)
    if delta < 0, start > 0 { remove(contentsOf: Swift.max(start + delta, 0)...(start - 1)) }
    for run in moving {
      guard let moved = Self.moved(run, by: delta, within: 0...highest) else { continue }
      insert(contentsOf: moved)
    }
  }

  // MARK: - Helpers

  /// Whether `run` ends before `index - 1` (so it neither holds nor touches `index`).
  private static func endsBefore(_ run: ClosedRange<Int>, _ index: Int) -> Bool {
    run.upperBound < index && run.upperBound != index - 1
  }

  /// Whether `run` starts after `index + 1` (so it neither holds nor touches `index`).
  private static func startsAfter(_ run: ClosedRange<Int>, _ index: Int) -> Bool {
    run.lowerBound > index && run.lowerBound - 1 != index
  }

  /// `run` moved by `delta` and cut to `bounds`; nil when nothing of it is left.
  private static func moved(_ run: ClosedRange<Int>, by delta: Int, within bounds: ClosedRange<Int>) -> ClosedRange<Int>? {
    let lower = run.lowerBound.addingReportingOverflow(delta)
    let upper = run.upperBound.addingReportingOverflow(delta)
    let low = lower.overflow ? (delta < 0 ? Int.min : Int.max) : lower.partialValue
    let high = upper.overflow ? (delta < 0 ? Int.min : Int.max) : upper.partialValue
    guard high >= bounds.lowerBound, low <= bounds.upperBound else { return nil }
    return Swift.max(low, bounds.lowerBound)...Swift.min(high, bounds.upperBound)
  }
}
