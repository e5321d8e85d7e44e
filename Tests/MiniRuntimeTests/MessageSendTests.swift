// MessageSendTests.swift: msgSend, msgSendSuper and the NSObject messages every object answers
// (Runtime+MessageSend.swift, RootClass.swift).

import Testing

@testable import MiniRuntime

@Suite struct MessageSendTests {
  @Test func messageToNilReturnsNilAndRunsNothing() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    let person = try makePerson(in: runtime)
    try person.addMethod("greet", types: "@16@0:8") { _, _, _ in
      calls.append("greet")
      return "hi"
    }
    let sends = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver(includingMessageSends: true) { sends.append($0) }
    #expect(try runtime.msgSend(nil, "greet") == .nil)
    #expect(try runtime.msgSend(nil, "setAge:", 3) == .nil)
    #expect(try runtime.msgSend(nil, "neverImplemented") == .nil)
    #expect(try runtime.msgSend(nil, "setAge:") == .nil, "nil is not even checked for arity, as in objc")
    #expect(try runtime.msgSendSuper(nil, superclass: person, "greet") == .nil)
    observation.cancel()
    #expect(calls.count == 0)
    #expect(sends.count == 0)
    try runtime.checkInvariants()
  }

  @Test func sendPassesReceiverSelectorAndArguments() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let seen = Recorder<String>()
    try person.addMethod("say:to:", types: "@32@0:8@16@24") { receiver, selector, arguments in
      seen.append("\(receiver.isa.name) \(selector.name) \(arguments)")
      return .string("\(arguments[0].stringValue!), \(arguments[1].stringValue!)")
    }
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "say:to:", "hello", "Bob") == "hello, Bob")
    #expect(seen.all == ["Person say:to: \"hello\", \"Bob\""])
    try runtime.checkInvariants()
  }

  @Test func wrongArgumentCountThrowsAndRunsNothing() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    try runtime.msgSend(ann, "setAge:", 7)
    let error = expectError(.wrongArgumentCount) { try runtime.msgSend(ann, "setAge:") }
    #expect(error?.message == "-[Person setAge:]: sent with 0 argument(s), but the selector takes 1")
    expectError(.wrongArgumentCount) { try runtime.msgSend(ann, "setAge:", 1, 2) }
    expectError(.wrongArgumentCount) { try runtime.msgSend(ann, "age", 1) }
    expectError(.wrongArgumentCount) { try runtime.msgSendSuper(ann, superclass: person, "setAge:") }
    let classError = expectError(.wrongArgumentCount) { try runtime.msgSend(person, "alloc", 1) }
    #expect(classError?.message.hasPrefix("+[Person alloc]") == true)
    #expect(try runtime.msgSend(ann, "age") == 7)
    try runtime.checkInvariants()
  }

  @Test func msgSendSuperStartsSearchAtGivenClass() throws {
    let runtime = Runtime()
    let order = Recorder<String>()
    let person = try makePerson(in: runtime)
    try person.addMethod("greet", types: "@16@0:8") { _, _, _ in
      order.append("Person")
      return "person"
    }
    let student = try makeClass("Student", superclass: person, in: runtime) { cls in
      try cls.addMethod("greet", types: "@16@0:8") { receiver, selector, _ in
        order.append("Student")
        let fromSuper = try receiver.runtime!.msgSendSuper(receiver, superclass: person, selector)
        return .string("student+" + fromSuper.stringValue!)
      }
    }
    let stu = try new(student, in: runtime)
    #expect(try runtime.msgSend(stu, "greet") == "student+person")
    #expect(order.all == ["Student", "Person"])
    #expect(try runtime.msgSendSuper(stu, superclass: person, "greet") == "person")
    #expect(try runtime.msgSendSuper(stu, superclass: student, "greet") == "student+person")
    try runtime.checkInvariants()
  }

  @Test func msgSendSuperWithArgumentsAndOnClassSide() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeClass("Student", superclass: person, in: runtime) { cls in
      try cls.addMethod("setAge:", types: "v24@0:8q16") { receiver, selector, arguments in
        try receiver.runtime!.msgSendSuper(receiver, superclass: person, selector, .int(arguments[0].intValue! * 2))
      }
    }
    try person.isa.addMethod("kind", types: "@16@0:8", implementation: returning("person kind"))
    let stu = try new(student, in: runtime)
    try runtime.msgSend(stu, "setAge:", 21)
    #expect(try runtime.msgSend(stu, "age") == 42)
    #expect(try runtime.msgSendSuper(stu, superclass: person, "setAge:", arguments: [5]) == .nil)
    #expect(try runtime.msgSend(stu, "age") == 5)
    #expect(try runtime.msgSendSuper(student, superclass: person.isa, "kind") == "person kind")
    let error = expectError(.unrecognizedSelector) {
      try runtime.msgSendSuper(stu, superclass: runtime.rootClass, "age")
    }
    #expect(error?.message.hasPrefix("-[Student age]: unrecognized selector") == true)
    try runtime.checkInvariants()
  }

  @Test func performSelectorSendsTheSelector() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("join:and:", types: "@32@0:8@16@24") { _, _, arguments in
      .string(arguments[0].stringValue! + arguments[1].stringValue!)
    }
    let ann = try new(person, in: runtime)
    try runtime.msgSend(ann, "setAge:", 30)
    #expect(try runtime.msgSend(ann, "performSelector:", .selector("age")) == 30)
    #expect(try runtime.msgSend(ann, "performSelector:withObject:", .selector("setName:"), "Ann") == .nil)
    #expect(try runtime.msgSend(ann, "name") == "Ann")
    #expect(
      try runtime.msgSend(ann, "performSelector:withObject:withObject:", arguments: [.selector("join:and:"), "a", "b"])
        == "ab")
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "performSelector:", .selector("fly")) }
    expectError(.invalidArgument) { try runtime.msgSend(ann, "performSelector:", "age") }
    expectError(.wrongArgumentCount) { try runtime.msgSend(ann, "performSelector:", .selector("setName:")) }
    try runtime.checkInvariants()
  }

  @Test func respondsToSelectorAnswersForInstancesAndClasses() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("age")) == true)
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("description")) == true)
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("fly")) == false)
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("alloc")) == false)
    #expect(try runtime.msgSend(person, "respondsToSelector:", .selector("alloc")) == true)
    #expect(try runtime.msgSend(person, "respondsToSelector:", .selector("age")) == false)
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector("age")) == true)
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector("alloc")) == false)
    #expect(try runtime.msgSend(ann, "respondsToSelector:", "age") == false, "a non-selector argument answers NO")
    try runtime.checkInvariants()
  }

  @Test func isKindOfClassAndIsMemberOfClassOnInstances() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let other = try makeClass("Other", in: runtime)
    let stu = try new(student, in: runtime)
    func send(_ selector: Selector, _ cls: Class) throws -> Value { try runtime.msgSend(stu, selector, .class(cls)) }
    #expect(try send("isKindOfClass:", student) == true)
    #expect(try send("isKindOfClass:", person) == true)
    #expect(try send("isKindOfClass:", runtime.rootClass) == true)
    #expect(try send("isKindOfClass:", other) == false)
    #expect(try send("isMemberOfClass:", student) == true)
    #expect(try send("isMemberOfClass:", person) == false)
    #expect(try runtime.msgSend(stu, "isKindOfClass:", .nil) == false)
    try runtime.checkInvariants()
  }

  @Test func isKindOfClassOnClassesWalksTheMetaclassChain() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let nsobject = runtime.rootClass
    // [Person isKindOfClass:Person] is NO: Person is an instance of its metaclass, not of Person.
    #expect(try runtime.msgSend(person, "isKindOfClass:", .class(person)) == false)
    #expect(try runtime.msgSend(person, "isKindOfClass:", .class(nsobject)) == true)
    #expect(try runtime.msgSend(person, "isKindOfClass:", .class(person.isa)) == true)
    #expect(try runtime.msgSend(person, "isMemberOfClass:", .class(person)) == false)
    #expect(try runtime.msgSend(person, "isMemberOfClass:", .class(person.isa)) == true)
    #expect(try runtime.msgSend(nsobject, "isKindOfClass:", .class(nsobject)) == true, "the famous root case")
    #expect(try runtime.msgSend(person, "isSubclassOfClass:", .class(nsobject)) == true)
    #expect(try runtime.msgSend(person, "isSubclassOfClass:", .class(person)) == true)
    try runtime.checkInvariants()
  }

  @Test func classAndSuperclassOnBothSides() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let stu = try new(student, in: runtime)
    #expect(try runtime.msgSend(stu, "class") == .class(student))
    #expect(
      try runtime.msgSend(student, "class") == .class(student), "+class returns the class itself, not the metaclass")
    #expect(try runtime.msgSend(stu, "superclass") == .class(person))
    #expect(try runtime.msgSend(student, "superclass") == .class(person))
    #expect(try runtime.msgSend(runtime.rootClass, "superclass") == .nil)
    #expect(try runtime.msgSend(stu, "self") == .object(stu))
    try runtime.checkInvariants()
  }

  @Test func descriptionFormatsClassNameAndAddress() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    #expect(ann.address.hasPrefix("0x"))
    #expect(UInt(ann.address.dropFirst(2), radix: 16) != nil)
    #expect(ann.description == "<Person: \(ann.address)>")
    #expect(try runtime.msgSend(ann, "description") == .string("<Person: \(ann.address)>"))
    #expect(try runtime.msgSend(person, "description") == "Person")
    let bob = try new(person, in: runtime)
    #expect(ann.address != bob.address)
    try runtime.checkInvariants()
  }

  @Test func isEqualAndHashUseIdentity() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let bob = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "isEqual:", .object(ann)) == true)
    #expect(try runtime.msgSend(ann, "isEqual:", .object(bob)) == false)
    #expect(try runtime.msgSend(ann, "isEqual:", .nil) == false)
    #expect(try runtime.msgSend(ann, "hash") == runtime.msgSend(ann, "hash"))
    #expect(try runtime.msgSend(ann, "hash") != runtime.msgSend(bob, "hash"))
    #expect(ann == ann)
    #expect(ann != bob)
    #expect(Set([ann, ann, bob]).count == 2)
    try runtime.checkInvariants()
  }

  @Test func newSendsAllocAndInit() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    let person = try makePerson(in: runtime)
    try person.isa.addMethod("alloc", types: "@16@0:8") { receiver, selector, _ in
      calls.append("alloc")
      return try receiver.runtime!.msgSendSuper(receiver, superclass: receiver.runtime!.rootClass.isa, selector)
    }
    try person.addMethod("init", types: "@16@0:8") { receiver, selector, _ in
      calls.append("init")
      let object = try receiver.runtime!.msgSendSuper(receiver, superclass: receiver.runtime!.rootClass, selector)
      try receiver.runtime!.msgSend(object.objectValue, "setAge:", 18)
      return object
    }
    let ann = try new(person, in: runtime)
    #expect(calls.all == ["alloc", "init"])
    #expect(ann.isa === person)
    #expect(try runtime.msgSend(ann, "age") == 18)
    let allocated = try #require(try runtime.msgSend(person, "alloc").objectValue)
    #expect(try runtime.msgSend(allocated, "age") == 0, "alloc alone does not run init")
    #expect(calls.all == ["alloc", "init", "alloc"])
    try runtime.checkInvariants()
  }

  @Test func initCanReturnADifferentObject() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let replacement = try person.createInstance()
    // Held weakly: an implementation that retains an object retains its runtime (a cycle).
    let weakReplacement = WeakReference(replacement)
    try person.addMethod("init", types: "@16@0:8") { receiver, _, _ in .object(weakReplacement.object ?? receiver) }
    #expect(try new(person, in: runtime) === replacement)
    try runtime.checkInvariants()
  }

  @Test func classReceiverUsesClassMethods() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.isa.addMethod("species", types: "@16@0:8", implementation: returning("human"))
    try addReturning(person, "species", "instance side")
    #expect(try runtime.msgSend(person, "species") == "human")
    #expect(try runtime.msgSend(try new(person, in: runtime), "species") == "instance side")
    try runtime.checkInvariants()
  }
}
