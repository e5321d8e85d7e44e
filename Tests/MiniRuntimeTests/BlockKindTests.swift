// BlockKindTests.swift: the three block classes (Block+Kinds.swift), as objc4's and
// libclosure's tests see them: class, isKindOfClass: NSBlock, copy identity, retain counts.

import Testing

@testable import MiniRuntime

@Suite struct BlockKindTests {
  @Test(arguments: BlockKind.allCases)
  func everyKindIsAnNSBlockOfItsOwnClass(kind: BlockKind) throws {
    let runtime = Runtime()
    let block = try runtime.makeBlock(kind: kind) { _ in 1 }
    let nsBlock = try #require(runtime.lookUpClass(named: "NSBlock"))
    let expected = ["__NSGlobalBlock__", "__NSStackBlock__", "__NSMallocBlock__"][BlockKind.allCases.firstIndex(of: kind) ?? 0]
    #expect(block.isa.name == expected && block.blockKind == kind)
    #expect(block.isa.superclass === nsBlock)
    #expect(try runtime.msgSend(block, "class") == .class(block.isa))
    #expect(try runtime.msgSend(block, "isKindOfClass:", .class(nsBlock)) == true)
    #expect(block.description.hasPrefix("<\(expected): 0x"))
    #expect(try block.callBlock([]) == 1)
    try runtime.checkInvariants()
  }

  @Test func aGlobalBlockIgnoresRetainReleaseAndIsItsOwnCopy() throws {
    let runtime = Runtime()
    let global = try runtime.makeBlock(kind: .global) { _ in 7 }  // ^{ return 7; }
    #expect(try runtime.msgSend(global, "retain") == .object(global))
    #expect(try runtime.msgSend(global, "retainCount") == .uint64(1), "retain changed nothing")
    #expect(try runtime.msgSend(global, "copy") == .object(global))
    for _ in 0..<3 { try runtime.msgSend(global, "release") }  // more releases than retains
    #expect(try runtime.msgSend(global, "retainCount") == .uint64(1))
    #expect(!global.isDeallocating && !global.isFreedForObjectiveC, "a global block is never freed")
    #expect(try global.callBlock([]) == 7)
    #expect(global.isa.hasCustomRetainRelease, "its retain and release are overrides, so stores send them")
  }

  @Test func aStackBlockIsNotRetainedAndItsCopyIsANewHeapBlock() throws {
    let runtime = Runtime()
    let stack = try runtime.makeBlock(kind: .stack) { arguments in .int((arguments[0].intValue ?? 0) + 1) }
    #expect(try runtime.msgSend(stack, "retain") == .object(stack))
    #expect(try runtime.msgSend(stack, "retainCount") == .uint64(1), "retaining does not keep a frame alive")
    try runtime.msgSend(stack, "release")
    #expect(!stack.isFreedForObjectiveC)
    let copy = try #require(try runtime.msgSend(stack, "copy").objectValue)
    #expect(copy !== stack)
    #expect(copy.isa.name == "__NSMallocBlock__" && copy.blockKind == .malloc)
    #expect(try copy.callBlock([41]) == 42, "the copy runs the same function")
    #expect(try runtime.msgSend(copy, "copy") == .object(copy), "a heap block's copy is itself")
    let second = try runtime.msgSend(stack, "copy").objectValue
    #expect(second !== copy, "each copy of a stack block is a new heap block")
    try runtime.checkInvariants()
  }

  @Test func aHeapBlockIsCountedLikeAnyObject() throws {
    let runtime = Runtime()
    let block = try runtime.makeBlock { _ in .nil }
    try runtime.msgSend(block, "retain")
    #expect(block.retainCount == 2)
    try runtime.msgSend(block, "release")
    #expect(block.retainCount == 1)
    try runtime.msgSend(block, "release")
    #expect(block.isFreedForObjectiveC, "the release to zero deallocates a heap block")
  }

  @Test func aPoolPopLeavesAGlobalAndAStackBlockAlive() throws {
    let runtime = Runtime()
    let global = try runtime.makeBlock(kind: .global) { _ in .nil }
    let stack = try runtime.makeBlock(kind: .stack) { _ in .nil }
    let pool = Runtime.autoreleasePoolPush()
    #expect(try runtime.msgSend(global, "autorelease") == .object(global))
    #expect(try runtime.msgSend(stack, "autorelease") == .object(stack))
    try Runtime.autoreleasePoolPop(pool)
    #expect(!global.isFreedForObjectiveC && !stack.isFreedForObjectiveC)
  }

  @Test func aStrongStoreOfAGlobalBlockCountsNothing() throws {
    let runtime = Runtime()
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.synthesizeProperty("handler", type: .block, options: [.nonatomic])
    }
    let instance = try new(holder, in: runtime)
    let global = try runtime.makeBlock(kind: .global) { _ in .nil }
    try runtime.msgSend(instance, "setHandler:", .object(global))
    #expect(global.retainCount == 1)
    try runtime.msgSend(instance, "setHandler:", .nil)
    #expect(!global.isFreedForObjectiveC)
    let heap = try runtime.makeBlock { _ in .nil }
    try runtime.msgSend(instance, "setHandler:", .object(heap))
    #expect(heap.retainCount == 2, "a heap block is retained by a strong ivar")
    try runtime.checkInvariants()
  }

  @Test func aCopyPropertyGivenAStackBlockKeepsAHeapCopy() throws {
    let runtime = Runtime()
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.synthesizeProperty("handler", type: .block, options: [.copy, .nonatomic])
    }
    let instance = try new(holder, in: runtime)
    let stack = try runtime.makeBlock(kind: .stack) { _ in "ran" }
    try runtime.msgSend(instance, "setHandler:", .object(stack))
    let kept = try #require(try runtime.msgSend(instance, "handler").objectValue)
    #expect(kept !== stack && kept.blockKind == .malloc)
    #expect(kept.retainCount == 1, "the ivar keeps the copy's one count")
    #expect(try kept.callBlock([]) == "ran")
  }
}

extension BlockKindTests {
  @Test func blockCopyAndBlockReleaseCountOnlyHeapBlocks() throws {
    let runtime = Runtime()
    let heap = try runtime.makeBlock { _ in .nil }
    #expect(try Runtime.copyBlock(heap) === heap)
    #expect(heap.retainCount == 2, "Block_copy of a heap block retains it")
    try Runtime.releaseBlock(heap)
    #expect(heap.retainCount == 1)
    let global = try runtime.makeBlock(kind: .global) { _ in .nil }
    #expect(try Runtime.copyBlock(global) === global)
    try Runtime.releaseBlock(global)
    try Runtime.releaseBlock(global)
    #expect(!global.isFreedForObjectiveC && global.retainCount == 1)
    let stack = try runtime.makeBlock(kind: .stack) { _ in "stack" }
    let copy = try Runtime.copyBlock(stack)
    #expect(copy !== stack && copy.blockKind == .malloc && copy.retainCount == 1)
    try Runtime.releaseBlock(copy)
    #expect(copy.isFreedForObjectiveC, "the copy's one count was the caller's")
    try Runtime.releaseBlock(stack)
    #expect(!stack.isFreedForObjectiveC, "Block_release of a stack block does nothing")
    let object = try runtime.rootClass.createInstance()
    expectError(.invalidArgument) { _ = try Runtime.copyBlock(object) }
    expectError(.invalidArgument) { try Runtime.releaseBlock(object) }
  }
}

extension BlockKindTests {
  @Test func invokeCallsABlockOfNoArguments() throws {
    let runtime = Runtime()
    let calls = Recorder<Int>()
    let block = try runtime.makeBlock(kind: .global) { arguments in
      calls.append(arguments.count)
      return 1
    }
    #expect(try runtime.msgSend(block, "invoke") == .nil, "-invoke is void")
    #expect(try runtime.msgSend(block, "performSelector:", .selector("invoke")) == .nil)
    #expect(calls.all == [0, 0])
  }
}

extension BlockKindTests {
  @Test func aHeapBlockRetainsItsCapturesAndReleasesThemWhenDeallocated() throws {
    let runtime = Runtime()
    let captured = try runtime.rootClass.createInstance()
    let heap = try runtime.makeBlock(capturing: [captured]) { _ in .nil }
    #expect(captured.retainCount == 2, "Block_copy's copy helper retains a captured object")
    try Runtime.release(heap)  // the release to zero: the dispose helper releases it
    #expect(heap.isFreedForObjectiveC && captured.retainCount == 1)
  }

  @Test func aStackBlockDoesNotCountItsCapturesButEachHeapCopyDoes() throws {
    let runtime = Runtime()
    let captured = try runtime.rootClass.createInstance()
    let stack = try runtime.makeBlock(kind: .stack, capturing: [captured]) { _ in .nil }
    #expect(captured.retainCount == 1, "the frame owns a stack block's captures")
    let copy = try Runtime.copyBlock(stack)
    #expect(captured.retainCount == 2)
    try Runtime.releaseBlock(copy)
    #expect(captured.retainCount == 1)
    let error = expectError(.invalidArgument) { _ = try runtime.makeBlock(kind: .global, capturing: [captured]) { _ in .nil } }
    #expect(error?.message.hasPrefix("a global block captures nothing") == true)
  }
}

extension BlockKindTests {
  @Test func aWeakLoadRetainedOfAGlobalBlockCountsNothing() throws {
    // objc_loadWeakRetained gives a +1 that the caller releases: for a global or stack block
    // neither changes anything, so the Swift-side count stays 1 as the message answers.
    let runtime = Runtime()
    for kind in [BlockKind.global, .stack] {
      let block = try runtime.makeBlock(kind: kind) { _ in .nil }
      let weak = try WeakVariable(block)
      let loaded = try #require(weak.loadRetained())
      try Runtime.release(loaded)
      #expect(block.retainCount == 1, "\(kind)")
      #expect(try runtime.msgSend(block, "retainCount") == .uint64(1))
    }
  }
}
