// ObjC4BehaviourRound25DestructTests.swift: objc_destructInstance on its own (from memory of
// 818's objc-runtime-new.mm): it runs the object's `.cxx_destruct` (strong ivars released and
// set to nil; scalars untouched), removes its associations as a deallocation does
// (`_object_remove_assocations(obj, true)`: system-object ones too, last), and clears its weak
// references (`clearDeallocating`), then returns the object without freeing it or sending
// `dealloc`. The object lives on: a weak reference stored afterwards reads it, an association set
// afterwards is released when it really deallocates, and a later last release sends `dealloc`.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound25DestructTests {
  /// `Owner : NSObject` with a strong `tag` and a scalar `count`, recording its deallocs in `deallocs`.
  private func makeOwnerClass(in runtime: Runtime, deallocs: Recorder<String>) throws -> Class {
    try makeDeallocRecordingClass("Owner", in: runtime, deallocs: deallocs) { cls in
      try cls.synthesizeProperty("tag", type: .object(className: "NSObject"), options: [.retain, .nonatomic])
      try cls.synthesizeProperty("count", type: .longLong)
    }
  }

  @Test func destructInstanceReleasesTheIvarsAndReturnsTheObjectStillAllocatedWithoutDealloc() throws {
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let ownerClass = try makeOwnerClass(in: runtime, deallocs: deallocs)
    let owner = try new(ownerClass, in: runtime)
    let tag = try new(try makeDeallocRecordingClass("Tag", in: runtime, deallocs: deallocs), in: runtime)
    try runtime.msgSend(owner, "setTag:", .object(tag))
    try runtime.msgSend(owner, "setCount:", .int(42))
    try Runtime.release(tag)
    let result = try owner.destructInstance()
    #expect(result === owner, "objc_destructInstance returns its argument")
    #expect(deallocs.all == ["Tag"], "the ivar's object is released; the owner gets no dealloc")
    #expect(!owner.isDeallocating)
    #expect(owner.isa === ownerClass)
    #expect(owner.retainCount == 1)
    #expect(try owner.value(ofIvar: "_tag") == .nil)
    #expect(try owner.value(ofIvar: "_count") == .int(42), ".cxx_destruct touches no scalar")
    #expect(try runtime.msgSend(owner, "count") == .int(42), "it still answers messages")
    try Runtime.release(owner)
    #expect(deallocs.all == ["Tag", "Owner"], "the last release deallocates it as any other")
    try runtime.checkInvariants()
  }

  @Test func destructInstanceClearsTheWeakReferencesMadeBeforeIt() throws {
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let owner = try new(try makeOwnerClass(in: runtime, deallocs: deallocs), in: runtime)
    let reference = WeakReference(owner)
    let variable = try WeakVariable(owner)
    #expect(reference.object === owner && variable.load() === owner)
    try owner.destructInstance()
    #expect(reference.object == nil, "clearDeallocating nils every weak reference in the table")
    #expect(variable.load() == nil)
    let later = WeakReference(owner)
    let laterVariable = try WeakVariable(owner)
    #expect(later.object === owner, "the object is not deallocating: a new weak reference reads it")
    #expect(laterVariable.load() === owner)
    #expect(reference.object == nil, "a cleared reference stays nil")
    try owner.destructInstance()
    #expect(later.object == nil && laterVariable.load() == nil, "a second destruct clears those too")
    try runtime.checkInvariants()
  }

  @Test func destructInstanceRemovesEveryAssociationAndLaterOnesAreReleasedAtDealloc() throws {
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let owner = try new(try makeOwnerClass(in: runtime, deallocs: deallocs), in: runtime)
    try associateRecordingTags(
      [("System", [.retain, .systemObject]), ("Plain", .retainNonatomic)], with: owner, in: runtime, deallocs: deallocs)
    try owner.destructInstance()
    #expect(deallocs.all == ["Plain", "System"], "removed as at deallocation: system objects too, last")
    #expect(owner.associationKeys.isEmpty)
    let late = try new(try makeDeallocRecordingClass("Late", in: runtime, deallocs: deallocs), in: runtime)
    try owner.setAssociatedObject(.object(late), forKey: AssociationKey("late"), policy: .retain)
    try Runtime.release(late)
    try Runtime.release(owner)
    #expect(deallocs.all == ["Plain", "System", "Owner", "Late"], "not leaked: the owner was not deallocating")
    try runtime.checkInvariants()
  }

  @Test func destructInstanceOfAFreedObjectThrows() throws {
    let runtime = Runtime()
    let owner = try makePerson(in: runtime).createInstance()
    try owner.dispose()
    expectError(.deallocatingObject) { try owner.destructInstance() }
    try runtime.checkInvariants()
  }
  @Test func anAssignAssociationStillReadsTheObjectAfterDestructInstance() throws {
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let ownerClass = try makeOwnerClass(in: runtime, deallocs: deallocs)
    let holder = try new(ownerClass, in: runtime)
    let owner = try new(ownerClass, in: runtime)
    let key = AssociationKey("assigned")
    try holder.setAssociatedObject(.object(owner), forKey: key, policy: .assign)
    try owner.destructInstance()
    #expect(
      holder.associatedObject(forKey: key) == .object(owner),
      "ASSIGN keeps a plain pointer, not in the weak table: clearDeallocating leaves it, and the object is still allocated")
    try Runtime.release(owner)
    try Runtime.release(holder)
    try runtime.checkInvariants()
  }

  @Test func aWeakLoadOfADestructedObjectUnderTheRuntimeLockOrTheObjectsLockCompletes() throws {
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let owner = try new(try makeOwnerClass(in: runtime, deallocs: deallocs), in: runtime)
    let before = WeakReference(owner)
    try owner.destructInstance()
    let after = WeakReference(owner)
    // The clearing counts sit under a leaf lock of their own, not Runtime.lock (Locks.swift).
    let underRuntimeLock = runtime.withState { _ in (before.object, after.object) }
    #expect(underRuntimeLock.0 == nil && underRuntimeLock.1 === owner)
    let underObjectLock = owner.withLock { (before.object, after.object) }
    #expect(underObjectLock.0 == nil && underObjectLock.1 === owner)
    try Runtime.release(owner)
    try runtime.checkInvariants()
  }
  @Test func theGetterRetainAndGetterAutoreleaseBitsAreTestedEachOnItsOwn() throws {
    // objc4's getter retains under its lock if OBJC_ASSOCIATION_GETTER_RETAIN (0x100) is set and
    // autoreleases afterwards if OBJC_ASSOCIATION_GETTER_AUTORELEASE (0x200) is set, each alone.
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let ownerClass = try makeOwnerClass(in: runtime, deallocs: deallocs)
    let holder = try new(ownerClass, in: runtime)
    let value = try new(ownerClass, in: runtime)
    let retainOnly = AssociationKey("retainOnly")
    let autoreleaseOnly = AssociationKey("autoreleaseOnly")
    try holder.setAssociatedObject(.object(value), forKey: retainOnly, policy: AssociationPolicy(rawValue: 0x101))
    #expect(value.retainCount == 2)
    var pool = Runtime.autoreleasePoolPush()
    #expect(holder.associatedObject(forKey: retainOnly) == .object(value))
    try Runtime.autoreleasePoolPop(pool)
    #expect(value.retainCount == 3, "0x100 alone: a +1 nobody autoreleases, the caller's to release")
    try Runtime.release(value)
    try holder.setAssociatedObject(.object(value), forKey: autoreleaseOnly, policy: AssociationPolicy(rawValue: 0x201))
    #expect(value.retainCount == 3)
    pool = Runtime.autoreleasePoolPush()
    #expect(holder.associatedObject(forKey: autoreleaseOnly) == .object(value))
    #expect(value.retainCount == 3, "0x200 alone: no retain")
    try Runtime.autoreleasePoolPop(pool)
    #expect(value.retainCount == 2, "0x200 alone: autoreleased without a retain, one release too many")
    try Runtime.retain(value)  // give back the count the pool took
    holder.removeAssociatedObjects()
    try Runtime.release(value)
    try Runtime.release(holder)
    try runtime.checkInvariants()
  }
}
