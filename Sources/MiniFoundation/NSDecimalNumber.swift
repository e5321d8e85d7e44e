// NSDecimalNumber.swift: NSDecimalNumber, the exact decimal number `@sum` and `@avg` answer.
//
// Docs: docs/foundation.md#nsdecimalnumber. Tests: Tests/MiniFoundationTests/NSDecimalNumberTests.swift.
//
// As in Foundation, `NSDecimalNumber` is a subclass of `NSNumber` and a concrete class (no
// private subclass): each instance holds one `Decimal` (DecimalStorage), set when it is made.
// It bridges to the nearest plain number (an `.int64` when whole and in range, else a
// `.double`), so every `NSNumber` message (`intValue`, `doubleValue`, `boolValue`, …) and
// `Value`'s `==` with a plain number work as they would on the nearest `NSNumber`; its own
// messages (`description`, `compare:`, `isEqual:`, the arithmetic) use the exact decimal.
// Immutable objects: no lock.

/// What an `NSDecimalNumber` object carries: its exact decimal.
final class DecimalStorage: BridgedStorage {
  let decimal: Decimal
  init(_ decimal: Decimal) { self.decimal = decimal }

  /// The nearest plain number, so that Swift-side reads (`intValue`, `doubleValue`) and `==`
  /// with a plain number treat it as `NSNumber`'s `isEqual:` would.
  var bridgedValue: Value? { decimal.nearestNumber }

  /// Exactly equal decimals, or a number whose decimal value is exactly this one.
  func isEqual(to other: any BridgedStorage) -> Bool {
    if let other = other as? DecimalStorage { return decimal == other.decimal }
    guard let value = other.bridgedValue, let theirs = Decimal(number: value) else { return false }
    return decimal == theirs
  }

  func hash(into hasher: inout Hasher) { hasher.combine(decimal.nearestNumber) }

  var description: String { decimal.description }
}

enum NSDecimalNumberMethods {
  static let all = ClassMethods(
    instance: [
      MethodEntry("initWithString:", "@24@0:8@16") { receiver, selector, arguments in
        // A new number, not the receiver, as Foundation's placeholder answers.
        try box(Decimal(string: try text(arguments[0], receiver, selector)), receiver)
      },
      MethodEntry("compare:", "q24@0:8@16") { receiver, selector, arguments in
        .int64(Int64(try decimal(receiver, selector).compare(try operand(arguments[0], receiver, selector))))
      },
      MethodEntry("isEqual:", "B24@0:8@16") { receiver, selector, arguments in
        .bool(Decimal(number: arguments[0]) == (try decimal(receiver, selector)))
      },
      MethodEntry("isEqualToNumber:", "B24@0:8@16") { receiver, selector, arguments in
        .bool(Decimal(number: arguments[0]) == (try decimal(receiver, selector)))
      },
      MethodEntry("initWithString:locale:", "@32@0:8@16@24") { receiver, selector, arguments in
        let separator = try LocaleDictionary.decimalSeparator(arguments[1], receiver, selector)
        return try box(Decimal(string: try text(arguments[0], receiver, selector), decimalSeparator: separator), receiver)
      },
      MethodEntry("description", "@16@0:8") { receiver, selector, _ in .string(try decimal(receiver, selector).description) },
      MethodEntry("descriptionWithLocale:", "@24@0:8@16") { receiver, selector, arguments in
        // NSDecimalString: the locale's NSDecimalSeparator in place of the point.
        let separator = try LocaleDictionary.decimalSeparator(arguments[0], receiver, selector)
        return .string(Describing.localized(try decimal(receiver, selector).description, decimalSeparator: separator))
      },
      MethodEntry("stringValue", "@16@0:8") { receiver, selector, _ in .string(try decimal(receiver, selector).description) },
      MethodEntry("objCType", "r*16@0:8") { _, _, _ in .cString("d") },  // Foundation's answer, whatever the value
      MethodEntry("initWithDecimal:", "@36@0:8\(Decimal.structureEncoding)16") { receiver, selector, arguments in
        try box(try structure(arguments[0], receiver, selector), receiver)
      },
    ],
    classSide: [
      MethodEntry("decimalNumberWithString:", "@24@0:8@16") { receiver, selector, arguments in
        try box(Decimal(string: try text(arguments[0], receiver, selector)), receiver)
      },
      MethodEntry("decimalNumberWithString:locale:", "@32@0:8@16@24") { receiver, selector, arguments in
        let separator = try LocaleDictionary.decimalSeparator(arguments[1], receiver, selector)
        return try box(Decimal(string: try text(arguments[0], receiver, selector), decimalSeparator: separator), receiver)
      },
      MethodEntry("decimalNumberWithMantissa:exponent:isNegative:", "@32@0:8Q16s24B28") { receiver, selector, arguments in
        guard let mantissa = unsigned(arguments[0]), let exponent = arguments[1].bridged.intValue
        else {
          throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(arguments[0]) × 10^\(arguments[1]) is not a decimal")
        }
        let decimal = try Decimal(mantissa: mantissa, exponent: exponent, isNegative: arguments[2].boolValue ?? false)
        return try box(decimal, receiver)
      },
      MethodEntry("decimalNumberWithDecimal:", "@36@0:8\(Decimal.structureEncoding)16") { receiver, selector, arguments in
        try box(try structure(arguments[0], receiver, selector), receiver)
      },
      MethodEntry("zero", "@16@0:8") { receiver, _, _ in try box(.zero, receiver) },
      MethodEntry("one", "@16@0:8") { receiver, _, _ in try box(.one, receiver) },
      MethodEntry("notANumber", "@16@0:8") { receiver, _, _ in try box(.notANumber, receiver) },
      MethodEntry("maximumDecimalNumber", "@16@0:8") { receiver, _, _ in try box(.greatestFiniteMagnitude, receiver) },
      MethodEntry("minimumDecimalNumber", "@16@0:8") { receiver, _, _ in try box(Decimal.greatestFiniteMagnitude.negated, receiver) },
    ])

  /// The decimal an `NSDecimalNumber` holds, or the abstract-class error.
  static func decimal(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> Decimal {
    guard let storage = receiver.bridgedStorage as? DecimalStorage else {
      throw Message.abstract(receiver, selector, "NSDecimalNumber")
    }
    return storage.decimal
  }

  /// A number argument's decimal value (`-decimalValue`): nil and non-numbers are refused.
  static func operand(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> Decimal {
    let argument = try Message.object(value, receiver, selector, what: "number")
    guard let decimal = Decimal(number: argument) else {
      throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(argument) is not a number")
    }
    return decimal
  }

  /// An `NSDecimal` struct argument's decimal; anything else is refused.
  private static func structure(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> Decimal {
    guard let decimal = Decimal(structure: value) else {
      throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(value) is not an NSDecimal")
    }
    return decimal
  }

  /// A string argument's text; nil and anything else are refused.
  private static func text(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> String {
    let argument = try Message.object(value, receiver, selector, what: "string")
    guard let text = NSStringMethods.text(of: argument)?.lossy else {  // no digit is a surrogate
      throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(argument) is not a string")
    }
    return text
  }

  /// An `unsigned long long` argument, if the value is one.
  private static func unsigned(_ value: Value) -> UInt64? {
    if case .uint64(let whole) = value.bridged { return whole }
    return value.bridged.intValue.flatMap { UInt64(exactly: $0) }
  }

  /// A new `NSDecimalNumber` in the runtime of `receiver`.
  static func box(_ decimal: Decimal, _ receiver: Object) throws -> Value {
    .object(try FoundationClasses.of(receiver).decimalNumber.createInstance(bridgedStorage: DecimalStorage(decimal)))
  }
}

extension Runtime {
  /// A new `NSDecimalNumber` holding `decimal` (installing Foundation first if needed).
  ///
  /// ```swift
  /// let sum = try runtime.decimalNumber(Decimal(string: "0.1"))
  /// try runtime.msgSend(sum, "decimalNumberByAdding:", .object(try runtime.decimalNumber(Decimal(string: "0.2"))))
  /// // an NSDecimalNumber whose description is "0.3"
  /// ```
  ///
  /// - Throws: What installing Foundation throws.
  ///
  /// Objective-C: `[NSDecimalNumber decimalNumberWithDecimal:decimal]`
  public func decimalNumber(_ decimal: Decimal) throws -> Object {
    try FoundationClasses.of(self).decimalNumber.createInstance(bridgedStorage: DecimalStorage(decimal))
  }
}

extension Value {
  /// The exact decimal of an `NSDecimalNumber` object, or the decimal value of any other number
  /// (see ``Decimal/init(number:)``); nil for anything that is not a number.
  ///
  /// Objective-C: `-[NSNumber decimalValue]`
  public var decimalValue: Decimal? { Decimal(number: self) }
}
