// FidelityRound21ObservingTests.swift: round 21's observing probes that rounds 19 and 20 did not
// reach: an observed object removing its observers in its own dealloc, an observer removing
// itself while a second one is still to be told, and a dependent key naming a to-many key path
// through a to-one. Each states Foundation's answer.

import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound21ObservingTests {
  /// An observed object that removes its observers in its own `dealloc` (before NSObject's):
  /// Foundation's leftover check runs after the class's dealloc chain, finds no observation
  /// info, and logs nothing; the removal itself succeeds (the observance is still there while
  /// the class's dealloc runs). Already matched.
  @Test func anObservedObjectRemovingItsObserversInItsDeallocLeavesNoWarning() throws {
    let world = try World()
    let problems = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(let subsystem, let message) = event, subsystem == "KVO" { problems.append(message) }
    }
    let (observer, _) = try world.newObserver()  // its log would keep the person: no set here
    let removed = Log<String>()
    let root = world.runtime.rootClass
    try world.person.addMethod("dealloc", types: "v16@0:8") { receiver, selector, _ in
      for key in ["age", "name"] {
        do {
          try receiver.removeObserver(observer, forKeyPath: key)
          removed.append(key)
        } catch {
          removed.append("\(key): \(error)")
        }
      }
      return try Runtime.msgSendSuper(receiver, superclass: root, selector)
    }
    do {
      let person = try world.newPerson()
      try person.addObserver(observer, forKeyPath: "age", options: [.new])
      try person.addObserver(observer, forKeyPath: "name", options: [.new])
    }
    events.cancel()
    #expect(removed.all == ["age", "name"])
    #expect(problems.all.isEmpty, "no \"deallocated while observed\" diagnostic")
    try world.runtime.checkInvariants()
  }

  /// The first observer removes itself in its `observeValueForKeyPath:`; the second observer of
  /// the same change is still told (Foundation notifies from the observances its will listed),
  /// and the next change tells only the second. Already matched.
  @Test func anObserverRemovingItselfInItsCallbackLeavesTheSecondObserverTold() throws {
    let world = try World()
    let person = try world.newPerson()
    let itself = Locked<Object?>(nil)
    let (first, firstLog) = try world.newObserver { received in
      if let me = itself.withLock({ $0 }) { try? received.object.removeObserver(me, forKeyPath: "age") }
    }
    itself.withLock { $0 = first }
    let (second, secondLog) = try world.newObserver()
    try person.addObserver(first, forKeyPath: "age", options: [.new])
    try person.addObserver(second, forKeyPath: "age", options: [.new])
    try world.set(person, "age", 1)
    try world.set(person, "age", 2)
    #expect(firstLog.all.map(\.change.new) == [1])
    #expect(secondLog.all.map(\.change.new) == [1, 2])
    itself.withLock { $0 = nil }
  }

  /// `friendItems` depends on `friend.items`: an insertion into the friend's items through its
  /// indexed mutators tells the dependent key's observer a setting (a dependent key is told of
  /// a change, not of its indexes), while an observer of `friend.items` itself hears the
  /// insertion with its index; replacing the friend tells both a setting. Already matched.
  @Test func aDependentKeyOfAToManyKeyPathThroughAToOneHearsASetting() throws {
    let world = try World()
    try world.addItemsMutators()
    try world.person.addMethod("friendItems", types: "@16@0:8") { receiver, _, _ in
      try receiver.value(forKeyPath: "friend.items")
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingFriendItems", types: "@16@0:8") { _, _, _ in
      ["friend.items"]
    }
    let person = try world.newPerson()
    let ann = try world.newPerson()
    try world.set(ann, "items", ["a"])
    try world.set(person, "friend", .object(ann))
    let (dependent, dependentLog) = try world.newObserver()
    let (direct, directLog) = try world.newObserver()
    try person.addObserver(dependent, forKeyPath: "friendItems", options: [.new])
    try person.addObserver(direct, forKeyPath: "friend.items", options: [.new])
    let proxy = try #require(try arrayProxy(of: ann, "items", in: world))
    _ = try world.runtime.msgSend(proxy, "addObject:", "b")
    let bob = try world.newPerson()
    try world.set(bob, "items", ["z"])
    try world.set(person, "friend", .object(bob))
    #expect(dependentLog.all.map(\.change.kind) == [.setting, .setting])
    #expect(dependentLog.all.map(\.change.indexes) == [nil, nil])
    #expect(dependentLog.all.map(\.change.new) == [["a", "b"], ["z"]])
    #expect(directLog.all.map(\.change.kind) == [.insertion, .setting])
    #expect(directLog.all.first?.change.indexes == [1])
    #expect(directLog.all.map(\.change.new) == [["b"], ["z"]])
    try person.removeObserver(dependent, forKeyPath: "friendItems")
    try person.removeObserver(direct, forKeyPath: "friend.items")
    try world.runtime.checkInvariants()
  }
}
