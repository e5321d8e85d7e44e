// ObjC4BehaviourRound13Tests.swift: the thirteenth round of behaviours from objc4's own tests
// and sources: when an object's ivars are destroyed (cdtors.mm, objc_destructInstance) and what
// -respondsToSelector: asks (NSObject.mm).

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
}
