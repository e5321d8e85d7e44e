// ValueTests.swift: equality, hashing, encodings and conversions of dynamic values
// (Value.swift, Value+Equality.swift, Value+Encoding.swift, Value+Description.swift).

import Testing

@testable import MiniRuntime

@Suite struct ValueTests {
  /// Seven, in every numeric case (and true/1 for Bool below).
  static let sevens: [Value] = [
    .int8(7), .int16(7), .int32(7), .int64(7), .uint8(7), .uint16(7), .uint32(7), .uint64(7), .float(7),
    .double(7),
  ]

  @Test func numbersCompareByValueAcrossWidths() {
    for a in Self.sevens {
      for b in Self.sevens {
        #expect(a == b, "\(a) (\(a.encoding)) should equal \(b) (\(b.encoding))")
        #expect(a.hashValue == b.hashValue, "\(a) and \(b) are equal but hash differently")
      }
    }
    #expect(Value.int64(7) != .int64(8))
    #expect(Value.double(7.5) != .int64(7))
    #expect(Value.int64(-1) != .uint64(UInt64.max))
  }

  @Test func boolComparesLikeZeroAndOne() {
    #expect(Value.bool(true) == .int32(1))
    #expect(Value.bool(false) == .double(0))
    #expect(Value.bool(true) != .int64(2))
    #expect(Value.bool(true).hashValue == Value.uint8(1).hashValue)
  }

  @Test func equalValuesCollapseInASet() {
    let values = Set<Value>([
      .int8(1), .bool(true), .double(1), .uint64(1), .float(1), .int64(2), .double(2.5), .float(2.5),
      .uint64(UInt64.max), .double(Double(UInt64(1) << 63)), .uint64(UInt64(1) << 63), .int64(-3), .double(-3),
      "1", .nil,
    ])
    // {1}, {2}, {2.5}, {UInt64.max}, {2^63}, {-3}, {"1"}, {nil}
    #expect(values.count == 8)
  }

  @Test func largeUnsignedAndFloatingValuesHashConsistently() {
    let big = Value.uint64(UInt64(1) << 63)
    let bigDouble = Value.double(Double(UInt64(1) << 63))
    #expect(big == bigDouble)
    #expect(big.hashValue == bigDouble.hashValue)
    #expect(Value.double(-0.0) == .int64(0))
    #expect(Value.double(-0.0).hashValue == Value.int64(0).hashValue)
  }

  @Test func objectsCompareByIdentity() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let bob = try new(person, in: runtime)
    #expect(Value.object(ann) == .object(ann))
    #expect(Value.object(ann) != .object(bob))
    #expect(Value.object(ann).hashValue == Value.object(ann).hashValue)
    #expect(Value.object(ann) != .nil)
    #expect(Value.string("a") != .object(ann))
    try runtime.checkInvariants()
  }

  @Test func classValueEqualsSameClassAsObject() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(Value.class(person) == .object(person))
    #expect(Value.class(person).hashValue == Value.object(person).hashValue)
    #expect(Value.class(person) != .class(runtime.rootClass))
    #expect(Value.object(person).classValue === person)
    try runtime.checkInvariants()
  }

  @Test func structuredValuesCompareStructurally() {
    #expect(Value.array([1, "a"]) == .array([.int32(1), "a"]))
    #expect(Value.dictionary(["k": 1]) == ["k": .double(1)])
    let point = Structure(name: "Point", fields: [1.5, 2])
    #expect(Value.structure(point) == .structure(Structure(name: "Point", fields: [1.5, .int32(2)])))
    #expect(Value.structure(point) != .structure(Structure(name: "Size", fields: [1.5, 2])))
    #expect(Value.selector("age") == .selector("age"))
    #expect(Value.pointer(0x10) == .pointer(0x10))
    #expect(Value.pointer(0x10) != .int64(0x10))
  }

  @Test func literalsPickNaturalCases() {
    let int: Value = 42
    let double: Value = 2.5
    let bool: Value = true
    let string: Value = "Ann"
    let none: Value = nil
    #expect(int.encoding == .longLong)
    #expect(double.encoding == .double)
    #expect(bool.encoding == .bool)
    #expect(string.stringValue == "Ann")
    #expect(none.isNil)
  }

  @Test(arguments: [
    (Value.nil, "@"), (.bool(true), "B"), (.int8(1), "c"), (.int16(1), "s"), (.int32(1), "i"), (.int64(1), "q"),
    (.uint8(1), "C"), (.uint16(1), "S"), (.uint32(1), "I"), (.uint64(1), "Q"), (.float(1), "f"), (.double(1), "d"),
    (.string("x"), "@\"NSString\""), (.selector("age"), ":"), (.pointer(1), "^v"), (.array([]), "@\"NSArray\""),
    (.dictionary([:]), "@\"NSDictionary\""), (.structure(Structure(name: "Point", fields: [1.5, 2.5])), "{Point=dd}"),
    (.structure(Structure(name: "Pair", fields: [.int32(1), "a"])), "{Pair=i@\"NSString\"}"),
    (.cString("x"), "*"), (.cArray([.int32(1), .int32(2), .int32(3), .int32(4)]), "[4i]"), (.cArray([]), "[0v]"),
    (.set([1]), "@\"NSSet\""), (.null, "@\"NSNull\""),
  ])
  func valueDerivesItsEncoding(value: Value, encoding: String) {
    #expect(value.encoding.description == encoding)
  }

  @Test func objectAndClassValuesDeriveTheirEncodings() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    #expect(Value.object(ann).encoding == .object(className: "Person"))
    #expect(Value.class(person).encoding == .class)
    #expect(Value.object(person).encoding == .class)
    #expect(Value.object(person.isa).encoding == .object(className: nil))
    #expect(Value.swiftObject(Box(1)).encoding == .object(className: nil))
    try runtime.checkInvariants()
  }

  // MARK: - Conversion

  static let exactConversions: [(Value, TypeEncoding, Value)] = [
    (.int64(127), .char, .int8(127)), (.int64(-32768), .short, .int16(-32768)),
    (.int64(7), .int, .int32(7)), (.int64(7), .long, .int32(7)), (.uint8(255), .longLong, .int64(255)),
    (.int64(255), .unsignedChar, .uint8(255)), (.int64(65535), .unsignedShort, .uint16(65535)),
    (.int64(7), .unsignedInt, .uint32(7)), (.int64(7), .unsignedLongLong, .uint64(7)), (.int64(7), .double, .double(7)),
    (.int64(7), .float, .float(7)), (.double(2.0), .int, .int32(2)), (.float(2.5), .double, .double(2.5)),
    (.bool(true), .int, .int32(1)), (.bool(false), .longLong, .int64(0)), (.int64(1), .bool, .bool(true)),
    (.int64(0), .bool, .bool(false)), (.double(1), .bool, .bool(true)),
    (.int64(16_777_216), .float, .float(16_777_216)),
    (.double(0.5), .float, .float(0.5)), (.double(.infinity), .float, .float(.infinity)),
  ]

  @Test(arguments: exactConversions)
  func exactNumericConversionSucceeds(value: Value, type: TypeEncoding, expected: Value) throws {
    let converted = try value.converted(to: type)
    #expect(converted == expected)
    #expect(converted.encoding == expected.encoding, "converted to the wrong case: \(converted.encoding)")
  }

  @Test func conversionPicksTheCaseOfTheTargetType() throws {
    if case .int8(let byte) = try Value.int64(5).converted(to: .char) {
      #expect(byte == 5)
    } else {
      Issue.record("not int8")
    }
    if case .uint32(let word) = try Value.double(3).converted(to: .unsignedInt) {
      #expect(word == 3)
    } else {
      Issue.record("not uint32")
    }
    if case .bool(true) = try Value.int32(1).converted(to: .bool) {} else { Issue.record("not bool") }
  }

  static let refusedConversions: [(Value, TypeEncoding)] = [
    (.int64(128), .char), (.int64(-1), .unsignedInt), (.int64(Int64(Int32.max) + 1), .int),
    (.uint64(UInt64.max), .longLong), (.double(2.5), .int), (.double(.infinity), .longLong), (.double(.nan), .int),
    (.string("x"), .double), (.string("7"), .int), (.int64(2), .bool), (.bool(true), .double), (.nil, .int),
    (.pointer(1), .object(className: nil)), (.cString("x"), .object(className: nil)), (.cArray([1]), .block),
    (.double(1), .selector), (.string("age"), .selector), (.int64(1), .class),
    (.int64(9_007_199_254_740_993), .double), (.int64(16_777_217), .float), (.double(1e300), .float),
    (.int64(1), .void), (.string("1"), .longDouble), (.int64(8), .bitField(width: 3)),
    (.int64(1), .union(name: "U", fields: nil)), (.int64(1), .unknown), (.int64(1), .cString),
    (.array([1]), .cString), (.cString("x"), .selector), (.cArray([1, 2]), .cString),
  ]

  @Test(arguments: refusedConversions)
  func inexactOrWrongKindConversionThrowsTypeMismatch(value: Value, type: TypeEncoding) {
    let error = expectError(.typeMismatch) { _ = try value.converted(to: type) }
    #expect(error?.message.contains("'\(type)'") == true, "\(error?.message ?? "")")
  }

  @Test func objectTypesAcceptStringsObjectsAndNil() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    for type in [TypeEncoding.object(className: nil), .object(className: "NSString"), .block] {
      #expect(try Value.string("x").converted(to: type) == "x")
      #expect(try Value.object(ann).converted(to: type) == .object(ann))
      #expect(try Value.nil.converted(to: type) == .nil)
      #expect(try Value.class(person).converted(to: type) == .class(person))
      #expect(try Value.array([1]).converted(to: type) == [1])
      #expect(try Value.set([1]).converted(to: type) == .set([1]))
      #expect(try Value.null.converted(to: type) == .null)
      #expect(try Value.int64(7).converted(to: type) == 7, "a number is stored as the NSNumber it bridges to")
    }
    #expect(try Value.object(person).converted(to: .class).classValue === person)
    #expect(try Value.string("x").converted(to: .cString) == .cString("x"), "a string stored as char * becomes a C string")
    #expect(try Value.cString("x").converted(to: .cString) == .cString("x"))
    expectError(.typeMismatch) { _ = try Value.object(ann).converted(to: .class) }
    expectError(.typeMismatch) { _ = try Value.object(ann).converted(to: .cString) }
    try runtime.checkInvariants()
  }

  @Test func doubleToFloatRoundsToNearest() throws {
    #expect(
      try Value.double(0.1).converted(to: .float) == .float(0.1), "rounding a double to float is allowed, as in C")
  }

  @Test func qualifiedTypesConvertLikeTheirUnqualifiedType() throws {
    #expect(try Value.int64(3).converted(to: .qualified(.const, .int)) == .int32(3))
    expectError(.typeMismatch) { _ = try Value.double(0.5).converted(to: .qualified(.const, .int)) }
  }

  @Test func structConversionChecksNameAndFieldCount() throws {
    let point = try TypeEncoding("{Point=dd}")
    let converted = try Value.structure(Structure(name: "Point", fields: [1, .int32(2)])).converted(to: point)
    guard case .structure(let value) = converted else {
      Issue.record("not a struct")
      return
    }
    #expect(value.fields.map(\.encoding) == [.double, .double])
    expectError(.typeMismatch) {
      _ = try Value.structure(Structure(name: "Size", fields: [1, 2])).converted(to: point)
    }
    expectError(.typeMismatch) { _ = try Value.structure(Structure(name: "Point", fields: [1])).converted(to: point) }
    expectError(.typeMismatch) {
      _ = try Value.structure(Structure(name: "Point", fields: [1, "x"])).converted(to: point)
    }
    expectError(.typeMismatch) { _ = try Value.double(1).converted(to: point) }
    let opaque = Value.structure(Structure(name: "Point", fields: [1]))
    #expect(try opaque.converted(to: TypeEncoding("{Point}")) == opaque)
  }

  @Test func arrayConversionChecksCountAndElements() throws {
    let type = try TypeEncoding("[2i]")
    #expect(try Value.array([1, 2]).converted(to: type) == .cArray([.int32(1), .int32(2)]), "an array literal initializes a C array")
    #expect(try Value.cArray([1, 2]).converted(to: type) == .cArray([.int32(1), .int32(2)]))
    expectError(.typeMismatch) { _ = try Value.array([1]).converted(to: type) }
    expectError(.typeMismatch) { _ = try Value.array([1, 2.5]).converted(to: type) }
  }

  // MARK: - Reading and printing

  @Test func cValuesAreNotTheirBridgedLookalikes() {
    #expect(Value.cString("a") != .string("a"), "a char * is not an NSString *")
    #expect(Value.cArray([1, 2]) != .array([1, 2]), "a C array is not an NSArray *")
    #expect(Value.null != .nil, "NSNull is an object; nil is not")
    #expect(Value.set([1, 2]) != .array([1, 2]))
    #expect(Value.set([1, 2]) == .set([2, 1, 2]))
    #expect(Value.dictionary([1: "a"]) == [.int32(1): "a"], "keys compare like NSNumber")
    #expect(Set<Value>([.cString("a"), .string("a"), .null, .nil]).count == 4)
  }

  @Test func accessorsReadTheirCases() throws {
    #expect(Value.cString("a").cStringValue == "a" && Value.cString("a").stringValue == nil)
    #expect(Value.cArray([1]).cArrayValue == [1] && Value.cArray([1]).arrayValue == nil)
    #expect(Value.set([1]).setElements == [1])
    #expect(Value.dictionary(["k": 1]).dictionaryValue == ["k": 1])
    #expect(Value.null.isNull && !Value.nil.isNull && !Value.null.isNil)
    #expect(Value.int16(-4).intValue == -4)
    #expect(Value.double(4.5).intValue == nil)
    #expect(Value.uint64(UInt64.max).intValue == nil)
    #expect(Value.float(1.5).doubleValue == 1.5)
    #expect(Value.int32(2).boolValue == true)
    #expect(Value.string("x").intValue == nil)
    #expect(Value.selector("age").selectorValue == "age")
    #expect(Value.int(3) == .int64(3))
    #expect(Value.swiftObject(Box(5)).swiftObject(as: Box<Int>.self)?.value == 5)
  }

  @Test(arguments: [
    (Value.nil, "nil"), (.bool(true), "YES"), (.bool(false), "NO"), (.int32(-7), "-7"), (.double(2.5), "2.5"),
    ("Ann", "\"Ann\""), (.selector("setAge:"), "@selector(setAge:)"), (.pointer(255), "0xff"),
    (.array([1, "a"]), "(1, \"a\")"),
    (.dictionary(["b": 2, "a": 1]), "{a = 1; b = 2;}"),
    (.structure(Structure(name: "Point", fields: [1, 2])), "{Point: 1, 2}"),
    (.cString("Ann"), "(char *)\"Ann\""), (.cArray([1, 2]), "{1, 2}"), (.set([2, 1]), "{(1, 2)}"), (.null, "<null>"),
    (.dictionary([1: "one"]), "{1 = \"one\";}"),
  ])
  func valuePrintsLikeObjectiveC(value: Value, text: String) {
    #expect(value.description == text)
  }
}
