// OrderedCollection+BinarySearch.swift: `-indexOfObject:inSortedRange:options:usingComparator:`
// of NSArray and NSOrderedSet.
//
// Docs: docs/foundation.md#binary-search. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound14CollectionTests.swift.
//
// A binary search of a range the caller promises is sorted by the comparator, which is called
// as `cmp(obj, element)` (user code, no lock held) on a snapshot of the elements. Without
// options it answers the index of an equal element or NSNotFound; NSBinarySearchingFirstEqual
// and NSBinarySearchingLastEqual pick the first or last of equal elements; with
// NSBinarySearchingInsertionIndex it answers where `obj` goes to keep the range sorted: before
// the equal elements, or after them with NSBinarySearchingLastEqual. No state.

extension OrderedCollectionMethods {
  /// `NSBinarySearchingFirstEqual`, `NSBinarySearchingLastEqual`, `NSBinarySearchingInsertionIndex`.
  static let firstEqual: UInt64 = 1 << 8
  static let lastEqual: UInt64 = 1 << 9
  static let insertionIndex: UInt64 = 1 << 10

  static let binarySearch = MethodEntry(
    "indexOfObject:inSortedRange:options:usingComparator:", "Q56@0:8@16{_NSRange=QQ}24Q40@?48"
  ) { receiver, selector, arguments in
    let object = try Message.object(arguments[0], receiver, selector)
    let elements = try Ordered.elements(of: receiver)
    let range = try CollectionConveniences.checked(
      try Message.range(arguments[1], receiver, selector), count: elements.count, receiver, selector)
    let options = try Message.optionsMask(arguments[2], receiver, selector)
    if options & firstEqual != 0, options & lastEqual != 0 {
      throw FoundationError(
        .invalidArgument,
        "*** \(Message.name(receiver, selector)): both NSBinarySearchingFirstEqual and NSBinarySearchingLastEqual options cannot be specified")
    }
    let comparator = try BlockArgument.block(arguments[3], receiver, selector)
    let order = { (element: Value) in try BlockArgument.order(comparator, object, element) }
    // The first index whose element is not below `object` (or, for the last equal, not at or below it).
    func boundary(after equal: Bool) throws -> Int {
      var (low, high) = (range.lowerBound, range.upperBound)
      while low < high {
        let middle = low + (high - low) / 2
        let answer = try order(elements[middle])
        if answer > 0 || (equal && answer == 0) { low = middle + 1 } else { high = middle }
      }
      return low
    }
    let last = options & lastEqual != 0
    let index = try boundary(after: last)
    if options & insertionIndex != 0 { return .uint64(UInt64(index)) }
    let candidate = last ? index - 1 : index
    guard range.contains(candidate), try order(elements[candidate]) == 0 else { return .uint64(UInt64(notFound)) }
    return .uint64(UInt64(candidate))
  }
}
