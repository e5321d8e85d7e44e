// NSDecimalNumber+Behaviors.swift: NSDecimalNumber's arithmetic under a behaviour (an
// NSDecimalNumberBehaviors object, or nil for the default one): the result is rounded to the
// behaviour's scale with its rounding mode, and a calculation error goes to the behaviour.
//
// Docs: docs/foundation.md#nsdecimalnumber. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound15DecimalTests.swift,
// Tests/MiniFoundationTests/NSDecimalNumberTests.swift.
//
// Each message first asks the behaviour its `-roundingMode` and computes the result rounded to
// 38 digits by that mode (as NSDecimalAdd and the others take a `roundingMode`), notes a
// calculation error (a loss of precision, an underflow, an overflow or a division by zero), and
// if there was one sends the behaviour `-exceptionDuringOperation:error:leftOperand:rightOperand:`:
// it may raise, answer a number (which is then the answer) or answer nil, and the operation
// goes on with NaN for an overflow or a division by zero, zero for an underflow. Then it sends
// `-scale` and rounds the result to it by the same mode (NSDecimalRound). No behaviour (nil)
// means the one `+setDefaultBehavior:` set on this thread (NSDecimalNumber+DefaultBehavior.swift),
// else the default: NSRoundPlain, every digit kept, every error raising but a loss of precision.
// Stateless; the messages to the behaviour are call-outs made with no lock held.

enum NSDecimalNumberBehaviors {
  /// An operation on two decimals rounding by a mode, noting whether a digit was lost.
  typealias Operation = @Sendable (Decimal, Decimal, Decimal.RoundingMode, inout Bool) throws(FoundationError) -> Decimal
  /// An operation on a decimal and a whole number (a power).
  typealias PowerOperation = @Sendable (Decimal, Int, Decimal.RoundingMode, inout Bool) throws(FoundationError) -> Decimal

  static let instance: [MethodEntry] =
    arithmetic("decimalNumberByAdding:") { a, b, mode, lost throws(FoundationError) in try a.adding(b, mode: mode, lost: &lost) }
    + arithmetic("decimalNumberBySubtracting:") { a, b, mode, lost throws(FoundationError) in
      try a.adding(b.negated, mode: mode, lost: &lost)
    }
    + arithmetic("decimalNumberByMultiplyingBy:") { a, b, mode, lost throws(FoundationError) in
      try a.multiplying(by: b, mode: mode, lost: &lost)
    }
    + arithmetic("decimalNumberByDividingBy:") { a, b, mode, lost throws(FoundationError) in
      try a.dividing(by: b, mode: mode, lost: &lost)
    }
    + power("decimalNumberByMultiplyingByPowerOf10:", "@20@0:8s16", "@28@0:8s16@20") { a, power, mode, lost throws(FoundationError) in
      try a.multiplying(byPowerOf10: power, mode: mode, lost: &lost)
    }
    + power("decimalNumberByRaisingToPower:", "@24@0:8Q16", "@32@0:8Q16@24") { a, power, mode, lost throws(FoundationError) in
      try a.raising(toPower: power, mode: mode, lost: &lost)
    }
    + [
      MethodEntry("decimalNumberByRoundingAccordingToBehavior:", "@24@0:8@16") { receiver, selector, arguments in
        let mine = try NSDecimalNumberMethods.decimal(receiver, selector)
        let behaviour = NSDecimalNumberDefaultBehavior.resolved(arguments[0], receiver)
        let mode = try roundingMode(behaviour)
        return try NSDecimalNumberMethods.box(try mine.rounded(scale: try scale(behaviour), mode: mode), receiver)
      }
    ]

  /// `name` (the default behaviour) and `name` + `withBehavior:`: a number operand, checked as
  /// `-decimalValue` reads it.
  private static func arithmetic(_ name: String, _ operation: @escaping Operation) -> [MethodEntry] {
    [(name, "@24@0:8@16"), (name + "withBehavior:", "@32@0:8@16@24")].map { selectorName, types in
      MethodEntry(Selector(interning: selectorName), types) { receiver, selector, arguments in
        let operand = try NSDecimalNumberMethods.operand(arguments[0], receiver, selector)
        let behaviour = arguments.count > 1 ? arguments[1] : .nil
        return try calculate(receiver, selector, right: arguments[0], behaviour: behaviour) { mine, mode, lost throws(FoundationError) in
          try operation(mine, operand, mode, &lost)
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
        return try calculate(receiver, selector, right: .nil, behaviour: behaviour) { mine, mode, lost throws(FoundationError) in
          try operation(mine, whole, mode, &lost)
        }
      }
    }
  }

  /// The operation on the receiver's decimal, rounding by the mode of `behaviour` (nil: the
  /// default behaviour), its error given to that behaviour, its result rounded to its scale.
  private static func calculate(
    _ receiver: Object, _ selector: Selector, right: Value, behaviour given: Value,
    _ operation: (Decimal, Decimal.RoundingMode, inout Bool) throws(FoundationError) -> Decimal
  ) throws -> Value {
    let mine = try NSDecimalNumberMethods.decimal(receiver, selector)
    let behaviour = NSDecimalNumberDefaultBehavior.resolved(given, receiver)
    let mode = try roundingMode(behaviour)
    var lost = false
    do {
      let result = try operation(mine, mode, &lost)
      return try finish(lost ? 1 : 0, result, mode, receiver, selector, right: right, behaviour: behaviour)
    } catch {
      guard let code = calculationError(of: error) else { throw error }
      return try finish(code, code == 2 ? .zero : .notANumber, mode, receiver, selector, right: right, behaviour: behaviour)
    }
  }

  /// `result` after the behaviour heard of `error` (0: none) and rounded it to its scale.
  private static func finish(
    _ error: Int, _ result: Decimal, _ mode: Decimal.RoundingMode, _ receiver: Object, _ selector: Selector, right: Value,
    behaviour: Value
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
    return try NSDecimalNumberMethods.box(try result.rounded(scale: try scale(behaviour), mode: mode), receiver)
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

  /// The rounding mode `behaviour` answers (`-roundingMode`); NSRoundPlain for nil, the
  /// default behaviour.
  private static func roundingMode(_ behaviour: Value) throws -> Decimal.RoundingMode {
    guard case .object(let object) = behaviour else { return .plain }
    return try Runtime.msgSend(object, "roundingMode").bridged.intValue.flatMap(Decimal.RoundingMode.init(rawValue:)) ?? .plain  // call-out
  }

  /// The scale `behaviour` answers (`-scale`); every digit kept for nil, the default behaviour.
  private static func scale(_ behaviour: Value) throws -> Int {
    guard case .object(let object) = behaviour else { return Decimal.noScale }
    return try Runtime.msgSend(object, "scale").bridged.intValue ?? Decimal.noScale  // call-out
  }
}
