// StringFormatTests.swift: the variadic format messages (`+stringWithFormat:`, `-initWithFormat:`,
// `-appendFormat:`, `-stringByAppendingFormat:`) and the conversions they print, as printf and
// Foundation print them (StringFormat.swift). Where C would print garbage, a clear error.

import Testing

@testable import MiniFoundation

@Suite struct StringFormatTests {
  /// `[NSString stringWithFormat:format, values…]`.
  func format(_ format: String, _ values: Value..., in runtime: Runtime) throws -> Value {
    try Runtime.msgSend(try foundationClass("NSString", in: runtime), "stringWithFormat:", arguments: Arguments([.string(format)] + values))
  }

  @Test func stringWithFormatTakesItsValuesAfterTheFormat() throws {
    let runtime = Runtime()
    #expect(try format("%@ is %d", "Ann", 42, in: runtime) == "Ann is 42")
    #expect(try format("no conversion", in: runtime) == "no conversion")
    #expect(try format("%@ %@ %@ %@ %@", 1, 2, 3, 4, 5, in: runtime) == "1 2 3 4 5", "more values than Arguments keeps inline")
    #expect(try format("%d", 1, 2, 3, in: runtime) == "1", "values left over are ignored, as C ignores them")
    let made = try format("%d%%", 50, in: runtime)
    #expect(made.objectValue?.isa.name == "__NSCFString")
  }

  @Test func integerConversionsReadTheBitsTheirLengthSays() throws {
    let runtime = Runtime()
    #expect(try format("%d %i %u", 7, -7, 7, in: runtime) == "7 -7 7")
    #expect(try format("%u|%lu|%llu", -1, -1, -1, in: runtime) == "4294967295|18446744073709551615|18446744073709551615")
    #expect(try format("%d|%ld|%lld", 5_000_000_000, 5_000_000_000, 5_000_000_000, in: runtime) == "705032704|5000000000|5000000000")
    #expect(try format("%hd|%hhd|%hu", 70000, 300, -1, in: runtime) == "4464|44|65535")
    #expect(try format("%x|%X|%lx|%o|%#x|%#o", 255, 255, -1, 8, 255, 8, in: runtime) == "ff|FF|ffffffffffffffff|10|0xff|010")
    #expect(try format("[%5d][%-5d][%05d][%+d][% d][%.3d]", 42, 42, 42, 3, 3, 7, in: runtime) == "[   42][42   ][00042][+3][ 3][007]")
    #expect(try format("%d %u", .bool(true), .uint64(.max), in: runtime) == "1 4294967295")
    #expect(try format("%zd %qd %jd %td", 1, 2, 3, 4, in: runtime) == "1 2 3 4")
  }

  @Test func floatingConversionsPrintAsPrintf() throws {
    let runtime = Runtime()
    #expect(try format("%f|%.2f|%10.4f|%-8.1f|", 3.14159, 3.14159, 2.5, 2.25, in: runtime) == "3.141590|3.14|    2.5000|2.2     |")
    #expect(try format("%e|%E|%g|%G|%.3e", 12345.678, 5.0, 0.0001, 1e-10, 1e10, in: runtime) == "1.234568e+04|5.000000E+00|0.0001|1E-10|1.000e+10")
    #expect(try format("%f %a", .float(0.5), 1.0, in: runtime) == "0.500000 0x1p+0")
  }

  @Test func objectStringAndCharacterConversions() throws {
    let runtime = Runtime()
    #expect(try format("[%@][%10@][%-6@][%.2@]", .nil, "ab", "cd", "xyz", in: runtime) == "[(null)][ab][cd][xyz]", "no width or precision for %@")
    #expect(try format("%@ and %@", ["a"], 1.5, in: runtime) == "(\n    a\n) and 1.5", "a number prints as its NSNumber")
    #expect(try format("[%s][%5.2s][%-4s][%s]", .cString("abc"), .cString("abc"), .cString("x"), .nil, in: runtime) == "[abc][   ab][x   ][(null)]")
    #expect(try format("%c%c %C %c", 72, 105, .uint16(0x263A), 200, in: runtime) == "Hi \u{263A} \u{C8}")
    #expect(try format("%c", 0x263A, in: runtime) == ":", "%c takes the low byte, as an unsigned char")
    #expect(try format("%p %p", .pointer(0x10), .nil, in: runtime) == "0x10 0x0")
    #expect(try format("100%% %5%", in: runtime) == "100% %")
  }

  @Test func starWidthsAndPrecisionsAndPositionsTakeTheirOwnValues() throws {
    let runtime = Runtime()
    #expect(try format("[%*d][%-*d][%.*f][%*.*f]", 4, 7, 3, 8, 2, 3.14159, 8, 1, 2.25, in: runtime) == "[   7][8  ][3.14][     2.2]")
    #expect(try format("[%*d]", -4, 7, in: runtime) == "[7   ]", "a negative width is the - flag")
    #expect(try format("%2$@ %1$@ %2$@", "a", "b", in: runtime) == "b a b")
    #expect(try format("%1$d%%", 50, in: runtime) == "50%")
  }

  @Test func aMissingValueOrOneOfTheWrongKindIsAClearError() throws {
    let runtime = Runtime()
    let missing = expectFoundationError(.invalidArgument) { _ = try format("%d and %d", 1, in: runtime) }
    #expect(
      missing?.message == "*** -[__NSCFString initWithFormat:]: a missing argument for %d (argument 2; 1 given) in format \"%d and %d\"")
    let cases: [(String, Value, String)] = [
      ("%d", "seven", "\"seven\" for %d is not an integer"),
      ("%d", 1.5, "1.5 for %d is not an integer"),
      ("%f", 3, "3 for %f is not a floating-point number"),
      ("%s", "text", "\"text\" for %s is not a C string"),
      ("%@", .cString("text"), "for %@ is not an object"),
      ("%@", .selector("age"), "for %@ is not an object"),
      ("%c", "x", "for %c is not a character code"),
      ("%*d", "w", "for the width * is not an integer"),
      ("%y", 1, "%y is not a conversion"),
      ("%n", 1, "%n, which writes through a pointer, is not supported"),
    ]
    for (text, value, reason) in cases {
      let error = expectFoundationError(.invalidArgument) { _ = try format(text, value, in: runtime) }
      #expect(error?.message.contains(reason) == true, "\(text): \(error?.message ?? "")")
      #expect(error?.exceptionName == "NSInvalidArgumentException")
    }
    expectFoundationError(.invalidArgument) { _ = try format("50%", in: runtime) }
    expectFoundationError(.invalidArgument) { _ = try format("%99999999d", 1, in: runtime) }
  }

  @Test func theOtherFormatMessagesAreVariadicToo() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let nsMutableString = try foundationClass("NSMutableString", in: runtime)
    let initialized = try Runtime.msgSend(try send(nsString, "alloc").objectValue, "initWithFormat:", arguments: ["%@-%d", "a", 1])
    #expect(initialized == "a-1")
    let mutable = try Runtime.msgSend(nsMutableString, "stringWithFormat:", arguments: ["n=%d", 1])
    try Runtime.msgSend(mutable.objectValue, "appendFormat:", arguments: [", %@=%.1f", "x", 2.0])
    #expect(mutable == "n=1, x=2.0")
    #expect(mutable.objectValue?.isa.name == "__NSCFString")
    let appended = try Runtime.msgSend(initialized.objectValue, "stringByAppendingFormat:", arguments: ["+%x", 255])
    #expect(appended == "a-1+ff")
    #expect(initialized == "a-1", "stringByAppendingFormat: leaves the receiver")
    let viaArray = try send(try send(nsString, "alloc").objectValue, "initWithFormat:arguments:", "%@/%d", ["b", 2])
    #expect(viaArray == "b/2")
    expectFoundationError(.invalidArgument) { try Runtime.msgSend(initialized.objectValue, "appendFormat:", arguments: ["%d", 1]) }
  }

  @Test func performSelectorAndATypedSendReachTheVariadicMethodToo() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let text = try send(nsString, "performSelector:withObject:withObject:", .selector("stringWithFormat:"), "<%@>", "x")
    #expect(text == "<x>")
    let error = #expect(throws: RuntimeError.self) { try send(nsString, "stringWithString:", "a", "b") }
    #expect(error?.code == .wrongArgumentCount, "a method that is not variadic keeps the exact count")
  }
}
