// NilTerminatedList.swift: the nil-terminated argument lists of Foundation's variadic
// constructors: `+arrayWithObjects:`, `+setWithObjects:`, `+orderedSetWithObjects:` and their
// `-initWithObjects:`, `+dictionaryWithObjectsAndKeys:` and `-initWithObjectsAndKeys:`.
//
// Docs: docs/foundation.md#variadic-messages. Tests:
// Tests/MiniFoundationTests/NilTerminatedListTests.swift.
//
// Model: these methods are variadic (`Implementation.isVariadic`): the message's arguments are
// the C call's, and the list ends at the first nil, as Foundation's `va_arg` loop stops there;
// arguments after it are never read. A list with no nil is refused, where C would read past the
// last argument (clang's "missing sentinel" warning). A dictionary's list is object, key,
// object, key…, nil: it ends at a nil object, and a nil key (or an odd list) is refused with
// Foundation's text. Keys are copied as `-setObject:forKey:` copies them, and a key given twice
// keeps its last object. The class methods send `[[self alloc] initWithArray:]` (or
// `initWithDictionary:`), as Foundation's send `-initWithObjects:count:`, so an
// `NSMutableArray` class makes a mutable array; `-initWithObjects:` sends `-initWithArray:` to
// itself.

enum NilTerminatedList {
  /// `+arrayWithObjects:` (`+setWithObjects:`, `+orderedSetWithObjects:`).
  static func factory(_ selector: Selector) -> MethodEntry {
    MethodEntry(selector, "@24@0:8@16", variadic: true) { receiver, selector, arguments in
      let list = try objects(arguments, receiver, selector)
      let instance = try Runtime.msgSend(receiver, "alloc")
      return try Runtime.msgSend(instance.objectValue, "initWithArray:", .array(list))
    }
  }

  /// `-initWithObjects:` of an array, a set or an ordered set.
  static let initializer = MethodEntry("initWithObjects:", "@24@0:8@16", variadic: true) { receiver, selector, arguments in
    try Runtime.msgSend(receiver, "initWithArray:", .array(try objects(arguments, receiver, selector)))
  }

  /// `+dictionaryWithObjectsAndKeys:`.
  static let dictionaryFactory = MethodEntry("dictionaryWithObjectsAndKeys:", "@24@0:8@16", variadic: true) {
    receiver, selector, arguments in
    let entries = try dictionary(arguments, receiver, selector)
    let instance = try Runtime.msgSend(receiver, "alloc")
    return try Runtime.msgSend(instance.objectValue, "initWithDictionary:", entries)
  }

  /// `-initWithObjectsAndKeys:`.
  static let dictionaryInitializer = MethodEntry("initWithObjectsAndKeys:", "@24@0:8@16", variadic: true) {
    receiver, selector, arguments in
    try Runtime.msgSend(receiver, "initWithDictionary:", try dictionary(arguments, receiver, selector))
  }

  /// The objects before the first nil.
  ///
  /// - Throws: `NSInvalidArgumentException` for a list with no nil, or a C string in it.
  static func objects(_ arguments: Arguments, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> [Value] {
    var objects: [Value] = []
    for index in 0..<arguments.count {
      let value = arguments[index]
      if value.isNil { return objects }
      objects.append(try Message.object(value, receiver, selector))
    }
    throw unterminated(arguments.count, receiver, selector)
  }

  /// An `NSMutableDictionary` of the object-key pairs before the first nil object.
  private static func dictionary(_ arguments: Arguments, _ receiver: Object, _ selector: Selector) throws -> Value {
    guard let runtime = receiver.runtime else { return .nil }
    let entries = try runtime.mutableDictionary()
    var index = 0
    while index < arguments.count {
      let object = arguments[index]
      if object.isNil { return .object(entries) }
      guard index + 1 < arguments.count, !arguments[index + 1].isNil else {
        throw FoundationError(
          .invalidArgument,
          "*** \(Message.name(receiver, selector)): second object of each pair must be non-nil.  Or, did you forget to nil-terminate your parameter list?"
        )
      }
      try Runtime.msgSend(entries, "setObject:forKey:", try Message.object(object, receiver, selector), arguments[index + 1])
      index += 2
    }
    throw unterminated(arguments.count, receiver, selector)
  }

  private static func unterminated(_ count: Int, _ receiver: Object, _ selector: Selector) -> FoundationError {
    FoundationError(
      .invalidArgument,
      "*** \(Message.name(receiver, selector)): the argument list is not nil-terminated (\(count) argument(s), none nil); Objective-C would read past its end")
  }
}
