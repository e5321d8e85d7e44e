// LifecycleTests.swift: what happens when an object is freed: dealloc through the isa, the
// dealloc chain, and the events it reports (Object.swift, Object+Class.swift `runDealloc`).

import Testing

@testable import MiniRuntime

@Suite struct LifecycleTests {
  @Test func deallocChainRunsSubclassFirstThenSuper() throws {
    let runtime = Runtime()
    let order = Recorder<String>()
    let person = try makePerson(in: runtime)
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, selector, _ in
      order.append("Person")
      return try receiver.runtime!.msgSendSuper(receiver, superclass: receiver.runtime!.rootClass, selector)
    }
    let student = try makeClass("Student", superclass: person, in: runtime) { cls in
      try cls.addMethod("dealloc", types: "v16@0:8") { receiver, selector, _ in
        order.append("Student")
        return try receiver.runtime!.msgSendSuper(receiver, superclass: person, selector)
      }
    }
    do { _ = try new(student, in: runtime) }
    #expect(order.all == ["Student", "Person"])
    do { _ = try new(person, in: runtime) }
    #expect(order.all == ["Student", "Person", "Person"])
    #expect(student.liveInstanceCount == 0)
    try runtime.checkInvariants()
  }

  @Test func deallocSeesIvarsStillSet() throws {
    let runtime = Runtime()
    let seen = Recorder<Value>()
    let person = try makePerson(in: runtime)
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      seen.append(try receiver.runtime!.msgSend(receiver, "name"))
      return .nil
    }
    do {
      let ann = try new(person, in: runtime)
      try runtime.msgSend(ann, "setName:", "Ann")
    }
    #expect(seen.all == ["Ann"])
    try runtime.checkInvariants()
  }

  @Test func deallocDispatchesThroughCurrentIsa() throws {
    let runtime = Runtime()
    let order = Recorder<String>()
    let person = try makePerson(in: runtime)
    let sibling = try makePerson(in: runtime, name: "Sibling")
    for cls in [person, sibling] {
      let name = cls.name
      try cls.addMethod("dealloc", types: "v16@0:8") { _, _, _ in
        order.append(name)
        return .nil
      }
    }
    do {
      let ann = try new(person, in: runtime)
      try ann.setClass(sibling)
    }
    #expect(order.all == ["Sibling"])
    #expect(person.liveInstanceCount == 0)
    #expect(sibling.liveInstanceCount == 0)
    try runtime.checkInvariants()
  }

  @Test func deallocOfPlainObjectRunsNSObjectDealloc() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let events = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver(includingMessageSends: true) { events.append($0) }
    do { _ = try person.createInstance() }
    observation.cancel()
    let deallocSends = events.all.compactMap { event -> String? in
      guard case .messageSent(_, let selector, let implementation, _) = event, selector == "dealloc" else { return nil }
      return implementation
    }
    #expect(deallocSends == ["-[NSObject dealloc]"])
    try runtime.checkInvariants()
  }

  @Test func deallocationEmitsObjectDeallocatedEvent() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let events = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver { events.append($0) }
    var description = ""
    do {
      let ann = try new(person, in: runtime)
      description = ann.description
    }
    observation.cancel()
    #expect(
      events.all == [
        .classInitialized(name: "NSObject"), .classInitialized(name: "Person"),  // by +new, the first message
        .objectDeallocated(object: description, class: "Person"),
      ])
    #expect(events.all.last?.description == "deallocated \(description)")
    try runtime.checkInvariants()
  }

  @Test func errorThrownByDeallocBecomesDiagnosticEvent() throws {
    struct Broken: Error, CustomStringConvertible {
      var description: String { "broken dealloc" }
    }
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("dealloc", types: "v16@0:8") { _, _, _ in throw Broken() }
    let events = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver { events.append($0) }
    do { _ = try new(person, in: runtime) }
    observation.cancel()
    let diagnostics = events.all.compactMap { event -> String? in
      guard case .diagnostic(let subsystem, let message) = event else { return nil }
      return "\(subsystem): \(message)"
    }
    #expect(diagnostics == ["runtime: -[Person dealloc] threw: broken dealloc"])
    #expect(
      events.all.contains { if case .objectDeallocated = $0 { true } else { false } }, "the object is still freed")
    #expect(person.liveInstanceCount == 0)
    try runtime.checkInvariants()
  }

  @Test func deallocOfObjectWhoseClassHasNoDeallocIsSafe() throws {
    let runtime = Runtime()
    let root = try runtime.allocateClassPair(superclass: nil, name: "Bare")
    try runtime.registerClassPair(root)
    let events = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver { events.append($0) }
    do { _ = try root.createInstance() }
    observation.cancel()
    #expect(events.all.contains { if case .diagnostic = $0 { true } else { false } })
    #expect(root.liveInstanceCount == 0)
    try runtime.checkInvariants()
  }

  @Test func objectsReleasedInsideDeallocAreFreedToo() throws {
    let runtime = Runtime()
    let order = Recorder<String>()
    let node = try makeClass("Node", in: runtime) { cls in
      try cls.synthesizeProperty("next", type: .object(className: "Node"))
      try cls.synthesizeProperty("label", type: .object(className: "NSString"))
      try cls.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
        order.append(try receiver.value(ofIvar: "_label").stringValue ?? "?")
        return .nil
      }
    }
    do {
      let head = try new(node, in: runtime)
      try runtime.msgSend(head, "setLabel:", "head")
      var previous = head
      for index in 1...3 {
        let next = try new(node, in: runtime)
        try runtime.msgSend(next, "setLabel:", .string("n\(index)"))
        try runtime.msgSend(previous, "setNext:", .object(next))
        previous = next
      }
    }
    #expect(order.all == ["head", "n1", "n2", "n3"], "each dealloc runs before its ivars are released")
    #expect(node.liveInstanceCount == 0)
    try runtime.checkInvariants()
  }
}
