// NSDecimalNumberHandler.swift: NSDecimalNumberHandler, the behaviour object that tells an
// NSDecimalNumber how to round and which calculation errors raise.
//
// Docs: docs/foundation.md#nsdecimalnumber. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound15DecimalTests.swift.
//
// Model: a handler carries a rounding mode, a scale and four "raise on …" flags, set by
// `-initWithRoundingMode:scale:raiseOnExactness:raiseOnOverflow:raiseOnUnderflow:raiseOnDivideByZero:`
// in a storage attached by `+alloc`. It answers NSDecimalNumberBehaviors: `-roundingMode`,
// `-scale` and `-exceptionDuringOperation:error:leftOperand:rightOperand:`, which raises the
// exception of a calculation error whose flag is set and answers nil for the others (the
// operation then answers its own result: NaN for an overflow or a division by zero, zero for an
// underflow, the rounded number for a loss of precision). `+defaultDecimalNumberHandler` is
// Apple's default behaviour: NSRoundPlain, NSDecimalNoScale, every error raising but exactness;
// one shared handler per runtime (held weakly by it, as NSNull's instance is).
// Locking: the fields sit behind their own lock, written by `-init…` (once, before the handler
// is shared) and read by the other messages; both are short and call no user code.

/// What an `NSDecimalNumberHandler` holds.
final class DecimalHandlerStorage: BridgedStorage {
  struct Fields: Sendable, Hashable {
    var mode = Decimal.RoundingMode.plain
    var scale = Decimal.noScale
    /// The errors that raise, by `NSCalculationError` (1 loss of precision, 2 underflow,
    /// 3 overflow, 4 divide by zero).
    var raising: Set<Int> = [2, 3, 4]
  }

  let fields: Locked<Fields>

  init(_ fields: Fields = Fields()) { self.fields = Locked(fields) }

  var current: Fields { fields.withLock { $0 } }

  /// A handler has no Swift value to bridge to; it is equal only to itself.
  var bridgedValue: Value? { nil }

  func isEqual(to other: any BridgedStorage) -> Bool { self === other }

  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  var description: String { "NSDecimalNumberHandler" }
}

enum NSDecimalNumberHandlerMethods {
  private static let initializer: Selector =
    "initWithRoundingMode:scale:raiseOnExactness:raiseOnOverflow:raiseOnUnderflow:raiseOnDivideByZero:"

  static let all = ClassMethods(
    instance: [
      MethodEntry(initializer, "@40@0:8Q16s24B26B27B28B29") { receiver, selector, arguments in
        let storage = try storage(receiver, selector)
        guard let mode = arguments[0].bridged.intValue.flatMap(Decimal.RoundingMode.init(rawValue:)),
          let scale = arguments[1].bridged.intValue
        else {
          throw FoundationError(
            .invalidArgument, "*** \(Message.name(receiver, selector)): \(arguments[0]) is not an NSRoundingMode")
        }
        var fields = DecimalHandlerStorage.Fields(mode: mode, scale: scale, raising: [])
        for (position, error) in zip(2..<6, [1, 3, 2, 4]) where arguments.count > position && arguments[position].boolValue == true {
          fields.raising.insert(error)  // exactness, overflow, underflow, divide by zero, in the selector's order
        }
        storage.fields.withLock { $0 = fields }
        return .object(receiver)
      },
      MethodEntry("roundingMode", "Q16@0:8") { receiver, selector, _ in
        .uint64(UInt64(try storage(receiver, selector).current.mode.rawValue))
      },
      MethodEntry("scale", "s16@0:8") { receiver, selector, _ in .int16(Int16(clamping: try storage(receiver, selector).current.scale)) },
      MethodEntry("exceptionDuringOperation:error:leftOperand:rightOperand:", "@48@0:8:16Q24@32@40") {
        receiver, selector, arguments in
        let error = arguments[1].bridged.intValue ?? 0
        if try storage(receiver, selector).current.raising.contains(error), let raised = calculationError(error) { throw raised }
        return .nil
      },
    ],
    classSide: [
      MethodEntry("alloc", "@16@0:8") { receiver, _, _ in
        guard let cls = receiver as? Class else { return .nil }
        return .object(try cls.createInstance(bridgedStorage: DecimalHandlerStorage()))
      },
      CollectionLifecycle.convenience(
        "decimalNumberHandlerWithRoundingMode:scale:raiseOnExactness:raiseOnOverflow:raiseOnUnderflow:raiseOnDivideByZero:",
        "@40@0:8Q16s24B26B27B28B29", initializer),
      MethodEntry("defaultDecimalNumberHandler", "@16@0:8") { receiver, _, _ in
        .object(try FoundationClasses.of(receiver).defaultDecimalHandler())  // one shared handler, as Apple's
      },
    ])

  /// The exception of an `NSCalculationError`, with Foundation's reason; nil for no error.
  static func calculationError(_ error: Int) -> FoundationError? {
    switch error {
    case 1: return FoundationError(.decimalExactness, "NSDecimalNumber exactness exception")
    case 2: return FoundationError(.decimalUnderflow, "NSDecimalNumber underflow exception")
    case 3: return FoundationError(.decimalOverflow, "NSDecimalNumber overflow exception")
    case 4: return FoundationError(.decimalDivideByZero, "NSDecimalNumber divide by zero exception")
    default: return nil
    }
  }

  /// The storage of a handler object, or the abstract-class error.
  private static func storage(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> DecimalHandlerStorage {
    guard let storage = receiver.bridgedStorage as? DecimalHandlerStorage else {
      throw Message.abstract(receiver, selector, "NSDecimalNumberHandler")
    }
    return storage
  }
}
