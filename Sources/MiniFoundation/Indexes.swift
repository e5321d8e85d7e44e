// Indexes.swift: a set of indexes stored as runs of consecutive indexes.
//
// Docs: docs/foundation.md#index-sets; the choice: docs/decisions/0053-an-index-set-stores-runs.md.
// Tests: Tests/MiniFoundationTests/NSIndexSetTests.swift,
// Tests/MiniFoundationTests/FoundationBehaviourRound20IndexSetTests.swift,
// Tests/KVOTests/ToManyTests.swift.
//
// The value behind an `NSIndexSet` object (NSIndexSet.swift), and the indexes a to-many change
// reports. A value type, no lock: the object holding one edits it under its storage's lock.
// Invariant: `ranges` is sorted, its runs are non-empty, disjoint and never adjacent (two runs
// that would touch are one run), so equal sets have equal `ranges`; `count` is their total
// length, kept as the runs change. Indexes+Ranges.swift holds the edits and range questions.

/// A sorted set of indexes, stored as runs of consecutive indexes, as a to-many change reports
/// them.
///
/// ```swift
/// let indexes: Indexes = [0, 2]
/// indexes.contains(2)       // true
/// Array(indexes)            // [0, 2]
/// indexes.description       // "[number of indexes: 2 (in 2 ranges), indexes: (0 2)]"
/// Indexes([1, 2, 5]).description  // "[number of indexes: 3 (in 2 ranges), indexes: (1-2 5)]"
/// Indexes(integersIn: 0..<(Int.max - 1)).count  // 9223372036854775806, one run, nothing more stored
/// ```
///
/// Named `Indexes` rather than `IndexSet` so it never collides with Foundation's type. Iterating
/// visits every index; code that may meet a huge set walks `ranges` instead.
///
/// - Complexity: `contains`, `index(after:)` and `index(before:)` are a binary search over the
///   runs, O(log r); `count`, `first` and `last` are O(1); inserting or removing an index or a
///   range is O(r) at worst (the runs after it move), O(log r) to find the place.
///
/// Objective-C: `NSIndexSet`
public struct Indexes: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
  /// The runs of consecutive indexes, in order (see the invariant above).
  var ranges: [ClosedRange<Int>]
  /// The number of indexes: the runs' lengths summed.
  public internal(set) var count: Int

  /// Creates a set from indexes in any order; duplicates are ignored.
  ///
  /// Objective-C: `+[NSIndexSet indexSet]` plus `addIndex:`
  public init<S: Sequence>(_ indexes: S) where S.Element == Int {
    if let indexes = indexes as? Indexes {
      self = indexes
      return
    }
    self.init(runs: [])
    // Ascending input (the usual case) extends the last run or starts one; anything else is sorted first.
    var iterator = indexes.makeIterator()
    while let index = iterator.next() {
      guard appendIfAscending(index) else {
        let sorted = (Array(self) + [index] + Array(IteratorSequence(iterator))).sorted()
        self.init(runs: [])
        for index in sorted { _ = appendIfAscending(index) }
        return
      }
    }
  }

  /// Creates a set from an array literal.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(arrayLiteral elements: Int...) { self.init(elements) }

  /// A set holding one index.
  ///
  /// Objective-C: `+[NSIndexSet indexSetWithIndex:]`
  public init(integer index: Int) { self.init(runs: [index...index]) }

  /// A set holding a range of indexes: one run, however long.
  ///
  /// Objective-C: `+[NSIndexSet indexSetWithIndexesInRange:]`
  public init(integersIn range: Range<Int>) {
    self.init(runs: Self.run(range).map { [$0] } ?? [])
  }

  /// A set of `runs`, which already keep the invariant.
  init(runs: [ClosedRange<Int>]) {
    ranges = runs
    count = runs.reduce(0) { $0 + Self.length($1) }
  }

  /// Whether `index` is in the set.
  ///
  /// Objective-C: `-[NSIndexSet containsIndex:]`
  public func contains(_ index: Int) -> Bool {
    let position = firstRun { $0.upperBound >= index }
    return position < ranges.count && ranges[position].lowerBound <= index
  }

  /// The smallest index, if any.
  ///
  /// Objective-C: `-[NSIndexSet firstIndex]`
  public var first: Int? { ranges.first?.lowerBound }

  /// The largest index, if any.
  ///
  /// Objective-C: `-[NSIndexSet lastIndex]`
  public var last: Int? { ranges.last?.upperBound }

  /// Adds `index` (nothing if it is there).
  ///
  /// Objective-C: `-[NSMutableIndexSet addIndex:]`
  public mutating func insert(_ index: Int) { insert(contentsOf: index...index) }

  /// Removes `index` (nothing if it is not there).
  ///
  /// Objective-C: `-[NSMutableIndexSet removeIndex:]`
  public mutating func remove(_ index: Int) { remove(contentsOf: index...index) }

  /// The indexes in increasing order, walked run by run.
  ///
  /// Objective-C: `-[NSIndexSet enumerateIndexesUsingBlock:]`
  public func makeIterator() -> Iterator { Iterator(ranges: ranges) }

  /// The number of indexes, which `map` and `Array` reserve.
  ///
  /// Objective-C: `-[NSIndexSet count]`
  public var underestimatedCount: Int { count }

  /// The iterator of `Indexes`: each run's indexes in turn, nothing copied.
  ///
  /// Objective-C: none (MiniKVO extension).
  public struct Iterator: IteratorProtocol {
    private let ranges: [ClosedRange<Int>]
    private var run = 0
    private var nextIndex: Int?

    init(ranges: [ClosedRange<Int>]) {
      self.ranges = ranges
      nextIndex = ranges.first?.lowerBound
    }

    /// The next index, or nil after the last.
    ///
    /// Objective-C: none (MiniKVO extension).
    public mutating func next() -> Int? {
      guard let index = nextIndex else { return nil }
      if index < ranges[run].upperBound {
        nextIndex = index + 1
      } else {
        run += 1
        nextIndex = run < ranges.count ? ranges[run].lowerBound : nil
      }
      return index
    }
  }

  /// The number of runs of consecutive indexes.
  var rangeCount: Int { ranges.count }

  /// The indexes as NSIndexSet prints them.
  ///
  /// Objective-C: `-[NSIndexSet description]`
  public var description: String {
    "[number of indexes: \(count) (in \(rangeCount) ranges), indexes: (\(ranges.map(Self.text).joined(separator: " ")))]"
  }

  /// A run as NSIndexSet prints it: `5` alone, `1-2` for several.
  private static func text(_ run: ClosedRange<Int>) -> String {
    run.lowerBound == run.upperBound ? "\(run.lowerBound)" : "\(run.lowerBound)-\(run.upperBound)"
  }

  /// The smallest index above `index`, or nil.
  func index(after index: Int) -> Int? {
    guard index < Int.max else { return nil }
    let position = firstRun { $0.upperBound > index }
    return position < ranges.count ? Swift.max(ranges[position].lowerBound, index + 1) : nil
  }

  /// The largest index below `index`, or nil.
  func index(before index: Int) -> Int? {
    guard index > Int.min else { return nil }
    let position = firstRun { $0.lowerBound >= index }
    return position > 0 ? Swift.min(ranges[position - 1].upperBound, index - 1) : nil
  }

  /// Whether both hold the same indexes (the runs are canonical, so the same runs).
  ///
  /// Objective-C: `-[NSIndexSet isEqualToIndexSet:]`
  public static func == (lhs: Indexes, rhs: Indexes) -> Bool { lhs.ranges == rhs.ranges }

  /// Hashes the runs, which equal sets share.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func hash(into hasher: inout Hasher) { hasher.combine(ranges) }

  // MARK: - Helpers

  /// The first run position where `belongs` holds (false then true along the runs): a binary search.
  func firstRun(where belongs: (ClosedRange<Int>) -> Bool) -> Int {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if belongs(ranges[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// Appends `index` if it is past every index (extending the last run when adjacent); false if
  /// it is not.
  private mutating func appendIfAscending(_ index: Int) -> Bool {
    guard let last = ranges.last else {
      ranges.append(index...index)
      count = 1
      return true
    }
    if index == last.upperBound { return true }
    guard index > last.upperBound else { return false }
    if index - 1 == last.upperBound {
      ranges[ranges.count - 1] = last.lowerBound...index
    } else {
      ranges.append(index...index)
    }
    count += 1
    return true
  }

  /// The indexes of `range` as one run, nil when it is empty (an `NSRange` of length 0).
  static func run(_ range: Range<Int>) -> ClosedRange<Int>? {
    range.isEmpty ? nil : range.lowerBound...(range.upperBound - 1)
  }

  /// The number of indexes in `run`.
  static func length(_ run: ClosedRange<Int>) -> Int { run.upperBound - run.lowerBound + 1 }
}
