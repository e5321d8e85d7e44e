// ObjC4BehaviourRound15ProbeTests.swift: more cases from objc4's tests and sources that no round
// covered yet: method_setImplementation's cache flush across subclasses and the metaclass side,
// class_addIvar once registered, objc_destructInstance's order (ivars, then associations),
// objc_getProtocol of a protocol under construction, and class_copyProtocolList of a metaclass.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound15ProbeTests {
  @Test func setImplementationReachesEverySubclassThatCachedTheOldOneButNotAnOverride() throws {
    // objc-runtime-new.mm method_setImplementation flushes the caches of the method's class and
    // its subclasses (flushCaches): a subclass and a grandchild that sent the message and cached
    // the old IMP run the new one at the next send; a subclass that overrides keeps its own.
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime) { cls in
      try addReturning(cls, "greet", "old")
      try addReturning(cls.isa, "make", "old class")
    }
    let child = try makeSubclass(of: base, named: "Child", in: runtime)
    let grandchild = try makeSubclass(of: child, named: "Grandchild", in: runtime)
    let other = try makeSubclass(of: base, named: "Other", in: runtime)
    try addReturning(other, "greet", "own")
    let receivers = [try new(base, in: runtime), try new(child, in: runtime), try new(grandchild, in: runtime)]
    let own = try new(other, in: runtime)
    for receiver in receivers { #expect(try runtime.msgSend(receiver, "greet") == "old") }
    #expect(try runtime.msgSend(grandchild, "make") == "old class")
    let method = try #require(base.instanceMethodWithoutResolver(for: "greet"))
    try method.setImplementation(returning("new"))
    for receiver in receivers { #expect(try runtime.msgSend(receiver, "greet") == "new") }
    #expect(try runtime.msgSend(own, "greet") == "own")
    let classMethod = try #require(try base.classMethod(for: "make"))
    try classMethod.setImplementation(returning("new class"))
    #expect(try runtime.msgSend(grandchild, "make") == "new class")
    try runtime.checkInvariants()
  }

  @Test func addIvarAnswersNoOnceRegisteredAndOnAMetaclass() throws {
    // objc-runtime-new.mm class_addIvar: NO for a class that is not under construction and for
    // a metaclass ("Can only add ivars to in-construction classes"); the layout is unchanged.
    let runtime = Runtime()
    let pending = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Pending")
    #expect(try pending.isa.addIvar("_meta", type: .int) == false)
    #expect(try pending.addIvar("_count", type: .int) == true)
    try runtime.registerClassPair(pending)
    let size = pending.instanceSize
    #expect(try pending.addIvar("_late", type: .int) == false)
    #expect(pending.instanceSize == size && pending.ivarList.map(\.name) == ["_count"])
    try runtime.checkInvariants()
  }

  @Test func ivarsAreReleasedBeforeAssociatedObjects() throws {
    // objc-runtime-new.mm objc_destructInstance: "This order is important": object_cxxDestruct
    // (the ivars' objects) first, then _object_remove_assocations.
    let runtime = Runtime()
    let log = Recorder<String>()
    let tag = try makeClass("Tag", in: runtime) { cls in
      try cls.synthesizeProperty("label", type: .object(className: "NSString"), options: [.copy])
      try cls.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
        log.append("\(try Runtime.msgSend(receiver, "label").stringValue ?? "?") released")
        return try Runtime.msgSendSuper(receiver, definedIn: receiver.isa, "dealloc")
      }
    }
    let owner = try makeClass("Owner", in: runtime) { cls in
      try cls.synthesizeProperty("held", type: .object(className: nil))
    }
    do {
      let object = try new(owner, in: runtime)
      let (byIvar, byAssociation) = (try new(tag, in: runtime), try new(tag, in: runtime))
      try runtime.msgSend(byIvar, "setLabel:", .string("ivar"))
      try runtime.msgSend(byAssociation, "setLabel:", .string("association"))
      try object.setAssociatedObject(.object(byAssociation), forKey: AssociationKey("tag"), policy: .retain)
      try runtime.msgSend(object, "setHeld:", .object(byIvar))
    }
    #expect(log.all == ["ivar released", "association released"])
  }

  @Test func getProtocolAnswersNilForAProtocolUnderConstruction() throws {
    // objc-runtime-new.mm objc_getProtocol reads the table objc_registerProtocol fills.
    let runtime = Runtime()
    let named = try runtime.allocateProtocol(named: "Named")
    #expect(runtime.protocol(named: "Named") == nil)
    #expect(!runtime.protocols.contains { $0 === named })
    try runtime.registerProtocol(named)
    #expect(runtime.protocol(named: "Named") === named)
  }

  @Test func aProtocolUnderConstructionReservesNoNameAndTheLastRegisteredIsFound() throws {
    // objc-runtime-new.mm objc_allocateProtocol answers nil only when getProtocol finds the name
    // ("fixme reserve name without installing"); objc_registerProtocol inserts into the protocol
    // table, replacing a protocol of that name registered before.
    let runtime = Runtime()
    let first = try runtime.allocateProtocol(named: "Drafting")
    let second = try runtime.allocateProtocol(named: "Drafting")
    #expect(first !== second && runtime.protocol(named: "Drafting") == nil)
    try runtime.registerProtocol(first)
    #expect(runtime.protocol(named: "Drafting") === first)
    expectError(.duplicateName) { _ = try runtime.allocateProtocol(named: "Drafting") }
    try runtime.registerProtocol(second)
    #expect(runtime.protocol(named: "Drafting") === second)
    #expect(runtime.protocols.filter { $0.name == "Drafting" }.count == 1)
    #expect(runtime.protocols.contains { $0 === second })
    try runtime.checkInvariants()
  }

  @Test func setIvarWithStrongDefaultRetainsAnIvarOfUnknownManagementAndStoresAWeakOneWeakly() throws {
    // objc-class.mm object_setIvarWithStrongDefault: an ivar no layout marks (every ivar
    // class_addIvar adds to an objc_allocateClassPair class) is strong, so the store retains; an
    // ivar the weak layout covers is stored as objc_storeWeak stores it.
    let runtime = Runtime()
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.addIvar("_plain", type: .object(className: nil))
      try cls.synthesizeProperty("weakly", type: .object(className: nil), options: [.weak])
    }
    let box = try new(holder, in: runtime)
    let ann = try new(runtime.rootClass, in: runtime)
    try box.setValue(.object(ann), for: try #require(holder.ivar(named: "_plain")))
    #expect(ann.retainCount == 2)
    try box.setValue(.object(ann), for: try #require(holder.ivar(named: "_weakly")))
    #expect(ann.retainCount == 2, "the weak store retains nothing")
    try box.setValue(.nil, for: try #require(holder.ivar(named: "_plain")))
    try Runtime.autoreleasepool {
      let weakly = try box.value(ofIvar: "_weakly")
      #expect(ann.retainCount == 2 && weakly == .object(ann), "objc_loadWeak's +1, autoreleased")
    }
    #expect(ann.retainCount == 1)
  }

  @Test func copyProtocolListOfAMetaclassIsEmptyForAProtocolAddedAtRunTime() throws {
    // class_addProtocol adds to the class's own list only; class_copyProtocolList of the
    // metaclass reads the metaclass's list, which stays empty (class_conformsToProtocol too).
    let runtime = Runtime()
    let named = try runtime.allocateProtocol(named: "Named")
    try runtime.registerProtocol(named)
    let person = try makePerson(in: runtime)
    #expect(try person.addProtocol(named))
    #expect(person.protocols.map(\.name) == ["Named"] && person.conforms(to: named))
    #expect(person.isa.protocols.isEmpty && !person.isa.conforms(to: named))
    #expect(try runtime.msgSend(person, "conformsToProtocol:", .object(named)) == true, "+conformsToProtocol: asks the class")
  }
}
