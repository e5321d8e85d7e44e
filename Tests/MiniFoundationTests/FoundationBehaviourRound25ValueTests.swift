// FoundationBehaviourRound25ValueTests.swift: NSValue's equality across a box of bytes and a
// number, as NSConcreteValue's `-isEqualToValue:` compares `objCType` with `strcmp` and then the
// bytes whatever the argument's class, and NSNumber's `-isEqual:` (CFNumber's equality) answers
// YES only for another number.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound25ValueTests {
  /// `[NSValue valueWithBytes:&value objCType:type]`.
  private func box(_ value: Value, _ type: String, in runtime: Runtime) throws -> Value {
    try send(try foundationClass("NSValue", in: runtime), "valueWithBytes:objCType:", .swiftObject(VariablePointer(value)), .cString(type))
  }

  @Test func aBoxOfAnotherTypeIsNotEqualToANumberEitherWay() throws {
    let runtime = Runtime()
    let nsNumber = try foundationClass("NSNumber", in: runtime)
    let unsigned = try box(.uint32(5), "I", in: runtime)
    let five = try send(nsNumber, "numberWithInt:", .int32(5))
    #expect(try send(five.objectValue, "objCType") == .cString("i"))
    // The box's type `I` is not the number's `i`: NSConcreteValue answers NO before the bytes.
    #expect(try send(unsigned.objectValue, "isEqual:", five) == false)
    #expect(try send(unsigned.objectValue, "isEqualToValue:", five) == false)
    // A number equals numbers only (CFNumber's equality): a box of bytes is none.
    #expect(try send(five.objectValue, "isEqual:", unsigned) == false)
    #expect(try send(five.objectValue, "isEqualToValue:", unsigned) == false)
    // A number of unsigned int 5 is still equal to @5: numbers compare by value.
    let unsignedFive = try send(nsNumber, "numberWithUnsignedInt:", .uint32(5))
    #expect(try send(five.objectValue, "isEqual:", unsignedFive) == true)
    #expect(try send(unsignedFive.objectValue, "isEqualToValue:", five) == true)
  }

  @Test func aBoxOfTheNumbersTypeAndBytesEqualsItButNotTheOtherWay() throws {
    let runtime = Runtime()
    let int = try box(.int32(5), "i", in: runtime)
    let five = try send(try foundationClass("NSNumber", in: runtime), "numberWithInt:", .int32(5))
    // strcmp("i", "i") and the same four bytes: NSConcreteValue answers YES.
    #expect(try send(int.objectValue, "isEqual:", five) == true)
    #expect(try send(int.objectValue, "isEqualToValue:", five) == true)
    // The number asks for a number.
    #expect(try send(five.objectValue, "isEqual:", int) == false)
    #expect(try send(five.objectValue, "isEqualToValue:", int) == false)
    // Other bytes of the same type are another value.
    let six = try box(.int32(6), "i", in: runtime)
    #expect(try send(int.objectValue, "isEqual:", six) == false)
  }
}
