// BlockTests.swift: block objects (Block.swift): an __NSMallocBlock__ under NSBlock under
// NSObject, that answers messages like any object and is called, not sent to.

import Testing

@testable import MiniRuntime

@Suite struct BlockTests {
  struct Failure: Error {}

  @Test func aBlockIsAHeapBlockObjectThatAnswersMessages() throws {
    let runtime = Runtime()
    let block = try runtime.makeBlock { arguments in .int((arguments[0].intValue ?? 0) + 1) }
    #expect(block.isa.name == "__NSMallocBlock__")
    let nsBlock = try #require(runtime.lookUpClass(named: "NSBlock"))
    #expect(block.isa.superclass === nsBlock && nsBlock.superclass === runtime.rootClass)
    #expect(try runtime.msgSend(block, "isKindOfClass:", .class(nsBlock)) == true)
    #expect(try runtime.msgSend(block, "class") == .class(block.isa))
    #expect(try runtime.msgSend(block, "respondsToSelector:", .selector("copy")) == true)
    #expect(try runtime.msgSend(block, "copy") == .object(block), "Block_copy of a heap block answers it")
    #expect(block.isBlock && !runtime.rootClass.isBlock)
    let second = try runtime.makeBlock { _ in .nil }
    #expect(second.isa === block.isa, "the classes are made once per runtime")
    #expect(Value.object(block) != .object(second))
    try runtime.checkInvariants()
  }

  @Test func callingABlockRunsItsClosureAndPassesWhatItThrows() throws {
    let runtime = Runtime()
    let increment = try runtime.makeBlock { arguments in .int((arguments[0].intValue ?? 0) + 1) }
    #expect(try increment.callBlock([41]) == 42)
    let failing = try runtime.makeBlock { _ in throw Failure() }
    #expect(throws: Failure.self) { try failing.callBlock([]) }
    let notABlock = try runtime.rootClass.createInstance()
    let error = #expect(throws: RuntimeError.self) { try notABlock.callBlock([]) }
    #expect(error?.code == .invalidArgument)
  }

  @Test func aStopPointerLetsTheBlockAnswerThroughIt() throws {
    let runtime = Runtime()
    let stopper = try runtime.makeBlock { arguments in
      arguments[0].swiftObject(as: VariablePointer.self)?.pointee = .bool(true)  // *stop = YES
      return .nil
    }
    let stop = VariablePointer(.bool(false))
    _ = try stopper.callBlock([.swiftObject(stop)])
    #expect(stop.pointee == .bool(true))
  }

  @Test func aProgramClassNamedNSBlockIsRefusedWithAClearError() throws {
    let runtime = Runtime()
    let mine = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "NSBlock")
    try runtime.registerClassPair(mine)
    let error = #expect(throws: RuntimeError.self) { try runtime.makeBlock { _ in .nil } }
    #expect(error?.code == .duplicateClassName)
  }
}
