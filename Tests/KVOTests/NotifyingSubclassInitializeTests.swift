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
}
