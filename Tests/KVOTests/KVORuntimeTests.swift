// KVORuntimeTests.swift: how KVO attaches to a runtime and where it keeps its state (KVORuntime.swift).

import Testing

@testable import KVO

@Suite struct KVORuntimeTests {
  @Test func removingNSObjectsAssociatedObjectsDoesNotResetKVO() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try person.removeObserver(observer, forKeyPath: "age")
    world.runtime.rootClass.removeAssociatedObjects()
    world.runtime.rootClass.isa.removeAssociatedObjects()
    // KVO still knows NSKVONotifying_Person: observing again reuses it instead of failing to
    // allocate a second class of that name.
    let other = try world.newPerson()
    try other.addObserver(observer, forKeyPath: "age", options: [.new])
    #expect(other.isa.name == "NSKVONotifying_Person")
    try world.set(other, "age", 3)
    #expect(log.all.map(\.change.new) == [3])
    try world.runtime.checkInvariants()
  }
}
