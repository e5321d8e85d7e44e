// ObjC4BehaviourRound3LookupTests.swift: the third round of objc4 behaviour cases, continued from
// ObjC4BehaviourRound3Tests: class-message lookup and resolution, forwarding targets, allocation
// through overridden +alloc, and the smaller cases. Each test pins objc4's semantics.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound3LookupTests {
  @Test func classMessageMissRunsResolveClassMethodThenResolveInstanceMethodOnTheMetaclass() throws {
    // resolveMethod_locked on a metaclass: [cls resolveClassMethod:], then, if still missing,
    // [meta resolveInstanceMethod:], a message to the metaclass object, so NSObject's class side answers.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("resolveClassMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      calls.append("resolveClassMethod: \((receiver as? Class)?.name ?? "?") \(arguments[0].selectorValue?.name ?? "?")")
      return false
    }
    try runtime.rootClass.isa.replaceMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      let cls = receiver as? Class
      calls.append("resolveInstanceMethod: \(cls?.name ?? "?")\(cls?.isMetaclass == true ? " (meta)" : "") \(arguments[0].selectorValue?.name ?? "?")")
      return false
    }
    expectError(.unrecognizedSelector) { _ = try runtime.msgSend(person, "fly") }
    #expect(calls.all == ["resolveClassMethod: Person fly", "resolveInstanceMethod: Person (meta) fly"])
  }

  @Test func classMethodLookupFindsRootInstanceMethods() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(runtime.rootClass, "rootOnly", "root")
    #expect(try person.classMethod(for: "rootOnly")?.owner === runtime.rootClass)
    #expect(try runtime.msgSend(person, "respondsToSelector:", .selector("rootOnly")) == true)
  }

  @Test func superClassMessageAnswersTheReceiversClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSendSuper(ann, superclass: runtime.rootClass, "class").classValue === person)
    #expect(try runtime.msgSendSuper(person, superclass: runtime.rootClass.isa, "class").classValue === person)
  }

  @Test func setSuperclassMovesTheMetaclassAndClassMessagesFollow() throws {
    let runtime = Runtime()
    let a = try makeClass("A", in: runtime)
    try addReturning(a.isa, "kind", "a")
    let b = try makeClass("B", in: runtime)
    try addReturning(b.isa, "kind", "b")
    let sub = try makeSubclass(of: a, named: "Sub", in: runtime)
    #expect(try runtime.msgSend(sub, "kind") == "a")
    try sub.setSuperclass(b)
    #expect(sub.isa.superclass === b.isa)
    #expect(try runtime.msgSend(sub, "kind") == "b")
    try runtime.checkInvariants()
  }

  @Test func forwardingTargetThatCannotAnswerReportsItsOwnClass() throws {
    let runtime = Runtime()
    let target = try makeClass("Target", in: runtime)
    let proxy = try makeClass("Proxy", in: runtime)
    let inner = try new(target, in: runtime)
    try proxy.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { _, _, _ in .object(inner) }
    let outer = try new(proxy, in: runtime)
    let error = expectError(.unrecognizedSelector) { _ = try runtime.msgSend(outer, "fly") }
    #expect(error?.message == "-[Target fly]: unrecognized selector sent to instance \(inner.address)")
  }

  @Test func classObjectsTakeAssociationsAndWeakReferences() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let key = AssociationKey("shared")
    try person.setAssociatedObject("registry", forKey: key, policy: .retain)
    #expect(person.associatedObject(forKey: key) == "registry")
    let variable = WeakVariable()
    try variable.store(person)
    #expect(variable.load() === person)
  }

  @Test func syncExitOfNilSucceeds() {
    #expect(Runtime.syncExit(nil) == .success)
  }

  @Test func metaclassInstanceSizeIsThatOfAClassObject() throws {
    // class_getInstanceSize(object_getClass([NSObject class])) is sizeof(objc_class): 40 bytes.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(runtime.rootClass.isa.instanceSize == 40)
    #expect(person.isa.instanceSize == 40)
  }
}

@Suite struct ObjC4BehaviourRound3AllocationTests {
  @Test func newSendsAnOverriddenAllocAndReturnsWhatInitReturns() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("alloc", types: "@16@0:8") { receiver, selector, _ in
      calls.append("alloc")
      return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass.isa, selector)
    }
    let stand = try person.createInstance()
    try person.addMethod("init", types: "@16@0:8") { _, _, _ in
      calls.append("init")
      return .object(stand)
    }
    let made = try runtime.msgSend(person, "new").objectValue
    #expect(made === stand)
    #expect(calls.all == ["alloc", "init"])
  }

  @Test func allocSendsAnOverriddenAllocWithZone() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    #expect(try runtime.msgSend(person, "allocWithZone:", .nil).objectValue?.isa === person)  // NSObject's
    try person.isa.addMethod("allocWithZone:", types: "@24@0:8^{_NSZone=}16") { receiver, selector, arguments in
      calls.append("allocWithZone:")
      return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass.isa, selector, arguments[0])
    }
    let made = try runtime.msgSend(person, "alloc").objectValue
    #expect(made?.isa === person)
    #expect(calls.all == ["allocWithZone:"])
    _ = try new(person, in: runtime)  // +new → +alloc → +allocWithZone:
    #expect(calls.all == ["allocWithZone:", "allocWithZone:"])
  }

  @Test func isAncestorOfObjectAsksTheObjectsClassChain() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let stu = try new(student, in: runtime)
    #expect(try runtime.msgSend(person, "isAncestorOfObject:", .object(stu)) == true)
    #expect(try runtime.msgSend(student, "isAncestorOfObject:", .object(try new(person, in: runtime))) == false)
    #expect(try runtime.msgSend(runtime.rootClass, "isAncestorOfObject:", .object(person)) == true)  // [Person class] is Person
  }
}

@Suite struct ObjC4BehaviourRound3MiscTests {
  @Test func performSelectorOfAMissingSelectorNamesThatSelector() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let error = expectError(.unrecognizedSelector) { _ = try runtime.msgSend(ann, "performSelector:", .selector("fly")) }
    #expect(error?.message == "-[Person fly]: unrecognized selector sent to instance \(ann.address)")
  }

  @Test func methodImplementationOfAMetaclassAnswersTheClassMethod() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(person.isa, "make", "made")
    #expect(try person.isa.methodImplementation(for: "make")?.name == "made")
    #expect(try person.methodImplementation(for: "make") === Implementation.forwarding)
  }
}
