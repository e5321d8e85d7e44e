// FoundationBehaviourRound22ProbeTests.swift: the twenty-second round of Foundation behaviours:
// cases from swift-corelibs-foundation's TestNSNumber and TestNSOrderedSet and GNUstep-base's
// Tests/base, with Apple's answers.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound22ProbeTests {
  @Test func aNumbersDescriptionIsADoubleTo16SignificantDigitsAndAFloatTo7() throws {
    // Apple documents -[NSNumber descriptionWithLocale:]'s formats: %0.16g for a double, %0.7g
    // for a float (GNUstep-base 1.28 prints the same; swift-corelibs-foundation prints Swift's
    // shortest digits, "0.30000000000000004", "100.0").
    let runtime = Runtime()
    try runtime.installFoundation()
    let doubles: [(Double, String)] = [
      (1e20, "1e+20"), (0.1, "0.1"), (1.0 / 3, "0.3333333333333333"), (-0.0, "-0"), (1e15, "1000000000000000"),
      (100, "100"), (1e-5, "1e-05"), (2.5e-7, "2.5e-07"), (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"),
      (0.1 + 0.2, "0.3"), (123_456_789_012_345_680, "1.234567890123457e+17"), (1e16, "1e+16"),
    ]
    for (number, text) in doubles {
      #expect(try runtime.msgSend(bridging: .double(number), "description") == .string(text), "\(number)")
    }
    #expect(try runtime.msgSend(bridging: .float(0.1), "description") == "0.1")
    #expect(try runtime.msgSend(bridging: .float(1.0 / 3), "description") == "0.3333333")
    #expect(try runtime.msgSend(bridging: .float(16_777_216), "description") == "1.677722e+07")
    #expect(try runtime.msgSend(bridging: .double(0.1 + 0.2), "stringValue") == "0.3")
    #expect(try runtime.msgSend(bridging: [.double(0.1 + 0.2), .float(0.5)], "description") == "(\n    \"0.3\",\n    \"0.5\"\n)")
  }

  @Test func movingObjectsOfAnOrderedSetPutsThemAtTheIndexAfterRemoval() throws {
    let runtime = Runtime()
    let set = try runtime.mutableOrderedSet(["a", "b", "c", "d", "e"])
    try send(set, "moveObjectsAtIndexes:toIndex:", .object(try runtime.indexSet([0])), 4)
    #expect(Value.object(set).orderedSetElements == ["b", "c", "d", "e", "a"])
    try send(set, "moveObjectsAtIndexes:toIndex:", .object(try runtime.indexSet([3, 4])), 0)
    #expect(Value.object(set).orderedSetElements == ["e", "a", "b", "c", "d"])
    try runtime.checkInvariants()
  }

  @Test func descriptionWithALocaleDictionaryWritesItsDecimalSeparatorInEveryNumber() throws {
    // Apple formats a number through -initWithFormat:locale: and "each of the array's elements
    // (where recognized)" with the locale; GNUstep-base, run here, gives the numbers' answers but
    // does not pass the locale to a collection's elements.
    let runtime = Runtime()
    try runtime.installFoundation()
    let comma: Value = ["NSDecimalSeparator": ","]
    #expect(try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", comma) == "1,5")
    #expect(try runtime.msgSend(bridging: .float(0.25), "descriptionWithLocale:", comma) == "0,25")
    #expect(try runtime.msgSend(bridging: .int32(1500), "descriptionWithLocale:", comma) == "1500")
    #expect(try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", ["NSGroupingSeparator": " "]) == "1.5", "no separator: the point")
    let array: Value = [.double(1.5), "a.b"]
    #expect(try runtime.msgSend(bridging: array, "descriptionWithLocale:", comma) == "(\n    \"1,5\",\n    \"a.b\"\n)", "a string is no number")
    #expect(try runtime.msgSend(bridging: ["k": .double(2.5)], "descriptionWithLocale:", comma) == "{\n    k = \"2,5\";\n}")
    #expect(try runtime.msgSend(bridging: array, "descriptionWithLocale:indent:", comma, 1) == "    (\n        \"1,5\",\n        \"a.b\"\n    )")
    let decimal = try send(try foundationClass("NSDecimalNumber", in: runtime), "decimalNumberWithString:", "3.25")
    #expect(try runtime.msgSend(bridging: [decimal], "descriptionWithLocale:", comma) == "(\n    \"3,25\"\n)")
    expectFoundationError(.invalidArgument) { try runtime.msgSend(bridging: array, "descriptionWithLocale:", "de_DE") }
  }
}
