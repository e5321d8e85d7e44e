// NotifyingSubclassInitializeTests.swift: the KVO subclass is a subclass like any other: the isa
// switch to it (object_setClass, which initializes the class it installs, as objc4's does)
// initializes NSKVONotifying_Person, which has no +initialize of its own, so Person's runs again
// with the KVO class as receiver (as on Apple platforms).

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
    #expect(calls.all == ["+[Person initialize]", "+[NSKVONotifying_Person initialize]"], "object_setClass initialized it")
    try Runtime.msgSend(person, "setAge:", 4)
    #expect(calls.all == ["+[Person initialize]", "+[NSKVONotifying_Person initialize]"])
    #expect(try Runtime.msgSend(person, "class") == .class(world.person), "the KVO class still hides itself")
    try person.removeObserver(observer, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }

  /// The isa switch initialized NSKVONotifying_Person (object_setClass does, in objc4), once; the
  /// Swift API then stands for the message: `person.removeObserver(…)` is
  /// `[person removeObserver:…]` sent to it, and later registrations read NSObject's
  /// implementation from its method cache.
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
    #expect(calls.all == ["+[Person initialize]", "+[NSKVONotifying_Person initialize]"], "object_setClass initialized it")
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
