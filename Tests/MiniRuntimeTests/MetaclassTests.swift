// MetaclassTests.swift: the isa and superclass graph of classes and metaclasses (Class.swift,
// Runtime+ClassPairs.swift), as objc4 draws it.

import Testing

@testable import MiniRuntime

@Suite struct MetaclassTests {
  /// NSObject ← Person ← Student, registered.
  func makeHierarchy(_ runtime: Runtime) throws -> (person: Class, student: Class) {
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    return (person, student)
  }

  @Test func everyClassIsaIsAMetaclass() throws {
    let runtime = Runtime()
    _ = try makeHierarchy(runtime)
    for cls in runtime.classes {
      #expect(!cls.isMetaclass)
      #expect(cls.isa.isMetaclass, "\(cls.name)'s isa is not a metaclass")
      #expect(cls.isa.name == cls.name)
      #expect(cls.metaclass === cls.isa)
      #expect(cls.isa.instanceClass === cls)
      #expect(cls.instanceClass === cls)
    }
    try runtime.checkInvariants()
  }

  @Test func metaclassIsaIsTheRootMetaclass() throws {
    let runtime = Runtime()
    let (person, student) = try makeHierarchy(runtime)
    let rootMetaclass = runtime.rootClass.isa
    #expect(person.isa.isa === rootMetaclass)
    #expect(student.isa.isa === rootMetaclass)
    #expect(person.isa.metaclass === rootMetaclass)
    try runtime.checkInvariants()
  }

  @Test func rootMetaclassIsaIsItself() throws {
    let runtime = Runtime()
    let rootMetaclass = runtime.rootClass.isa
    #expect(rootMetaclass.isMetaclass)
    #expect(rootMetaclass.isa === rootMetaclass)
    #expect(rootMetaclass.name == "NSObject")
    try runtime.checkInvariants()
  }

  @Test func rootMetaclassSuperclassIsNSObject() throws {
    let runtime = Runtime()
    #expect(runtime.rootClass.superclass == nil)
    #expect(runtime.rootClass.isa.superclass === runtime.rootClass)
    #expect(runtime.rootClass.isa.superclassChain.map(\.isMetaclass) == [true, false])
    try runtime.checkInvariants()
  }

  @Test func metaclassSuperclassChainMirrorsClassChain() throws {
    let runtime = Runtime()
    let (person, student) = try makeHierarchy(runtime)
    #expect(student.superclassChain.map(\.name) == ["Student", "Person", "NSObject"])
    let metaChain = student.isa.superclassChain
    #expect(metaChain.map(\.name) == ["Student", "Person", "NSObject", "NSObject"])
    #expect(metaChain.map(\.isMetaclass) == [true, true, true, false])
    #expect(metaChain[1] === person.isa)
    #expect(metaChain[2] === runtime.rootClass.isa)
    #expect(metaChain[3] === runtime.rootClass)
    #expect(person.isa.subclasses.map(\.name) == ["Student"])
    #expect(person.isa.subclasses.allSatisfy { $0.isMetaclass })
    try runtime.checkInvariants()
  }

  @Test func classMethodsLiveOnTheMetaclass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.isa.addMethod("create", types: "@16@0:8", implementation: returning("created"))
    #expect(try person.classMethod(for: "create") != nil)
    #expect(try person.isa.classMethod(for: "create") != nil)
    #expect(try person.instanceMethod(for: "create") == nil)
    #expect(person.isa.methodList.map(\.selector) == ["create"])
    #expect(try runtime.msgSend(person, "create") == "created")
    let ann = try new(person, in: runtime)
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "create") }
    try runtime.checkInvariants()
  }

  @Test func classMethodLookupReachesNSObjectInstanceMethods() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    // The root metaclass inherits from NSObject: -[NSObject respondsToSelector:] is a class method too.
    let found = try #require(try person.classMethod(for: "respondsToSelector:"))
    #expect(found.owner === runtime.rootClass)
    #expect(try runtime.msgSend(person, "respondsToSelector:", .selector("alloc")) == true)
    try runtime.checkInvariants()
  }

  @Test func newRootClassGetsItsOwnRootMetaclass() throws {
    let runtime = Runtime()
    let root = try runtime.allocateClassPair(superclass: nil, name: "MyRoot")
    try runtime.registerClassPair(root)
    let leaf = try makeSubclass(of: root, named: "MyLeaf", in: runtime)
    #expect(root.superclass == nil)
    #expect(root.isa.isMetaclass)
    #expect(root.isa.isa === root.isa, "a root metaclass's isa is itself")
    #expect(root.isa.superclass === root, "a root metaclass's superclass is its root class")
    #expect(root.isa !== runtime.rootClass.isa)
    #expect(leaf.isa.isa === root.isa)
    #expect(leaf.isa.superclass === root.isa)
    #expect(!leaf.isSubclass(of: runtime.rootClass))
    #expect(leaf.isSubclass(of: root))
    try runtime.checkInvariants()
  }

  @Test func newRootClassDoesNotInheritNSObjectMethods() throws {
    let runtime = Runtime()
    let bare = try runtime.allocateClassPair(superclass: nil, name: "Bare")
    try addReturning(bare, "hello", "hi")
    try runtime.registerClassPair(bare)
    let object = try bare.createInstance()
    #expect(try runtime.msgSend(object, "hello") == "hi")
    #expect(try bare.instanceMethod(for: "respondsToSelector:") == nil)
    // Nothing implements forwarding or doesNotRecognizeSelector: here; the send still fails cleanly.
    let error = expectError(.unrecognizedSelector) { try runtime.msgSend(object, "fly") }
    #expect(error?.message.hasPrefix("-[Bare fly]: unrecognized selector sent to instance ") == true)
    try runtime.checkInvariants()
  }
}
