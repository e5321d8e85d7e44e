// FoundationBehaviourRound17ThreadTests.swift: the seventeenth round's Foundation probe that
// needs a second thread: `+[NSDecimalNumber setDefaultBehavior:]` sets "one behavior per
// thread" (Apple's NSDecimalNumber.h), so another thread still rounds by the default one.

import Testing

@testable import KVO

@Suite struct FoundationBehaviourRound17ThreadTests {
  @Test func aDefaultDecimalBehaviourIsSetForTheCallingThreadOnly() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let decimalClass = try #require(runtime.lookUpClass(named: "NSDecimalNumber"))
    let handlerClass = try #require(runtime.lookUpClass(named: "NSDecimalNumberHandler"))
    let wholeNumbers = try Runtime.msgSend(
      handlerClass, "decimalNumberHandlerWithRoundingMode:scale:raiseOnExactness:raiseOnOverflow:raiseOnUnderflow:raiseOnDivideByZero:",
      arguments: Arguments([.uint64(0), .int16(0), .bool(false), .bool(true), .bool(true), .bool(true)]))
    @Sendable func twoThirds() throws -> String? {
      let two = try send(decimalClass, "decimalNumberWithString:", "2")
      let quotient = try send(two.objectValue, "decimalNumberByDividingBy:", try send(decimalClass, "decimalNumberWithString:", "3"))
      return try send(quotient.objectValue, "description").stringValue
    }
    try send(decimalClass, "setDefaultBehavior:", wholeNumbers)
    defer { _ = try? send(decimalClass, "setDefaultBehavior:", .nil) }
    #expect(try twoThirds() == "1", "this thread's behaviour: no places")
    try onAnotherThread { () throws in
      let quotient = try twoThirds()
      let behaviour = try send(decimalClass, "defaultBehavior")
      #expect(quotient == "0.66666666666666666666666666666666666667", "another thread: the default")
      #expect(behaviour.objectValue !== wholeNumbers.objectValue)
    }
    #expect(try twoThirds() == "1", "still set here")
  }
}
