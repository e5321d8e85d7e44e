// NSNumber.swift: NSValue and NSNumber, the boxes key-value coding implies.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSStringAndNumberTests.swift.
//
// A number bridges to the `Value` it was made from (`.int32(7)` stays an `int`, so `objCType` says
// `i`), a value object to its struct, pointer or selector. The accessors convert as C casts do,
// as NSNumber's do: `[@2.7 intValue]` is 2 (`Value.converted(to:)` would refuse; these are the
// messages whose job is to convert).

enum NSValueMethods {
  static let all = ClassMethods(
    instance: ValueClassMethods.common.filter { $0.selector != "isEqual:" } + [
      MethodEntry("objCType", "r*16@0:8") { receiver, selector, _ in
        // The type a box of bytes was given, as written (NSValue+Bytes.swift), else CFNumber's.
        if let storage = receiver.bridgedStorage as? ScalarStorage { return .cString(NSValueBytes.typeText(storage)) }
        return .cString(NSNumberMethods.objCType(of: try ValueClassMethods.value(of: receiver, selector, "NSValue")))
      },
      MethodEntry("isEqual:", "B24@0:8@16") { receiver, _, arguments in .bool(try NSValueBytes.isEqual(receiver, arguments[0])) },
      MethodEntry("isEqualToValue:", "B24@0:8@16") { receiver, _, arguments in .bool(try NSValueBytes.isEqual(receiver, arguments[0])) },
      MethodEntry("pointerValue", "^v16@0:8") { receiver, selector, _ in
        let value = try ValueClassMethods.value(of: receiver, selector, "NSValue")
        if case .pointer = value { return value }
        return .nil
      },
      MethodEntry("description", "@16@0:8") { receiver, selector, _ in
        let value = try ValueClassMethods.value(of: receiver, selector, "NSValue")
        let givenBytes = (receiver.bridgedStorage as? ScalarStorage)?.objCType != nil  // +valueWithBytes:objCType:
        return .string(valueDescription(value, givenBytes: givenBytes))
      },
    ],
    classSide: [
      MethodEntry("valueWithPointer:", "@24@0:8^v16") { receiver, _, arguments in
        try ValueClassMethods.box(arguments[0].isNil ? .pointer(0) : arguments[0], in: try FoundationClasses.of(receiver).valueConcrete)
      },
    ])
}

/// `-[NSValue description]`: Foundation names the four structs it knows, by their whole encoding
/// (FoundationStruct.swift): `NSRange: {1, 2}`, `NSPoint: {1.5, 2}`, `NSSize: {3, 4}`,
/// `NSRect: {{0, 0}, {3, 4}}`. Any other struct, one only named alike included (`{_NSPoint=dd}`),
/// and a number given as bytes print as NSConcreteValue prints a box, its bytes in hex
/// (`<05000000>`, as a union's do); a struct whose bytes hold an object, and other values, print
/// as the value does.
private func valueDescription(_ value: Value, givenBytes: Bool) -> String {
  guard case .structure(let structure) = value else {
    // A number given as bytes is a box of bytes, not an NSNumber.
    return givenBytes && value.doubleValue != nil ? hexDescription(value) ?? value.description : value.description
  }
  guard structure.fields.count == 2, let kind = FoundationStruct(value.encoding) else {
    return hexDescription(value) ?? value.description
  }
  func number(_ field: Value) -> String {
    if case .uint64(let whole) = field { return String(whole) }  // an NSRange's, exactly
    guard let double = field.doubleValue else { return field.description }
    let text = String(double)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
  func pair(_ field: Value) -> String {
    guard case .structure(let inner) = field, inner.fields.count == 2 else { return field.description }
    return "{\(number(inner.fields[0])), \(number(inner.fields[1]))}"
  }
  let fields = structure.fields
  let text = kind == .rect ? "{\(pair(fields[0])), \(pair(fields[1]))}" : "{\(number(fields[0])), \(number(fields[1]))}"
  return "\(kind.typeName): \(text)"
}

/// The bytes of `value` in hex, as `<05000000>`: written as the one member of a union, whose
/// description is its bytes; nil when no `Union` holds them (an object pointer among them).
private func hexDescription(_ value: Value) -> String? {
  let overlay = TypeEncoding.union(name: "?", fields: [.init(value.encoding)])
  return (try? Union(overlay, member: 0, value)).map { Value.union($0).description }
}

enum NSNumberMethods {
  static let all = ClassMethods(
    instance: [
      Sorting.descriptionWithLocale,
      accessor("boolValue", "B") { .bool($0 != 0) },
      accessor("charValue", "c") { .int8(Int8(truncatingIfNeeded: cInteger($0))) },
      accessor("shortValue", "s") { .int16(Int16(truncatingIfNeeded: cInteger($0))) },
      accessor("intValue", "i") { .int32(Int32(truncatingIfNeeded: cInteger($0))) },
      accessor("integerValue", "q") { .int64(cInteger($0)) },
      accessor("longLongValue", "q") { .int64(cInteger($0)) },
      accessor("longValue", "q") { .int64(cInteger($0)) },  // LP64: a long is 64 bits, encoded q
      accessor("unsignedCharValue", "C") { .uint8(UInt8(truncatingIfNeeded: cInteger($0))) },
      accessor("unsignedShortValue", "S") { .uint16(UInt16(truncatingIfNeeded: cInteger($0))) },
      accessor("unsignedIntValue", "I") { .uint32(UInt32(truncatingIfNeeded: cInteger($0))) },
      accessor("unsignedLongValue", "Q") { .uint64(UInt64(truncatingIfNeeded: cInteger($0))) },
      accessor("unsignedIntegerValue", "Q") { .uint64(UInt64(truncatingIfNeeded: cInteger($0))) },
      accessor("unsignedLongLongValue", "Q") { .uint64(UInt64(truncatingIfNeeded: cInteger($0))) },
      accessor("floatValue", "f") { .float(Float($0)) },
      accessor("doubleValue", "d") { .double($0) },
      MethodEntry("stringValue", "@16@0:8") { receiver, selector, _ in .string(try Describing.text(of: try number(receiver, selector))) },
      MethodEntry("description", "@16@0:8") { receiver, selector, _ in
        .string(try Describing.text(of: try number(receiver, selector)))
      },
      MethodEntry("compare:", "q24@0:8@16") { receiver, selector, arguments in
        let other = try Message.object(arguments[0], receiver, selector, what: "number")
        let own = try number(receiver, selector)
        guard let order = own.numericOrder(comparedTo: other) else {
          // The argument is asked its objCType first, as GNUstep-base's -compare: does: an object
          // with none (NSNull, a string) is an unrecognized selector, -[NSNull objCType] (kvo.md).
          if other.doubleValue == nil, let argument = try receiver.runtime?.object(bridging: other) {
            _ = try Runtime.msgSend(argument, "objCType")  // call-out: may be user code
          }
          throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(other) is not a number")
        }
        return .int64(Int64(order))  // exact; NaN first and -0.0 the same as 0, as CFNumberCompare
      },
      MethodEntry("isEqualToNumber:", "B24@0:8@16") { receiver, _, arguments in .bool(Value.object(receiver) == arguments[0]) },
      MethodEntry("decimalValue", "\(Decimal.structureEncoding)16@0:8") { receiver, selector, _ in
        // An NSDecimalNumber's own decimal exactly; any other number as Decimal(number:) reads it.
        let decimal = try Decimal(number: .object(receiver)) ?? Decimal(number: number(receiver, selector))
        return (decimal ?? .notANumber).structureValue
      },
    ],
    classSide: conversions.map { factory(Selector(interning: "numberWith\($0.name):"), $0.type, $0.convert) })

  /// The C types a number is made from: `+numberWithInt:` and `-initWithInt:` take an `int`.
  /// `-initWith…:` answers a new number object, not the receiver, as Foundation's placeholder
  /// from `+[NSNumber alloc]` does.
  private static let conversions: [(name: String, type: String, convert: @Sendable (Value) -> Value?)] = [
    ("Bool", "B", { $0.boolValue.map(Value.bool) }),
    ("Char", "c", { try? $0.converted(to: .char) }),
    ("UnsignedChar", "C", { try? $0.converted(to: .unsignedChar) }),
    ("Short", "s", { try? $0.converted(to: .short) }),
    ("UnsignedShort", "S", { try? $0.converted(to: .unsignedShort) }),
    ("Int", "i", { try? $0.converted(to: .int) }),
    ("UnsignedInt", "I", { try? $0.converted(to: .unsignedInt) }),
    ("Long", "q", { try? $0.converted(to: .longLong) }),  // LP64: clang encodes long as q
    ("UnsignedLong", "Q", { try? $0.converted(to: .unsignedLongLong) }),
    ("Integer", "q", { try? $0.converted(to: .longLong) }),
    ("LongLong", "q", { try? $0.converted(to: .longLong) }),
    ("UnsignedInteger", "Q", { try? $0.converted(to: .unsignedLongLong) }),
    ("UnsignedLongLong", "Q", { try? $0.converted(to: .unsignedLongLong) }),
    ("Float", "f", { try? $0.converted(to: .float) }),
    ("Double", "d", { try? $0.converted(to: .double) }),
  ]

  /// `-initWithInt:` and the rest.
  static let initializers: [MethodEntry] = conversions.map { factory(Selector(interning: "initWith\($0.name):"), $0.type, $0.convert) }

  /// A double cast to `long long` as C does (toward zero), without trapping: out of range
  /// saturates, NaN is 0 (C leaves both undefined).
  static func cInteger(_ value: Double) -> Int64 {
    guard !value.isNaN else { return 0 }
    if value >= 9_223_372_036_854_775_808.0 { return .max }  // 2^63, exactly a double
    if value <= -9_223_372_036_854_775_808 { return .min }
    return Int64(value.rounded(.towardZero))
  }

  /// What `-objCType` answers for a number: CFNumber keeps no unsigned types, so an unsigned
  /// number reports the next wider signed type (`unsigned char` as `s`, `unsigned short` as `i`,
  /// `unsigned int` and an `unsigned long long` up to `LLONG_MAX` as `q`; larger ones `Q`), and a
  /// CFBoolean reports `c`. Other values (structs, pointers) report their own encoding.
  static func objCType(of value: Value) -> String {
    switch value {
    case .bool: return "c"
    case .uint8: return "s"
    case .uint16: return "i"
    case .uint32: return "q"
    case .uint64(let number): return number <= UInt64(Int64.max) ? "q" : "Q"
    default: return value.encoding.description
    }
  }

  /// The number an NSNumber object holds.
  static func number(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> Value {
    try ValueClassMethods.value(of: receiver, selector, "NSNumber")
  }

  /// An accessor such as `-intValue`, converting the number as a C cast would (through a double
  /// for floating numbers, exactly for integers).
  private static func accessor(_ name: Selector, _ type: String, _ convert: @escaping @Sendable (Double) -> Value) -> MethodEntry {
    MethodEntry(name, "\(type)16@0:8") { receiver, selector, _ in
      let number = try number(receiver, selector)
      if let exact = try? number.converted(to: TypeEncoding(type)) { return exact }  // fits: no cast needed
      return convert(number.doubleValue ?? 0)
    }
  }

  /// `+numberWith…:`: a new number object holding the argument as the C type `type`. A send
  /// has already converted a number argument to `type` as a C call does (`numberWithChar:300`
  /// receives 44, Method+ArgumentConversion.swift in MiniRuntime), so `convert` refuses only what
  /// reaches the implementation without a send (a direct call of the IMP) and does not fit.
  private static func factory(_ name: Selector, _ type: String, _ convert: @escaping @Sendable (Value) -> Value?) -> MethodEntry {
    MethodEntry(name, "@24@0:8\(type)16") { receiver, selector, arguments in
      guard let number = convert(arguments[0].bridged) else {
        throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(arguments[0]) is not a \(type) number")
      }
      let classes = try FoundationClasses.of(receiver)
      // Sent to NSDecimalNumber (or an instance it allocated): a decimal number of the value, as
      // Foundation's `+numberWithInt:` is `[[self alloc] initWithInt:]` for any class but NSNumber.
      if ((receiver as? Class) ?? receiver.isa).isSubclass(of: classes.decimalNumber) {
        return try NSDecimalNumberMethods.box(Decimal(number: number) ?? .notANumber, receiver)
      }
      if case .bool(let yes) = number { return .object(try classes.booleanObject(yes)) }  // kCFBooleanTrue or kCFBooleanFalse
      return try ValueClassMethods.box(number, in: classes.numberConcrete)
    }
  }
}
