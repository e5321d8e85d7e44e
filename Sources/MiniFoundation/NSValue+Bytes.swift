// NSValue+Bytes.swift: NSValue as a box of C bytes (`+valueWithBytes:objCType:`, `-getValue:`)
// and of an object it does not retain (`+valueWithNonretainedObject:`).
//
// Docs: docs/foundation.md#nsvalue. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound9ValueTests.swift.
//
// Stateless. The bytes argument is what decision 0013 makes every pointer argument: a
// `VariablePointer` whose pointee the box reads (`valueWithBytes:`) or writes (`getValue:`).
// A box made from bytes holds the pointee converted exactly to the type it was given, and keeps
// that type's text for `-objCType`; an encoding Value does not model (a bit field, `?`) or
// bytes of another kind raise NSInvalidArgumentException where C would copy garbage. A
// non-retained object is held weakly and compared by its address, as Foundation compares the
// `void *` it boxes: its value is `.pointer(address)`, equal to `+valueWithPointer:` of the
// same address, and `-nonretainedObjectValue` is nil once the object is gone (on Apple, a
// dangling pointer).

/// What `+valueWithNonretainedObject:` keeps of its object.
enum NonretainedReferent: Sendable {
  /// An object, held weakly: the box neither retains it nor keeps it alive.
  case object(WeakReference<Object>)
  /// A Swift value (a string, a number) boxed to become an object: it has no life of its own
  /// to outlive, so the box is kept, as a constant string lives forever on Apple.
  case box(Object)

  var object: Object? {
    switch self {
    case .object(let reference): return reference.object
    case .box(let object): return object
    }
  }
}

enum NSValueBytes {
  static let instance: [MethodEntry] = [
    MethodEntry("nonretainedObjectValue", "@16@0:8") { receiver, selector, _ in
      let storage = try ValueClassMethods.scalarStorage(of: receiver, selector)
      if let referent = storage.referent { return referent.object.map(Value.object) ?? .nil }
      switch storage.value {
      case .nil, .pointer(0): return .nil
      case .object, .class: return storage.value  // bytes given as @ or #: the pointer is the object
      case .pointer(let address):
        throw FoundationError(
          .invalidArgument,
          "*** \(Message.name(receiver, selector)): the value holds the address 0x\(String(address, radix: 16)), "
            + "not an object it was given")
      case let other:
        throw FoundationError(
          .invalidArgument, "*** \(Message.name(receiver, selector)): the value holds \(other), not an object")
      }
    },
    MethodEntry("getValue:", "v24@0:8^v16") { receiver, selector, arguments in
      try buffer(arguments[0], receiver, selector).pointee = try ValueClassMethods.value(
        of: receiver, selector, "NSValue")
      return .nil
    },
    MethodEntry("getValue:size:", "v32@0:8^v16Q24") { receiver, selector, arguments in
      let destination = try buffer(arguments[0], receiver, selector)
      let value = try ValueClassMethods.value(of: receiver, selector, "NSValue")
      let type = try Runtime.msgSend(receiver, "objCType")  // call-out: a subclass may answer
      let size = try encoding(type, receiver, selector).size
      guard try Message.index(arguments[1], receiver, selector) == size else {
        throw FoundationError(
          .invalidArgument,
          "*** \(Message.name(receiver, selector)): the size \(Message.indexText(arguments[1])) "
            + "is not the value's size, \(size)")
      }
      destination.pointee = value
      return .nil
    },
    MethodEntry("initWithBytes:objCType:", "@32@0:8r^v16r*24") { receiver, selector, arguments in
      // A new value, not the receiver, as Foundation's placeholder from +[NSValue alloc] answers.
      try box(arguments[0], arguments[1], receiver, selector)
    },
  ]

  static let classSide: [MethodEntry] = [
    MethodEntry("valueWithNonretainedObject:", "@24@0:8@16") { receiver, selector, arguments in
      let concrete = try FoundationClasses.of(receiver).valueConcrete
      guard !arguments[0].isNil else {
        return .object(try concrete.createInstance(bridgedStorage: ScalarStorage(.pointer(0))))
      }
      let argument = try Message.object(arguments[0], receiver, selector)
      guard let runtime = receiver.runtime, let object = try runtime.object(bridging: argument) else { return .nil }
      let referent: NonretainedReferent =
        argument.objectValue != nil ? .object(WeakReference(outsideWeakTable: object)) : .box(object)
      let storage = ScalarStorage(
        .pointer(UInt(bitPattern: ObjectIdentifier(object))), objCType: "^v", referent: referent)
      return .object(try concrete.createInstance(bridgedStorage: storage))
    },
    MethodEntry("valueWithBytes:objCType:", "@32@0:8r^v16r*24") { receiver, selector, arguments in
      try box(arguments[0], arguments[1], receiver, selector)
    },
    MethodEntry("value:withObjCType:", "@32@0:8r^v16r*24") { receiver, selector, arguments in
      try box(arguments[0], arguments[1], receiver, selector)
    },
  ]

  /// `-[NSValue isEqualToValue:]` (and `-isEqual:`) of NSValue and NSNumber. A number equals
  /// numbers only, by value (CFNumber's equality: `@5` and `@5U` are equal, a box of bytes is no
  /// number). Any other box equals a value whose `-objCType` string is its own and whose value
  /// is equal, whatever the argument's class, as NSConcreteValue compares the types with `strcmp`
  /// before the bytes: an `int` 5 box equals `@5` (both `i`), an `unsigned int` 5 box (`I`) does
  /// not, and a `{_NSPoint=dd}` is not an NSPoint of the same doubles. A number without a box's
  /// storage (an NSDecimalNumber: `d`) is asked its `-objCType`, so an `int` 5 box is not it.
  static func isEqual(_ receiver: Object, _ other: Value) throws -> Bool {
    guard Value.object(receiver) == other else { return false }
    guard let object = other.objectValue, let classes = FoundationClasses.installed(for: receiver) else { return true }
    let otherIsNumber = object.isa.isSubclass(of: classes.number)
    if receiver.isa.isSubclass(of: classes.number) { return otherIsNumber }
    guard let own = receiver.bridgedStorage as? ScalarStorage else { return true }
    if let theirs = object.bridgedStorage as? ScalarStorage { return typeText(own) == typeText(theirs) }
    guard otherIsNumber else { return true }
    let theirType = try Runtime.msgSend(object, "objCType")  // call-out: may be user code
    return theirType.cStringBytes.flatMap { String(validating: $0, as: UTF8.self) } == typeText(own)
  }

  /// What `-objCType` answers for a box: the type it was given, else the one its value implies.
  static func typeText(_ storage: ScalarStorage) -> String {
    storage.objCType ?? NSNumberMethods.objCType(of: storage.value)
  }

  /// A new `NSConcreteValue` holding what `bytes` points at, as the type `type` says.
  private static func box(_ bytes: Value, _ type: Value, _ receiver: Object, _ selector: Selector) throws -> Value {
    let source = try buffer(bytes, receiver, selector)
    let encoding = try encoding(type, receiver, selector)
    let value: Value
    do throws(RuntimeError) {
      value = try source.pointee.converted(to: encoding)
    } catch {
      throw FoundationError(
        .invalidArgument,
        "*** \(Message.name(receiver, selector)): the bytes do not hold a '\(encoding)': \(error.message)")
    }
    let concrete = try FoundationClasses.of(receiver).valueConcrete
    return .object(try concrete.createInstance(bridgedStorage: ScalarStorage(value, objCType: encoding.description)))
  }

  /// The `void *` argument: a `VariablePointer` (decision 0013); NULL or anything else raises.
  private static func buffer(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError)
    -> VariablePointer
  {
    guard let pointer = value.swiftObject(as: VariablePointer.self) else {
      throw FoundationError(
        .invalidArgument,
        "*** \(Message.name(receiver, selector)): \(value) is not a pointer to a variable (VariablePointer)")
    }
    return pointer
  }

  /// The `const char *` type argument, parsed; an encoding that cannot be parsed raises.
  private static func encoding(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError)
    -> TypeEncoding
  {
    let text: String
    switch value.bridged {
    case .cString(let characters): text = String(decoding: characters.bytes, as: UTF8.self)  // past ASCII: unparsable
    case .string(let characters): text = characters
    default:
      throw FoundationError(
        .invalidArgument, "*** \(Message.name(receiver, selector)): \(value) is not a type encoding")
    }
    do throws(RuntimeError) {
      return try TypeEncoding(text)
    } catch {
      throw FoundationError(
        .invalidArgument, "*** \(Message.name(receiver, selector)): unknown type encoding \"\(text)\": \(error.message)"
      )
    }
  }
}
