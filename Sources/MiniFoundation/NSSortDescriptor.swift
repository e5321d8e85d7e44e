// NSSortDescriptor.swift: NSSortDescriptor, a key path, a direction and a comparison selector.
//
// Docs: docs/foundation.md#sort-descriptors. Tests:
// Tests/KVOTests/FoundationBehaviourRound9SortDescriptorTests.swift.
//
// Model: a descriptor object carries its key path (or nil: the objects themselves), whether it
// sorts ascending, and the selector it sends (`compare:` by default) in a storage attached by
// `+alloc`. `-compareObject:toObject:` reads the key path of both objects with
// `valueForKeyPath:` (key-value coding, which KVO's NSObject category answers, collection
// operators included), orders nil first, and sends the selector to the first value.
// Locking: the storage's fields sit behind their own lock, written by `-init…` (once, in
// practice, before the descriptor is shared) and read by every other message; both are short
// and call no user code. The messages to the objects (`valueForKeyPath:`, the comparison) are
// call-outs made with no lock held.

/// What an `NSSortDescriptor` holds.
final class SortDescriptorStorage: BridgedStorage {
  struct Fields: Sendable, Hashable {
    var key: String?
    var ascending = true
    var selector: Selector = "compare:"
    /// The comparator block of `initWithKey:ascending:comparator:`, used instead of the selector.
    var comparator: Object?
  }

  let fields: Locked<Fields>

  init(_ fields: Fields = Fields()) { self.fields = Locked(fields) }

  var current: Fields { fields.withLock { $0 } }

  /// A descriptor has no Swift value to bridge to; it compares by its fields.
  var bridgedValue: Value? { nil }

  func isEqual(to other: any BridgedStorage) -> Bool {
    guard let other = other as? SortDescriptorStorage else { return false }
    return current == other.current
  }

  func hash(into hasher: inout Hasher) { hasher.combine(current) }

  /// `(name, ascending, compare:)`, as Foundation prints a descriptor.
  var description: String {
    let fields = current
    return "(\(fields.key ?? "(null)"), \(fields.ascending ? "ascending" : "descending"), \(fields.selector.name))"
  }
}

enum NSSortDescriptorMethods {
  static let all = ClassMethods(
    instance: [
      initializer("initWithKey:ascending:", "@28@0:8@16B24"),
      initializer("initWithKey:ascending:selector:", "@36@0:8@16B24:28"),
      initializer("initWithKey:ascending:comparator:", "@36@0:8@16B24@?28", takesComparator: true),
      MethodEntry("comparator", "@?16@0:8") { receiver, selector, _ in
        let fields = try fields(receiver, selector)
        if let comparator = fields.comparator { return .object(comparator) }
        guard let runtime = receiver.runtime else { return .nil }
        // A selector descriptor's comparator: the selector sent to the first value.
        return .object(
          try runtime.makeBlock { arguments in
            try Runtime.msgSend(try runtime.object(bridging: arguments[0]), fields.selector, arguments[1])  // call-out
          })
      },
      MethodEntry("key", "@16@0:8") { receiver, selector, _ in
        try fields(receiver, selector).key.map(Value.string) ?? .nil
      },
      MethodEntry("ascending", "B16@0:8") { receiver, selector, _ in .bool(try fields(receiver, selector).ascending) },
      MethodEntry("selector", ":16@0:8") { receiver, selector, _ in .selector(try fields(receiver, selector).selector)
      },
      MethodEntry("reversedSortDescriptor", "@16@0:8") { receiver, selector, _ in
        var reversed = try fields(receiver, selector)
        reversed.ascending.toggle()
        return .object(try receiver.isa.createInstance(bridgedStorage: SortDescriptorStorage(reversed)))
      },
      MethodEntry("compareObject:toObject:", "q32@0:8@16@24") { receiver, selector, arguments in
        .int64(Int64(try compare(arguments[0], arguments[1], with: try fields(receiver, selector), receiver)))
      },
      MethodEntry("isEqual:", "B24@0:8@16") { receiver, _, arguments in .bool(Value.object(receiver) == arguments[0]) },
      MethodEntry("hash", "Q16@0:8") { receiver, _, _ in
        .uint64(UInt64(bitPattern: Int64(Value.object(receiver).hashValue)))
      },
      MethodEntry("copyWithZone:", "@24@0:8^v16") { receiver, _, _ in try Copying.itself(receiver) },  // immutable
      MethodEntry("description", "@16@0:8") { receiver, selector, _ in
        .string(try storage(receiver, selector).description)
      },
    ],
    classSide: [
      MethodEntry("alloc", "@16@0:8") { receiver, _, _ in
        guard let cls = receiver as? Class else { return .nil }
        return .object(try cls.createInstance(bridgedStorage: SortDescriptorStorage()))
      },
      CollectionLifecycle.convenience("sortDescriptorWithKey:ascending:", "@28@0:8@16B24", "initWithKey:ascending:"),
      CollectionLifecycle.convenience(
        "sortDescriptorWithKey:ascending:selector:", "@36@0:8@16B24:28", "initWithKey:ascending:selector:"),
      CollectionLifecycle.convenience(
        "sortDescriptorWithKey:ascending:comparator:", "@36@0:8@16B24@?28", "initWithKey:ascending:comparator:"),
    ])

  /// The storage of a descriptor object, or the abstract-class error.
  private static func storage(_ receiver: Object, _ selector: Selector) throws(FoundationError)
    -> SortDescriptorStorage
  {
    guard let storage = receiver.bridgedStorage as? SortDescriptorStorage else {
      throw Message.abstract(receiver, selector, "NSSortDescriptor")
    }
    return storage
  }

  /// The fields of a descriptor object, or the abstract-class error.
  static func fields(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> SortDescriptorStorage.Fields {
    try storage(receiver, selector).current
  }

  /// `-initWithKey:ascending:` and `-initWithKey:ascending:selector:`: the key is a string or
  /// nil (compare the objects themselves); the null selector is `compare:`, the default; a
  /// comparator (`takesComparator`) must be a block.
  private static func initializer(_ name: Selector, _ types: String, takesComparator: Bool = false) -> MethodEntry {
    MethodEntry(name, types) { receiver, selector, arguments in
      let storage = try storage(receiver, selector)
      var fields = SortDescriptorStorage.Fields()
      switch arguments[0] {
      case .nil: fields.key = nil
      case let key:
        guard let text = NSStringMethods.text(of: key)?.lossy else {  // a key is Swift text
          throw FoundationError(
            .invalidArgument, "*** \(Message.name(receiver, selector)): the key \(key) is not a string")
        }
        fields.key = text
      }
      fields.ascending = arguments[1].boolValue ?? true
      if takesComparator {
        fields.comparator = try BlockArgument.block(arguments[2], receiver, selector)
      } else if arguments.count > 2, !arguments[2].isNil {
        guard let comparison = arguments[2].selectorValue else {
          throw FoundationError(
            .invalidArgument, "*** \(Message.name(receiver, selector)): \(arguments[2]) is not a selector")
        }
        if !comparison.isNull { fields.selector = comparison }
      }
      storage.fields.withLock { $0 = fields }
      return .object(receiver)
    }
  }

  /// How `first` and `second` order under a descriptor with `fields`: -1, 0 or 1.
  static func compare(_ first: Value, _ second: Value, with fields: SortDescriptorStorage.Fields, _ receiver: Object)
    throws -> Int
  {
    guard let runtime = receiver.runtime else {
      throw FoundationError(.invalidArgument, "*** \(receiver.isa.name): its runtime no longer exists")
    }
    func property(_ object: Value) throws -> Value {
      guard let key = fields.key, !object.isNil else { return object }
      // call-out: key-value coding (KVO's NSObject category, or a class's override)
      return try Runtime.msgSend(try runtime.object(bridging: object), "valueForKeyPath:", .string(key))
    }
    let left = try property(first)
    let right = try property(second)
    let order: Int
    switch (left.isNil, right.isNil) {
    case (true, true): order = 0
    case (true, false): order = -1  // nil sorts first
    case (false, true): order = 1
    case (false, false):
      if let comparator = fields.comparator {
        order = try BlockArgument.order(comparator, left, right)  // call-out: the comparator, user code
        break
      }
      order = try Sorting.order(left, right, by: fields.selector, in: runtime)  // call-out: user code
    }
    return fields.ascending ? order : -order
  }
}
