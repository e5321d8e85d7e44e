// ImplementationBlockObjectTests.swift: imp_implementationWithBlock, imp_getBlock and
// imp_removeBlock given block objects (Implementation+Block.swift), as objc4's blocksAsImps.m
// and imp_removeBlock tests use them: self first, no _cmd, the block kept (copied) and released.

import Testing

@testable import MiniRuntime

@Suite struct ImplementationBlockObjectTests {
  @Test func aBlockImplementationReceivesSelfFirstAndNoSelector() throws {
    let runtime = Runtime()
    let calc = try makeClass("Calc", in: runtime)
    let seen = Recorder<[Value]>()
    let sum = try runtime.makeBlock { arguments in  // ^(id self, long a, long b) { return a + b; }
      seen.append(arguments.values)
      return .int((arguments[1].intValue ?? 0) + (arguments[2].intValue ?? 0))
    }
    let imp = try Implementation(block: sum)
    #expect(try calc.addMethod("add:to:", types: "q32@0:8q16q24", implementation: imp))
    let instance = try new(calc, in: runtime)
    #expect(try runtime.msgSend(instance, "add:to:", 2, 40) == 42)
    #expect(seen.all.last?.count == 3, "self and the two arguments; no _cmd")
    #expect(seen.all.last?.first == .object(instance))
    // A class method's block receives the class as self.
    #expect(try calc.isa.addMethod("add:to:", types: "q32@0:8q16q24", implementation: try Implementation(block: sum)))
    #expect(try runtime.msgSend(calc, "add:to:", 1, 2) == 3)
    #expect(seen.all.last?.first == .class(calc))
    try runtime.checkInvariants()
  }

  @Test func getBlockAnswersTheBlockWhichTheImplementationRetains() throws {
    let runtime = Runtime()
    let block = try runtime.makeBlock { _ in "hi" }
    #expect(block.retainCount == 1)
    let imp = try Implementation(block: block)
    #expect(imp.blockObject === block, "Block_copy of a heap block is the block itself")
    #expect(block.retainCount == 2, "retained by the implementation")
    _ = imp.blockObject
    #expect(block.retainCount == 2, "imp_getBlock does not retain")
    #expect(imp.removeBlock())
    #expect(block.retainCount == 1, "imp_removeBlock released it")
    #expect(!imp.removeBlock(), "NO the second time")
    #expect(imp.blockObject == nil && imp.block == nil)
    #expect(block.retainCount == 1, "released once only")
  }

  @Test func removeBlockAnswersNoForAnImplementationNotMadeFromABlock() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let setter = try #require(try person.instanceMethod(for: "setAge:")?.implementation)
    #expect(setter.blockObject == nil)
    #expect(!setter.removeBlock())
    let closure = Implementation(name: "greet") { _, _, _ in "hello" }
    #expect(closure.blockObject == nil, "made from a Swift closure, not a block object")
  }

  @Test func sendingARemovedBlockImplementationThrowsAndTheBlockNeverRuns() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let runs = Recorder<String>()
    let greet = try runtime.makeBlock { _ in
      runs.append("ran")
      return "hello"
    }
    let imp = try Implementation(name: "-[Person greet]", block: greet)
    try person.addMethod("greet", types: "@16@0:8", implementation: imp)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "greet") == "hello")
    #expect(imp.removeBlock())
    let error = expectError(.blockRemoved) { try runtime.msgSend(ann, "greet") }
    #expect(error?.message == "-[Person greet]: the implementation's block was removed by imp_removeBlock")
    #expect(try greet.callBlock([.object(ann)]) == "hello", "the caller's own block is still alive")
    #expect(runs.count == 2)
    try runtime.checkInvariants()
  }

  @Test func removingTheLastCountDeallocatesTheBlock() throws {
    let runtime = Runtime()
    let block = try runtime.makeBlock { _ in .nil }
    let imp = try Implementation(block: block)
    try Runtime.release(block)  // the caller's count: the implementation's keeps it alive
    #expect(block.retainCount == 1 && !block.isFreedForObjectiveC)
    #expect(imp.removeBlock())
    #expect(block.isFreedForObjectiveC, "Block_release of the last count frees the block")
  }

  @Test func aStackBlockIsCopiedToTheHeapAndAGlobalOneKeptAsItIs() throws {
    let runtime = Runtime()
    let stack = try runtime.makeBlock(kind: .stack) { arguments in .string("from \(arguments.count)") }
    let fromStack = try Implementation(block: stack)
    let copy = try #require(fromStack.blockObject)
    #expect(copy !== stack && copy.isa.name == "__NSMallocBlock__")
    #expect(copy.retainCount == 1, "the implementation owns the new copy")
    #expect(try copy.callBlock([.nil]) == "from 1", "the copy runs the same code")
    let global = try runtime.makeBlock(kind: .global) { _ in 7 }
    let fromGlobal = try Implementation(block: global)
    #expect(fromGlobal.blockObject === global)
    #expect(fromGlobal.removeBlock() && global.retainCount == 1)
    #expect(try global.callBlock([]) == 7, "a global block is never freed")
    #expect(fromStack.removeBlock())
    #expect(copy.isFreedForObjectiveC, "the implementation's heap copy goes with it")
  }

  @Test func anObjectThatIsNotABlockIsRefused() throws {
    let runtime = Runtime()
    let object = try runtime.rootClass.createInstance()
    let error = expectError(.invalidArgument) { _ = try Implementation(block: object) }
    #expect(error?.message.hasPrefix("imp_implementationWithBlock: <NSObject: 0x") == true)
  }

  @Test func methodSetImplementationWithABlockReplacesAndAnswersTheOldOne() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    try runtime.msgSend(ann, "setAge:", 30)
    let doubled = try runtime.makeBlock { arguments in  // ^(Person *self) { return self.age * 2; }
      .int((try Runtime.msgSend(arguments[0].objectValue, "ageGetter").intValue ?? 0) * 2)
    }
    let method = try #require(try person.instanceMethod(for: "age"))
    let original = method.implementation
    try person.addMethod("ageGetter", types: "q16@0:8", implementation: original)
    #expect(try runtime.msgSend(ann, "age") == 30)  // cached now
    let old = try method.setImplementation(try Implementation(block: doubled))
    #expect(old === original)
    #expect(try runtime.msgSend(ann, "age") == 60)
    try runtime.checkInvariants()
  }
}

extension ImplementationBlockObjectTests {
  @Test func removingTheBlockReleasesWhatTheBlockCaptured() throws {
    // blocksAsImps.m: an object captured by the block lives while the IMP does; imp_removeBlock
    // frees the block's copy, whose dispose helper releases the object, deallocating it.
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let tracked = try makeClass("Tracked", in: runtime) { cls in
      try cls.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
        deallocs.append("dealloc")
        return try Runtime.msgSendSuper(receiver, definedIn: receiver.isa, "dealloc")
      }
    }
    let captured = try new(tracked, in: runtime)
    let stack = try runtime.makeBlock(kind: .stack, capturing: [captured]) { _ in .nil }
    let imp = try Implementation(block: stack)
    #expect(captured.retainCount == 2, "the heap copy retained it")
    try Runtime.release(captured)  // the caller's count: the block's keeps it alive
    #expect(deallocs.all.isEmpty)
    #expect(imp.removeBlock())
    #expect(deallocs.all == ["dealloc"], "the block's copy was freed, and its capture with it")
  }
}
