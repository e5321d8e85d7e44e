// LookupTests.swift: the one slow-path lookup and its behaviour flags: which callers run
// +initialize, which run the resolver, and which may fill a cache (Runtime+Lookup.swift).

import Testing

@testable import MiniRuntime

@Suite struct LookupTests {
  func cacheCount(_ cls: Class, _ runtime: Runtime) -> Int {
    runtime.withState { state in cls.cache.entries(&state).count }
  }

  @Test func queriesNeverFillTheCacheOfAnUninitializedClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try person.createInstance()
    #expect(person.methodImplementationWithoutResolver(for: "age").name == "-[Person age]")
    #expect(person.instancesRespond(to: "setAge:"))
    #expect(try person.instanceMethod(for: "age") != nil)
    #expect(!ann.runs(Implementation.forwarding, for: "name"))
    #expect(person.methodImplementationWithoutResolver(for: "fly") === Implementation.forwarding)
    #expect(cacheCount(person, runtime) == 0)
    #expect(cacheCount(person.isa, runtime) == 0)
    try runtime.checkInvariants()
  }

  @Test func runsFindingTheMethodNeverFillsTheCacheOfAnUninitializedClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try person.createInstance()
    let age = person.methodImplementationWithoutResolver(for: "age")
    for _ in 0..<3 { #expect(ann.runs(age, for: "age")) }  // every call searches the method lists
    #expect(!person.isInitialized)
    #expect(cacheCount(person, runtime) == 0)
    try runtime.checkInvariants()
  }

  @Test func sendWouldRunInitializesTheClassOnceThenAnswersFromTheCache() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("initialize") { receiver, _, _ in
      calls.append("+[\((receiver as? Class)?.name ?? "?") initialize]")
      return .nil
    }
    let ann = try person.createInstance()
    let age = person.methodImplementationWithoutResolver(for: "age")
    #expect(try ann.sendWouldRun(age, for: "age"))
    #expect(person.isInitialized)
    #expect(calls.all == ["+[Person initialize]"])
    #expect(person.cache.lookUp("age") != nil)  // filled: the next call is a cache read
    #expect(try ann.sendWouldRun(age, for: "age"))
    #expect(try !ann.sendWouldRun(age, for: "name"))
    #expect(calls.all == ["+[Person initialize]"])
    try runtime.checkInvariants()
  }

  @Test func sendWouldRunNeverRunsTheResolver() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("resolveInstanceMethod:") { _, _, arguments in
      calls.append("resolve \(arguments[0].selectorValue?.name ?? "")")
      return false
    }
    let ann = try new(person, in: runtime)
    #expect(try !ann.sendWouldRun(Implementation.forwarding, for: "fly"))
    #expect(calls.all.isEmpty)
    try runtime.checkInvariants()
  }

  @Test func sendWouldRunRethrowsAnInitializeErrorAndTheClassCountsAsInitialized() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.isa.addMethod("initialize") { _, _, _ in
      throw RuntimeError(.invalidArgument, "initialize failed")
    }
    let ann = try person.createInstance()
    let age = person.methodImplementationWithoutResolver(for: "age")
    expectError(.invalidArgument) { _ = try ann.sendWouldRun(age, for: "age") }
    #expect(person.isInitialized)
    #expect(try ann.sendWouldRun(age, for: "age"))
    try runtime.checkInvariants()
  }

  @Test func queriesFillTheCacheOnceTheClassIsInitialized() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    _ = try new(person, in: runtime)  // +new initializes Person
    #expect(person.isInitialized)
    let before = cacheCount(person, runtime)
    _ = try person.methodImplementation(for: "age")
    #expect(cacheCount(person, runtime) == before + 1)
    try runtime.checkInvariants()
  }

  @Test func methodImplementationWithoutResolverRunsNeitherInitializeNorTheResolver() throws {
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
    #expect(person.methodImplementationWithoutResolver(for: "fly") === Implementation.forwarding)
    #expect(person.instanceMethodWithoutResolver(for: "fly") == nil)
    #expect(calls.all.isEmpty)
    try runtime.checkInvariants()
  }

  @Test func instancesRespondRunsTheResolverButNotInitializeOfTheQueriedClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let calls = Recorder<String>()
    try student.isa.addMethod("initialize", types: "v16@0:8") { receiver, _, _ in
      calls.append("+[\((receiver as? Class)?.name ?? "") initialize]")
      return .nil
    }
    try person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      calls.append("+[\((receiver as? Class)?.name ?? "") resolveInstanceMethod:\(arguments[0].selectorValue?.name ?? "")]")
      return false
    }
    #expect(!student.instancesRespond(to: "fly"))
    // The resolver is a real send to Student, so *it* initializes Student (as in objc4); the
    // question itself initializes nothing.
    #expect(calls.all == ["+[Student initialize]", "+[Student resolveInstanceMethod:fly]"])
    try runtime.checkInvariants()
  }

  @Test func aSendInitializesFirstThenResolvesThenForwards() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      calls.append("initialize")
      return .nil
    }
    try person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { _, _, _ in
      calls.append("resolveInstanceMethod:")
      return false
    }
    try person.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { _, _, _ in
      calls.append("forwardingTargetForSelector:")
      return .nil
    }
    let ann = try person.createInstance()
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "fly") }
    #expect(calls.all == ["initialize", "resolveInstanceMethod:", "forwardingTargetForSelector:"])
    try runtime.checkInvariants()
  }

  @Test func aQueryNeverCachesANegativeEntrySoALaterSendStillResolves() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)  // initialized: queries may fill
    let resolved = Recorder<String>()
    try person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      guard let cls = receiver as? Class, let selector = arguments[0].selectorValue else { return false }
      resolved.append(selector.name)
      return .bool(try cls.addMethod(selector, types: "@16@0:8") { _, _, _ in "resolved" })
    }
    #expect(person.methodImplementationWithoutResolver(for: "fly") === Implementation.forwarding)
    #expect(try runtime.msgSend(ann, "fly") == "resolved", "the query left no negative entry behind")
    #expect(resolved.all == ["fly"])
    try runtime.checkInvariants()
  }

  @Test func runsAnswersWhatTheSendWouldRun() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let inherited = try #require(try person.instanceMethod(for: "age")).implementation
    let stu = try student.createInstance()
    #expect(stu.runs(inherited, for: "age"))
    try student.addMethod("age", types: "q16@0:8") { _, _, _ in 1 }
    #expect(!stu.runs(inherited, for: "age"), "an override is seen")
    #expect(cacheCount(student, runtime) == 0, "Student is not initialized: nothing cached")
    _ = try runtime.msgSend(stu, "age")
    #expect(!stu.runs(inherited, for: "age"))
    try runtime.checkInvariants()
  }
}
