// FidelityRound21ProbeTests.swift: round 21's new ground, from Apple KVO bug reports users file
// and WinObjC's KVO tests (the suite GNUstep-base's 2024 KVO took its Tests/base/NSKVOSupport
// cases from). Each states Foundation's answer.

import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound21ProbeTests {
  /// A much-filed report: a weak property whose object is deallocated reads nil afterwards, but
  /// KVO sends nothing, since the runtime zeroes the weak ivar without calling the setter. The
  /// next set reports the nil it replaced as its old value (NSNull in the dictionary). Already
  /// matched.
  @Test func aWeakPropertyZeroedByItsObjectsDeallocNotifiesNobody() throws {
    let world = try World()
    let card = try makeClass("Card", in: world) { cls in
      try cls.synthesizeProperty("holder", type: .object(className: "Person"), options: [.weak, .nonatomic])
    }
    let wallet = try #require(try world.runtime.msgSend(card, "new").objectValue)
    let (observer, log) = try world.newObserver()
    // Old values only: a logged new value would keep ann alive.
    try wallet.addObserver(observer, forKeyPath: "holder", options: [.old])
    weak var weakAnn: Object?
    do {
      let ann = try world.newPerson()
      try wallet.setValue(.object(ann), forKey: "holder")
      weakAnn = ann
      #expect(log.count == 1)
    }  // ann's last reference goes: the weak ivar is zeroed
    #expect(weakAnn == nil)
    #expect(try wallet.value(forKey: "holder").isNil)
    #expect(log.count == 1)
    let bob = try world.newPerson()
    try wallet.setValue(.object(bob), forKey: "holder")
    let change = try #require(log.all.last?.change)
    #expect(log.count == 2)
    #expect(change[.old] == .null)
    try wallet.removeObserver(observer, forKeyPath: "holder")
  }

  /// WinObjC's CascadingNotificationWithEmptyLeaf: observing `friend.name` while `friend` is nil,
  /// then setting a friend whose name is nil: one notification, old and new both NSNull
  /// (Foundation notifies without comparing). Already matched.
  @Test func aKeyPathWhoseLeafStaysNilStillNotifiesWhenItsHeadIsSet() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "friend.name", options: [.old, .new])
    let bob = try world.newPerson()
    try world.set(ann, "friend", .object(bob))
    let change = try #require(log.all.first?.change)
    #expect(log.count == 1)
    #expect(log.all.first?.keyPath == "friend.name")
    #expect(change[.old] == .null)
    #expect(change[.new] == .null)
    try ann.removeObserver(observer, forKeyPath: "friend.name")
    #expect(bob.isa === world.person)
  }

  /// A filed "notifications out of order" report: the first observer sets the key again from its
  /// callback. That inner set is a change of its own and tells both observers at once, so the
  /// second hears it first, and then the outer change with the values read at the outer will and
  /// did (new 5, not the 10 the object now holds): Foundation reads the new value before it
  /// notifies anyone. Already matched.
  @Test func aSetFromTheFirstObserversCallbackReachesTheSecondObserverBeforeTheOuterChange() throws {
    let world = try World()
    let person = try world.newPerson()
    let (first, firstLog) = try world.newObserver { received in
      if received.change.new == 5 { try? world.set(received.object, "age", 10) }
    }
    let (second, secondLog) = try world.newObserver()
    try person.addObserver(first, forKeyPath: "age", options: [.old, .new])
    try person.addObserver(second, forKeyPath: "age", options: [.old, .new])
    try world.set(person, "age", 5)
    #expect(firstLog.all.map(\.change.new) == [5, 10])
    #expect(secondLog.all.map(\.change.new) == [10, 5])
    #expect(secondLog.all.map(\.change.old) == [5, 0])
    #expect(try person.value(forKey: "age") == 10)
  }
}
