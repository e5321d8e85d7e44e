// UnorderedCollection+Blocks.swift: the block messages of NSDictionary and NSSet (NSIndexSet's
// are in IndexSet+Blocks.swift).
//
// Docs: docs/foundation.md#blocks. Tests: Tests/MiniFoundationTests/FoundationBlockTests+Unordered.swift.
//
// Each reads the contents once (from the storage, or through a subclass's primitives) and calls
// the block on that snapshot, user code with no lock held (BlockArguments.swift). A dictionary's
// and a set's order is their own (unspecified, as Apple's); NSEnumerationReverse runs it
// backwards. A mutable dictionary or set changed by the block raises after that call, as Apple's
// do (MutationGuard.swift). No state.

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
      try keysPassing(receiver, selector, arguments[0], reverse: false)
    },
    MethodEntry("keysOfEntriesWithOptions:passingTest:", "@32@0:8Q16@?24") { receiver, selector, arguments in
      try keysPassing(receiver, selector, arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("keysSortedByValueUsingComparator:", "@24@0:8@?16") { receiver, selector, arguments in
      try keysSortedByValue(receiver, selector, arguments[0])
    },
    MethodEntry("keysSortedByValueWithOptions:usingComparator:", "@32@0:8Q16@?24") { receiver, selector, arguments in
      try keysSortedByValue(receiver, selector, arguments[1])  // always stable (NSSortStable)
    },
  ]

  /// `NSSet`'s block messages; a member block gets `(id obj, BOOL *stop)`.
  static let set: [MethodEntry] = [
    MethodEntry("enumerateObjectsUsingBlock:", "v24@0:8@?16") { receiver, selector, arguments in
      try enumerateMembers(receiver, selector, arguments[0], reverse: false)
    },
    MethodEntry("enumerateObjectsWithOptions:usingBlock:", "v32@0:8Q16@?24") { receiver, selector, arguments in
      try enumerateMembers(receiver, selector, arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
    },
    MethodEntry("objectsPassingTest:", "@24@0:8@?16") { receiver, selector, arguments in
      try membersPassing(receiver, selector, arguments[0], reverse: false)
    },
    MethodEntry("objectsWithOptions:passingTest:", "@32@0:8Q16@?24") { receiver, selector, arguments in
      try membersPassing(receiver, selector, arguments[1], reverse: BlockArgument.isReverse(arguments[0]))
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

  /// The set of keys whose entries the test passes (up to the call that sets `*stop`).
  private static func keysPassing(_ receiver: Object, _ selector: Selector, _ value: Value, reverse: Bool) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let mutations = MutationGuard(receiver)
    let entries = Array(try NSDictionaryMethods.entries(of: receiver))
    var keys: Set<Value> = []
    try BlockArgument.enumerate(reverse ? entries.reversed() : entries, calling: block, guarding: mutations) { [$0.key, $0.value] } visit: {
      entry, answer in
      if BlockArgument.passed(answer) { keys.insert(entry.key) }
      return false
    }
    return .set(keys)
  }

  /// The keys in the comparator's order of their objects, stably.
  private static func keysSortedByValue(_ receiver: Object, _ selector: Selector, _ value: Value) throws -> Value {
    let comparator = try BlockArgument.block(value, receiver, selector)
    let entries = Array(try NSDictionaryMethods.entries(of: receiver))
    return .array(try BlockArgument.sorted(entries, by: comparator) { $0.value }.map(\.key))
  }

  /// Calls the block with each member.
  private static func enumerateMembers(_ receiver: Object, _ selector: Selector, _ value: Value, reverse: Bool) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let mutations = MutationGuard(receiver)
    let members = Array(try Unordered.elements(of: receiver))
    try BlockArgument.enumerate(reverse ? members.reversed() : members, calling: block, guarding: mutations) { [$0] }
    return .nil
  }

  /// The set of members the test passes (up to the call that sets `*stop`).
  private static func membersPassing(_ receiver: Object, _ selector: Selector, _ value: Value, reverse: Bool) throws -> Value {
    let block = try BlockArgument.block(value, receiver, selector)
    let mutations = MutationGuard(receiver)
    let members = Array(try Unordered.elements(of: receiver))
    var passing: Set<Value> = []
    try BlockArgument.enumerate(reverse ? members.reversed() : members, calling: block, guarding: mutations) { [$0] } visit: {
      member, answer in
      if BlockArgument.passed(answer) { passing.insert(member) }
      return false
    }
    return .set(passing)
  }
}
