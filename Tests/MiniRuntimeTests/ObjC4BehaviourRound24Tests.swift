// ObjC4BehaviourRound24Tests.swift: the twenty-fourth round's fixes of objc4 behaviour: a weak
// store of a class object not yet initialized initializes it (NSObject.mm's storeWeak calls
// class_initialize with the isa, a class object's metaclass included), and a message whose
// signature no -forwardInvocation: can take is dropped with CoreFoundation's warning.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound24Tests {
  // MARK: - Weak stores

  @Test func aWeakStoreOfAClassObjectNotYetInitializedInitializesThatClass() throws {
    // objc4: storeWeak asks whether the new object's isa is initialized and, if not, calls
    // class_initialize(isa, object) before registering the reference. For a class object the isa
    // is its metaclass, which is initialized only once the class is, and class_initialize finds
    // the class from the object (getMaybeUnrealizedNonMetaClass): `__weak id w =
    // objc_getClass("Person")` runs +[Person initialize]. A metaclass object's isa is the root
    // metaclass, so storing one initializes only NSObject.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let calls = Recorder<String>()
    try recordInitialize(person, into: calls)
    let variable = try WeakVariable(student.isa)
    #expect(variable.load() === student.isa)
    #expect(calls.all.isEmpty && !student.isInitialized)
    try variable.store(student)
    #expect(calls.all == ["+[Person initialize]", "+[Student initialize]"])
    #expect(student.isInitialized && variable.load() === student)
    try runtime.checkInvariants()
  }

  // MARK: - Forwarding

  @Test func aSignatureWithoutForwardInvocationDropsTheMessageAndAnswersZero() throws {
    // CoreFoundation's ___forwarding___ (from memory, as the reimplementations of it show): once
    // -methodSignatureForSelector: answers a signature, a receiver whose class does not respond
    // to -forwardInvocation: gets the warning "object %p of class '%s' does not implement
    // forwardInvocation: -- dropping message" and the message answers 0; -doesNotRecognizeSelector:
    // is not sent. Only a root class other than NSObject can lack -forwardInvocation:.
    let runtime = Runtime()
    let root = try runtime.allocateClassPair(superclass: nil, name: "Root")
    let sent = Recorder<String>()
    try root.isa.addMethod("alloc", types: "@16@0:8") { receiver, _, _ in
      .object(try #require(receiver as? Class).createInstance())
    }
    try root.addMethod("methodSignatureForSelector:", types: "@24@0:8:16") { _, _, arguments in
      sent.append("methodSignatureForSelector: \(arguments[0].selectorValue?.name ?? "?")")
      return try runtime.msgSend(runtime.methodSignatureClass(), "signatureWithObjCTypes:", .string("q16@0:8"))
    }
    try root.addMethod("doesNotRecognizeSelector:", types: "v24@0:8:16") { _, _, arguments in
      sent.append("doesNotRecognizeSelector: \(arguments[0].selectorValue?.name ?? "?")")
      throw RuntimeError(.unrecognizedSelector, "raised")
    }
    try runtime.registerClassPair(root)
    let object = try #require(try runtime.msgSend(root, "alloc").objectValue)
    var answer: Value = .nil
    let messages = try diagnostics(of: runtime) { answer = try runtime.msgSend(object, "count") }
    #expect(answer == .int64(0))
    #expect(sent.all == ["methodSignatureForSelector: count"])
    #expect(messages.contains { $0.contains("does not implement forwardInvocation: -- dropping message") }, "\(messages)")
    try runtime.checkInvariants()
  }
}
