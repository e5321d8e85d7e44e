// ObjC4BehaviourRound13Tests.swift: the thirteenth round of behaviours from objc4's own tests
// and sources: when an object's ivars are destroyed (cdtors.mm, objc_destructInstance), what
// -respondsToSelector: asks (NSObject.mm), and the two runtime functions besides a send that
// initialize a class (object_setClass; storeWeak, initializeVersusWeak.m).

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound13Tests {
  /// A class whose instances log "released <tag>" from their `-dealloc`.
  private func taggedClass(_ runtime: Runtime, _ log: Recorder<String>) throws -> Class {
    try makeClass("Tagged", in: runtime) { cls in
      try cls.addIvar("_tag", type: .longLong)
      try cls.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
        log.append("released \(try receiver.value(ofIvar: "_tag"))")
        return try Runtime.msgSendSuper(receiver, definedIn: receiver.isa, "dealloc")
      }
    }
  }

  private func tagged(_ cls: Class, _ tag: Int64) throws -> Value {
    let object = try cls.createInstance()
    try object.setValue(.int64(tag), forIvar: "_tag")
    return .object(object)
  }

  @Test func ivarsAreReleasedInsideNSObjectsDeallocSubclassFirstLastDeclaredFirstThenAssociations() throws {
    // objc4: NSObject's -dealloc is _objc_rootDealloc → object_dispose → objc_destructInstance,
    // which runs object_cxxDestruct (each class's .cxx_destruct, the subclass's before its
    // superclass's; clang's releases a class's ivars last-declared first, as cleanups unwind)
    // and then removes the associated objects. So all of it happens inside [super dealloc],
    // before the code a subclass runs after it.
    let runtime = Runtime()
    let log = Recorder<String>()
    let tag = try taggedClass(runtime, log)
    let base = try makeClass("Base", in: runtime) { try $0.addIvar("_inBase", type: .object(className: nil)) }
    let owner = try makeClass("Owner", superclass: base, in: runtime) { cls in
      try cls.addIvar("_first", type: .object(className: nil))
      try cls.addIvar("_count", type: .longLong)
      try cls.addIvar("_second", type: .object(className: nil))
      try cls.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
        log.append("dealloc begins, _first is \(try receiver.value(ofIvar: "_first") == .nil ? "nil" : "set")")
        defer { log.append("after [super dealloc], count \((try? receiver.value(ofIvar: "_count")) ?? .nil)") }
        return try Runtime.msgSendSuper(receiver, definedIn: receiver.isa, "dealloc")
      }
    }
    do {
      let object = try owner.createInstance()
      try object.setValue(try tagged(tag, 0), forIvar: "_inBase")
      try object.setValue(try tagged(tag, 1), forIvar: "_first")
      try object.setValue(7, forIvar: "_count")
      try object.setValue(try tagged(tag, 2), forIvar: "_second")
      try object.setAssociatedObject(try tagged(tag, 9), forKey: AssociationKey("badge"), policy: .retain)
    }
    #expect(
      log.all == [
        "dealloc begins, _first is set", "released 2", "released 1", "released 0", "released 9",
        "after [super dealloc], count 7",  // .cxx_destruct touches object ivars only
      ])
    #expect(owner.liveInstanceCount == 0 && tag.liveInstanceCount == 0)
    try runtime.checkInvariants()
  }

  @Test func aDeallocThatNeverReachesNSObjectsStillReleasesItsIvarsAfterwards() throws {
    // objc4 would leak them; here the object is freed anyway, so what NSObject's -dealloc did
    // not release goes when the dealloc returns: associations first, then the ivars.
    let runtime = Runtime()
    let log = Recorder<String>()
    let tag = try taggedClass(runtime, log)
    let owner = try makeClass("Owner", in: runtime) { cls in
      try cls.addIvar("_held", type: .object(className: nil))
      try cls.addMethod("dealloc", types: "v16@0:8") { _, _, _ in
        log.append("dealloc without super")
        return .nil
      }
    }
    do {
      let object = try owner.createInstance()
      try object.setValue(try tagged(tag, 1), forIvar: "_held")
      try object.setAssociatedObject(try tagged(tag, 9), forKey: AssociationKey("badge"), policy: .retain)
    }
    #expect(log.all == ["dealloc without super", "released 9", "released 1"])
    #expect(tag.liveInstanceCount == 0)
  }

  @Test func respondsToSelectorAsksTheClassTheObjectClaimsAndAClassObjectItsMetaclass() throws {
    // NSObject.mm: -respondsToSelector: is class_respondsToSelector_inst(self, sel, [self class]),
    // +respondsToSelector: the same with self->ISA(). An object whose -class answers another
    // class (KVO's notifying classes do) responds as that class's instances do.
    let runtime = Runtime()
    let shown = try makeClass("Shown", in: runtime) { try addReturning($0, "shownOnly", "shown") }
    let hidden = try makeClass("Hidden", in: runtime) { cls in
      try cls.addMethod("class", types: "#16@0:8") { _, _, _ in .class(shown) }
      try addReturning(cls, "hiddenOnly", "hidden")
    }
    let object = try new(hidden, in: runtime)
    #expect(try runtime.msgSend(object, "respondsToSelector:", .selector("shownOnly")) == true)
    #expect(try runtime.msgSend(object, "respondsToSelector:", .selector("hiddenOnly")) == false)
    #expect(try runtime.msgSend(object, "hiddenOnly") == "hidden")  // the send still uses the isa
    #expect(hidden.instancesRespond(to: "hiddenOnly"))  // class_respondsToSelector asks the class given
    // A class object: its own +class answers itself, and the question is about class methods.
    #expect(try runtime.msgSend(hidden, "respondsToSelector:", .selector("new")) == true)
    #expect(try runtime.msgSend(hidden, "respondsToSelector:", .selector("hiddenOnly")) == false)
    try runtime.checkInvariants()
  }

  @Test func respondsToSelectorOfAnObjectWhoseClassIsNilIsNo() throws {
    // class_respondsToSelector_inst answers NO for a Nil class.
    let runtime = Runtime()
    let odd = try makeClass("Odd", in: runtime) { cls in
      try cls.addMethod("class", types: "#16@0:8") { _, _, _ in .nil }
    }
    let object = try new(odd, in: runtime)
    #expect(try runtime.msgSend(object, "respondsToSelector:", .selector("description")) == false)
  }

  @Test func setClassInitializesTheNewClassBeforeTheIsaChanges() throws {
    // objc-class.mm: object_setClass provokes +initialize of a class not yet initialized
    // ("ensuring that no weakly-referenced object has an un-+initialized isa"), superclasses first.
    let runtime = Runtime()
    let calls = Recorder<String>()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let isaSeen = Recorder<String>()
    try student.isa.addMethod("initialize", types: "v16@0:8") { receiver, _, _ in
      calls.append("+[\((receiver as? Class)?.name ?? "?") initialize]")
      isaSeen.append(ann.isa.name)
      return .nil
    }
    #expect(!student.isInitialized)
    #expect(try ann.setClass(student) === person)
    #expect(calls.all == ["+[Student initialize]"] && isaSeen.all == ["Person"])
    #expect(student.isInitialized)
    try ann.setClass(person)
    try ann.setClass(student)
    #expect(calls.count == 1, "once")
    try runtime.checkInvariants()
  }

  @Test func setClassWhoseInitializeThrowsLeavesTheIsaAndTheClassCountsAsInitialized() throws {
    // The exception +initialize raises unwinds through object_setClass before changeIsa; objc4
    // still marks the class initialized on the way out.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try student.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      throw RuntimeError(.invalidArgument, "no students today")
    }
    let error = expectError(.invalidArgument) { try ann.setClass(student) }
    #expect(error?.message == "no students today")
    #expect(ann.isa === person)
    #expect(student.isInitialized)
    #expect(try ann.setClass(student) === person)  // not asked again
    try runtime.checkInvariants()
  }

  @Test func aWeakStoreOfAnInstanceOfAnUninitializedClassInitializesItFirst() throws {
    // objc4's storeWeak: "Prevent a deadlock between the weak reference machinery and the
    // +initialize machinery by ensuring that no weakly-referenced object has an un-+initialized
    // isa" (initializeVersusWeak.m). class_createInstance sends nothing, so such objects exist.
    let runtime = Runtime()
    let calls = Recorder<String>()
    let person = try makePerson(in: runtime)
    try recordInitialize(person, into: calls)
    let ann = try person.createInstance()
    #expect(calls.all.isEmpty)
    let variable = try WeakVariable(ann)  // objc_initWeak
    #expect(calls.all == ["+[Person initialize]"])
    #expect(variable.load() === ann)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let bob = try student.createInstance()
    try variable.store(bob)  // objc_storeWeak: Student's +initialize (Person's, inherited)
    #expect(calls.all == ["+[Person initialize]", "+[Student initialize]"])
    try runtime.checkInvariants()
  }

  @Test func aWeakIvarStoreInitializesTooAndAThrowingInitializeStoresNothing() throws {
    let runtime = Runtime()
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.synthesizeProperty("friend", type: .object(className: nil), options: [.weak])
    }
    let grumpy = try makeClass("Grumpy", in: runtime)
    try grumpy.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      throw RuntimeError(.invalidArgument, "not now")
    }
    let box = try new(holder, in: runtime)
    let grump = try grumpy.createInstance()
    expectError(.invalidArgument) { try box.setValue(.object(grump), forIvar: "_friend") }
    #expect(try box.value(ofIvar: "_friend") == .nil)
    #expect(grumpy.isInitialized)
    try box.setValue(.object(grump), forIvar: "_friend")  // initialized now: stored
    #expect(try box.value(ofIvar: "_friend") == .object(grump))
    try runtime.checkInvariants()
  }
}
