// ObjC4BehaviourRound6Tests.swift: the sixth round of behaviours from objc4's own tests
// (customrr.m, nsobject.m, rr-autorelease.m, weak.m), pinned where no earlier round did. Each
// test names the objc4 test it follows; the answers are objc4's.

import Testing

@testable import MiniRuntime

/// A class overriding the retain-count messages, counting each (customrr.m's `TestRoot`-style
/// overrides that call super).
private struct CustomRR {
  let runtime = Runtime()
  let cls: Class
  let calls = Recorder<String>()

  init(overriding selectors: [Selector] = ["retain", "release", "autorelease", "retainCount"]) throws {
    let cls = try makePerson(in: runtime, name: "CustomRR")
    let calls = calls
    for selector in selectors {
      let types = try #require(try runtime.rootClass.instanceMethod(for: selector)).typeEncoding
      try cls.addMethod(selector, types: types) { receiver, cmd, _ in
        calls.append(cmd.name)
        return try Runtime.msgSendSuper(receiver, definedIn: cls, cmd)
      }
    }
    self.cls = cls
  }
}

@Suite struct ObjC4BehaviourRound6RetainReleaseTests {
  @Test func retainEntryPointsSendTheOverridesOfACustomClass() throws {
    // customrr.m: objc_retain, objc_release, objc_autorelease and objc_retainAutorelease reach a
    // class's own retain, release and autorelease.
    let world = try CustomRR()
    let object = try new(world.cls, in: world.runtime)
    #expect(try Runtime.retain(object) === object)
    #expect(object.retainCount == 2)
    try Runtime.release(object)
    let answers = try Runtime.autoreleasepool {
      [try Runtime.retainAutorelease(object), try Runtime.autorelease(try Runtime.retain(object))]
    }
    #expect(answers.allSatisfy { $0 === object })
    #expect(world.calls.all == ["retain", "release", "retain", "autorelease", "retain", "autorelease", "release", "release"])
    #expect(object.retainCount == 1)
  }

  @Test func retainEntryPointsIgnoreNil() throws {
    // objc_retain(nil), objc_release(nil), objc_autorelease(nil): nil, nothing happens.
    #expect(try Runtime.retain(nil) == nil)
    try Runtime.release(nil)
    #expect(try Runtime.autorelease(nil) == nil)
    #expect(try Runtime.retainAutorelease(nil) == nil)
  }

  @Test func aRetainOverrideAddedLaterIsSentAfterCachedSends() throws {
    // customrr.m, the category case: a class gaining retain-release methods after it was used.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let object = try new(person, in: runtime)
    try Runtime.release(try Runtime.retain(object))  // caches NSObject's
    let calls = Recorder<String>()
    try person.addMethod("retain", types: "@16@0:8") { receiver, cmd, _ in
      calls.append(cmd.name)
      return try Runtime.msgSendSuper(receiver, definedIn: person, cmd)
    }
    try Runtime.retain(object)
    #expect(calls.all == ["retain"] && object.retainCount == 2)
    try Runtime.release(object)
  }

  @Test func aClassMessageEntryPointReachesTheMetaclassOverride() throws {
    // customrr.m: objc_retain of a class object sends +retain, which answers the class.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("retain", types: "@16@0:8") { receiver, cmd, _ in
      calls.append("+\(cmd.name)")
      return try Runtime.msgSendSuper(receiver, definedIn: person.isa, cmd)
    }
    #expect(try Runtime.retain(person) === person)
    #expect(calls.all == ["+retain"])
    #expect(try runtime.msgSend(person, "retainCount") == .uint64(UInt64.max))
  }

  @Test func retainCountOverrideIsWhatTheMessageAnswers() throws {
    // customrr.m: -retainCount is an ordinary message; an override answers for the object.
    let world = try CustomRR(overriding: [])
    try world.cls.addMethod("retainCount", types: "Q16@0:8") { _, _, _ in .uint64(42) }
    let object = try new(world.cls, in: world.runtime)
    #expect(try world.runtime.msgSend(object, "retainCount") == .uint64(42))
    #expect(object.retainCount == 1, "the runtime's own count is unchanged")
  }

  @Test func poppingAnInnerPoolLeavesTheOuterPoolsObjects() throws {
    // rr-autorelease.m: an inner pool's pop releases only what was autoreleased inside it.
    let world = try CustomRR(overriding: ["release"])
    let outer = try new(world.cls, in: world.runtime)
    let inner = try new(world.cls, in: world.runtime)
    try Runtime.retain(outer)
    try Runtime.retain(inner)
    let outerPool = Runtime.autoreleasePoolPush()
    try Runtime.autorelease(outer)
    let innerPool = Runtime.autoreleasePoolPush()
    try Runtime.autorelease(inner)
    try Runtime.autoreleasePoolPop(innerPool)
    #expect(world.calls.count == 1 && inner.retainCount == 1 && outer.retainCount == 2)
    try Runtime.autoreleasePoolPop(outerPool)
    #expect(world.calls.count == 2 && outer.retainCount == 1)
  }

  @Test func aPoolReleasesThousandsOfObjectsAcrossWhatObjc4KeepsInSeveralPages() throws {
    // rr-autorelease.m pushes enough objects to fill several 4 KiB pool pages.
    let world = try CustomRR(overriding: ["release"])
    let object = try new(world.cls, in: world.runtime)
    let count = 5_000
    for _ in 0..<count { try Runtime.retain(object) }
    try Runtime.autoreleasepool {
      for _ in 0..<count { try Runtime.autorelease(object) }
      #expect(Runtime.autoreleasedObjects.count >= count)
    }
    #expect(world.calls.count == count && object.retainCount == 1)
  }
}

@Suite struct ObjC4BehaviourRound6WeakTests {
  @Test func nsobjectAllowsWeakReferencesAndRetainWeakReferenceRetains() throws {
    // nsobject.m: -allowsWeakReference YES, -retainWeakReference YES (and retains); the class
    // side answers YES to both.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "allowsWeakReference") == true)
    #expect(try runtime.msgSend(ann, "retainWeakReference") == true)
    #expect(ann.retainCount == 2)
    try Runtime.release(ann)
    #expect(try runtime.msgSend(person, "allowsWeakReference") == true)
    #expect(try runtime.msgSend(person, "retainWeakReference") == true)
  }

  @Test func aClassRefusingWeakReferencesCannotBeStoredWeakly() throws {
    // weak.m / customrr.m: storeWeak asks a class with custom retain-release
    // allowsWeakReference; NO is objc4's fatal "Cannot form weak reference" (thrown here).
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("allowsWeakReference", types: "B16@0:8") { _, _, _ in false }
    let ann = try new(person, in: runtime)
    let variable = WeakVariable()
    let error = expectError(.deallocatingObject) { try variable.store(ann) }
    #expect(error?.message.hasPrefix("Cannot form weak reference to instance") == true)
    #expect(variable.load() == nil)
  }

  @Test func loadWeakRetainedAsksAnOverriddenRetainWeakReference() throws {
    // weak.m: objc_loadWeakRetained sends retainWeakReference to a class that overrides it; a
    // NO reads nil.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let refuse = Box(false)
    try person.addMethod("retainWeakReference", types: "B16@0:8") { receiver, cmd, _ in
      if refuse.update({ $0 }) { return false }
      return try Runtime.msgSendSuper(receiver, definedIn: person, cmd)
    }
    let ann = try new(person, in: runtime)
    let variable = try WeakVariable(ann)
    #expect(variable.loadRetained() === ann && ann.retainCount == 2)
    try Runtime.release(ann)
    refuse.update { $0 = true }
    #expect(variable.loadRetained() == nil)
    #expect(variable.load() == nil, "objc_loadWeak asks too (ObjC4BehaviourRound15WeakTests)")
  }
}

@Suite struct ObjC4BehaviourRound6AssociationTests {
  @Test func aRetainPolicySendsRetainToACustomClassAndReleaseWhenTheAssociationGoes() throws {
    // association.m / customrr.m: objc_setAssociatedObject(RETAIN) is objc_retain, which a class
    // with custom retain-release is sent; replacing, removing or the owner's dealloc send release.
    let world = try CustomRR(overriding: ["retain", "release"])
    let key = AssociationKey("value")
    let value = try new(world.cls, in: world.runtime)
    let owner = try new(world.runtime.rootClass, in: world.runtime)
    try owner.setAssociatedObject(.object(value), forKey: key, policy: .retain)
    #expect(world.calls.all == ["retain"] && value.retainCount == 2)
    try owner.setAssociatedObject(nil, forKey: key, policy: .retain)
    #expect(world.calls.all == ["retain", "release"] && value.retainCount == 1)
    do {
      let holder = try new(world.runtime.rootClass, in: world.runtime)
      try holder.setAssociatedObject(.object(value), forKey: key, policy: .retainNonatomic)
      try holder.setAssociatedObject(.object(value), forKey: AssociationKey("again"), policy: .retain)
    }  // the holder is freed: its associations are released after its dealloc
    #expect(world.calls.all == ["retain", "release", "retain", "retain", "release", "release"])
    #expect(value.retainCount == 1 && !value.isDeallocating)
  }

  @Test func aCopyPolicyCopyOfACustomClassIsReleasedWhenTheAssociationGoes() throws {
    // association.m: the copy policy sends -copy (the copy is +1) and objc_release when the
    // association goes: the copy, owned only by the association, is deallocated then.
    let world = try CustomRR(overriding: ["release"])
    let cls = world.cls
    try cls.addMethod("copyWithZone:", types: "@24@0:8^{_NSZone=}16") { receiver, _, _ in
      try Runtime.msgSend(cls, "new")  // a new +1 object
    }
    let owner = try new(world.runtime.rootClass, in: world.runtime)
    let key = AssociationKey("copy")
    try owner.setAssociatedObject(.object(try new(cls, in: world.runtime)), forKey: key, policy: .copy)
    // The atomic copy policy's getter retains and autoreleases (objc-references.mm's
    // GETTER_RETAIN | GETTER_AUTORELEASE): its +1 goes back, through the override, when the pool pops.
    let copy = try Runtime.autoreleasepool { try #require(owner.associatedObject(forKey: key).objectValue) }
    let watch = try WeakVariable(copy)
    #expect(world.calls.all == ["release"], "the getter's +1, given back by the pool")
    owner.removeAssociatedObjects()
    #expect(world.calls.all == ["release", "release"])
    #expect(try Runtime.autoreleasepool { watch.load() } == nil, "the copy was released to zero")
  }

  @Test func aClassWithoutCustomRetainReleaseIsCountedWithoutAMessage() throws {
    // objc4 retains a plain NSObject subclass directly: no message, but its count counts it.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let sends = Recorder<String>()
    let observation = runtime.addEventObserver(includingMessageSends: true) { event in
      if case .messageSent(_, let selector, _, _) = event { sends.append(selector.name) }
    }
    let value = try new(person, in: runtime)
    let owner = try new(person, in: runtime)
    try owner.setAssociatedObject(.object(value), forKey: AssociationKey("v"), policy: .retain)
    #expect(value.retainCount == 2)
    #expect(!person.hasCustomRetainRelease)
    owner.removeAssociatedObjects()
    #expect(value.retainCount == 1 && !value.isDeallocating)
    observation.cancel()
    #expect(!sends.all.contains("retain") && !sends.all.contains("release"), "no message was sent")
  }
}
