// IndexSet+Blocks.swift: the block messages of NSIndexSet.
//
// Docs: docs/foundation.md#blocks. Tests: Tests/MiniFoundationTests/FoundationBlockTests+Unordered.swift,
// Tests/MiniFoundationTests/FoundationAPICensusTests.swift.
//
// Each reads the indexes once and calls the block on that snapshot, user code with no lock held
// (BlockArguments.swift): ascending, or descending with NSEnumerationReverse; the `…InRange:`
// messages visit only the indexes inside their `NSRange`, and `enumerateRangesInRange:…` hands
// over each run cut to that range. An index set is not guarded against mutation (Apple documents
// no guard for it). No state.

extension UnorderedBlockMethods {
  /// `NSIndexSet`'s block messages; an index block gets `(NSUInteger idx, BOOL *stop)`, a range
  /// block `(NSRange range, BOOL *stop)`.
  static let indexSet: [MethodEntry] = [
    MethodEntry("enumerateIndexesUsingBlock:", "v24@0:8@?16") { receiver, selector, arguments in
      try enumerateIndexes(receiver, selector, arguments[0], reverse: false)
    },
    MethodEntry("enumerateIndexesWithOptions:usingBlock:", "v32@0:8Q16@?24") { receiver, selector, arguments in
      try enumerateIndexes(receiver, selector, arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("enumerateIndexesInRange:options:usingBlock:", "v48@0:8{_NSRange=QQ}16Q32@?40") { receiver, selector, arguments in
      try enumerateIndexes(receiver, selector, arguments[2], reverse: BlockArgument.isReverse(arguments[1]), in: arguments[0])
    },
    MethodEntry("enumerateRangesUsingBlock:", "v24@0:8@?16") { receiver, selector, arguments in
      try enumerateRanges(receiver, selector, arguments[0], reverse: false)
    },
    MethodEntry("enumerateRangesWithOptions:usingBlock:", "v32@0:8Q16@?24") { receiver, selector, arguments in
      try enumerateRanges(receiver, selector, arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("enumerateRangesInRange:options:usingBlock:", "v48@0:8{_NSRange=QQ}16Q32@?40") { receiver, selector, arguments in
      try enumerateRanges(receiver, selector, arguments[2], reverse: BlockArgument.isReverse(arguments[1]), in: arguments[0])
    },
    MethodEntry("indexPassingTest:", "Q24@0:8@?16") { receiver, selector, arguments in
      try firstIndexPassing(receiver, selector, arguments[0], reverse: false)
    },
    MethodEntry("indexWithOptions:passingTest:", "Q32@0:8Q16@?24") { receiver, selector, arguments in
      try firstIndexPassing(receiver, selector, arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("indexInRange:options:passingTest:", "Q48@0:8{_NSRange=QQ}16Q32@?40") { receiver, selector, arguments in
      try firstIndexPassing(receiver, selector, arguments[2], reverse: BlockArgument.isReverse(arguments[1]), in: arguments[0])
    },
    MethodEntry("indexesPassingTest:", "@24@0:8@?16") { receiver, selector, arguments in
      try indexesPassing(receiver, selector, arguments[0], reverse: false)
    },
    MethodEntry("indexesWithOptions:passingTest:", "@32@0:8Q16@?24") { receiver, selector, arguments in
      try indexesPassing(receiver, selector, arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("indexesInRange:options:passingTest:", "@48@0:8{_NSRange=QQ}16Q32@?40") { receiver, selector, arguments in
      try indexesPassing(receiver, selector, arguments[2], reverse: BlockArgument.isReverse(arguments[1]), in: arguments[0])
    },
  ]

  /// The indexes a block visits, in order: every index, or those inside the `NSRange` argument
  /// `range`, descending when `reverse`.
  private static func visited(_ receiver: Object, _ selector: Selector, reverse: Bool, in range: Value?) throws -> [Int] {
    var indexes = Array(try NSIndexSetMethods.indexes(receiver, selector))
    if let range {
      let bounds = try Message.range(range, receiver, selector)
      indexes = indexes.filter(bounds.contains)
    }
    return reverse ? indexes.reversed() : indexes
  }

  /// Calls the block with each index visited.
  private static func enumerateIndexes(
    _ receiver: Object, _ selector: Selector, _ value: Value, reverse: Bool, in range: Value? = nil
  ) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    try BlockArgument.enumerate(try visited(receiver, selector, reverse: reverse, in: range), calling: block) { [.uint64(UInt64($0))] }
    return .nil
  }

  /// The first index visited that the test passes, or `NSNotFound`.
  private static func firstIndexPassing(
    _ receiver: Object, _ selector: Selector, _ value: Value, reverse: Bool, in range: Value? = nil
  ) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    var found = OrderedCollectionMethods.notFound
    try BlockArgument.enumerate(try visited(receiver, selector, reverse: reverse, in: range), calling: block) { [.uint64(UInt64($0))] } visit: {
      index, answer in
      guard BlockArgument.passed(answer) else { return false }
      found = index
      return true
    }
    return .uint64(UInt64(found))
  }

  /// The indexes visited that the test passes (up to the call that sets `*stop`), as an
  /// `NSIndexSet`.
  private static func indexesPassing(
    _ receiver: Object, _ selector: Selector, _ value: Value, reverse: Bool, in range: Value? = nil
  ) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    var passing: [Int] = []
    try BlockArgument.enumerate(try visited(receiver, selector, reverse: reverse, in: range), calling: block) { [.uint64(UInt64($0))] } visit: {
      index, answer in
      if BlockArgument.passed(answer) { passing.append(index) }
      return false
    }
    guard let runtime = receiver.runtime else { return .nil }
    return .object(try runtime.indexSet(Indexes(passing)))
  }

  /// Calls the block with each run of consecutive indexes as an `NSRange` (cut to the `NSRange`
  /// argument `range` when given), ascending, or descending when `reverse`.
  private static func enumerateRanges(
    _ receiver: Object, _ selector: Selector, _ value: Value, reverse: Bool, in range: Value? = nil
  ) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    var runs = try NSIndexSetMethods.indexes(receiver, selector).ranges.map { $0.lowerBound..<($0.upperBound + 1) }
    if let range {
      let bounds = try Message.range(range, receiver, selector)
      runs = runs.filter { $0.overlaps(bounds) }.map { $0.clamped(to: bounds) }
    }
    try BlockArgument.enumerate(reverse ? runs.reversed() : runs, calling: block) { [.range($0)] }
    return .nil
  }
}
