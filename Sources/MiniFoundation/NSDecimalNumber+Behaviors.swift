// NSDecimalNumber+Behaviors.swift: NSDecimalNumber's arithmetic under a behaviour (an
// NSDecimalNumberBehaviors object, or nil for the default one): the result is rounded to the
// behaviour's scale with its rounding mode, and a calculation error goes to the behaviour.
//
// Docs: docs/foundation.md#nsdecimalnumber. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound15DecimalTests.swift,
// Tests/MiniFoundationTests/NSDecimalNumberTests.swift.
//
// Each message computes the exact result rounded to 38 digits (half away from zero, whatever
// the behaviour's mode: see docs), notes a calculation error (a loss of precision, an underflow,
// an overflow or a division by zero), and if there was one sends the behaviour
// `-exceptionDuringOperation:error:leftOperand:rightOperand:`: it may raise, answer a number
// (which is then the answer) or answer nil, and the operation goes on with NaN for an overflow
// or a division by zero, zero for an underflow. Then it sends `-scale` and `-roundingMode` and
// rounds the result (NSDecimalRound). The default behaviour (nil) raises every error but a loss
// of precision and keeps every digit. Stateless; the messages to the behaviour are call-outs
// made with no lock held.

enum NSDecimalNumberBehaviors {
  /// An operation on two decimals, noting whether a digit was lost.
  typealias Operation = @Sendable (Decimal, Decimal, inout Bool) throws(FoundationError) -> Decimal
  /// An operation on a decimal and a whole number (a power).
  typealias PowerOperation = @Sendable (Decimal, Int, inout Bool) throws(FoundationError) -> Decimal

  static let instance: [MethodEntry] =
    arithmetic("decimalNumberByAdding:") { a, b, lost throws(FoundationError) in try a.adding(b, lost: &lost) }
    + arithmetic("decimalNumberBySubtracting:") { a, b, lost throws(FoundationError) in try a.adding(b.negated, lost: &lost) }
    + arithmetic("decimalNumberByMultiplyingBy:") { a, b, lost throws(FoundationError) in try a.multiplying(by: b, lost: &lost) }
    + arithmetic("decimalNumberByDividingBy:") { a, b, lost throws(FoundationError) in try a.dividing(by: b, lost: &lost) }
    + power("decimalNumberByMultiplyingByPowerOf10:", "@20@0:8s16", "@28@0:8s16@20") { a, power, lost throws(FoundationError) in
      try a.multiplying(byPowerOf10: power, lost: &lost)
    }
    + power("decimalNumberByRaisingToPower:", "@24@0:8Q16", "@32@0:8Q16@24") { a, power, lost throws(FoundationError) in
      try a.raising(toPower: power, lost: &lost)
    }
    + [
      MethodEntry("decimalNumberByRoundingAccordingToBehavior:", "@24@0:8@16") { receiver, selector, arguments in
        let mine = try NSDecimalNumberMethods.decimal(receiver, selector)
        let (scale, mode) = try rounding(arguments[0])
        return try NSDecimalNumberMethods.box(try mine.rounded(scale: scale, mode: mode), receiver)
      }
    ]

  /// `name` (the default behaviour) and `name` + `withBehavior:`: a number operand, checked as
  /// `-decimalValue` reads it.
  private static func arithmetic(_ name: String, _ operation: @escaping Operation) -> [MethodEntry] {
    [(name, "@24@0:8@16"), (name + "withBehavior:", "@32@0:8@16@24")].map { selectorName, types in
      MethodEntry(Selector(interning: selectorName), types) { receiver, selector, arguments in
        let operand = try NSDecimalNumberMethods.operand(arguments[0], receiver, selector)
        let behaviour = arguments.count > 1 ? arguments[1] : .nil
        return try calculate(receiver, selector, right: arguments[0], behaviour: behaviour) { mine, lost throws(FoundationError) in
          try operation(mine, operand, &lost)
        }
      }
    }
  }

  /// `name` and `name` + `withBehavior:` (of types `types` and `behaviourTypes`) with a
  /// whole-number operand.
  private static func power(
    _ name: String, _ types: String, _ behaviourTypes: String, _ operation: @escaping PowerOperation
  ) -> [MethodEntry] {
    [(name, types), (name + "withBehavior:", behaviourTypes)].map { selectorName, types in
      MethodEntry(Selector(interning: selectorName), types) { receiver, selector, arguments in
        let whole = arguments[0].bridged.intValue ?? 0
        let behaviour = arguments.count > 1 ? arguments[1] : .nil
        return try calculate(receiver, selector, right: .nil, behaviour: behaviour) { mine, lost throws(FoundationError) in
          try operation(mine, whole, &lost)
        }
      }
    }
  }

  /// The operation on the receiver's decimal, its error given to `behaviour`, its result rounded
  /// as `behaviour` says.
  private static func calculate(
    _ receiver: Object, _ selector: Selector, right: Value, behaviour: Value,
    _ operation: (Decimal, inout Bool) throws(FoundationError) -> Decimal
  ) throws -> Value {
    let mine = try NSDecimalNumberMethods.decimal(receiver, selector)
    var lost = false
    do {
      let result = try operation(mine, &lost)
      return try finish(lost ? 1 : 0, result, receiver, selector, right: right, behaviour: behaviour)
    } catch {
      guard let code = calculationError(of: error) else { throw error }
      return try finish(code, code == 2 ? .zero : .notANumber, receiver, selector, right: right, behaviour: behaviour)
    }
  }

  /// `result` after the behaviour heard of `error` (0: none) and rounded it.
  private static func finish(
    _ error: Int, _ result: Decimal, _ receiver: Object, _ selector: Selector, right: Value, behaviour: Value
  ) throws -> Value {
    if error != 0 {
      switch behaviour {
      case .nil:
        if error != 1, let raised = NSDecimalNumberHandlerMethods.calculationError(error) { throw raised }
      default:
        let answer = try Runtime.msgSend(  // call-out: the behaviour may be the user's
          try Message.object(behaviour, receiver, selector, what: "behavior").objectValue,
          "exceptionDuringOperation:error:leftOperand:rightOperand:",
          arguments: Arguments([.selector(selector), .uint64(UInt64(error)), .object(receiver), right]))
        if case .object = answer { return answer }
      }
    }
    let (scale, mode) = try rounding(behaviour)
    return try NSDecimalNumberMethods.box(try result.rounded(scale: scale, mode: mode), receiver)
  }

  /// The `NSCalculationError` of a decimal operation's error; nil for any other error.
  private static func calculationError(of error: any Error) -> Int? {
    switch (error as? FoundationError)?.code {
    case .decimalUnderflow: return 2
    case .decimalOverflow: return 3
    case .decimalDivideByZero: return 4
    default: return nil
    }
  }

  /// The scale and rounding mode `behaviour` answers (`-scale`, `-roundingMode`); the default
  /// behaviour's for nil: every digit kept, NSRoundPlain.
  private static func rounding(_ behaviour: Value) throws -> (scale: Int, mode: Decimal.RoundingMode) {
    guard case .object(let object) = behaviour else { return (Decimal.noScale, .plain) }
    let scale = try Runtime.msgSend(object, "scale").bridged.intValue ?? Decimal.noScale  // call-outs
    let mode = try Runtime.msgSend(object, "roundingMode").bridged.intValue.flatMap(Decimal.RoundingMode.init(rawValue:))
    return (scale, mode ?? .plain)
  }
}
