// OrderedCollection+Blocks.swift: the block messages NSArray and NSOrderedSet share (enumerate,
// test, sort by a comparator), and their mutable classes' in-place sort.
//
// Docs: docs/foundation.md#blocks. Tests: Tests/MiniFoundationTests/FoundationBlockTests.swift.
//
// Each reads the elements once (from the storage, or through a subclass's primitives) and calls
// the block on that snapshot, user code with no lock held (BlockArguments.swift). An element
// block gets `(id obj, NSUInteger idx, BOOL *stop)`; a comparator `(id obj1, id obj2)`. No state.

extension OrderedCollectionMethods {
  /// The block messages of `NSArray` and `NSOrderedSet`.
  static let blockReading: [MethodEntry] = [
    MethodEntry("enumerateObjectsUsingBlock:", "v24@0:8@?16") { receiver, selector, arguments in
      try enumerate(receiver, selector, block: arguments[0], reverse: false)
    },
    MethodEntry("enumerateObjectsWithOptions:usingBlock:", "v32@0:8Q16@?24") { receiver, selector, arguments in
      try enumerate(receiver, selector, block: arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("enumerateObjectsAtIndexes:options:usingBlock:", "v40@0:8@16Q24@?32") { receiver, selector, arguments in
      let block = try BlockArgument.block(arguments[2], receiver, selector)
      let indexes = try Message.indexes(arguments[0], receiver, selector)
      let mutations = MutationGuard(receiver)
      let elements = try Ordered.elements(of: receiver)
      if let last = indexes.last { try Message.check(last, count: elements.count, receiver, selector) }
      let order = BlockArgument.isReverse(arguments[1]) ? Array(indexes).reversed() : Array(indexes)
      try BlockArgument.enumerate(order, calling: block, guarding: mutations) { [elements[$0], .uint64(UInt64($0))] }
      return .nil
    },
    MethodEntry("indexOfObjectPassingTest:", "Q24@0:8@?16") { receiver, selector, arguments in
      try firstPassing(receiver, selector, block: arguments[0], reverse: false)
    },
    MethodEntry("indexOfObjectWithOptions:passingTest:", "Q32@0:8Q16@?24") { receiver, selector, arguments in
      try firstPassing(receiver, selector, block: arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("indexesOfObjectsPassingTest:", "@24@0:8@?16") { receiver, selector, arguments in
      try allPassing(receiver, selector, block: arguments[0], reverse: false)
    },
    MethodEntry("indexesOfObjectsWithOptions:passingTest:", "@32@0:8Q16@?24") { receiver, selector, arguments in
      try allPassing(receiver, selector, block: arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("sortedArrayUsingComparator:", "@24@0:8@?16") { receiver, selector, arguments in
      .array(try sortedByComparator(receiver, selector, arguments[0]))
    },
    MethodEntry("sortedArrayWithOptions:usingComparator:", "@32@0:8Q16@?24") { receiver, selector, arguments in
      .array(try sortedByComparator(receiver, selector, arguments[1]))  // always stable (NSSortStable)
    },
    binarySearch,  // OrderedCollection+BinarySearch.swift
  ]

  /// `-[NSMutableArray sortUsingComparator:]` and `sortWithOptions:usingComparator:`, through
  /// `setArray:`.
  static let arraySortingByComparator: [MethodEntry] = [
    MethodEntry("sortUsingComparator:", "v24@0:8@?16") { receiver, selector, arguments in
      try Runtime.msgSend(receiver, "setArray:", .array(try sortedByComparator(receiver, selector, arguments[0])))
    },
    MethodEntry("sortWithOptions:usingComparator:", "v32@0:8Q16@?24") { receiver, selector, arguments in
      try Runtime.msgSend(receiver, "setArray:", .array(try sortedByComparator(receiver, selector, arguments[1])))
    },
  ]

  /// `-[NSMutableOrderedSet sortUsingComparator:]`: empties the set and adds the members back in
  /// order.
  static let orderedSetSortingByComparator: [MethodEntry] = [
    MethodEntry("sortUsingComparator:", "v24@0:8@?16") { receiver, selector, arguments in
      let order = try sortedByComparator(receiver, selector, arguments[0])
      try Runtime.msgSend(receiver, "removeAllObjects")
      return try Runtime.msgSend(receiver, "addObjectsFromArray:", .array(order))
    }
  ]

  /// Calls the block with each element and its index, last first when `reverse`.
  private static func enumerate(_ receiver: Object, _ selector: Selector, block value: Value, reverse: Bool) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let mutations = MutationGuard(receiver)
    let elements = try Ordered.elements(of: receiver)
    try BlockArgument.enumerate(
      order(elements.indices, reverse), calling: block, guarding: mutations
    ) { [elements[$0], .uint64(UInt64($0))] }
    return .nil
  }

  /// The index of the first element the test passes, or `NSNotFound`.
  private static func firstPassing(_ receiver: Object, _ selector: Selector, block value: Value, reverse: Bool) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let mutations = MutationGuard(receiver)
    let elements = try Ordered.elements(of: receiver)
    var found = notFound
    try BlockArgument.enumerate(
      order(elements.indices, reverse), calling: block, guarding: mutations
    ) { [elements[$0], .uint64(UInt64($0))] } visit: {
      index, answer in
      guard BlockArgument.passed(answer) else { return false }
      found = index
      return true
    }
    return .uint64(UInt64(found))
  }

  /// The indexes of every element the test passes (up to the call that sets `*stop`), as an
  /// `NSIndexSet`.
  private static func allPassing(_ receiver: Object, _ selector: Selector, block value: Value, reverse: Bool) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let mutations = MutationGuard(receiver)
    let elements = try Ordered.elements(of: receiver)
    var passing: [Int] = []
    try BlockArgument.enumerate(
      order(elements.indices, reverse), calling: block, guarding: mutations
    ) { [elements[$0], .uint64(UInt64($0))] } visit: {
      index, answer in
      if BlockArgument.passed(answer) { passing.append(index) }
      return false
    }
    guard let runtime = receiver.runtime else { return .nil }
    return .object(try runtime.indexSet(Indexes(passing)))
  }

  /// The elements in the comparator's order, stably.
  private static func sortedByComparator(_ receiver: Object, _ selector: Selector, _ value: Value) throws -> [Value] {
    let comparator = try BlockArgument.block(value, receiver, selector)
    return try BlockArgument.sorted(try Ordered.elements(of: receiver), by: comparator) { $0 }
  }

  /// `indices` forwards, or backwards when `reverse`.
  static func order(_ indices: Range<Int>, _ reverse: Bool) -> [Int] { reverse ? indices.reversed() : Array(indices) }
}
