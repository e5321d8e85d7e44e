// ObservationInfoOverrideTests.swift: KVO reads an object's registrations through its class's
// own `-observationInfo` (NSKeyValueObserving.h: a class may override the pair to keep the
// pointer elsewhere, and KVO uses whatever the getter answers).

import MiniRuntime
import Testing

@testable import KVO

/// Whether `value` is a NULL pointer (a pointer ivar or argument reads NULL as `.nil`).
private func isNull(_ value: Value) -> Bool { value.isNil || value == .pointer(0) }

@Suite struct ObservationInfoOverrideTests {
  /// A class `name` with an `age` property and `_info`, a pointer ivar, whose
  /// `-observationInfo` answers `getter(receiver)` and whose `-setObservationInfo:` runs
  /// `setter(receiver, pointer)` (by default, storing it in `_info`).
  private func keeper(
    _ name: String, in world: World, getter: @escaping @Sendable (Object) throws -> Value = { try $0.value(ofIvar: "_info") },
    setter: @escaping @Sendable (Object, Value) throws -> Void = { try $0.setValue($1, forIvar: "_info") }
  ) throws -> Class {
    let cls = try makeClass(name, in: world) { cls in
      try cls.synthesizeProperty("age", type: .longLong)
      try cls.synthesizeProperty("name", type: .object(className: "NSString"))
      try cls.addIvar("_info", type: .pointer(.void))
    }
    try cls.addMethod("observationInfo", types: "^v16@0:8") { receiver, _, _ in try getter(receiver) }
    try cls.addMethod("setObservationInfo:", types: "v24@0:8^v16") { receiver, _, arguments in
      try setter(receiver, arguments[0])
      return .nil
    }
    return cls
  }

  /// A getter that answers NULL means nobody observes the object: a set, a manual will/did and
  /// the registration dumps see nobody, and a removal raises Foundation's "not registered".
  @Test func aGetterAnsweringNullHidesEveryRegistration() throws {
    let world = try World()
    let cls = try keeper("Blind", in: world, getter: { _ in .pointer(0) })
    let blind = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try blind.addObserver(observer, forKeyPath: "age", options: [.new])
    #expect(blind.isa.name == "NSKVONotifying_Blind")  // registered, and swizzled, as in Foundation
    #expect(blind.observationInfo is OverriddenObservationInfo)
    let ann = try world.newPerson()
    try ann.addObserver(observer, forKeyPath: "age")
    #expect(ann.observationInfo is ObservedPath)  // a class without the override: the record itself
    try ann.removeObserver(observer, forKeyPath: "age")
    try world.runtime.msgSend(blind, "setAge:", 3)
    try blind.willChangeValue(forKey: "age")
    try blind.didChangeValue(forKey: "age")
    #expect(log.count == 0)
    #expect(blind.observances.isEmpty && blind.observedKeyPaths.isEmpty)
    #expect(blind.observationInfoDescription == "(not observed)")
    let error = #expect(throws: KeyValueError.self) { try blind.removeObserver(observer, forKeyPath: "age") }
    #expect(error?.code == .observerNotRegistered)
    #expect(error?.message.hasPrefix("Cannot remove an observer") == true)
  }

  /// An override keeping the pointer in an ivar is read back on every set: clearing the ivar
  /// silences the observers, putting the pointer back makes them heard again.
  @Test func theGetterIsReadOnEverySet() throws {
    let world = try World()
    let cls = try keeper("Keeper", in: world)
    let keeper = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try keeper.addObserver(observer, forKeyPath: "age", options: [.new])
    try world.runtime.msgSend(keeper, "setAge:", 1)
    #expect(log.count == 1)
    let pointer = try keeper.value(ofIvar: "_info")
    try keeper.setValue(.pointer(0), forIvar: "_info")
    try world.runtime.msgSend(keeper, "setAge:", 2)
    try keeper.willChangeValue(forKey: "age")
    try keeper.didChangeValue(forKey: "age")
    #expect(log.count == 1)
    try keeper.setValue(pointer, forIvar: "_info")
    try world.runtime.msgSend(keeper, "setAge:", 3)
    #expect(log.all.map { $0.change.new } == [1, 3])
    #expect(keeper.observedKeyPaths == ["age"])
    try keeper.removeObserver(observer, forKeyPath: "age")
    #expect(isNull(try keeper.value(ofIvar: "_info")))
    #expect(keeper.isa === cls)
    try world.runtime.checkInvariants()
  }

  /// An override may keep the pointer on another object (here through NSObject's own
  /// `-setObservationInfo:` of a plain holder): KVO follows it there, and the holder, whose
  /// observation info it now is, notifies those observers of a manual change, as Foundation's
  /// side table keyed by the holder would.
  @Test func aPointerKeptOnAnotherObjectIsFollowed() throws {
    let world = try World()
    let holder = try world.runtime.rootClass.createInstance()
    let cls = try keeper(
      "Lodger", in: world, getter: { _ in try Runtime.msgSend(holder, "observationInfo") },
      setter: { _, pointer in try Runtime.msgSend(holder, "setObservationInfo:", pointer) })
    let lodger = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try lodger.addObserver(observer, forKeyPath: "age")
    #expect(!isNull(try world.runtime.msgSend(holder, "observationInfo")))
    try world.runtime.msgSend(lodger, "setAge:", 4)
    try holder.willChangeValue(forKey: "age")
    try holder.didChangeValue(forKey: "age")
    #expect(log.all.map { $0.object === lodger } == [true, false])  // the second is about the holder
    try lodger.removeObserver(observer, forKeyPath: "age")
    #expect(isNull(try world.runtime.msgSend(holder, "observationInfo")))
    #expect(holder.isa === world.runtime.rootClass && lodger.isa === cls)
    try world.runtime.checkInvariants()
  }

  /// A pointer KVO never handed out is refused with a clear error, by an add, a set and a
  /// removal, never followed.
  @Test func aPointerKVONeverHandedOutIsRefused() throws {
    let world = try World()
    let cls = try keeper("Forger", in: world)
    let forger = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try forger.addObserver(observer, forKeyPath: "age")
    try forger.setValue(.pointer(0xDEAD_BEE0), forIvar: "_info")
    let add = #expect(throws: KeyValueError.self) { try forger.addObserver(observer, forKeyPath: "name") }
    #expect(add?.message.contains("observationInfo] answered 0xdeadbee0, which KVO never handed out") == true)
    let set = #expect(throws: KeyValueError.self) { try world.runtime.msgSend(forger, "setAge:", 1) }
    #expect(set?.message.contains("observationInfo] answered 0xdeadbee0, which KVO never handed out") == true)
    #expect(try forger.value(forKey: "age") == 0)  // refused before the change
    #expect(throws: KeyValueError.self) { try forger.removeObserver(observer, forKeyPath: "age") }
    #expect(forger.observationInfoDescription.contains("never handed out"))
    #expect(log.count == 0)
  }

  /// A getter that keeps answering a pointer it was given earlier (ignoring the newer ones) names
  /// the object's current registrations: Foundation's replaced info would be freed memory, which
  /// MiniKVO never reads.
  @Test func aStalePointerOfTheObjectNamesItsCurrentRegistrations() throws {
    let world = try World()
    let cls = try keeper(
      "Stubborn", in: world,
      setter: { receiver, pointer in
        if isNull(try receiver.value(ofIvar: "_info")) { try receiver.setValue(pointer, forIvar: "_info") }
      })
    let stubborn = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try stubborn.addObserver(observer, forKeyPath: "age")
    let first = try stubborn.value(ofIvar: "_info")
    try stubborn.addObserver(observer, forKeyPath: "name")
    #expect(try world.runtime.msgSend(stubborn, "observationInfo") == first)
    try world.runtime.msgSend(stubborn, "setName:", "Ann")
    try world.runtime.msgSend(stubborn, "setAge:", 5)
    #expect(log.all.map(\.keyPath) == ["name", "age"])
    try stubborn.removeObserver(observer, forKeyPath: "age")
    try stubborn.removeObserver(observer, forKeyPath: "name")
    #expect(stubborn.isa === cls)
    try world.runtime.checkInvariants()
  }

  /// The dealloc check reads the getter too: an object whose getter answers NULL is
  /// deallocated without the "observers were still registered" diagnostic, and its
  /// registrations are cleaned up all the same.
  @Test func deallocReadsTheGetter() throws {
    let world = try World()
    let cls = try keeper("Quiet", in: world, getter: { _ in .pointer(0) })
    let diagnostics = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(let subsystem, let message) = event, subsystem == "KVO" { diagnostics.append(message) }
    }
    let (observer, _) = try world.newObserver()
    var quiet: Object? = try world.runtime.msgSend(cls, "new").objectValue
    try quiet?.addObserver(observer, forKeyPath: "age")
    quiet = nil
    events.cancel()
    #expect(diagnostics.all.isEmpty)
    let subclass = try #require(world.runtime.lookUpClass(named: "NSKVONotifying_Quiet"))
    #expect(subclass.liveInstanceCount == 0)
    try world.runtime.checkInvariants()
  }
}

extension ObservationInfoOverrideTests {
  /// An object KVO never registered anything on, whose getter answers another object's
  /// observation info: a manual will/did on it reads the getter, as Foundation's does, and
  /// notifies those observers about it.
  @Test func aManualChangeOfAnUnregisteredObjectReadsItsGetter() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age")
    let cls = try makeClass("Echo", in: world) { cls in try cls.synthesizeProperty("age", type: .longLong) }
    try cls.addMethod("observationInfo", types: "^v16@0:8") { _, _, _ in try Runtime.msgSend(ann, "observationInfo") }
    let echo = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    try echo.willChangeValue(forKey: "age")
    try echo.didChangeValue(forKey: "age")
    #expect(log.all.map { $0.object === echo } == [true])
    try ann.removeObserver(observer, forKeyPath: "age")
    try echo.willChangeValue(forKey: "age")  // ann's registrations are gone: nobody
    try echo.didChangeValue(forKey: "age")
    #expect(log.count == 1)
    try world.runtime.checkInvariants()
  }
}
