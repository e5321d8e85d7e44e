// ObjC4BehaviourRound21ProbeTests.swift: the twenty-first round's probes of objc4 test files no
// earlier round cited, each already answering as objc4: consolidatePoolPointers.m (one object
// autoreleased many times, across nested pools), synchronized-grid.m (nested @synchronized over
// a grid of objects from several threads), setAssociatedObjectHook.m (what reaches the hook) and
// addMethods.m (class_addMethodsBulk on a subclass of the class that has the selectors).
// Cited here, probed earlier under other names: getClassHook.m (ClassNameTests: chained hooks, a
// hook not re-entered for its own name), nopool.m (AutoreleasePoolTests: no pool, released at
// thread exit), the sync tests' nil, unowned-exit and recursive cases (SynchronizedTests), and
// addMethods.m's duplicates in one call (MethodsBulkTests).

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound21ProbeTests {
  @Test func oneObjectAutoreleasedManyTimesIsReleasedOncePerAutoreleaseAtItsOwnPop() throws {
    // consolidatePoolPointers.m: objc4 may store repeated autoreleases of one object as a single
    // entry with a count; what a program sees is unchanged: each pop releases exactly the
    // autoreleases made since its push.
    let runtime = Runtime()
    let cls = try makeClass("Pooled", in: runtime)
    let object = try new(cls, in: runtime)
    for _ in 0..<5 { _ = try runtime.msgSend(object, "retain") }
    #expect(object.retainCount == 6)
    let outer = Runtime.autoreleasePoolPush()
    for _ in 0..<3 { _ = try Runtime.autorelease(object) }
    let inner = Runtime.autoreleasePoolPush()
    for _ in 0..<2 { _ = try Runtime.autorelease(object) }
    #expect(object.retainCount == 6, "autorelease defers the release")
    try Runtime.autoreleasePoolPop(inner)
    #expect(object.retainCount == 4)
    try Runtime.autoreleasePoolPop(outer)
    #expect(object.retainCount == 1)
    #expect(try Runtime.autorelease(nil) == nil, "objc_autorelease(nil) is nil and queues nothing")
    try runtime.checkInvariants()
  }

  @Test func nestedSynchronizedOverAGridFromSeveralThreadsLosesNoIncrement() throws {
    // synchronized-grid.m: each thread takes two locks of a grid, one inside the other (always
    // in the same order, so no deadlock), and increments the counter the pair guards.
    let runtime = Runtime()
    let cls = try makeClass("Cell", in: runtime)
    let cells = try (0..<4).map { _ in try new(cls, in: runtime) }
    let counters = Counters(count: 16)
    let threads = (0..<4).map { thread in
      JoinedThread {
        for round in 0..<200 {
          let (row, column) = ((round + thread) % 4, (round / 4 + thread) % 4)
          let (first, second) = (min(row, column), max(row, column))
          Runtime.synchronized(cells[first]) {
            Runtime.synchronized(cells[second]) { counters.unsafeIncrement(first * 4 + second) }
          }
        }
      }
    }
    for thread in threads { thread.start() }
    for thread in threads { thread.join() }
    #expect(counters.total == 800)
    for cell in cells { #expect(Runtime.syncExit(cell) == .notOwningThread, "every lock was given back") }
    try runtime.checkInvariants()
  }

  @Test func theAssociationHookSeesARemovalBySettingNilButNotRemoveAssociatedObjects() throws {
    // setAssociatedObjectHook.m: every objc_setAssociatedObject goes through the hook, a nil value
    // too; objc_removeAssociatedObjects does not call it.
    let runtime = Runtime()
    let object = try new(try makeClass("Holder", in: runtime), in: runtime)
    let seen = Recorder<String>()
    let chain = AssociationHookTests.Chain()
    chain.previous = runtime.setAssociatedObjectHook { object, key, value, policy in
      seen.append("\(key.name)=\(value == .nil ? "nil" : "value")")
      try chain.previous?(object, key, value, policy)
    }
    let key = AssociationKey("key")
    try object.setAssociatedObject("value", forKey: key, policy: .retain)
    #expect(object.associatedObject(forKey: key) == "value")
    try object.setAssociatedObject(.nil, forKey: key, policy: .assign)
    #expect(object.associatedObject(forKey: key) == .nil)
    try object.setAssociatedObject("again", forKey: key, policy: .copy)
    object.removeAssociatedObjects()
    #expect(object.associatedObject(forKey: key) == .nil)
    #expect(seen.all == ["key=value", "key=nil", "key=value"])
    try runtime.checkInvariants()
  }

  @Test func bulkAddingASuperclassesSelectorsToASubclassOverridesThem() throws {
    // addMethods.m: class_addMethodsBulk fails only for selectors the class itself has; those
    // it inherits are added and override. class_replaceMethodsBulk adds an inherited one too.
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime) { cls in
      try addReturning(cls, "method1", "Base1")
      try addReturning(cls, "method2", "Base2")
    }
    let sub = try makeClass("Sub", superclass: base, in: runtime)
    let object = try new(sub, in: runtime)
    #expect(try runtime.msgSend(object, "method1") == "Base1")  // now cached in Sub
    let failed = try sub.addMethods([("method1", returning("Sub1"), "@16@0:8"), ("method3", returning("Sub3"), "@16@0:8")])
    #expect(failed.isEmpty)
    #expect(try runtime.msgSend(object, "method1") == "Sub1")
    #expect(try sub.addMethods([("method1", returning("again"), "@16@0:8")]) == ["method1"])
    try sub.replaceMethods([("method2", returning("Sub2"), "@16@0:8")])
    #expect(try runtime.msgSend(object, "method2") == "Sub2")
    #expect(try runtime.msgSend(try new(base, in: runtime), "method2") == "Base2")
    #expect(sub.methodList.map(\.selector.name).sorted() == ["method1", "method2", "method3"])
    try runtime.checkInvariants()
  }
}

/// Counters the synchronized-grid probe increments without a lock of their own: only the test's
/// `@synchronized` pairs guard them, so a lost increment would show a lock that did not exclude.
/// Each counter has its own memory, so pairs guarding different counters never touch one word.
private final class Counters: @unchecked Sendable {
  private let values: UnsafeMutableBufferPointer<Int>
  init(count: Int) { values = .allocate(capacity: count); values.initialize(repeating: 0) }
  deinit { values.deallocate() }
  func unsafeIncrement(_ index: Int) { values[index] += 1 }
  var total: Int { values.reduce(0, +) }
}
