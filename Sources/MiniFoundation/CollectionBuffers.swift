// CollectionBuffers.swift: the collection messages that read or fill a caller's C array:
// `+arrayWithObjects:count:`, `+setWithObjects:count:`, `+orderedSetWithObjects:count:`,
// `+dictionaryWithObjects:forKeys:count:` (and their `-init…` forms), `-getObjects:range:`,
// `-getObjects:`, `-[NSDictionary getObjects:andKeys:count:]`, `-[NSMutableOrderedSet
// addObjects:count:]`, `replaceObjectsInRange:withObjects:count:` and `-[NSMutableArray
// removeObjectsFromIndices:numIndices:]`.
//
// Docs: docs/foundation.md#c-arrays-and-out-parameters. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound19BufferTests.swift.
//
// Stateless. The arrays are CArrayArgument.swift's. An initializer reads every slot first, so a
// nil in the middle changes nothing, and then sends `-initWithArray:` (`-initWithDictionary:`),
// as the nil-terminated forms do. Foundation's `+alloc` hands out a placeholder whose
// initializer raises, so an error from a Foundation class names `__NSPlaceholderArray` (Set,
// OrderedSet, Dictionary), whatever class was sent `+alloc`.

enum CollectionBuffers {
  static let countedTypes = "@32@0:8r^@16Q24"

  /// `-initWithObjects:count:` of an array, a set or an ordered set, and its class factory.
  static func initializer(placeholder: String) -> MethodEntry {
    MethodEntry("initWithObjects:count:", countedTypes) { receiver, selector, arguments in
      let name = initializerName(receiver, selector, placeholder)
      let count = try Message.index(arguments[1], receiver, selector)
      let objects = try CArrayArgument.objects(arguments[0], count: count, name)
      return try Runtime.msgSend(receiver, "initWithArray:", .array(objects))
    }
  }

  /// `+arrayWithObjects:count:` (`+setWithObjects:count:`, `+orderedSetWithObjects:count:`).
  static func factory(_ selector: Selector) -> MethodEntry {
    CollectionLifecycle.convenience(selector, countedTypes, "initWithObjects:count:")
  }

  /// `-[NSDictionary initWithObjects:forKeys:count:]`: each object, then its key, checked in
  /// order; keys copied as `-setObject:forKey:` copies them, a repeated key keeping its last object.
  static let dictionaryInitializer = MethodEntry("initWithObjects:forKeys:count:", "@40@0:8r^@16r^@24Q32") {
    receiver, selector, arguments in
    let name = initializerName(receiver, selector, "__NSPlaceholderDictionary")
    let count = try Message.index(arguments[2], receiver, selector)
    let objects = try CArrayArgument.slots(arguments[0], count: count, name)
    let keys = try CArrayArgument.slots(arguments[1], count: count, name)
    for index in 0..<(count > 0 ? count : 0) {
      guard let objects else { throw CArrayArgument.nullArray("objects", count, name) }
      if objects[index].isNil { throw CArrayArgument.nilSlot("object", "objects", index, name) }
      guard let keys else { throw CArrayArgument.nullArray("keys", count, name) }
      if keys[index].isNil { throw CArrayArgument.nilSlot("key", "keys", index, name) }
    }
    guard let runtime = receiver.runtime else { return .nil }
    let entries = try runtime.mutableDictionary()
    for (object, key) in zip(objects ?? [], keys ?? []) {
      try Runtime.msgSend(entries, "setObject:forKey:", try Message.object(object, receiver, selector), key)
    }
    return try Runtime.msgSend(receiver, "initWithDictionary:", .object(entries))
  }

  /// `+dictionaryWithObjects:forKeys:count:`.
  static let dictionaryFactory = CollectionLifecycle.convenience(
    "dictionaryWithObjects:forKeys:count:", "@40@0:8r^@16r^@24Q32", "initWithObjects:forKeys:count:")

  /// `-getObjects:range:` of an array or ordered set: the elements in `range` written to the
  /// buffer; a range past the end raises before anything is written.
  static let getObjectsInRange = MethodEntry("getObjects:range:", "v40@0:8^@16{_NSRange=QQ}24") { receiver, selector, arguments in
    let elements = try Ordered.elements(of: receiver)
    let range = try CollectionConveniences.checked(
      try Message.range(arguments[1], receiver, selector), count: elements.count, receiver, selector)
    if arguments[0].isNil, !range.isEmpty {
      throw FoundationError(
        .invalidArgument,
        "*** \(Message.name(receiver, selector)): pointer to objects array is NULL but range length is \(range.count)")
    }
    try CArrayArgument.fill(arguments[0], with: Array(elements[range]), Message.name(receiver, selector))
    return .nil
  }

  /// `-[NSArray getObjects:]` (deprecated): every element.
  static let getObjects = MethodEntry("getObjects:", "v24@0:8^@16") { receiver, selector, arguments in
    let count = try OrderedCollectionMethods.count(receiver)
    return try Runtime.msgSend(receiver, "getObjects:range:", arguments[0], .range(0..<count))
  }

  /// `-[NSDictionary getObjects:andKeys:count:]`: the first `count` entries in the dictionary's
  /// enumeration order, objects and keys at the same positions; either pointer may be NULL. A
  /// count past the dictionary's raises.
  static let getObjectsAndKeysCount = MethodEntry("getObjects:andKeys:count:", "v40@0:8^@16^@24Q32") {
    receiver, selector, arguments in
    let entries = Array(try NSDictionaryMethods.entries(of: receiver))
    let count = try Message.index(arguments[2], receiver, selector)
    guard count <= entries.count else {
      throw FoundationError(
        .invalidArgument,
        "*** \(Message.name(receiver, selector)): count (\(Message.indexText(arguments[2]))) of objects array is larger than the dictionary's (\(entries.count))")
    }
    let name = Message.name(receiver, selector)
    try CArrayArgument.fill(arguments[0], with: entries.prefix(count).map(\.value), name)
    try CArrayArgument.fill(arguments[1], with: entries.prefix(count).map(\.key), name)
    return .nil
  }

  /// `-[NSDictionary getObjects:andKeys:]` (deprecated): every entry.
  static let getObjectsAndKeys = MethodEntry("getObjects:andKeys:", "v32@0:8^@16^@24") { receiver, _, arguments in
    let count = try NSDictionaryMethods.entries(of: receiver).count
    return try Runtime.msgSend(receiver, "getObjects:andKeys:count:", arguments: [arguments[0], arguments[1], .int(count)])
  }

  /// `-[NSMutableOrderedSet addObjects:count:]`: every slot read (and a nil refused) before
  /// anything changes, then each object sent as `-addObject:`, so one already held is skipped.
  static let orderedSetAddObjectsCount = MethodEntry("addObjects:count:", "v32@0:8r^@16Q24") { receiver, selector, arguments in
    let count = try Message.index(arguments[1], receiver, selector)
    for object in try CArrayArgument.objects(arguments[0], count: count, Message.name(receiver, selector)) {
      try Runtime.msgSend(receiver, "addObject:", object)
    }
    return .nil
  }

  /// `-[NSMutableOrderedSet replaceObjectsInRange:withObjects:count:]`: the range checked and
  /// every slot read first; then the objects in the range removed and the new ones inserted
  /// from the range's start, each through `-insertObject:atIndex:`, so one the set still holds
  /// is skipped and the next takes its place (GNUstep's answer; Apple's documentation is silent).
  static let orderedSetReplaceObjectsInRange = MethodEntry(
    "replaceObjectsInRange:withObjects:count:", "v48@0:8{_NSRange=QQ}16r^@32Q40"
  ) { receiver, selector, arguments in
    let range = try CollectionConveniences.checked(
      try Message.range(arguments[0], receiver, selector), count: try OrderedCollectionMethods.count(receiver), receiver, selector)
    let count = try Message.index(arguments[2], receiver, selector)
    let objects = try CArrayArgument.objects(arguments[1], count: count, Message.name(receiver, selector))
    if !range.isEmpty { try Runtime.msgSend(receiver, "removeObjectsInRange:", .range(range)) }
    var position = range.lowerBound
    for object in objects {
      let before = try OrderedCollectionMethods.count(receiver)
      try Runtime.msgSend(receiver, "insertObject:atIndex:", object, .int(position))
      if try OrderedCollectionMethods.count(receiver) > before { position += 1 }
    }
    return .nil
  }

  /// `-[NSMutableArray removeObjectsFromIndices:numIndices:]` (deprecated): the objects at the
  /// `NSUInteger` C array's indexes, which name positions in the array as it was, in any order
  /// (one named twice is removed once); every index read and checked against the count before
  /// `-removeObjectsAtIndexes:` removes them all.
  static let arrayRemoveObjectsFromIndices = MethodEntry("removeObjectsFromIndices:numIndices:", "v32@0:8^Q16Q24") {
    receiver, selector, arguments in
    let name = Message.name(receiver, selector)
    let count = try Message.index(arguments[1], receiver, selector)
    guard let slots = try CArrayArgument.slots(arguments[0], count: count, name) else {
      if count > 0 { throw CArrayArgument.nullArray("indices", count, name) }
      return .nil
    }
    let elements = try OrderedCollectionMethods.count(receiver)
    var indexes: Indexes = []
    for slot in slots {
      let index = try Message.index(slot, receiver, selector)
      guard index < elements else { throw Message.outOfBounds(argument: slot, count: elements, receiver, selector) }
      indexes.insert(index)
    }
    guard indexes.count > 0, let runtime = receiver.runtime else { return .nil }
    return try Runtime.msgSend(receiver, "removeObjectsAtIndexes:", .object(try runtime.indexSet(indexes)))
  }

  /// The method's name in errors: a Foundation collection's initializer is its placeholder's.
  private static func initializerName(_ receiver: Object, _ selector: Selector, _ placeholder: String) -> String {
    receiver.bridgedStorage == nil ? Message.name(receiver, selector) : "-[\(placeholder) \(selector.name)]"
  }
}
