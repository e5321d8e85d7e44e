// NSIndexSet.swift: NSIndexSet and NSMutableIndexSet, the indexes of to-many changes.
//
// Docs: docs/foundation.md#index-sets. Tests: Tests/MiniFoundationTests/NSIndexSetTests.swift,
// Tests/MiniFoundationTests/FoundationBehaviourRound20IndexSetTests.swift,
// Tests/MiniFoundationTests/FoundationBehaviourRound21IndexSetTests.swift.
//
// An index set object holds an `Indexes` value (runs of indexes, decision 0053), edited under its
// storage's lock; it is equal to another index set with the same indexes. Every message works on
// the runs, so a set of billions of indexes answers as fast as a small one. KVO hands one to
// observers as a change's `indexes` entry.

enum NSIndexSetMethods {
  static let all = ClassMethods(
    instance: UnorderedBlockMethods.indexSet + CollectionLifecycle.copying(.indexSet) { IndexSetStorage.indexSet(try indexes($0, "copy")) } + [
      MethodEntry("count", "Q16@0:8") { receiver, selector, _ in .uint64(UInt64(try indexes(receiver, selector).count)) },
      MethodEntry("firstIndex", "Q16@0:8") { receiver, selector, _ in
        .uint64(UInt64(try indexes(receiver, selector).first ?? OrderedCollectionMethods.notFound))
      },
      MethodEntry("lastIndex", "Q16@0:8") { receiver, selector, _ in
        .uint64(UInt64(try indexes(receiver, selector).last ?? OrderedCollectionMethods.notFound))
      },
      MethodEntry("containsIndex:", "B24@0:8Q16") { receiver, selector, arguments in
        .bool(try indexes(receiver, selector).contains(try Message.index(arguments[0], receiver, selector)))
      },
      MethodEntry("containsIndexes:", "B24@0:8@16") { receiver, selector, arguments in
        let mine = try indexes(receiver, selector)
        return .bool(mine.isSuperset(of: try Message.indexes(arguments[0], receiver, selector)))
      },
      neighbour("indexGreaterThanIndex:") { $0.index(after: $1) },
      neighbour("indexGreaterThanOrEqualToIndex:") { $1 == Int.max ? nil : $0.index(after: $1 - 1) },
      neighbour("indexLessThanIndex:") { $0.index(before: $1) },
      neighbour("indexLessThanOrEqualToIndex:") { $1 == Int.max ? $0.last : $0.index(before: $1 + 1) },
      inRange("countOfIndexesInRange:", "Q32@0:8{_NSRange=QQ}16") { indexes, asked in
        .uint64(UInt64(asked.held.map(indexes.count(in:)) ?? 0))
      },
      inRange("containsIndexesInRange:", "B32@0:8{_NSRange=QQ}16") { indexes, asked in
        .bool(asked.isWhole && (asked.held.map(indexes.contains(integersIn:)) ?? false))
      },
      inRange("intersectsIndexesInRange:", "B32@0:8{_NSRange=QQ}16") { indexes, asked in
        .bool(asked.held.map { !indexes.ranges(in: $0).isEmpty } ?? false)
      },
      MethodEntry("isEqual:", "B24@0:8@16", isEqualToIndexSet),
      MethodEntry("isEqualToIndexSet:", "B24@0:8@16", isEqualToIndexSet),
      MethodEntry("hash", "Q16@0:8") { receiver, selector, _ in .uint64(UInt64(try indexes(receiver, selector).count)) },
      MethodEntry("description", "@16@0:8") { receiver, _, _ in .string(try Describing.text(of: .object(receiver))) },
      MethodEntry("init", "@16@0:8") { receiver, _, _ in .object(receiver) },
      initWithIndex,
      initializer("initWithIndexesInRange:", "@32@0:8{_NSRange=QQ}16") { receiver, selector, argument in
        Indexes(runs: try editedRange(argument, receiver, selector).map { [$0] } ?? [])
      },
      getIndexes,
      initializer("initWithIndexSet:", "@24@0:8@16") { receiver, selector, argument in
        try Message.indexes(argument, receiver, selector)
      },
    ],
    classSide: [
      CollectionLifecycle.alloc(.indexSet),
      CollectionLifecycle.convenience("indexSet", "@16@0:8", "init"),
      CollectionLifecycle.convenience("indexSetWithIndex:", "@24@0:8Q16", "initWithIndex:"),
      CollectionLifecycle.convenience("indexSetWithIndexesInRange:", "@32@0:8{_NSRange=QQ}16", "initWithIndexesInRange:"),
    ])

  /// The indexes of an index set object, or the abstract-class error.
  static func indexes(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> Indexes {
    try storage(receiver, selector).value
  }

  static func storage(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> IndexSetStorage {
    guard let storage = receiver.bridgedStorage as? IndexSetStorage else { throw Message.abstract(receiver, selector, "NSIndexSet") }
    return storage
  }

  /// `-indexGreaterThanIndex:` and its kin: the index `find` picks, or NSNotFound.
  private static func neighbour(_ name: Selector, _ find: @escaping @Sendable (Indexes, Int) -> Int?) -> MethodEntry {
    MethodEntry(name, "Q24@0:8Q16") { receiver, selector, arguments in
      let index = try Message.index(arguments[0], receiver, selector)
      return .uint64(UInt64(find(try indexes(receiver, selector), index) ?? OrderedCollectionMethods.notFound))
    }
  }

  /// A question about the indexes in an `NSRange` argument, asked of the part a set can hold.
  private static func inRange(
    _ name: Selector, _ types: String, _ answer: @escaping @Sendable (Indexes, AskedRange) -> Value
  ) -> MethodEntry {
    MethodEntry(name, types) { receiver, selector, arguments in
      answer(try indexes(receiver, selector), try askedRange(arguments[0], receiver, selector))
    }
  }

  /// The indexes of an `NSRange` argument a question is about: `held` is the part a set can hold
  /// (up to `NSNotFound - 1`; nil when the range is empty or starts past it), `isWhole` whether
  /// that is all of the range.
  typealias AskedRange = (held: ClosedRange<Int>?, isWhole: Bool)

  /// The `AskedRange` of an `NSRange` argument. A range reaching past `NSNotFound - 1`, or past
  /// `NSUIntegerMax` (`{5, NSUIntegerMax}`, where C's sum wraps), asks about indexes no set
  /// holds: nothing raises, as nothing is added (docs/foundation.md#index-sets says why).
  static func askedRange(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> AskedRange {
    let (location, length) = try bounds(value, receiver, selector)
    guard length > 0 else { return (nil, true) }
    let end = location.addingReportingOverflow(length)
    let last = end.overflow ? UInt64.max : end.partialValue - 1
    let largest = UInt64(Int.max - 1)
    guard location <= largest else { return (nil, false) }
    return (Int(location)...Int(min(last, largest)), last <= largest)
  }

  /// `-initWithIndex:`: the receiver holding that one index; sent to a plain `NSIndexSet` (what
  /// `+[NSIndexSet alloc]` gives), a new `_NSCachedIndexSet` instead, as Foundation's answers
  /// (`+indexSetWithIndex:` prints `<_NSCachedIndexSet: 0x…>[number of indexes: 1 (in 1 ranges),
  /// indexes: (3)]`). A mutable set or another subclass keeps its class.
  private static let initWithIndex = MethodEntry("initWithIndex:", "@24@0:8Q16") { receiver, selector, arguments in
    let added = try editedRange(index: arguments[0], receiver, selector, reportedAs: "initWithIndexesInRange:")
    let indexes = Indexes(runs: added.map { [$0] } ?? [])
    if let classes = FoundationClasses.installed(for: receiver), receiver.isa === classes.indexSet {
      return .object(try classes.cachedIndexSet.createInstance(bridgedStorage: IndexSetStorage.indexSet(indexes)))
    }
    try storage(receiver, selector).update { $0 = indexes }
    return .object(receiver)
  }

  /// An initializer that sets the receiver's indexes to what `read` makes of its argument.
  private static func initializer(
    _ name: Selector, _ types: String, _ read: @escaping @Sendable (Object, Selector, Value) throws -> Indexes
  ) -> MethodEntry {
    MethodEntry(name, types) { receiver, selector, arguments in
      let indexes = try read(receiver, selector, arguments[0])
      try storage(receiver, selector).update { $0 = indexes }
      return .object(receiver)
    }
  }

  /// The indexes an `NSRange` argument adds or removes, nil for an empty range.
  ///
  /// - Throws: `NSRangeException` for a range reaching past `NSNotFound - 1`, the largest index:
  ///   `*** -[NSMutableIndexSet addIndexesInRange:]: Range {9223372036854775806, 2} exceeds
  ///   maximum index value of NSNotFound - 1`.
  static func editedRange(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> ClosedRange<Int>? {
    let (location, length) = try bounds(value, receiver, selector)
    return try added(location: location, length: length, receiver, selector)
  }

  /// The location and length of an `NSRange` argument, as C's `NSUInteger`s.
  private static func bounds(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> (UInt64, UInt64) {
    guard let structure = value.structureValue, structure.name == "_NSRange", structure.fields.count == 2,
      let location = unsigned(structure.fields[0]), let length = unsigned(structure.fields[1])
    else {
      throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(value) is not an NSRange")
    }
    return (location, length)
  }

  /// The index an `NSUInteger` argument adds or removes, as `-addIndex:`, `-removeIndex:` and
  /// `-initWithIndex:` take it: the range of that one index, checked as the range message
  /// `rangeSelector` checks it (and named after it in the error, as Foundation's is).
  static func editedRange(
    index value: Value, _ receiver: Object, _ selector: Selector, reportedAs rangeSelector: Selector
  ) throws(FoundationError) -> ClosedRange<Int>? {
    _ = try Message.index(value, receiver, selector)  // raises: no number
    return try added(location: unsigned(value.bridged) ?? 0, length: 1, receiver, rangeSelector)
  }

  private static func added(location: UInt64, length: UInt64, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> ClosedRange<Int>? {
    let end = location.addingReportingOverflow(length)
    guard !end.overflow, end.partialValue <= UInt64(Int.max) else {
      throw FoundationError(
        .indexOutOfBounds,
        "*** \(Message.name(receiver, selector)): Range {\(location), \(length)} exceeds maximum index value of NSNotFound - 1")
    }
    return length == 0 ? nil : Int(location)...(Int(end.partialValue) - 1)
  }

  /// A number as C's `NSUInteger` sees it (-1 is 18446744073709551615).
  private static func unsigned(_ value: Value) -> UInt64? {
    if case .uint64(let unsigned) = value.bridged { return unsigned }
    return value.bridged.intValue.map { UInt64(bitPattern: Int64($0)) }
  }

  /// `-getIndexes:maxCount:inIndexRange:`: up to `maxCount` indexes inside the range (every index
  /// for a NULL range pointer) written to the `NSUInteger` C array, their number returned; when
  /// some were written the range then starts past the last one, so a loop of calls walks the set.
  private static let getIndexes = MethodEntry("getIndexes:maxCount:inIndexRange:", "Q40@0:8^Q16Q24^{_NSRange=QQ}32") {
    receiver, selector, arguments in
    let indexes = try indexes(receiver, selector)
    let maximum = try Message.index(arguments[1], receiver, selector)
    let name = Message.name(receiver, selector)
    let rangePointer = arguments[2].isNil ? nil : arguments[2].swiftObject(as: VariablePointer.self)
    if !arguments[2].isNil, rangePointer == nil {
      throw FoundationError(.invalidArgument, "*** \(name): \(arguments[2]) is not a pointer to an NSRange")
    }
    let bounds = try rangePointer.map { pointer throws(FoundationError) in try Message.range(pointer.pointee, receiver, selector) }
    var found: [Value] = []
    for run in bounds.map(indexes.ranges(in:)) ?? indexes.ranges[...] where found.count < maximum {
      for index in run.prefix(maximum - found.count) { found.append(.uint64(UInt64(index))) }
    }
    try CArrayArgument.fill(arguments[0], with: found, name)
    if let rangePointer, let bounds, case .uint64(let last)? = found.last {
      rangePointer.pointee = .range(Int(last) + 1..<bounds.upperBound)
    }
    return .uint64(UInt64(found.count))
  }

  private static let isEqualToIndexSet: ImplementationBody = { receiver, selector, arguments in
    .bool(arguments[0].indexesValue == (try indexes(receiver, selector)))
  }
}

enum NSMutableIndexSetMethods {
  static let all = ClassMethods(instance: [
    edit("addIndex:", "v24@0:8Q16") { receiver, selector, argument in
      let added = try NSIndexSetMethods.editedRange(index: argument, receiver, selector, reportedAs: "addIndexesInRange:")
      return { indexes in if let added { indexes.insert(contentsOf: added) } }
    },
    edit("removeIndex:", "v24@0:8Q16") { receiver, selector, argument in
      let removed = try NSIndexSetMethods.editedRange(index: argument, receiver, selector, reportedAs: "removeIndexesInRange:")
      return { indexes in if let removed { indexes.remove(contentsOf: removed) } }
    },
    edit("addIndexes:", "v24@0:8@16") { receiver, selector, argument in
      let added = try Message.indexes(argument, receiver, selector)
      return { $0.formUnion(added) }
    },
    edit("removeIndexes:", "v24@0:8@16") { receiver, selector, argument in
      let removed = try Message.indexes(argument, receiver, selector)
      return { $0.subtract(removed) }
    },
    edit("addIndexesInRange:", "v32@0:8{_NSRange=QQ}16") { receiver, selector, argument in
      let added = try NSIndexSetMethods.editedRange(argument, receiver, selector)
      return { indexes in if let added { indexes.insert(contentsOf: added) } }
    },
    edit("removeIndexesInRange:", "v32@0:8{_NSRange=QQ}16") { receiver, selector, argument in
      let removed = try NSIndexSetMethods.editedRange(argument, receiver, selector)
      return { indexes in if let removed { indexes.remove(contentsOf: removed) } }
    },
    MethodEntry("shiftIndexesStartingAtIndex:by:", "v32@0:8Q16q24") { receiver, selector, arguments in
      // Indexes from `start` on move by `delta`; moving down, those they land on are removed, and
      // so is what would fall below 0 or (moving up) past NSNotFound - 1.
      let start = try Message.index(arguments[0], receiver, selector)
      guard let delta = arguments[1].bridged.intValue else {
        throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(arguments[1]) is not an NSInteger")
      }
      try NSIndexSetMethods.storage(receiver, selector).update { $0.shift(startingAt: start, by: delta, highest: Int.max - 1) }
      return .nil
    },
    MethodEntry("removeAllIndexes", "v16@0:8") { receiver, selector, _ in
      try NSIndexSetMethods.storage(receiver, selector).update { $0 = [] }
      return .nil
    },
  ])

  /// An editing message: `read` checks the argument and returns the edit, which then runs
  /// under the storage's lock (so two threads' edits never overwrite each other).
  private static func edit(
    _ name: Selector, _ types: String,
    _ read: @escaping @Sendable (Object, Selector, Value) throws -> (inout Indexes) -> Void
  ) -> MethodEntry {
    MethodEntry(name, types) { receiver, selector, arguments in
      let change = try read(receiver, selector, arguments[0])
      try NSIndexSetMethods.storage(receiver, selector).update(change)
      return .nil
    }
  }
}
