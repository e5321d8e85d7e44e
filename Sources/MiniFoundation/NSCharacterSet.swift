// NSCharacterSet.swift: NSCharacterSet and NSMutableCharacterSet, the sets of Unicode characters
// strings trim, search for and split at.
//
// Docs: docs/foundation.md#character-sets. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound9CharacterSetTests.swift.
//
// Model: as on Apple, one concrete class serves both kinds: `__NSCFCharacterSet`, a subclass of
// NSMutableCharacterSet, itself a subclass of NSCharacterSet. The storage says whether the set
// may change; an edit sent to an immutable one raises "Attempt to mutate immutable object with
// addCharactersInString:", as CF words it. Class factories sent to NSMutableCharacterSet make
// mutable sets. Locking: the members (CharacterMembers, a value) sit behind the storage's own
// lock, held only to read or replace them; no message is sent under it. `+alloc` of a user's
// subclass is NSObject's (no storage): the subclass defines `characterIsMember:`, which the
// inherited `longCharacterIsMember:` sends for the BMP, and an argument set without storage is
// asked `longCharacterIsMember:` (call-outs).

/// The members of a character set object, and whether they may change.
final class CharacterSetStorage: BridgedStorage {
  let isMutable: Bool
  private let members: Locked<CharacterMembers>

  init(_ members: CharacterMembers, mutable: Bool) {
    self.members = Locked(members)
    isMutable = mutable
  }

  var current: CharacterMembers { members.withLock { $0 } }

  func update(_ change: (CharacterMembers) -> CharacterMembers) { members.withLock { $0 = change($0) } }

  /// A character set has no Swift value to bridge to.
  var bridgedValue: Value? { nil }

  /// Equal when they hold the same characters, as `-[NSCharacterSet isEqual:]` decides.
  func isEqual(to other: any BridgedStorage) -> Bool {
    guard let other = other as? CharacterSetStorage else { return false }
    return current.sameMembers(as: other.current)
  }

  func hash(into hasher: inout Hasher) { current.hashMembers(into: &hasher) }
}

enum NSCharacterSetMethods {
  static let all = ClassMethods(
    instance: [
      MethodEntry("characterIsMember:", "B20@0:8S16") { receiver, selector, arguments in
        guard let unit = arguments[0].bridged.intValue else { throw notACharacter(arguments[0], receiver, selector) }
        return .bool(
          try members(receiver, selector).contains(UInt32(truncatingIfNeeded: UInt16(truncatingIfNeeded: unit))))
      },
      MethodEntry("longCharacterIsMember:", "B20@0:8I16") { receiver, selector, arguments in
        guard let point = arguments[0].bridged.intValue else { throw notACharacter(arguments[0], receiver, selector) }
        guard receiver.bridgedStorage is CharacterSetStorage else {
          // A subclass without storage answers through its characterIsMember: (call-out), which
          // covers the BMP only.
          guard (0...0xFFFF).contains(point) else { return .bool(false) }
          return .bool(try Runtime.msgSend(receiver, "characterIsMember:", .uint16(UInt16(point))).boolValue == true)
        }
        return .bool(try members(receiver, selector).contains(UInt32(truncatingIfNeeded: point)))
      },
      MethodEntry("invertedSet", "@16@0:8") { receiver, selector, _ in
        try make(.inverted(try members(receiver, selector)), mutable: false, receiver)
      },
      MethodEntry("isEqual:", "B24@0:8@16") { receiver, _, arguments in .bool(Value.object(receiver) == arguments[0]) },
      MethodEntry("hash", "Q16@0:8") { receiver, _, _ in
        .uint64(UInt64(bitPattern: Int64(Value.object(receiver).hashValue)))
      },
      MethodEntry("copyWithZone:", "@24@0:8^v16") { receiver, selector, _ in
        if let storage = receiver.bridgedStorage as? CharacterSetStorage, !storage.isMutable {
          return try Copying.itself(receiver)
        }
        return try make(try members(receiver, selector), mutable: false, receiver)
      },
      MethodEntry("mutableCopyWithZone:", "@24@0:8^v16") { receiver, selector, _ in
        try make(try members(receiver, selector), mutable: true, receiver)
      },
      MethodEntry("init", "@16@0:8") { receiver, _, _ in .object(receiver) },
      MethodEntry("isSupersetOfSet:", "B24@0:8@16") { receiver, selector, arguments in
        let mine = try members(receiver, selector)
        let isMember = try membership(arguments[0], receiver, selector)
        for point in CharacterMembers.codeSpace where try isMember(point) && !mine.contains(point) {
          return .bool(false)
        }
        return .bool(true)
      },
      MethodEntry("hasMemberInPlane:", "B20@0:8C16") { receiver, selector, arguments in
        guard let plane = arguments[0].bridged.intValue, (0...16).contains(plane) else { return .bool(false) }
        let mine = try members(receiver, selector)
        let start = UInt32(plane) << 16
        return .bool((start..<(start + 0x1_0000)).contains { mine.contains($0) })
      },
    ],
    classSide: NamedCharacters.allCases.map { named in
      MethodEntry(named.selector, "@16@0:8") { receiver, _, _ in try make(.named(named), for: receiver) }
    } + NSStringPercentEncoding.characterSets + [
      MethodEntry("alloc", "@16@0:8") { receiver, _, _ in
        // A user's subclass gets NSObject's +alloc (no storage: it defines characterIsMember:),
        // as a collection subclass does (CollectionLifecycle.swift).
        guard let cls = receiver as? Class, let runtime = cls.runtime else { return .nil }
        let classes = try FoundationClasses.of(runtime)
        guard
          [classes.characterSet, classes.mutableCharacterSet, classes.characterSetConcrete].contains(where: {
            $0 === cls
          })
        else { return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass.isa, "alloc") }
        return try make(.empty, for: receiver)
      },
      MethodEntry("characterSetWithCharactersInString:", "@24@0:8@16") { receiver, selector, arguments in
        try make(.characters(in: try text(arguments[0], receiver, selector)), for: receiver)
      },
      MethodEntry("characterSetWithRange:", "@32@0:8{_NSRange=QQ}16") { receiver, selector, arguments in
        try make(.range(try codeRange(arguments[0], receiver, selector)), for: receiver)
      },
    ])

  /// The members of a character set object: its storage's, or, for a subclass without storage,
  /// the answers of its `longCharacterIsMember:` (see `contains(_:in:)`).
  static func members(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> CharacterMembers {
    guard let storage = receiver.bridgedStorage as? CharacterSetStorage else {
      throw Message.abstract(receiver, selector, "NSCharacterSet")
    }
    return storage.current
  }

  /// A test of membership for a character set argument: from its storage, or by sending
  /// `longCharacterIsMember:` (a call-out; an object that is no character set raises
  /// unrecognized selector, as on Apple). Nil raises NSInvalidArgumentException.
  static func membership(_ value: Value, _ receiver: Object, _ selector: Selector) throws -> (UInt32) throws -> Bool {
    let argument = try Message.object(value, receiver, selector, what: "character set")
    if let storage = argument.objectValue?.bridgedStorage as? CharacterSetStorage {
      let members = storage.current
      return { members.contains($0) }
    }
    guard let runtime = receiver.runtime, let object = try runtime.object(bridging: argument) else {
      throw FoundationError(
        .invalidArgument, "*** \(Message.name(receiver, selector)): \(argument) is not a character set")
    }
    return { point in try Runtime.msgSend(object, "longCharacterIsMember:", .uint32(point)).boolValue == true }
  }

  /// A new `__NSCFCharacterSet`, mutable when `receiver` is NSMutableCharacterSet or a subclass.
  static func make(_ members: CharacterMembers, for receiver: Object) throws -> Value {
    guard let cls = receiver as? Class else { return .nil }
    let classes = try FoundationClasses.of(cls)
    return try make(members, mutable: cls.isSubclass(of: classes.mutableCharacterSet), receiver)
  }

  static func make(_ members: CharacterMembers, mutable: Bool, _ receiver: Object) throws -> Value {
    let concrete = try FoundationClasses.of(receiver).characterSetConcrete
    return .object(try concrete.createInstance(bridgedStorage: CharacterSetStorage(members, mutable: mutable)))
  }

  /// A string argument, a lone surrogate kept; nil raises NSInvalidArgumentException.
  static func text(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> StringText {
    guard let text = NSStringMethods.text(of: try Message.object(value, receiver, selector, what: "string")) else {
      throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(value) is not a string")
    }
    return text
  }

  /// An NSRange of code points, which must lie in the Unicode code space.
  static func codeRange(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> Range<
    UInt32
  > {
    let range = try Message.range(value, receiver, selector)
    guard range.upperBound <= Int(CharacterMembers.codeSpace.upperBound) else {
      throw FoundationError(
        .indexOutOfBounds,
        "*** \(Message.name(receiver, selector)): range {\(range.lowerBound), \(range.count)} is past the Unicode "
          + "code space"
      )
    }
    return UInt32(range.lowerBound)..<UInt32(range.upperBound)
  }

  private static func notACharacter(_ value: Value, _ receiver: Object, _ selector: Selector) -> FoundationError {
    FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(value) is not a character")
  }
}

enum NSMutableCharacterSetMethods {
  static let all = ClassMethods(instance: [
    edit("addCharactersInString:", "v24@0:8@16") { members, argument, receiver, selector in
      members.adding(.characters(in: try NSCharacterSetMethods.text(argument, receiver, selector)))
    },
    edit("removeCharactersInString:", "v24@0:8@16") { members, argument, receiver, selector in
      members.removing(.characters(in: try NSCharacterSetMethods.text(argument, receiver, selector)))
    },
    edit("addCharactersInRange:", "v32@0:8{_NSRange=QQ}16") { members, argument, receiver, selector in
      members.adding(.range(try NSCharacterSetMethods.codeRange(argument, receiver, selector)))
    },
    edit("removeCharactersInRange:", "v32@0:8{_NSRange=QQ}16") { members, argument, receiver, selector in
      members.removing(.range(try NSCharacterSetMethods.codeRange(argument, receiver, selector)))
    },
    edit("formUnionWithCharacterSet:", "v24@0:8@16") { members, argument, receiver, selector in
      members.adding(try otherMembers(argument, receiver, selector))
    },
    edit("formIntersectionWithCharacterSet:", "v24@0:8@16") { members, argument, receiver, selector in
      .intersection(members, try otherMembers(argument, receiver, selector))
    },
    edit("invert", "v16@0:8") { members, _, _, _ in .inverted(members) },
  ])

  /// An editing message: refused on an immutable set, else `change` gives the new members
  /// (worked out before the lock is taken; the argument is read first).
  private static func edit(
    _ name: Selector, _ types: String,
    _ change: @escaping @Sendable (CharacterMembers, Value, Object, Selector) throws -> CharacterMembers
  ) -> MethodEntry {
    MethodEntry(name, types) { receiver, selector, arguments in
      guard let storage = receiver.bridgedStorage as? CharacterSetStorage else {
        throw Message.abstract(receiver, selector, "NSMutableCharacterSet")
      }
      guard storage.isMutable else { throw NSMutableStringMethods.immutable(selector) }
      let argument = arguments.count > 0 ? arguments[0] : .nil
      let changed = try change(storage.current, argument, receiver, selector)
      storage.update { _ in changed }
      return .nil
    }
  }

  /// The members of another character set argument (one with storage: a set a subclass answers
  /// by message cannot be copied into a tree).
  private static func otherMembers(_ value: Value, _ receiver: Object, _ selector: Selector) throws -> CharacterMembers
  {
    let argument = try Message.object(value, receiver, selector, what: "character set")
    guard let storage = argument.objectValue?.bridgedStorage as? CharacterSetStorage else {
      throw FoundationError(
        .invalidArgument, "*** \(Message.name(receiver, selector)): \(argument) is not a character set")
    }
    return storage.current
  }
}
