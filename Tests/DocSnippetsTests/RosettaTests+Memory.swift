// RosettaTests+Memory.swift: the Rosetta rows for memory: ivar sizes and layouts, indexed ivars,
// object_copy/object_dispose, weak variables and the association hook, exercised (see
// RosettaTests.swift for the convention; RosettaTableTests.swift reads this file too).

import MiniRuntime
import Testing

@Suite struct RosettaMemoryTests {
  @Test func memoryFunctionsAreMembersOfClassObjectAndWeakVariable() throws {
    let runtime = Runtime()
    let node = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Node")
    // Rosetta: class_addIvar
    try node.addIvar("_next", type: .object(className: "Node"))
    try node.addIvar("_parent", size: 8, log2Alignment: 3, type: .object(className: "Node"))
    // Rosetta: class_setWeakIvarLayout
    try node.setWeakIvarLayout([0x11])
    // Rosetta: class_setIvarLayout
    try node.setIvarLayout([0x01])
    try runtime.registerClassPair(node)
    // Rosetta: class_getWeakIvarLayout
    #expect(node.weakIvarLayout == [0x11])
    // Rosetta: class_getIvarLayout
    #expect(node.ivarLayout == [0x01])

    let first = try node.createInstance(extraBytes: 4)
    // Rosetta: object_getIndexedIvars
    first.withIndexedIvars { $0[0] = 1 }
    // Rosetta: object_copy
    let second = try first.copy(extraBytes: 4)
    #expect(second.withIndexedIvars { $0[0] } == 1)
    // Rosetta: objc_destructInstance
    #expect(try first.copy().destructInstance().isa === first.isa)
    // Rosetta: object_dispose
    try second.dispose()

    let variable = WeakVariable()
    // Rosetta: objc_storeWeak
    try variable.store(first)
    // Rosetta: objc_loadWeakRetained
    #expect(variable.loadRetained() === first)
    _ = try runtime.msgSend(first, "release")  // the +1 objc_loadWeakRetained gave
    let other = WeakVariable()
    // Rosetta: objc_copyWeak
    try other.copy(from: variable)
    let moved = WeakVariable()
    // Rosetta: objc_moveWeak
    moved.move(from: other)
    try Runtime.autoreleasepool { #expect(moved.load() === first && other.load() == nil) }

    // Rosetta: objc_retain
    try Runtime.retain(first)
    // Rosetta: objc_release
    try Runtime.release(first)
    // Rosetta: objc_autoreleasePoolPush
    let pool = Runtime.autoreleasePoolPush()
    // Rosetta: objc_retainAutorelease
    try Runtime.retainAutorelease(first)
    // Rosetta: objc_autorelease
    try Runtime.autorelease(first)
    // Rosetta: objc_autoreleasePoolPop
    try Runtime.autoreleasePoolPop(pool)
    #expect(first.isDeallocating)
    // Rosetta: objc_destroyWeak
    variable.destroy()
    #expect(variable.load() == nil)

    let hook = HookChain()
    // Rosetta: objc_setHook_setAssociatedObject
    hook.previous = runtime.setAssociatedObjectHook { object, key, value, policy in
      hook.names.append(key.name)
      try hook.previous?(object, key, value, policy)  // the runtime's own setter, at first
    }
    let tag = AssociationKey("tag")
    try first.setAssociatedObject("x", forKey: tag, policy: .retain)
    #expect(hook.names == ["tag"])
    #expect(first.associatedObject(forKey: tag) == "x")
  }

  /// The hook installed before ours, and the keys ours saw (one thread only).
  final class HookChain: @unchecked Sendable {
    var previous: SetAssociatedObjectHook?
    var names: [String] = []
  }
}
