// ObjC4BehaviourRound23ProbeTests.swift: the twenty-third round's probes of objc4 behaviour
// written as a user would (objc-runtime-new.mm and objc-class.mm, from memory): the ivar
// layout class_addIvar builds, class_respondsToSelector's resolver and its cached negative
// answer, a metaclass's protocol list, and _objc_flush_caches.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound23ProbeTests {
  // MARK: - Ivars and instance sizes

  @Test func aSubclassIvarStartsAtTheSuperclassesUnalignedSize() throws {
    // Already matched: class_addIvar places an ivar at the class's unaligned size so far,
    // which for a new subclass is its superclass's unaligned size (9 for a one-char class), not
    // its word-rounded class_getInstanceSize (16).
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime) { try $0.addIvar("_flag", type: .char) }
    let sub = try makeClass("Sub", superclass: base, in: runtime) { try $0.addIvar("_mark", type: .char) }
    #expect(base.ivar(named: "_flag")?.offset == 8)
    #expect(base.instanceSize == 16, "9 bytes, word-rounded")
    #expect(sub.ivar(named: "_mark")?.offset == 9)
    #expect(sub.instanceSize == 16)
    try runtime.checkInvariants()
  }

  @Test func addIvarTakesTheNameOfASuperclassIvarAndLookupsFindTheSubclasses() throws {
    // Already matched: class_addIvar checks only the class's own ivars for the name ("fixme
    // check for superclass ivar too?"), so a subclass may shadow Person's _age; both exist, and
    // class_getInstanceVariable, which walks up from the class, finds the subclass's first.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try runtime.allocateClassPair(superclass: person, name: "Student")
    #expect(try student.addIvar("_age", type: .int))
    try runtime.registerClassPair(student)
    let own = try #require(student.ivar(named: "_age"))
    #expect(own.className == "Student" && own.type == .int)
    #expect(own.offset == person.instanceSize)
    #expect(person.ivar(named: "_age")?.className == "Person")
    let stu = try new(student, in: runtime)
    try stu.setValue(7, for: own)
    #expect(try stu.value(for: own) == .int32(7))
    #expect(try stu.value(for: #require(person.ivar(named: "_age"))) == .int64(0))
    try runtime.checkInvariants()
  }

  // MARK: - class_respondsToSelector and the resolver

  @Test func respondsToSelectorAsksTheResolverOnceThenAnswersFromTheNegativeCacheEntry() throws {
    // objc4: class_respondsToSelector → lookUpImpOrNilTryCache with the resolver. On the first
    // miss +resolveInstanceMethod: is sent (the send runs +initialize), and the look-up
    // resolveInstanceMethod makes after it caches the miss ("so the resolver doesn't fire next
    // time"), the class being initialized by then. The second question reads that entry.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      calls.append("initialize")
      return .nil
    }
    try person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { _, _, arguments in
      calls.append("resolve \(arguments[0].selectorValue?.name ?? "")")
      return false
    }
    #expect(!person.instancesRespond(to: "fly"))
    #expect(!person.instancesRespond(to: "fly"))
    #expect(calls.all == ["initialize", "resolve fly"])
    try runtime.checkInvariants()
  }

  // MARK: - Protocols of a metaclass

  @Test func addProtocolOnAMetaclassAdoptsItThereAndNotInTheClass() throws {
    // Already matched: class_addProtocol adds to the list of the class it is given ("fixme
    // metaclass?"), a metaclass included; class_conformsToProtocol and class_copyProtocolList
    // read that class's own list only, so the class itself still conforms to nothing.
    let runtime = Runtime()
    let named = try runtime.allocateProtocol(named: "Named")
    try runtime.registerProtocol(named)
    let person = try makePerson(in: runtime)
    #expect(try person.isa.addProtocol(named))
    #expect(person.isa.protocols.map(\.name) == ["Named"] && person.isa.conforms(to: named))
    #expect(person.protocols.isEmpty && !person.conforms(to: named))
    #expect(try runtime.msgSend(person, "conformsToProtocol:", .object(named)) == false, "+conformsToProtocol: asks Person")
    try runtime.checkInvariants()
  }

  // MARK: - _objc_flush_caches

  @Test func flushingAClassesCachesEmptiesItsMetaclassesToo() throws {
    // objc4's _objc_flush_caches(cls) flushes cls and its subclasses, then, for a class that is
    // neither a metaclass nor a root class, cls->ISA() and its subclasses: class methods cached
    // by [Person new] and [Student new] go too.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    _ = try new(person, in: runtime)
    _ = try new(student, in: runtime)
    let flushed = Recorder<String>()
    let observation = runtime.addEventObserver { event in
      if case .cacheFlushed(let name, let isMetaclass) = event { flushed.append(isMetaclass ? "+\(name)" : name) }
    }
    runtime.flushCaches(person)
    observation.cancel()
    #expect(Set(flushed.all) == ["Person", "Student", "+Person", "+Student"])
    try runtime.checkInvariants()
  }

  @Test func flushingTheRootClassEmptiesTheRootMetaclassOnce() throws {
    // objc4: for a root class the second flush is skipped, its metaclass being a subclass of
    // it, so the first flush already covered it (and every metaclass, all under the root
    // metaclass): each cache is emptied once.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    _ = try new(person, in: runtime)
    _ = try runtime.msgSend(runtime.rootClass, "class")
    let flushed = Recorder<String>()
    let observation = runtime.addEventObserver { event in
      if case .cacheFlushed(let name, let isMetaclass) = event { flushed.append(isMetaclass ? "+\(name)" : name) }
    }
    runtime.flushCaches(runtime.rootClass)
    observation.cancel()
    #expect(flushed.all.contains("+NSObject") && flushed.all.contains("+Person") && flushed.all.contains("Person"))
    #expect(flushed.all.count == Set(flushed.all).count, "each cache once")
    try runtime.checkInvariants()
  }
}
