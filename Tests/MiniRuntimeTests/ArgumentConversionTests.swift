// ArgumentConversionTests.swift: a message's number arguments reach the method converted to its
// parameter types, as a C call converts them (Method+ArgumentConversion.swift).

import Testing

@testable import MiniRuntime

@Suite struct ArgumentConversionTests {
  /// A registered `Probe` with `-take<Type>:` for each type in `types` (`takeChar:` takes a `c`),
  /// returning its argument as it arrived, recording each call in `calls`.
  static func makeProbe(
    in runtime: Runtime, calls: Recorder<Value> = Recorder()
  ) throws -> Object {
    let probe = try makeClass("Probe", in: runtime) { cls in
      let types: [(String, TypeEncoding)] = [
        ("Bool", .bool), ("Char", .char), ("UChar", .unsignedChar), ("Short", .short), ("Int", .int), ("UInt", .unsignedInt),
        ("LongLong", .longLong), ("Float", .float), ("Double", .double),
      ]
      for (name, type) in types {
        try cls.addMethod(Selector(interning: "take\(name):"), types: .compiled(returning: type, arguments: [type])) {
          _, _, arguments in
          calls.append(arguments[0])
          return arguments[0]
        }
      }
      try cls.addMethod("takeObject:", types: .compiled(returning: .object(className: nil), arguments: [.object(className: nil)])) {
        _, _, arguments in arguments[0]
      }
    }
    return try new(probe, in: runtime)
  }

  /// Checks `value` equals `expected` and has its exact case (numbers compare across widths).
  func expectExactly(_ value: Value, _ expected: Value, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(value == expected && value.encoding == expected.encoding, "\(value) is not \(expected)", sourceLocation: sourceLocation)
  }

  @Test func sendConvertsNumberArgumentsToTheParameterTypes() throws {
    let runtime = Runtime()
    let probe = try Self.makeProbe(in: runtime)
    expectExactly(try runtime.msgSend(probe, "takeChar:", 300), .int8(44))  // char c = 300
    expectExactly(try runtime.msgSend(probe, "takeUChar:", -1), .uint8(255))  // unsigned char
    expectExactly(try runtime.msgSend(probe, "takeFloat:", 0.1), .float(0.1))  // rounded to float
    expectExactly(try runtime.msgSend(probe, "takeFloat:", 16_777_217), .float(16_777_216))
    expectExactly(try runtime.msgSend(probe, "takeInt:", 2.5), .int32(2))  // toward zero
    expectExactly(try runtime.msgSend(probe, "takeInt:", -2.5), .int32(-2))
    expectExactly(try runtime.msgSend(probe, "takeInt:", .uint64(1 << 40)), .int32(0))  // modulo 2^32
    expectExactly(try runtime.msgSend(probe, "takeBool:", 256), .bool(true))  // any non-zero is YES
    expectExactly(try runtime.msgSend(probe, "takeLongLong:", .int8(-1)), .int64(-1))
    expectExactly(try runtime.msgSend(probe, "takeDouble:", 7), .double(7))
    expectExactly(try runtime.msgSend(probe, "takeShort:", true), .int16(1))
    try runtime.checkInvariants()
  }

  @Test func cachedSendConvertsAsTheFirstSendDid() throws {
    let runtime = Runtime()
    let probe = try Self.makeProbe(in: runtime)
    expectExactly(try runtime.msgSend(probe, "takeChar:", 300), .int8(44))  // a miss fills the cache
    #expect(probe.isa.cache.lookUp("takeChar:") != nil)
    expectExactly(try runtime.msgSend(probe, "takeChar:", 300), .int8(44))  // a hit converts too
    expectExactly(try runtime.msgSend(probe, "takeChar:", 301), .int8(45))
    try runtime.checkInvariants()
  }

  @Test func argumentOfTheParameterTypeReachesTheMethodUnchanged() throws {
    let runtime = Runtime()
    let probe = try Self.makeProbe(in: runtime)
    expectExactly(try runtime.msgSend(probe, "takeChar:", .int8(-3)), .int8(-3))
    expectExactly(try runtime.msgSend(probe, "takeFloat:", .float(0.5)), .float(0.5))
    expectExactly(try runtime.msgSend(probe, "takeObject:", 300), .int64(300))  // an id: not a number type
    try runtime.checkInvariants()
  }

  @Test func undefinedArgumentConversionIsRefusedBeforeTheMethodRuns() throws {
    let runtime = Runtime()
    let calls = Recorder<Value>()
    let probe = try Self.makeProbe(in: runtime, calls: calls)
    let error = expectError(.typeMismatch) { try runtime.msgSend(probe, "takeInt:", 1e30) }
    #expect(error?.message.hasPrefix("-[Probe takeInt:]: argument 1: cannot assign double 1e+30 to int") == true, "\(error?.message ?? "")")
    #expect(error?.message.contains("undefined in C") == true)
    expectError(.typeMismatch) { try runtime.msgSend(probe, "takeChar:", .double(.nan)) }
    expectError(.typeMismatch) { try runtime.msgSend(probe, "takeFloat:", 1e300) }  // beyond float
    #expect(calls.count == 0)
    try runtime.checkInvariants()
  }

  @Test func nonNumberArgumentForANumberParameterThrows() throws {
    let runtime = Runtime()
    let calls = Recorder<Value>()
    let probe = try Self.makeProbe(in: runtime, calls: calls)
    let error = expectError(.typeMismatch) { try runtime.msgSend(probe, "takeInt:", "seven") }
    #expect(error?.message == "-[Probe takeInt:]: argument 1: cannot use String \"seven\" as int ('i')")
    expectError(.typeMismatch) { try runtime.msgSend(probe, "takeDouble:", .nil) }
    expectError(.typeMismatch) { try runtime.msgSend(probe, "takeLongLong:", .selector("age")) }
    #expect(calls.count == 0)
    try runtime.checkInvariants()
  }

  @Test func laterArgumentsConvertEachToItsOwnParameter() throws {
    let runtime = Runtime()
    let pair = try makeClass("Pair", in: runtime) { cls in
      try cls.addMethod("first:second:third:", types: .compiled(returning: .object(className: nil), arguments: [.char, .object(className: nil), .float])) {
        _, _, arguments in .array(arguments.values)
      }
    }
    let result = try runtime.msgSend(new(pair, in: runtime), "first:second:third:", arguments: [300, 300, 2])
    let values = try #require(result.arrayValue)
    expectExactly(values[0], .int8(44))
    expectExactly(values[1], .int64(300))  // an id
    expectExactly(values[2], .float(2))
    try runtime.checkInvariants()
  }

  @Test func classMessagesConvertTheirArguments() throws {
    let runtime = Runtime()
    let maker = try makeClass("Maker", in: runtime) { cls in
      try cls.isa.addMethod("make:", types: .compiled(returning: .unsignedChar, arguments: [.unsignedChar])) { _, _, arguments in arguments[0] }
    }
    expectExactly(try runtime.msgSend(maker, "make:", -1), .uint8(255))
    try runtime.checkInvariants()
  }

  @Test func superSendConvertsToTheSuperclassMethodsParameterTypes() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime) { cls in
      try cls.addMethod("take:", types: .compiled(returning: .object(className: nil), arguments: [.char])) { _, _, arguments in arguments[0] }
    }
    let derived = try makeClass("Derived", superclass: base, in: runtime) { cls in
      try cls.addMethod("take:", types: .compiled(returning: .object(className: nil), arguments: [.char])) { receiver, selector, arguments in
        #expect(arguments[0].encoding == .char)  // converted for this method already
        return try Runtime.msgSendSuper(receiver, definedIn: cls, selector, .int64(Int64(arguments[0].intValue ?? 0) + 256))
      }
    }
    expectExactly(try runtime.msgSend(new(derived, in: runtime), "take:", 300), .int8(44))  // 44 + 256 wraps again
    try runtime.checkInvariants()
  }

  @Test func conversionFollowsTheMethodNotTheImplementation() throws {
    let runtime = Runtime()
    let shared = Implementation(name: "echo") { _, _, arguments in arguments[0] }
    let echo = try makeClass("Echo", in: runtime) { cls in
      try cls.addMethod("asChar:", types: "c20@0:8c16", implementation: shared)
      try cls.addMethod("asDouble:", types: "d24@0:8d16", implementation: shared)
    }
    let object = try new(echo, in: runtime)
    expectExactly(try runtime.msgSend(object, "asChar:", 300), .int8(44))
    expectExactly(try runtime.msgSend(object, "asDouble:", 300), .double(300))
    try runtime.checkInvariants()
  }

  @Test func exchangedImplementationsReceiveArgumentsAsTheirNewMethodsDeclare() throws {
    let runtime = Runtime()
    let probe = try Self.makeProbe(in: runtime)
    expectExactly(try runtime.msgSend(probe, "takeChar:", 300), .int8(44))  // cached with its thunk
    expectExactly(try runtime.msgSend(probe, "takeDouble:", 300), .double(300))
    let char = try #require(try probe.isa.instanceMethod(for: "takeChar:"))
    let double = try #require(try probe.isa.instanceMethod(for: "takeDouble:"))
    try char.exchangeImplementation(with: double)
    expectExactly(try runtime.msgSend(probe, "takeChar:", 300), .int8(44))  // the prototype is takeChar:'s
    expectExactly(try runtime.msgSend(probe, "takeDouble:", 300), .double(300))
    try runtime.checkInvariants()
  }

  @Test func queriesAnswerTheMethodsImplementationNotTheThunk() throws {
    let runtime = Runtime()
    let probe = try Self.makeProbe(in: runtime)
    _ = try runtime.msgSend(probe, "takeChar:", 300)  // the cache now holds a thunk
    let method = try #require(try probe.isa.instanceMethod(for: "takeChar:"))
    #expect(try probe.isa.methodImplementation(for: "takeChar:") === method.implementation)
    #expect(probe.isa.methodImplementationWithoutResolver(for: "takeChar:") === method.implementation)
    #expect(probe.runs(method.implementation, for: "takeChar:"))
    #expect(try probe.sendWouldRun(method.implementation, for: "takeChar:"))
    try runtime.checkInvariants()  // the cache entry agrees with the method
  }

  @Test func methodInvokeConvertsNumberArguments() throws {
    let runtime = Runtime()
    let probe = try Self.makeProbe(in: runtime)
    let method = try #require(try probe.isa.instanceMethod(for: "takeChar:"))
    expectExactly(try method.invoke(probe, [300]), .int8(44))
    expectError(.typeMismatch) { _ = try method.invoke(probe, ["x"]) }
    try runtime.checkInvariants()
  }

  @Test func callingAnImplementationDirectlyPassesArgumentsAsTheyAre() throws {
    let runtime = Runtime()
    let probe = try Self.makeProbe(in: runtime)
    let imp = try #require(try probe.isa.methodImplementation(for: "takeChar:"))
    expectExactly(try imp(probe, "takeChar:", [300]), .int64(300))  // an IMP has no prototype
    try runtime.checkInvariants()
  }

  @Test func forwardedInvocationHoldsArgumentsConvertedToTheSignature() throws {
    let runtime = Runtime()
    let seen = Box<Value>(.nil)
    let proxy = try makeClass("CharProxy", in: runtime) { cls in
      try cls.addMethod("methodSignatureForSelector:") { _, _, _ in
        .object(try runtime.methodSignature(objCTypes: "c@:c"))
      }
      try cls.addMethod("forwardInvocation:") { _, _, arguments in
        let invocation = try #require(Invocation(arguments[0].objectValue))
        seen.value = try invocation.argument(at: 2)
        invocation.returnValue = .int8(1)
        return .nil
      }
    }
    let object = try new(proxy, in: runtime)
    #expect(try runtime.msgSend(object, "shout:", 300) == .int8(1))
    expectExactly(seen.value, .int8(44))
    expectError(.typeMismatch) { try runtime.msgSend(object, "shout:", 1e10) }
    try runtime.checkInvariants()
  }

  @Test func invocationSetArgumentStaysExact() throws {
    let runtime = Runtime()
    let invocation = try runtime.invocation(methodSignature: try runtime.methodSignature(objCTypes: "v@:c"))
    expectError(.typeMismatch) { try invocation.setArgument(300, at: 2) }  // bytes of a char: 300 does not fit
    try invocation.setArgument(44, at: 2)
    expectExactly(try invocation.argument(at: 2), .int8(44))
  }

  @Test func typedReturnStaysExact() throws {
    let runtime = Runtime()
    let probe = try Self.makeProbe(in: runtime)
    expectError(.typeMismatch) { try runtime.msgSend(probe, "takeLongLong:", 300, returning: .char) }
    try runtime.checkInvariants()
  }

  @Test func synthesizedSetterRunsWithoutAThunk() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    try runtime.msgSend(ann, "setAge:", 2.5)
    #expect(try runtime.msgSend(ann, "age") == .int64(2))
    let setter = try #require(try person.instanceMethod(for: "setAge:")).implementation
    #expect(person.cache.lookUp("setAge:")?.refers(to: setter) == true)  // the setter itself is cached
    try runtime.checkInvariants()
  }
}
