// FBKVOControllerBehaviourRound6Tests.swift: a sixth round of behaviour cases modelled on
// FBKVOController's README and issues (retain cycles and KVOControllerNonRetaining, observing
// from inside a callback, an observer that unobserves in its dealloc). Each test pins
// FBKVOController's answer (or Foundation's, where FB hands the call to KVO).

import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound6Tests {
  /// An observer owned by the object it observes: the README's case for KVOControllerNonRetaining.
  @Test func theNonRetainingControllerLetsAnObserverOwnedByWhatItObservesGo() throws {
    let world = try World()
    var ann: Object? = try world.newPerson()
    var watcher: Object? = try world.newWatcher().0
    let annReference = WeakReference(ann)
    let watcherReference = WeakReference(watcher)
    try world.runtime.msgSend(ann, "setFriend:", .object(try #require(watcher)))  // ann owns her watcher
    let seen = Log<Value>()
    try watcher?.kvoControllerNonRetaining.observe(ann, keyPath: "age", options: [.new]) { _, _, change in
      seen.append(change.new ?? .nil)
    }
    try world.setAge(try #require(ann), 5)
    watcher = nil
    #expect(watcherReference.object != nil, "ann still owns it")
    ann = nil
    #expect(annReference.object == nil && watcherReference.object == nil, "no cycle: both are freed")
    #expect(seen.all == [5])
  }

  /// The same graph with the retaining controller is the cycle FB warns of: watcher → controller
  /// → ann → watcher. Nothing is freed until an unobserve breaks it.
  @Test func theRetainingControllerKeepsThatCycleUntilItIsUnobserved() throws {
    let world = try World()
    var ann: Object? = try world.newPerson()
    let watcher = try world.newWatcher().0
    let annReference = WeakReference(ann)
    try world.runtime.msgSend(ann, "setFriend:", .object(watcher))
    try watcher.kvoController.observe(ann, keyPath: "age") { _, _, _ in }
    ann = nil
    #expect(annReference.object != nil, "the controller retains ann, which retains the watcher")
    #expect(annReference.object?.isa.name == "NSKVONotifying_Person")
    watcher.kvoController.unobserveAll()
    #expect(annReference.object == nil, "unobserving released ann")
  }

  /// FB's README: `[self.KVOControllerNonRetaining observe:self …]`.
  @Test func anObjectObservingItselfThroughTheNonRetainingControllerIsFreedAndHeardUntilThen() throws {
    let world = try World()
    var ann: Object? = try world.newPerson()
    let reference = WeakReference(ann)
    let seen = Log<Value>()
    try ann?.kvoControllerNonRetaining.observe(ann, keyPath: "name", options: [.initial, .new]) { observer, object, change in
      #expect(observer === object)
      seen.append(change.new ?? .nil)
    }
    try world.runtime.msgSend(ann, "setName:", "Ann")
    ann = nil
    #expect(reference.object == nil)
    #expect(seen.all == [.nil, "Ann"])
  }

  @Test func aCallbackThatObservesAnotherKeyPathGetsItsInitialCallbackAtOnceAndItsLaterChanges() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let order = Log<String>()
    try controller.observe(ann, keyPath: "age", options: [.new]) { _, _, change in
      order.append("age \(change.new ?? .nil) begins")
      // FB registers at once, so the initial callback runs inside this one.
      try? controller.observe(bob, keyPath: "name", options: [.initial, .new]) { _, _, change in
        order.append("bob's name \(change.new ?? .nil)")
      }
      order.append("age \(change.new ?? .nil) ends")
    }
    try world.setAge(ann, 1)
    try world.runtime.msgSend(bob, "setName:", "Bob")
    try world.setAge(ann, 2)  // observing bob again is deduplicated: no second initial callback
    #expect(
      order.all == [
        "age 1 begins", "bob's name nil", "age 1 ends", "bob's name \"Bob\"", "age 2 begins", "age 2 ends",
      ])
    #expect(controller.observedKeyPaths(of: bob) == ["name"])
  }

  /// The classic FB user code: `- (void)dealloc { [self.KVOController unobserveAll]; }`.
  @Test func anObserverWhoseDeallocUnobservesAllGoesCleanlyAndRestoresTheObservedClass() throws {
    let world = try World()
    let calls = Log<Int>()
    try world.watcher.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      calls.append(receiver.kvoController.observedObjectCount)
      receiver.kvoController.unobserveAll()
      calls.append(receiver.kvoController.observedObjectCount)
      return try Runtime.msgSendSuper(receiver, superclass: receiver.runtime!.rootClass, "dealloc")
    }
    let ann = try world.newPerson()
    let seen = Log<Int>()
    var watcher: Object? = try world.newWatcher().0
    try watcher?.kvoController.observe(ann, keyPath: "age") { _, _, _ in seen.append(1) }
    try world.setAge(ann, 1)
    watcher = nil
    #expect(calls.all == [1, 0])
    #expect(ann.isa === world.person)
    try world.setAge(ann, 2)
    #expect(seen.count == 1)
  }

  /// An observer whose dealloc asks for a controller it never used: FB's getter would make one
  /// with a weak reference to an object being deallocated (which objc4 refuses); here the new
  /// controller observes nothing and goes with the object.
  @Test func anObserverWhoseDeallocFirstTouchesItsControllerGetsAnEmptyOneThatGoesWithIt() throws {
    let world = try World()
    let counts = Log<Int>()
    try world.watcher.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      receiver.kvoController.unobserveAll()
      counts.append(receiver.kvoController.observedObjectCount)
      return try Runtime.msgSendSuper(receiver, superclass: receiver.runtime!.rootClass, "dealloc")
    }
    var watcher: Object? = try world.newWatcher().0
    let reference = WeakReference(watcher)
    watcher = nil
    #expect(reference.object == nil)
    #expect(counts.all == [0])
  }
}
