// ObjC4BehaviourRound20AccessorTests.swift: the twentieth round's accessor behaviour from objc4's
// own sources: objc_getProperty retains an atomic object property's value under the property's
// spinlock even when the value's class has custom retain-release (objc-accessors.mm: the retain
// is objc_retain, which sends -retain to such a class while the spinlock is held), so a setter on
// another thread, which swaps under the same spinlock, releases the old value only after it.

import Dispatch
import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound20AccessorTests {
  /// A `Counted : NSObject` whose `-retain` override calls `during` (once, when armed) before
  /// `[super retain]`, and a `Holder` with an atomic retained `value` property.
  private func makeClasses(
    in runtime: Runtime, armed: Locked<Bool>, during: @escaping @Sendable (Object) -> Void
  ) throws -> (holder: Class, counted: Class) {
    let root = runtime.rootClass
    let counted = try makeClass("Counted", in: runtime) { cls in
      try cls.addMethod("retain", types: "@16@0:8") { receiver, _, _ in
        if disarm(armed) { during(receiver) }
        return try Runtime.msgSendSuper(receiver, superclass: root, "retain")
      }
    }
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.synthesizeProperty("value", type: .object(className: nil), options: [.retain])
    }
    return (holder, counted)
  }

  @Test func anAtomicGetterKeepsACustomRetainObjectAliveWhileASetterOnAnotherThreadReleasesIt() throws {
    // objc-accessors.mm: objc_getProperty reads the ivar and objc_retains it under the property's
    // spinlock; for a class with custom retain-release that is a -retain message sent with the
    // spinlock held, so objc_setProperty on another thread waits for it and its release of the old
    // value comes after the getter's retain: the getter's value lives until the pool pops. Here
    // the -retain override lets the setter on another thread run to its end (objc4 would hold it
    // at the spinlock; the wait is bounded so a blocked setter only delays the test) before it
    // calls [super retain].
    let runtime = Runtime()
    let armed = Locked(false)
    let retainStarted = DispatchSemaphore(value: 0)
    let setterDone = DispatchSemaphore(value: 0)
    let (holder, counted) = try makeClasses(in: runtime, armed: armed) { _ in
      retainStarted.signal()
      _ = setterDone.wait(timeout: .now() + 5)
    }
    let owner = try new(holder, in: runtime)
    let value = try new(counted, in: runtime)
    try runtime.msgSend(owner, "setValue:", .object(value))
    try Runtime.release(value)  // the ivar's reference is its only one now
    let errors = Recorder<String>()
    armed.withLock { $0 = true }
    // A thread of its own: a Dispatch worker might not start while the test's threads wait.
    let setter = JoinedThread {
      _ = retainStarted.wait(timeout: .now() + 5)
      do { try runtime.msgSend(owner, "setValue:", .nil) } catch { errors.append("\(error)") }
      setterDone.signal()
    }
    setter.start()
    var aliveInPool = false
    try Runtime.autoreleasepool {
      let read = try runtime.msgSend(owner, "value")
      aliveInPool = read.objectValue === value && !value.isDeallocating
    }
    setter.join()  // the override took the setter's signal
    #expect(errors.all.isEmpty, "\(errors.all)")
    #expect(aliveInPool, "the getter handed out an object the other thread's setter freed")
    #expect(value.isDeallocating, "the pool's pop released the getter's +1 to zero")
    try runtime.checkInvariants()
  }

  @Test func aRetainOverrideSeesTheCountItWouldSeeInObjC4() throws {
    // objc4: -retain sent by objc_getProperty (under the spinlock) sees the object's count as the
    // ivar holds it, 1; MiniKVO's own hold on the value during that send is not counted.
    let runtime = Runtime()
    let armed = Locked(false)
    let seen = Recorder<Int>()
    let (holder, counted) = try makeClasses(in: runtime, armed: armed) { receiver in
      seen.append(receiver.retainCount)
    }
    let owner = try new(holder, in: runtime)
    let value = try new(counted, in: runtime)
    try runtime.msgSend(owner, "setValue:", .object(value))
    try Runtime.release(value)
    armed.withLock { $0 = true }
    try Runtime.autoreleasepool {
      _ = try runtime.msgSend(owner, "value")
      #expect(value.retainCount == 2, "the ivar's and the getter's")
    }
    #expect(seen.all == [1])
    #expect(value.retainCount == 1)
    try runtime.msgSend(owner, "setValue:", .nil)
    #expect(value.isDeallocating)
    try runtime.checkInvariants()
  }

  @Test func aRetainOverrideThatDoesNotRetainLetsTheValueGoWhenTheSetterReleasedIt() throws {
    // A -retain that never calls [super retain] adds nothing: once the setter on the other thread
    // released the ivar's reference, the object is deallocated (in objc4 at that release, here
    // when the getter lets its own hold go); it is never freed twice.
    let runtime = Runtime()
    let retainStarted = DispatchSemaphore(value: 0)
    let setterDone = DispatchSemaphore(value: 0)
    let deallocs = Recorder<String>()
    let armed = Locked(false)
    let root = runtime.rootClass
    let counted = try makeClass("Counted", in: runtime) { cls in
      try cls.addMethod("retain", types: "@16@0:8") { receiver, _, _ in
        if disarm(armed) {
          retainStarted.signal()
          _ = setterDone.wait(timeout: .now() + 5)
        }
        return .object(receiver)
      }
      try cls.addMethod("autorelease", types: "@16@0:8") { receiver, _, _ in .object(receiver) }
      try cls.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
        deallocs.append(receiver.isa.name)
        return try Runtime.msgSendSuper(receiver, superclass: root, "dealloc")
      }
    }
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.synthesizeProperty("value", type: .object(className: nil), options: [.retain])
    }
    let owner = try new(holder, in: runtime)
    let value = try new(counted, in: runtime)
    try runtime.msgSend(owner, "setValue:", .object(value))  // the override adds nothing: one owner
    armed.withLock { $0 = true }
    let setter = JoinedThread {
      _ = retainStarted.wait(timeout: .now() + 5)
      _ = try? runtime.msgSend(owner, "setValue:", .nil)
      setterDone.signal()
    }
    setter.start()
    _ = try runtime.msgSend(owner, "value")
    setter.join()  // the override took the setter's signal
    #expect(deallocs.all == ["Counted"])
    try runtime.checkInvariants()
  }
}

/// Answers whether `armed` was set, and clears it (a one-shot trigger).
private func disarm(_ armed: Locked<Bool>) -> Bool {
  armed.withLock { was in
    defer { was = false }
    return was
  }
}
