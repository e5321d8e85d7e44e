// CategoryOverrideTests.swift: the one place that decides whether a class overrides one of
// NSObject's KVC/KVO methods (KeyValueCategory+Overrides.swift), and the caches derived from
// method lists, stamped with the method generation read first (MethodGeneration.swift).

import Dispatch
import Testing

@testable import KVO

@Suite struct CategoryOverrideTests {
  @Test func theSwiftAPISendsAMessageOnlyWhenTheClassOverridesIt() throws {
    let world = try World()
    let person = try world.newPerson()
    let sent = Log<String>()
    let tracing = world.runtime.addEventObserver(includingMessageSends: true) { event in
      if case .messageSent(_, let selector, _, false) = event, selector.name.hasSuffix("ValueForKey:") || selector == "valueForKey:" {
        sent.append(selector.name)
      }
    }
    _ = try person.value(forKey: "age")
    try person.willChangeValue(forKey: "age")
    try person.didChangeValue(forKey: "age")
    #expect(sent.all.isEmpty, "NSObject's own implementations run directly")
    let root = world.runtime.rootClass
    try world.person.addMethod("valueForKey:", types: "@24@0:8@16") { receiver, selector, arguments in
      try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments[0])
    }
    try world.person.addMethod("willChangeValueForKey:", types: "v24@0:8@16") { receiver, selector, arguments in
      try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments[0])
    }
    _ = try person.value(forKey: "age")
    try person.willChangeValue(forKey: "age")
    try person.didChangeValue(forKey: "age")
    tracing.cancel()
    #expect(sent.all == ["valueForKey:", "willChangeValueForKey:"])
  }

  @Test func aFreshRuntimeGetsTheCategoryFromTheFirstDecision() throws {
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Thing")
    try cls.synthesizeProperty("size", type: .longLong)
    try runtime.registerClassPair(cls)
    let thing = try cls.createInstance()
    try thing.willChangeValue(forKey: "size")  // installs Foundation's category, then runs it
    try thing.didChangeValue(forKey: "size")
    #expect(try runtime.rootClass.instanceMethod(for: "willChangeValueForKey:") != nil)
  }

  @Test func aNotifyingSetterNoticesAWillOverrideAddedAfterItsFirstSet() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try world.set(person, "age", 1)  // decided and cached: no override
    let calls = Log<String>()
    let root = world.runtime.rootClass
    try world.person.addMethod("willChangeValueForKey:", types: "v24@0:8@16") { receiver, selector, arguments in
      calls.append(arguments[0].stringValue ?? "?")
      return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments[0])
    }
    try world.set(person, "age", 2)
    #expect(calls.all == ["age"])
    #expect(log.all.map(\.change.new) == [1, 2])
  }

  @Test func aValueForKeyOverrideAddedAfterObservingIsHonouredForOldAndNewValues() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    try world.set(person, "age", 1)
    let root = world.runtime.rootClass
    try world.person.addMethod("valueForKey:", types: "@24@0:8@16") { receiver, selector, arguments in
      if arguments[0] == "age" { return 99 }
      return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments[0])
    }
    try world.set(person, "age", 2)
    #expect(log.all.last?.change == Change(kind: .setting, new: 99, old: 99))
  }

  /// The getter a one-key path is read with is cached at registration. Its override check and
  /// the method generation it is stamped with are read in the order that cannot miss an override
  /// of `valueForKey:` added by another thread in between: generation first.
  @Test func aValueForKeyOverrideAddedWhileRegisteringIsNeverBypassed() throws {
    for _ in 0..<200 {
      let world = try World()
      let person = try world.newPerson()
      let (observer, log) = try world.newObserver()
      let root = world.runtime.rootClass
      let start = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      let personClass = world.person
      DispatchQueue(label: "override").async {
        start.wait()
        _ = try? personClass.addMethod("valueForKey:", types: "@24@0:8@16") { receiver, selector, arguments in
          if arguments[0] == "age" { return 99 }
          return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments[0])
        }
        done.signal()
      }
      start.signal()
      try person.addObserver(observer, forKeyPath: "age", options: [.new])
      done.wait()
      try world.set(person, "age", 2)
      #expect(log.all.last?.change.new == 99, "the override is in place: values come through it")
    }
  }

  @Test func tracingSendsChangesNothingButTheRoute() throws {
    func run(tracing: Bool) throws -> [String] {
      let world = try World()
      let person = try world.newPerson()
      let (observer, log) = try world.newObserver()
      try person.addObserver(observer, forKeyPath: "age", options: [.old, .new, .prior])
      try person.addObserver(observer, forKeyPath: "fullName", options: [.new])
      let observation = tracing ? world.runtime.addEventObserver(includingMessageSends: true) { _ in } : nil
      try world.set(person, "age", 3)
      try person.setValue("Ann", forKey: "firstName")
      try person.willChangeValue(forKey: "age")
      try world.set(person, "age", 4)
      try person.didChangeValue(forKey: "age")
      observation?.cancel()
      return log.all.map(\.description)
    }
    #expect(try run(tracing: true) == run(tracing: false))
  }

  @Test func anIndexedWillOverrideAddedAfterObservingIsSentAndTheInsertionStillNotifies() throws {
    let world = try World()
    try world.addItemsMutators()
    let person = try world.newPerson()
    try person.setValue(["a"], forKey: "items")
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: [.new])
    try person.mutableArrayValue(forKey: "items").insert("b", at: 1)  // decided: will/did called directly
    let calls = Log<String>()
    let root = world.runtime.rootClass
    try world.person.addMethod("willChange:valuesAtIndexes:forKey:", types: "v40@0:8Q16@24@32") { receiver, selector, arguments in
      calls.append(arguments[2].stringValue ?? "?")
      return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments: arguments)
    }
    try person.mutableArrayValue(forKey: "items").insert("c", at: 2)
    #expect(calls.all == ["items"])
    #expect(log.all.map(\.change.kind) == [.insertion, .insertion])
    #expect(log.all.map(\.change.indexes) == [[1], [2]])
    try person.removeObserver(observer, forKeyPath: "items")
    try world.runtime.checkInvariants()
  }
}
