// NSIndexSet.swift: NSIndexSet and NSMutableIndexSet, the indexes of to-many changes.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSIndexSetTests.swift.
//
// An index set object holds an `Indexes` value; it is equal to another index set with the same
// indexes. KVO hands one to observers as a change's `indexes` entry.

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
        return .bool(try Message.indexes(arguments[0], receiver, selector).allSatisfy(mine.contains))
      },
      neighbour("indexGreaterThanIndex:") { $0.index(after: $1) },
      neighbour("indexGreaterThanOrEqualToIndex:") { $1 == Int.max ? nil : $0.index(after: $1 - 1) },
      neighbour("indexLessThanIndex:") { $0.index(before: $1) },
      neighbour("indexLessThanOrEqualToIndex:") { $1 == Int.max ? $0.last : $0.index(before: $1 + 1) },
      inRange("countOfIndexesInRange:", "Q32@0:8{_NSRange=QQ}16") { indexes, range in
        .uint64(UInt64(indexes.filter(range.contains).count))
      },
      inRange("containsIndexesInRange:", "B32@0:8{_NSRange=QQ}16") { indexes, range in
        .bool(!range.isEmpty && indexes.filter(range.contains).count == range.count)
      },
      inRange("intersectsIndexesInRange:", "B32@0:8{_NSRange=QQ}16") { indexes, range in
        .bool(indexes.contains(where: range.contains))
      },
      MethodEntry("isEqual:", "B24@0:8@16", isEqualToIndexSet),
      MethodEntry("isEqualToIndexSet:", "B24@0:8@16", isEqualToIndexSet),
      MethodEntry("hash", "Q16@0:8") { receiver, selector, _ in .uint64(UInt64(try indexes(receiver, selector).count)) },
      MethodEntry("description", "@16@0:8") { receiver, _, _ in .string(try Describing.text(of: .object(receiver))) },
      MethodEntry("init", "@16@0:8") { receiver, _, _ in .object(receiver) },
      initializer("initWithIndex:", "@24@0:8Q16") { receiver, selector, argument in
        Indexes(integer: try Message.index(argument, receiver, selector))
      },
      initializer("initWithIndexesInRange:", "@32@0:8{_NSRange=QQ}16") { receiver, selector, argument in
        Indexes(integersIn: try Message.range(argument, receiver, selector))
      },
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

  /// A question about the indexes in an `NSRange` argument.
  private static func inRange(
    _ name: Selector, _ types: String, _ answer: @escaping @Sendable (Indexes, Range<Int>) -> Value
  ) -> MethodEntry {
    MethodEntry(name, types) { receiver, selector, arguments in
      answer(try indexes(receiver, selector), try Message.range(arguments[0], receiver, selector))
    }
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

  private static let isEqualToIndexSet: ImplementationBody = { receiver, selector, arguments in
    .bool(arguments[0].indexesValue == (try indexes(receiver, selector)))
  }
}

enum NSMutableIndexSetMethods {
  static let all = ClassMethods(instance: [
    edit("addIndex:", "v24@0:8Q16") { receiver, selector, argument in
      let index = try Message.index(argument, receiver, selector)
      return { $0.insert(index) }
    },
    edit("removeIndex:", "v24@0:8Q16") { receiver, selector, argument in
      let index = try Message.index(argument, receiver, selector)
      return { $0.remove(index) }
    },
    edit("addIndexes:", "v24@0:8@16") { receiver, selector, argument in
      let added = try Message.indexes(argument, receiver, selector)
      return { indexes in for index in added { indexes.insert(index) } }
    },
    edit("removeIndexes:", "v24@0:8@16") { receiver, selector, argument in
      let removed = try Message.indexes(argument, receiver, selector)
      return { indexes in for index in removed { indexes.remove(index) } }
    },
    edit("addIndexesInRange:", "v32@0:8{_NSRange=QQ}16") { receiver, selector, argument in
      let range = try Message.range(argument, receiver, selector)
      return { indexes in for index in range { indexes.insert(index) } }
    },
    edit("removeIndexesInRange:", "v32@0:8{_NSRange=QQ}16") { receiver, selector, argument in
      let range = try Message.range(argument, receiver, selector)
      return { indexes in for index in indexes.filter(range.contains) { indexes.remove(index) } }
    },
    MethodEntry("shiftIndexesStartingAtIndex:by:", "v32@0:8Q16q24") { receiver, selector, arguments in
      // Indexes from `start` on move by `delta`; moving down, those they land on are removed.
      let start = try Message.index(arguments[0], receiver, selector)
      guard let delta = arguments[1].bridged.intValue else {
        throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(arguments[1]) is not an NSInteger")
      }
      try NSIndexSetMethods.storage(receiver, selector).update { indexes in
        let kept = indexes.filter { $0 < start && !(delta < 0 && $0 >= start + delta) }
        let moved = indexes.filter { $0 >= start }.map { $0 + delta }.filter { $0 >= 0 }
        indexes = Indexes(kept + moved)
      }
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
