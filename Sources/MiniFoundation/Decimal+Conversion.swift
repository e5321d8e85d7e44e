// Decimal+Conversion.swift: a decimal from text or from a number value.
//
// Docs: docs/foundation.md#nsdecimalnumber. Tests: Tests/MiniFoundationTests/NSDecimalNumberTests.swift.
//
// Text is read as `decimalNumberWithString:` reads it: optional spaces, a sign, digits with at
// most one point, an optional exponent (`e-5`); reading stops at the first character that does
// not fit, and no digits at all is not a number. A number value converts as `-decimalValue`
// does: an integer exactly; a double as the decimal its shortest description spells (`0.1` is
// one tenth, not the binary fraction nearest it, which is how Foundation's `@sum` makes 0.1 +
// 0.2 exactly 0.3); a float widened to double first, as NSNumber's accessors widen it (`0.1f`
// is 0.10000000149011612). No state.

extension Decimal {
  /// The decimal value of a number, as its `-decimalValue` gives it: an `NSDecimalNumber`
  /// exactly, an integer or `Bool` exactly, a double as its shortest description spells it, a
  /// float as the double it widens to spells it (not a number for NaN and infinities). Nil for
  /// anything that is not a number.
  ///
  /// ```swift
  /// Decimal(number: .double(0.1))?.description   // "0.1"
  /// Decimal(number: .float(0.1))?.description    // "0.10000000149011612"
  /// Decimal(number: "0.1")                       // nil: a string is not a number
  /// ```
  ///
  /// Objective-C: `-[NSNumber decimalValue]`
  public init?(number value: Value) {
    if case .object(let object) = value, let storage = object.bridgedStorage as? DecimalStorage {
      self = storage.decimal
      return
    }
    switch value.bridged {
    case .bool(let flag): self = flag ? .one : .zero
    case .int8, .int16, .int32, .int64:
      guard let whole = value.bridged.intValue else { return nil }
      self.init(Int64(whole))
    case .uint8(let whole): self.init(magnitude: UInt64(whole))
    case .uint16(let whole): self.init(magnitude: UInt64(whole))
    case .uint32(let whole): self.init(magnitude: UInt64(whole))
    case .uint64(let whole): self.init(magnitude: whole)
    case .float(let number): self.init(number: .double(Double(number)))
    case .double(let number): self = number.isFinite ? Decimal(string: number.description) : .notANumber
    default: return nil
    }
  }
}

/// Reading a decimal from text.
enum DecimalParsing {
  /// The decimal at the start of `text`, `decimalSeparator` before its fraction, or nil if there
  /// is none or it is out of range.
  static func parse(_ text: String, decimalSeparator: String = ".") -> Decimal? {
    let start = NSStringMethods.signedStart(of: text)
    let isNegative = start.sign == "-"
    var characters = start.rest
    var digits: [UInt8] = []  // most significant first while reading
    var exponent = 0
    var sawDigit = false
    var afterPoint = false
    while let character = characters.first {
      if !afterPoint, !decimalSeparator.isEmpty, characters.starts(with: decimalSeparator) {
        afterPoint = true
        characters = characters.dropFirst(decimalSeparator.count)
        continue
      } else if let digit = character.wholeNumberValue, character.isASCII {
        sawDigit = true
        if !(digit == 0 && digits.isEmpty) { digits.append(UInt8(digit)) }  // leading zeros are dropped
        if afterPoint { exponent -= 1 }
      } else {
        break
      }
      characters = characters.dropFirst()
    }
    guard sawDigit else { return nil }
    if let marker = characters.first, marker == "e" || marker == "E" {
      var rest = characters.dropFirst()
      var negativePower = false
      if let sign = rest.first, sign == "-" || sign == "+" {
        negativePower = sign == "-"
        rest = rest.dropFirst()
      }
      let powerText = rest.prefix { $0.isASCII && $0.isWholeNumber }
      if !powerText.isEmpty {
        guard let power = Int(powerText), power <= 100_000 else { return nil }
        exponent += negativePower ? -power : power
      }
    }
    return try? Decimal.make(digits.reversed(), exponent: exponent, isNegative: isNegative && !digits.isEmpty)
  }
}
