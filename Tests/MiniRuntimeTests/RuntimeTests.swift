// RuntimeTests.swift: the runtime value itself: what a new one holds, its switches, cache
// flushing and its lifetime (Runtime.swift, Runtime+Invariants.swift).

import Testing

@testable import MiniRuntime

@Suite struct RuntimeTests {
  @Test func newRuntimeHoldsNSObjectAndProtocolAsObjC4DoesAtLaunch() throws {
    let runtime = Runtime()
    #expect(runtime.classes.map(\.name) == ["NSObject", "Protocol"])
    #expect(runtime.protocols.map(\.name) == ["NSObject"])
    #expect(runtime.rootClass.name == "NSObject")
    #expect(runtime.lookUpClass(named: "NSObject") === runtime.rootClass)
    #expect(runtime.rootClass.isRegistered)
    #expect(runtime.rootClass.isa.isRegistered)
    #expect(runtime.invariantViolations().isEmpty)
    #expect(!runtime.cachesDisabled)
    try runtime.checkInvariants()
  }

  /// Read-only: tests never mutate the shared runtime (it would be state shared across tests).
  @Test func sharedRuntimeHoldsNSObject() {
    let shared = Runtime.shared
    #expect(shared.rootClass.name == "NSObject")
    #expect(shared.lookUpClass(named: "NSObject") === shared.rootClass)
    #expect(shared.rootClass !== Runtime().rootClass)
    #expect(shared.invariantViolations().isEmpty)
  }

  @Test func methodGenerationGrowsWithEveryMethodChange() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    var last = runtime.methodGeneration
    func expectBump(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
      let now = runtime.methodGeneration
      #expect(now > last, "\(what) did not bump methodGeneration", sourceLocation: sourceLocation)
      last = now
    }
    try addReturning(person, "greet", "hi")
    expectBump("addMethod")
    try person.replaceMethod("greet", types: "@16@0:8", implementation: returning("hello"))
    expectBump("replaceMethod")
    try person.instanceMethod(for: "greet")!.setImplementation(returning("hey"))
    expectBump("setImplementation")
    try person.instanceMethod(for: "greet")!.exchangeImplementation(with: try person.instanceMethod(for: "age")!)
    expectBump("exchangeImplementation")
    let other = try makeClass("Other", in: runtime)
    expectBump("allocateClassPair")
    try runtime.disposeClassPair(other)
    expectBump("disposeClassPair")
    _ = try person.addMethod("greet", types: "@16@0:8", implementation: returning("refused"))
    #expect(runtime.methodGeneration == last, "a refused addMethod changes nothing")
    try runtime.checkInvariants()
  }

  @Test func flushCachesWithoutClassEmptiesEveryCache() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    try runtime.msgSend(ann, "age")
    try runtime.msgSend(person, "class")
    #expect(person.cache.lookUp("age") != nil)
    #expect(person.isa.cache.lookUp("class") != nil)
    runtime.flushCaches()
    #expect(person.cache.lookUp("age") == nil)
    #expect(person.isa.cache.lookUp("class") == nil)
    #expect(try runtime.msgSend(ann, "age") == 0)
    try runtime.checkInvariants()
  }

  @Test func flushCachesOfClassSparesUnrelatedClasses() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let other = try makePerson(in: runtime, name: "Other")
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let ann = try new(person, in: runtime)
    let olga = try new(other, in: runtime)
    let stu = try new(student, in: runtime)
    for object in [ann, olga, stu] { try runtime.msgSend(object, "age") }
    runtime.flushCaches(person)
    #expect(person.cache.lookUp("age") == nil)
    #expect(student.cache.lookUp("age") == nil, "flushing a class flushes its subclasses")
    #expect(other.cache.lookUp("age") != nil)
    try runtime.checkInvariants()
  }

  @Test func runtimeIsFreedWhenLastReferenceGoes() throws {
    var runtime: Runtime? = Runtime()
    let weakRuntime = WeakReference(runtime)
    do {
      let person = try makePerson(in: runtime!)
      let student = try makeSubclass(of: person, named: "Student", in: runtime!)
      try addReturning(student, "greet", "hi")
      let ann = try new(student, in: runtime!)
      try runtime!.msgSend(ann, "greet")
      runtime = nil
      #expect(weakRuntime.object != nil, "live instances keep their runtime alive")
      #expect(try ann.runtime?.msgSend(ann, "greet") == "hi")
    }
    #expect(weakRuntime.object == nil, "classes, metaclasses and methods must not keep the runtime alive")
  }

  @Test func invariantViolationsAreEmptyAfterManyChanges() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try addReturning(student, "greet", "hi")
    try runtime.msgSend(try new(student, in: runtime), "greet")
    try person.replaceMethod("age", types: "q16@0:8", implementation: Implementation { _, _, _ in 7 })
    #expect(runtime.invariantViolations() == [])
    try runtime.checkInvariants()
  }
}
