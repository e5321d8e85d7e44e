// NSOrderedSet.swift: NSOrderedSet and NSMutableOrderedSet.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSOrderedSetTests.swift.
//
// An ordered set has an array's primitives (OrderedCollectionMethods.swift) and a set's
// membership: inserting an object it already holds does nothing. Its set operations
// (`unionOrderedSet:`, `minusSet:`, `intersectSet:` …) are written with the primitives, so
// each added object is appended and each removed one removed at its index.

enum NSOrderedSetMethods {
  static let all = ClassMethods(
    instance: OrderedCollectionMethods.reading("NSOrderedSet") + OrderedCollectionMethods.blockReading
      + CollectionLifecycle.copying(.orderedSet) { OrderedSetStorage.orderedSet(OrderedElements(try Ordered.elements(of: $0))) } + [
        MethodEntry("init", "@16@0:8") { receiver, _, _ in .object(receiver) },
        NilTerminatedList.initializer,
        CollectionBuffers.initializer(placeholder: "__NSPlaceholderOrderedSet"), CollectionBuffers.getObjectsInRange,
        Sorting.descriptionWithLocale, Sorting.descriptionWithLocaleIndent,
        Sorting.sortedArrayUsingDescriptors,
        MethodEntry("initWithArray:", "@24@0:8@16") { receiver, selector, arguments in
          let elements = try MessageEquality.distinct(try Message.array(arguments[0], receiver, selector).map(Message.element))
          guard let store = OrderedStore(receiver) else { throw Message.abstract(receiver, selector, "NSOrderedSet") }
          store.setElements(elements)
          return .object(receiver)
        },
        MethodEntry("set", "@16@0:8") { receiver, _, _ in try OrderedSetViewMethods.make(.set, of: receiver) },  // live
        MethodEntry("isEqual:", "B24@0:8@16", isEqualToOrderedSet),
        MethodEntry("isEqualToOrderedSet:", "B24@0:8@16", isEqualToOrderedSet),
        MethodEntry("intersectsSet:", "B24@0:8@16") { receiver, selector, arguments in
          let other = try Message.set(arguments[0], receiver, selector)
          return .bool(try Ordered.elements(of: receiver).contains { try MessageEquality.member(of: $0, in: other) != nil })
        },
        MethodEntry("isSubsetOfSet:", "B24@0:8@16") { receiver, selector, arguments in
          let other = try Message.set(arguments[0], receiver, selector)
          return .bool(try Ordered.elements(of: receiver).allSatisfy { try MessageEquality.member(of: $0, in: other) != nil })
        },
        MethodEntry("isSubsetOfOrderedSet:", "B24@0:8@16") { receiver, selector, arguments in
          let other = Set(try Message.array(arguments[0], receiver, selector))
          return .bool(try Ordered.elements(of: receiver).allSatisfy { try MessageEquality.member(of: $0, in: other) != nil })
        },
        MethodEntry("description", "@16@0:8") { receiver, _, _ in
          .string(try Describing.unordered(try Ordered.elements(of: receiver), sorted: false, indent: 0))
        },
      ],
    classSide: [
      CollectionLifecycle.alloc(.orderedSet),
      CollectionLifecycle.convenience("orderedSet", "@16@0:8", "init"),
      CollectionLifecycle.convenience("orderedSetWithArray:", "@24@0:8@16", "initWithArray:"),
      NilTerminatedList.factory("orderedSetWithObjects:"),
      CollectionBuffers.factory("orderedSetWithObjects:count:"),
    ])

  /// `-isEqualToOrderedSet:`: the same objects in the same order (an array is never equal).
  private static let isEqualToOrderedSet: ImplementationBody = { receiver, _, arguments in
    guard case .object(let other) = arguments[0], let classes = try? FoundationClasses.of(receiver),
      other.isa.isSubclass(of: classes.orderedSet)
    else { return false }
    let mine = try Ordered.elements(of: receiver)
    let theirs = try Ordered.elements(of: other)
    return .bool(try mine.count == theirs.count && zip(mine, theirs).allSatisfy { try MessageEquality.isEqual($0, $1) })
  }
}

enum NSMutableOrderedSetMethods {
  static let all = ClassMethods(
    instance: OrderedCollectionMethods.editing("NSMutableOrderedSet") + OrderedCollectionMethods.orderedSetSortingByComparator
      + NSMutableArrayMethods.bulkRemoval + [
      Sorting.orderedSetSortUsingDescriptors,
      CollectionBuffers.orderedSetAddObjectsCount, CollectionBuffers.orderedSetReplaceObjectsInRange,
      MethodEntry("unionOrderedSet:", "v24@0:8@16") { receiver, selector, arguments in
        try add(try Message.array(arguments[0], receiver, selector), to: receiver)
      },
      MethodEntry("unionSet:", "v24@0:8@16") { receiver, selector, arguments in
        try add(Array(try Message.set(arguments[0], receiver, selector)), to: receiver)
      },
      MethodEntry("minusOrderedSet:", "v24@0:8@16") { receiver, selector, arguments in
        let other = Set(try Message.array(arguments[0], receiver, selector))
        return try remove(receiver) { try MessageEquality.member(of: $0, in: other) != nil }
      },
      MethodEntry("minusSet:", "v24@0:8@16") { receiver, selector, arguments in
        let other = try Message.set(arguments[0], receiver, selector)
        return try remove(receiver) { try MessageEquality.member(of: $0, in: other) != nil }
      },
      MethodEntry("intersectOrderedSet:", "v24@0:8@16") { receiver, selector, arguments in
        let other = Set(try Message.array(arguments[0], receiver, selector))
        return try remove(receiver) { try MessageEquality.member(of: $0, in: other) == nil }
      },
      MethodEntry("intersectSet:", "v24@0:8@16") { receiver, selector, arguments in
        let other = try Message.set(arguments[0], receiver, selector)
        return try remove(receiver) { try MessageEquality.member(of: $0, in: other) == nil }
      },
      MethodEntry("setObject:atIndex:", "v32@0:8@16Q24") { receiver, _, arguments in
        try Runtime.msgSend(receiver, "setObject:atIndexedSubscript:", arguments[0], arguments[1])
      },
    ])

  /// Appends each object the ordered set does not hold yet.
  private static func add(_ elements: [Value], to receiver: Object) throws -> Value {
    for element in elements where !(try Ordered.elements(of: receiver).contains(element)) {
      try Runtime.msgSend(receiver, "addObject:", element)
    }
    return .nil
  }

  /// Removes every object for which `doomed` is true, from the last index down.
  private static func remove(_ receiver: Object, where doomed: (Value) throws -> Bool) throws -> Value {
    let elements = try Ordered.elements(of: receiver)
    for index in elements.indices.reversed() where try doomed(elements[index]) {
      try Runtime.msgSend(receiver, "removeObjectAtIndex:", .int(index))
    }
    return .nil
  }
}
