// PendingChangeStackTests.swift: the per-thread stack of changes in progress (ThreadChanges.swift,
// PendingChange.swift, Notifier.swift; decision 0010): removal while a change is in flight,
// observer lifetime during a pass, identity reuse, exactly once per change, and the invariants.

import Testing

@testable import KVO

@Suite struct PendingChangeStackTests {
  // MARK: - Removal while a change is in flight

  @Test func anObserverRemovedBetweenWillAndDidIsNotTold() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let world = try World()
    let person = try world.newPerson()
    let (stays, staysLog) = try world.newObserver()
    let (leaves, leavesLog) = try world.newObserver()
    try person.addObserver(stays, forKeyPath: "age", options: [.new])
    try person.addObserver(leaves, forKeyPath: "age", options: [.new])
    try person.willChangeValue(forKey: "age")
    try person.removeObserver(leaves, forKeyPath: "age")
    try person.setValue(3, forIvar: "_age")
    try person.didChangeValue(forKey: "age")
    #expect(staysLog.count == 1)
    #expect(leavesLog.count == 0)
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
  }

  @Test func anObserverRemovingItselfFromItsPriorCallbackGetsNoPostNotification() throws {
    let world = try World()
    let person = try world.newPerson()
    let itself = Locked<Object?>(nil)
    let (observer, log) = try world.newObserver { received in
      if received.change.isPrior, let observer = itself.withLock({ $0 }) {
        try? received.object.removeObserver(observer, forKeyPath: "age")
      }
    }
    itself.withLock { $0 = observer }
    defer { itself.withLock { $0 = nil } }
    try person.addObserver(observer, forKeyPath: "age", options: [.prior, .new])
    try world.set(person, "age", 1)
    #expect(log.all.map(\.change.isPrior) == [true])
    #expect(person.isa === world.person)
  }

  @Test func anObserverRemovedByAnotherObserversPriorCallbackGetsNoPostNotification() throws {
    let world = try World()
    let person = try world.newPerson()
    let (second, secondLog) = try world.newObserver()
    let (first, firstLog) = try world.newObserver { received in
      if received.change.isPrior { try? received.object.removeObserver(second, forKeyPath: "age") }
    }
    try person.addObserver(first, forKeyPath: "age", options: [.prior, .new])
    try person.addObserver(second, forKeyPath: "age", options: [.prior, .new])
    try world.set(person, "age", 1)
    #expect(firstLog.all.map(\.change.isPrior) == [true, false])
    #expect(secondLog.count == 0, "removed before its own prior callback: told nothing")
  }

  @Test func anObserverRemovedOnAnotherThreadBetweenWillAndDidIsNotTold() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try person.willChangeValue(forKey: "age")
    try onAnotherThread { try person.removeObserver(observer, forKeyPath: "age") }
    try person.didChangeValue(forKey: "age")
    #expect(log.count == 0)
  }

  // MARK: - Observer lifetime during a pass

  @Test func everyObserverOfAPassIsKeptAliveUntilThePassEnds() throws {
    let world = try World()
    let person = try world.newPerson()
    let held = Locked<Object?>(nil)
    let (first, _) = try world.newObserver { _ in held.withLock { $0 = nil } }  // drops the last reference to the second
    var second: Object? = try world.newObserver().0
    let secondLog = Log<Received>()
    try #require(second).setAssociatedObject(.swiftObject(secondLog), forKey: logKey, policy: .retain)
    let gone = WeakReference(second)
    try person.addObserver(first, forKeyPath: "age", options: [.new])
    try person.addObserver(try #require(second), forKeyPath: "age", options: [.new])
    held.withLock { $0 = second }
    second = nil
    try world.set(person, "age", 1)
    #expect(secondLog.count == 1, "still alive for the pass it was part of")
    #expect(gone.object == nil, "released once the pass ended")
    #expect(person.observedKeyPaths == ["age", "age"])
    try world.set(person, "age", 2)  // the dead registration is pruned, with a diagnostic
    #expect(person.observedKeyPaths == ["age"])
  }

  @Test func registrationDoesNotRetainTheObserver() throws {
    let world = try World()
    let person = try world.newPerson()
    var observer: Object? = try world.newObserver().0
    let reference = WeakReference(observer)
    try person.addObserver(try #require(observer), forKeyPath: "age")
    observer = nil
    #expect(reference.object == nil)
  }

  // MARK: - Identity reuse

  /// Foundation's pending notification retains its object (DIS_KVC_KVO's reconstruction), so a
  /// will without its did keeps the object alive past its last outside release: no dealloc, its
  /// address not reused, and the did, when it comes, tells the observer (decision 0010, closed in
  /// round 21).
  @Test func anOpenWillKeepsItsObjectAliveUntilItsDid() throws {
    let world = try World()
    let deallocs = try world.countingPersonDeallocs()
    let (observer, log) = try world.newObserver()
    weak var weakDoomed: Object?
    do {
      let doomed = try world.newPerson()
      try doomed.addObserver(observer, forKeyPath: "age", options: [.new])
      try doomed.willChangeValue(forKey: "age")  // its did comes after the last outside release
      weakDoomed = doomed
    }
    #expect(deallocs.count == 0)
    let person = try #require(weakDoomed, "the open will did not keep its object alive")
    try person.setValue(9, forIvar: "_age")
    try person.didChangeValue(forKey: "age")
    #expect(log.all.map(\.change.new) == [9])
    #expect(ThreadChanges.perThread.current.stack.allSatisfy { $0.change.objectID != ObjectIdentifier(person) })
    try person.removeObserver(observer, forKeyPath: "age")
  }

  // MARK: - Exactly once, per change

  @Test func aDiamondOfDependentKeysNotifiesOncePerChange() throws {
    let world = try World()
    let person = world.person
    // summary depends on fullName and on age; fullName and age both depend on firstName (a diamond).
    try person.addMethod("summary", types: "@16@0:8") { receiver, _, _ in
      .string("\(try receiver.value(forKey: "fullName").stringValue ?? "") \(try receiver.value(forKey: "age"))")
    }
    try person.isa.addMethod("keyPathsForValuesAffectingSummary", types: "@16@0:8") { _, _, _ in ["fullName", "age"] }
    try person.isa.addMethod("keyPathsForValuesAffectingAge", types: "@16@0:8") { _, _, _ in ["firstName"] }
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "summary", options: [.new])
    try world.set(ann, "firstName", "Ann")
    #expect(log.count == 1)
  }

  @Test func aPlainAndAKeyPathDependencyConvergingOnOneKeyNotifyOnce() throws {
    let world = try World()
    try world.person.addMethod("greeting", types: "@16@0:8") { receiver, _, _ in
      .string("Hi \(try receiver.value(forKeyPath: "friend.name").stringValue ?? "nobody")")
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingGreeting", types: "@16@0:8") { _, _, _ in
      ["firstName", "friend", "friend.name"]
    }
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "greeting", options: [.new])
    try world.set(ann, "friend", .object(bob))  // reaches fullName by `friend` and by `friend.name`
    #expect(log.count == 1)
    try world.set(bob, "name", "Bob")  // by `friend.name` only
    #expect(log.count == 2)
  }

  @Test func aCycleOfKeyPathDependenciesThroughTheObjectItselfNotifiesOnceAndEnds() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let world = try World()
    // `rank` depends on `friend.rank`; the friend is the object itself.
    try world.person.addMethod("rank", types: "q16@0:8") { receiver, _, _ in try receiver.value(forKey: "age") }
    try world.person.isa.addMethod("keyPathsForValuesAffectingRank", types: "@16@0:8") { _, _, _ in ["age", "friend.rank"] }
    let ann = try world.newPerson()
    try world.set(ann, "friend", .object(ann))
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "rank", options: [.old, .new])
    try world.set(ann, "age", 3)
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: 3, old: 0)])
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
  }

  @Test func aChainThroughTheObjectItselfNotifiesOnce() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "friend", .object(ann))
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "friend.age", options: [.new])
    try world.set(ann, "age", 4)
    #expect(log.all.map(\.change.new) == [4])
  }

  // MARK: - The stack itself

  @Test func aDidSentFromAPriorCallbackOfTheChangeBeingAnnouncedDoesNotEndIt() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver { received in
      if received.change.isPrior { try? received.object.didChangeValue(forKey: "age") }
    }
    try person.addObserver(observer, forKeyPath: "age", options: [.prior, .new])
    try world.set(person, "age", 1)
    #expect(log.all.map(\.change.isPrior) == [true, false])
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
  }

  @Test func theStackKeepsItsInvariantsThroughNestedAndInterleavedChanges() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let (observer, log) = try world.newObserver()
    for key in ["age", "fullName", "friend.age"] { try ann.addObserver(observer, forKeyPath: key, options: [.old, .new]) }
    try world.set(ann, "friend", .object(bob))
    log.removeAll()
    let thread = ThreadChanges.perThread.current
    try ann.willChangeValue(forKey: "firstName")  // one entry: fullName
    try ann.willChangeValue(forKey: "friend")  // two: friend.age (and nothing else)
    try bob.willChangeValue(forKey: "age")  // bob's link, forwarded to ann's friend.age in the same change
    try thread.checkInvariants()
    #expect(thread.depth == idleBaseline + 4)
    try ann.didChangeValue(forKey: "firstName")  // not on top: ended all the same
    try thread.checkInvariants()
    try bob.didChangeValue(forKey: "age")
    try ann.didChangeValue(forKey: "friend")
    try thread.checkInvariants()
    #expect(thread.depth == idleBaseline)
    #expect(log.all.map(\.keyPath) == ["fullName", "friend.age", "friend.age"])
  }

  @Test func eachThreadHasItsOwnStack() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    try person.willChangeValue(forKey: "age")
    try onAnotherThread {
      #expect(ThreadChanges.perThread.current.isIdle)
      try person.didChangeValue(forKey: "age")  // no will on this thread: nothing
    }
    #expect(log.count == 0)
    try person.didChangeValue(forKey: "age")
    #expect(log.count == 1)
  }
}
