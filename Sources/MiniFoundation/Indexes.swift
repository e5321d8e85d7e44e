// Indexes.swift: the set of indexes a to-many change touched.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSIndexSetTests.swift,
// Tests/KVOTests/ToManyTests.swift.
//
// The value behind an `NSIndexSet` object (NSIndexSet.swift), and the indexes a to-many change
// reports.

/// A sorted set of non-negative indexes, as a to-many change reports them.
///
/// ```swift
/// let indexes: Indexes = [0, 2]
/// indexes.contains(2)       // true
/// Array(indexes)            // [0, 2]
/// indexes.description       // "[number of indexes: 2 (in 2 ranges), indexes: (0 2)]"
/// Indexes([1, 2, 5]).description  // "[number of indexes: 3 (in 2 ranges), indexes: (1-2 5)]"
/// ```
///
/// Named `Indexes` rather than `IndexSet` so it never collides with Foundation's type.
///
/// Objective-C: `NSIndexSet`
public struct Indexes: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
  private var sorted: [Int]

  /// Creates a set from indexes in any order; duplicates are ignored.
  ///
  /// Objective-C: `+[NSIndexSet indexSet]` plus `addIndex:`
  public init<S: Sequence>(_ indexes: S) where S.Element == Int {
    sorted = Array(Set(indexes)).sorted()
  }

  /// Creates a set from an array literal.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(arrayLiteral elements: Int...) { self.init(elements) }

  /// A set holding one index.
  ///
  /// Objective-C: `+[NSIndexSet indexSetWithIndex:]`
  public init(integer index: Int) { sorted = [index] }

  /// A set holding a range of indexes.
  ///
  /// Objective-C: `+[NSIndexSet indexSetWithIndexesInRange:]`
  public init(integersIn range: Range<Int>) { sorted = Array(range) }

  /// The number of indexes.
  ///
  /// Objective-C: `-[NSIndexSet count]`
  public var count: Int { sorted.count }

  /// Whether `index` is in the set.
  ///
  /// Objective-C: `-[NSIndexSet containsIndex:]`
  public func contains(_ index: Int) -> Bool { sorted.contains(index) }

  /// The smallest index, if any.
  ///
  /// Objective-C: `-[NSIndexSet firstIndex]`
  public var first: Int? { sorted.first }

  /// The largest index, if any.
  ///
  /// Objective-C: `-[NSIndexSet lastIndex]`
  public var last: Int? { sorted.last }

  /// Adds `index` (nothing if it is there).
  ///
  /// Objective-C: `-[NSMutableIndexSet addIndex:]`
  public mutating func insert(_ index: Int) {
    let position = sorted.partitioningIndex { $0 >= index }
    if position == sorted.count || sorted[position] != index { sorted.insert(index, at: position) }
  }

  /// Removes `index` (nothing if it is not there).
  ///
  /// Objective-C: `-[NSMutableIndexSet removeIndex:]`
  public mutating func remove(_ index: Int) {
    let position = sorted.partitioningIndex { $0 >= index }
    if position < sorted.count, sorted[position] == index { sorted.remove(at: position) }
  }

  /// The indexes in increasing order.
  ///
  /// Objective-C: `-[NSIndexSet enumerateIndexesUsingBlock:]`
  public func makeIterator() -> IndexingIterator<[Int]> { sorted.makeIterator() }

  /// The number of runs of consecutive indexes.
  var rangeCount: Int {
    zip(sorted, sorted.dropFirst()).filter { $1 != $0 + 1 }.count + (sorted.isEmpty ? 0 : 1)
  }

  /// The indexes as NSIndexSet prints them.
  ///
  /// Objective-C: `-[NSIndexSet description]`
  public var description: String {
    "[number of indexes: \(count) (in \(rangeCount) ranges), indexes: (\(ranges.map(Self.text).joined(separator: " ")))]"
  }

  /// The runs of consecutive indexes, in order.
  var ranges: [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    for index in sorted {
      if let last = runs.last, last.upperBound + 1 == index {
        runs[runs.count - 1] = last.lowerBound...index
      } else {
        runs.append(index...index)
      }
    }
    return runs
  }

  /// A run as NSIndexSet prints it: `5` alone, `1-2` for several.
  private static func text(_ run: ClosedRange<Int>) -> String {
    run.count == 1 ? "\(run.lowerBound)" : "\(run.lowerBound)-\(run.upperBound)"
  }

  /// The smallest index above `index`, or nil.
  func index(after index: Int) -> Int? {
    let position = sorted.partitioningIndex { $0 > index }
    return position < sorted.count ? sorted[position] : nil
  }

  /// The largest index below `index`, or nil.
  func index(before index: Int) -> Int? {
    let position = sorted.partitioningIndex { $0 >= index }
    return position > 0 ? sorted[position - 1] : nil
  }
}

extension Array where Element == Int {
  /// The first position whose element satisfies `belongs` (elements sorted so that it is false
  /// then true): a binary search.
  fileprivate func partitioningIndex(where belongs: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongs(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
