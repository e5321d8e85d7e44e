// NSArray.swift: NSArray and NSMutableArray.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSArrayTests.swift.
//
// The primitives and the methods NSArray shares with NSOrderedSet are in
// OrderedCollectionMethods.swift; these are the array's own. An immutable array refuses every
// editing message as Foundation's does: it does not implement them, so the send fails with
// "unrecognized selector" (`NSInvalidArgumentException`).

enum NSArrayMethods {
  static let all = ClassMethods(
    instance: OrderedCollectionMethods.reading("NSArray") + OrderedCollectionMethods.blockReading + CollectionLifecycle.copying(.array) { ArrayStorage.array(try Ordered.elements(of: $0)) } + [
      Sorting.sortedArrayUsingSelector,
      Sorting.sortedArrayUsingDescriptors,
      NSStringPaths.pathsMatchingExtensions,
      Sorting.descriptionWithLocale, Sorting.descriptionWithLocaleIndent,
      MethodEntry("init", "@16@0:8") { receiver, _, _ in .object(receiver) },
      NilTerminatedList.initializer,
      CollectionBuffers.initializer(placeholder: "__NSPlaceholderArray"),
      CollectionBuffers.getObjectsInRange, CollectionBuffers.getObjects,
      MethodEntry("description", "@16@0:8") { receiver, _, _ in
        .string(try Describing.text(of: .array(try Ordered.elements(of: receiver))))
      },
      MethodEntry("initWithArray:", "@24@0:8@16") { receiver, selector, arguments in
        let elements = try Message.array(arguments[0], receiver, selector).map(Message.element)
        guard let store = OrderedStore(receiver) else { throw Message.abstract(receiver, selector, "NSArray") }
        store.setElements(elements)
        return .object(receiver)
      },
      MethodEntry("isEqual:", "B24@0:8@16", isEqualToArray),
      MethodEntry("isEqualToArray:", "B24@0:8@16", isEqualToArray),
      MethodEntry("subarrayWithRange:", "@32@0:8{_NSRange=QQ}16") { receiver, selector, arguments in
        let elements = try Ordered.elements(of: receiver)
        let range = try CollectionConveniences.checked(
          try Message.range(arguments[0], receiver, selector), count: elements.count, receiver, selector)
        return .array(Array(elements[range]))
      },
      MethodEntry("arrayByAddingObject:", "@24@0:8@16") { receiver, selector, arguments in
        .array(try Ordered.elements(of: receiver) + [try Message.object(arguments[0], receiver, selector)])
      },
      MethodEntry("arrayByAddingObjectsFromArray:", "@24@0:8@16") { receiver, selector, arguments in
        .array(try Ordered.elements(of: receiver) + (try Message.array(arguments[0], receiver, selector)))
      },
      MethodEntry("componentsJoinedByString:", "@24@0:8@16") { receiver, _, arguments in
        // Each element's description, a string's its own units (a lone surrogate kept).
        let separator = NSStringMethods.text(of: arguments[0]) ?? .string("")
        let pieces = try Ordered.elements(of: receiver).map { try NSStringMethods.text(of: $0) ?? .string(try Describing.text(of: $0)) }
        let strings = pieces.compactMap(\.string)
        if let separator = separator.string, strings.count == pieces.count { return .string(strings.joined(separator: separator)) }
        return try NSStringMethods.result(StringText(units: Array(pieces.map(\.utf16).joined(separator: separator.utf16))), receiver)
      },
    ],
    classSide: [
      CollectionLifecycle.alloc(.array),
      CollectionLifecycle.convenience("array", "@16@0:8", "init"),
      CollectionLifecycle.convenience("arrayWithArray:", "@24@0:8@16", "initWithArray:"),
      CollectionLifecycle.withObject("arrayWithObject:"),
      NilTerminatedList.factory("arrayWithObjects:"),
      CollectionBuffers.factory("arrayWithObjects:count:"),
    ])

  /// `-isEqualToArray:` (and `-isEqual:`): the same elements in the same order, whatever the
  /// other array's class; never equal to something that is not an array.
  private static let isEqualToArray: ImplementationBody = { receiver, _, arguments in
    let other: [Value]?
    if let elements = arguments[0].arrayValue {
      other = elements
    } else if case .object(let object) = arguments[0], object.bridgedStorage == nil,
      let classes = try? FoundationClasses.of(receiver), object.isa.isSubclass(of: classes.array)
    {
      other = try Ordered.elements(of: object)  // a subclass of NSArray: through its primitives
    } else {
      other = nil
    }
    guard let other else { return false }
    let mine = try Ordered.elements(of: receiver)
    guard mine.count == other.count else { return false }
    return .bool(try zip(mine, other).allSatisfy { try MessageEquality.isEqual($0, $1) })  // [mine isEqual:theirs]
  }
}

enum NSMutableArrayMethods {
  static let all = ClassMethods(
    instance: OrderedCollectionMethods.editing("NSMutableArray") + OrderedCollectionMethods.arraySortingByComparator + bulkRemoval + [
      Sorting.sortUsingSelector, CollectionBuffers.arrayRemoveObjectsFromIndices,
      Sorting.sortUsingDescriptors,
      MethodEntry("removeLastObject", "v16@0:8") { receiver, selector, _ in
        let count = try OrderedCollectionMethods.count(receiver)
        guard count > 0 else {
          throw FoundationError(.indexOutOfBounds, "*** \(Message.name(receiver, selector)): index 0 beyond bounds for empty array")
        }
        return try Runtime.msgSend(receiver, "removeObjectAtIndex:", .int(count - 1))
      },
      MethodEntry("setArray:", "v24@0:8@16") { receiver, selector, arguments in
        let elements = try Message.array(arguments[0], receiver, selector)
        try Runtime.msgSend(receiver, "removeAllObjects")
        return try Runtime.msgSend(receiver, "addObjectsFromArray:", .array(elements))
      },
    ])

  /// `removeObjectsInArray:` and `removeObjectsInRange:`, through `removeObjectsAtIndexes:`;
  /// `NSMutableOrderedSet` declares them too.
  static let bulkRemoval: [MethodEntry] = [
    MethodEntry("removeObjectsInArray:", "v24@0:8@16") { receiver, selector, arguments in
      // Each doomed object removed as -removeObject: removes it: [doomed isEqual:element].
      let doomed = try Message.array(arguments[0], receiver, selector)
      let plain = Set(doomed)
      let ownEquality = doomed.filter(MessageEquality.comparesByMessage)
      let elements = try Ordered.elements(of: receiver)
      let indexes = Indexes(
        try elements.indices.filter { index in
          try plain.contains(elements[index]) || ownEquality.contains { try MessageEquality.isEqual($0, elements[index]) }
        })
      guard indexes.count > 0, let runtime = receiver.runtime else { return .nil }
      return try Runtime.msgSend(receiver, "removeObjectsAtIndexes:", .object(try runtime.indexSet(indexes)))
    },
    MethodEntry("removeObjectsInRange:", "v32@0:8{_NSRange=QQ}16") { receiver, selector, arguments in
      // Checked against the count first, an empty range too, with this message's own text.
      let range = try CollectionConveniences.checked(
        try Message.range(arguments[0], receiver, selector), count: try OrderedCollectionMethods.count(receiver), receiver, selector)
      guard !range.isEmpty, let runtime = receiver.runtime else { return .nil }
      return try Runtime.msgSend(receiver, "removeObjectsAtIndexes:", .object(try runtime.indexSet(Indexes(integersIn: range))))
    },
  ]
}
