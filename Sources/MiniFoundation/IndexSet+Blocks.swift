// IndexSet+Blocks.swift: the block messages of NSIndexSet.
//
// Docs: docs/foundation.md#blocks. Tests: Tests/MiniFoundationTests/FoundationBlockTests+Unordered.swift,
// Tests/MiniFoundationTests/FoundationAPICensusTests+Blocks.swift.
//
// Each reads the indexes' runs once (the runs `Indexes` stores, decision 0053) and walks them as
// it calls the block (no array of every index), user code with no lock held
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
  /// `range`, descending when `reverse`; walked run by run as the block is called, not copied.
  private static func visited(_ receiver: Object, _ selector: Selector, reverse: Bool, in range: Value?) throws -> AnySequence<Int> {
    let runs = try runs(receiver, selector, in: range)
    return reverse ? AnySequence(runs.reversed().lazy.flatMap { $0.reversed() }) : AnySequence(runs.lazy.flatMap { $0 })
  }

  /// The runs of consecutive indexes, ascending, cut to the `NSRange` argument `range` if given.
  private static func runs(_ receiver: Object, _ selector: Selector, in range: Value?) throws -> [Range<Int>] {
    let indexes = try NSIndexSetMethods.indexes(receiver, selector)
    let runs = try range.map { value throws(FoundationError) in indexes.ranges(in: try Message.range(value, receiver, selector)) } ?? indexes.ranges[...]
    return runs.map { $0.lowerBound..<($0.upperBound + 1) }
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
    let visited = try visited(receiver, selector, reverse: reverse, in: range)
    return .uint64(UInt64(try BlockArgument.firstPassing(visited, calling: block) { [.uint64(UInt64($0))] }))
  }

  /// The indexes visited that the test passes (up to the call that sets `*stop`), as an
  /// `NSIndexSet`.
  private static func indexesPassing(
    _ receiver: Object, _ selector: Selector, _ value: Value, reverse: Bool, in range: Value? = nil
  ) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let visited = try visited(receiver, selector, reverse: reverse, in: range)
    let passing = try BlockArgument.allPassing(visited, calling: block) { [.uint64(UInt64($0))] }
    guard let runtime = receiver.runtime else { return .nil }
    return .object(try runtime.indexSet(passing))
  }

  /// Calls the block with each run of consecutive indexes as an `NSRange` (cut to the `NSRange`
  /// argument `range` when given), ascending, or descending when `reverse`.
  private static func enumerateRanges(
    _ receiver: Object, _ selector: Selector, _ value: Value, reverse: Bool, in range: Value? = nil
  ) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let runs = try runs(receiver, selector, in: range)
    try BlockArgument.enumerate(reverse ? runs.reversed() : runs, calling: block) { [.range($0)] }
    return .nil
  }
}
