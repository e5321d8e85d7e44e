// ClassObjectIsaTests.swift: object_setClass on a class object (Object+Class.swift): its isa may
// become a metaclass inheriting from its own (KVO's notifying metaclass) and come back; class
// methods, subclasses, +initialize, disposal and the invariants stay right
// (docs/runtime.md#isa-swizzling).

import Testing

@testable import MiniRuntime

@Suite struct ClassObjectIsaTests {
  /// Person (`+kind` answers "person"), Student : Person, and Watched : Person, whose metaclass
  /// overrides `+kind` ("watched"): Watched's metaclass is the notifying metaclass here.
  struct Fixture {
    let runtime = Runtime()
    let person: Class
    let student: Class
    let watched: Class

    init() throws {
      person = try makePerson(in: runtime)
      try addReturning(person.metaclass, "kind", "person")
      student = try makeSubclass(of: person, named: "Student", in: runtime)
      watched = try makeSubclass(of: person, named: "Watched", in: runtime)
      try addReturning(watched.metaclass, "kind", "watched")
    }
  }

  @Test func classObjectIsaMovesToAMetaclassInheritingFromItsOwnAndBack() throws {
    let f = try Fixture()
    let own = f.person.metaclass
    #expect(try f.person.setClass(f.watched.metaclass) === own)  // returns the previous isa
    #expect(f.person.isa === f.watched.metaclass)  // object_getClass(Person)
    #expect(f.person.isa.isMetaclass && f.person.isClass)
    #expect(f.person.metaclass === own)  // its own metaclass, where its class methods live
    #expect(try f.runtime.msgSend(f.person, "class") == .class(f.person))  // [Person class]
    #expect(f.runtime.metaclass(named: "Person") === f.watched.metaclass)  // objc_getMetaClass reads the isa
    try f.runtime.checkInvariants()
    #expect(try f.person.setClass(own) === f.watched.metaclass)
    #expect(f.person.isa === own)
    try f.runtime.checkInvariants()
  }

  @Test func classMethodSendsGoThroughTheNewIsaAtOnce() throws {
    let f = try Fixture()
    try addReturning(f.person.metaclass, "origin", "own")
    #expect(try f.runtime.msgSend(f.person, "kind") == "person")  // cached in Person's metaclass
    #expect(throws: RuntimeError.self) { try f.runtime.msgSend(f.person, "fly") }  // a cached miss
    try addReturning(f.watched.metaclass, "fly", "flying")
    try f.person.setClass(f.watched.metaclass)
    #expect(try f.runtime.msgSend(f.person, "kind") == "watched")
    #expect(try f.runtime.msgSend(f.person, "fly") == "flying")
    #expect(try f.runtime.msgSend(f.person, "origin") == "own")  // inherited from its own metaclass
    try f.person.setClass(f.person.metaclass)
    #expect(try f.runtime.msgSend(f.person, "kind") == "person")
    #expect(throws: RuntimeError.self) { try f.runtime.msgSend(f.person, "fly") }
    try f.runtime.checkInvariants()
  }

  @Test func switchingAClassObjectsIsaLeavesItsSubclassesAndInstancesAlone() throws {
    let f = try Fixture()
    let ann = try new(f.person, in: f.runtime)
    try f.person.setClass(f.watched.metaclass)
    #expect(try f.runtime.msgSend(f.student, "kind") == "person")  // Student's metaclass inherits Person's own
    #expect(ann.isa === f.person)
    #expect(try f.runtime.msgSend(ann, "class") == .class(f.person))
    // A class method added to Person's own metaclass meanwhile reaches Person and Student.
    try addReturning(f.person.metaclass, "added", "later")
    #expect(try f.runtime.msgSend(f.person, "added") == "later")
    #expect(try f.runtime.msgSend(f.student, "added") == "later")
    // A subclass made while the isa is switched hangs from Person's own metaclass.
    let late = try makeSubclass(of: f.person, named: "Late", in: f.runtime)
    #expect(late.metaclass.superclass === f.person.metaclass)
    #expect(try f.runtime.msgSend(late, "kind") == "person")
    try f.runtime.checkInvariants()
  }

  @Test func classObjectIsaSwitchRecordsAnIsaChangedEvent() throws {
    let f = try Fixture()
    let events = Recorder<String>()
    let observation = f.runtime.addEventObserver { events.append($0.description) }
    try f.person.setClass(f.watched.metaclass)
    try f.person.setClass(f.person.metaclass)
    observation.cancel()
    #expect(events.all == ["isa of Person: Person -> Watched", "isa of Person: Watched -> Person"])
  }

  @Test func classObjectWithASwitchedIsaInitializesItselfNotTheMetaclassesClass() throws {
    let f = try Fixture()
    let fresh = try makeSubclass(of: f.person, named: "Fresh", in: f.runtime)
    let notifying = try makeSubclass(of: fresh, named: "NotifyingFresh", in: f.runtime)
    let calls = Recorder<String>()
    try fresh.metaclass.addMethod("initialize", types: "v16@0:8") { receiver, _, _ in
      calls.append("+[\((receiver as? Class)?.name ?? "?") initialize]")
      return .nil
    }
    try fresh.setClass(notifying.metaclass)  // before any message reached Fresh
    #expect(try f.runtime.msgSend(fresh, "kind") == "person")
    #expect(try f.runtime.msgSend(fresh, "kind") == "person")
    #expect(calls.all == ["+[Fresh initialize]"])
    #expect(fresh.isInitialized && !notifying.isInitialized)
    try f.runtime.checkInvariants()
  }

  @Test func aMetaclassThatIsAClassObjectsIsaCannotBeDisposed() throws {
    let f = try Fixture()
    try f.person.setClass(f.watched.metaclass)
    let error = expectError(.classInUse) { try f.runtime.disposeClassPair(f.watched) }
    #expect(error?.message.contains("the isa of the class object Person") == true)
    #expect(f.watched.isRegistered)
    try f.person.setClass(f.person.metaclass)
    try f.runtime.disposeClassPair(f.watched)
    try f.runtime.checkInvariants()
  }

  @Test func classObjectIsaRefusesAClassOrAMetaclassNotInheritingFromItsOwn() throws {
    let f = try Fixture()
    let own = f.person.metaclass
    let other = try makeClass("Other", in: f.runtime)
    expectError(.invalidClassState) { try f.person.setClass(f.watched) }  // a class, not a metaclass
    expectError(.invalidClassState) { try f.person.setClass(other.metaclass) }  // unrelated
    expectError(.invalidClassState) { try f.student.setClass(f.runtime.rootClass.metaclass) }  // a superclass's
    expectError(.invalidClassState) { try f.student.setClass(f.watched.metaclass) }  // a sibling's
    let draft = try f.runtime.allocateClassPair(superclass: f.person, name: "Draft")
    expectError(.invalidClassState) { try f.person.setClass(draft.metaclass) }  // not registered
    expectError(.invalidArgument) { try own.setClass(f.watched.metaclass) }  // a metaclass's isa is fixed
    let alien = try makePerson(in: Runtime())
    expectError(.foreignRuntime) { try f.person.setClass(alien.metaclass) }
    #expect(f.person.isa === own && f.student.isa === f.student.metaclass)
    try f.runtime.checkInvariants()
  }
}
