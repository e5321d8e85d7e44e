// DependentKeyTests.swift: keyPathsForValuesAffecting…, exactly once through diamonds and cycles.

import Testing

@testable import KVO

@Suite struct DependentKeyTests {
  @Test func fullNameIsNotifiedWhenFirstOrLastNameChanges() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "firstName", "Ann")
    try world.set(person, "lastName", "Lee")
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "fullName", options: [.old, .new])
    try world.set(person, "firstName", "Bea")
    try world.set(person, "lastName", "Kim")
    #expect(log.all.map(\.change.new) == ["Bea Lee", "Bea Kim"])
    #expect(log.all.map(\.change.old) == ["Ann Lee", "Bea Lee"])
    #expect(Set(person.isa.methodList.map(\.selector.name)).isSuperset(of: ["setFirstName:", "setLastName:"]))
  }

  @Test func genericAffectingMethodIsHonoured() throws {
    let world = try World()
    try world.person.addMethod("initials", types: "@16@0:8") { receiver, _, _ in
      .string(String((try receiver.value(forKey: "name").stringValue ?? "?").prefix(1)))
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingValueForKey:", types: "@24@0:8@16") { receiver, _, arguments in
      if arguments[0] == "initials" { return ["name"] }
      return try receiver.runtime!.msgSendSuper(
        receiver, superclass: world.runtime.rootClass.isa, "keyPathsForValuesAffectingValueForKey:", arguments[0])
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "initials", options: .new)
    try world.set(person, "name", "Zoe")
    #expect(log.all.map(\.change.new) == ["Z"])
  }

  /// a depends on b and c; b and c both depend on d: a diamond.
  @Test func diamondNotifiesExactlyOnce() throws {
    let world = try World()
    let meta = world.person.isa
    try meta.addMethod("keyPathsForValuesAffectingFullName", types: "@16@0:8") { _, _, _ in ["firstName", "name"] }
    try meta.addMethod("keyPathsForValuesAffectingFirstName", types: "@16@0:8") { _, _, _ in ["age"] }
    try meta.addMethod("keyPathsForValuesAffectingName", types: "@16@0:8") { _, _, _ in ["age"] }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "fullName")
    try world.set(person, "age", 30)
    #expect(log.count == 1)
  }

  @Test func transitiveDependenciesNotify() throws {
    let world = try World()
    let meta = world.person.isa
    try meta.addMethod("keyPathsForValuesAffectingFullName", types: "@16@0:8") { _, _, _ in ["firstName"] }
    try meta.addMethod("keyPathsForValuesAffectingFirstName", types: "@16@0:8") { _, _, _ in ["name"] }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "fullName")
    try world.set(person, "name", "x")
    #expect(log.count == 1)
  }

  @Test func cyclicDependenciesTerminateAndNotifyOnce() throws {
    let world = try World()
    let meta = world.person.isa
    try meta.addMethod("keyPathsForValuesAffectingFirstName", types: "@16@0:8") { _, _, _ in ["lastName"] }
    try meta.addMethod("keyPathsForValuesAffectingLastName", types: "@16@0:8") { _, _, _ in ["firstName"] }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "firstName")
    try person.addObserver(observer, forKeyPath: "lastName")
    try world.set(person, "firstName", "A")
    #expect(log.all.map(\.keyPath).sorted() == ["firstName", "lastName"])
  }

  @Test func dependencyThroughAKeyPathNotifiesOnFriendChangesAndFriendReplacement() throws {
    let world = try World()
    try world.person.addMethod("friendName", types: "@16@0:8") { receiver, _, _ in
      try receiver.value(forKeyPath: "friend.name")
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingFriendName", types: "@16@0:8") { _, _, _ in ["friend.name"] }
    let person = try world.newPerson()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try world.set(ann, "name", "Ann")
    try world.set(bob, "name", "Bob")
    try world.set(person, "friend", .object(ann))
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "friendName", options: [.new])
    try world.set(ann, "name", "Anna")
    try world.set(person, "friend", .object(bob))
    try world.set(ann, "name", "Anne")  // no longer the friend: nothing
    try world.set(bob, "name", "Bobby")
    #expect(log.all.map(\.change.new) == ["Anna", "Bob", "Bobby"])
    try person.removeObserver(observer, forKeyPath: "friendName")
    #expect(person.isa === world.person)
    #expect(bob.isa === world.person)
    #expect(ann.isa === world.person)
  }

  @Test func affectingAnswerAsBridgedSetIsHonoured() throws {
    let world = try World()
    try world.person.addMethod("initials", types: "@16@0:8") { receiver, _, _ in
      .string(String((try receiver.value(forKey: "name").stringValue ?? "?").prefix(1)))
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingInitials", types: "@16@0:8") { _, _, _ in .set(["name"]) }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "initials", options: .new)
    try world.set(person, "name", "Zoe")
    #expect(log.all.map(\.change.new) == ["Z"])
  }

  @Test func affectingAnswerAsNSSetObjectIsHonoured() throws {
    let world = try World()
    try world.person.addMethod("initials", types: "@16@0:8") { receiver, _, _ in
      .string(String((try receiver.value(forKey: "name").stringValue ?? "?").prefix(1)))
    }
    let runtime = world.runtime
    try world.person.isa.addMethod("keyPathsForValuesAffectingInitials", types: "@16@0:8") { _, _, _ in
      .object(try runtime.mutableSet(["name"]))
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "initials", options: .new)
    try world.set(person, "name", "Zoe")
    #expect(log.all.map(\.change.new) == ["Z"])
  }

  @Test func defaultAffectingAnswerIsAnEmptySet() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    #expect(try world.runtime.msgSend(world.person, "keyPathsForValuesAffectingValueForKey:", "age") == .set([]))
    #expect(try world.runtime.msgSend(world.person, "keyPathsForValuesAffectingValueForKey:", "a.b") == .set([]))
  }

  /// The KVO Programming Guide's idiom:
  /// `[[super keyPathsForValuesAffectingValueForKey:key] setByAddingObjectsFromArray:@[…]]`.
  @Test func superAnswerSetByAddingObjectsFromArrayDeclaresDependencies() throws {
    let world = try World()
    try world.person.addMethod("initials", types: "@16@0:8") { receiver, _, _ in
      .string(String((try receiver.value(forKey: "name").stringValue ?? "?").prefix(1)))
    }
    let rootMeta = world.runtime.rootClass.isa
    try world.person.isa.addMethod("keyPathsForValuesAffectingValueForKey:", types: "@24@0:8@16") { receiver, _, arguments in
      let runtime = receiver.runtime!
      let inherited = try runtime.msgSendSuper(receiver, superclass: rootMeta, "keyPathsForValuesAffectingValueForKey:", arguments[0])
      guard arguments[0] == "initials" else { return inherited }
      return try runtime.msgSend(bridging: inherited, "setByAddingObjectsFromArray:", ["name"])
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "initials", options: .new)
    try person.addObserver(observer, forKeyPath: "fullName", options: .new)  // super's answer still heard
    try world.set(person, "name", "Zoe")
    try world.set(person, "firstName", "Ann")
    #expect(log.all.map(\.change.new) == ["Z", "Ann "])
  }

  @Test func affectingAnswerThatIsNotACollectionThrows() throws {
    let world = try World()
    try world.person.isa.addMethod("keyPathsForValuesAffectingAge", types: "@16@0:8") { _, _, _ in "name" }
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    let error = #expect(throws: KeyValueError.self) { try person.addObserver(observer, forKeyPath: "age") }
    #expect(error?.message.contains("must return an NSSet of key paths") == true)
  }
}
