// ClassTests.swift: what a class knows about itself: relationships, state, instance counts and
// changing the superclass (Class.swift, Class+Methods.swift `setSuperclass`).

import Testing

@testable import MiniRuntime

@Suite struct ClassTests {
  @Test func classReportsNameSuperclassAndState() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(person.name == "Person")
    #expect(person.description == "Person")
    #expect(person.superclass === runtime.rootClass)
    #expect(person.isRegistered)
    #expect(!person.isMetaclass)
    #expect(person.className == "Person", "object_getClassName of a class names its metaclass")
    #expect(person.runtime === runtime)
    try runtime.checkInvariants()
  }

  @Test func isSubclassWalksTheSuperclassChain() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let other = try makeClass("Other", in: runtime)
    #expect(student.isSubclass(of: student))
    #expect(student.isSubclass(of: person))
    #expect(student.isSubclass(of: runtime.rootClass))
    #expect(!person.isSubclass(of: student))
    #expect(!student.isSubclass(of: other))
    #expect(student.isa.isSubclass(of: runtime.rootClass), "metaclasses end at the root class")
    try runtime.checkInvariants()
  }

  @Test func liveInstanceCountFollowsObjects() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(person.liveInstanceCount == 0)
    do {
      let ann = try new(person, in: runtime)
      #expect(person.liveInstanceCount == 1)
      let bob = try person.createInstance()
      #expect(person.liveInstanceCount == 2)
      #expect(runtime.rootClass.liveInstanceCount == 0, "instances count for their own class only")
      withExtendedLifetime((ann, bob)) {}
    }
    #expect(person.liveInstanceCount == 0)
    try runtime.checkInvariants()
  }

  @Test func createInstanceZeroesIvarsWithoutSendingInit() throws {
    let runtime = Runtime()
    let inits = Recorder<String>()
    let person = try makePerson(in: runtime)
    try person.addMethod("init", types: "@16@0:8") { receiver, _, _ in
      inits.append("init")
      return .object(receiver)
    }
    let ann = try person.createInstance()
    #expect(inits.count == 0)
    #expect(try ann.value(ofIvar: "_age") == 0)
    #expect(try ann.value(ofIvar: "_name") == .nil)
    try runtime.checkInvariants()
  }

  // MARK: - setSuperclass

  @Test func setSuperclassRewiresClassAndMetaclass() throws {
    let runtime = Runtime()
    let first = try makeClass("First", in: runtime)
    let second = try makeClass("Second", in: runtime)
    let child = try makeSubclass(of: first, named: "Child", in: runtime)
    let old = try child.setSuperclass(second)
    #expect(old === first)
    #expect(child.superclass === second)
    #expect(child.isa.superclass === second.isa)
    #expect(first.subclasses.isEmpty)
    #expect(first.isa.subclasses.isEmpty)
    #expect(second.subclasses.map(\.name) == ["Child"])
    #expect(second.isa.subclasses.map(\.name) == ["Child"])
    try runtime.checkInvariants()
  }

  @Test func setSuperclassWithDifferentIvarsIsAcceptedAndKeepsTheInstanceSize() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let plain = try makeClass("Plain", in: runtime)
    let child = try makeSubclass(of: plain, named: "Child", in: runtime)
    let kid = try child.createInstance()
    try child.setSuperclass(person)
    #expect(child.superclass === person)
    #expect(child.isa.superclass === person.isa)
    #expect(person.subclasses.map(\.name) == ["Child"])
    #expect(plain.subclasses.isEmpty)
    #expect(child.instanceSize == 8, "objc4 keeps the class's instance size and ivar offsets")
    // kid's 16 bytes (objc4's smallest allocation) hold Person's _age at 8, zeroed; _name at 16
    // lies past them.
    #expect(try kid.value(ofIvar: "_age") == 0)
    expectError(.incompatibleLayout) { _ = try kid.value(ofIvar: "_name") }
    try runtime.checkInvariants()
  }

  @Test func setSuperclassThatWouldMakeACycleIsRefused() throws {
    let runtime = Runtime()
    let parent = try makeClass("Parent", in: runtime)
    let child = try makeSubclass(of: parent, named: "Child", in: runtime)
    expectError(.invalidClassState) { try parent.setSuperclass(child) }
    expectError(.invalidClassState) { try parent.setSuperclass(parent) }
    #expect(parent.superclass === runtime.rootClass)
    #expect(child.superclass === parent)
    try runtime.checkInvariants()
  }

  @Test func setSuperclassOfRootOrMetaclassIsRefused() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    expectError(.invalidClassState) { try runtime.rootClass.setSuperclass(person) }
    expectError(.invalidClassState) { try person.isa.setSuperclass(runtime.rootClass.isa) }
    let other = Runtime()
    expectError(.foreignRuntime) { try person.setSuperclass(other.rootClass) }
    #expect(person.superclass === runtime.rootClass)
    try runtime.checkInvariants()
  }
}
