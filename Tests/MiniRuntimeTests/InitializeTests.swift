// InitializeTests.swift: +initialize as objc4 sends it: lazily, once per class, before the first
// message to the class or an instance, superclass first, through a real send (so a subclass
// without its own runs its superclass's again), never from a query (Class+Initialize.swift).

import Testing

@testable import MiniRuntime

@Suite struct InitializeTests {
  @Test func initializeIsSentOnceBeforeTheFirstMessageToTheClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try recordInitialize(person, into: calls)
    #expect(!person.isInitialized)
    #expect(calls.all.isEmpty)
    _ = try new(person, in: runtime)
    #expect(calls.all == ["+[Person initialize]"])
    #expect(person.isInitialized && person.isa.isInitialized)
    _ = try new(person, in: runtime)
    try runtime.msgSend(person, "class")
    #expect(calls.all == ["+[Person initialize]"], "once")
    try runtime.checkInvariants()
  }

  @Test func createInstanceAloneDoesNotInitializeButTheFirstMessageToTheInstanceDoes() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try recordInitialize(person, into: calls)
    let ann = try person.createInstance()
    #expect(calls.all.isEmpty, "class_createInstance sends nothing")
    #expect(!person.isInitialized)
    try runtime.msgSend(ann, "setAge:", 3)
    #expect(calls.all == ["+[Person initialize]"])
    try runtime.checkInvariants()
  }

  @Test func superclassIsInitializedBeforeItsSubclass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let calls = Recorder<String>()
    try recordInitialize(person, into: calls)
    try recordInitialize(student, into: calls)
    let events = Recorder<String>()
    let observation = runtime.addEventObserver { if case .classInitialized = $0 { events.append($0.description) } }
    _ = try new(student, in: runtime)
    observation.cancel()
    #expect(calls.all == ["+[Person initialize]", "+[Student initialize]"])
    #expect(events.all == ["initialized class NSObject", "initialized class Person", "initialized class Student"])
    try runtime.checkInvariants()
  }

  @Test func subclassWithoutInitializeRunsItsSuperclassesAgainWithItselfAsReceiver() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let calls = Recorder<String>()
    try recordInitialize(person, into: calls)
    _ = try new(student, in: runtime)
    // The classic lesson: guard +initialize with `if (self == [Person class])`.
    #expect(calls.all == ["+[Person initialize]", "+[Student initialize]"])
    _ = try new(person, in: runtime)
    #expect(calls.count == 2, "Person was already initialized, as Student's superclass")
    try runtime.checkInvariants()
  }

  @Test func initializingThreadMayMessageTheClassAndItsInstancesFromInitialize() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let seen = Recorder<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { receiver, _, _ in
      let made = try Runtime.msgSend(receiver, "new")  // the class itself, while initializing
      try Runtime.msgSend(made.objectValue, "setAge:", 7)
      seen.append("age \(try Runtime.msgSend(made.objectValue, "age"))")
      seen.append("initialized while running: \((receiver as? Class)?.isInitialized ?? true)")
      return .nil
    }
    _ = try new(person, in: runtime)
    #expect(seen.all == ["age 7", "initialized while running: false"])
    #expect(person.isInitialized)
    try runtime.checkInvariants()
  }

  @Test func sendsDuringInitializeFillNoCache() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let cachedDuring = Box(-1)
    try person.isa.addMethod("initialize", types: "v16@0:8") { receiver, _, _ in
      let made = try Runtime.msgSend(receiver, "new")
      try Runtime.msgSend(made.objectValue, "age")
      cachedDuring.value = runtime.withState { state in person.cache.entries(&state).count + person.isa.cache.entries(&state).count }
      return .nil
    }
    let ann = try new(person, in: runtime)
    #expect(cachedDuring.value == 0, "never cache before +initialize is done")
    try runtime.msgSend(ann, "age")
    #expect(runtime.withState { state in person.cache.entries(&state).count } > 0, "cached once initialized")
    try runtime.checkInvariants()
  }

  @Test func errorThrownByInitializeReachesTheSenderAndTheClassCountsAsInitialized() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      calls.append("initialize")
      throw RuntimeError(.invalidArgument, "+[Person initialize] failed")
    }
    let error = expectError(.invalidArgument) { _ = try new(person, in: runtime) }
    #expect(error?.message == "+[Person initialize] failed")
    #expect(person.isInitialized, "objc4 marks the class initialized when +initialize raises")
    _ = try new(person, in: runtime)
    #expect(calls.all == ["initialize"])
    try runtime.checkInvariants()
  }

  @Test func classMethodResolutionRunsAfterInitialize() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let order = Recorder<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      order.append("initialize")
      return .nil
    }
    try person.isa.addMethod("resolveClassMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      order.append("resolveClassMethod: \(arguments[0].selectorValue?.name ?? "")")
      guard let cls = receiver as? Class else { return false }
      return .bool(try cls.isa.addMethod("make", types: "@16@0:8") { _, _, _ in "made" })
    }
    #expect(try runtime.msgSend(person, "make") == "made")
    #expect(order.all == ["initialize", "resolveClassMethod: make"])
    try runtime.checkInvariants()
  }

  @Test func queriesOtherThanMethodImplementationNeverInitialize() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try recordInitialize(person, into: calls)
    let ann = try person.createInstance()
    _ = try person.instanceMethod(for: "age")  // found: no resolver, so no message at all
    _ = try person.classMethod(for: "new")
    _ = person.instanceMethodWithoutResolver(for: "fly")
    _ = person.methodImplementationWithoutResolver(for: "age")
    _ = person.instancesRespond(to: "age")
    _ = person.isa.instancesRespond(to: "new")
    _ = ann.runs(Implementation.forwarding, for: "age")
    _ = person.methodList
    #expect(calls.all.isEmpty)
    #expect(!person.isInitialized)
    try runtime.checkInvariants()
  }

  @Test func superSendInitializesTheClassItStartsAt() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let calls = Recorder<String>()
    try recordInitialize(person, into: calls)
    try recordInitialize(student, into: calls)
    let stu = try student.createInstance()
    try runtime.msgSendSuper(stu, superclass: person, "age")
    #expect(calls.all == ["+[Person initialize]"], "objc_msgSendSuper initializes the class it searches from")
    #expect(!student.isInitialized)
    try runtime.msgSend(stu, "age")
    #expect(calls.all == ["+[Person initialize]", "+[Student initialize]"])
    try runtime.checkInvariants()
  }

  @Test func subclassMessagedFromItsSuperclassesInitializeFinishesAfterIt() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let calls = Recorder<String>()
    try student.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      calls.append("+[Student initialize]")
      return .nil
    }
    try person.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      calls.append("+[Person initialize] begins")
      _ = try Runtime.msgSend(student, "class")  // initializes Student while Person is initializing
      calls.append("Student initialized: \(student.isInitialized)")
      calls.append("+[Person initialize] ends")
      return .nil
    }
    _ = try new(person, in: runtime)
    #expect(
      calls.all == [
        "+[Person initialize] begins", "+[Student initialize]",
        "Student initialized: false",  // pending until its superclass is done (objc4's _finishInitializingAfter)
        "+[Person initialize] ends",
      ])
    #expect(person.isInitialized && student.isInitialized)
    try runtime.checkInvariants()
  }

  @Test func rootClassWithoutInitializeIsMarkedInitializedWithoutASend() throws {
    let runtime = Runtime()
    let root = try runtime.allocateClassPair(superclass: nil, name: "Root")
    try root.addMethod("ping", types: "@16@0:8") { _, _, _ in "pong" }
    try runtime.registerClassPair(root)
    let object = try root.createInstance()
    #expect(try runtime.msgSend(object, "ping") == "pong")
    #expect(root.isInitialized)
    try runtime.checkInvariants()
  }

  @Test func initializeIsReportedAsAMessageOnlyWhileSendsAreTracedAndRunsOnceEitherWay() throws {
    for traced in [false, true] {
      let runtime = Runtime()
      let person = try makePerson(in: runtime)
      let calls = Recorder<String>()
      try recordInitialize(person, into: calls)
      let sends = Recorder<String>()
      let observation = runtime.addEventObserver(includingMessageSends: traced) { event in
        if case .messageSent(let receiver, let selector, let implementation, _) = event, selector == "initialize" {
          sends.append("\(receiver) \(implementation)")
        }
      }
      _ = try new(person, in: runtime)
      observation.cancel()
      #expect(calls.all == ["+[Person initialize]"])
      #expect(sends.all.count == (traced ? 2 : 0), "NSObject's, then Person's: \(sends.all)")
      #expect(person.isInitialized)
      try runtime.checkInvariants()
    }
  }

  @Test func nsobjectIsInitializedByTheFirstMessageOfTheRuntime() throws {
    let runtime = Runtime()
    #expect(!runtime.rootClass.isInitialized)
    _ = try runtime.msgSend(runtime.rootClass, "class")
    #expect(runtime.rootClass.isInitialized && runtime.rootClass.isa.isInitialized)
    try runtime.checkInvariants()
  }
}
