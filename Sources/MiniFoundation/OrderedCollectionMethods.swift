// OrderedCollectionMethods.swift: the messages NSArray and NSOrderedSet share.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSArrayTests.swift,
// NSOrderedSetTests.swift.
//
// As in Foundation, each class has a few primitive methods (`count`, `objectAtIndex:`, and for
// the mutable class `insertObject:atIndex:`, `removeObjectAtIndex:`,
// `replaceObjectAtIndex:withObject:`) that work on the object's storage, and raise "method only
// defined for abstract class" on an instance that has none (a subclass's, which must define them).
// Every other method is written with messages to those primitives, so a subclass that defines
// the primitives (a KVC proxy, a user's NSMutableArray subclass) gets the rest. Multi-index edits
// check every index before changing anything.

enum OrderedCollectionMethods {
  /// The read-only messages of `abstractClass` (`NSArray` or `NSOrderedSet`).
  static func reading(_ abstractClass: String) -> [MethodEntry] {
    [
      MethodEntry("count", "Q16@0:8") { receiver, selector, _ in
        guard let store = OrderedStore(receiver) else { throw Message.abstract(receiver, selector, abstractClass) }
        return .uint64(UInt64(store.elements.count))
      },
      MethodEntry("objectAtIndex:", "@24@0:8Q16") { receiver, selector, arguments in
        let index = try Message.index(arguments[0], receiver, selector)
        guard let store = OrderedStore(receiver) else { throw Message.abstract(receiver, selector, abstractClass) }
        switch store.element(at: index) {
        case .success(let element): return element
        case .failure(let failure): throw Message.outOfBounds(argument: arguments[0], count: failure.count, receiver, selector)
        }
      },
      MethodEntry("objectAtIndexedSubscript:", "@24@0:8Q16") { receiver, selector, arguments in
        // Foundation's concrete arrays answer it themselves, naming it in their range error; a
        // subclass gets it through its objectAtIndex:.
        guard let store = OrderedStore(receiver) else { return try Runtime.msgSend(receiver, "objectAtIndex:", arguments[0]) }
        switch store.element(at: try Message.index(arguments[0], receiver, selector)) {
        case .success(let element): return element
        case .failure(let failure): throw Message.outOfBounds(argument: arguments[0], count: failure.count, receiver, selector)
        }
      },
      MethodEntry("firstObject", "@16@0:8") { receiver, _, _ in try Ordered.elements(of: receiver).first ?? .nil },
      MethodEntry("lastObject", "@16@0:8") { receiver, _, _ in try Ordered.elements(of: receiver).last ?? .nil },
      MethodEntry("containsObject:", "B24@0:8@16") { receiver, _, arguments in
        if let members = members(of: receiver) { return .bool(try MessageEquality.member(of: arguments[0], in: members) != nil) }
        return .bool(try MessageEquality.contains(arguments[0], in: try Ordered.elements(of: receiver)))
      },
      MethodEntry("indexOfObject:", "Q24@0:8@16") { receiver, _, arguments in
        .uint64(UInt64(try index(of: arguments[0], in: receiver, range: nil) ?? notFound))
      },
      MethodEntry("objectsAtIndexes:", "@24@0:8@16") { receiver, selector, arguments in
        let indexes = try Message.indexes(arguments[0], receiver, selector)
        let elements = try Ordered.elements(of: receiver)
        if let last = indexes.last { try Message.check(last, count: elements.count, receiver, selector) }
        return .array(indexes.map { elements[$0] })
      },
      MethodEntry("array", "@16@0:8") { receiver, _, _ in
        // An ordered set's is a live view of it (OrderedSetViews.swift).
        guard receiver.bridgedStorage is OrderedSetStorage else { return .array(try Ordered.elements(of: receiver)) }
        return try OrderedSetViewMethods.make(.array, of: receiver)
      },
      NSEnumeratorMethods.objectEnumerator { try Ordered.elements(of: $0) },
      MethodEntry("hash", "Q16@0:8") { receiver, _, _ in .uint64(UInt64(try Ordered.elements(of: receiver).count)) },
    ]
  }

  /// The editing messages of `abstractClass` (`NSMutableArray` or `NSMutableOrderedSet`).
  static func editing(_ abstractClass: String) -> [MethodEntry] {
    [
      MethodEntry("insertObject:atIndex:", "v32@0:8@16Q24") { receiver, selector, arguments in
        let element = try Message.object(arguments[0], receiver, selector)
        let index = try Message.index(arguments[1], receiver, selector)
        guard let store = OrderedStore(receiver) else { throw Message.abstract(receiver, selector, abstractClass) }
        if case .orderedSet(let storage) = store, try MessageEquality.member(of: element, in: storage.value.members) != nil {
          return .nil  // an ordered set holds an equal object already (found by hash and isEqual:)
        }
        do throws(OutOfBounds) { try store.insert(element, at: index) } catch {
          throw Message.outOfBounds(argument: arguments[1], count: error.count + 1, receiver, selector)
        }
        return .nil
      },
      MethodEntry("removeObjectAtIndex:", "v24@0:8Q16") { receiver, selector, arguments in
        let index = try Message.index(arguments[0], receiver, selector)
        guard let store = OrderedStore(receiver) else { throw Message.abstract(receiver, selector, abstractClass) }
        do throws(OutOfBounds) { try store.remove(at: index) } catch { throw Message.outOfBounds(argument: arguments[0], count: error.count, receiver, selector) }
        return .nil
      },
      MethodEntry("replaceObjectAtIndex:withObject:", "v32@0:8Q16@24") { receiver, selector, arguments in
        let index = try Message.index(arguments[0], receiver, selector)
        let element = try Message.object(arguments[1], receiver, selector)
        guard let store = OrderedStore(receiver) else { throw Message.abstract(receiver, selector, abstractClass) }
        if case .orderedSet(let storage) = store, index < storage.value.count,
          let member = try MessageEquality.member(of: element, in: storage.value.members),
          storage.value.elements.firstIndex(of: member) != index
        {
          return .nil  // an equal object is elsewhere in the ordered set: nothing changes
        }
        do throws(OutOfBounds) { try store.replace(at: index, with: element) } catch {
          throw Message.outOfBounds(argument: arguments[0], count: error.count, receiver, selector)
        }
        return .nil
      },
      MethodEntry("addObject:", "v24@0:8@16") { receiver, _, arguments in
        try Runtime.msgSend(receiver, "insertObject:atIndex:", arguments[0], .int(try count(receiver)))
      },
      MethodEntry("setObject:atIndexedSubscript:", "v32@0:8@16Q24") { receiver, selector, arguments in
        let index = try Message.index(arguments[1], receiver, selector)
        if abstractClass == "NSMutableArray", OrderedStore(receiver) != nil {
          // Foundation's concrete mutable array answers it itself, naming it in its errors, as
          // with objectAtIndexedSubscript:; a subclass gets it through its primitives.
          _ = try Message.object(arguments[0], receiver, selector)
          let count = try count(receiver)
          if index > count { throw Message.outOfBounds(argument: arguments[1], count: count, receiver, selector) }
        }
        if index == (try count(receiver)) {  // one past the end appends, as array[count] = x does
          return try Runtime.msgSend(receiver, "insertObject:atIndex:", arguments[0], .int(index))
        }
        return try Runtime.msgSend(receiver, "replaceObjectAtIndex:withObject:", .int(index), arguments[0])
      },
      MethodEntry("addObjectsFromArray:", "v24@0:8@16") { receiver, selector, arguments in
        for element in try Message.array(arguments[0], receiver, selector) {
          try Runtime.msgSend(receiver, "addObject:", element)
        }
        return .nil
      },
      MethodEntry("insertObjects:atIndexes:", "v32@0:8@16@24") { receiver, selector, arguments in
        let elements = try Message.array(arguments[0], receiver, selector)
        let indexes = try Message.indexes(arguments[1], receiver, selector)
        try checkInsertion(elements, at: indexes, count: try count(receiver), receiver, selector)
        for (element, index) in zip(elements, indexes) {
          try Runtime.msgSend(receiver, "insertObject:atIndex:", element, .int(index))
        }
        return .nil
      },
      MethodEntry("removeObjectsAtIndexes:", "v24@0:8@16") { receiver, selector, arguments in
        let indexes = try Message.indexes(arguments[0], receiver, selector)
        if let last = indexes.last { try Message.check(last, count: try count(receiver), receiver, selector) }
        for index in indexes.reversed() { try Runtime.msgSend(receiver, "removeObjectAtIndex:", .int(index)) }
        return .nil
      },
      MethodEntry("replaceObjectsAtIndexes:withObjects:", "v32@0:8@16@24") { receiver, selector, arguments in
        let indexes = try Message.indexes(arguments[0], receiver, selector)
        let elements = try Message.array(arguments[1], receiver, selector)
        try checkCounts(elements, indexes, receiver, selector)
        if let last = indexes.last { try Message.check(last, count: try count(receiver), receiver, selector) }
        for (index, element) in zip(indexes, elements) {
          try Runtime.msgSend(receiver, "replaceObjectAtIndex:withObject:", .int(index), element)
        }
        return .nil
      },
      MethodEntry("removeObject:", "v24@0:8@16") { receiver, _, arguments in
        try removeEqual(arguments[0], from: receiver)
      },
      MethodEntry("removeAllObjects", "v16@0:8") { receiver, _, _ in
        for index in (0..<(try count(receiver))).reversed() {
          try Runtime.msgSend(receiver, "removeObjectAtIndex:", .int(index))
        }
        return .nil
      },
      MethodEntry("exchangeObjectAtIndex:withObjectAtIndex:", "v32@0:8Q16Q24") { receiver, selector, arguments in
        let first = try Message.index(arguments[0], receiver, selector)
        let second = try Message.index(arguments[1], receiver, selector)
        let elements = try Ordered.elements(of: receiver)
        if max(first, second) >= elements.count {
          throw Message.outOfBounds(argument: arguments[first >= second ? 0 : 1], count: elements.count, receiver, selector)
        }
        guard first != second else { return .nil }
        if case .orderedSet(let storage)? = OrderedStore(receiver) {  // a swap, not two replacements
          storage.update { contents in
            var swapped = contents.elements
            swapped.swapAt(first, second)
            contents = OrderedElements(swapped)
          }
          return .nil
        }
        try Runtime.msgSend(receiver, "replaceObjectAtIndex:withObject:", .int(first), elements[second])
        try Runtime.msgSend(receiver, "replaceObjectAtIndex:withObject:", .int(second), elements[first])
        return .nil
      },
    ]
  }

  /// `NSNotFound`.
  static let notFound = Int.max

  /// An ordered set's members (its storage's), for a lookup by hash as Foundation's ordered set
  /// makes it; `nil` for an array or an object without storage.
  private static func members(of receiver: Object) -> Set<Value>? {
    guard case .orderedSet(let storage)? = OrderedStore(receiver) else { return nil }
    return storage.value.members
  }

  /// The index `-indexOfObject:` answers: `[argument isEqual:element]` for each element of an
  /// array, in `range`; an ordered set's member found by hash and `isEqual:`.
  private static func index(of argument: Value, in receiver: Object, range: Range<Int>?) throws -> Int? {
    let elements = try Ordered.elements(of: receiver)
    guard let members = members(of: receiver) else { return try MessageEquality.index(of: argument, in: elements, range: range) }
    guard let member = try MessageEquality.member(of: argument, in: members),
      let index = elements.firstIndex(of: member), range?.contains(index) ?? true
    else { return nil }
    return index
  }

  /// Removes every element that `[argument isEqual:element]` finds (`-removeObject:`), from the
  /// last down, once every `isEqual:` has answered (so one that throws removes nothing).
  private static func removeEqual(_ argument: Value, from receiver: Object) throws -> Value {
    if members(of: receiver) != nil {  // an ordered set holds one of equal objects, found by hash
      guard let index = try index(of: argument, in: receiver, range: nil) else { return .nil }
      return try Runtime.msgSend(receiver, "removeObjectAtIndex:", .int(index))
    }
    let equal = try MessageEquality.indexes(of: argument, in: try Ordered.elements(of: receiver))
    for index in equal.reversed() { try Runtime.msgSend(receiver, "removeObjectAtIndex:", .int(index)) }
    return .nil
  }

  /// The receiver's count, through its `count` message.
  static func count(_ receiver: Object) throws -> Int { try Runtime.msgSend(receiver, "count").intValue ?? 0 }

  /// Checks an `insertObjects:atIndexes:` before anything changes: as many objects as indexes,
  /// each index at most the count reached by the insertions before it.
  static func checkInsertion(
    _ elements: [Value], at indexes: Indexes, count: Int, _ receiver: Object, _ selector: Selector
  ) throws {
    try checkCounts(elements, indexes, receiver, selector)
    for (offset, index) in indexes.enumerated() where index > count + offset {
      throw Message.outOfBounds(index, count: count + offset + 1, receiver, selector)
    }
    for element in elements { _ = try Message.object(element, receiver, selector) }
  }

  /// `count of array (2) differs from count of index set (1)`.
  static func checkCounts(_ elements: [Value], _ indexes: Indexes, _ receiver: Object, _ selector: Selector) throws {
    guard elements.count != indexes.count else { return }
    throw FoundationError(
      .invalidArgument,
      "*** \(Message.name(receiver, selector)): count of array (\(elements.count)) differs from count of index set (\(indexes.count))")
  }
}
