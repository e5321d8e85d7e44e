// FoundationBehaviourRound24ValueTests.swift: NSValue's boxes of NSPoint, NSSize, NSRect and
// NSRange known by their whole encoding (FoundationStruct.swift), as Foundation compares a box's
// `objCType` with `@encode(NSPoint)` and the rest, and its accessors read the box's bytes with
// `-getValue:size:` of their struct's size.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound24ValueTests {
  /// `+[NSValue valueWithBytes:objCType:]` of `fields` in a struct named `name`, typed `type`.
  func boxed(_ fields: [Value], named name: String, as type: String, in runtime: Runtime) throws -> Object {
    let nsValue = try foundationClass("NSValue", in: runtime)
    let bytes = VariablePointer(.structure(Structure(name: name, fields: fields)))
    return try #require(try send(nsValue, "valueWithBytes:objCType:", .swiftObject(bytes), .cString(type)).objectValue)
  }

  func point(_ x: Double, _ y: Double) -> Value { .structure(Structure(name: "CGPoint", fields: [.double(x), .double(y)])) }

  @Test(arguments: [
    ("{_NSPoint=dd}", "_NSPoint", [Value.double(1), .double(2)]),
    ("{NSPoint=dd}", "NSPoint", [.double(1), .double(2)]),
    ("{CGPoint=ff}", "CGPoint", [.float(1), .float(2)]),
    ("{NSRange=QQ}", "NSRange", [.uint64(1), .uint64(2)]),
    ("{_NSRange=qq}", "_NSRange", [.int64(1), .int64(2)]),
    ("{NSSize=dd}", "NSSize", [.double(1), .double(2)]),
  ])
  func aStructOnlyNamedLikeAFoundationStructIsNotDescribedAsOne(type: String, name: String, fields: [Value]) throws {
    let runtime = Runtime()
    let value = try boxed(fields, named: name, as: type, in: runtime)
    let text = try #require(try send(value, "description").stringValue)
    #expect(!text.hasPrefix("NS"), "\(type) described as \(text)")
    #expect(try send(value, "objCType") == .cString(type))
  }

  @Test func theExactEncodingIsDescribedByItsNameWhateverTheMemberNames() throws {
    let runtime = Runtime()
    let named = try boxed([.double(1.5), .double(2)], named: "CGPoint", as: "{CGPoint=\"x\"d\"y\"d}", in: runtime)
    #expect(try send(named, "description") == "NSPoint: {1.5, 2}")
    let range = try boxed([.uint64(3), .uint64(4)], named: "_NSRange", as: "{_NSRange=QQ}", in: runtime)
    #expect(try send(range, "description") == "NSRange: {3, 4}")
    #expect(try send(range, "rangeValue") == .range(3..<7))
    let huge = try boxed([.uint64(.max), .uint64(0)], named: "_NSRange", as: "{_NSRange=QQ}", in: runtime)
    #expect(try send(huge, "description") == "NSRange: {18446744073709551615, 0}")  // NSUIntegers, exactly
  }

  @Test func anAccessorReadsABoxOfAnotherTypeOfItsSizeAsItsBytes() throws {
    let runtime = Runtime()
    // {NSRange=QQ} holds the bytes of an NSRange: -rangeValue copies them.
    let range = try boxed([.uint64(3), .uint64(4)], named: "NSRange", as: "{NSRange=QQ}", in: runtime)
    #expect(try send(range, "rangeValue") == .range(3..<7))
    let signed = try boxed([.int64(5), .int64(1)], named: "Span", as: "{Span=qq}", in: runtime)
    #expect(try send(signed, "rangeValue") == .range(5..<6))
    let alike = try boxed([.double(1.5), .double(2)], named: "_NSPoint", as: "{_NSPoint=dd}", in: runtime)
    #expect(try send(alike, "pointValue") == point(1.5, 2))
    let size = try boxed([.double(3), .double(4)], named: "CGSize", as: "{CGSize=dd}", in: runtime)
    #expect(try send(size, "pointValue") == point(3, 4))
    // A point's doubles read as NSUIntegers: their bits, as C reads them back.
    let boxedPoint = try send(try foundationClass("NSValue", in: runtime), "valueWithPoint:", point(1, 2))
    let bits = Value.structure(
      Structure(name: "_NSRange", fields: [.uint64(1.0.bitPattern), .uint64(2.0.bitPattern)]))
    #expect(try send(boxedPoint.objectValue, "rangeValue") == bits)
  }

  @Test func anAccessorOfABoxOfAnotherSizeRaises() throws {
    let runtime = Runtime()
    let nsValue = try foundationClass("NSValue", in: runtime)
    let floats = try boxed([.float(1), .float(2)], named: "CGPoint", as: "{CGPoint=ff}", in: runtime)
    let refused = expectFoundationError(.invalidArgument) { try send(floats, "pointValue") }
    #expect(refused?.message == "*** -[NSConcreteValue pointValue]: the value holds struct CGPoint ('{CGPoint=ff}', 8 bytes), not the 16 bytes of an NSPoint")
    let int = try send(nsValue, "valueWithBytes:objCType:", .swiftObject(VariablePointer(.int32(7))), .cString("i"))
    expectFoundationError(.invalidArgument) { try send(int.objectValue, "rangeValue") }
    let pointer = try send(nsValue, "valueWithPointer:", .pointer(0x10))
    expectFoundationError(.invalidArgument) { try send(pointer.objectValue, "sizeValue") }
    let boxedPoint = try send(nsValue, "valueWithPoint:", point(1, 2))
    expectFoundationError(.invalidArgument) { try send(boxedPoint.objectValue, "rectValue") }
  }

  @Test func valuesOfDifferentTypesWithTheSameBytesAreNotEqual() throws {
    let runtime = Runtime()
    let nsValue = try foundationClass("NSValue", in: runtime)
    func bytes(_ value: Value, _ type: String) throws -> Value {
      try send(nsValue, "valueWithBytes:objCType:", .swiftObject(VariablePointer(value)), .cString(type))
    }
    let int = try bytes(.int32(5), "i")
    #expect(try send(int.objectValue, "isEqualToValue:", try bytes(.uint32(5), "I")) == false)
    #expect(try send(int.objectValue, "isEqual:", try bytes(.uint32(5), "I")) == false)
    #expect(try send(int.objectValue, "isEqualToValue:", try bytes(.int32(5), "i")) == true)
    let alike = try boxed([.double(1), .double(2)], named: "_NSPoint", as: "{_NSPoint=dd}", in: runtime)
    let exact = try send(nsValue, "valueWithPoint:", point(1, 2))
    #expect(try send(alike, "isEqualToValue:", exact) == false)
  }
}

@Suite struct FoundationBehaviourRound24ValueDescriptionTests {
  @Test func anyOtherBoxPrintsItsBytesInHex() throws {
    let runtime = Runtime()
    let nsValue = try foundationClass("NSValue", in: runtime)
    func described(_ value: Value, _ type: String) throws -> Value {
      let box = try send(nsValue, "valueWithBytes:objCType:", .swiftObject(VariablePointer(value)), .cString(type))
      return try send(box.objectValue, "description")
    }
    let span = Value.structure(Structure(name: "Span", fields: [.int64(1), .int64(2)]))
    #expect(try described(span, "{Span=qq}") == "<01000000 00000000 02000000 00000000>")
    let alike = Value.structure(Structure(name: "_NSPoint", fields: [.double(1), .double(2)]))
    #expect(try described(alike, "{_NSPoint=dd}") == "<00000000 0000f03f 00000000 00000040>")
    #expect(try described(.int32(5), "i") == "<05000000>")
    #expect(try described(.uint8(200), "C") == "<c8>")
    // An NSNumber is no box of bytes: it prints its number.
    #expect(try runtime.msgSend(bridging: .int32(5), "description") == "5")
  }
}
