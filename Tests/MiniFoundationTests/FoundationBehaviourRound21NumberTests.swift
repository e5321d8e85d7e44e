// FoundationBehaviourRound21NumberTests.swift: the twenty-first round of Foundation behaviours:
// a `float` number's `-decimalValue`. An `NSNumber` holds a float as a float, and Foundation's
// accessors widen it to `double` (`[@0.1f doubleValue]` is 0.10000000149011612, and CFNumber
// compares a float with a double after widening it: `[@0.1f isEqual:@0.1]` is NO), so its
// decimal is the widened double's: swift-corelibs-foundation, run on this machine, gives
// 0.10000000149011611648 (its double-to-decimal keeps about 20 digits, see
// docs/foundation.md#the-nsdecimal-struct); ours spells the widened double's shortest digits, as
// it does for every double.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound21NumberTests {
  @Test func aFloatsDecimalValueIsTheDecimalOfTheFloatWidenedToDouble() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let structure = try runtime.msgSend(bridging: .float(0.1), "decimalValue")
    #expect(Decimal(structure: structure)?.description == "0.10000000149011612", "not 0.1: the float is not one tenth")
    let oneAndAHalf = try runtime.msgSend(bridging: .float(1.5), "decimalValue")
    #expect(Decimal(structure: oneAndAHalf)?.description == "1.5", "a float that is exact stays exact")
    #expect(Decimal(number: .float(1.1))?.description == "1.100000023841858")
    #expect(Decimal(number: .float(.infinity))?.isNaN == true)
  }

  @Test func aDecimalNumberIsNotEqualToTheFloatNearestIt() throws {
    // As [@0.1f isEqual:@0.1] is NO: 0.1 as a decimal is not the float 0.1.
    let runtime = Runtime()
    let decimalNumber = try foundationClass("NSDecimalNumber", in: runtime)
    let tenth = try send(decimalNumber, "decimalNumberWithString:", "0.1")
    #expect(try send(tenth.objectValue, "isEqualToNumber:", .float(0.1)) == false)
    #expect(try send(tenth.objectValue, "isEqualToNumber:", .double(0.1)) == true)
    #expect(try send(tenth.objectValue, "compare:", .float(0.1)) == .int64(-1), "0.1 < 0.10000000149…")
  }

  @Test func aFloatNumberIsNotEqualToTheDoubleNearestItsDigits() throws {
    // Already matched: the reasoning above, CFNumber widens the float before comparing.
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: .float(0.1), "isEqual:", .double(0.1)) == false)
    #expect(try runtime.msgSend(bridging: .float(0.5), "isEqual:", .double(0.5)) == true)
    #expect(try runtime.msgSend(bridging: .float(0.1), "doubleValue") == .double(Double(Float(0.1))))
  }
}
