// MethodCacheTests.swift: the per-class method cache behind msgSend: filling, and every change
// that must invalidate it (MethodCache.swift, Runtime+MessageSend.swift, Class+Methods.swift).

import Testing

@testable import MiniRuntime

@Suite struct MethodCacheTests {
  /// Person (greet → "person") ← Student, and an instance of each.
  struct Fixture {
    let runtime = Runtime()
    let person: Class
    let student: Class
    let ann: Object
    let stu: Object

    init() throws {
      person = try makePerson(in: runtime)
      try addReturning(person, "greet", "person")
      student = try makeSubclass(of: person, named: "Student", in: runtime)
      ann = try new(person, in: runtime)
      stu = try new(student, in: runtime)
    }

    func greet(_ object: Object) throws -> Value { try runtime.msgSend(object, "greet") }
  }

  @Test func sendFillsTheReceiverClassCache() throws {
    let f = try Fixture()
    #expect(f.student.cache.lookUp("greet") == nil)
    #expect(try f.greet(f.stu) == "person")
    let cached = try #require(f.student.cache.lookUp("greet"))
    #expect(cached.implementation === f.person.instanceMethodWithoutResolver(for: "greet")?.implementation)
    #expect(f.person.cache.lookUp("greet") == nil, "only the receiver's class caches the hit")
    try f.runtime.checkInvariants()
  }

  @Test func cachedSendSeesMethodAddedToClass() throws {
    let f = try Fixture()
    expectError(.unrecognizedSelector) { try f.runtime.msgSend(f.ann, "wave") }
    #expect(f.person.cache.lookUp("wave")?.implementation === Implementation.forwarding)
    try addReturning(f.person, "wave", "waving")
    #expect(try f.runtime.msgSend(f.ann, "wave") == "waving")
    try f.runtime.checkInvariants()
  }

  @Test func cachedSendSeesMethodAddedToSuperclass() throws {
    let f = try Fixture()
    expectError(.unrecognizedSelector) { try f.runtime.msgSend(f.stu, "wave") }
    try addReturning(f.person, "wave", "waving")
    #expect(try f.runtime.msgSend(f.stu, "wave") == "waving", "a negative entry in a subclass must be flushed")
    try f.runtime.checkInvariants()
  }

  @Test func cachedSendSeesOverrideAddedToSubclass() throws {
    let f = try Fixture()
    #expect(try f.greet(f.stu) == "person")
    try addReturning(f.student, "greet", "student")
    #expect(try f.greet(f.stu) == "student")
    #expect(try f.greet(f.ann) == "person")
    try f.runtime.checkInvariants()
  }

  @Test func cachedSendSeesReplacedMethod() throws {
    let f = try Fixture()
    #expect(try f.greet(f.ann) == "person")
    #expect(try f.greet(f.stu) == "person")
    try f.person.replaceMethod("greet", types: "@16@0:8", implementation: returning("replaced"))
    #expect(try f.greet(f.ann) == "replaced")
    #expect(try f.greet(f.stu) == "replaced", "invalidation reaches subclasses")
    try f.runtime.checkInvariants()
  }

  @Test func cachedSendSeesSwizzledImplementation() throws {
    let f = try Fixture()
    try addReturning(f.person, "xxx_greet", "swizzled")
    #expect(try f.greet(f.ann) == "person")
    #expect(try f.greet(f.stu) == "person")
    let original = try #require(try f.person.instanceMethod(for: "greet"))
    let swizzled = try #require(try f.person.instanceMethod(for: "xxx_greet"))
    try original.exchangeImplementation(with: swizzled)
    #expect(try f.greet(f.ann) == "swizzled")
    #expect(try f.greet(f.stu) == "swizzled")
    #expect(try f.runtime.msgSend(f.stu, "xxx_greet") == "person")
    try f.runtime.checkInvariants()
  }

  @Test func cachedSendSeesSetImplementation() throws {
    let f = try Fixture()
    #expect(try f.greet(f.stu) == "person")
    try f.person.instanceMethod(for: "greet")!.setImplementation(returning("set"))
    #expect(try f.greet(f.stu) == "set")
    #expect(try f.greet(f.ann) == "set")
    try f.runtime.checkInvariants()
  }

  @Test func cachedSendSeesNewSuperclass() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime) { try addReturning($0, "greet", "base") }
    let other = try makeClass("Other", in: runtime) { try addReturning($0, "greet", "other") }
    let child = try makeSubclass(of: base, named: "Child", in: runtime)
    let kid = try new(child, in: runtime)
    #expect(try runtime.msgSend(kid, "greet") == "base")
    try child.setSuperclass(other)
    #expect(try runtime.msgSend(kid, "greet") == "other")
    #expect(try runtime.msgSend(kid, "isKindOfClass:", .class(other)) == true)
    #expect(try runtime.msgSend(kid, "isKindOfClass:", .class(base)) == false)
    try runtime.checkInvariants()
  }

  @Test func cachedClassSendSeesNewSuperclassMetaclass() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime) {
      try $0.isa.addMethod("kind", types: "@16@0:8", implementation: returning("base"))
    }
    let other = try makeClass("Other", in: runtime) {
      try $0.isa.addMethod("kind", types: "@16@0:8", implementation: returning("other"))
    }
    let child = try makeSubclass(of: base, named: "Child", in: runtime)
    #expect(try runtime.msgSend(child, "kind") == "base")
    try child.setSuperclass(other)
    #expect(try runtime.msgSend(child, "kind") == "other")
    try runtime.checkInvariants()
  }

  @Test func invalidationReachesEveryDescendant() throws {
    let f = try Fixture()
    let grad = try makeSubclass(of: f.student, named: "Grad", in: f.runtime)
    let postdoc = try makeSubclass(of: grad, named: "Postdoc", in: f.runtime)
    let objects = [f.ann, f.stu, try new(grad, in: f.runtime), try new(postdoc, in: f.runtime)]
    for object in objects { #expect(try f.greet(object) == "person") }
    try f.person.replaceMethod("greet", types: "@16@0:8", implementation: returning("new"))
    for object in objects { #expect(try f.greet(object) == "new", "\(object.isa.name) kept a stale entry") }
    try f.runtime.checkInvariants()
  }

  @Test func addingInstanceMethodToNSObjectReachesClassMethodSends() throws {
    let f = try Fixture()
    expectError(.unrecognizedSelector) { try f.runtime.msgSend(f.student, "rootThing") }
    #expect(f.student.isa.cache.lookUp("rootThing") != nil, "a negative entry was cached on the metaclass")
    try addReturning(f.runtime.rootClass, "rootThing", "from NSObject")
    #expect(try f.runtime.msgSend(f.student, "rootThing") == "from NSObject")
    #expect(try f.runtime.msgSend(f.ann, "rootThing") == "from NSObject")
    try f.runtime.checkInvariants()
  }

  @Test func addingClassMethodDoesNotFlushUnrelatedInstanceCaches() throws {
    let f = try Fixture()
    #expect(try f.greet(f.ann) == "person")
    try f.person.isa.addMethod("greet", types: "@16@0:8", implementation: returning("made"))
    #expect(f.person.cache.lookUp("greet") != nil, "the metaclass side is flushed, not the instance side")
    try f.runtime.checkInvariants()
  }

  @Test func disabledCachesGiveTheSameResults() throws {
    func run(cachesDisabled: Bool) throws -> [Value] {
      let f = try Fixture()
      f.runtime.cachesDisabled = cachesDisabled
      var results: [Value] = []
      try addReturning(f.person, "xxx_greet", "swizzled")
      results.append(try f.greet(f.stu))
      try addReturning(f.student, "greet", "student")
      results.append(try f.greet(f.stu))
      try f.person.instanceMethod(for: "greet")!.exchangeImplementation(
        with: try f.person.instanceMethod(for: "xxx_greet")!)
      results.append(try f.greet(f.ann))
      results.append(try f.greet(f.stu))
      results.append((try? f.runtime.msgSend(f.ann, "fly")) ?? "threw")
      results.append(try f.runtime.msgSend(f.ann, "respondsToSelector:", .selector("greet")))
      if cachesDisabled {
        #expect(f.person.cache.lookUp("greet") == nil, "nothing is cached while caches are disabled")
        #expect(f.student.cache.lookUp("greet") == nil)
      }
      try f.runtime.checkInvariants()
      return results
    }
    let cached = try run(cachesDisabled: false)
    let uncached = try run(cachesDisabled: true)
    #expect(cached == uncached)
    #expect(cached == ["person", "student", "swizzled", "student", "threw", true])
  }

  @Test func enablingCachesAgainFillsThem() throws {
    let f = try Fixture()
    f.runtime.cachesDisabled = true
    #expect(try f.greet(f.ann) == "person")
    #expect(f.person.cache.lookUp("greet") == nil)
    f.runtime.cachesDisabled = false
    #expect(try f.greet(f.ann) == "person")
    #expect(f.person.cache.lookUp("greet") != nil)
    try f.runtime.checkInvariants()
  }

  @Test func cacheCapacityGrowsWithEntries() throws {
    let runtime = Runtime()
    let wide = try makeClass("Wide", in: runtime) { cls in
      for index in 0..<100 { try addReturning(cls, try Selector(validating: "m\(index)"), "r\(index)") }
    }
    let object = try new(wide, in: runtime)
    func capacity() -> Int { runtime.withState { wide.cache.capacity(&$0) } }
    #expect(capacity() == 4, "only -init is cached so far, in the first table of four buckets")
    for index in 0..<100 {
      #expect(try runtime.msgSend(object, try Selector(validating: "m\(index)")) == .string("r\(index)"))
    }
    let entries = runtime.withState { wide.cache.entries(&$0) }
    #expect(entries.count >= 100)
    #expect(capacity() * 3 >= entries.count * 4, "load factor stays at most 3/4")
    #expect(capacity().nonzeroBitCount == 1, "capacity is a power of two")
    runtime.flushCaches(wide)
    #expect(runtime.withState { wide.cache.entries(&$0) }.isEmpty)
    try runtime.checkInvariants()
  }

  @Test func classWithThousandMethodsDispatchesEveryOne() throws {
    let runtime = Runtime()
    let selectors = try (0..<1_000).map { try Selector(validating: "method\($0)") }
    let big = try makeClass("Big", in: runtime) { cls in
      for (index, selector) in selectors.enumerated() {
        let added = try cls.addMethod(selector, types: "q16@0:8") { _, _, _ in .int64(Int64(index)) }
        #expect(added)
      }
    }
    #expect(big.methodList.count == 1_000)
    let object = try new(big, in: runtime)
    for round in 0..<2 {
      for (index, selector) in selectors.enumerated() {
        let result = try runtime.msgSend(object, selector)
        if result != .int64(Int64(index)) {
          Issue.record("round \(round): \(selector) returned \(result)")
          break
        }
      }
    }
    #expect(runtime.withState { big.cache.entries(&$0) }.count >= 1_000)
    try runtime.checkInvariants()
  }

  /// Person (greet, age) ← Student ← Grad; Person ← Teacher (overrides greet) ← Prof; Robot
  /// (its own greet). Every class has sent greet and age once.
  struct Hierarchy {
    let runtime = Runtime()
    let person: Class, student: Class, grad: Class, teacher: Class, prof: Class, robot: Class

    init() throws {
      person = try makePerson(in: runtime)
      try addReturning(person, "greet", "person")
      student = try makeSubclass(of: person, named: "Student", in: runtime)
      grad = try makeSubclass(of: student, named: "Grad", in: runtime)
      teacher = try makeSubclass(of: person, named: "Teacher", in: runtime)
      try addReturning(teacher, "greet", "teacher")
      prof = try makeSubclass(of: teacher, named: "Prof", in: runtime)
      robot = try makeClass("Robot", in: runtime)
      try addReturning(robot, "greet", "robot")
      try robot.addMethod("age", types: "q16@0:8") { _, _, _ in 0 }
      for cls in all {
        let object = try new(cls, in: runtime)
        try runtime.msgSend(object, "greet")
        try runtime.msgSend(object, "age")
      }
    }

    var all: [Class] { [person, student, grad, teacher, prof, robot] }

    func entries(_ cls: Class) -> Int { runtime.withState { cls.cache.count(&$0) } }
    func caches(_ selector: Selector, _ cls: Class) -> Bool { cls.cache.lookUp(selector) != nil }
  }

  @Test func methodChangeFlushesOnlyItsSelectorWhereItIsInherited() throws {
    let h = try Hierarchy()
    let before = h.all.map(h.entries)
    let flushed = Recorder<RuntimeEvent>()
    let observation = h.runtime.addEventObserver { event in
      if case .cacheEntriesFlushed = event { flushed.append(event) }
    }
    try h.person.replaceMethod("greet", types: "@16@0:8", implementation: returning("new"))
    observation.cancel()
    #expect(
      flushed.all == [
        .cacheEntriesFlushed(class: "Person", isMetaclass: false, selector: "greet", count: 1),
        .cacheEntriesFlushed(class: "Student", isMetaclass: false, selector: "greet", count: 1),
        .cacheEntriesFlushed(class: "Grad", isMetaclass: false, selector: "greet", count: 1),
      ])
    let after = h.all.map(h.entries)
    #expect(zip(before, after).map { $0 - $1 } == [1, 1, 1, 0, 0, 0], "three entries flushed, in three caches")
    for cls in h.all { #expect(h.caches("age", cls), "\(cls.name) kept age") }
    for cls in [h.teacher, h.prof, h.robot] { #expect(h.caches("greet", cls), "\(cls.name) kept greet") }
    for cls in [h.person, h.student, h.grad] { #expect(!h.caches("greet", cls)) }
    #expect(try h.runtime.msgSend(try new(h.grad, in: h.runtime), "greet") == "new")
    #expect(try h.runtime.msgSend(try new(h.prof, in: h.runtime), "greet") == "teacher")
    try h.runtime.checkInvariants()
  }

  /// The flush visits a class, then its subclasses depth first, the last registered first: the
  /// `cacheEntriesFlushed` events keep that order (pinned when the walk stopped allocating its
  /// worklist for a class without subclasses, perf28).
  @Test func flushEventsFollowTheSubclassTreeDepthFirst() throws {
    let h = try Hierarchy()
    let flushed = Recorder<RuntimeEvent>()
    let observation = h.runtime.addEventObserver { event in
      if case .cacheEntriesFlushed = event { flushed.append(event) }
    }
    try h.person.replaceMethod("age", types: "q16@0:8") { _, _, _ in 7 }
    observation.cancel()
    #expect(
      flushed.all == ["Person", "Teacher", "Prof", "Student", "Grad"].map {
        .cacheEntriesFlushed(class: $0, isMetaclass: false, selector: "age", count: 1)
      })
    #expect(h.caches("age", h.robot), "Robot, outside the tree, kept its own age")
    try h.runtime.checkInvariants()
  }

  @Test func addingAnOverrideFlushesOnlyTheSubclassesBelowIt() throws {
    let h = try Hierarchy()
    try addReturning(h.student, "greet", "student")
    #expect(!h.caches("greet", h.student) && !h.caches("greet", h.grad))
    #expect(h.caches("greet", h.person), "the superclass's own answer did not change")
    #expect(h.caches("greet", h.teacher) && h.caches("greet", h.robot))
    #expect(try h.runtime.msgSend(try new(h.grad, in: h.runtime), "greet") == "student")
    try h.runtime.checkInvariants()
  }

  @Test func exchangeFlushesBothSelectorsInBothClasses() throws {
    let h = try Hierarchy()
    let greet = try #require(try h.person.instanceMethod(for: "greet"))
    let robotAge = try #require(try h.robot.instanceMethod(for: "age"))
    try greet.exchangeImplementation(with: robotAge)
    for cls in [h.person, h.student, h.grad] { #expect(!h.caches("greet", cls) && h.caches("age", cls)) }
    #expect(!h.caches("age", h.robot) && h.caches("greet", h.robot))
    #expect(h.caches("greet", h.teacher) && h.caches("age", h.teacher))
    try h.runtime.checkInvariants()
  }

  /// Removal shifts later entries of a probe run back, so every other entry stays reachable.
  @Test(arguments: [7, 8, 9] as [UInt64])
  func removingEntriesKeepsEveryOtherEntryReachable(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let runtime = Runtime()
    let cls = try makeClass("Wide", in: runtime)
    let selectors = (0..<48).map { Selector(interning: "wide\($0)") }
    let object = try new(cls, in: runtime)
    for selector in selectors { _ = try? runtime.msgSend(object, selector) }  // negative entries
    var cached = Set(selectors.map(\.index))
    let entriesBefore = runtime.withState { cls.cache.count(&$0) }  // also init and the forwarding hooks
    for selector in selectors.shuffled(using: &random).prefix(30) {
      #expect(runtime.withState { cls.cache.remove(selector, &$0) } == 1)
      #expect(runtime.withState { cls.cache.remove(selector, &$0) } == 0, "already gone")
      cached.remove(selector.index)
      for each in selectors {
        #expect((cls.cache.lookUp(each) != nil) == cached.contains(each.index), "\(each) after removing \(selector)")
      }
    }
    #expect(runtime.withState { cls.cache.count(&$0) } == entriesBefore - 30)
    try runtime.checkInvariants()
  }

  /// The reference-lookup equivalence test: after a seeded random sequence of changes and sends
  /// over a small hierarchy, the cached lookup agrees with the plain one for every selector.
  @Test(arguments: [1, 2, 3, 42, 2024] as [UInt64])
  func cachedLookupAgreesWithReferenceLookup(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let runtime = Runtime()
    let a = try makeClass("A", in: runtime)
    let b = try makeSubclass(of: a, named: "B", in: runtime)
    let c = try makeSubclass(of: b, named: "C", in: runtime)
    let d = try makeSubclass(of: a, named: "D", in: runtime)
    let classes = [a, b, c, d]
    let metaclassesToo = classes + classes.map(\.isa)
    let selectors: [Selector] = ["s0", "s1", "s2", "s3", "s4", "s5"]
    let objects = try classes.map { try new($0, in: runtime) }
    var counter = 0
    for _ in 0..<400 {
      let cls = metaclassesToo.randomElement(using: &random)!
      let selector = selectors.randomElement(using: &random)!
      counter += 1
      let implementation = returning("\(cls.isMetaclass ? "+" : "-")\(cls.name).\(selector.name).\(counter)")
      switch Int.random(in: 0..<10, using: &random) {
      case 0, 1:
        try cls.addMethod(selector, types: "@16@0:8", implementation: implementation)
      case 2:
        try cls.replaceMethod(selector, types: "@16@0:8", implementation: implementation)
      case 3:
        let other = selectors.randomElement(using: &random)!
        if let first = try cls.instanceMethod(for: selector), let second = try cls.instanceMethod(for: other) {
          try first.exchangeImplementation(with: second)
        }
      case 4:
        try cls.instanceMethod(for: selector)?.setImplementation(implementation)
      default:
        let receiver: Object =
          Bool.random(using: &random) ? objects.randomElement(using: &random)! : classes.randomElement(using: &random)!
        let expected = receiver.isa.instanceMethodWithoutResolver(for: selector)?.implementation
        let result = try? runtime.msgSend(receiver, selector)
        #expect(result == expected.map { Value.string($0.name) }, "send of \(selector) to \(receiver)")
      }
      for cls in metaclassesToo {
        for selector in selectors {
          let reference = cls.instanceMethodWithoutResolver(for: selector)?.implementation ?? .forwarding
          #expect(cls.methodImplementationWithoutResolver(for: selector) === reference, "\(cls).\(selector) disagrees")
        }
      }
    }
    try runtime.checkInvariants()
  }
}
