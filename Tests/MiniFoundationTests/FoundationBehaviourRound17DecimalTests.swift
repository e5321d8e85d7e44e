// FoundationBehaviourRound17DecimalTests.swift: NSDecimalNumber's rounding mode inside an
// operation (NSDecimalAdd and the others take a `roundingMode` for the digits past 38), and
// `+setDefaultBehavior:` / `+defaultBehavior` ("one behavior per thread", Apple's
// NSDecimalNumber.h). The numbers are chosen so that the exact result needs more digits than
// a 128-bit mantissa holds, whatever its count of digits; and that mantissa itself, which
// keeps any number up to 2^128 - 1 (docs/foundation.md#nsdecimalnumber).

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound17DecimalTests {
  private static let plain = 0, down = 1, up = 2, bankers = 3

  private func decimal(_ text: String, in runtime: Runtime) throws -> Value {
    try send(try foundationClass("NSDecimalNumber", in: runtime), "decimalNumberWithString:", .string(text))
  }

  private func handler(
    _ mode: Int, scale: Int = Decimal.noScale, exactness: Bool = false, divideByZero: Bool = true, in runtime: Runtime
  ) throws -> Value {
    try decimalNumberHandler(mode, scale: scale, exactness: exactness, divideByZero: divideByZero, in: runtime)
  }

  private func text(_ value: Value) throws -> String? { try send(value.objectValue, "description").stringValue }

  @Test func theBehavioursModeRoundsTheDigitsAnOperationCannotKeep() throws {
    let runtime = Runtime()
    let large = "99999999999999999999999999999999999998"  // 38 digits
    func calculate(_ left: String, _ selector: Selector, _ right: String, _ mode: Int) throws -> String? {
      try text(try send(try decimal(left, in: runtime).objectValue, selector, try decimal(right, in: runtime), try handler(mode, in: runtime)))
    }
    let add: Selector = "decimalNumberByAdding:withBehavior:"
    #expect(try calculate(large, add, "0.5", Self.plain) == "99999999999999999999999999999999999999", "a half away from zero")
    #expect(try calculate(large, add, "0.5", Self.down) == "99999999999999999999999999999999999998", "toward negative infinity")
    #expect(try calculate(large, add, "0.5", Self.up) == "99999999999999999999999999999999999999")
    #expect(try calculate(large, add, "0.5", Self.bankers) == "99999999999999999999999999999999999998", "a half to even")
    #expect(try calculate(large, add, "0.4", Self.up) == "99999999999999999999999999999999999999", "up takes any digit dropped")
    #expect(try calculate(large, add, "0.6", Self.down) == "99999999999999999999999999999999999998", "down drops it")
    let subtract: Selector = "decimalNumberBySubtracting:withBehavior:"
    #expect(try calculate("-" + large, subtract, "0.5", Self.down) == "-99999999999999999999999999999999999999")
    #expect(try calculate("-" + large, subtract, "0.5", Self.up) == "-99999999999999999999999999999999999998")
    #expect(try calculate("-" + large, subtract, "0.5", Self.bankers) == "-99999999999999999999999999999999999998")
    let divide: Selector = "decimalNumberByDividingBy:withBehavior:"
    #expect(try calculate("2", divide, "3", Self.plain) == "0.66666666666666666666666666666666666667")
    #expect(try calculate("2", divide, "3", Self.down) == "0.66666666666666666666666666666666666666")
    #expect(try calculate("2", divide, "3", Self.bankers) == "0.66666666666666666666666666666666666667")
    #expect(try calculate("-2", divide, "3", Self.down) == "-0.66666666666666666666666666666666666667")
    #expect(try calculate("-2", divide, "3", Self.up) == "-0.66666666666666666666666666666666666666")
    let multiply: Selector = "decimalNumberByMultiplyingBy:withBehavior:"
    let nines = String(repeating: "9", count: 38)
    #expect(try calculate(nines, multiply, "4.5", Self.plain) == "45" + String(repeating: "0", count: 37))
    #expect(try calculate(nines, multiply, "4.5", Self.down) == "44" + String(repeating: "9", count: 36) + "0")
  }

  @Test func theDefaultBehaviourIsTheSharedDefaultHandlerUntilOneIsSet() throws {
    let runtime = Runtime()
    let decimalClass = try foundationClass("NSDecimalNumber", in: runtime)
    let handlerClass = try foundationClass("NSDecimalNumberHandler", in: runtime)
    let initial = try send(decimalClass, "defaultBehavior")
    #expect(initial.objectValue === (try send(handlerClass, "defaultDecimalNumberHandler")).objectValue, "the one default handler")
    #expect(try send(handlerClass, "defaultDecimalNumberHandler").objectValue === (try send(handlerClass, "defaultDecimalNumberHandler")).objectValue)
    #expect(try send(initial.objectValue, "roundingMode") == .uint64(0))
    #expect(try send(initial.objectValue, "scale") == .int16(Int16.max))
  }

  @Test func setDefaultBehaviorRoundsTheArithmeticThatNamesNoBehaviour() throws {
    let runtime = Runtime()
    let decimalClass = try foundationClass("NSDecimalNumber", in: runtime)
    defer { _ = try? send(decimalClass, "setDefaultBehavior:", .nil) }
    let twoPlacesDown = try handler(Self.down, scale: 2, divideByZero: false, in: runtime)
    let before = try send(twoPlacesDown.objectValue, "retainCount").intValue ?? 0
    try send(decimalClass, "setDefaultBehavior:", twoPlacesDown)
    #expect(try send(twoPlacesDown.objectValue, "retainCount").intValue == before + 1, "kept while it is the default")
    #expect(try send(decimalClass, "defaultBehavior").objectValue === twoPlacesDown.objectValue)
    let two = try decimal("2", in: runtime).objectValue
    #expect(try text(try send(two, "decimalNumberByDividingBy:", try decimal("3", in: runtime))) == "0.66", "its scale and mode")
    #expect(try text(try send(two, "decimalNumberByDividingBy:withBehavior:", try decimal("3", in: runtime), .nil)) == "0.66", "nil is the default")
    #expect(try text(try send(two, "decimalNumberByDividingBy:", try decimal("0", in: runtime))) == "NaN", "its errors: no raise")
    #expect(try text(try send(try decimal("-1.005", in: runtime).objectValue, "decimalNumberByAdding:", try decimal("0", in: runtime))) == "-1.01")
    #expect(try text(try send(two, "decimalNumberByRaisingToPower:", .uint64(3))) == "8")
    #expect(try text(try send(two, "decimalNumberByMultiplyingByPowerOf10:", .int16(-3))) == "0", "0.002 down to two places")
    let loud = try handler(Self.plain, exactness: true, in: runtime)
    try send(decimalClass, "setDefaultBehavior:", loud)
    #expect(try send(twoPlacesDown.objectValue, "retainCount").intValue == before, "released when replaced")
    expectFoundationError(.decimalExactness) { try send(two, "decimalNumberByDividingBy:", try decimal("3", in: runtime)) }
    try send(decimalClass, "setDefaultBehavior:", .nil)
    #expect(try text(try send(two, "decimalNumberByDividingBy:", try decimal("3", in: runtime))) == "0.66666666666666666666666666666666666667", "nil: the default again")
    expectFoundationError(.decimalDivideByZero) { try send(two, "decimalNumberByDividingBy:", try decimal("0", in: runtime)) }
  }

  @Test func aDefaultBehaviourSetInOneRuntimeLeavesAnotherAlone() throws {
    let first = Runtime()
    let second = Runtime()
    let firstClass = try foundationClass("NSDecimalNumber", in: first)
    defer { _ = try? send(firstClass, "setDefaultBehavior:", .nil) }
    try send(firstClass, "setDefaultBehavior:", try handler(Self.plain, scale: 0, in: first))
    #expect(try text(try send(try decimal("2", in: second).objectValue, "decimalNumberByDividingBy:", try decimal("3", in: second))) == "0.66666666666666666666666666666666666667")
    #expect(try text(try send(try decimal("2", in: first).objectValue, "decimalNumberByDividingBy:", try decimal("3", in: first))) == "1")
  }

  @Test func aMantissaHoldsEveryNumberUpTo2To128Less1() throws {
    // NSDecimal's mantissa is eight 16-bit words: 39 digits fit while they are below 2^128, as
    // swift-corelibs-foundation answers (and +maximumDecimalNumber shows).
    let runtime = Runtime()
    let largest = "340282366920938463463374607431768211455"
    #expect(try text(try decimal(largest, in: runtime)) == largest)
    #expect(try text(try decimal("123456789012345678901234567890123456789", in: runtime)) == "123456789012345678901234567890123456789")
    #expect(try text(try decimal("340282366920938463463374607431768211456", in: runtime)) == "340282366920938463463374607431768211460", "past 2^128 - 1: 38 digits")
    let sum = try send(try decimal("170141183460469231731687303715884105727", in: runtime).objectValue, "decimalNumberByAdding:", try decimal("2", in: runtime))
    #expect(try text(sum) == "170141183460469231731687303715884105729")
    let product = try send(try decimal("18446744073709551616", in: runtime).objectValue, "decimalNumberByMultiplyingBy:", try decimal("18446744073709551615", in: runtime))
    #expect(try text(product) == "340282366920938463444927863358058659840", "2^64 × (2^64 - 1), exactly")
    #expect(try text(try send(try decimal("2", in: runtime).objectValue, "decimalNumberByRaisingToPower:", .uint64(127))) == "170141183460469231731687303715884105728")
    let tenth = try send(try decimal(largest, in: runtime).objectValue, "decimalNumberByDividingBy:", try decimal("10", in: runtime))
    #expect(try text(tenth) == "34028236692093846346337460743176821145.5", "an exact quotient keeps its 39 digits")
    #expect(try text(try send(try decimal("1", in: runtime).objectValue, "decimalNumberByDividingBy:", try decimal("3", in: runtime))) == "0." + String(repeating: "3", count: 38), "one that does not end keeps 38")
  }

  @Test func theLargestAndSmallestDecimalNumbersHaveTheLargestMantissaAndExponent() throws {
    let runtime = Runtime()
    let decimalClass = try foundationClass("NSDecimalNumber", in: runtime)
    let largest = "340282366920938463463374607431768211455" + String(repeating: "0", count: 127)
    let maximum = try send(decimalClass, "maximumDecimalNumber")
    #expect(try text(maximum) == largest)
    #expect(try text(try send(decimalClass, "minimumDecimalNumber")) == "-" + largest)
    let tooLarge = expectFoundationError(.decimalOverflow) { try send(maximum.objectValue, "decimalNumberByAdding:", try decimal("1e127", in: runtime)) }
    #expect(tooLarge?.exceptionName == "NSDecimalNumberOverflowException")
    #expect(try send(maximum.objectValue, "compare:", try decimal("3.4e164", in: runtime)) == .int64(1))
    #expect(try send(try send(decimalClass, "minimumDecimalNumber").objectValue, "compare:", maximum) == .int64(-1))
  }
}

@Suite struct FoundationBehaviourRound17DecimalLocaleTests {
  @Test func aLocaleDictionarysDecimalSeparatorReadsAndWritesADecimalNumber() throws {
    // Apple's documentation: the locale is "a dictionary that defines the locale (specifically
    // the NSDecimalSeparator)"; GNUstep-base, run here, gives each answer.
    let runtime = Runtime()
    let decimalClass = try foundationClass("NSDecimalNumber", in: runtime)
    let comma = try runtime.mutableDictionary(["NSDecimalSeparator": ","])
    func read(_ text: String, _ locale: Value) throws -> String? {
      let number = try send(decimalClass, "decimalNumberWithString:locale:", .string(text), locale)
      return try send(number.objectValue, "description").stringValue
    }
    #expect(try read("1,5", .object(comma)) == "1.5")
    #expect(try read("1.5", .object(comma)) == "1", "the point ends the number then")
    #expect(try read("-12,75e1", .object(comma)) == "-127.5")
    #expect(try read("1,5", .nil) == "1", "nil: the point")
    #expect(try read("2.5", .object(try runtime.mutableDictionary([:]))) == "2.5", "no separator named: the point")
    let allocated = try send(decimalClass, "alloc")
    let initialized = try send(allocated.objectValue, "initWithString:locale:", "0,25", .object(comma))
    #expect(try send(initialized.objectValue, "description") == "0.25")
    let half = try send(decimalClass, "decimalNumberWithString:", "-1.5")
    #expect(try send(half.objectValue, "descriptionWithLocale:", .object(comma)) == "-1,5")
    #expect(try send(half.objectValue, "descriptionWithLocale:", .nil) == "-1.5")
    expectFoundationError(.invalidArgument) { try send(half.objectValue, "descriptionWithLocale:", "fr_FR") }
  }
}

@Suite struct FoundationBehaviourRound17FormatLocaleTests {
  @Test func initWithFormatLocaleWritesFloatingConversionsWithTheLocalesSeparator() throws {
    // GNUstep-base, run here: "%g|%.2f|%e|%d" of 1.5, 2.25, 1.5, 3 with a comma is
    // "1,5|2,25|1,500000e+00|3"; nil is the point.
    let runtime = Runtime()
    let stringClass = try foundationClass("NSString", in: runtime)
    let comma = try runtime.mutableDictionary(["NSDecimalSeparator": ","])
    func format(_ locale: Value) throws -> Value {
      let allocated = try send(stringClass, "alloc")
      return try send(allocated.objectValue, "initWithFormat:locale:", "%g|%.2f|%e|%d|%@", locale, 1.5, 2.25, 1.5, .int32(3), "a.b")
    }
    #expect(try format(.object(comma)) == "1,5|2,25|1,500000e+00|3|a.b")
    #expect(try format(.nil) == "1.5|2.25|1.500000e+00|3|a.b")
    expectFoundationError(.invalidArgument) { _ = try format("en_US") }
    let listed = try send(try send(stringClass, "alloc").objectValue, "initWithFormat:locale:arguments:", "%.1f|%@", .object(comma), [2.5, "x"])
    #expect(listed == "2,5|x", "the values as a list (a va_list)")
    let localized = try send(stringClass, "localizedStringWithFormat:", "%.1f and %d", 2.5, .int32(7))
    #expect(localized == "2.5 and 7", "the current locale: POSIX's point here")
  }
}
