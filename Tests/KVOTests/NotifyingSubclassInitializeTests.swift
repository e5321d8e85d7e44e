// NotifyingSubclassInitializeTests.swift: the KVO subclass is a subclass like any other: the first
// message to an observed object initializes NSKVONotifying_Person, which has no +initialize of its
// own, so Person's runs again with the KVO class as receiver (as on Apple platforms).

import Testing

@testable import KVO

@Suite struct NotifyingSubclassInitializeTests {
  @Test func initializeRunsAgainForTheNotifyingSubclass() throws {
    let world = try World()
    let calls = Log<String>()
    try world.person.isa.addMethod("initialize", types: "v16@0:8") { receiver, _, _ in
      calls.append("+[\((receiver as? Class)?.name ?? "?") initialize]")
      return .nil
    }
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    #expect(calls.all == ["+[Person initialize]"])
    try person.addObserver(observer, forKeyPath: "age", options: .new)
    try Runtime.msgSend(person, "setAge:", 4)
    #expect(calls.all == ["+[Person initialize]", "+[NSKVONotifying_Person initialize]"])
    #expect(try Runtime.msgSend(person, "class") == .class(world.person), "the KVO class still hides itself")
    try person.removeObserver(observer, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }

  /// The Swift API stands for the message: `person.removeObserver(…)` after the isa swizzle is
  /// `[person removeObserver:…]` sent to NSKVONotifying_Person, which initializes it (once), so
  /// later registrations read NSObject's implementation from its method cache.
  @Test func swiftRegistrationCallInitializesTheNotifyingSubclassOnce() throws {
    let world = try World()
    let calls = Log<String>()
    try world.person.isa.addMethod("initialize") { receiver, _, _ in
      calls.append("+[\((receiver as? Class)?.name ?? "?") initialize]")
      return .nil
    }
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: .new)
    let notifying = person.isa
    #expect(notifying.name == "NSKVONotifying_Person")
    #expect(calls.all == ["+[Person initialize]"], "the add was sent to Person; nothing reached the KVO class yet")
    try person.removeObserver(observer, forKeyPath: "age")
    #expect(calls.all == ["+[Person initialize]", "+[NSKVONotifying_Person initialize]"])
    #expect(notifying.isInitialized)
    for _ in 0..<3 {
      try person.addObserver(observer, forKeyPath: "age", options: .new)
      try person.removeObserver(observer, forKeyPath: "age")
    }
    #expect(calls.count == 2, "once per class")
    #expect(try notifying.methodImplementation(for: "removeObserver:forKeyPath:") === KeyValueCategory.removeObserver)
    try world.runtime.checkInvariants()
  }
}
