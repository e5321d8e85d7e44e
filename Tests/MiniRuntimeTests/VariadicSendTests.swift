// VariadicSendTests.swift: a variadic implementation (a C `...`, `Implementation.isVariadic`)
// takes arguments after its selector's colons through every send path; every other one keeps
// the exact count (Runtime+MessageSend.swift, Method+Invoke.swift, Runtime+Forwarding.swift,
// Invocation.swift).

import Testing

@testable import MiniRuntime

@Suite struct VariadicSendTests {
  /// `Calc` with `-sum:` (`q24@0:8q16`, variadic): the sum of every argument, listed as seen.
  func makeCalc(in runtime: Runtime, seen: Recorder<String>? = nil) throws -> Class {
    try makeClass("Calc", in: runtime) { cls in
      let sum = Implementation(function: "-[Calc sum:]", variadic: true) { _, _, arguments in
        seen?.append(arguments.description)
        return .int64(Int64(arguments.values.compactMap(\.intValue).reduce(0, +)))
      }
      try cls.addMethod("sum:", types: "q24@0:8q16", implementation: sum)
      try cls.addMethod("half:", types: "q24@0:8q16") { _, _, arguments in .int64(Int64((arguments[0].intValue ?? 0) / 2)) }
    }
  }

  @Test func aVariadicMethodTakesArgumentsAfterItsColonsOnEverySend() throws {
    let runtime = Runtime()
    let calc = try new(try makeCalc(in: runtime), in: runtime)
    #expect(try runtime.msgSend(calc, "sum:", arguments: [1, 2, 3]) == .int64(6))
    #expect(try runtime.msgSend(calc, "sum:", arguments: [1, 2, 3, 4, 5, 6]) == .int64(21), "a cache hit, more than four arguments")
    #expect(try runtime.msgSend(calc, "sum:", 4) == .int64(4), "the fixed argument alone")
    #expect(try Runtime.msgSend(calc, "sum:", 4, 5) == .int64(9))
    let missing = expectError(.wrongArgumentCount) { try runtime.msgSend(calc, "sum:") }
    #expect(missing?.message == "-[Calc sum:]: sent with 0 argument(s), but the selector takes 1")
    try runtime.checkInvariants()
  }

  @Test func aMethodThatIsNotVariadicKeepsTheExactCountAndItsError() throws {
    let runtime = Runtime()
    let calc = try new(try makeCalc(in: runtime), in: runtime)
    let extra = expectError(.wrongArgumentCount) { try runtime.msgSend(calc, "half:", 8, 2) }
    #expect(extra?.message == "-[Calc half:]: sent with 2 argument(s), but the selector takes 1")
    #expect(try runtime.msgSend(calc, "half:", 8) == .int64(4))
    expectError(.wrongArgumentCount) { try runtime.msgSend(calc, "half:", 8, 2) }  // cached now: same answer
    try runtime.checkInvariants()
  }

  @Test func theFixedArgumentsConvertToTheirTypesAndTheExtraOnesPassAsSent() throws {
    let runtime = Runtime()
    let seen = Recorder<String>()
    let calc = try new(try makeCalc(in: runtime, seen: seen), in: runtime)
    try runtime.msgSend(calc, "sum:", arguments: [.double(2.9), .double(1.5), "x"])
    #expect(seen.all == ["2, 1.5, \"x\""], "q16 takes 2 as a C call converts 2.9; the rest has no prototype")
    try runtime.checkInvariants()
  }

  @Test func superSendsPerformSelectorAndMethodInvokePassTheExtraArguments() throws {
    let runtime = Runtime()
    let calc = try makeCalc(in: runtime)
    let sub = try makeClass("SubCalc", superclass: calc, in: runtime) { cls in
      let sum = Implementation(function: "-[SubCalc sum:]", variadic: true) { receiver, selector, arguments in
        let fromSuper = try Runtime.msgSendSuper(receiver, superclass: calc, selector, arguments: arguments)
        return .int64(Int64((fromSuper.intValue ?? 0) * 10))
      }
      try cls.addMethod("sum:", types: "q24@0:8q16", implementation: sum)
    }
    let object = try new(sub, in: runtime)
    #expect(try runtime.msgSend(object, "sum:", arguments: [1, 2]) == .int64(30))
    #expect(try runtime.msgSend(object, "performSelector:withObject:withObject:", arguments: [.selector("sum:"), 4, 5]) == .int64(90))
    let method = try #require(try calc.instanceMethod(for: "sum:"))
    #expect(try method.invoke(object, [1, 2, 3]) == .int64(6), "method_invoke runs Calc's, with every argument")
    let half = try #require(try calc.instanceMethod(for: "half:"))
    expectError(.wrongArgumentCount) { _ = try half.invoke(object, [1, 2]) }
    try runtime.checkInvariants()
  }

  @Test func variadicIsThePropertyOfTheImplementationSoASwizzleCarriesIt() throws {
    let runtime = Runtime()
    let calc = try makeCalc(in: runtime)
    let object = try new(calc, in: runtime)
    #expect(try runtime.msgSend(object, "sum:", 1, 2) == .int64(3))
    let sum = try #require(try calc.instanceMethod(for: "sum:"))
    let half = try #require(try calc.instanceMethod(for: "half:"))
    try sum.exchangeImplementation(with: half)
    expectError(.wrongArgumentCount) { try runtime.msgSend(object, "sum:", 1, 2) }
    #expect(try runtime.msgSend(object, "half:", 1, 2) == .int64(3))
    let block = Implementation(name: "block", variadic: true) { _, _, arguments in .int(arguments.count) }
    #expect(block.isVariadic && !Implementation.forwarding.isVariadic)
    try calc.replaceMethod("half:", types: "q24@0:8q16", implementation: block)
    #expect(try runtime.msgSend(object, "half:", arguments: [1, 2, 3]) == .int(3))
    try runtime.checkInvariants()
  }

  @Test func aForwardingTargetGetsTheWholeMessageAndAnInvocationRefusesTheExtraArguments() throws {
    let runtime = Runtime()
    let calc = try new(try makeCalc(in: runtime), in: runtime)
    let proxy = try makeClass("Proxy", in: runtime) { cls in
      try cls.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { _, _, arguments in
        arguments[0].selectorValue == "sum:" ? .object(calc) : .nil
      }
      try cls.addMethod("methodSignatureForSelector:", types: "@24@0:8:16") { _, _, _ in
        .object(try runtime.methodSignature(objCTypes: "q24@0:8q16"))
      }
      try cls.addMethod("forwardInvocation:", types: "v24@0:8@16") { _, _, _ in .nil }
    }
    let object = try new(proxy, in: runtime)
    #expect(try runtime.msgSend(object, "sum:", arguments: [1, 2, 3]) == .int64(6))
    let refused = expectError(.invalidArgument) { try runtime.msgSend(object, "total:", arguments: [1, 2, 3]) }
    #expect(refused?.message.contains("the message 3; an NSInvocation holds only the arguments of its signature") == true)
    #expect(try runtime.msgSend(object, "total:", 1) == .int64(0), "with its one argument it is forwarded")
    let plain = try new(try makeClass("Plain", in: runtime), in: runtime)
    expectError(.unrecognizedSelector) { try runtime.msgSend(plain, "sum:", 1, 2) }
    try runtime.checkInvariants()
  }

  @Test func anInvocationPassesAVariadicMethodItsFixedArgumentsOnly() throws {
    let runtime = Runtime()
    let seen = Recorder<String>()
    let calc = try new(try makeCalc(in: runtime, seen: seen), in: runtime)
    let invocation = try runtime.invocation(methodSignature: try runtime.methodSignature(objCTypes: "q24@0:8q16"))
    invocation.selector = "sum:"
    try invocation.setArgument(5, at: 2)
    try invocation.invoke(target: calc)
    #expect(invocation.returnValue == .int64(5))
    #expect(seen.all == ["5"])
    expectError(.invalidArgument) { try invocation.setArgument(6, at: 3) }
    try runtime.checkInvariants()
  }

  @Test func aTracedVariadicSendIsReportedLikeAnyOther() throws {
    let runtime = Runtime()
    let cls = try makeCalc(in: runtime)
    let calc = try new(cls, in: runtime)
    let events = Recorder<String>()
    let observation = runtime.addEventObserver(includingMessageSends: true) { event in
      if case .messageSent(_, let selector, let implementation, _) = event { events.append("\(selector.name) \(implementation)") }
    }
    #expect(try runtime.msgSend(calc, "sum:", 1, 2) == .int64(3))
    observation.cancel()
    #expect(events.all == ["sum: -[Calc sum:]"])
    try runtime.checkInvariants()
  }
}
