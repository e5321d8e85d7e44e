// KeyPathChainTests.swift: observing friend.age, and the observation moving with the friend.

import Testing

@testable import KVO

@Suite struct KeyPathChainTests {
  @Test func changingTheFriendsAgeNotifiesTheChainObserver() throws {
    let world = try World()
    let (person, friend, observer, log) = try world.observedFriend()
    try world.set(friend, "age", 30)
    let received = try #require(log.all.first)
    #expect(received.keyPath == "friend.age")
    #expect(received.object === person)
    #expect(received.change.old == 0)
    #expect(received.change.new == 30)
    #expect(friend.isa.name == "NSKVONotifying_Person")
    withExtendedLifetime(observer) {}  // the registration does not retain its observer
  }

  @Test func replacingTheFriendNotifiesAndMovesTheObservation() throws {
    let world = try World()
    let (person, old, new, observer, log) = try world.observedFriendSwap()
    try world.set(person, "friend", .object(new))
    #expect(log.all.map(\.change.old) == [1])
    #expect(log.all.map(\.change.new) == [2])
    #expect(old.isa === world.person)  // released from the observation
    #expect(old.observationInfo == nil)
    try world.set(old, "age", 10)
    try world.set(new, "age", 20)
    #expect(log.all.map(\.change.new) == [2, 20])
    withExtendedLifetime(observer) {}  // the registration does not retain its observer
  }

  @Test func nilFriendGivesNilValuesAndANewFriendIsPickedUp() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.old, .new])
    let friend = try world.newPerson()
    try world.set(friend, "age", 7)
    try world.set(person, "friend", .object(friend))
    #expect(log.all.first?.change.old == .some(.nil))
    #expect(log.all.first?.change.new == 7)
    try world.set(friend, "age", 8)
    #expect(log.count == 2)
  }

  // The link holds its intermediate object by an unowned count (decision 0018): freeing it
  // while the chain runs through it (a weak `friend`) must drop the link cleanly, and the next
  // friend must be picked up as usual.
  @Test func anIntermediateObjectFreedWhileLinkedIsDroppedAndTheNextFriendIsPickedUp() throws {
    let world = try World()
    let pal = try makeClass("Pal", in: world) { cls in
      try cls.synthesizeProperty("age", type: .longLong)
      try cls.synthesizeProperty("friend", type: .object(className: "Pal"), options: .weak)
    }
    let person = try #require(try world.runtime.msgSend(pal, "new").objectValue)
    var friend: Object? = try world.runtime.msgSend(pal, "new").objectValue
    let (observer, log) = try world.newObserver()
    try Runtime.autoreleasepool {  // reads of the weak `friend` (objc_loadWeak) autorelease it
      try world.set(try #require(friend), "age", 5)
      try world.set(person, "friend", .object(try #require(friend)))
      try person.addObserver(observer, forKeyPath: "friend.age", options: [.old, .new])
      try world.set(try #require(friend), "age", 6)
      #expect(log.all.map(\.change.new) == [6])
    }
    friend = nil  // freed while the chain's link still runs through it
    #expect(try person.value(forKey: "friend") == .nil)
    let next = try #require(try world.runtime.msgSend(pal, "new").objectValue)
    try world.set(next, "age", 9)
    try world.set(person, "friend", .object(next))
    try world.set(next, "age", 10)
    #expect(log.all.map(\.change.old) == [5, .nil, 9])
    #expect(log.all.map(\.change.new) == [6, 9, 10])
    try person.removeObserver(observer, forKeyPath: "friend.age")
    #expect(next.observationInfo == nil)
    try world.runtime.checkInvariants()
  }

  @Test func threeLevelChainFollowsEveryStep() throws {
    let world = try World()
    let a = try world.newPerson()
    let b = try world.newPerson()
    let c = try world.newPerson()
    try world.set(a, "friend", .object(b))
    try world.set(b, "friend", .object(c))
    let (observer, log) = try world.newObserver()
    try a.addObserver(observer, forKeyPath: "friend.friend.age", options: .new)
    try world.set(c, "age", 5)
    let d = try world.newPerson()
    try world.set(d, "age", 6)
    try world.set(b, "friend", .object(d))
    try world.set(c, "age", 50)  // c is out of the chain now
    try world.set(d, "age", 60)
    #expect(log.all.map(\.change.new) == [5, 6, 60])
    try a.removeObserver(observer, forKeyPath: "friend.friend.age")
    for object in [a, b, c, d] { #expect(object.isa === world.person) }
  }

  @Test func observingThroughAToManyPropertyIsRefused() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "items", [.object(try world.newPerson())])
    let (observer, _) = try world.newObserver()
    #expect(throws: KeyValueError.self) { try person.addObserver(observer, forKeyPath: "items.age") }
    #expect(person.isa === world.person)
    #expect(person.observationInfo == nil)
  }

  @Test func removingTheChainObserverReleasesTheIntermediateObject() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(person, "friend", .object(friend))
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age")
    try person.removeObserver(observer, forKeyPath: "friend.age")
    #expect(friend.isa === world.person)
    #expect(friend.observationInfo == nil)
    #expect(person.observationInfo == nil)
  }

  @Test func intermediateObjectsAreSentAddAndRemoveObserverForTheRestOfThePath() throws {
    let world = try World()
    let runtime = world.runtime
    let root = runtime.rootClass
    // Pal is a Person that records the registration messages it receives, then calls super.
    let pal = try runtime.allocateClassPair(superclass: world.person, name: "Pal")
    try runtime.registerClassPair(pal)
    let received = Log<String>()
    try pal.addMethod("addObserver:forKeyPath:options:context:", types: "v48@0:8@16@24Q32^v40") {
      receiver, selector, arguments in
      received.append("add \(arguments[1].stringValue ?? "?")")
      return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments: arguments)
    }
    try pal.addMethod("removeObserver:forKeyPath:", types: "v32@0:8@16@24") { receiver, selector, arguments in
      received.append("remove \(arguments[1].stringValue ?? "?")")
      return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments: arguments)
    }
    let person = try world.newPerson()
    let friend = try #require(try runtime.msgSend(pal, "new").objectValue)
    try world.set(person, "friend", .object(friend))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.new])
    #expect(received.all == ["add age"])
    try world.set(friend, "age", 5)
    #expect(log.all.map { "\($0.keyPath) \($0.object === person) \($0.change.new ?? nil)" } == ["friend.age true 5"])
    try person.removeObserver(observer, forKeyPath: "friend.age")
    #expect(received.all == ["add age", "remove age"])
    #expect(friend.observationInfo == nil)
    try world.runtime.checkInvariants()
  }

  @Test func anIntermediateObjectThatRefusesTheRegistrationRefusesTheObservation() throws {
    struct Refused: Error {}
    let world = try World()
    let runtime = world.runtime
    let loner = try runtime.allocateClassPair(superclass: world.person, name: "Loner")
    try runtime.registerClassPair(loner)
    try loner.addMethod("addObserver:forKeyPath:options:context:", types: "v48@0:8@16@24Q32^v40") { _, _, _ in
      throw Refused()
    }
    let person = try world.newPerson()
    try world.set(person, "friend", .object(try #require(try runtime.msgSend(loner, "new").objectValue)))
    let (observer, _) = try world.newObserver()
    #expect(throws: Refused.self) { try person.addObserver(observer, forKeyPath: "friend.age") }
    #expect(person.observedKeyPaths.isEmpty && person.isa === world.person)
  }

  @Test func aRelinkSendsTheOldIntermediateRemoveAndTheNewOneAdd() throws {
    let world = try World()
    let runtime = world.runtime
    let root = runtime.rootClass
    let pal = try runtime.allocateClassPair(superclass: world.person, name: "Pal")
    try runtime.registerClassPair(pal)
    let received = Log<String>()
    try pal.addMethod("addObserver:forKeyPath:options:context:", types: "v48@0:8@16@24Q32^v40") {
      receiver, selector, arguments in
      received.append("add to \(try receiver.value(forKey: "name").stringValue ?? "?")")
      return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments: arguments)
    }
    try pal.addMethod("removeObserver:forKeyPath:", types: "v32@0:8@16@24") { receiver, selector, arguments in
      received.append("remove from \(try receiver.value(forKey: "name").stringValue ?? "?")")
      return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments: arguments)
    }
    func newPal(_ name: String) throws -> Object {
      let object = try #require(try runtime.msgSend(pal, "new").objectValue)
      try world.set(object, "name", .string(name))
      return object
    }
    let person = try world.newPerson()
    let (bob, cy) = (try newPal("Bob"), try newPal("Cy"))
    try world.set(person, "friend", .object(bob))
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age")
    try world.set(person, "friend", .object(cy))
    #expect(received.all == ["add to Bob", "remove from Bob", "add to Cy"])
  }

  @Test(arguments: ["array", "set", "orderedSet"])
  func middleKeySetToACollectionThrowsFromTheSetterAfterTellingEveryObserver(kind: String) throws {
    let world = try World()
    let person = try world.newPerson()
    let bob = try world.newPerson()
    let cy = try world.newPerson()
    try world.set(person, "friend", .object(bob))
    let (chainObserver, chainLog) = try world.newObserver()
    let (friendObserver, friendLog) = try world.newObserver()
    try person.addObserver(chainObserver, forKeyPath: "friend.age", options: [.new])
    try person.addObserver(friendObserver, forKeyPath: "friend", options: [.new])
    let collection: Object
    switch kind {
    case "array": collection = try world.runtime.mutableArray([.object(cy)])
    case "set": collection = try world.runtime.mutableSet([.object(cy)])
    default: collection = try world.runtime.mutableOrderedSet([.object(cy)])
    }
    // Foundation sends the collection addObserver:forKeyPath:… for `age`, which raises out of
    // the setter; here the setter stores the value, tells everyone, then throws the same error.
    let error = #expect(throws: KeyValueError.self) { try world.set(person, "friend", .object(collection)) }
    #expect(error?.code == .unsupportedKeyPath)
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(error?.message.hasPrefix("[<\(collection.isa.name) \(collection.address)> addObserver:forKeyPath:options:context:] is not supported. Key path: age") == true)
    #expect(try person.value(forKey: "friend").objectValue === collection)  // stored
    #expect(friendLog.all.map(\.change.new?.objectValue) == [collection])  // told
    #expect(chainLog.all.map(\.keyPath) == ["friend.age"])
    // The chain links nothing: bob is released, the collection was never registered on.
    #expect(bob.isa === world.person && bob.observationInfo == nil)
    #expect(collection.observationInfo == nil)
    #expect(person.observedKeyPaths == ["friend.age", "friend"])
    try world.runtime.checkInvariants()
    // A later object relinks the chain as usual.
    try world.set(person, "friend", .object(cy))
    try world.set(cy, "age", 9)
    #expect(chainLog.all.last?.change.new == 9)
    #expect(cy.isa.name == "NSKVONotifying_Person")
    try person.removeObserver(chainObserver, forKeyPath: "friend.age")
    #expect(cy.isa === world.person)
    try world.runtime.checkInvariants()
  }
}
