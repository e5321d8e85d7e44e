// NSStringAndNumberTests.swift: NSString, NSNumber, NSValue and NSNull.

import Testing

@testable import MiniFoundation

@Suite struct NSStringAndNumberTests {
  @Test func stringsAnswerLengthAndConversionsAsNSString() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: "héllo", "length") == 5)
    #expect(try runtime.msgSend(bridging: "😀", "length") == 2, "UTF-16 code units")
    #expect(try runtime.msgSend(bridging: "ab", "characterAtIndex:", 1) == .uint16(98))
    #expect(try runtime.msgSend(bridging: "12abc", "intValue") == .int32(12))
    #expect(try runtime.msgSend(bridging: " -2.5e1x", "doubleValue") == -25.0)
    #expect(try runtime.msgSend(bridging: "yes", "boolValue") == true)
    #expect(try runtime.msgSend(bridging: "0", "boolValue") == false)
    #expect(try runtime.msgSend(bridging: "a", "compare:", "b") == -1)
    #expect(try runtime.msgSend(bridging: "Ann", "UTF8String") == .cString("Ann"))
    #expect(try runtime.msgSend(bridging: "Ann", "isEqual:", "Ann") == true)
    #expect(try runtime.msgSend(bridging: "Ann", "stringByAppendingString:", " Lee") == "Ann Lee")
    let error = expectFoundationError(.indexOutOfBounds) { try runtime.msgSend(bridging: "ab", "characterAtIndex:", 2) }
    #expect(error?.exceptionName == "NSRangeException")
  }

  @Test func stringClassMethodsMakeNewStrings() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let made = try send(nsString, "stringWithString:", "Ann")
    #expect(made == "Ann" && made.objectValue?.isa.name == "__NSCFString")
    #expect(try send(nsString, "stringWithUTF8String:", .cString("Bo")) == "Bo")
    #expect(try send(nsString, "string") == "")
  }

  @Test func numbersConvertAsCCastsDo() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: 2.7, "intValue") == .int32(2))
    #expect(try runtime.msgSend(bridging: -2.7, "integerValue") == .int64(-2))
    #expect(try runtime.msgSend(bridging: 300, "charValue") == .int8(44))
    #expect(try runtime.msgSend(bridging: 7, "doubleValue") == .double(7))
    #expect(try runtime.msgSend(bridging: .int32(7), "objCType") == .cString("i"))
    #expect(try runtime.msgSend(bridging: true, "objCType") == .cString("c"))  // [@YES objCType] is "c"
    #expect(try runtime.msgSend(bridging: 7, "compare:", 9) == -1)
    #expect(try runtime.msgSend(bridging: 7, "isEqual:", 7.0) == true)
    #expect(try runtime.msgSend(bridging: 7, "stringValue") == "7")
    let nsNumber = try foundationClass("NSNumber", in: runtime)
    let seven = try send(nsNumber, "numberWithInt:", 7)
    #expect(seven == .int32(7) && seven.objectValue?.isa.name == "__NSCFNumber")
    #expect(try send(nsNumber, "numberWithBool:", true).objectValue?.isa.name == "__NSCFBoolean")
    #expect(try send(nsNumber, "numberWithInt:", .int64(1 << 40)) == .int32(0))  // int i = 1LL << 40: modulo 2^32
  }

  @Test func numberFactoriesTakeTheirArgumentAsACCallConvertsIt() throws {
    let runtime = Runtime()
    let nsNumber = try foundationClass("NSNumber", in: runtime)
    func made(_ selector: Selector, _ argument: Value) throws -> (value: Value, type: Value) {
      let number = try send(nsNumber, selector, argument)
      return (number, try send(number.objectValue, "objCType"))
    }
    let char = try made("numberWithChar:", 300)
    #expect(char.value == .int8(44) && char.type == .cString("c"))  // [NSNumber numberWithChar:300]
    let byte = try made("numberWithUnsignedChar:", -1)
    #expect(byte.value == .uint8(255) && byte.type == .cString("s"))  // CFNumber widens unsigned char to short
    let float = try made("numberWithFloat:", 0.1)
    #expect(float.value == .float(0.1) && float.type == .cString("f"))  // the double rounded to float
    #expect(try send(float.value.objectValue, "doubleValue") == .double(Double(Float(0.1))))
    #expect(try made("numberWithInt:", 2.5).value == .int32(2))  // toward zero
    #expect(try made("numberWithShort:", 70000).value == .int16(4464))
    #expect(try made("numberWithUnsignedInt:", -1).value == .uint32(4_294_967_295))
    #expect(try made("numberWithLong:", -7.9).value == .int64(-7))
    #expect(try made("numberWithUnsignedLongLong:", -1).value == .uint64(.max))
    #expect(try made("numberWithDouble:", 16_777_217).value == .double(16_777_217))
    let yes = try made("numberWithBool:", 2)
    #expect(yes.value == .bool(true) && yes.value.objectValue?.isa.name == "__NSCFBoolean")  // any non-zero is YES
    let undefined = #expect(throws: RuntimeError.self) { try send(nsNumber, "numberWithInt:", 1e10) }
    #expect(undefined?.code == .typeMismatch && undefined?.message.contains("undefined in C") == true)
    #expect(throws: RuntimeError.self) { try send(nsNumber, "numberWithInt:", "seven") }  // not a number
  }

  @Test func everyYesIsOneObjectAndEveryNoAnother() throws {
    let runtime = Runtime()
    let nsNumber = try foundationClass("NSNumber", in: runtime)
    let yes = try #require(try send(nsNumber, "numberWithBool:", true).objectValue)
    let no = try #require(try send(nsNumber, "numberWithBool:", false).objectValue)
    #expect(try send(nsNumber, "numberWithBool:", 2).objectValue === yes)  // kCFBooleanTrue
    #expect(try runtime.object(bridging: true) === yes && runtime.object(bridging: false) === no)
    #expect(yes !== no && yes.isa.name == "__NSCFBoolean")
    #expect(try send(yes, "objCType") == .cString("c") && send(no, "boolValue") == false)
  }

  @Test func numbersPrintAsFoundationPrintsThem() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: true, "stringValue") == "1")  // [@YES stringValue]
    #expect(try runtime.msgSend(bridging: 1.0, "description") == "1")  // not Swift's 1.0
    #expect(try runtime.msgSend(bridging: 1.0, "stringValue") == "1")
    #expect(try runtime.msgSend(bridging: 2.5, "stringValue") == "2.5")
    #expect(try runtime.msgSend(bridging: .float(0.1), "description") == "0.1")
    #expect(try runtime.msgSend(bridging: -0.0, "description") == "-0")
    #expect(try runtime.msgSend(bridging: [1.0, 2.5], "description") == "(\n    1,\n    \"2.5\"\n)")  // "." is no plain-word character
  }

  @Test func longValueIsSixtyFourBitsAsLongIsOnLP64() throws {
    let runtime = Runtime()
    let big: Value = .int64(1 << 40)
    #expect(try runtime.msgSend(bridging: big, "longValue") == .int64(1 << 40))
    #expect(try runtime.msgSend(bridging: big, "unsignedLongValue") == .uint64(1 << 40))
    #expect(try runtime.msgSend(bridging: -1, "unsignedLongValue") == .uint64(.max))
  }

  @Test func objCTypeReportsCFNumbersWiderSignedTypeForUnsignedNumbers() throws {
    let runtime = Runtime()
    let nsNumber = try foundationClass("NSNumber", in: runtime)
    func type(_ selector: Selector, _ argument: Value) throws -> Value {
      try send(try send(nsNumber, selector, argument).objectValue, "objCType")
    }
    #expect(try type("numberWithUnsignedChar:", 200) == .cString("s"))
    #expect(try type("numberWithUnsignedShort:", 60000) == .cString("i"))
    #expect(try type("numberWithUnsignedInt:", 5) == .cString("q"))
    #expect(try type("numberWithUnsignedLongLong:", 5) == .cString("q"))
    #expect(try type("numberWithUnsignedLongLong:", .uint64(.max)) == .cString("Q"))
    #expect(try type("numberWithChar:", 5) == .cString("c") && type("numberWithInt:", 5) == .cString("i"))
    #expect(try type("numberWithBool:", true) == .cString("c"))
  }

  @Test func compareOrdersLargeIntegersExactly() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: .int64(.max), "compare:", .int64(.max - 1)) == 1)  // equal as doubles
    #expect(try runtime.msgSend(bridging: .int64((1 << 53) + 1), "compare:", .double(9_007_199_254_740_992)) == 1)
    #expect(try runtime.msgSend(bridging: .uint64(.max), "compare:", -1) == 1)
    #expect(try runtime.msgSend(bridging: 2, "compare:", 2.5) == -1)
    #expect(try runtime.msgSend(bridging: 7, "compare:", 7.0) == 0)
  }

  @Test func valuesBoxStructsPointersAndRanges() throws {
    let runtime = Runtime()
    let nsValue = try foundationClass("NSValue", in: runtime)
    let range = try send(nsValue, "valueWithRange:", .range(2..<5))
    #expect(try send(range.objectValue, "rangeValue") == .range(2..<5))
    #expect(try send(range.objectValue, "objCType") == .cString("{_NSRange=QQ}"))
    let pointer = try send(nsValue, "valueWithPointer:", .pointer(0x10))
    #expect(try send(pointer.objectValue, "pointerValue") == .pointer(0x10))
    #expect(pointer == .pointer(0x10), "an NSValue equals the value it boxes")
  }

  @Test func nsNullIsOneInstanceThatPrintsNull() throws {
    let runtime = Runtime()
    let nsNull = try foundationClass("NSNull", in: runtime)
    let null = try send(nsNull, "null")
    #expect(try send(nsNull, "new").objectValue === null.objectValue, "+alloc answers the one instance")
    #expect(null == .null && null != .nil)
    #expect(try send(null.objectValue, "description") == "<null>")
    #expect(try send(null.objectValue, "copy").objectValue === null.objectValue)
  }
}
