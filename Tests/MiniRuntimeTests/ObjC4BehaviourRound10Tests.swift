// ObjC4BehaviourRound10Tests.swift: the tenth round of behaviours from objc4's own tests
// (blocksAsImps.m, customrr-cat*.m, association.m, resolve.m, exchange.m, weak.m), mostly where
// block objects meet the rest of the runtime: block implementations added by a resolver,
// swizzled, invoked and replaced; blocks as associated objects and weak referents.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound10Tests {
  @Test func aResolverAddingABlockImplementationIsAskedOnceAndTheSendSucceeds() throws {
    // resolve.m with blocksAsImps.m: +resolveInstanceMethod: adds
    // imp_implementationWithBlock(^(id self){ … }) under the missing selector; the send that
    // triggered it runs the block, and later sends find it without asking again.
    let runtime = Runtime()
    let asked = Recorder<String>()
    let lazy = try makeClass("Lazy", in: runtime)
    let body = try runtime.makeBlock { arguments in
      .string("resolved for \(arguments[0].objectValue?.isa.name ?? "?")")
    }
    try lazy.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      guard let cls = receiver as? Class, let selector = arguments[0].selectorValue else { return false }
      asked.append(selector.name)
      return .bool(try cls.addMethod(selector, types: "@16@0:8", implementation: try Implementation(block: body)))
    }
    let instance = try new(lazy, in: runtime)
    #expect(try runtime.msgSend(instance, "dynamicThing") == "resolved for Lazy")
    #expect(try runtime.msgSend(instance, "dynamicThing") == "resolved for Lazy")
    #expect(asked.all == ["dynamicThing"])
    #expect(lazy.instanceMethodWithoutResolver(for: "dynamicThing")?.implementation.blockObject === body)
    try runtime.checkInvariants()
  }

  @Test func exchangingTwoBlockImplementationsSwapsWhatEachSelectorRuns() throws {
    // exchange.m with block IMPs: method_exchangeImplementations swaps the trampolines, and each
    // block still receives self first, whatever selector reached it.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let hello = try runtime.makeBlock { arguments in .string("hello \(arguments.count)") }
    let bye = try runtime.makeBlock { arguments in .string("bye \(arguments.count)") }
    try person.addMethod("greet:", types: "@24@0:8@16", implementation: try Implementation(block: hello))
    try person.addMethod("part:", types: "@24@0:8@16", implementation: try Implementation(block: bye))
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "greet:", "x") == "hello 2")  // cached now
    let greet = try #require(try person.instanceMethod(for: "greet:"))
    let part = try #require(try person.instanceMethod(for: "part:"))
    try greet.exchangeImplementation(with: part)
    #expect(try runtime.msgSend(ann, "greet:", "x") == "bye 2")
    #expect(try runtime.msgSend(ann, "part:", "x") == "hello 2")
    #expect(greet.implementation.blockObject === bye && part.implementation.blockObject === hello)
    try runtime.checkInvariants()
  }

  @Test func methodInvokeOfABlockImplementationPassesTheReceiverFirst() throws {
    // method_invoke(receiver, m, args…) calls the IMP as a send would: the trampoline moves the
    // receiver into the block's first argument and drops _cmd.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let seen = Recorder<Value>()
    let block = try runtime.makeBlock { arguments in
      seen.append(arguments[0])
      return .int((arguments[1].intValue ?? 0) * 10)
    }
    try person.addMethod("times10:", types: "q24@0:8q16", implementation: try Implementation(block: block))
    let ann = try new(person, in: runtime)
    let method = try #require(try person.instanceMethod(for: "times10:"))
    #expect(try method.invoke(ann, [4]) == 40)
    #expect(try method.implementation(ann, "times10:", [5]) == 50)  // calling the IMP directly
    #expect(seen.all == [.object(ann), .object(ann)])
  }

  @Test func replaceMethodAnswersTheOldBlockImplementationWhoseBlockStaysAlive() throws {
    // class_replaceMethod answers the previous IMP; imp_getBlock of it still answers the block
    // (the trampoline lives until imp_removeBlock), and removing it then releases the block.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let first = try runtime.makeBlock { _ in "first" }
    let second = try runtime.makeBlock { _ in "second" }
    let firstImp = try Implementation(block: first)
    try person.addMethod("which", types: "@16@0:8", implementation: firstImp)
    let previous = try person.replaceMethod("which", types: "@16@0:8", implementation: try Implementation(block: second))
    #expect(previous === firstImp && previous?.blockObject === first)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "which") == "second")
    #expect(first.retainCount == 2)
    #expect(previous?.removeBlock() == true)
    #expect(first.retainCount == 1)
    #expect(try runtime.msgSend(ann, "which") == "second", "the method's current block is untouched")
    try runtime.checkInvariants()
  }

  @Test func aCopyAssociationOfAStackBlockKeepsAHeapCopy() throws {
    // association.m with blocks: OBJC_ASSOCIATION_COPY sends -copy, which moves a stack block
    // to the heap; the association keeps the copy's count, and removing it frees the copy.
    let runtime = Runtime()
    let holder = try runtime.rootClass.createInstance()
    let key = AssociationKey("handler")
    let stack = try runtime.makeBlock(kind: .stack) { _ in "handled" }
    try holder.setAssociatedObject(.object(stack), forKey: key, policy: .copyNonatomic)
    let kept = try #require(holder.associatedObject(forKey: key).objectValue)
    #expect(kept !== stack && kept.blockKind == .malloc)
    #expect(kept.retainCount == 1)
    #expect(try kept.callBlock([]) == "handled")
    try holder.setAssociatedObject(.nil, forKey: key, policy: .copyNonatomic)
    #expect(kept.isFreedForObjectiveC, "the association's count was the copy's only one")
    #expect(!stack.isFreedForObjectiveC)
  }

  @Test func aRetainAssociationOfAHeapBlockCountsAndOfAGlobalBlockDoesNot() throws {
    let runtime = Runtime()
    let holder = try runtime.rootClass.createInstance()
    let heap = try runtime.makeBlock { _ in .nil }
    let global = try runtime.makeBlock(kind: .global) { _ in .nil }
    try holder.setAssociatedObject(.object(heap), forKey: AssociationKey("heap"), policy: .retainNonatomic)
    try holder.setAssociatedObject(.object(global), forKey: AssociationKey("global"), policy: .retainNonatomic)
    #expect(heap.retainCount == 2 && global.retainCount == 1)
    holder.removeAssociatedObjects()
    #expect(heap.retainCount == 1 && !global.isFreedForObjectiveC)
  }

  @Test func associatingTheSameObjectAgainKeepsItsOneCount() throws {
    // association.m: setting the value a key already holds retains the new value before
    // releasing the old, so an object only the association owns survives being set again.
    let runtime = Runtime()
    let holder = try runtime.rootClass.createInstance()
    let value = try runtime.rootClass.createInstance()
    let key = AssociationKey("value")
    try holder.setAssociatedObject(.object(value), forKey: key, policy: .retainNonatomic)
    #expect(value.retainCount == 2)
    try Runtime.release(value)  // the caller's count: the association owns it now
    try holder.setAssociatedObject(.object(value), forKey: key, policy: .retainNonatomic)
    #expect(!value.isFreedForObjectiveC && value.retainCount == 1)
    try holder.setAssociatedObject(.nil, forKey: key, policy: .retainNonatomic)
    #expect(value.isFreedForObjectiveC)
  }

  @Test func aWeakVariableToAGlobalBlockNeverReadsNil() throws {
    // weak.m with blocks: a global block is never deallocated, so a weak reference to it stays.
    let runtime = Runtime()
    let global = try runtime.makeBlock(kind: .global) { _ in 1 }
    let weak = try WeakVariable(global)
    for _ in 0..<2 { try Runtime.release(global) }
    #expect(weak.load() === global)
    let heap = try runtime.makeBlock { _ in 2 }
    let weakHeap = try WeakVariable(heap)
    try Runtime.release(heap)
    #expect(weakHeap.load() == nil, "a heap block released to zero is gone")
  }

  @Test func aCategoryOnNSObjectOverridingRetainMakesEveryClassCustom() throws {
    // customrr-cat1.m: a category on NSObject that defines -retain gives every class, loaded
    // before or after it, custom retain-release: objc_retain sends the override.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    try Runtime.retain(ann)  // NSObject's own, counted directly
    #expect(ann.retainCount == 2 && !person.hasCustomRetainRelease)
    let retains = Recorder<String>()
    var counting = try Category(named: "Counting", on: "NSObject")
    try counting.addInstanceMethod("retain", types: "@16@0:8") { receiver, _, _ in
      retains.append(receiver.isa.name)
      return .object(receiver)
    }
    var image = Image(named: "Counting")
    image.addCategory(counting)
    try runtime.loadImage(image)
    #expect(person.hasCustomRetainRelease)
    try Runtime.retain(ann)
    let later = try makeClass("Later", in: runtime)
    try Runtime.retain(try new(later, in: runtime))
    #expect(retains.all == ["Person", "Later"])
    #expect(ann.retainCount == 2, "the override did not count")
    try runtime.checkInvariants()
  }

  @Test func setImplementationOnASuperclassMethodReachesASubclassCachedSend() throws {
    // method_setImplementation on an inherited method flushes every subclass that cached it.
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime) { cls in try addReturning(cls, "name", "base") }
    let middle = try makeSubclass(of: base, named: "Middle", in: runtime)
    let leaf = try makeSubclass(of: middle, named: "Leaf", in: runtime)
    let instance = try new(leaf, in: runtime)
    #expect(try runtime.msgSend(instance, "name") == "base")  // cached in Leaf
    let method = try #require(try base.instanceMethod(for: "name"))
    let old = try method.setImplementation(returning("swapped"))
    #expect(old.name == "base")
    #expect(try runtime.msgSend(instance, "name") == "swapped")
    #expect(try runtime.msgSend(try new(middle, in: runtime), "name") == "swapped")
    try runtime.checkInvariants()
  }

  @Test func settingNilWithAnotherPolicyStillReleasesARetainedValue() throws {
    // association.m: objc_setAssociatedObject(obj, key, nil, OBJC_ASSOCIATION_ASSIGN) removes
    // the association whatever policy stored it, releasing a value that was retained.
    let runtime = Runtime()
    let holder = try runtime.rootClass.createInstance()
    let value = try runtime.rootClass.createInstance()
    let key = AssociationKey("value")
    try holder.setAssociatedObject(.object(value), forKey: key, policy: .retain)
    #expect(value.retainCount == 2)
    try holder.setAssociatedObject(.nil, forKey: key, policy: .assign)
    #expect(value.retainCount == 1 && holder.associatedObject(forKey: key) == .nil)
  }

  @Test func aBlockCapturingItsOwnerIsFreedWithTheOwnersAssociations() throws {
    // association.m with blocks: an associated heap block that captured another object is
    // released when its owner is deallocated, and releases its capture in turn.
    let runtime = Runtime()
    let owner = try runtime.rootClass.createInstance()
    let captured = try runtime.rootClass.createInstance()
    let block = try runtime.makeBlock(capturing: [captured]) { _ in .nil }
    try owner.setAssociatedObject(.object(block), forKey: AssociationKey("handler"), policy: .copy)
    try Runtime.release(block)  // the maker's count: the association keeps the block
    #expect(block.retainCount == 1 && captured.retainCount == 2)
    try Runtime.release(owner)
    #expect(block.isFreedForObjectiveC, "the owner's associations went with it")
    #expect(captured.retainCount == 1, "and the block released what it captured")
  }
}
