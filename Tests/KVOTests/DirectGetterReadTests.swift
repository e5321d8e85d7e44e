// DirectGetterReadTests.swift: a change's old and new values read in place from a synthesized
// getter are what sending the getter answers, and every later change of the getter is seen
// (CachedGetter.swift, MiniRuntime's DirectGetter.swift, decision 0016).

import MiniRuntime
import Testing

@testable import KVO

@Suite struct DirectGetterReadTests {
  /// A person whose `age` is observed for old and new values, set once to 1 (so the getter
  /// found at registration has been read in place), with the observer and its log.
  private func observedAge(_ world: World) throws -> (Object, Object, Log<Received>) {
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    try world.set(person, "age", 1)
    return (person, observer, log)
  }

  @Test func aGetterReplacedWithSetImplementationIsReadByTheNextSet() throws {
    let world = try World()
    let (person, observer, log) = try observedAge(world)
    let method = try #require(try world.person.instanceMethod(for: "age"))
    try method.setImplementation(Implementation(function: "-[Person age] replaced") { _, _, _ in .int64(500) })
    try world.set(person, "age", 2)
    #expect(log.all.map(\.change.old) == [0, 500])
    #expect(log.all.map(\.change.new) == [1, 500])
    withExtendedLifetime(observer) {}
    try world.runtime.checkInvariants()
  }

  @Test func aGetterACategoryAddsAfterRegistrationIsReadByTheNextSet() throws {
    let world = try World()
    let (person, observer, log) = try observedAge(world)
    var category = try Category(named: "Older", on: "Person")
    try category.addInstanceMethod("age", types: "q16@0:8") { _, _, _ in .int64(600) }
    var image = Image(named: "Older")
    image.addCategory(category)
    try world.runtime.loadImage(image)
    try world.set(person, "age", 2)
    #expect(log.all.map(\.change.old) == [0, 600])
    #expect(log.all.map(\.change.new) == [1, 600])
    withExtendedLifetime(observer) {}
    try world.runtime.checkInvariants()
  }

  @Test func aTracedSetSendsTheGetterForItsOldAndNewValues() throws {
    let world = try World()
    let (person, observer, log) = try observedAge(world)
    let sent = Log<String>()
    let tracing = world.runtime.addEventObserver(includingMessageSends: true) { event in
      if case .messageSent(_, let selector, _, _) = event, selector == "age" { sent.append(selector.name) }
    }
    try world.set(person, "age", 2)
    tracing.cancel()
    #expect(sent.all == ["age", "age"], "the trace shows the two reads a set makes")
    #expect(log.all.map(\.change.new) == [1, 2])
    withExtendedLifetime(observer) {}
    try world.runtime.checkInvariants()
  }

  @Test func aSubclassOverridingTheGetterIsReadThroughItsOverride() throws {
    let world = try World()
    let robot = try world.runtime.allocateClassPair(superclass: world.person, name: "Robot")
    try world.runtime.registerClassPair(robot)
    try robot.addMethod("age", types: "q16@0:8") { receiver, _, _ in
      .int64(1000 + Int64(try receiver.value(ofIvar: "_age").intValue ?? 0))
    }
    let (_, _, personLog) = try observedAge(world)  // Person's plan reads its getter in place
    let machine = try world.newInstance(of: robot)
    let (observer, log) = try world.newObserver()
    try machine.addObserver(observer, forKeyPath: "age", options: [.old, .new])
    try world.set(machine, "age", 5)
    #expect(log.all.map(\.change.old) == [1000])
    #expect(log.all.map(\.change.new) == [1005])
    #expect(personLog.all.map(\.change.new) == [1])
    withExtendedLifetime(observer) {}
    try world.runtime.checkInvariants()
  }

  @Test func anObjectMovedToAnotherClassIsReadWithThatClassesGetter() throws {
    let world = try World()
    let (person, observer, log) = try observedAge(world)
    let notifying = person.isa
    let moved = try world.runtime.allocateClassPair(superclass: notifying, name: "Moved")
    try moved.addMethod("age", types: "q16@0:8") { _, _, _ in .int64(-1) }
    try world.runtime.registerClassPair(moved)
    try world.set(person, "age", 2)  // the getter worked out again for these methods, and kept
    try person.setClass(moved)  // object_setClass changes no method: only the isa tells
    try person.willChangeValue(forKey: "age")
    try person.didChangeValue(forKey: "age")
    try person.setClass(notifying)
    #expect(log.all.map(\.change.old) == [0, 1, -1])
    #expect(log.all.map(\.change.new) == [1, 2, -1])
    withExtendedLifetime(observer) {}
    try world.runtime.checkInvariants()
  }
}
