// NSSet.swift: NSSet and NSMutableSet.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSSetTests.swift.
//
// Primitives: `count`, `member:`, `allObjects` (Foundation's is `objectEnumerator`), and for the
// mutable class `addObject:` and `removeObject:`; the rest is written with them, so a subclass
// that defines the primitives (the KVC set proxy) gets every set operation.

enum NSSetMethods {
  static let all = ClassMethods(
    instance: UnorderedBlockMethods.set + CollectionLifecycle.copying(.set) { SetStorage.set(try Unordered.elements(of: $0)) } + [
      Sorting.descriptionWithLocale, Sorting.descriptionWithLocaleIndent,
      Sorting.setSortedArrayUsingDescriptors,
      MethodEntry("count", "Q16@0:8") { receiver, selector, _ in .uint64(UInt64(try storage(receiver, selector).value.count)) },
      MethodEntry("member:", "@24@0:8@16") { receiver, selector, arguments in
        try MessageEquality.member(of: arguments[0], in: try storage(receiver, selector).value) ?? .nil
      },
      MethodEntry("allObjects", "@16@0:8") { receiver, selector, _ in .array(Array(try storage(receiver, selector).value)) },
      MethodEntry("containsObject:", "B24@0:8@16") { receiver, _, arguments in
        .bool(!(try Runtime.msgSend(receiver, "member:", arguments[0])).isNil)
      },
      MethodEntry("anyObject", "@16@0:8") { receiver, _, _ in try Unordered.elements(of: receiver).first ?? .nil },
      NSEnumeratorMethods.objectEnumerator { Array(try Unordered.elements(of: $0)) },
      MethodEntry("init", "@16@0:8") { receiver, _, _ in .object(receiver) },
      NilTerminatedList.initializer,
      CollectionBuffers.initializer(placeholder: "__NSPlaceholderSet"),
      MethodEntry("initWithArray:", "@24@0:8@16") { receiver, selector, arguments in
        let elements = try Message.array(arguments[0], receiver, selector).map(Message.element)
        try storage(receiver, selector).replaceContents(with: Set(try MessageEquality.distinct(elements)))
        return .object(receiver)
      },
      MethodEntry("initWithSet:", "@24@0:8@16") { receiver, selector, arguments in
        let elements = try Message.set(arguments[0], receiver, selector)
        try storage(receiver, selector).replaceContents(with: Set(try MessageEquality.distinct(elements.map(Message.element))))
        return .object(receiver)
      },
      MethodEntry("isEqual:", "B24@0:8@16", isEqualToSet),
      MethodEntry("isEqualToSet:", "B24@0:8@16", isEqualToSet),
      MethodEntry("isSubsetOfSet:", "B24@0:8@16") { receiver, selector, arguments in
        let other = try Message.set(arguments[0], receiver, selector)
        return .bool(try Unordered.elements(of: receiver).allSatisfy { try MessageEquality.member(of: $0, in: other) != nil })
      },
      MethodEntry("intersectsSet:", "B24@0:8@16") { receiver, selector, arguments in
        let other = try Message.set(arguments[0], receiver, selector)
        return .bool(try Unordered.elements(of: receiver).contains { try MessageEquality.member(of: $0, in: other) != nil })
      },
      MethodEntry("setByAddingObject:", "@24@0:8@16") { receiver, selector, arguments in
        .set(try union(receiver, [try Message.object(arguments[0], receiver, selector)]))
      },
      MethodEntry("setByAddingObjectsFromSet:", "@24@0:8@16") { receiver, selector, arguments in
        .set(try union(receiver, Array(try Message.set(arguments[0], receiver, selector))))
      },
      MethodEntry("setByAddingObjectsFromArray:", "@24@0:8@16") { receiver, selector, arguments in
        .set(try union(receiver, try Message.array(arguments[0], receiver, selector)))
      },
      MethodEntry("hash", "Q16@0:8") { receiver, _, _ in .uint64(UInt64(try Unordered.elements(of: receiver).count)) },
      MethodEntry("description", "@16@0:8") { receiver, _, _ in
        .string(try Describing.text(of: .set(try Unordered.elements(of: receiver))))
      },
    ],
    classSide: [
      CollectionLifecycle.alloc(.set),
      CollectionLifecycle.convenience("set", "@16@0:8", "init"),
      CollectionLifecycle.convenience("setWithArray:", "@24@0:8@16", "initWithArray:"),
      CollectionLifecycle.convenience("setWithSet:", "@24@0:8@16", "initWithSet:"),
      CollectionLifecycle.withObject("setWithObject:"),
      NilTerminatedList.factory("setWithObjects:"),
      CollectionBuffers.factory("setWithObjects:count:"),
    ])

  /// The storage of a set, or the abstract-class error for a subclass's instance.
  static func storage(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> SetStorage {
    guard let storage = receiver.bridgedStorage as? SetStorage else { throw Message.abstract(receiver, selector, "NSSet") }
    return storage
  }

  /// `-isEqualToSet:`: the same members (never equal to something that is not a set).
  private static let isEqualToSet: ImplementationBody = { receiver, _, arguments in
    let other: Set<Value>?
    if let elements = arguments[0].setElements {
      other = elements
    } else if case .object(let object) = arguments[0], object.bridgedStorage == nil,
      let classes = try? FoundationClasses.of(receiver), object.isa.isSubclass(of: classes.set)
    {
      other = try Unordered.elements(of: object)
    } else {
      other = nil
    }
    guard let other else { return false }
    let mine = try Unordered.elements(of: receiver)
    return .bool(try mine.count == other.count && mine.allSatisfy { try MessageEquality.member(of: $0, in: other) != nil })
  }

  /// The receiver's members and then those of `added` that none of them equals.
  private static func union(_ receiver: Object, _ added: [Value]) throws -> Set<Value> {
    Set(try MessageEquality.distinct(Array(try Unordered.elements(of: receiver)) + added))
  }
}

enum NSMutableSetMethods {
  static let all = ClassMethods(instance: [
    MethodEntry("addObject:", "v24@0:8@16") { receiver, selector, arguments in
      let element = try Message.object(arguments[0], receiver, selector)
      let storage = try NSSetMethods.storage(receiver, selector)
      guard try MessageEquality.member(of: element, in: storage.value) == nil else { return .nil }  // the member stays, not retained
      try? Runtime.retainForStore(element)  // call-out: a `retain` override, no lock held
      if !storage.update({ $0.insert(element).inserted }) { Runtime.releaseForStore(element) }
      return .nil
    },
    MethodEntry("removeObject:", "v24@0:8@16") { receiver, selector, arguments in
      let storage = try NSSetMethods.storage(receiver, selector)
      guard let element = try MessageEquality.member(of: arguments[0], in: storage.value) else { return .nil }  // absent: no mutation
      let removed = storage.updateIfChanged { $0.remove(element) }
      if let removed { Runtime.releaseForStore(removed) }  // after unlocking: may run user code
      return .nil
    },
    MethodEntry("addObjectsFromArray:", "v24@0:8@16") { receiver, selector, arguments in
      try add(try Message.array(arguments[0], receiver, selector), to: receiver)
    },
    MethodEntry("unionSet:", "v24@0:8@16") { receiver, selector, arguments in
      try add(Array(try Message.set(arguments[0], receiver, selector)), to: receiver)
    },
    MethodEntry("minusSet:", "v24@0:8@16") { receiver, selector, arguments in
      let other = try Message.set(arguments[0], receiver, selector)
      return try remove(from: receiver) { try MessageEquality.member(of: $0, in: other) != nil }
    },
    MethodEntry("intersectSet:", "v24@0:8@16") { receiver, selector, arguments in
      let other = try Message.set(arguments[0], receiver, selector)
      return try remove(from: receiver) { try MessageEquality.member(of: $0, in: other) == nil }
    },
    MethodEntry("setSet:", "v24@0:8@16") { receiver, selector, arguments in
      let other = try Message.set(arguments[0], receiver, selector)
      try Runtime.msgSend(receiver, "removeAllObjects")
      return try add(Array(other), to: receiver)
    },
    MethodEntry("removeAllObjects", "v16@0:8") { receiver, _, _ in try remove(from: receiver) { _ in true } },
  ])

  private static func add(_ elements: [Value], to receiver: Object) throws -> Value {
    for element in elements { try Runtime.msgSend(receiver, "addObject:", element) }
    return .nil
  }

  private static func remove(from receiver: Object, where doomed: (Value) throws -> Bool) throws -> Value {
    for element in try Unordered.elements(of: receiver) where try doomed(element) {
      try Runtime.msgSend(receiver, "removeObject:", element)
    }
    return .nil
  }
}
