// ManualRetainReleaseTests.swift: -retain, -release, -retainCount and autorelease pools on top of
// Swift's reference counting (ManualRetainRelease.swift, AutoreleasePool.swift), in the spirit of
// objc4's rr-nsobject.m, rr-autorelease.m, nsobject.m and customrr.m.

import Testing

@testable import MiniRuntime

/// A `Person` whose `dealloc` counts its runs, and a weak variable to one instance.
private struct Counted {
  let runtime = Runtime()
  let person: Class
  let deallocs = Box(0)

  init() throws {
    person = try makePerson(in: runtime)
    let deallocs = deallocs
    let person = person
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      deallocs.update { $0 += 1 }
      return try Runtime.msgSendSuper(receiver, definedIn: person, "dealloc")
    }
  }

  var deallocCount: Int { deallocs.update { $0 } }
}

@Suite struct ManualRetainReleaseTests {
  @Test func retainAnswersSelfAndRetainCountCountsEachRetainNotGivenBack() throws {
    let world = try Counted()
    let ann = try new(world.person, in: world.runtime)
    #expect(try world.runtime.msgSend(ann, "retainCount") == .uint64(1))  // the caller's ownership
    #expect(try world.runtime.msgSend(ann, "retain") == .object(ann))
    #expect(try world.runtime.msgSend(ann, "retain") == .object(ann))
    #expect(ann.retainCount == 3)
    _ = try world.runtime.msgSend(ann, "release")
    #expect(try world.runtime.msgSend(ann, "retainCount") == .uint64(2))
    _ = try world.runtime.msgSend(ann, "release")
    #expect(ann.retainCount == 1 && world.deallocCount == 0)
    try world.runtime.checkInvariants()
  }

  @Test func aRetainedObjectOutlivesItsSwiftReferencesUntilItsRelease() throws {
    let world = try Counted()
    let variable = WeakVariable()
    do {
      let ann = try new(world.person, in: world.runtime)
      try variable.store(ann)
      _ = try world.runtime.msgSend(ann, "retain")
    }
    #expect(world.deallocCount == 0)
    #expect(world.person.liveInstanceCount == 1)
    try Runtime.autoreleasepool {
      _ = try world.runtime.msgSend(variable.load(), "release")  // the last owner gives it back
      #expect(world.deallocCount == 0, "objc_loadWeak's autoreleased +1 keeps it until the pop")
    }
    #expect(world.deallocCount == 1, "freed when the pool gave the load's +1 back")
    #expect(variable.load() == nil)
    #expect(world.person.liveInstanceCount == 0)
  }

  @Test func releasingTheLastOwnershipDeallocatesAtOnceAsObjc4() throws {
    // [[Person alloc] init] ... [obj release]: the release to zero sends dealloc, even though a
    // Swift variable still points at the object (it lives on, zeroed, as a shell).
    let world = try Counted()
    let variable = WeakVariable()
    let watch = WeakVariable()
    var ann: Object? = try new(world.person, in: world.runtime)
    do {
      let name = try new(world.runtime.rootClass, in: world.runtime)
      try watch.store(name)
      try ann?.setValue(.object(name), forIvar: "_name")
    }
    try variable.store(ann)
    _ = try world.runtime.msgSend(ann, "release")
    #expect(world.deallocCount == 1)
    #expect(variable.load() == nil, "a weak reference reads nil once dealloc began")
    #expect(watch.load() == nil, "the ivars' objects were released with the object")
    #expect(ann?.isDeallocating == true)
    ann = nil
    #expect(world.deallocCount == 1, "the Swift deinit sends no second dealloc")
    #expect(world.person.liveInstanceCount == 0)
  }

  @Test func aMessageToAnOverReleasedObjectThrowsTheZombieText() throws {
    let world = try Counted()
    let ann = try new(world.person, in: world.runtime)
    _ = try world.runtime.msgSend(ann, "release")
    let error = expectError(.deallocatingObject) { _ = try world.runtime.msgSend(ann, "release") }
    #expect(error?.message == "*** -[Person release]: message sent to deallocated instance \(ann.address)")
    for selector: Selector in ["retain", "autorelease", "retainCount"] {
      let error = expectError(.deallocatingObject) { _ = try world.runtime.msgSend(ann, selector) }
      #expect(error?.message.hasPrefix("*** -[Person \(selector.name)]: message sent to deallocated instance") == true)
    }
    #expect(world.deallocCount == 1)
    #expect(Runtime.autoreleasedObjects.allSatisfy { $0 !== ann })
  }

  @Test func retainAndReleaseInsideDeallocChangeNothingAndRetainCountIsZero() throws {
    // objc4 818+: a deallocating object is not revived by retain, a release does not deallocate
    // it again, and its retain count reads 0.
    let runtime = Runtime()
    let seen = Recorder<String>()
    let person = try makePerson(in: runtime)
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      _ = try Runtime.msgSend(receiver, "retain")
      seen.append("count \(try Runtime.msgSend(receiver, "retainCount"))")
      _ = try Runtime.msgSend(receiver, "release")
      _ = try Runtime.msgSend(receiver, "release")
      seen.append("deallocating \(try Runtime.msgSend(receiver, "_isDeallocating"))")
      seen.append("tryRetain \(try Runtime.msgSend(receiver, "_tryRetain"))")
      return try Runtime.msgSendSuper(receiver, definedIn: person, "dealloc")
    }
    _ = try new(person, in: runtime)
    #expect(seen.all == ["count 0", "deallocating YES", "tryRetain NO"])
    #expect(person.liveInstanceCount == 0)
  }

  @Test func autoreleaseInsideDeallocIsRefusedInsteadOfQueueingFreedMemory() throws {
    // objc4 would queue the object and its pool's pop would release freed memory.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let messages = Recorder<String>()
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      do {
        _ = try Runtime.msgSend(receiver, "autorelease")
      } catch let error as RuntimeError {
        messages.append(error.message)
      }
      return try Runtime.msgSendSuper(receiver, definedIn: person, "dealloc")
    }
    try Runtime.autoreleasepool { _ = try new(person, in: runtime) }
    #expect(messages.count == 1)
    #expect(messages.all.first?.contains("autorelease] sent to instance") == true)
    #expect(messages.all.first?.hasSuffix("while it is being deallocated: its pool would release freed memory") == true)
    #expect(person.liveInstanceCount == 0)
  }

  @Test func aRetainCountMessageToADisposedObjectThrowsTheZombieText() throws {
    // object_dispose frees the memory in objc4: a later release is an over-release.
    let world = try Counted()
    let ann = try new(world.person, in: world.runtime)
    try ann.dispose()
    let error = expectError(.deallocatingObject) { try Runtime.release(ann) }
    #expect(error?.message.hasSuffix("message sent to deallocated instance \(ann.address)") == true)
    #expect(world.deallocCount == 0, "object_dispose sends no dealloc, nor does the release")
  }

  @Test func tryRetainRetainsALiveObject() throws {
    let world = try Counted()
    let ann = try new(world.person, in: world.runtime)
    #expect(try world.runtime.msgSend(ann, "_isDeallocating") == false)
    #expect(try world.runtime.msgSend(ann, "_tryRetain") == true)
    #expect(ann.retainCount == 2)
    _ = try world.runtime.msgSend(ann, "release")
  }

  @Test func aClassIgnoresRetainCountMessagesAndCountsULongMax() throws {
    // +[NSObject retain] answers self, +release does nothing, +retainCount is ULONG_MAX.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try runtime.msgSend(person, "retain") == .class(person))
    #expect(try runtime.msgSend(person, "release") == .nil)
    #expect(try runtime.msgSend(person, "retainCount") == .uint64(UInt64.max))
    let pool = Runtime.autoreleasePoolPush()
    #expect(try runtime.msgSend(person, "autorelease") == .class(person))
    #expect(Runtime.autoreleasedObjects.allSatisfy { $0 !== person }, "a class is never put in a pool")
    try Runtime.autoreleasePoolPop(pool)
    #expect(try runtime.msgSend(person, "_tryRetain") == true)
    #expect(try runtime.msgSend(person, "_isDeallocating") == false)
  }

  @Test func loadWeakRetainedGivesARetainTheCallerReleases() throws {
    let world = try Counted()
    let variable = WeakVariable()
    do {
      let ann = try new(world.person, in: world.runtime)
      try variable.store(ann)
      let held = try #require(variable.loadRetained())
      #expect(held.retainCount == 2)
    }
    #expect(world.deallocCount == 0, "the +1 keeps it")
    try Runtime.autoreleasepool { _ = try world.runtime.msgSend(variable.load(), "release") }
    #expect(world.deallocCount == 1)
    #expect(variable.loadRetained() == nil)
  }

  @Test func anAssociatedObjectIsReleasedWhenItsOwnerIsReleasedToZero() throws {
    let world = try Counted()
    let ann = try new(world.person, in: world.runtime)
    let watch = WeakVariable()
    do {
      let tag = try new(world.runtime.rootClass, in: world.runtime)
      try watch.store(tag)
      try ann.setAssociatedObject(.object(tag), forKey: AssociationKey("tag"), policy: .retain)
    }
    _ = try world.runtime.msgSend(ann, "release")
    #expect(watch.load() == nil)
    #expect(ann.associatedObject(forKey: AssociationKey("tag")) == .nil)
  }
}
