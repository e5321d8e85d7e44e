// FBKVOControllerBehaviourRound30Tests.swift: what FB's retaining controller does to an observed
// object's retain count. Its `_objectInfosMap` is a map table with strong keys: the first
// observation of an object retains it once (`objc_retain`, so `retainCount` is one more and a
// class overriding `retain` is sent it), and removing the object's last info releases it once,
// whatever removes it (unobserve:keyPath:, unobserve:, unobserveAll, the controller's release).
// The non-retaining controller's map table holds its keys weakly: no retain, no release.

import Dispatch
import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound30Tests {
  /// The first observation of an object retains it once; more key paths of it add nothing;
  /// unobserving all but the last key path keeps the retain, and the last one gives it back
  /// (was: the controller held the object by a Swift reference, and `retainCount` did not move).
  @Test func theRetainingControllerRetainsAnObservedObjectOnceUntilItsLastKeyPathGoes() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let base = ann.retainCount
    let controller = KVOController(observer: watcher)
    try controller.observe(ann, keyPath: "age") { _, _, _ in }
    #expect(ann.retainCount == base + 1)
    try controller.observe(ann, keyPaths: ["name", "friend"]) { _, _, _ in }
    try controller.observe(ann, keyPath: "age") { _, _, _ in }  // deduplicated
    #expect(ann.retainCount == base + 1)
    try controller.observe(bob, keyPath: "age", options: [.new], context: 1)
    #expect(bob.retainCount == base + 1 && ann.retainCount == base + 1)
    controller.unobserve(ann, keyPath: "age")
    controller.unobserve(ann, keyPath: "name")
    #expect(ann.retainCount == base + 1)
    controller.unobserve(ann, keyPath: "friend")
    #expect(ann.retainCount == base)
    controller.unobserve(ann, keyPath: "friend")  // not observed: nothing to give back
    #expect(ann.retainCount == base)
    try controller.observe(ann, keyPath: "age") { _, _, _ in }
    #expect(ann.retainCount == base + 1)
    controller.unobserve(ann)
    #expect(ann.retainCount == base && bob.retainCount == base + 1)
    controller.unobserve(bob)
    #expect(bob.retainCount == base)
    try world.runtime.checkInvariants()
  }

  /// `unobserveAll`, the controller's release and a new `kvoController` in place of the old each
  /// give back every observed object's retain, once.
  @Test func everyWayOfEndingTheObservationsReleasesEachObjectOnce() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let base = ann.retainCount
    let controller = KVOController(observer: watcher)
    try controller.observe(ann, keyPaths: ["age", "name"]) { _, _, _ in }
    try controller.observe(bob, keyPath: "age") { _, _, _ in }
    controller.unobserveAll()
    #expect(ann.retainCount == base && bob.retainCount == base)
    controller.unobserveAll()
    #expect(ann.retainCount == base)

    var released: KVOController? = KVOController(observer: watcher)
    try released?.observe(ann, keyPaths: ["age", "name"]) { _, _, _ in }
    #expect(ann.retainCount == base + 1)
    released = nil
    #expect(ann.retainCount == base)

    try watcher.kvoController.observe(ann, keyPath: "age") { _, _, _ in }
    try watcher.kvoController.observe(bob, keyPath: "age") { _, _, _ in }
    #expect(ann.retainCount == base + 1 && bob.retainCount == base + 1)
    watcher.kvoController = KVOController(observer: watcher)
    #expect(ann.retainCount == base && bob.retainCount == base)
    #expect(ann.isa === world.person && bob.isa === world.person)
  }

  /// The non-retaining controllers (`retainObserved: false`, `kvoControllerNonRetaining`) never
  /// retain, and an observed object released to zero (its `dealloc` runs while observed) is not
  /// released again by the controller's later unobserve or release.
  @Test func theNonRetainingControllersNeitherRetainNorOverReleaseADeallocatedObject() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let deallocs = Log<String>()
    try world.person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      deallocs.append("dealloc")
      return try Runtime.msgSendSuper(receiver, superclass: receiver.runtime!.rootClass, "dealloc")
    }
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let base = ann.retainCount
    try watcher.kvoControllerNonRetaining.observe(ann, keyPaths: ["age", "name"]) { _, _, _ in }
    let controller = KVOController(observer: watcher, retainObserved: false)
    try controller.observe(bob, keyPath: "age") { _, _, _ in }
    #expect(ann.retainCount == base && bob.retainCount == base)
    try world.runtime.msgSend(ann, "release")  // the release to zero, while observed
    #expect(deallocs.all == ["dealloc"])
    #expect(watcher.kvoControllerNonRetaining.observedObjectCount == 0)
    watcher.kvoControllerNonRetaining.unobserveAll()
    controller.unobserve(bob, keyPath: "age")
    #expect(bob.retainCount == base)
    #expect(deallocs.all == ["dealloc"])
    try world.runtime.checkInvariants()
  }

  /// An object whose owner released it while a retaining controller observes it lives on (the
  /// controller's retain is its count), and the unobserve that gives that retain back is its
  /// release to zero: `dealloc` runs then, with no observation left (was: the owner's release
  /// deallocated it at once, still observed).
  @Test func anObjectItsOwnerReleasedLivesWhileObservedAndTheUnobserveDeallocatesIt() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let deallocs = Log<String>()
    try world.person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      deallocs.append("dealloc observed: \(!receiver.observances.isEmpty)")
      return try Runtime.msgSendSuper(receiver, superclass: receiver.runtime!.rootClass, "dealloc")
    }
    let ann = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(ann, keyPath: "age", options: [.new]) { _, _, change in seen.append("\(change.new ?? nil)") }
    try world.runtime.msgSend(ann, "release")  // the owner's release
    #expect(deallocs.all.isEmpty)
    #expect(ann.retainCount == 1)
    try world.setAge(ann, 4)
    #expect(seen.all == ["4"])
    controller.unobserve(ann, keyPath: "age")
    #expect(deallocs.all == ["dealloc observed: false"])
  }

  /// A class that overrides `retain` and `release` is sent one of each per observed object, as
  /// `objc_retain` and `objc_release` send them to a class with custom retain-release.
  @Test func aCustomRetainReleaseClassIsSentOneRetainAndOneRelease() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let calls = Log<String>()
    let root = world.runtime.rootClass
    try world.person.addMethod("retain", types: "@16@0:8") { receiver, _, _ in
      calls.append("retain")
      return try Runtime.msgSendSuper(receiver, superclass: root, "retain")
    }
    try world.person.addMethod("release", types: "v16@0:8") { receiver, _, _ in
      calls.append("release")
      return try Runtime.msgSendSuper(receiver, superclass: root, "release")
    }
    let ann = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(ann, keyPaths: ["age", "name"]) { _, _, _ in }
    try controller.observe(ann, keyPath: "friend") { _, _, _ in }
    #expect(calls.all == ["retain"])
    #expect(ann.retainCount == 2)
    controller.unobserveAll()
    #expect(calls.all == ["retain", "release"])
    #expect(ann.retainCount == 1)
  }

  /// Threads observing and unobserving one object through one retaining controller leave its
  /// count where it was: every retain taken is given back once.
  @Test func observingAndUnobservingOnManyThreadsLeavesTheCountWhereItWas() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let ann = try world.newPerson()
    let base = ann.retainCount
    let controller = KVOController(observer: watcher)
    let failures = Log<String>()
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let keyPath = index.isMultiple(of: 2) ? "age" : "name"
      for _ in 0..<200 {
        do {
          try controller.observe(ann, keyPath: keyPath) { _, _, _ in }
        } catch {
          failures.append("\(error)")
        }
        controller.unobserve(ann, keyPath: keyPath)
      }
    }
    #expect(failures.all.isEmpty)
    controller.unobserveAll()
    #expect(ann.retainCount == base)
    #expect(ann.isa === world.person)
  }
}
