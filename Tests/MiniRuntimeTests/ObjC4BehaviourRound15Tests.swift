// ObjC4BehaviourRound15Tests.swift: the fifteenth round of behaviours from objc4's own tests and
// sources: objc_getClassList against objc_copyClassList (runtime.m), class_setSuperclass
// (setSuper.m), indexed ivars (class_createInstance's extraBytes, object_copy,
// objc_duplicateClass), and class_getMethodImplementation_stret. Weak references are in
// ObjC4BehaviourRound15WeakTests.swift.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound15Tests {
  // MARK: - objc_getClassList

  @Test func getClassListAnswersTheWholeCountWhateverTheBufferHolds() throws {
    // objc-runtime-new.mm objc_getClassList: it writes at most bufferLen classes and answers the
    // number of classes; a NULL buffer answers the count only. objc_copyClassList lists the same.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    _ = try makeSubclass(of: person, named: "Student", in: runtime)
    let all = runtime.classes
    let whole = runtime.classList(capacity: all.count + 5)
    #expect(whole.count == all.count && whole.classes.map(\.name) == all.map(\.name))
    let two = runtime.classList(capacity: 2)
    #expect(two.count == all.count && two.classes.map(\.name) == all.prefix(2).map(\.name))
    #expect(runtime.classList(capacity: 0).count == all.count)
    #expect(runtime.classList(capacity: 0).classes.isEmpty)
    let negative = runtime.classList(capacity: -1)
    #expect(negative.classes.isEmpty && negative.count == all.count)
  }

  @Test func getClassListListsNoMetaclassAndAPairUnderConstructionFromItsAllocation() throws {
    // objc4 818: objc_getClassList and objc_copyClassList walk allocatedClasses (metaclasses
    // skipped), which objc_allocateClassPair fills (addClassTableEntry); objc_lookUpClass reads
    // the named-class table, which objc_registerClassPair fills (decision 0028).
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let before = runtime.classList(capacity: 100)
    let pending = try runtime.allocateClassPair(superclass: person, name: "Pending")
    let during = runtime.classList(capacity: 100)
    #expect(during.count == before.count + 1 && during.classes.last === pending)
    #expect(runtime.classes.last === pending && runtime.lookUpClass(named: "Pending") == nil)
    #expect(!during.classes.contains { $0.isMetaclass })
    try runtime.registerClassPair(pending)
    let after = runtime.classList(capacity: 100)
    #expect(after.count == during.count && runtime.lookUpClass(named: "Pending") === pending)
    let draft = try runtime.allocateClassPair(superclass: person, name: "Draft")
    try runtime.disposeClassPair(draft)
    #expect(runtime.classList(capacity: 100).count == after.count, "a disposed pair is gone")
    let twin = try runtime.duplicateClass(person, name: "Twin")
    #expect(runtime.classList(capacity: 100).classes.contains { $0 === twin }, "a duplicate is in the class table")
    try runtime.disposeClassPair(twin)
    #expect(runtime.classList(capacity: 100).count == after.count, "a disposed class is gone")
    try runtime.checkInvariants()
  }

  // MARK: - class_setSuperclass (setSuper.m)

  @Test func setSuperclassSwitchesInstanceAndClassMethodsAtOnceForSubclassesToo() throws {
    // setSuper.m: Sub : Super1 answers Super1's +classMethod and -instanceMethod; after
    // class_setSuperclass(Sub, Super2) both answer Super2's at the next send (caches flushed,
    // also a subclass's), and class_getSuperclass of the class and of its metaclass follow.
    let runtime = Runtime()
    let super1 = try makeClass("Super1", in: runtime) { cls in
      try addReturning(cls, "instanceMethod", "10001")
      try addReturning(cls.isa, "classMethod", "1")
    }
    let super2 = try makeClass("Super2", in: runtime) { cls in
      try addReturning(cls, "instanceMethod", "10002")
      try addReturning(cls.isa, "classMethod", "2")
    }
    let sub = try makeSubclass(of: super1, named: "Sub", in: runtime)
    let subsub = try makeSubclass(of: sub, named: "SubSub", in: runtime)
    let (instance, grandchild) = (try new(sub, in: runtime), try new(subsub, in: runtime))
    #expect(try runtime.msgSend(sub, "classMethod") == "1")
    #expect(try runtime.msgSend(subsub, "classMethod") == "1")
    #expect(try runtime.msgSend(instance, "instanceMethod") == "10001")
    #expect(try runtime.msgSend(grandchild, "instanceMethod") == "10001")
    #expect(try sub.setSuperclass(super2) === super1)
    #expect(sub.superclass === super2 && sub.isa.superclass === super2.isa)
    #expect(try runtime.msgSend(sub, "classMethod") == "2")
    #expect(try runtime.msgSend(subsub, "classMethod") == "2")
    #expect(try runtime.msgSend(instance, "instanceMethod") == "10002")
    #expect(try runtime.msgSend(grandchild, "instanceMethod") == "10002")
    #expect(super1.subclasses.isEmpty && super2.subclasses.map(\.name) == ["Sub"])
    #expect(try runtime.msgSend(instance, "isKindOfClass:", .class(super1)) == false)
    #expect(try runtime.msgSend(instance, "isKindOfClass:", .class(super2)) == true)
    try runtime.checkInvariants()
  }

  // MARK: - Indexed ivars

  @Test func extraBytesAreZeroedAndObjectCopyKeepsAsManyAsItAsksFor() throws {
    // class_createInstance(cls, extraBytes): object_getIndexedIvars points at extraBytes zeroed
    // bytes after the ivars; object_copy(obj, size) copies the instance and that many extra bytes.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try person.createInstance(extraBytes: 24)
    #expect(ann.withIndexedIvars { Array($0) } == [UInt8](repeating: 0, count: 24))
    ann.withIndexedIvars { bytes in for index in bytes.indices { bytes[index] = UInt8(index + 1) } }
    try ann.setValue(41, forIvar: "_age")
    let copy = try ann.copy(extraBytes: 24)
    #expect(copy.withIndexedIvars { Array($0) } == (1...24).map(UInt8.init))
    #expect(try copy.value(ofIvar: "_age") == 41)
    copy.withIndexedIvars { $0[0] = 99 }
    #expect(ann.withIndexedIvars { $0[0] } == 1, "the copy has its own bytes")
    #expect(try ann.copy().withIndexedIvars { $0.count } == 0, "object_copy(obj, 0) keeps none")
    #expect(try ann.copy(extraBytes: 8).withIndexedIvars { Array($0) } == (1...8).map(UInt8.init))
  }

  @Test func aDuplicatedClassObjectHasItsOwnZeroedIndexedIvars() throws {
    // objc_duplicateClass(original, name, extraBytes): the new class object has extraBytes of
    // indexed ivars, zeroed; the original has none, and its instances keep theirs.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let twin = try runtime.duplicateClass(person, name: "Twin", extraBytes: 32)
    #expect(twin.withIndexedIvars { Array($0) } == [UInt8](repeating: 0, count: 32))
    #expect(person.withIndexedIvars { $0.count } == 0)
    let instance = try twin.createInstance(extraBytes: 4)
    #expect(instance.withIndexedIvars { $0.count } == 4)
  }

  // MARK: - class_getMethodImplementation_stret

  @Test func getMethodImplementationStretAnswersTheStretForwarderForAMissingMethod() throws {
    // objc-class.mm class_getMethodImplementation_stret: class_getMethodImplementation, with
    // _objc_msgForward translated to _objc_msgForward_stret; a found method answers its own IMP.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let found = try person.methodImplementationStret(for: "age")
    let plain = try person.methodImplementation(for: "age")
    #expect(found != nil && found === plain)
    let missing = try #require(try person.methodImplementationStret(for: "frame"))
    #expect(missing === Implementation.forwardingStret && missing.name == "_objc_msgForward_stret")
    #expect(missing !== Implementation.forwarding)
    #expect(try person.methodImplementationStret(for: .null) == nil)
    #expect(person.isInitialized, "as class_getMethodImplementation, it initializes the class")
    let ann = try new(person, in: runtime)
    let error = expectError(.unrecognizedSelector) { _ = try missing.body(ann, "frame", []) }
    #expect(error?.message.hasPrefix("-[Person frame]: unrecognized selector sent to instance") == true)
  }
}
