// ObjC4BehaviourRound24ProbeTests.swift: the twenty-fourth round's probes of objc4 behaviour
// written as a user would (objc-runtime-new.mm, objc-initialize.mm and objc-references.mm, from
// memory of 818), all already matched: which class a message to a metaclass object initializes,
// what class_getMethodImplementation initializes when given a metaclass, a forwarded class
// message after a root instance method is added, what an associated value's -dealloc sees of its
// owner's other associations (and the order MiniRuntime releases them in), method_setImplementation
// on a method a category shadows, and a protocol that grows after a class adopted it.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound24ProbeTests {
  // MARK: - +initialize

  @Test func aMessageToAMetaclassObjectInitializesTheRootClassButNotTheClass() throws {
    // objc4: the receiver's isa is the root metaclass, so lookUpImpOrForward asks whether the
    // root metaclass is initialized; initializing it means initializing the class that has it
    // as isa, found by getMaybeUnrealizedNonMetaClass's root-metaclass case: NSObject. Person
    // is not involved: its metaclass is only the receiver.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try recordInitialize(person, into: calls)
    let answer = try runtime.msgSend(person.isa, "class")
    #expect(answer.objectValue === person.isa, "-[NSObject class] of the metaclass object")
    #expect(runtime.rootClass.isInitialized)
    #expect(!person.isInitialized && calls.all.isEmpty)
    _ = try runtime.msgSend(person, "class")
    #expect(person.isInitialized && calls.all == ["+[Person initialize]"])
    try runtime.checkInvariants()
  }

  @Test func methodImplementationOfAMetaclassInitializesItsClassAndAnswersTheForwardingImplementation() throws {
    // objc4: class_getMethodImplementation(metacls, sel) looks up with LOOKUP_INITIALIZE and no
    // instance, so getMaybeUnrealizedNonMetaClass finds the class by the metaclass's name:
    // Person is initialized; nothing answers +fly, so the answer is _objc_msgForward.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try recordInitialize(person, into: calls)
    let imp = try person.isa.methodImplementation(for: "fly")
    #expect(imp === Implementation.forwarding)
    #expect(calls.all == ["+[Person initialize]"])
    #expect(!person.isa.instancesRespond(to: "fly"))
    try runtime.checkInvariants()
  }

  @Test func anInstanceMethodAddedToTheRootClassReachesAClassMessageThatWasForwarded() throws {
    // objc4: a miss caches _objc_msgForward_impcache in the metaclass's cache; class_addMethod
    // on the root class flushes it and every subclass, the metaclasses included (the root
    // metaclass is one), so the next +greet finds the new root instance method.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(throws: (any Error).self) { try runtime.msgSend(person, "greet") }
    #expect(try person.isa.methodImplementation(for: "greet") === Implementation.forwarding)
    try addReturning(runtime.rootClass, "greet", "hello")
    #expect(try runtime.msgSend(person, "greet") == "hello")
    try runtime.checkInvariants()
  }

  // MARK: - Associations seen from a released value

  /// A class `Tag` whose `-dealloc` records its name and what `owner` then holds under `keys`.
  private func makeTagClass(
    in runtime: Runtime, owner: @escaping @Sendable () -> Object?, keys: [AssociationKey], seen: Recorder<String>
  ) throws -> (cls: Class, nameKey: AssociationKey) {
    let nameKey = AssociationKey("tagName")
    let cls = try makeClass("Tag", in: runtime) { cls in
      try cls.addMethod("dealloc", types: "v16@0:8") { [root = runtime.rootClass] receiver, _cmd, _ in
        let name = receiver.associatedObject(forKey: nameKey).stringValue ?? "?"
        let held = keys.map { key in owner()?.associatedObject(forKey: key).objectValue == nil ? "-" : "+" }
        seen.append("\(name) \(held.joined())")
        return try Runtime.msgSendSuper(receiver, superclass: root, _cmd)
      }
    }
    return (cls, nameKey)
  }

  @Test func removeAssociatedObjectsTakesEveryEntryOutBeforeReleasingAny() throws {
    // objc4: _object_remove_assocations swaps the owner's whole map out of the table under the
    // lock, then releases the values: the first value's -dealloc already finds none of the
    // owner's associations, the other value included.
    let runtime = Runtime()
    let owner = try new(try makePerson(in: runtime), in: runtime)
    let keys = [AssociationKey("a"), AssociationKey("b")]
    let seen = Recorder<String>()
    let tag = try makeTagClass(in: runtime, owner: { [weak owner] in owner }, keys: keys, seen: seen)
    for (key, name) in zip(keys, ["a", "b"]) {
      let value = try new(tag.cls, in: runtime)
      try value.setAssociatedObject(.string(name), forKey: tag.nameKey, policy: .retainNonatomic)
      try owner.setAssociatedObject(.object(value), forKey: key, policy: .retainNonatomic)
      try Runtime.release(value)
    }
    owner.removeAssociatedObjects()
    #expect(seen.all == ["a --", "b --"], "MiniRuntime's order: the order first set")
    #expect(owner.associationKeys.isEmpty)
    try runtime.checkInvariants()
  }

  @Test func aReplacedValueIsReleasedAfterTheNewOneIsInPlace() throws {
    // objc4: _object_set_associative_reference retains (or copies) the new value first, swaps
    // it in under the lock and releases the old one after unlocking: the old value's -dealloc
    // reads the new value under the key.
    let runtime = Runtime()
    let owner = try new(try makePerson(in: runtime), in: runtime)
    let key = AssociationKey("tag")
    let seen = Recorder<String>()
    let tag = try makeTagClass(in: runtime, owner: { [weak owner] in owner }, keys: [key], seen: seen)
    for name in ["old", "new"] {
      let value = try new(tag.cls, in: runtime)
      try value.setAssociatedObject(.string(name), forKey: tag.nameKey, policy: .retainNonatomic)
      try owner.setAssociatedObject(.object(value), forKey: key, policy: .retain)
      try Runtime.release(value)
    }
    #expect(seen.all == ["old +"])
    try runtime.checkInvariants()
  }

  @Test func theOwnersDeallocReleasesEveryAssociationOnceWithTheOwnersEntryGone() throws {
    // objc4: objc_destructInstance's removal takes the entry out first, then releases each
    // value once (in the map's order, which hashes the keys' addresses: no order a program can
    // rely on; MiniRuntime's is documented in runtime.md).
    let runtime = Runtime()
    let keys = [AssociationKey("a"), AssociationKey("b"), AssociationKey("c")]
    let seen = Recorder<String>()
    let ownerBox = Locked<Object?>(nil)
    let tag = try makeTagClass(in: runtime, owner: { ownerBox.withLock { $0 } }, keys: keys, seen: seen)
    let owner = try new(try makePerson(in: runtime), in: runtime)
    ownerBox.withLock { $0 = owner }
    for (key, name) in zip(keys, ["a", "b", "c"]) {
      let value = try new(tag.cls, in: runtime)
      try value.setAssociatedObject(.string(name), forKey: tag.nameKey, policy: .retainNonatomic)
      try owner.setAssociatedObject(.object(value), forKey: key, policy: .retainNonatomic)
      try Runtime.release(value)
    }
    ownerBox.withLock { $0 = nil }
    try Runtime.release(owner)
    #expect(seen.all == ["a ---", "b ---", "c ---"], "MiniRuntime's order: the order first set")
    try runtime.checkInvariants()
  }

  // MARK: - A method a category shadows

  @Test func setImplementationOfAMethodACategoryShadowsChangesNoSend() throws {
    // objc4: a category's method goes in front of the class's in the method list, and a Method
    // is the entry itself: method_setImplementation on the class's own entry, fetched before
    // the category came, changes that entry (and flushes the caches) while sends still find the
    // category's; class_copyMethodList shows both.
    let runtime = Runtime()
    var classes = Image(named: "Classes")
    classes.addClass("Greeter", superclass: "NSObject") { cls in
      try addReturning(cls, "greet", "class")
    }
    try runtime.loadImage(classes)
    let greeter = try #require(runtime.lookUpClass(named: "Greeter"))
    let original = try #require(try greeter.instanceMethod(for: "greet"))
    var extra = Image(named: "Extra")
    var category = try Category(named: "Loud", on: "Greeter")
    try category.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in .string("category") }
    extra.addCategory(category)
    try runtime.loadImage(extra)
    let object = try new(greeter, in: runtime)
    #expect(try runtime.msgSend(object, "greet") == "category")
    let previous = try original.setImplementation(returning("replaced"))
    #expect(previous.name == "class")
    #expect(try runtime.msgSend(object, "greet") == "category")
    let greets = greeter.methodList.filter { $0.selector == "greet" }
    #expect(greets.map(\.implementation.name) == ["-[Greeter(Loud) greet]", "replaced"])
    try runtime.checkInvariants()
  }

  // MARK: - Protocols

  @Test func aClassAdoptingAProtocolUnderConstructionConformsToWhatItIncorporatesLater() throws {
    // objc4: class_addProtocol stores the protocol itself (no check that it is registered), and
    // class_conformsToProtocol asks protocol_conformsToProtocol at each call, which reads the
    // incorporated list as it is then.
    let runtime = Runtime()
    let identified = try runtime.allocateProtocol(named: "Identified")
    try runtime.registerProtocol(identified)
    let named = try runtime.allocateProtocol(named: "Named")
    let person = try makePerson(in: runtime)
    #expect(try person.addProtocol(named))
    #expect(!person.conforms(to: identified))
    try named.addProtocol(identified)
    try runtime.registerProtocol(named)
    #expect(person.conforms(to: identified) && person.conforms(to: named))
    #expect(try runtime.msgSend(try new(person, in: runtime), "conformsToProtocol:", .object(identified)) == true)
    #expect(try person.addProtocol(identified) == false, "already conforms through Named")
    try runtime.checkInvariants()
  }
}
