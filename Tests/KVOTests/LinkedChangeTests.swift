// LinkedChangeTests.swift: the change of a chain's last key (`friend.age` observed on its owner,
// the friend's `age` set), which the did finishes without a pass over the friend's own entry
// when nobody else observes it (Notifier+LinkedChange.swift), and the shapes that still take
// the general pass. Each test states what the general pass answers, so both routes must agree.

import Testing

@testable import KVO

@Suite struct LinkedChangeTests {
  private struct Thrown: Error {}

  /// An observer whose `observeValueForKeyPath:…` logs, then throws `Thrown` for the prior
  /// notifications (`onPrior`) or the others.
  private func thrower(in world: World, onPrior: Bool) throws -> (Object, Log<Received>) {
    let cls = try makeClass(onPrior ? "PriorThrower" : "PostThrower", in: world) { cls in
      try cls.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") {
        receiver, _, arguments in
        let change = arguments[2].change ?? Change(kind: .setting)
        receiver.associatedObject(forKey: logKey).swiftObject(as: Log<Received>.self)?.append(
          Received(
            keyPath: arguments[0].stringValue ?? "?", object: arguments[1].objectValue ?? receiver, change: change,
            context: ObservationContext(rawValue: 0)))
        if change.isPrior == onPrior { throw Thrown() }
        return .nil
      }
    }
    let observer = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let log = Log<Received>()
    try observer.setAssociatedObject(.swiftObject(log), forKey: logKey, policy: .retain)
    return (observer, log)
  }

  @Test func aLinksChangeTellsPriorOldAndNewAndLeavesTheStackIdle() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(friend, "age", 3)
    try world.set(person, "friend", .object(friend))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.prior, .old, .new])
    try world.set(friend, "age", 5)
    try world.set(friend, "age", 8)
    #expect(
      log.all.map(\.description) == [
        "friend.age setting new=- old=3 prior=true", "friend.age setting new=5 old=3 prior=false",
        "friend.age setting new=- old=5 prior=true", "friend.age setting new=8 old=5 prior=false",
      ])
    #expect(log.all.allSatisfy { $0.object === person })
    let thread = ThreadChanges.perThread.current
    try thread.checkInvariants()
    #expect(thread.depth == idleBaseline)
  }

  @Test func aLinkRemovedBetweenWillAndDidForwardsNoDid() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth
    let world = try World()
    let (person, old, new, observer, log) = try world.observedFriendSwap()
    try old.willChangeValue(forKey: "age")  // the link's change begins (the owner's entry with it)
    try world.set(person, "friend", .object(new))  // relinks: the old friend's link is removed
    try old.setValue(9, forIvar: "_age")
    try old.didChangeValue(forKey: "age")  // its link is gone: not forwarded
    #expect(log.all.map(\.description) == ["friend.age setting new=2 old=1 prior=false"])
    #expect(old.isa === world.person)
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
    try world.set(new, "age", 4)
    #expect(log.all.last?.description == "friend.age setting new=4 old=2 prior=false")
    withExtendedLifetime(observer) {}  // the registration does not retain its observer
  }

  @Test(arguments: [false, true])
  func aFriendObservedBySomeoneElseTooTellsBothInRegistrationOrder(friendFirst: Bool) throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(person, "friend", .object(friend))
    let (observer, log) = try world.newObserver()
    if friendFirst { try friend.addObserver(observer, forKeyPath: "age", options: [.new]) }
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.new])
    if !friendFirst { try friend.addObserver(observer, forKeyPath: "age", options: [.new]) }
    try world.set(friend, "age", 6)
    let expected = ["age setting new=6 old=- prior=false", "friend.age setting new=6 old=- prior=false"]
    #expect(log.all.map(\.description) == (friendFirst ? expected : expected.reversed()))
  }

  @Test func aFriendsObserverThatAskedForNothingIsToldToo() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(person, "friend", .object(friend))
    let (plain, plainLog) = try world.newObserver()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.prior, .new])
    try friend.addObserver(plain, forKeyPath: "age", options: [])  // no flag of the friend's path shows it
    try world.set(friend, "age", 2)
    #expect(plainLog.all.map(\.description) == ["age setting new=- old=- prior=false"])
    #expect(log.all.map(\.description) == ["friend.age setting new=- old=- prior=true", "friend.age setting new=2 old=- prior=false"])
  }

  @Test func aFriendsPriorObserverIsToldBeforeTheOwnersObserver() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(person, "friend", .object(friend))
    let (observer, log) = try world.newObserver()
    try friend.addObserver(observer, forKeyPath: "age", options: [.prior, .old])
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.prior, .old])
    try world.set(friend, "age", 7)
    #expect(
      log.all.map(\.description) == [
        "age setting new=- old=0 prior=true", "friend.age setting new=- old=0 prior=true",
        "age setting new=- old=0 prior=false", "friend.age setting new=- old=0 prior=false",
      ])
  }

  @Test(arguments: [false, true])
  func whatTheOwnersObserverThrowsIsThrownAfterEveryoneWasTold(onPrior: Bool) throws {
    let idleBaseline = ThreadChanges.perThread.current.depth
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(person, "friend", .object(friend))
    let (thrower, throwerLog) = try thrower(in: world, onPrior: onPrior)
    let (observer, log) = try world.newObserver()
    try person.addObserver(thrower, forKeyPath: "friend.age", options: [.prior, .new])
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.new])
    #expect(throws: Thrown.self) { try world.set(friend, "age", 4) }
    #expect(throwerLog.all.map(\.change.isPrior) == [true, false])
    #expect(log.all.map(\.description) == ["friend.age setting new=4 old=- prior=false"])
    #expect(try friend.value(forKey: "age") == 4)  // the setter ran
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
  }
}
