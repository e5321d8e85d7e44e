// FidelityRound20ObservingProbeTests.swift: round 20's probes of cases from GNUstep's
// NSKVOSupport tests and Apple KVO bug reports that earlier rounds left out. Each states
// Foundation's answer; those that MiniKVO already gave are kept as probes.

import MiniFoundation
import MiniRuntime
import Synchronization
import Testing

@testable import KVO

@Suite struct FidelityRound20ObservingProbeTests {
  /// Observing `self.level` from within `-setLevel:`: Foundation's will listed the observances
  /// before the setter ran, so an observer added by the setter is not told of that set (nor is
  /// one added to an unobserved object, whose set had no will at all); the next set tells it,
  /// with the old value the first set stored. Already matched.
  @Test(arguments: [false, true])
  func anObserverAddedInsideTheSetterIsToldFromTheNextSetOn(alreadyObserved: Bool) throws {
    let world = try World()
    let (late, lateLog) = try world.newObserver()
    let (early, earlyLog) = try world.newObserver()
    let added = Atomic<Bool>(false)
    try world.person.replaceMethod("setAge:") { receiver, _, arguments in
      if !added.exchange(true, ordering: .relaxed) {
        try receiver.addObserver(late, forKeyPath: "age", options: [.old, .new])
      }
      try receiver.setValue(arguments[0], forIvar: "_age")
      return .nil
    }
    let person = try world.newPerson()
    if alreadyObserved { try person.addObserver(early, forKeyPath: "age", options: [.new]) }
    try world.set(person, "age", 1)
    #expect(lateLog.count == 0)
    #expect(earlyLog.all.map(\.change.new) == (alreadyObserved ? [1] : []))
    #expect(person.isa.name == "NSKVONotifying_Person")
    try world.set(person, "age", 2)
    #expect(lateLog.all.map(\.change) == [Change(kind: .setting, new: 2, old: 1)])
    #expect(earlyLog.count == (alreadyObserved ? 2 : 0))
    try world.runtime.checkInvariants()
  }

  /// `object_getClass` across add, remove, add: Person, NSKVONotifying_Person, Person, and the
  /// same NSKVONotifying_Person again (Foundation makes it once per class and keeps it), while
  /// `-class` answers Person throughout. Already matched.
  @Test func theIsaFollowsAddRemoveAddAndTheNotifyingClassIsReused() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    var names = [person.isa.name]
    var classes: [Value] = [try world.runtime.msgSend(person, "class")]
    try person.addObserver(observer, forKeyPath: "age")
    let notifying = person.isa
    names.append(person.isa.name)
    classes.append(try world.runtime.msgSend(person, "class"))
    try person.removeObserver(observer, forKeyPath: "age")
    names.append(person.isa.name)
    try person.addObserver(observer, forKeyPath: "name")
    names.append(person.isa.name)
    classes.append(try world.runtime.msgSend(person, "class"))
    #expect(names == ["Person", "NSKVONotifying_Person", "Person", "NSKVONotifying_Person"])
    #expect(person.isa === notifying)
    #expect(classes == [.class(world.person), .class(world.person), .class(world.person)])
    try world.runtime.checkInvariants()
  }
}
