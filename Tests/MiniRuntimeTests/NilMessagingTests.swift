// NilMessagingTests.swift: a message to nil runs nothing and returns zero: `.nil` untyped, the
// zero of the stated return type with `returning:` (Runtime+TypedSend.swift, Value+Zero.swift).

import Testing

@testable import MiniRuntime

@Suite struct NilMessagingTests {
  static let zeroes: [(TypeEncoding, Value)] = [
    (.bool, .bool(false)), (.char, .int8(0)), (.short, .int16(0)), (.int, .int32(0)), (.long, .int32(0)),
    (.longLong, .int64(0)), (.unsignedChar, .uint8(0)), (.unsignedShort, .uint16(0)),
    (.unsignedInt, .uint32(0)), (.unsignedLongLong, .uint64(0)), (.float, .float(0)), (.double, .double(0)),
    (.object(className: nil), .nil), (.object(className: "NSString"), .nil), (.class, .nil), (.selector, .nil),
    (.pointer(.void), .nil), (.cString, .nil), (.void, .nil), (.qualified(.const, .int), .int32(0)),
  ]

  @Test(arguments: zeroes)
  func messageToNilReturnsTheZeroOfTheStatedType(type: TypeEncoding, zero: Value) throws {
    let result = try Runtime.msgSend(nil, "anything", returning: type)
    #expect(result.encoding == zero.encoding || zero == .nil)
    #expect(String(describing: result) == String(describing: zero), "\(type): \(result)")
  }

  @Test func messageToNilReturnsAZeroedStruct() throws {
    let rect = try TypeEncoding("{CGRect={CGPoint=dd}{CGSize=dd}}")
    let zero = try Runtime.msgSend(nil, "frame", returning: rect)
    let point = Structure(name: "CGPoint", fields: [.double(0), .double(0)])
    let size = Structure(name: "CGSize", fields: [.double(0), .double(0)])
    #expect(zero == .structure(Structure(name: "CGRect", fields: [.structure(point), .structure(size)])))
    #expect(Value.zero(of: try TypeEncoding("[3i]")) == .cArray([.int32(0), .int32(0), .int32(0)]))
    #expect(Value.zero(of: try TypeEncoding("{Opaque}")) == .structure(Structure(name: "Opaque", fields: [])))
  }

  @Test func untypedMessageToNilReturnsNilAndRunsNothing() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    let person = try makePerson(in: runtime)
    try person.addMethod("count", types: "q16@0:8") { _, _, _ in
      calls.append("count")
      return 7
    }
    #expect(try runtime.msgSend(nil, "count") == .nil)
    #expect(try runtime.msgSend(nil, "count", returning: .longLong) == .int64(0))
    #expect(try Runtime.msgSend(nil, "setAge:", 1, 2, returning: .void) == .nil, "nil is not even checked for arity")
    #expect(calls.all.isEmpty)
    try runtime.checkInvariants()
  }

  @Test func typedSendToAnObjectConvertsTheResultToTheStatedType() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    try runtime.msgSend(ann, "setAge:", 42, returning: .void)
    #expect(try runtime.msgSend(ann, "age", returning: .int) == .int32(42))
    #expect(try Runtime.msgSend(ann, "age", returning: .double) == .double(42))
    #expect(try runtime.msgSend(ann, "setAge:", 5, returning: .void) == .nil, "void discards the result")
    let error = expectError(.typeMismatch) { try runtime.msgSend(ann, "description", returning: .longLong) }
    #expect(error?.message.hasPrefix("'description' returned") == true)
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "fly", returning: .void) }
    try runtime.checkInvariants()
  }
}
