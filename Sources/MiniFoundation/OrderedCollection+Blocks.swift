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
      try enumerate(receiver, selector, block: arguments[2], reverse: BlockArgument.isReverse(arguments[1]), at: arguments[0])
    },
    MethodEntry("indexOfObjectPassingTest:", "Q24@0:8@?16") { receiver, selector, arguments in
      try firstPassing(receiver, selector, block: arguments[0], reverse: false)
    },
    MethodEntry("indexOfObjectWithOptions:passingTest:", "Q32@0:8Q16@?24") { receiver, selector, arguments in
      try firstPassing(receiver, selector, block: arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("indexOfObjectAtIndexes:options:passingTest:", "Q40@0:8@16Q24@?32") { receiver, selector, arguments in
      try firstPassing(receiver, selector, block: arguments[2], reverse: BlockArgument.isReverse(arguments[1]), at: arguments[0])
    },
    MethodEntry("indexesOfObjectsPassingTest:", "@24@0:8@?16") { receiver, selector, arguments in
      try allPassing(receiver, selector, block: arguments[0], reverse: false)
    },
    MethodEntry("indexesOfObjectsWithOptions:passingTest:", "@32@0:8Q16@?24") { receiver, selector, arguments in
      try allPassing(receiver, selector, block: arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("indexesOfObjectsAtIndexes:options:passingTest:", "@40@0:8@16Q24@?32") { receiver, selector, arguments in
      try allPassing(receiver, selector, block: arguments[2], reverse: BlockArgument.isReverse(arguments[1]), at: arguments[0])
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

  /// `-[NSMutableOrderedSet sortUsingComparator:]`, `sortWithOptions:usingComparator:` and
  /// `sortRange:options:usingComparator:` (the members in the range sorted among themselves, a
  /// range past the end raising `NSRangeException` before the comparator runs): each empties the
  /// set and adds the members back in their new order.
  static let orderedSetSortingByComparator: [MethodEntry] = [
    MethodEntry("sortUsingComparator:", "v24@0:8@?16") { receiver, selector, arguments in
      try refill(receiver, with: try sortedByComparator(receiver, selector, arguments[0]))
    },
    MethodEntry("sortWithOptions:usingComparator:", "v32@0:8Q16@?24") { receiver, selector, arguments in
      try refill(receiver, with: try sortedByComparator(receiver, selector, arguments[1]))  // always stable
    },
    MethodEntry("sortRange:options:usingComparator:", "v48@0:8{_NSRange=QQ}16Q32@?40") { receiver, selector, arguments in
      let comparator = try BlockArgument.block(arguments[2], receiver, selector)
      var elements = try Ordered.elements(of: receiver)
      let range = try CollectionConveniences.checked(
        try Message.range(arguments[0], receiver, selector), count: elements.count, receiver, selector)
      elements.replaceSubrange(range, with: try BlockArgument.sorted(Array(elements[range]), by: comparator) { $0 })
      return try refill(receiver, with: elements)
    },
  ]

  /// Empties the mutable ordered set and adds `members` back in that order.
  private static func refill(_ receiver: Object, with members: [Value]) throws -> Value {
    try Runtime.msgSend(receiver, "removeAllObjects")
    return try Runtime.msgSend(receiver, "addObjectsFromArray:", .array(members))
  }

  /// Calls the block with each element (or each at the indexes of the `NSIndexSet` `indexes`)
  /// and its index, last first when `reverse`.
  private static func enumerate(
    _ receiver: Object, _ selector: Selector, block value: Value, reverse: Bool, at indexes: Value? = nil
  ) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let mutations = MutationGuard(receiver)
    let (elements, visited) = try visiting(receiver, selector, reverse, at: indexes)
    try BlockArgument.enumerate(visited, calling: block, guarding: mutations) { [elements[$0], .uint64(UInt64($0))] }
    return .nil
  }

  /// The elements, and the indexes a block visits in order: all of them, or those of the
  /// `NSIndexSet` argument `indexes` (whose last index must be in bounds, else `NSRangeException`
  /// before any call), backwards when `reverse`.
  private static func visiting(
    _ receiver: Object, _ selector: Selector, _ reverse: Bool, at indexes: Value?
  ) throws -> (elements: [Value], visited: [Int]) {
    var chosen: Indexes?
    if let indexes { chosen = try Message.indexes(indexes, receiver, selector) }
    let elements = try Ordered.elements(of: receiver)
    guard let chosen else { return (elements, order(elements.indices, reverse)) }
    if let last = chosen.last { try Message.check(last, count: elements.count, receiver, selector) }
    return (elements, reverse ? Array(chosen).reversed() : Array(chosen))
  }

  /// The index of the first element the test passes, or `NSNotFound`.
  private static func firstPassing(
    _ receiver: Object, _ selector: Selector, block value: Value, reverse: Bool, at indexes: Value? = nil
  ) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let mutations = MutationGuard(receiver)
    let (elements, visited) = try visiting(receiver, selector, reverse, at: indexes)
    let found = try BlockArgument.firstPassing(visited, calling: block, guarding: mutations) { [elements[$0], .uint64(UInt64($0))] }
    return .uint64(UInt64(found))
  }

  /// The indexes of every element the test passes (up to the call that sets `*stop`), as an
  /// `NSIndexSet`.
  private static func allPassing(
    _ receiver: Object, _ selector: Selector, block value: Value, reverse: Bool, at indexes: Value? = nil
  ) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let mutations = MutationGuard(receiver)
    let (elements, visited) = try visiting(receiver, selector, reverse, at: indexes)
    let passing = try BlockArgument.allPassing(visited, calling: block, guarding: mutations) { [elements[$0], .uint64(UInt64($0))] }
    guard let runtime = receiver.runtime else { return .nil }
    return .object(try runtime.indexSet(passing))
  }

  /// The elements in the comparator's order, stably.
  private static func sortedByComparator(_ receiver: Object, _ selector: Selector, _ value: Value) throws -> [Value] {
    let comparator = try BlockArgument.block(value, receiver, selector)
    return try BlockArgument.sorted(try Ordered.elements(of: receiver), by: comparator) { $0 }
  }

  /// `indices` forwards, or backwards when `reverse`.
  static func order(_ indices: Range<Int>, _ reverse: Bool) -> [Int] { reverse ? indices.reversed() : Array(indices) }
}
