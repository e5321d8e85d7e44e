// CollectionConveniences.swift: the everyday NSArray, NSDictionary, NSSet and NSOrderedSet
// messages (and their mutable kinds') written on their primitives: searching an array,
// enumerating backwards or by key, sending a message to every element, building a dictionary from
// two arrays, copying the items, moving objects in an ordered set, and the `...WithCapacity:`
// constructors.
//
// Docs: docs/foundation.md#collection-conveniences. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound8CollectionTests.swift.
//
// Stateless: each message reads the collection through its primitives (or its storage) and edits
// it through its editing primitives, so a subclass that defines those gets these too, and KVO's
// proxies see each edit. `makeObjectsPerformSelector:` sends user code, with no lock held.
// "Identical" compares object pointers; a bridged value (a Swift string or number not yet boxed)
// has no pointer, so it is identical to an equal value, as a constant string or a tagged number
// is on Apple.

enum CollectionConveniences {
  static let array: [MethodEntry] = [
    MethodEntry("indexOfObjectIdenticalTo:", "Q24@0:8@16") { receiver, _, arguments in
      .uint64(
        UInt64(
          try Ordered.elements(of: receiver).firstIndex { identical($0, arguments[0]) }
            ?? OrderedCollectionMethods.notFound))
    },
    MethodEntry("indexOfObject:inRange:", "Q40@0:8@16{_NSRange=QQ}24") { receiver, selector, arguments in
      let elements = try Ordered.elements(of: receiver)
      let range = try checked(
        try Message.range(arguments[1], receiver, selector), count: elements.count, receiver, selector)
      return .uint64(UInt64(try MessageEquality.index(of: arguments[0], in: elements, range: range) ?? OrderedCollectionMethods.notFound))
    },
    MethodEntry("indexOfObjectIdenticalTo:inRange:", "Q40@0:8@16{_NSRange=QQ}24") { receiver, selector, arguments in
      let elements = try Ordered.elements(of: receiver)
      let range = try checked(
        try Message.range(arguments[1], receiver, selector), count: elements.count, receiver, selector)
      return .uint64(UInt64(range.first { identical(elements[$0], arguments[0]) } ?? OrderedCollectionMethods.notFound))
    },
    MethodEntry("firstObjectCommonWithArray:", "@24@0:8@16") { receiver, selector, arguments in
      let others = try Message.array(arguments[0], receiver, selector)
      return try Ordered.elements(of: receiver).first { try MessageEquality.contains($0, in: others) } ?? .nil  // [other isEqual:mine]
    },
    NSEnumeratorMethods.objectEnumerator("reverseObjectEnumerator") { Array(try Ordered.elements(of: $0).reversed()) },
    performOnEach("makeObjectsPerformSelector:", "v24@0:8:16") { try Ordered.elements(of: $0) },
    performOnEach("makeObjectsPerformSelector:withObject:", "v32@0:8:16@24") { try Ordered.elements(of: $0) },
    MethodEntry("initWithArray:copyItems:", "@28@0:8@16B24") { receiver, selector, arguments in
      let elements = try Message.array(arguments[0], receiver, selector)
      return try withCopies(of: elements, if: arguments[1].boolValue == true) {
        try Runtime.msgSend(receiver, "initWithArray:", .array($0))
      }
    },
  ]

  static let orderedSet: [MethodEntry] = [
    MethodEntry("initWithOrderedSet:", "@24@0:8@16") { receiver, selector, arguments in
      let elements = try arguments[0].orderedSetElements ?? Message.array(arguments[0], receiver, selector)
      return try Runtime.msgSend(receiver, "initWithArray:", .array(elements))
    },
    MethodEntry("initWithSet:", "@24@0:8@16") { receiver, selector, arguments in
      let elements = Array(try Message.set(arguments[0], receiver, selector))
      return try Runtime.msgSend(receiver, "initWithArray:", .array(elements))
    },
    MethodEntry("reversedOrderedSet", "@16@0:8") { receiver, _, _ in
      let classes = try FoundationClasses.of(receiver)
      return try Runtime.msgSend(
        classes.orderedSet, "orderedSetWithArray:", .array(Array(try Ordered.elements(of: receiver).reversed())))
    },
    NSEnumeratorMethods.objectEnumerator("reverseObjectEnumerator") { Array(try Ordered.elements(of: $0).reversed()) },
    MethodEntry("intersectsOrderedSet:", "B24@0:8@16") { receiver, selector, arguments in
      let others = try arguments[0].orderedSetElements ?? Message.array(arguments[0], receiver, selector)
      return .bool(try Ordered.elements(of: receiver).contains(where: others.contains))
    },
  ]

  static let orderedSetClass: [MethodEntry] = [
    CollectionLifecycle.withObject("orderedSetWithObject:"),
    CollectionLifecycle.convenience("orderedSetWithOrderedSet:", "@24@0:8@16", "initWithOrderedSet:"),
    CollectionLifecycle.convenience("orderedSetWithSet:", "@24@0:8@16", "initWithSet:"),
  ]

  static let mutableOrderedSet: [MethodEntry] = [
    MethodEntry("initWithCapacity:", "@24@0:8Q16") { receiver, _, _ in try Runtime.msgSend(receiver, "init") },
    MethodEntry("moveObjectsAtIndexes:toIndex:", "v32@0:8@16Q24") { receiver, selector, arguments in
      // Removed, then inserted in their order at the index, as NSMutableOrderedSet documents.
      let indexes = try Message.indexes(arguments[0], receiver, selector)
      let destination = try Message.index(arguments[1], receiver, selector)
      let elements = try Ordered.elements(of: receiver)
      if let last = indexes.last { try Message.check(last, count: elements.count, receiver, selector) }
      guard destination <= elements.count - indexes.count else {
        throw Message.outOfBounds(argument: arguments[1], count: elements.count - indexes.count + 1, receiver, selector)
      }
      let moving = indexes.map { elements[$0] }
      try removeAt(Array(indexes), from: receiver)
      for (offset, element) in moving.enumerated() {
        try Runtime.msgSend(receiver, "insertObject:atIndex:", element, .int(destination + offset))
      }
      return .nil
    },
  ]

  static let mutableOrderedSetClass: [MethodEntry] = [
    CollectionLifecycle.convenience("orderedSetWithCapacity:", "@24@0:8Q16", "initWithCapacity:")
  ]

  static let mutableArray: [MethodEntry] = [
    MethodEntry("initWithCapacity:", "@24@0:8Q16") { receiver, _, _ in try Runtime.msgSend(receiver, "init") },
    MethodEntry("removeObjectIdenticalTo:", "v24@0:8@16") { receiver, _, arguments in
      let elements = try Ordered.elements(of: receiver)
      try removeAt(elements.indices.filter { identical(elements[$0], arguments[0]) }, from: receiver)
      return .nil
    },
    MethodEntry("removeObject:inRange:", "v40@0:8@16{_NSRange=QQ}24") { receiver, selector, arguments in
      let elements = try Ordered.elements(of: receiver)
      let range = try checked(
        try Message.range(arguments[1], receiver, selector), count: elements.count, receiver, selector)
      try removeAt(try MessageEquality.indexes(of: arguments[0], in: elements, range: range), from: receiver)
      return .nil
    },
    MethodEntry("removeObjectIdenticalTo:inRange:", "v40@0:8@16{_NSRange=QQ}24") { receiver, selector, arguments in
      let elements = try Ordered.elements(of: receiver)
      let range = try checked(
        try Message.range(arguments[1], receiver, selector), count: elements.count, receiver, selector)
      try removeAt(range.filter { identical(elements[$0], arguments[0]) }, from: receiver)
      return .nil
    },
    MethodEntry("replaceObjectsInRange:withObjectsFromArray:", "v40@0:8{_NSRange=QQ}16@32") {
      receiver, selector, arguments in
      try replace(receiver, selector, arguments[0], with: try Message.array(arguments[1], receiver, selector))
    },
    MethodEntry("replaceObjectsInRange:withObjectsFromArray:range:", "v56@0:8{_NSRange=QQ}16@32{_NSRange=QQ}40") {
      receiver, selector, arguments in
      let others = try Message.array(arguments[1], receiver, selector)
      let otherRange = try checked(
        try Message.range(arguments[2], receiver, selector), count: others.count, receiver, selector)
      return try replace(receiver, selector, arguments[0], with: Array(others[otherRange]))
    },
  ]

  /// Replaces the elements in the `NSRange` argument `range` with `replacements`, through
  /// `removeObjectAtIndex:` and `insertObject:atIndex:`; a range past the end raises first.
  private static func replace(_ receiver: Object, _ selector: Selector, _ range: Value, with replacements: [Value]) throws -> Value {
    let count = try OrderedCollectionMethods.count(receiver)
    let range = try checked(try Message.range(range, receiver, selector), count: count, receiver, selector)
    try removeAt(Array(range), from: receiver)
    for (offset, element) in replacements.enumerated() {
      try Runtime.msgSend(receiver, "insertObject:atIndex:", element, .int(range.lowerBound + offset))
    }
    return .nil
  }

  static let mutableArrayClass: [MethodEntry] = [
    CollectionLifecycle.convenience("arrayWithCapacity:", "@24@0:8Q16", "initWithCapacity:")
  ]

  static let dictionary: [MethodEntry] = [
    NSEnumeratorMethods.objectEnumerator("keyEnumerator") { try orderedEntries(of: $0).map(\.key) },
    NSEnumeratorMethods.objectEnumerator("objectEnumerator") { try orderedEntries(of: $0).map(\.value) },
    MethodEntry("objectsForKeys:notFoundMarker:", "@32@0:8@16@24") { receiver, selector, arguments in
      let keys = try Message.array(arguments[0], receiver, selector)
      let marker = try Message.object(arguments[1], receiver, selector, what: "marker")
      let entries = try NSDictionaryMethods.entries(of: receiver)
      return .array(keys.map { entries[$0] ?? marker })
    },
    MethodEntry("keysSortedByValueUsingSelector:", "@24@0:8:16") { receiver, selector, arguments in
      guard let comparison = arguments[0].selectorValue, !comparison.isNull else {
        throw FoundationError(
          .invalidArgument, "*** \(Message.name(receiver, selector)): \(arguments[0]) is not a comparison selector")
      }
      let sorted = try Sorting.mergeSorted(try orderedEntries(of: receiver)) {
        try Sorting.ascending($0.value, $1.value, comparison, receiver)
      }
      return .array(sorted.map(\.key))
    },
    MethodEntry("initWithDictionary:copyItems:", "@28@0:8@16B24") { receiver, selector, arguments in
      let entries = try NSDictionaryMethods.dictionary(arguments[0], receiver, selector)
      let keys = Array(entries.keys)
      return try withCopies(of: keys.map { entries[$0] ?? .nil }, if: arguments[1].boolValue == true) { values in
        try Runtime.msgSend(
          receiver, "initWithDictionary:", .dictionary(Dictionary(uniqueKeysWithValues: zip(keys, values))))
      }
    },
    MethodEntry("initWithObjects:forKeys:", "@32@0:8@16@24") { receiver, selector, arguments in
      let objects = try Message.array(arguments[0], receiver, selector)
      let keys = try Message.array(arguments[1], receiver, selector)
      guard objects.count == keys.count else {
        throw FoundationError(
          .invalidArgument,
          "*** \(Message.name(receiver, selector)): count of objects (\(objects.count)) differs from count of keys (\(keys.count))"
        )
      }
      guard let runtime = receiver.runtime else { return .object(receiver) }
      let entries = try runtime.mutableDictionary()
      for (object, key) in zip(objects, keys) { try Runtime.msgSend(entries, "setObject:forKey:", object, key) }
      return try Runtime.msgSend(receiver, "initWithDictionary:", .object(entries))
    },
  ]

  static let dictionaryClass: [MethodEntry] = [
    CollectionLifecycle.convenience("dictionaryWithObjects:forKeys:", "@32@0:8@16@24", "initWithObjects:forKeys:")
  ]

  static let mutableDictionary: [MethodEntry] = [
    MethodEntry("initWithCapacity:", "@24@0:8Q16") { receiver, _, _ in try Runtime.msgSend(receiver, "init") }
  ]

  static let mutableDictionaryClass: [MethodEntry] = [
    CollectionLifecycle.convenience("dictionaryWithCapacity:", "@24@0:8Q16", "initWithCapacity:")
  ]

  static let set: [MethodEntry] = [
    MethodEntry("initWithSet:copyItems:", "@28@0:8@16B24") { receiver, selector, arguments in
      let elements = Array(try Message.set(arguments[0], receiver, selector))
      return try withCopies(of: elements, if: arguments[1].boolValue == true) {
        try Runtime.msgSend(receiver, "initWithArray:", .array($0))
      }
    },
    performOnEach("makeObjectsPerformSelector:", "v24@0:8:16") { Array(try Unordered.elements(of: $0)) },
    performOnEach("makeObjectsPerformSelector:withObject:", "v32@0:8:16@24") { Array(try Unordered.elements(of: $0)) },
  ]

  static let mutableSet: [MethodEntry] = [
    MethodEntry("initWithCapacity:", "@24@0:8Q16") { receiver, _, _ in try Runtime.msgSend(receiver, "init") }
  ]

  static let mutableSetClass: [MethodEntry] = [
    CollectionLifecycle.convenience("setWithCapacity:", "@24@0:8Q16", "initWithCapacity:")
  ]

  /// Runs `body` with `elements`, or with a copy of each (`copyWithZone:` sent to each object,
  /// as `copyItems:YES` does); the copies are released once `body` has stored them, so the new
  /// collection owns them once.
  static func withCopies(of elements: [Value], if copying: Bool, _ body: ([Value]) throws -> Value) throws
    -> Value
  {
    guard copying else { return try body(elements) }
    var copies: [Value] = []
    defer { for copy in copies { if let object = copy.objectValue { try? Runtime.release(object) } } }
    for element in elements {
      copies.append(
        element.objectValue == nil ? element : try Runtime.msgSend(element.objectValue, "copyWithZone:", .nil))
    }
    return try body(copies)
  }

  /// Whether two elements are the same object (equal, for values that are not objects).
  static func identical(_ a: Value, _ b: Value) -> Bool {
    if case .object(let left) = a, case .object(let right) = b { return left === right }
    if case .object = a { return false }
    if case .object = b { return false }
    return a == b
  }

  /// The dictionary's entries in the order of `allKeys`.
  private static func orderedEntries(of receiver: Object) throws -> [(key: Value, value: Value)] {
    let entries = try NSDictionaryMethods.entries(of: receiver)
    return try Runtime.msgSend(receiver, "allKeys").arrayValue?.compactMap { key in entries[key].map { (key, $0) } }
      ?? []
  }

  /// `range`, or NSRangeException if it reaches past `count` elements.
  static func checked(_ range: Range<Int>, count: Int, _ receiver: Object, _ selector: Selector)
    throws(FoundationError) -> Range<Int>
  {
    guard range.upperBound <= count else {
      throw FoundationError(
        .indexOutOfBounds,
        "*** \(Message.name(receiver, selector)): range {\(range.lowerBound), \(range.count)} extends beyond bounds \(count == 0 ? "for empty array" : "[0 .. \(count - 1)]")"
      )
    }
    return range
  }

  /// Removes the elements at `indexes` (ascending) through `removeObjectAtIndex:`, last first.
  private static func removeAt(_ indexes: [Int], from receiver: Object) throws {
    for index in indexes.reversed() { try Runtime.msgSend(receiver, "removeObjectAtIndex:", .int(index)) }
  }

  /// `makeObjectsPerformSelector:` (and `withObject:`): the selector sent to each element.
  private static func performOnEach(
    _ name: Selector, _ types: String, _ elements: @escaping @Sendable (Object) throws -> [Value]
  ) -> MethodEntry {
    MethodEntry(name, types) { receiver, selector, arguments in
      guard let action = arguments[0].selectorValue, !action.isNull else {
        throw FoundationError(
          .invalidArgument, "*** \(Message.name(receiver, selector)): \(arguments[0]) is not a selector")
      }
      guard let runtime = receiver.runtime else { return .nil }
      for element in try elements(receiver) {
        try Runtime.msgSend(
          try runtime.object(bridging: element), action, arguments: Arguments(Array(arguments.values.dropFirst())))
      }
      return .nil
    }
  }
}
