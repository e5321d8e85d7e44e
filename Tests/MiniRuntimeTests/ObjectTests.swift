// ObjectTests.swift: objects: isa-swizzling with setClass, identity, and the observation-info
// slot (Object.swift, Object+Class.swift, Object+ObservationInfo.swift).

import Dispatch
import Synchronization
import Testing

@testable import MiniRuntime

@Suite struct ObjectTests {
  /// Person and Sibling: the same ivars (`_age` q, `_name` NSString) and different `greet`s.
  struct Fixture {
    let runtime = Runtime()
    let person: Class
    let sibling: Class
    let ann: Object
    let key = AssociationKey("tag")

    init() throws {
      person = try makePerson(in: runtime)
      try addReturning(person, "greet", "person")
      sibling = try makePerson(in: runtime, name: "Sibling")
      try addReturning(sibling, "greet", "sibling")
      ann = try new(person, in: runtime)
      try runtime.msgSend(ann, "setAge:", 42)
      try runtime.msgSend(ann, "setName:", "Ann")
      try ann.setAssociatedObject("note", forKey: key, policy: .retainNonatomic)
    }
  }

  @Test func setClassChangesDispatchAndReturnsPreviousClass() throws {
    let f = try Fixture()
    #expect(try f.runtime.msgSend(f.ann, "greet") == "person")
    let previous = try f.ann.setClass(f.sibling)
    #expect(previous === f.person)
    #expect(f.ann.isa === f.sibling)
    #expect(f.ann.className == "Sibling")
    #expect(try f.runtime.msgSend(f.ann, "greet") == "sibling")
    #expect(try f.runtime.msgSend(f.ann, "class") == .class(f.sibling))
    #expect(try f.ann.setClass(f.person) === f.sibling)
    #expect(try f.runtime.msgSend(f.ann, "greet") == "person")
    try f.runtime.checkInvariants()
  }

  @Test func ivarsSurviveSetClass() throws {
    let f = try Fixture()
    try f.ann.setClass(f.sibling)
    #expect(try f.runtime.msgSend(f.ann, "age") == 42)
    #expect(try f.runtime.msgSend(f.ann, "name") == "Ann")
    try f.runtime.msgSend(f.ann, "setAge:", 43)
    try f.ann.setClass(f.person)
    #expect(try f.runtime.msgSend(f.ann, "age") == 43)
    #expect(try f.ann.value(ofIvar: "_name") == "Ann")
    try f.runtime.checkInvariants()
  }

  @Test func associatedObjectsSurviveSetClass() throws {
    let f = try Fixture()
    try f.ann.setClass(f.sibling)
    #expect(f.ann.associatedObject(forKey: f.key) == "note")
    try f.ann.setClass(f.person)
    #expect(f.ann.associatedObject(forKey: f.key) == "note")
    try f.runtime.checkInvariants()
  }

  @Test func setClassToSubclassWithoutIvarsWorksLikeKVO() throws {
    let f = try Fixture()
    let notifying = try makeClass("NSKVONotifying_Person", superclass: f.person, in: f.runtime) { cls in
      // As KVO does: answer the superclass (capturing `f` would retain the runtime: a cycle).
      try cls.addMethod("class", types: "#16@0:8") { receiver, _, _ in .class(receiver.isa.superclass!) }
    }
    try f.ann.setClass(notifying)
    #expect(f.ann.isa === notifying)
    #expect(try f.runtime.msgSend(f.ann, "class") == .class(f.person), "the subclass hides itself")
    #expect(try f.runtime.msgSend(f.ann, "isMemberOfClass:", .class(f.person)) == true)
    #expect(try f.runtime.msgSend(f.ann, "description") == .string("<Person: \(f.ann.address)>"))
    #expect(f.ann.description == "<NSKVONotifying_Person: \(f.ann.address)>", "Object.description uses the real isa")
    #expect(try f.runtime.msgSend(f.ann, "age") == 42)
    try f.runtime.checkInvariants()
  }

  @Test func setClassToAnotherLayoutKeepsTheBytesAndReadsThemAsTheNewTypes() throws {
    let f = try Fixture()
    let point = try makeClass("Point", in: f.runtime) { cls in
      try cls.addIvar("_x", type: .double)  // offset 8, over Person's long long _age
      try cls.addIvar("_y", type: .double)  // offset 16, over Person's object _name
    }
    let bigger = try makeClass("Bigger", superclass: f.person, in: f.runtime) { try $0.addIvar("_extra", type: .int) }
    try f.ann.setClass(point)
    #expect(f.ann.isa === point)
    #expect(point.liveInstanceCount == 1)
    #expect(f.person.liveInstanceCount == 0)
    #expect(try f.ann.value(ofIvar: "_x") == .double(Double(bitPattern: 42)), "objc4 reads the int's bits as a double")
    let overPointer = expectError(.incompatibleLayout) { _ = try f.ann.value(ofIvar: "_y") }
    #expect(overPointer?.message.contains("offset 16") == true)
    expectError(.incompatibleLayout) { try f.ann.setValue(1.5, forIvar: "_y") }
    try f.ann.setClass(bigger)
    #expect(try f.runtime.msgSend(f.ann, "age") == 42)
    let pastTheEnd = expectError(.incompatibleLayout) { _ = try f.ann.value(ofIvar: "_extra") }
    #expect(pastTheEnd?.message.contains("24-byte object") == true)
    try f.ann.setClass(f.person)
    #expect(try f.runtime.msgSend(f.ann, "age") == 42)
    #expect(f.person.liveInstanceCount == 1)
    try f.runtime.checkInvariants()
  }

  @Test func setClassToAncestorWithFewerIvarsIsAllowed() throws {
    let f = try Fixture()
    try f.ann.setClass(f.runtime.rootClass)
    #expect(f.ann.isa === f.runtime.rootClass)
    expectError(.unrecognizedSelector) { try f.runtime.msgSend(f.ann, "age") }
    #expect(try f.ann.value(for: f.person.ivar(named: "_age")!) == 42, "the bytes are still there")
    try f.ann.setClass(f.person)
    #expect(try f.runtime.msgSend(f.ann, "age") == 42)
    try f.runtime.checkInvariants()
  }

  @Test func setClassOnAClassObjectRefusesAClassAndAnUnrelatedMetaclass() throws {
    // A class object takes only a metaclass inheriting from its own (ClassObjectIsaTests).
    let f = try Fixture()
    let error = expectError(.invalidClassState) { try f.person.setClass(f.sibling) }
    #expect(error?.message.contains("Person") == true)
    #expect(f.person.isa.isMetaclass)
    expectError(.invalidClassState) { try f.person.setClass(f.sibling.isa) }
    #expect(f.person.isa === f.person.metaclass)
    try f.runtime.checkInvariants()
  }

  @Test func setClassToUnregisteredOrMetaclassOrForeignClassThrows() throws {
    let f = try Fixture()
    let draft = try f.runtime.allocateClassPair(superclass: f.person, name: "Draft")
    expectError(.invalidClassState) { try f.ann.setClass(draft) }
    expectError(.invalidClassState) { try f.ann.setClass(f.sibling.isa) }
    let other = Runtime()
    let alien = try makePerson(in: other)
    expectError(.foreignRuntime) { try f.ann.setClass(alien) }
    #expect(f.ann.isa === f.person)
    try f.runtime.disposeClassPair(draft)
    expectError(.invalidClassState) { try f.ann.setClass(draft) }
    try f.runtime.checkInvariants()
  }

  @Test func setClassMovesTheInstanceCount() throws {
    let f = try Fixture()
    try f.ann.setClass(f.sibling)
    #expect(f.person.liveInstanceCount == 0)
    #expect(f.sibling.liveInstanceCount == 1)
    expectError(.classInUse) { try f.runtime.disposeClassPair(f.sibling) }
    let spare = try f.runtime.allocateClassPair(superclass: f.runtime.rootClass, name: "Spare")
    try f.runtime.disposeClassPair(spare)
    try f.runtime.checkInvariants()
  }

  @Test func oldClassCanBeDisposedAfterItsLastInstanceMoves() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let sibling = try makePerson(in: runtime, name: "Sibling")
    let ann = try new(person, in: runtime)
    try ann.setClass(sibling)
    try runtime.disposeClassPair(person)
    #expect(try runtime.msgSend(ann, "age") == 0)
    try runtime.checkInvariants()
  }

  @Test func isaReadsDuringSetClassSeeOldOrNew() throws {
    let f = try Fixture()
    let surprises = Recorder<String>()
    let flips = 20_000
    let readersDone = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 3) { index in
      if index == 0 {
        for flip in 0..<flips {
          if readersDone.load(ordering: .acquiring) == 2 { break }
          do { try f.ann.setClass(flip % 2 == 0 ? f.sibling : f.person) } catch { surprises.append("\(error)") }
        }
        return
      }
      for _ in 0..<flips {
        let isa = f.ann.isa
        if isa !== f.person && isa !== f.sibling { surprises.append("isa \(isa.name)") }
        switch try? f.runtime.msgSend(f.ann, "greet") {
        case "person"?, "sibling"?: break
        case let other: surprises.append("greet \(String(describing: other))")
        }
      }
      readersDone.add(1, ordering: .releasing)
    }
    #expect(surprises.all.isEmpty, "\(surprises.all.prefix(5))")
    #expect(f.person.liveInstanceCount + f.sibling.liveInstanceCount == 1)
    try f.runtime.checkInvariants()
  }

  // MARK: - Observation info

  final class Info: Sendable {}

  @Test func observationInfoSlotStoresAndClears() throws {
    let f = try Fixture()
    #expect(f.ann.observationInfo == nil)
    let info = Info()
    f.ann.observationInfo = info
    #expect(f.ann.observationInfo.map(ObjectIdentifier.init) == ObjectIdentifier(info))
    f.ann.observationInfo = nil
    #expect(f.ann.observationInfo == nil)
    try f.runtime.checkInvariants()
  }

  @Test func observationInfoCreatingWithCreatesOnce() throws {
    let f = try Fixture()
    let made = Atomic<Int>(0)
    let first = f.ann.observationInfo { () -> Info in
      made.add(1, ordering: .relaxed)
      return Info()
    }
    let second = f.ann.observationInfo { () -> Info in
      made.add(1, ordering: .relaxed)
      return Info()
    }
    // ObjectIdentifier, not ===: `#expect(a === b)` on `any AnyObject & Sendable` crashes the
    // 6.3.1 compiler (SILGen reabstraction thunk).
    #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    #expect(made.load(ordering: .relaxed) == 1)
    #expect(f.ann.observationInfo.map(ObjectIdentifier.init) == ObjectIdentifier(first))
    try f.runtime.checkInvariants()
  }

  @Test func observationInfoIsReleasedWithItsObject() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let weakInfo: WeakReference<Info>
    do {
      let ann = try new(person, in: runtime)
      let info = Info()
      weakInfo = WeakReference(info)
      ann.observationInfo = info
    }
    #expect(weakInfo.object == nil)
    try runtime.checkInvariants()
  }
}
