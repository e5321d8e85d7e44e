// ObjC4BehaviourRound17SuperclassTests.swift: the seventeenth round of behaviours from objc4's
// own tests and sources, class_setSuperclass with a metaclass (objc-runtime-new.mm's
// setSuperclass: cls->superclass = newSuper, cls->ISA()->superclass = newSuper->ISA()). A class
// given a metaclass as superclass is a graph with no cycle: its instances inherit the metaclass's
// methods (the other class's class methods), its metaclass inherits the root metaclass. A
// metaclass given any superclass would make the root metaclass its own ancestor (decision 0034).

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound17SuperclassTests {
  /// `Dog : NSObject` with `+bark` and `-speak`, and `Cat : NSObject` with `-purr`.
  private func makeClasses(in runtime: Runtime) throws -> (dog: Class, cat: Class) {
    let dog = try makeClass("Dog", in: runtime) { cls in
      try cls.isa.addMethod("bark", types: "@16@0:8", implementation: returning("+[Dog bark]"))
      try cls.addMethod("speak", types: "@16@0:8", implementation: returning("-[Dog speak]"))
    }
    let cat = try makeClass("Cat", in: runtime) { cls in
      try cls.addMethod("purr", types: "@16@0:8", implementation: returning("-[Cat purr]"))
    }
    return (dog, cat)
  }

  @Test func aClassWhoseSuperclassIsAMetaclassInheritsItsMethodsAsInstanceMethods() throws {
    let runtime = Runtime()
    let (dog, cat) = try makeClasses(in: runtime)
    _ = try runtime.msgSend(dog, "class")  // +initialize of Dog has run
    let old = try cat.setSuperclass(dog.isa)
    #expect(old === runtime.rootClass)
    #expect(cat.superclass === dog.isa)
    #expect(cat.isa.superclass === runtime.rootClass.isa, "cls->ISA()->superclass = newSuper->ISA(), the root metaclass")
    let tom = try new(cat, in: runtime)
    #expect(try runtime.msgSend(tom, "bark") == .string("+[Dog bark]"), "Dog's class method, found as an instance method")
    #expect(try runtime.msgSend(tom, "purr") == .string("-[Cat purr]"))
    #expect(cat.instancesRespond(to: "bark") && !cat.instancesRespond(to: "speak"))
    #expect(try cat.classMethod(for: "bark") == nil, "Cat's metaclass inherits the root metaclass, not Dog's")
    try runtime.checkInvariants()
  }

  @Test func settingItBackRestoresTheOrdinaryGraph() throws {
    let runtime = Runtime()
    let (dog, cat) = try makeClasses(in: runtime)
    _ = try runtime.msgSend(dog, "class")
    let tom = try new(cat, in: runtime)
    try cat.setSuperclass(dog.isa)
    #expect(try runtime.msgSend(tom, "bark") == .string("+[Dog bark]"))
    #expect(try cat.setSuperclass(runtime.rootClass) === dog.isa)
    #expect(cat.isa.superclass === runtime.rootClass.isa)
    #expect(!cat.instancesRespond(to: "bark"), "the cache was flushed")
    try runtime.checkInvariants()
  }

  @Test func aMetaclassReceiverIsRefusedSinceTheRootMetaclassWouldBeItsOwnAncestor() throws {
    // setSuperclass(meta, x) sets meta->ISA()->superclass, the root metaclass's, to x->ISA():
    // the root metaclass or a metaclass below it. Every class-method miss would then loop.
    let runtime = Runtime()
    let (dog, cat) = try makeClasses(in: runtime)
    for newSuperclass in [dog, dog.isa, runtime.rootClass, runtime.rootClass.isa] {
      let error = expectError(.invalidClassState) { try cat.isa.setSuperclass(newSuperclass) }
      #expect(error?.message.contains("cycle") == true)
    }
    #expect(cat.isa.superclass === runtime.rootClass.isa)
    try runtime.checkInvariants()
  }

  @Test func aMetaclassOfAClassNotYetInitializedIsRefusedForAClassNotYetInitialized() throws {
    // objc4's initializeNonMetaClass would initialize the metaclass as if it were a class
    // (ASSERT(!isMetaClass()) in setInitializing), mark the root metaclass instead, and leave the
    // subclass initializing for ever: undefined, so refused while it could happen.
    let runtime = Runtime()
    let (dog, cat) = try makeClasses(in: runtime)
    #expect(!dog.isInitialized && !cat.isInitialized)
    expectError(.invalidClassState) { try cat.setSuperclass(dog.isa) }
    _ = try runtime.msgSend(cat, "class")  // Cat initialized: it never initializes again
    try cat.setSuperclass(dog.isa)
    #expect(cat.superclass === dog.isa)
    try runtime.checkInvariants()
  }

  @Test func aSuperclassUnderConstructionIsTakenAsObjc4TakesIt() throws {
    // class_setSuperclass checks only that both classes are known (checkIsKnownClass), and
    // objc_allocateClassPair makes a pair known; a disposed class is not.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    try draft.addMethod("hello", types: "@16@0:8", implementation: returning("-[Draft hello]"))
    #expect(try person.setSuperclass(draft) === runtime.rootClass)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "hello") == .string("-[Draft hello]"))
    expectError(.classInUse) { try runtime.disposeClassPair(draft) }
    try runtime.registerClassPair(draft)
    #expect(person.superclass === draft && draft.isRegistered)
    try runtime.checkInvariants()
    let gone = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Gone")
    try runtime.disposeClassPair(gone)
    expectError(.invalidClassState) { try person.setSuperclass(gone) }
    #expect(person.superclass === draft)
  }

  @Test func everyRootClassIsRefusedNotOnlyNSObject() throws {
    // setSuperclass reads the old superclass's subclass list (removeSubclass(oldSuper, cls)) and
    // its isa: a nil dereference for any root class, whichever.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let root = try runtime.allocateClassPair(superclass: nil, name: "OtherRoot")
    try runtime.registerClassPair(root)
    let error = expectError(.invalidClassState) { try root.setSuperclass(person) }
    #expect(error?.message == "class_setSuperclass: OtherRoot is a root class (objc4 would dereference its nil superclass)")
    #expect(root.superclass == nil)
    try runtime.checkInvariants()
  }
}
