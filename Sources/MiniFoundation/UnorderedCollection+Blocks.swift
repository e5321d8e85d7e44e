// UnorderedCollection+Blocks.swift: the block messages of NSDictionary, NSSet and NSIndexSet.
//
// Docs: docs/foundation.md#blocks. Tests: Tests/MiniFoundationTests/FoundationBlockTests+Unordered.swift.
//
// Each reads the contents once (from the storage, or through a subclass's primitives) and calls
// the block on that snapshot, user code with no lock held (BlockArguments.swift). A dictionary's
// and a set's order is their own (unspecified, as Apple's); an index set's is ascending, or
// descending with NSEnumerationReverse. A mutable dictionary or set changed by the block raises
// after that call, as Apple's do (MutationGuard.swift); an index set is not guarded (Apple documents
// no guard for it). No state.

enum UnorderedBlockMethods {
  /// `NSDictionary`'s block messages; an entry block gets `(id key, id obj, BOOL *stop)`.
  static let dictionary: [MethodEntry] = [
    MethodEntry("enumerateKeysAndObjectsUsingBlock:", "v24@0:8@?16") { receiver, selector, arguments in
      try enumerateEntries(receiver, selector, arguments[0], reverse: false)
    },
    MethodEntry("enumerateKeysAndObjectsWithOptions:usingBlock:", "v32@0:8Q16@?24") { receiver, selector, arguments in
      try enumerateEntries(receiver, selector, arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("keysOfEntriesPassingTest:", "@24@0:8@?16") { receiver, selector, arguments in
      let block = try BlockArgument.block(arguments[0], receiver, selector)
      let mutations = MutationGuard(receiver)
      var keys: Set<Value> = []
      try BlockArgument.enumerate(Array(try NSDictionaryMethods.entries(of: receiver)), calling: block, guarding: mutations) { [$0.key, $0.value] } visit: {
        entry, answer in
        if BlockArgument.passed(answer) { keys.insert(entry.key) }
        return false
      }
      return .set(keys)
    },
    MethodEntry("keysSortedByValueUsingComparator:", "@24@0:8@?16") { receiver, selector, arguments in
      let comparator = try BlockArgument.block(arguments[0], receiver, selector)
      let entries = Array(try NSDictionaryMethods.entries(of: receiver))
      return .array(try BlockArgument.sorted(entries, by: comparator) { $0.value }.map(\.key))
    },
  ]

  /// `NSSet`'s block messages; a member block gets `(id obj, BOOL *stop)`.
  static let set: [MethodEntry] = [
    MethodEntry("enumerateObjectsUsingBlock:", "v24@0:8@?16") { receiver, selector, arguments in
      let block = try BlockArgument.block(arguments[0], receiver, selector)
      let mutations = MutationGuard(receiver)
      try BlockArgument.enumerate(Array(try Unordered.elements(of: receiver)), calling: block, guarding: mutations) { [$0] }
      return .nil
    },
    MethodEntry("objectsPassingTest:", "@24@0:8@?16") { receiver, selector, arguments in
      let block = try BlockArgument.block(arguments[0], receiver, selector)
      let mutations = MutationGuard(receiver)
      var passing: Set<Value> = []
      try BlockArgument.enumerate(Array(try Unordered.elements(of: receiver)), calling: block, guarding: mutations) { [$0] } visit: {
        member, answer in
        if BlockArgument.passed(answer) { passing.insert(member) }
        return false
      }
      return .set(passing)
    },
  ]

  /// `NSIndexSet`'s block messages; an index block gets `(NSUInteger idx, BOOL *stop)`.
  static let indexSet: [MethodEntry] = [
    MethodEntry("enumerateIndexesUsingBlock:", "v24@0:8@?16") { receiver, selector, arguments in
      try enumerateIndexes(receiver, selector, arguments[0], reverse: false)
    },
    MethodEntry("enumerateIndexesWithOptions:usingBlock:", "v32@0:8Q16@?24") { receiver, selector, arguments in
      try enumerateIndexes(receiver, selector, arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("enumerateRangesUsingBlock:", "v24@0:8@?16") { receiver, selector, arguments in
      try enumerateRanges(receiver, selector, arguments[0], reverse: false)
    },
    MethodEntry("enumerateRangesWithOptions:usingBlock:", "v32@0:8Q16@?24") { receiver, selector, arguments in
      try enumerateRanges(receiver, selector, arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("indexPassingTest:", "Q24@0:8@?16") { receiver, selector, arguments in
      let block = try BlockArgument.block(arguments[0], receiver, selector)
      var found = OrderedCollectionMethods.notFound
      try BlockArgument.enumerate(try NSIndexSetMethods.indexes(receiver, selector), calling: block) { [.uint64(UInt64($0))] } visit: {
        index, answer in
        guard BlockArgument.passed(answer) else { return false }
        found = index
        return true
      }
      return .uint64(UInt64(found))
    },
    MethodEntry("indexesPassingTest:", "@24@0:8@?16") { receiver, selector, arguments in
      let block = try BlockArgument.block(arguments[0], receiver, selector)
      var passing: [Int] = []
      try BlockArgument.enumerate(try NSIndexSetMethods.indexes(receiver, selector), calling: block) { [.uint64(UInt64($0))] } visit: {
        index, answer in
        if BlockArgument.passed(answer) { passing.append(index) }
        return false
      }
      guard let runtime = receiver.runtime else { return .nil }
      return .object(try runtime.indexSet(Indexes(passing)))
    },
  ]

  /// Calls the block with each key and its object.
  private static func enumerateEntries(_ receiver: Object, _ selector: Selector, _ value: Value, reverse: Bool) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let mutations = MutationGuard(receiver)
    let entries = Array(try NSDictionaryMethods.entries(of: receiver))
    try BlockArgument.enumerate(reverse ? entries.reversed() : entries, calling: block, guarding: mutations) { [$0.key, $0.value] }
    return .nil
  }

  /// Calls the block with each run of consecutive indexes as an `NSRange`, ascending (descending
  /// when `reverse`): `(NSRange range, BOOL *stop)`.
  private static func enumerateRanges(_ receiver: Object, _ selector: Selector, _ value: Value, reverse: Bool) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let runs = try NSIndexSetMethods.indexes(receiver, selector).ranges
    try BlockArgument.enumerate(reverse ? runs.reversed() : runs, calling: block) { [.range($0.lowerBound..<($0.upperBound + 1))] }
    return .nil
  }

  /// Calls the block with each index, ascending (descending when `reverse`).
  private static func enumerateIndexes(_ receiver: Object, _ selector: Selector, _ value: Value, reverse: Bool) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let indexes = Array(try NSIndexSetMethods.indexes(receiver, selector))
    try BlockArgument.enumerate(reverse ? indexes.reversed() : indexes, calling: block) { [.uint64(UInt64($0))] }
    return .nil
  }
}
