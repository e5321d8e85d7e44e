// SharedObserversTests.swift: NSKeyValueSharedObservers and its snapshots (macOS 14, iOS 17):
// observers registered once for a class, a snapshot attached to many objects with
// `-setSharedObservers:`. Apple's answers from NSKeyValueObserving.h's comments; where the header
// says nothing, the test names the choice docs/kvo.md#shared-observers explains.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct SharedObserversTests {
  /// A shared observer is told of a change as an ordinary one is: the key as key path, the
  /// object, the change its options ask for, and its context.
  @Test func aSharedObserverIsToldLikeAnOrdinaryOne() throws {
    let world = try World()
    let (observer, log) = try world.newObserver()
    let shared = try sharedObservers(in: world, observer, forKey: "age", options: [.old, .new], context: 7)
    let person = try world.newPerson()
    try world.set(person, "age", 1)
    try person.setSharedObservers(shared.snapshot())
    try world.set(person, "age", 2)
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: 2, old: 1)])
    #expect(log.all.map(\.keyPath) == ["age"])
    #expect(log.all.first?.object === person)
    #expect(log.all.map(\.context) == [7])
    #expect(person.isa.name == "NSKVONotifying_Person")
    try world.runtime.checkInvariants()
  }

  /// One snapshot attached to many objects: each object is observed by every shared observer,
  /// and each notification names its own object.
  @Test func oneSnapshotAttachedToManyObjectsObservesEach() throws {
    let world = try World()
    let (first, firstLog) = try world.newObserver()
    let (second, secondLog) = try world.newObserver()
    let shared = SharedObservers(observableClass: world.person)
    try shared.addSharedObserver(first, forKey: "age", options: [.new])
    try shared.addSharedObserver(second, forKey: "name", options: [.new])
    let snapshot = shared.snapshot()
    let ann = try world.newPerson()
    let bo = try world.newPerson()
    try ann.setSharedObservers(snapshot)
    try bo.setSharedObservers(snapshot)
    try world.set(ann, "age", 1)
    try world.set(bo, "age", 2)
    try world.set(bo, "name", "Bo")
    #expect(firstLog.all.map(\.change.new) == [1, 2])
    #expect(firstLog.all.map { $0.object === ann } == [true, false])
    #expect(secondLog.all.map(\.change.new) == ["Bo"])
    #expect(secondLog.all.first?.object === bo)
  }

  /// A snapshot is immutable: an observer added to the collection after it was taken does not
  /// reach the objects it is attached to; a new snapshot has both.
  @Test func anObserverAddedAfterTheSnapshotDoesNotReachObjectsItIsAttachedTo() throws {
    let world = try World()
    let (early, earlyLog) = try world.newObserver()
    let (late, lateLog) = try world.newObserver()
    let shared = try sharedObservers(in: world, early, forKey: "age")
    let before = shared.snapshot()
    try shared.addSharedObserver(late, forKey: "age")
    let ann = try world.newPerson()
    let bo = try world.newPerson()
    try ann.setSharedObservers(before)
    try bo.setSharedObservers(shared.snapshot())
    try world.set(ann, "age", 1)
    #expect(earlyLog.count == 1)
    #expect(lateLog.count == 0)
    try world.set(bo, "age", 2)
    #expect(earlyLog.count == 2)
    #expect(lateLog.count == 1)
  }

  /// An object has one set of shared observers: setting another snapshot replaces the first.
  @Test func settingAnotherSnapshotReplacesTheFirst() throws {
    let world = try World()
    let (ageObserver, ageLog) = try world.newObserver()
    let (nameObserver, nameLog) = try world.newObserver()
    let ages = SharedObservers(observableClass: world.person)
    try ages.addSharedObserver(ageObserver, forKey: "age")
    let names = SharedObservers(observableClass: world.person)
    try names.addSharedObserver(nameObserver, forKey: "name")
    let person = try world.newPerson()
    try person.setSharedObservers(ages.snapshot())
    try person.setSharedObservers(names.snapshot())
    try world.set(person, "age", 1)
    try world.set(person, "name", "Ann")
    #expect(ageLog.count == 0)
    #expect(nameLog.count == 1)
    #expect(person.observedKeyPaths == ["name"])
    try world.runtime.checkInvariants()
  }

  /// The same snapshot set twice leaves one registration per shared observer, not two.
  @Test func theSameSnapshotSetTwiceNotifiesOnce() throws {
    let world = try World()
    let (observer, log) = try world.newObserver()
    let shared = try sharedObservers(in: world, observer, forKey: "age")
    let snapshot = shared.snapshot()
    let person = try world.newPerson()
    try person.setSharedObservers(snapshot)
    try person.setSharedObservers(snapshot)
    try world.set(person, "age", 1)
    #expect(log.count == 1)
  }

  /// nil removes the shared observers; with no other observer the object gets its class back and
  /// its observation info is nil again.
  @Test func nilRemovesTheSharedObserversAndGivesTheClassBack() throws {
    let world = try World()
    let (observer, log) = try world.newObserver()
    let shared = try sharedObservers(in: world, observer, forKey: "age")
    let person = try world.newPerson()
    try person.setSharedObservers(shared.snapshot())
    #expect(person.observationInfo != nil)
    try person.setSharedObservers(nil)
    #expect(person.isa === world.person)
    #expect(person.observationInfo == nil)
    try world.set(person, "age", 1)
    #expect(log.count == 0)
    try person.setSharedObservers(nil)  // none left: nothing to do, nothing thrown
    try world.runtime.checkInvariants()
  }

  /// The header's invariant: the collection was made with the class of the object. An object of
  /// another class (a subclass too) is refused with NSInvalidArgumentException, and nothing is
  /// attached.
  @Test func aSnapshotOfAnotherClassIsRefused() throws {
    let world = try World()
    let (observer, log) = try world.newObserver()
    let shared = try sharedObservers(in: world, observer, forKey: "age")
    let employee = try world.runtime.allocateClassPair(superclass: world.person, name: "Employee")
    try world.runtime.registerClassPair(employee)
    let worker = try #require(try world.runtime.msgSend(employee, "new").objectValue)
    let error = #expect(throws: KeyValueError.self) { try worker.setSharedObservers(shared.snapshot()) }
    #expect(error?.code == .invalidArgument)
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(worker.isa === employee)
    #expect(worker.observationInfo == nil)
    try world.set(worker, "age", 1)
    #expect(log.count == 0)
    try worker.setSharedObservers(nil)  // nil matches any class
  }

  /// An object already observed (its isa the notifying subclass) is still of the class the
  /// collection was made for: the check looks through KVO's subclass, as `-class` does.
  @Test func anObjectAlreadyObservedTakesTheSnapshotOfItsClass() throws {
    let world = try World()
    let (ordinary, ordinaryLog) = try world.newObserver()
    let (sharedObserver, sharedLog) = try world.newObserver()
    let person = try world.newPerson()
    try person.addObserver(ordinary, forKeyPath: "age")
    let shared = try sharedObservers(in: world, sharedObserver, forKey: "age")
    try person.setSharedObservers(shared.snapshot())
    try world.set(person, "age", 1)
    #expect(ordinaryLog.count == 1)
    #expect(sharedLog.count == 1)
  }

  /// Shared observers need not be removed and cannot be: `removeObserver:forKeyPath:` does not
  /// find them (NSRangeException), and they go on being told.
  @Test func removeObserverDoesNotFindASharedObserver() throws {
    let world = try World()
    let (observer, log) = try world.newObserver()
    let shared = try sharedObservers(in: world, observer, forKey: "age", context: 3)
    let person = try world.newPerson()
    try person.setSharedObservers(shared.snapshot())
    let error = #expect(throws: KeyValueError.self) { try person.removeObserver(observer, forKeyPath: "age") }
    #expect(error?.code == .observerNotRegistered)
    #expect(throws: KeyValueError.self) { try person.removeObserver(observer, forKeyPath: "age", context: 3) }
    try world.set(person, "age", 1)
    #expect(log.count == 1)
  }

  /// One observer both shared and ordinary on the same key: it is told twice; removing the
  /// ordinary registration leaves the shared one (and the notifying class); nil then gives the
  /// class back.
  @Test func anOrdinaryRegistrationBesideASharedOneIsRemovedAlone() throws {
    let world = try World()
    let (observer, log) = try world.newObserver()
    let shared = try sharedObservers(in: world, observer, forKey: "age", context: 1)
    let person = try world.newPerson()
    try person.setSharedObservers(shared.snapshot())
    try person.addObserver(observer, forKeyPath: "age", context: 2)
    try world.set(person, "age", 1)
    #expect(log.all.map(\.context) == [1, 2])
    try person.removeObserver(observer, forKeyPath: "age")
    #expect(person.isa.name == "NSKVONotifying_Person")
    try world.set(person, "age", 2)
    #expect(log.all.map(\.context) == [1, 2, 1])
    #expect(throws: KeyValueError.self) { try person.removeObserver(observer, forKeyPath: "age") }
    try person.setSharedObservers(nil)
    #expect(person.isa === world.person)
    try world.runtime.checkInvariants()
  }

  /// Replacing the shared observers leaves the object's ordinary ones alone.
  @Test func replacingSharedObserversKeepsTheOrdinaryOnes() throws {
    let world = try World()
    let (ordinary, ordinaryLog) = try world.newObserver()
    let (sharedObserver, sharedLog) = try world.newObserver()
    let shared = try sharedObservers(in: world, sharedObserver, forKey: "age")
    let person = try world.newPerson()
    try person.setSharedObservers(shared.snapshot())
    try person.addObserver(ordinary, forKeyPath: "age")
    try person.setSharedObservers(nil)
    try world.set(person, "age", 1)
    #expect(ordinaryLog.count == 1)
    #expect(sharedLog.count == 0)
    #expect(person.isa.name == "NSKVONotifying_Person")
    try person.removeObserver(ordinary, forKeyPath: "age")
    #expect(person.isa === world.person)
  }

  /// The observation info lists the shared observers: the object is observed.
  @Test func theObservationInfoListsTheSharedObservers() throws {
    let world = try World()
    let (observer, _) = try world.newObserver()
    let shared = SharedObservers(observableClass: world.person)
    try shared.addSharedObserver(observer, forKey: "age", options: [.new])
    try shared.addSharedObserver(observer, forKey: "name")
    let person = try world.newPerson()
    try person.setSharedObservers(shared.snapshot())
    #expect(person.observedKeyPaths == ["age", "name"])
    #expect(person.observances.map { $0.observer === observer } == [true, true])
    #expect(person.observances.map(\.options) == [[.new], []])
  }

  /// An object deallocated with its shared observers attached ends them silently: they "remain
  /// registered throughout the object's lifetime", so Foundation's warning about observers still
  /// registered is not for them.
  @Test func anObjectDeallocatedWithSharedObserversEndsThemWithoutTheWarning() throws {
    let world = try World()
    let (observer, log) = try world.newObserver()
    let shared = try sharedObservers(in: world, observer, forKey: "age")
    let diagnostics = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(let subsystem, let message) = event, subsystem == "KVO" { diagnostics.append(message) }
    }
    var person: Object? = try world.newPerson()
    try person?.setSharedObservers(shared.snapshot())
    #expect(person?.isa.name == "NSKVONotifying_Person")
    person = nil  // (a notification would keep it: the log holds the object it names)
    events.cancel()
    #expect(log.count == 0)
    #expect(diagnostics.count == 0)
    let subclass = try #require(world.runtime.lookUpClass(named: "NSKVONotifying_Person"))
    #expect(subclass.liveInstanceCount == 0)
    try world.runtime.checkInvariants()
  }

  /// With an ordinary observer left as well, the warning names only its key path.
  @Test func theDeallocWarningNamesOnlyTheOrdinaryObservers() throws {
    let world = try World()
    let (observer, _) = try world.newObserver()
    let shared = try sharedObservers(in: world, observer, forKey: "age")
    let diagnostics = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(let subsystem, let message) = event, subsystem == "KVO" { diagnostics.append(message) }
    }
    var person: Object? = try world.newPerson()
    try person?.setSharedObservers(shared.snapshot())
    try person?.addObserver(observer, forKeyPath: "name")
    person = nil
    events.cancel()
    #expect(diagnostics.count == 1)
    #expect(diagnostics.all.first?.hasSuffix("Key paths: name") == true)
  }

  /// Keys only: a key path (or a collection operator) is refused when it is added. The `.` and
  /// the `@` are code units (round 25): a dot or an `@` followed by a combining mark, one Swift
  /// Character with it, is refused too.
  @Test(arguments: ["friend.age", "@count", "", "friend.\u{301}b", "@\u{301}count"])
  func aKeyPathIsRefused(key: String) throws {
    let world = try World()
    let (observer, _) = try world.newObserver()
    let shared = SharedObservers(observableClass: world.person)
    let error = #expect(throws: KeyValueError.self) { try shared.addSharedObserver(observer, forKey: key) }
    #expect(error?.code == .invalidArgument)
    #expect(shared.snapshot().count == 0)
  }

  /// Prior notifications and dependent keys work as for an ordinary observer: a shared observer
  /// of `fullName` hears a change of `firstName`, before and after.
  @Test func aSharedObserverOfADependentKeyGetsPriorAndPost() throws {
    let world = try World()
    let (observer, log) = try world.newObserver()
    let shared = try sharedObservers(in: world, observer, forKey: "fullName", options: [.prior, .new])
    let person = try world.newPerson()
    try world.set(person, "lastName", "Lee")
    try person.setSharedObservers(shared.snapshot())
    try world.set(person, "firstName", "Ann")
    #expect(log.all.map(\.change) == [Change(kind: .setting, isPrior: true), Change(kind: .setting, new: "Ann Lee")])
    try person.setSharedObservers(nil)
    #expect(person.isa === world.person)
    try world.runtime.checkInvariants()
  }

  /// `Initial`: there is no object when the observer is added, so the initial notification goes
  /// out when the snapshot is attached, once per object, as `addObserver` would send it.
  @Test func theInitialNotificationGoesOutWhenTheSnapshotIsAttached() throws {
    let world = try World()
    let (observer, log) = try world.newObserver()
    let shared = try sharedObservers(in: world, observer, forKey: "age", options: [.initial, .new])
    #expect(log.count == 0)
    let ann = try world.newPerson()
    let bo = try world.newPerson()
    try world.set(bo, "age", 5)
    try ann.setSharedObservers(shared.snapshot())
    try bo.setSharedObservers(shared.snapshot())
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: 0), Change(kind: .setting, new: 5)])
    #expect(log.all.map { $0.object === bo } == [false, true])
  }

  /// A class that overrides `setSharedObservers:` is sent the message by the Swift API, and its
  /// call to super attaches the snapshot.
  @Test func anOverrideOfSetSharedObserversIsSentTheMessage() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()  // NSObject's method, for the override's super send
    let calls = Log<Bool>()
    let root = world.runtime.rootClass
    try world.person.addMethod("setSharedObservers:", types: "v24@0:8@16") { receiver, _, arguments in
      calls.append(arguments[0].isNil)
      return try receiver.runtime!.msgSendSuper(receiver, superclass: root, "setSharedObservers:", arguments[0])
    }
    let (observer, log) = try world.newObserver()
    let shared = try sharedObservers(in: world, observer, forKey: "age")
    let person = try world.newPerson()
    try person.setSharedObservers(shared.snapshot())
    try world.set(person, "age", 1)
    try person.setSharedObservers(nil)
    #expect(calls.all == [false, true])
    #expect(log.count == 1)
    #expect(person.isa === world.person)
  }

  /// The snapshot holds its observers unretained, as registrations do: an observer freed before
  /// the snapshot is attached is skipped.
  @Test func anObserverFreedBeforeTheSnapshotIsAttachedIsSkipped() throws {
    let world = try World()
    var observer: Object? = try world.newObserver().0
    let shared = SharedObservers(observableClass: world.person)
    try shared.addSharedObserver(try #require(observer), forKey: "age")
    let snapshot = shared.snapshot()
    observer = nil
    let person = try world.newPerson()
    try person.setSharedObservers(snapshot)
    #expect(person.observedKeyPaths == [])
    #expect(person.isa === world.person)
  }

  /// A collection for Person with `observer` added for `key`.
  private func sharedObservers(
    in world: World, _ observer: Object, forKey key: String, options: ObservingOptions = [],
    context: ObservationContext = .none
  ) throws -> SharedObservers {
    let shared = SharedObservers(observableClass: world.person)
    try shared.addSharedObserver(observer, forKey: key, options: options, context: context)
    return shared
  }
}
