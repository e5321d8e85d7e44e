// RuntimeEventTests.swift: the opt-in stream of runtime events (RuntimeEvent.swift, EventHub.swift).

import Testing

@testable import MiniRuntime

@Suite struct RuntimeEventTests {
  @Test func noObserverMeansNotObserving() throws {
    let runtime = Runtime()
    #expect(runtime.isObservingEvents == false)
    #expect(!runtime.events.tracesSends)
    try runtime.checkInvariants()
  }

  @Test func classAndMethodChangesProduceEventsInOrder() throws {
    let runtime = Runtime()
    let events = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver { events.append($0) }
    #expect(runtime.isObservingEvents)
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.addIvar("_age", type: .longLong)
    try person.addProperty("age", attributes: "Tq,V_age")
    try addReturning(person, "greet", "hi")
    try runtime.registerClassPair(person)
    let sibling = try makeClass("Sibling", in: runtime)
    let ann = try person.createInstance()
    try runtime.msgSend(ann, "greet")
    runtime.flushCaches(person)
    runtime.flushCaches(person)  // nothing left to flush: no second event
    try person.replaceMethod("greet", types: "@16@0:8", implementation: returning("hello"))
    try addReturning(person, "wave", "waving")
    // The plain queries: class_getInstanceMethod would also fill the cache (and the exchange flush it).
    try person.instanceMethodWithoutResolver(for: "greet")!.exchangeImplementation(with: person.instanceMethodWithoutResolver(for: "wave")!)
    try ann.setClass(sibling)
    try ann.setClass(person)
    observation.cancel()
    let address = ann.address
    #expect(
      events.all == [
        .classAllocated(name: "Person", superclass: "NSObject"),
        .ivarAdded(class: "Person", name: "_age", type: "q"),
        .propertyAdded(class: "Person", name: "age", attributes: "Tq,V_age"),
        .methodAdded(class: "Person", selector: "greet", types: "@16@0:8", isClassMethod: false),
        .classRegistered(name: "Person"),
        .classAllocated(name: "Sibling", superclass: "NSObject"),
        .classRegistered(name: "Sibling"),
        .classInitialized(name: "NSObject"),  // the first message to a Person initializes the chain
        .classInitialized(name: "Person"),
        .cacheFlushed(class: "Person", isMetaclass: false),
        .methodReplaced(class: "Person", selector: "greet", isClassMethod: false),
        .methodAdded(class: "Person", selector: "wave", types: "@16@0:8", isClassMethod: false),
        .implementationsExchanged(first: "-[Person greet]", second: "-[Person wave]"),
        .classInitialized(name: "Sibling"),  // object_setClass initializes the class it installs first (objc4)
        .isaChanged(object: "<Person: \(address)>", from: "Person", to: "Sibling"),
        .isaChanged(object: "<Sibling: \(address)>", from: "Sibling", to: "Person"),
      ])
    try runtime.checkInvariants()
  }

  @Test func disposeAndSuperclassChangesProduceEvents() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime)
    let other = try makeClass("Other", in: runtime)
    let child = try makeSubclass(of: base, named: "Child", in: runtime)
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    let events = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver { events.append($0) }
    try child.setSuperclass(other)
    try runtime.disposeClassPair(draft)
    try child.isa.addMethod("make", types: "@16@0:8", implementation: returning("made"))
    observation.cancel()
    #expect(
      events.all == [
        .superclassChanged(class: "Child", from: "Base", to: "Other"),
        .classDisposed(name: "Draft"),
        .methodAdded(class: "Child", selector: "make", types: "@16@0:8", isClassMethod: true),
      ])
    try runtime.checkInvariants()
  }

  @Test func methodChangeReportsEachCacheItRemovedEntriesFrom() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let ann = try new(person, in: runtime)
    let stu = try new(student, in: runtime)
    try runtime.msgSend(ann, "age")
    try runtime.msgSend(stu, "age")
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "greet") }  // negative entries
    expectError(.unrecognizedSelector) { try runtime.msgSend(stu, "greet") }
    let events = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver { events.append($0) }
    try addReturning(person, "greet", "hi")
    observation.cancel()
    // The cause first, then every cache it removed greet from (the class, then its subclasses);
    // the cached age entries stay.
    #expect(
      events.all == [
        .methodAdded(class: "Person", selector: "greet", types: "@16@0:8", isClassMethod: false),
        .cacheEntriesFlushed(class: "Person", isMetaclass: false, selector: "greet", count: 1),
        .cacheEntriesFlushed(class: "Student", isMetaclass: false, selector: "greet", count: 1),
      ])
    #expect(person.cache.lookUp("age") != nil && student.cache.lookUp("age") != nil)
    try runtime.checkInvariants()
  }

  @Test func cancelStopsEvents() throws {
    let runtime = Runtime()
    let events = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver { events.append($0) }
    _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Before")
    observation.cancel()
    observation.cancel()  // harmless twice
    #expect(!runtime.isObservingEvents)
    _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "After")
    #expect(events.all == [.classAllocated(name: "Before", superclass: "NSObject")])
    try runtime.checkInvariants()
  }

  @Test func releasingObservationStopsEvents() throws {
    let runtime = Runtime()
    let events = Recorder<RuntimeEvent>()
    do {
      let observation = runtime.addEventObserver { events.append($0) }
      _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Before")
      withExtendedLifetime(observation) {}
    }
    #expect(!runtime.isObservingEvents)
    _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "After")
    #expect(events.count == 1)
    try runtime.checkInvariants()
  }

  @Test func messageSendEventsOnlyWithIncludingMessageSends() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let stu = try new(student, in: runtime)
    let plain = Recorder<RuntimeEvent>()
    let tracing = Recorder<RuntimeEvent>()
    let first = runtime.addEventObserver { plain.append($0) }
    let second = runtime.addEventObserver(includingMessageSends: true) { tracing.append($0) }
    try runtime.msgSend(stu, "setAge:", 3)
    try runtime.msgSendSuper(stu, superclass: person, "age")
    second.cancel()
    #expect(!runtime.events.tracesSends)
    try runtime.msgSend(stu, "age")
    first.cancel()
    #expect(plain.count == 0)
    #expect(
      tracing.all == [
        .messageSent(
          receiver: stu.description, selector: "setAge:", implementation: "-[Person setAge:]", isSuper: false),
        .messageSent(receiver: stu.description, selector: "age", implementation: "-[Person age]", isSuper: true),
      ])
    #expect(tracing.all.last?.description == "super send [\(stu.description) age] -> -[Person age]")
    try runtime.checkInvariants()
  }

  @Test func observersRunInOrderAndMayCallTheRuntime() throws {
    let runtime = Runtime()
    let order = Recorder<String>()
    let first = runtime.addEventObserver { event in
      if case .classAllocated(let name, _) = event {
        order.append("first \(name)")
        _ = runtime.lookUpClass(named: name)  // calling back in must not deadlock
      }
    }
    let second = runtime.addEventObserver { event in
      if case .classAllocated(let name, _) = event { order.append("second \(name)") }
    }
    _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    withExtendedLifetime((first, second)) {}
    #expect(order.all == ["first Person", "second Person"])
    try runtime.checkInvariants()
  }

  @Test func refusedCallsEmitNoEvents() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let events = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver { events.append($0) }
    _ = try? runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    _ = try? person.addIvar("_late", type: .int)
    _ = try person.addMethod("age", types: "q16@0:8", implementation: returning("dup"))
    _ = try? runtime.disposeClassPair(runtime.rootClass)
    observation.cancel()
    #expect(events.all.isEmpty, "\(events.all)")
    try runtime.checkInvariants()
  }

  @Test func emitDeliversLayerEvents() throws {
    let runtime = Runtime()
    let events = Recorder<RuntimeEvent>()
    runtime.emit(.note(subsystem: "kvo", message: "unheard"))
    let observation = runtime.addEventObserver { events.append($0) }
    runtime.emit(.note(subsystem: "kvo", message: "willChange age"))
    observation.cancel()
    #expect(events.all == [.note(subsystem: "kvo", message: "willChange age")])
    #expect(events.all.first?.description == "kvo: willChange age")
    try runtime.checkInvariants()
  }

  @Test(arguments: [
    (RuntimeEvent.classAllocated(name: "Person", superclass: nil), "allocated class pair Person : (root)"),
    (.classRegistered(name: "Person"), "registered class Person"),
    (.classDisposed(name: "Person"), "disposed class Person"),
    (.ivarAdded(class: "Person", name: "_age", type: "q"), "added ivar Person._age 'q'"),
    (
      .methodAdded(class: "Person", selector: "make", types: "@16@0:8", isClassMethod: true),
      "added method +[Person make] '@16@0:8'"
    ),
    (
      .methodReplaced(class: "Person", selector: "age", isClassMethod: false),
      "replaced implementation of -[Person age]"
    ),
    (.cacheFlushed(class: "Person", isMetaclass: true), "flushed method cache of Person (metaclass)"),
    (
      .cacheEntriesFlushed(class: "Student", isMetaclass: false, selector: "greet", count: 1),
      "flushed 1 cache entry for greet of Student"
    ),
    (
      .cacheEntriesFlushed(class: "Person", isMetaclass: true, selector: "make", count: 2),
      "flushed 2 cache entries for make of Person (metaclass)"
    ),
    (.superclassChanged(class: "A", from: "B", to: nil), "superclass of A changed from B to nil"),
    (.isaChanged(object: "<Person: 0x1>", from: "Person", to: "Sibling"), "isa of <Person: 0x1>: Person -> Sibling"),
    (.diagnostic(subsystem: "runtime", message: "oops"), "runtime warning: oops"),
  ])
  func eventDescribesItselfInOneLine(event: RuntimeEvent, text: String) {
    #expect(event.description == text)
  }

  @Test func deferredEventsArriveInOrderWhenTheOutermostSectionEnds() throws {
    let runtime = Runtime()
    let events = Recorder<String>()
    let observation = runtime.addEventObserver { events.append($0.description) }
    let person = try runtime.deferringEvents { () throws -> Class in
      let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
      try runtime.deferringEvents { try runtime.registerClassPair(person) }  // nested: still held
      events.append("end of section")
      return person
    }
    try addReturning(person, "greet", "hi")  // outside any section: delivered at once
    observation.cancel()
    #expect(
      events.all == [
        "end of section", "allocated class pair Person : NSObject", "registered class Person",
        "added method -[Person greet] '@16@0:8'",
      ])
    try runtime.checkInvariants()
  }

  @Test func deferredEventsAreDeliveredEvenWhenTheSectionThrows() throws {
    let runtime = Runtime()
    let events = Recorder<String>()
    let observation = runtime.addEventObserver { events.append($0.description) }
    #expect(throws: RuntimeError.self) {
      try runtime.deferringEvents {
        try runtime.registerClassPair(try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person"))
        _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")  // a registered name
      }
    }
    observation.cancel()
    #expect(events.all == ["allocated class pair Person : NSObject", "registered class Person"])
    try runtime.checkInvariants()
  }
}
