// BlockArguments.swift: reading a block argument and calling it, as Foundation's enumerate, test
// and sort messages do.
//
// Docs: docs/foundation.md#blocks, docs/decisions/0021-block-objects.md. Tests:
// Tests/MiniFoundationTests/FoundationBlockTests.swift.
//
// A block is user code, called with no lock held. The `BOOL *stop` of an enumeration is one
// `VariablePointer` for the whole enumeration (decision 0013), read after each call: once the
// block sets it, no further call is made. What a block throws leaves the message at once.
// No state.

/// The block arguments of Foundation's messages.
enum BlockArgument {
  /// `NSEnumerationConcurrent`: allowed, and honoured by enumerating serially (Apple promises no
  /// order, and one thread is one of the orders it may choose).
  static let concurrent: UInt64 = 1 << 0
  /// `NSEnumerationReverse`: from the last element to the first.
  static let reverse: UInt64 = 1 << 1

  /// The block argument, which must be a block; Foundation raises for nil.
  static func block(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> Object {
    guard case .object(let block) = value, block.isBlock else {
      let what = value.isNil ? "block cannot be nil" : "\(value) is not a block"
      throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(what)")
    }
    return block
  }

  /// Whether the `NSEnumerationOptions` argument asks for the reverse order.
  static func isReverse(_ options: Value) -> Bool {
    let bits: UInt64
    if case .uint64(let unsigned) = options.bridged { bits = unsigned } else { bits = UInt64(bitPattern: Int64(options.bridged.intValue ?? 0)) }
    return bits & reverse != 0
  }

  /// Calls `block` once per item of `items` in order, with the item's arguments, the shared stop
  /// pointer last; stops after the call that sets it, or when `visit`, which sees each item and
  /// the block's answer, returns `true` (a test that found its object).
  /// `guarding` (a ``MutationGuard`` made before the items were read) is checked after each call:
  /// a block that changed the collection ends the enumeration with Foundation's exception.
  static func enumerate<Item>(
    _ items: some Sequence<Item>, calling block: Object, guarding mutations: MutationGuard? = nil, arguments: (Item) -> [Value],
    visit: (Item, Value) -> Bool = { _, _ in false }
  ) throws {
    let stop = VariablePointer(.bool(false))
    for item in items {
      let answer = try block.callBlock(Arguments(arguments(item) + [.swiftObject(stop)]))  // call-out: user code
      try mutations?.check()
      if visit(item, answer) || stop.pointee.boolValue == true { return }
    }
  }

  /// The first index of `indexes` whose call the test passes, or `NSNotFound`: a test
  /// message's walk (`indexOfObjectPassingTest:`, `-[NSIndexSet indexPassingTest:]`).
  static func firstPassing(
    _ indexes: some Sequence<Int>, calling block: Object, guarding mutations: MutationGuard? = nil, arguments: (Int) -> [Value]
  ) throws -> Int {
    var found = OrderedCollectionMethods.notFound
    try enumerate(indexes, calling: block, guarding: mutations, arguments: arguments) { index, answer in
      guard passed(answer) else { return false }
      found = index
      return true
    }
    return found
  }

  /// Every index of `indexes` whose call the test passes, up to the call that sets `*stop`
  /// (`indexesOfObjectsPassingTest:`, `-[NSIndexSet indexesPassingTest:]`).
  static func allPassing(
    _ indexes: some Sequence<Int>, calling block: Object, guarding mutations: MutationGuard? = nil, arguments: (Int) -> [Value]
  ) throws -> Indexes {
    var passing: [Int] = []
    try enumerate(indexes, calling: block, guarding: mutations, arguments: arguments) { index, answer in
      if passed(answer) { passing.append(index) }
      return false
    }
    return Indexes(passing)
  }

  /// A test block's answer as a `BOOL`.
  static func passed(_ answer: Value) -> Bool { answer.boolValue ?? !answer.isNil }

  /// `comparator(first, second)` as an NSComparisonResult: -1, 0 or 1.
  static func order(_ comparator: Object, _ first: Value, _ second: Value) throws -> Int {
    let answer = try comparator.callBlock(Arguments(first, second))  // call-out: user code
    return try Sorting.comparisonResult(answer, from: "the comparator")
  }

  /// `items` sorted stably by `comparator` on what `key` reads from each.
  static func sorted<Item>(_ items: [Item], by comparator: Object, key: (Item) -> Value) throws -> [Item] {
    try Sorting.mergeSorted(items) { try order(comparator, key($0), key($1)) < 0 }
  }
}
