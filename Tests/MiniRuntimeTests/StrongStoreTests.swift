// StrongStoreTests.swift: stores that retain (strong and copy setters, object_setIvar, object_copy,
// associations) count in retainCount and reach a class's retain/release overrides, as objc4's
// customrr.m, rr-*.m and nsobject.m check; the custom retain-release bit of each class.

import Testing

@testable import MiniRuntime

/// A class whose `retain` and `release` record themselves and call NSObject's (customrr.m).
private func makeCustomRR(in runtime: Runtime, calls: Recorder<String>, name: String = "CustomRR") throws -> Class {
  try makeClass(name, in: runtime) { cls in
    for selector: Selector in ["retain", "release"] {
      let types = try #require(try runtime.rootClass.instanceMethod(for: selector)).typeEncoding
      try cls.addMethod(selector, types: types) { receiver, cmd, _ in
        calls.append(cmd.name)
        return try Runtime.msgSendSuper(receiver, definedIn: cls, cmd)
      }
    }
  }
}

/// A `Holder` with a strong `thing`, a copy `label`, a weak `delegate` and a `long long` `count`.
private func makeHolder(in runtime: Runtime) throws -> Class {
  try makeClass("Holder", in: runtime) { cls in
    try cls.synthesizeProperty("thing", type: .object(className: nil), options: [.retain, .nonatomic])
    try cls.synthesizeProperty("label", type: .object(className: nil), options: [.copy, .nonatomic])
    try cls.synthesizeProperty("delegate", type: .object(className: nil), options: [.weak, .nonatomic])
    try cls.synthesizeProperty("count", type: .longLong, options: .nonatomic)
  }
}

@Suite struct CustomRetainReleaseBitTests {
  @Test func overridingAnyRetainCountMethodSetsTheBitOnTheClassAndItsSubclasses() throws {
    for selector: Selector in [
      "retain", "release", "autorelease", "retainCount", "_tryRetain", "_isDeallocating", "allowsWeakReference",
      "retainWeakReference",
    ] {
      let runtime = Runtime()
      let base = try makeClass("Base", in: runtime)
      let sub = try makeSubclass(of: base, named: "Sub", in: runtime)
      #expect(!base.hasCustomRetainRelease && !sub.hasCustomRetainRelease)
      let types = try #require(try runtime.rootClass.instanceMethod(for: selector)).typeEncoding
      try base.addMethod(selector, types: types) { receiver, cmd, _ in try Runtime.msgSendSuper(receiver, definedIn: base, cmd) }
      #expect(base.hasCustomRetainRelease && sub.hasCustomRetainRelease, "\(selector)")
      let later = try makeSubclass(of: base, named: "Later", in: runtime)
      #expect(later.hasCustomRetainRelease, "a subclass made afterwards inherits it")
      #expect(!runtime.rootClass.hasCustomRetainRelease)
      try runtime.checkInvariants()
    }
  }

  @Test func nsObjectsOwnMethodsDoNotCountButOtherMethodsNeverSetIt() throws {
    let runtime = Runtime()
    #expect(!runtime.rootClass.hasCustomRetainRelease && !runtime.rootClass.isa.hasCustomRetainRelease)
    let person = try makePerson(in: runtime)
    try person.addMethod("description") { _, _, _ in "a person" }
    #expect(!person.hasCustomRetainRelease)
    try runtime.checkInvariants()
  }

  @Test func aCategoryAReplacementOrASwizzleOfRetainSetsTheBit() throws {
    let runtime = Runtime()
    let viaCategory = try makeClass("ViaCategory", in: runtime)
    var category = try Category(named: "RR", on: "ViaCategory")
    try category.addInstanceMethod("release", types: "Vv16@0:8") { receiver, cmd, _ in
      try Runtime.msgSendSuper(receiver, definedIn: viaCategory, cmd)
    }
    var image = Image(named: "RR")
    image.addCategory(category)
    try runtime.loadImage(image)
    #expect(viaCategory.hasCustomRetainRelease)
    let viaReplace = try makeClass("ViaReplace", in: runtime)
    _ = try viaReplace.replaceMethod("retainCount", types: "Q16@0:8") { _, _, _ in .uint64(7) }
    #expect(viaReplace.hasCustomRetainRelease)
    let viaSwizzle = try makeClass("ViaSwizzle", in: runtime) { cls in
      try cls.addMethod("retain", types: "@16@0:8") { receiver, _, _ in .object(receiver) }
    }
    #expect(viaSwizzle.hasCustomRetainRelease)
    try runtime.checkInvariants()
  }
}

@Suite struct StrongStoreTests {
  @Test func aStrongSetterCountsItsValueAndTheOldOneGoesBackDown() throws {
    // nsobject.m / rr-*.m: after holder.thing = o, [o retainCount] is 2; after replacing it, 1.
    let runtime = Runtime()
    let holderClass = try makeHolder(in: runtime)
    let holder = try new(holderClass, in: runtime)
    let first = try new(runtime.rootClass, in: runtime)
    let second = try new(runtime.rootClass, in: runtime)
    try runtime.msgSend(holder, "setThing:", .object(first))
    #expect(first.retainCount == 2)
    try runtime.msgSend(holder, "setThing:", .object(first))  // the same object again: still one
    #expect(first.retainCount == 2)
    try runtime.msgSend(holder, "setThing:", .object(second))
    #expect(first.retainCount == 1 && second.retainCount == 2)
    try runtime.msgSend(holder, "setThing:", .nil)
    #expect(second.retainCount == 1)
    try runtime.checkInvariants()
  }

  @Test func aStrongSetterSendsRetainAndReleaseToACustomClass() throws {
    // customrr.m: the setter's objc_storeStrong reaches the class's own retain and release.
    let runtime = Runtime()
    let calls = Recorder<String>()
    let custom = try makeCustomRR(in: runtime, calls: calls)
    let holder = try new(try makeHolder(in: runtime), in: runtime)
    let object = try new(custom, in: runtime)
    try runtime.msgSend(holder, "setThing:", .object(object))
    #expect(calls.all == ["retain"])
    #expect(object.retainCount == 2)
    try runtime.msgSend(holder, "setThing:", .nil)
    #expect(calls.all == ["retain", "release"])
    #expect(object.retainCount == 1)
    try runtime.checkInvariants()
  }

  @Test func aPlainClassIsCountedWithoutAMessage() throws {
    // objc4's fast path: no retain or release message reaches a class without custom RR.
    let runtime = Runtime()
    let plain = try makeClass("Plain", in: runtime)
    let sends = Recorder<String>()
    let observation = runtime.addEventObserver(includingMessageSends: true) { event in
      if case .messageSent(_, let selector, _, _) = event { sends.append(selector.name) }
    }
    defer { withExtendedLifetime(observation) {} }
    let holder = try new(try makeHolder(in: runtime), in: runtime)
    let object = try new(plain, in: runtime)
    try holder.setValue(.object(object), forIvar: "_thing")
    #expect(object.retainCount == 2)
    try holder.setValue(.nil, forIvar: "_thing")
    #expect(object.retainCount == 1)
    #expect(!sends.all.contains("retain") && !sends.all.contains("release"))
    try runtime.checkInvariants()
  }

  @Test func objectSetIvarOnAStrongIvarCountsAndAWeakIvarDoesNot() throws {
    let runtime = Runtime()
    let holder = try new(try makeHolder(in: runtime), in: runtime)
    let object = try new(runtime.rootClass, in: runtime)
    try holder.setValue(.object(object), forIvar: "_thing")
    #expect(object.retainCount == 2)
    try holder.setValue(.object(object), forIvar: "_delegate")
    #expect(object.retainCount == 2, "a weak ivar does not retain")
    try runtime.msgSend(holder, "setCount:", 5)  // a scalar store touches no count
    #expect(object.retainCount == 2)
    try runtime.checkInvariants()
  }

  @Test func aCopySetterKeepsANewCopyAtOneAndTheRetainedSelfCopyOfAnImmutableObject() throws {
    // objc_setProperty with copy: the copy's +1 is the ivar's, no second retain; an immutable
    // object's copy is itself, retained by its `copyWithZone:` (`[self retain]`).
    let runtime = Runtime()
    let fresh = try makeClass("Fresh", in: runtime) { cls in
      try cls.addMethod("copyWithZone:", types: "@24@0:8^v16") { receiver, _, _ in
        .object(try receiver.isa.createInstance())
      }
    }
    let same = try makeClass("Same", in: runtime) { cls in
      try cls.addMethod("copyWithZone:", types: "@24@0:8^v16") { receiver, _, _ in
        .object(try Runtime.retain(receiver) ?? receiver)
      }
    }
    let holder = try new(try makeHolder(in: runtime), in: runtime)
    let original = try new(fresh, in: runtime)
    try runtime.msgSend(holder, "setLabel:", .object(original))
    let copy = try #require(try runtime.msgSend(holder, "label").objectValue)
    #expect(copy !== original && copy.retainCount == 1 && original.retainCount == 1)
    let watch = try WeakVariable(copy)
    let immutable = try new(same, in: runtime)
    try runtime.msgSend(holder, "setLabel:", .object(immutable))
    #expect(immutable.retainCount == 2)
    #expect(watch.load() == nil, "the replaced copy, owned by the ivar alone, was released to zero")
    try runtime.checkInvariants()
  }

  @Test func deallocOfTheHolderReleasesItsStrongIvars() throws {
    // object_cxxDestruct: the holder's strong ivars are released when it is deallocated, by a
    // release to zero or by Swift.
    let runtime = Runtime()
    let calls = Recorder<String>()
    let custom = try makeCustomRR(in: runtime, calls: calls)
    let holderClass = try makeHolder(in: runtime)
    let object = try new(custom, in: runtime)
    let released = try new(holderClass, in: runtime)
    try runtime.msgSend(released, "setThing:", .object(object))
    do {
      let dropped = try new(holderClass, in: runtime)
      try runtime.msgSend(dropped, "setThing:", .object(object))
    }
    #expect(object.retainCount == 2, "the dropped holder's Swift deinit released its ivar")
    try Runtime.release(released)  // the holder's last ownership: dealloc
    #expect(object.retainCount == 1)
    #expect(calls.all == ["retain", "retain", "release", "release"])
    try runtime.checkInvariants()
  }

  @Test func anObjectHeldOnlyByAnIvarIsDeallocatedWhenTheIvarLetsGo() throws {
    // rr-*.m: [o release] after storing it hands the ownership to the ivar; clearing the ivar
    // deallocates o.
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let thing = try makeClass("Thing", in: runtime) { cls in
      try cls.addMethod("dealloc") { receiver, _, _ in
        deallocs.append("dealloc")
        return try Runtime.msgSendSuper(receiver, definedIn: cls, "dealloc")
      }
    }
    let holder = try new(try makeHolder(in: runtime), in: runtime)
    let object = try new(thing, in: runtime)
    try runtime.msgSend(holder, "setThing:", .object(object))
    try Runtime.release(object)
    #expect(deallocs.all.isEmpty && object.retainCount == 1)
    try runtime.msgSend(holder, "setThing:", .nil)
    #expect(deallocs.all == ["dealloc"])
    try runtime.checkInvariants()
  }

  @Test func objectCopyRetainsTheStrongIvarsAgain() throws {
    // object_copy (fixupCopiedIvars): the copy holds its own retain of each strong ivar.
    let runtime = Runtime()
    let holder = try new(try makeHolder(in: runtime), in: runtime)
    let object = try new(runtime.rootClass, in: runtime)
    try runtime.msgSend(holder, "setThing:", .object(object))
    do {
      let copy = try holder.copy()
      #expect(try copy.value(ofIvar: "_thing").objectValue === object)
      #expect(object.retainCount == 3)
    }
    #expect(object.retainCount == 2)
    try runtime.checkInvariants()
  }

  @Test func aRetainAssociationCountsAPlainObject() throws {
    // objc_setAssociatedObject with a retain policy: objc_retain, so retainCount counts it.
    let runtime = Runtime()
    let owner = try new(runtime.rootClass, in: runtime)
    let value = try new(runtime.rootClass, in: runtime)
    try owner.setAssociatedObject(.object(value), forKey: AssociationKey("v"), policy: .retain)
    #expect(value.retainCount == 2)
    owner.removeAssociatedObjects()
    #expect(value.retainCount == 1 && !value.isDeallocating)
  }
}
