// AutoreleasePoolTests.swift: objc_autoreleasePoolPush/Pop, -autorelease and the
// `Runtime.autoreleasepool` helper (AutoreleasePool.swift), in the spirit of objc4's
// rr-autorelease.m, rr-autorelease2.m and customrr.m.

import Testing

@testable import MiniRuntime

/// A class whose `release` override records each call before calling super (customrr.m).
private func makeCountingClass(in runtime: Runtime, releases: Recorder<String>) throws -> Class {
  let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Counted")
  try cls.addIvar("_label", type: .object(className: "NSString"))
  try runtime.registerClassPair(cls)
  try cls.addMethod("release", types: "Vv16@0:8") { receiver, _, _ in
    releases.append(try receiver.value(ofIvar: "_label").stringValue ?? "?")
    return try Runtime.msgSendSuper(receiver, definedIn: cls, "release")
  }
  return cls
}

private func labelled(_ cls: Class, _ label: String, in runtime: Runtime) throws -> Object {
  let object = try new(cls, in: runtime)
  try object.setValue(.string(label), forIvar: "_label")
  return object
}

@Suite struct AutoreleasePoolTests {
  @Test func popSendsOneReleasePerAutoreleaseToTheOverride() throws {
    let runtime = Runtime()
    let releases = Recorder<String>()
    let cls = try makeCountingClass(in: runtime, releases: releases)
    let ann = try labelled(cls, "ann", in: runtime)
    _ = try runtime.msgSend(ann, "retain")
    _ = try runtime.msgSend(ann, "retain")
    let pool = Runtime.autoreleasePoolPush()
    #expect(try runtime.msgSend(ann, "autorelease") == .object(ann))
    #expect(try runtime.msgSend(ann, "autorelease") == .object(ann))
    #expect(ann.retainCount == 3, "autorelease does not change the count")
    #expect(Runtime.autoreleasedObjects.suffix(2).allSatisfy { $0 === ann })
    try Runtime.autoreleasePoolPop(pool)
    #expect(releases.all == ["ann", "ann"])
    #expect(ann.retainCount == 1)
    try runtime.checkInvariants()
  }

  @Test func poppingAnOuterPoolPopsTheInnerOnesNewestFirst() throws {
    let runtime = Runtime()
    let releases = Recorder<String>()
    let cls = try makeCountingClass(in: runtime, releases: releases)
    let objects = try ["a", "b", "c"].map { try labelled(cls, $0, in: runtime) }
    for object in objects { _ = try runtime.msgSend(object, "retain") }
    let outer = Runtime.autoreleasePoolPush()
    _ = try runtime.msgSend(objects[0], "autorelease")
    let inner = Runtime.autoreleasePoolPush()
    _ = try runtime.msgSend(objects[1], "autorelease")
    _ = Runtime.autoreleasePoolPush()  // never popped by itself
    _ = try runtime.msgSend(objects[2], "autorelease")
    try Runtime.autoreleasePoolPop(outer)
    #expect(releases.all == ["c", "b", "a"])
    let error = expectError(.invalidArgument) { try Runtime.autoreleasePoolPop(inner) }
    #expect(error?.message.contains("invalid or prematurely-freed autorelease pool") == true)
    expectError(.invalidArgument) { try Runtime.autoreleasePoolPop(outer) }
    #expect(releases.count == 3, "a refused pop releases nothing")
  }

  @Test func anObjectFreedByAPoolPopDeallocsOnceAndItsWeakReferencesReadNil() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let deallocs = Box(0)
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      deallocs.update { $0 += 1 }
      return try Runtime.msgSendSuper(receiver, definedIn: person, "dealloc")
    }
    let variable = WeakVariable()
    var kept: Object?
    try Runtime.autoreleasepool {
      let ann = try new(person, in: runtime)  // +1 from new, handed to the pool
      try variable.store(ann)
      _ = try runtime.msgSend(ann, "autorelease")
      kept = ann  // a Swift reference outlives the pool, as a dangling pointer would in C
    }
    #expect(deallocs.update { $0 } == 1)
    #expect(variable.load() == nil && variable.loadRetained() == nil)
    #expect(kept?.isDeallocating == true)
    kept = nil
    #expect(deallocs.update { $0 } == 1, "dealloc runs exactly once")
    #expect(person.liveInstanceCount == 0)
  }

  @Test func anObjectAutoreleasedDuringThePopIsReleasedByTheSamePop() throws {
    // A dealloc that autoreleases: objc4's pop loops until its boundary is reached.
    let runtime = Runtime()
    let releases = Recorder<String>()
    let cls = try makeCountingClass(in: runtime, releases: releases)
    let late = try labelled(cls, "late", in: runtime)
    _ = try runtime.msgSend(late, "retain")
    let owner = try makeClass("Owner", in: runtime)
    try owner.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      _ = try runtime.msgSend(late, "autorelease")
      return try Runtime.msgSendSuper(receiver, definedIn: owner, "dealloc")
    }
    try Runtime.autoreleasepool {
      _ = try runtime.msgSend(try new(owner, in: runtime), "autorelease")
    }
    #expect(releases.all == ["late"])
    #expect(late.retainCount == 1)
  }

  @Test func theHelperPopsWhenItsBodyThrows() throws {
    let runtime = Runtime()
    let releases = Recorder<String>()
    let cls = try makeCountingClass(in: runtime, releases: releases)
    let ann = try labelled(cls, "ann", in: runtime)
    _ = try runtime.msgSend(ann, "retain")
    let error = expectError(.unrecognizedSelector) {
      try Runtime.autoreleasepool {
        _ = try runtime.msgSend(ann, "autorelease")
        _ = try runtime.msgSend(ann, "fly")
      }
    }
    #expect(error != nil && releases.all == ["ann"])
  }

  @Test func poolsArePerThreadAndAnotherThreadsPoolCannotBePopped() throws {
    let runtime = Runtime()
    let releases = Recorder<String>()
    let cls = try makeCountingClass(in: runtime, releases: releases)
    let ann = try labelled(cls, "ann", in: runtime)
    _ = try runtime.msgSend(ann, "retain")
    let pool = Runtime.autoreleasePoolPush()
    _ = try runtime.msgSend(ann, "autorelease")
    let codes = Recorder<RuntimeError.Code>()
    JoinedThread {
      do throws(RuntimeError) { try Runtime.autoreleasePoolPop(pool) } catch { codes.append(error.code) }
      if Runtime.autoreleasedObjects.isEmpty { codes.append(.invalidArgument) }
    }.startAndJoin()
    #expect(codes.all == [.invalidArgument, .invalidArgument])
    #expect(releases.all.isEmpty)
    try Runtime.autoreleasePoolPop(pool)
    #expect(releases.all == ["ann"])
  }

  @Test func objectsAutoreleasedWithNoPoolAreReleasedWhenTheThreadEnds() throws {
    // objc4 without OBJC_DEBUG_MISSING_POOLS: the thread's pool page is drained at thread exit.
    let runtime = Runtime()
    let releases = Recorder<String>()
    let cls = try makeCountingClass(in: runtime, releases: releases)
    let ann = try labelled(cls, "ann", in: runtime)
    _ = try runtime.msgSend(ann, "retain")
    JoinedThread {
      _ = try? runtime.msgSend(ann, "autorelease")
      releases.append("thread body done")
    }.startAndJoin()
    #expect(releases.all == ["thread body done", "ann"])
    #expect(ann.retainCount == 1)
  }
}
