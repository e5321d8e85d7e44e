// ObjC4BehaviourRound19ProbeTests.swift: the nineteenth round's probes of objc4's runtime test
// suite (runtime/test/*.m) for files no earlier round cited: addProtocol.m, exchangeImp.m,
// getMethod.m, resolve.m's class-method corner, and synchronized.m with many and out-of-order
// locks (objc4's per-thread lock cache, syncIndexing). Each assertion is that test's answer (or
// the objc4 source it exercises), restated for MiniRuntime's API.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound19ProbeTests {
  /// A registered protocol `name`, incorporating `incorporated`.
  private func protocolNamed(_ name: String, incorporating incorporated: [Protocol] = [], in runtime: Runtime) throws -> Protocol {
    let proto = try runtime.allocateProtocol(named: name)
    for other in incorporated { try proto.addProtocol(other) }
    try runtime.registerProtocol(proto)
    return proto
  }

  @Test func addProtocolIsTheClasssOwnAndReachesSubclassesOnlyThroughConformsToProtocol() throws {
    // addProtocol.m / objc-runtime-new.mm: class_addProtocol answers NO when
    // class_conformsToProtocol already says YES (an incorporated protocol counts);
    // class_conformsToProtocol reads the class's own list, while -conformsToProtocol: walks the
    // superclasses.
    let runtime = Runtime()
    let p1 = try protocolNamed("P1", in: runtime)
    let p2 = try protocolNamed("P2", in: runtime)
    let p3 = try protocolNamed("P3", incorporating: [p2], in: runtime)
    let base = try makeClass("Super", in: runtime) { cls in try cls.addProtocol(p1) }
    let sub = try makeSubclass(of: base, named: "Sub", in: runtime)
    #expect(base.conforms(to: p1) && !base.conforms(to: p3))
    #expect(try base.addProtocol(p3), "a new protocol is added")
    #expect(try !base.addProtocol(p2), "P2 comes with P3 already")
    #expect(try !base.addProtocol(p1), "already adopted")
    #expect(base.protocols.map(\.name) == ["P3", "P1"], "the newest first")
    #expect(!sub.conforms(to: p1) && !sub.conforms(to: p2), "class_conformsToProtocol: the subclass's own list is empty")
    #expect(try runtime.msgSend(sub, "conformsToProtocol:", .object(p2)) == .bool(true), "+conformsToProtocol: walks up")
    let instance = try new(sub, in: runtime)
    #expect(try runtime.msgSend(instance, "conformsToProtocol:", .object(p1)) == .bool(true))
    #expect(try sub.addProtocol(p2), "the subclass's own list did not have it")
    #expect(sub.protocols.map(\.name) == ["P2"])
    try runtime.checkInvariants()
  }

  @Test func exchangingASuperclassMethodWithASubclassMethodIsSeenByEveryWarmCache() throws {
    // exchangeImp.m / objc-runtime-new.mm: method_exchangeImplementations swaps the two IMPs and
    // flushes the caches that could hold either, so warm sends from both classes see the swap;
    // exchanging a method with itself changes nothing.
    let runtime = Runtime()
    let base = try makeClass("Super", in: runtime) { cls in
      try addReturning(cls, "one", "Super.one")
      try addReturning(cls, "two", "Super.two")
    }
    let sub = try makeClass("Sub", superclass: base, in: runtime) { cls in try addReturning(cls, "two", "Sub.two") }
    let superInstance = try new(base, in: runtime)
    let subInstance = try new(sub, in: runtime)
    func answers() throws -> [String] {
      try [(superInstance, "one"), (superInstance, "two"), (subInstance, "one"), (subInstance, "two")].map { receiver, name in
        try runtime.msgSend(receiver, Selector(interning: name)).stringValue ?? "?"
      }
    }
    #expect(try answers() == ["Super.one", "Super.two", "Super.one", "Sub.two"])  // the caches are warm now
    let one = try #require(try base.instanceMethod(for: "one"))
    try one.exchangeImplementation(with: one)
    #expect(try answers() == ["Super.one", "Super.two", "Super.one", "Sub.two"], "a method exchanged with itself")
    let subTwo = try #require(sub.methodList.first { $0.selector == "two" })
    try one.exchangeImplementation(with: subTwo)
    #expect(try answers() == ["Sub.two", "Super.two", "Sub.two", "Super.one"])
    try one.exchangeImplementation(with: subTwo)
    #expect(try answers() == ["Super.one", "Super.two", "Super.one", "Sub.two"], "exchanging again restores both")
    try runtime.checkInvariants()
  }

  @Test func classGetClassMethodOfAMetaclassAndRootInstanceMethodsAsClassMethods() throws {
    // getMethod.m / objc-runtime-new.mm: class_getClassMethod(cls, sel) is
    // class_getInstanceMethod(cls->getMeta(), sel), and getMeta of a metaclass is itself; the
    // root metaclass's superclass is the root class, so NSObject's instance methods are class
    // methods of every class.
    let runtime = Runtime()
    let person = try makeClass("Person", in: runtime) { cls in try addReturning(cls.isa, "make", "+make") }
    try addReturning(runtime.rootClass, "rootThing", "-[NSObject rootThing]")
    let make = try #require(try person.classMethod(for: "make"))
    #expect(try person.isa.classMethod(for: "make") === make, "the metaclass given: getMeta is itself")
    #expect(try person.isa.instanceMethod(for: "make") === make)
    #expect(try person.instanceMethod(for: "make") == nil, "not an instance method")
    let rootThing = try #require(try person.classMethod(for: "rootThing"))
    #expect(rootThing === (try runtime.rootClass.instanceMethod(for: "rootThing")), "found through the root metaclass")
    #expect(try runtime.msgSend(person, "rootThing").stringValue == "-[NSObject rootThing]")
    #expect(try person.classMethod(for: .null) == nil)
    try runtime.checkInvariants()
  }

  @Test func aClassMethodMissAsksResolveClassMethodThenNSObjectsResolveInstanceMethodOnce() throws {
    // resolve.m / objc-runtime-new.mm resolveMethod_locked: a class method miss sends
    // +resolveClassMethod: to the class, then, if nothing was added, resolveInstanceMethod: to the
    // metaclass, which finds NSObject's class method (the root metaclass's), never the class's own
    // +resolveInstanceMethod:. After the resolvers had their turn, the miss is cached: a second
    // send forwards without asking them again.
    let runtime = Runtime()
    let calls = Recorder<String>()
    let person = try makeClass("Person", in: runtime) { cls in
      try cls.isa.addMethod("resolveClassMethod:", types: "B24@0:8:16") { receiver, _, arguments in
        calls.append("+[\((receiver as? Class)?.name ?? "?") resolveClassMethod:\(arguments[0].selectorValue?.name ?? "?")]")
        return .bool(false)
      }
      try cls.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { _, _, _ in
        calls.append("+[Person resolveInstanceMethod:]")
        return .bool(false)
      }
    }
    _ = try runtime.rootClass.isa.replaceMethod(
      "resolveInstanceMethod:", types: "B24@0:8:16",
      implementation: Implementation(name: "+[NSObject resolveInstanceMethod:]") { receiver, _, arguments in
        let receiverName = (receiver as? Class).map { $0.isMetaclass ? "metaclass \($0.name)" : $0.name } ?? "?"
        calls.append("+[NSObject resolveInstanceMethod:\(arguments[0].selectorValue?.name ?? "?")] to \(receiverName)")
        return .bool(false)
      })
    expectError(.unrecognizedSelector) { _ = try runtime.msgSend(person, "conjure") }
    #expect(calls.all == ["+[Person resolveClassMethod:conjure]", "+[NSObject resolveInstanceMethod:conjure] to metaclass Person"])
    expectError(.unrecognizedSelector) { _ = try runtime.msgSend(person, "conjure") }
    #expect(calls.count == 2, "the cached miss forwards without the resolvers")
    try runtime.checkInvariants()
  }

  @Test func manyNestedSynchronizedLocksExitInAnyOrder() throws {
    // synchronized.m / objc-sync.mm: each object has its own recursive lock, found through the
    // thread's cache of the locks it holds (a few fast slots, then a per-thread list, then the
    // global table), so a thread may hold many at once and release them in any order; each exit
    // succeeds once per enter, and a lock released is no longer owned.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let objects = try (0..<24).map { _ in try new(person, in: runtime) }
    for object in objects { #expect(Runtime.syncEnter(object) == .success) }
    #expect(Runtime.syncEnter(objects[3]) == .success, "re-entered while many others are held")
    let order = objects.indices.filter { $0 % 2 == 0 } + objects.indices.filter { $0 % 2 == 1 }  // not the reverse
    for index in order { #expect(Runtime.syncExit(objects[index]) == .success) }
    #expect(Runtime.syncExit(objects[3]) == .success, "the second enter's exit")
    for object in objects { #expect(Runtime.syncExit(object) == .notOwningThread) }
    try runtime.checkInvariants()
  }
}
