// NSOrderedSet+Initializers.swift: the initializers of NSOrderedSet that take one object, a part
// of an array or ordered set, or copies of the items, and their `+orderedSetWith…` factories.
//
// Docs: docs/foundation.md#collection-conveniences. Tests:
// Tests/MiniFoundationTests/FoundationAPICensusTests+Collections.swift.
//
// Each reads its argument, then sends `initWithArray:` (so a subclass's primitives and the
// duplicates rule apply once, in one place). A range past the end of its array or ordered set
// raises `NSRangeException` before anything is made; `copyItems:YES` sends `copyWithZone:` to
// each object and the set owns each copy once, as `-[NSArray initWithArray:copyItems:]` does. No
// state.

enum NSOrderedSetInitializers {
  static let instance: [MethodEntry] = [
    MethodEntry("initWithObject:", "@24@0:8@16") { receiver, selector, arguments in
      try Runtime.msgSend(receiver, "initWithArray:", .array([try Message.object(arguments[0], receiver, selector)]))
    },
    MethodEntry("initWithArray:copyItems:", "@28@0:8@16B24") { receiver, selector, arguments in
      try initialize(receiver, with: try Message.array(arguments[0], receiver, selector), copying: arguments[1])
    },
    MethodEntry("initWithSet:copyItems:", "@28@0:8@16B24") { receiver, selector, arguments in
      let members = Array(try Message.set(arguments[0], receiver, selector))
      return try initialize(receiver, with: members, copying: arguments[1])
    },
    MethodEntry("initWithOrderedSet:copyItems:", "@28@0:8@16B24") { receiver, selector, arguments in
      try initialize(receiver, with: try members(of: arguments[0], receiver, selector), copying: arguments[1])
    },
    MethodEntry("initWithArray:range:copyItems:", "@44@0:8@16{_NSRange=QQ}24B40") { receiver, selector, arguments in
      let elements = try Message.array(arguments[0], receiver, selector)
      return try initialize(receiver, with: try part(of: elements, arguments[1], receiver, selector), copying: arguments[2])
    },
    MethodEntry("initWithOrderedSet:range:copyItems:", "@44@0:8@16{_NSRange=QQ}24B40") { receiver, selector, arguments in
      let elements = try members(of: arguments[0], receiver, selector)
      return try initialize(receiver, with: try part(of: elements, arguments[1], receiver, selector), copying: arguments[2])
    },
  ]

  static let classSide: [MethodEntry] = [
    CollectionLifecycle.convenience("orderedSetWithSet:copyItems:", "@28@0:8@16B24", "initWithSet:copyItems:"),
    CollectionLifecycle.convenience(
      "orderedSetWithArray:range:copyItems:", "@44@0:8@16{_NSRange=QQ}24B40", "initWithArray:range:copyItems:"),
    CollectionLifecycle.convenience(
      "orderedSetWithOrderedSet:range:copyItems:", "@44@0:8@16{_NSRange=QQ}24B40", "initWithOrderedSet:range:copyItems:"),
  ]

  /// `initWithArray:` with `elements`, or with a copy of each when `copying` is YES.
  private static func initialize(_ receiver: Object, with elements: [Value], copying: Value) throws -> Value {
    try CollectionConveniences.withCopies(of: elements, if: copying.boolValue == true) {
      try Runtime.msgSend(receiver, "initWithArray:", .array($0))
    }
  }

  /// The members of an ordered set argument (nil has none).
  private static func members(of value: Value, _ receiver: Object, _ selector: Selector) throws -> [Value] {
    try value.orderedSetElements ?? Message.array(value, receiver, selector)
  }

  /// The elements in the `NSRange` argument `range`, which must lie inside them.
  private static func part(of elements: [Value], _ range: Value, _ receiver: Object, _ selector: Selector) throws -> [Value] {
    let range = try CollectionConveniences.checked(
      try Message.range(range, receiver, selector), count: elements.count, receiver, selector)
    return Array(elements[range])
  }
}
