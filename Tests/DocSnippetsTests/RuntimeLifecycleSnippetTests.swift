// RuntimeLifecycleSnippetTests.swift: the examples of docs/runtime.md from "Isa swizzling" on
// (associated objects, weak references, the lifecycle, events, introspection, invariants and
// errors); the earlier chapters' are in RuntimeSnippetTests.swift, with the snippet convention.

import MiniRuntime
import Testing

@Suite struct RuntimeLifecycleSnippetTests {
  @Test func setClassSwapsTheIsaAndKeepsTheBytes() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.addIvar("_age", type: .longLong)
    try runtime.registerClassPair(person)
    let robot = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Robot")
    try robot.addIvar("_serial", type: .object(className: "NSString"))
    try runtime.registerClassPair(robot)
    // snippet: docs/runtime.md#isa-swizzling
    let student = try runtime.allocateClassPair(superclass: person, name: "Student")  // adds no ivars
    try runtime.registerClassPair(student)

    let ann = try person.createInstance()
    try ann.setValue(42, forIvar: "_age")
    #expect(try ann.setClass(student) === person)  // object_setClass returns the previous class
    #expect(ann.isa === student)
    #expect(try ann.value(ofIvar: "_age") == 42)  // ivars belong to the object, not to its class
    try ann.setClass(robot)  // objc4 takes any class: the object keeps its 16 bytes
    let error = #expect(throws: RuntimeError.self) { try ann.value(ofIvar: "_serial") }
    #expect(error?.code == .incompatibleLayout)  // bytes 8..<16 hold a long long, not an object
    try ann.setClass(student)
    // end snippet
    #expect(ann.isa === student)
    try runtime.checkInvariants()
  }

  @Test func setClassGivesAClassObjectAMetaclassInheritingFromItsOwn() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    try person.metaclass.addMethod("kind", types: "@16@0:8") { _, _, _ in "person" }
    // snippet: docs/runtime.md#isa-swizzling (2)
    let watched = try runtime.allocateClassPair(superclass: person, name: "Watched")
    try runtime.registerClassPair(watched)
    try watched.metaclass.addMethod("kind", types: "@16@0:8") { _, _, _ in "watched" }

    #expect(try person.setClass(watched.metaclass) === person.metaclass)  // the previous isa
    #expect(person.isa === watched.metaclass)  // object_getClass(Person)
    #expect(try runtime.msgSend(person, "kind") == "watched")  // class methods go through it at once
    #expect(try runtime.msgSend(person, "class") == .class(person))  // [Person class]
    #expect(person.metaclass.superclass === runtime.rootClass.metaclass)  // the graph is unchanged
    let error = #expect(throws: RuntimeError.self) { try person.setClass(watched) }
    #expect(error?.code == .invalidClassState)  // a class object's isa is a metaclass
    try person.setClass(person.metaclass)  // and back
    // end snippet
    #expect(try runtime.msgSend(person, "kind") == "person")
    try runtime.checkInvariants()
  }

  @Test func associatedObjectsFollowTheirPolicy() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    let ann = try person.createInstance()
    // snippet: docs/runtime.md#associated-objects
    let nameTag = AssociationKey("nameTag")
    try ann.setAssociatedObject("Ann", forKey: nameTag, policy: .retainNonatomic)
    #expect(ann.associatedObject(forKey: nameTag) == "Ann")

    let badgeKey = AssociationKey("badge")
    var badge: Object? = try person.createInstance()
    try ann.setAssociatedObject(.object(try #require(badge)), forKey: badgeKey, policy: .assign)
    badge = nil
    #expect(ann.associatedObject(forKey: badgeKey) == .nil)  // assign is weak here; Objective-C would dangle
    try ann.setAssociatedObject(nil, forKey: nameTag, policy: .retain)  // nil removes the association
    #expect(ann.associationKeys.map(\.name) == ["badge"])
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func weakReferencesReadNilOnceTheObjectIsGone() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    // snippet: docs/runtime.md#weak-references
    var object: Object? = try person.createInstance()
    let reference = WeakReference(object)
    #expect(reference.object === object)
    object = nil
    #expect(reference.object == nil)
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func deallocRunsThroughTheIsaThenAssociationsAreReleased() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    let student = try runtime.allocateClassPair(superclass: person, name: "Student")
    try runtime.registerClassPair(student)
    let tag = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Tag")
    try runtime.registerClassPair(tag)
    // snippet: docs/runtime.md#lifecycle
    let order = Locked<[String]>([])
    try person.addMethod("dealloc") { receiver, _cmd, _ in
      order.withLock { $0.append("-[Person dealloc]") }
      guard let runtime = receiver.runtime else { return .nil }
      return try runtime.msgSendSuper(receiver, superclass: runtime.rootClass, _cmd)  // [super dealloc]
    }
    try student.addMethod("dealloc") { receiver, _cmd, _ in
      order.withLock { $0.append("-[Student dealloc]") }
      return try Runtime.msgSendSuper(receiver, superclass: person, _cmd)
    }
    try tag.addMethod("dealloc") { _, _, _ in
      order.withLock { $0.append("-[Tag dealloc]") }
      return .nil
    }

    var stu: Object? = try student.createInstance()
    try stu?.setAssociatedObject(.object(try tag.createInstance()), forKey: AssociationKey("tag"), policy: .retain)
    stu = nil  // the last reference: dealloc through the isa, then the associated Tag goes
    #expect(order.withLock { $0 } == ["-[Student dealloc]", "-[Person dealloc]", "-[Tag dealloc]"])
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func eventsTellWhatTheRuntimeDid() throws {
    let runtime = Runtime()
    // snippet: docs/runtime.md#runtime-events
    let log = Locked<[String]>([])
    let observation = runtime.addEventObserver { event in log.withLock { $0.append(event.description) } }
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    observation.cancel()
    #expect(
      log.withLock { $0 } == [
        "allocated class pair Person : NSObject",
        "added ivar Person._age 'q'",
        "added property Person.age 'Tq,V_age'",
        "added method -[Person age] 'q16@0:8'",
        "added method -[Person setAge:] 'v24@0:8q16'",
        "registered class Person",
      ])
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func dumpsShowClassesAndObjects() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    let ann = try #require(try runtime.msgSend(person, "new").objectValue)
    try runtime.msgSend(ann, "setAge:", 42)
    // snippet: docs/runtime.md#introspection
    #expect(
      person.dump() == """
        class Person : NSObject
          superclass chain: Person → NSObject
          metaclass: Person (meta), isa → NSObject (meta), superclass → NSObject (meta)
          state: registered, live instances: 1
          ivars:
            _age  q  (offset 8, 8 bytes)
          properties:
            age  Tq,V_age
          instance methods:
            -setAge:  v24@0:8q16  -[Person setAge:]
            -age      q16@0:8     -[Person age]
          class methods: (none)
        """)
    #expect(
      ann.dump() == """
        <Person: \(ann.address)>
          isa: Person
          ivars:
            _age = 42  (q)
          associated objects: (none)
        """)
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func invariantsHoldAfterEveryPublicCall() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    // snippet: docs/runtime.md#invariants
    #expect(runtime.invariantViolations() == [])
    try runtime.checkInvariants()  // throws, listing every broken invariant, if any
    // end snippet
  }

  @Test func errorsNameTheProblemLikeTheObjectiveCRuntime() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    let ann = try person.createInstance()
    // snippet: docs/runtime.md#errors
    do {
      _ = try runtime.msgSend(ann, "swim")
      Issue.record("a message nobody implements throws")
    } catch let error as RuntimeError {
      #expect(error.code == .unrecognizedSelector)
      #expect(error.message == "-[Person swim]: unrecognized selector sent to instance \(ann.address)")
    }
    // end snippet
    try runtime.checkInvariants()
  }
}
