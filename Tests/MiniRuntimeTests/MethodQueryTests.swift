// MethodQueryTests.swift: the method queries run the resolver (and, for
// class_getMethodImplementation, +initialize) as objc4's do; the …WithoutResolver queries run no
// user code (Class+MethodQueries.swift).

import Testing

@testable import MiniRuntime

@Suite struct MethodQueryTests {
  /// Records `+initialize` and `+resolveInstanceMethod:` of `cls`; the resolver adds the
  /// selector (returning "resolved <name>") when `adds` is set.
  func instrument(_ cls: Class, adds: Bool, calls: Recorder<String>) throws {
    try cls.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      calls.append("initialize")
      return .nil
    }
    try cls.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      let selector = try #require(arguments[0].selectorValue)
      calls.append("resolve \(selector.name)")
      guard adds, let cls = receiver as? Class else { return false }
      return .bool(try cls.addMethod(selector, types: "@16@0:8", implementation: returning("resolved \(selector.name)")))
    }
  }

  @Test func instanceMethodRunsTheResolverOnceAndThenFindsTheMethod() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try instrument(person, adds: true, calls: calls)
    let method = try #require(try person.instanceMethod(for: "fly"))
    #expect(method.owner === person)
    #expect(method.implementation.name == "resolved fly")
    #expect(try person.instanceMethod(for: "fly") === method)
    // The resolve message is a real send: it initializes Person first, as in objc4.
    #expect(calls.all == ["initialize", "resolve fly"])
    try runtime.checkInvariants()
  }

  @Test func instanceMethodWhoseResolverAddsNothingIsNil() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try instrument(person, adds: false, calls: calls)
    #expect(try person.instanceMethod(for: "fly") == nil)
    #expect(try person.instanceMethod(for: "fly") == nil)
    // objc4's class_getInstanceMethod calls lookUpImpOrForward, which reads no cache of the class
    // itself ("the only codepath calling into this without having performed some kind of cache
    // lookup"), so the resolver runs again; respondsToSelector: reads the cache first.
    #expect(calls.all == ["initialize", "resolve fly", "resolve fly"])
    #expect(!person.instancesRespond(to: "fly"))
    #expect(calls.all == ["initialize", "resolve fly", "resolve fly"], "the negative entry answers")
    try runtime.checkInvariants()
  }

  @Test func instanceMethodThatFindsTheMethodSendsNothing() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try instrument(person, adds: true, calls: calls)
    #expect(try person.instanceMethod(for: "age")?.owner === person)
    #expect(calls.all.isEmpty)
    #expect(!person.isInitialized, "class_getInstanceMethod sends no +initialize of its own")
    try runtime.checkInvariants()
  }

  @Test func classMethodRunsResolveClassMethod() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("resolveClassMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      let selector = try #require(arguments[0].selectorValue)
      calls.append("resolveClassMethod: \(selector.name)")
      guard let cls = receiver as? Class else { return false }
      return .bool(try cls.isa.addMethod(selector, types: "@16@0:8", implementation: returning("made")))
    }
    let method = try #require(try person.classMethod(for: "make"))
    #expect(method.owner === person.isa)
    #expect(try person.isa.classMethod(for: "make") === method, "a metaclass's class methods are its own")
    #expect(calls.all == ["resolveClassMethod: make"])
    try runtime.checkInvariants()
  }

  @Test func methodImplementationRunsInitializeThenTheResolver() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try instrument(person, adds: true, calls: calls)
    #expect(try person.methodImplementation(for: "age")?.name == "-[Person age]")
    #expect(calls.all == ["initialize"], "class_getMethodImplementation initializes the class")
    #expect(person.isInitialized)
    #expect(try person.methodImplementation(for: "fly")?.name == "resolved fly")
    #expect(calls.all == ["initialize", "resolve fly"])
    try runtime.checkInvariants()
  }

  @Test func methodImplementationOfAMissingSelectorIsTheForwardingImplementation() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try instrument(person, adds: false, calls: calls)
    #expect(try person.methodImplementation(for: "fly") === Implementation.forwarding)  // _objc_msgForward
    #expect(try person.methodImplementation(for: "fly") === Implementation.forwarding)
    #expect(calls.all == ["initialize", "resolve fly"])
    try runtime.checkInvariants()
  }

  @Test func queriesPassOnWhatTheResolverThrows() throws {
    struct ResolverFailed: Error, Equatable {}
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { _, _, _ in throw ResolverFailed() }
    #expect(throws: ResolverFailed()) { try person.instanceMethod(for: "fly") }
    #expect(throws: ResolverFailed()) { try person.methodImplementation(for: "fly") }
    #expect(person.instanceMethodWithoutResolver(for: "fly") == nil)
    #expect(!person.instancesRespond(to: "fly"), "class_respondsToSelector answers NO")
    try runtime.checkInvariants()
  }

  @Test func batchedQueryFindsEachMethodAsTheSingleQueryDoes() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try student.addMethod("age", types: "q16@0:8", implementation: returning("student's age"))
    let calls = Recorder<String>()
    try instrument(student, adds: true, calls: calls)
    let selectors: [Selector] = ["age", "setAge:", "fly", "description", "age", "set age:"]
    let found = student.instanceMethodsWithoutResolver(for: selectors)
    #expect(found.count == selectors.count)
    for (selector, method) in zip(selectors, found) {
      #expect(method === student.instanceMethodWithoutResolver(for: selector), "\(selector)")
    }
    #expect(found[0]?.owner === student && found[1]?.owner === person, "the first method up the chain wins")
    #expect(found[2] == nil && found[5] == nil)
    #expect(calls.all.isEmpty, "no resolver, no +initialize")
    try runtime.checkInvariants()
  }

  @Test func queriesWithoutResolverRunNoUserCode() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try instrument(person, adds: true, calls: calls)
    #expect(person.instanceMethodWithoutResolver(for: "fly") == nil)
    #expect(person.methodImplementationWithoutResolver(for: "fly") === Implementation.forwarding)
    #expect(person.methodImplementationWithoutResolver(for: "age").name == "-[Person age]")
    #expect(calls.all.isEmpty)
    #expect(!person.isInitialized)
    try runtime.checkInvariants()
  }

  @Test func methodForSelectorRunsTheResolver() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try instrument(person, adds: true, calls: calls)
    let ann = try person.createInstance()
    let imp = try runtime.msgSend(ann, "methodForSelector:", .selector("fly")).swiftObject(as: Implementation.self)
    #expect(imp?.name == "resolved fly")
    #expect(calls.all == ["initialize", "resolve fly"])
    try runtime.checkInvariants()
  }
}
