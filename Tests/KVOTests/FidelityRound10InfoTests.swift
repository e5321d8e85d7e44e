// FidelityRound10InfoTests.swift: round 10 of the fidelity work, what an object's observation
// info answers. Foundation's NSObject stores any `void *` given to `-setObservationInfo:` and
// answers it back; KVO's add and remove read `-observationInfo`, make a new info from the answer
// plus (or minus) one observance, and store it with `-setObservationInfo:`
// (docs/kvo.md#seeing-what-is-registered).

import MiniRuntime
import Testing

@testable import KVO

/// Whether `value` is a NULL pointer (a pointer ivar or argument reads NULL as `.nil`).
private func isNull(_ value: Value) -> Bool { value.isNil || value == .pointer(0) }

@Suite struct FidelityRound10InfoTests {
  /// NSObject's `-setObservationInfo:` on an object with registrations of its own stores another
  /// object's pointer, NULL, then its own pointer again, and answers each back; a set notifies
  /// whomever the stored info names (Foundation reads whatever the getter answers).
  @Test func nsobjectsSetterStoresAnyPointerKVOHandedOutAndReadsFollowIt() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let (annWatcher, annLog) = try world.newObserver()
    let (bobWatcher, bobLog) = try world.newObserver()
    try ann.addObserver(annWatcher, forKeyPath: "age")
    try bob.addObserver(bobWatcher, forKeyPath: "age")
    let annInfo = try world.runtime.msgSend(ann, "observationInfo")
    let bobInfo = try world.runtime.msgSend(bob, "observationInfo")
    try world.runtime.msgSend(ann, "setObservationInfo:", bobInfo)
    #expect(try world.runtime.msgSend(ann, "observationInfo") == bobInfo)
    try world.runtime.msgSend(ann, "setAge:", 1)
    #expect(annLog.count == 0)
    #expect(bobLog.all.map { $0.object === ann } == [true])  // bob's observer, told about ann
    try world.runtime.msgSend(ann, "setObservationInfo:", .pointer(0))
    #expect(isNull(try world.runtime.msgSend(ann, "observationInfo")))
    try world.runtime.msgSend(ann, "setAge:", 2)
    try ann.willChangeValue(forKey: "age")
    try ann.didChangeValue(forKey: "age")
    #expect(annLog.count == 0 && bobLog.count == 1)
    #expect(ann.isa.name == "NSKVONotifying_Person")  // the info changed, not the class
    try world.runtime.msgSend(ann, "setObservationInfo:", annInfo)
    #expect(try world.runtime.msgSend(ann, "observationInfo") == annInfo)
    try world.runtime.msgSend(ann, "setAge:", 3)
    #expect(annLog.count == 1)
    try ann.removeObserver(annWatcher, forKeyPath: "age")
    try bob.removeObserver(bobWatcher, forKeyPath: "age")
    #expect(ann.isa === world.person && bob.isa === world.person)
    try world.runtime.checkInvariants()
  }

  /// A pointer KVO never handed out is refused with a clear error (Foundation would store it and
  /// crash on reading it), and the object keeps its observation info.
  @Test func nsobjectsSetterRefusesAPointerKVONeverHandedOut() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (watcher, log) = try world.newObserver()
    try ann.addObserver(watcher, forKeyPath: "age")
    let info = try world.runtime.msgSend(ann, "observationInfo")
    let error = #expect(throws: KeyValueError.self) { try world.runtime.msgSend(ann, "setObservationInfo:", .pointer(0xBAD0)) }
    #expect(error?.message.contains("0xbad0 is not an observation info KVO handed out") == true)
    #expect(try world.runtime.msgSend(ann, "observationInfo") == info)
    try world.runtime.msgSend(ann, "setAge:", 1)
    #expect(log.count == 1)
    try ann.removeObserver(watcher, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }

  /// With NULL stored, a removal finds nobody ("not registered"), and an add makes an info of
  /// its one observance: the registrations the object had before are gone, as Foundation's new
  /// info is made from the NULL it read.
  @Test func anAddAfterNullWasStoredStartsFromNothing() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (first, firstLog) = try world.newObserver()
    let (second, secondLog) = try world.newObserver()
    try ann.addObserver(first, forKeyPath: "age")
    try world.runtime.msgSend(ann, "setObservationInfo:", .pointer(0))
    let error = #expect(throws: KeyValueError.self) { try ann.removeObserver(first, forKeyPath: "age") }
    #expect(error?.code == .observerNotRegistered)
    try ann.addObserver(second, forKeyPath: "age")
    #expect(!isNull(try world.runtime.msgSend(ann, "observationInfo")))
    try world.runtime.msgSend(ann, "setAge:", 4)
    #expect(firstLog.count == 0 && secondLog.count == 1)
    #expect(ann.observances.count == 1)
    try ann.removeObserver(second, forKeyPath: "age")
    #expect(ann.isa === world.person)
    try world.runtime.checkInvariants()
  }

  /// An add to an object whose info answers another object's pointer (stored by NSObject's
  /// setter) makes its new info from that one plus the observance: the other object's observer
  /// is told of this object's changes too, the object's earlier observer is not, and the other
  /// object's registrations are unchanged.
  @Test func anAddAfterAnotherObjectsPointerWasStoredStartsFromItsInfo() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let (annWatcher, annLog) = try world.newObserver()
    let (bobWatcher, bobLog) = try world.newObserver()
    let (newcomer, newLog) = try world.newObserver()
    try ann.addObserver(annWatcher, forKeyPath: "age")
    try bob.addObserver(bobWatcher, forKeyPath: "age")
    try world.runtime.msgSend(ann, "setObservationInfo:", try world.runtime.msgSend(bob, "observationInfo"))
    try ann.addObserver(newcomer, forKeyPath: "name")
    #expect(try world.runtime.msgSend(ann, "observationInfo") != (try world.runtime.msgSend(bob, "observationInfo")))
    try world.runtime.msgSend(ann, "setAge:", 5)
    try world.runtime.msgSend(ann, "setName:", "Ann")
    #expect(annLog.count == 0)
    #expect(bobLog.all.map { $0.object === ann } == [true])
    #expect(newLog.all.map(\.keyPath) == ["name"])
    try world.runtime.msgSend(bob, "setAge:", 6)
    #expect(bobLog.all.map { $0.object === bob } == [false, true])
    #expect(bob.observances.count == 1)
    try ann.removeObserver(bobWatcher, forKeyPath: "age")  // the copy on ann
    #expect(throws: KeyValueError.self) { try ann.removeObserver(annWatcher, forKeyPath: "age") }
    try ann.removeObserver(newcomer, forKeyPath: "name")
    #expect(ann.isa === world.person)
    try world.runtime.msgSend(bob, "setAge:", 7)
    #expect(bobLog.count == 3)
    try bob.removeObserver(bobWatcher, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }
}

extension FidelityRound10InfoTests {
  /// A class keeping its observation info in a pointer ivar, as NSKeyValueObserving.h allows.
  private func keeper(_ name: String, in world: World) throws -> Class {
    let cls = try makeClass(name, in: world) { cls in
      try cls.synthesizeProperty("age", type: .longLong)
      try cls.addIvar("_info", type: .pointer(.void))
    }
    try cls.addMethod("observationInfo", types: "^v16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_info") }
    try cls.addMethod("setObservationInfo:", types: "v24@0:8^v16") { receiver, _, arguments in
      try receiver.setValue(arguments[0], forIvar: "_info")
      return .nil
    }
    return cls
  }

  /// An overriding getter answering another object's pointer: an add builds the new info from
  /// it, stores it through the setter, and the set notifies the new info's observers (the other
  /// object's observer included, the object's earlier one not); a removal takes an observance of
  /// the answer out; the other object is untouched.
  @Test func anAddAndARemovalFollowAnOverridingGettersAnswer() throws {
    let world = try World()
    let cls = try keeper("Keeper", in: world)
    let keeper = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let bob = try world.newPerson()
    let (keeperWatcher, keeperLog) = try world.newObserver()
    let (bobWatcher, bobLog) = try world.newObserver()
    let (newcomer, newLog) = try world.newObserver()
    try keeper.addObserver(keeperWatcher, forKeyPath: "age")
    try bob.addObserver(bobWatcher, forKeyPath: "age")
    try keeper.setValue(try world.runtime.msgSend(bob, "observationInfo"), forIvar: "_info")
    try keeper.addObserver(newcomer, forKeyPath: "age")
    #expect(try keeper.value(ofIvar: "_info") != (try world.runtime.msgSend(bob, "observationInfo")))
    try world.runtime.msgSend(keeper, "setAge:", 1)
    #expect(keeperLog.count == 0)
    #expect(bobLog.all.map { $0.object === keeper } == [true])
    #expect(newLog.count == 1)
    try keeper.removeObserver(bobWatcher, forKeyPath: "age")
    try world.runtime.msgSend(keeper, "setAge:", 2)
    #expect(bobLog.count == 1 && newLog.count == 2)
    try world.runtime.msgSend(bob, "setAge:", 3)
    #expect(bobLog.count == 2)  // bob's own registration stayed
    // The getter answers bob's info again: a removal of an observance it does not hold fails,
    // one it holds is taken out of a copy, leaving bob's.
    try keeper.setValue(try world.runtime.msgSend(bob, "observationInfo"), forIvar: "_info")
    #expect(throws: KeyValueError.self) { try keeper.removeObserver(newcomer, forKeyPath: "age") }
    try keeper.removeObserver(bobWatcher, forKeyPath: "age")
    #expect(isNull(try keeper.value(ofIvar: "_info")) && keeper.isa === cls)
    try world.runtime.msgSend(bob, "setAge:", 4)
    #expect(bobLog.count == 3)
    try bob.removeObserver(bobWatcher, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }
}

extension FidelityRound10InfoTests {
  /// Loads a category on `className` whose `-observationInfo` answers NULL.
  private func loadBlindingCategory(on className: String, in world: World) throws {
    var category = try Category(named: "Blinding", on: className)
    try category.addInstanceMethod("observationInfo", types: "^v16@0:8") { _, _, _ in .pointer(0) }
    var image = Image(named: "Blinding")
    image.addCategory(category)
    try world.runtime.loadImage(image)
  }

  /// A getter override a category adds after objects were observed is read at once: by the
  /// next set of each of them, a manual will/did, the dumps and a removal, as Foundation reads
  /// the getter every time.
  @Test func aGetterOverrideACategoryAddsLaterIsReadAtOnce() throws {
    let world = try World()
    let cls = try makeClass("Late", in: world) { cls in try cls.synthesizeProperty("age", type: .longLong) }
    let objects = try (0..<4).map { _ in try #require(try world.runtime.msgSend(cls, "new").objectValue) }
    let (observer, log) = try world.newObserver()
    for object in objects { try object.addObserver(observer, forKeyPath: "age") }
    try world.runtime.msgSend(objects[0], "setAge:", 1)
    #expect(log.count == 1)
    try loadBlindingCategory(on: "Late", in: world)
    try world.runtime.msgSend(objects[0], "setAge:", 2)
    try world.runtime.msgSend(objects[1], "setAge:", 2)  // another object of the class, its slot untouched so far
    try objects[2].willChangeValue(forKey: "age")
    try objects[2].didChangeValue(forKey: "age")
    #expect(log.count == 1)
    #expect(objects[3].observances.isEmpty)
    let error = #expect(throws: KeyValueError.self) { try objects[3].removeObserver(observer, forKeyPath: "age") }
    #expect(error?.code == .observerNotRegistered)
    #expect(objects.allSatisfy { $0.isa.name == "NSKVONotifying_Late" })
  }
}
