// RefreshedGetterTests.swift: a chain's values read with getters worked out again after the
// methods changed (RefreshedGetter.swift), and given up for KVC when they no longer apply.

import MiniRuntime
import Testing

@testable import KVO

@Suite struct RefreshedGetterTests {
  @Test func aChainSeesAValueForKeyOverrideAddedAfterItsGettersWereRefreshed() throws {
    let world = try World()
    let (person, friend, observer, log) = try world.observedFriend()
    try world.set(friend, "age", 30)  // the chain's getters are worked out again and kept here
    try world.set(friend, "age", 31)
    let root = world.runtime.rootClass
    try world.person.addMethod("valueForKey:", types: "@24@0:8@16") { receiver, selector, arguments in
      if arguments[0].stringValue == "age" { return .int64(77) }
      return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments[0])
    }
    try world.set(friend, "age", 32)
    #expect(log.all.map(\.change.old) == [0, 30, 77])
    #expect(log.all.map(\.change.new) == [30, 31, 77])
    withExtendedLifetime((person, observer)) {}  // nothing else holds the observed person or its observer
  }

  @Test func theRestOfAChainIsReadWithTheGetterOfTheFriendsOwnClass() throws {
    let world = try World()
    let robot = try world.runtime.allocateClassPair(superclass: world.person, name: "Robot")
    try world.runtime.registerClassPair(robot)
    // KVC's search finds `getAge` before `age`: a Robot's age is read with another selector.
    try robot.addMethod("getAge", types: "q16@0:8") { _, _, _ in .int64(1000) }
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(friend, "age", 5)
    try world.set(person, "friend", .object(friend))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.old, .new])
    try world.set(friend, "age", 6)  // read from a Person: its own age
    let other = try #require(try world.runtime.msgSend(robot, "new").objectValue)
    try world.set(person, "friend", .object(other))  // read from a Robot: with its getAge
    try world.set(person, "friend", .object(friend))
    #expect(log.all.map(\.change.old) == [5, 6, 1000])
    #expect(log.all.map(\.change.new) == [6, 1000, 6])
  }

  @Test func aNilFriendStillReadsAsNilOnceTheGettersAreKept() throws {
    let world = try World()
    let (person, friend, observer, log) = try world.observedFriend()
    try world.set(friend, "age", 3)
    try world.set(person, "friend", .nil)
    #expect(log.all.map(\.change.old) == [0, 3])
    #expect(log.all.map(\.change.new) == [3, .nil])
    withExtendedLifetime(observer) {}  // the registration does not retain its observer
  }
}
