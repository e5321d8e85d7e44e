// ExtraChangeEntryTests.swift: a registration whose changes carry one more entry.

import Testing

@testable import KVO

@Suite struct ExtraChangeEntryTests {
  static let tag = ChangeKey("tag")

  @Test func everyChangeOfTheRegistrationCarriesTheExtraEntry() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(
      observer, forKeyPath: "age", options: [.new, .old, .initial, .prior],
      extraEntry: ExtraChangeEntry(.string("mine"), forKey: Self.tag))
    try world.set(person, "age", 7)
    let changes = log.all.map(\.change)
    #expect(changes.map(\.isPrior) == [false, true, false], "initial, prior, then the change")
    for change in changes {
      #expect(change[Self.tag] == "mine")
      #expect(change.extra(forKey: Self.tag) == "mine")
      #expect(change.dictionary["tag"] == "mine")
    }
    #expect(changes.last?.new == 7)
    try person.removeObserver(observer, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }

  @Test func aChangeCarriesTheVeryEntryItsRegistrationWasMadeWithAndNoEqualOne() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    let entry = ExtraChangeEntry(.string("mine"), forKey: Self.tag)
    try person.addObserver(observer, forKeyPath: "age", options: [.new], extraEntry: entry)
    try world.set(person, "age", 4)
    let change = try #require(log.all.last?.change)
    #expect(change.carries(entry))
    #expect(!change.carries(ExtraChangeEntry(.string("mine"), forKey: Self.tag)), "an equal entry is not the same one")
    #expect(!Change(kind: .setting, extras: [Self.tag: "mine"]).carries(entry))
    #expect(!change.adding(.string("other"), forKey: Self.tag).carries(entry), "replaced, the entry is gone")
    try person.removeObserver(observer, forKeyPath: "age")
  }

  @Test func otherObserversOfTheSameKeyGetNoExtraEntry() throws {
    let world = try World()
    let person = try world.newPerson()
    let (tagged, taggedLog) = try world.newObserver()
    let (plain, plainLog) = try world.newObserver()
    let (later, laterLog) = try world.newObserver()
    try person.addObserver(plain, forKeyPath: "age", options: [.new])
    try person.addObserver(
      tagged, forKeyPath: "age", options: [.new], extraEntry: ExtraChangeEntry(.string("mine"), forKey: Self.tag))
    try person.addObserver(later, forKeyPath: "age", options: [.new])
    try world.set(person, "age", 3)
    #expect(taggedLog.all.map { $0.change[Self.tag] } == ["mine"])
    #expect(plainLog.all.map { $0.change[Self.tag] } == [nil])
    #expect(laterLog.all.map { $0.change[Self.tag] } == [nil], "the tagged change is not shared onwards")
    #expect(Set(laterLog.all[0].change.dictionary.keys) == ["kind", "new"])
    #expect(person.observedKeyPaths == ["age", "age", "age"])
    try world.runtime.checkInvariants()
  }

  @Test func anOverriddenAddObserverIsSentTheMessageAndTheChangesCarryNoExtraEntry() throws {
    let world = try World()
    let runtime = world.runtime
    runtime.installKeyValueObserving()  // the override's super call needs NSObject's category
    let pal = try runtime.allocateClassPair(superclass: world.person, name: "Pal")
    try runtime.registerClassPair(pal)
    let received = Log<String>()
    try pal.addMethod("addObserver:forKeyPath:options:context:", types: "v48@0:8@16@24Q32^v40") {
      receiver, selector, arguments in
      received.append(arguments[1].stringValue ?? "?")
      return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass, selector, arguments: arguments)
    }
    let friend = try #require(try runtime.msgSend(pal, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try friend.addObserver(
      observer, forKeyPath: "age", options: [.new], extraEntry: ExtraChangeEntry(.string("mine"), forKey: Self.tag))
    try world.set(friend, "age", 4)
    #expect(received.all == ["age"])
    #expect(log.all.map { $0.change.new } == [4])
    #expect(log.all.map { $0.change[Self.tag] } == [nil])
    try friend.removeObserver(observer, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }
}
