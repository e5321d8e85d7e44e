// Support.swift: small helpers shared by the MiniFoundation tests. Every test makes its own Runtime.

import Testing

@testable import MiniFoundation

/// Sends `selector` to `receiver` with `arguments`.
@discardableResult
func send(_ receiver: Object?, _ selector: Selector, _ arguments: Value...) throws -> Value {
  try Runtime.msgSend(receiver, selector, arguments: Arguments(arguments))
}

/// The UTF-16 units of a string object, read through `length` and `characterAtIndex:` (of a
/// bridged `.string`, its Swift units).
func stringUnits(_ value: Value) throws -> [UInt16] {
  if case .string(let text) = value { return Array(text.utf16) }
  let object = try #require(value.objectValue)
  let length = try #require(try send(object, "length").intValue)
  return try (0..<length).map { index in
    guard case .uint16(let unit) = try send(object, "characterAtIndex:", .int(index)) else { return 0 }
    return unit
  }
}

/// The class named `name` (Foundation installed first).
func foundationClass(_ name: String, in runtime: Runtime) throws -> Class {
  try runtime.installFoundation()
  return try #require(runtime.lookUpClass(named: name))
}

/// Runs `body`, expecting a `FoundationError` with `code`; returns it.
@discardableResult
func expectFoundationError(
  _ code: FoundationError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> FoundationError? {
  do {
    try body()
    Issue.record("expected \(code), nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as FoundationError {
    #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
    return error
  } catch {
    Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

/// A registered class with no ivars; `configure` runs before registration.
func makeClass(
  _ name: String, superclass: Class, in runtime: Runtime, configure: (Class) throws -> Void = { _ in }
) throws -> Class {
  let cls = try runtime.allocateClassPair(superclass: superclass, name: name)
  try configure(cls)
  try runtime.registerClassPair(cls)
  return cls
}

/// A new `NSDecimalNumberHandler` with rounding mode `mode` (0 plain, 1 down, 2 up, 3 bankers),
/// `scale` and the four "raise on …" flags.
func decimalNumberHandler(
  _ mode: Int, scale: Int, exactness: Bool = false, overflow: Bool = true, underflow: Bool = true, divideByZero: Bool = true,
  in runtime: Runtime
) throws -> Value {
  try Runtime.msgSend(
    try foundationClass("NSDecimalNumberHandler", in: runtime),
    "decimalNumberHandlerWithRoundingMode:scale:raiseOnExactness:raiseOnOverflow:raiseOnUnderflow:raiseOnDivideByZero:",
    arguments: Arguments([.uint64(UInt64(mode)), .int16(Int16(scale)), .bool(exactness), .bool(overflow), .bool(underflow), .bool(divideByZero)]))
}

/// The `NSDecimalNumber` `[NSDecimalNumber decimalNumberWithString:text]` answers.
func decimalNumberObject(_ text: String, in runtime: Runtime) throws -> Object {
  let decimalNumber = try foundationClass("NSDecimalNumber", in: runtime)
  return try #require(try send(decimalNumber, "decimalNumberWithString:", .string(text)).objectValue)
}
