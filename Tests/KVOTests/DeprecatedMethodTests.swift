// DeprecatedMethodTests.swift: the deprecated KVC/KVO methods Foundation still honours
// (KeyValueCategory+Deprecated.swift).

import Testing

@testable import KVO

@Suite struct DeprecatedMethodTests {
  @Test func anOverrideOfHandleQueryWithUnboundKeyAnswersAnUndefinedKey() throws {
    let world = try World()
    try world.person.addMethod("handleQueryWithUnboundKey:", types: "@24@0:8@16") { _, _, arguments in
      .string("unbound \(arguments[0].stringValue ?? "?")")
    }
    let person = try world.newPerson()
    #expect(try person.value(forKey: "shoeSize") == "unbound shoeSize")
  }

  @Test func anOverrideOfHandleTakeValueForUnboundKeyTakesAnUndefinedKey() throws {
    let world = try World()
    let taken = Log<String>()
    try world.person.addMethod("handleTakeValue:forUnboundKey:", types: "v32@0:8@16@24") { _, _, arguments in
      taken.append("\(arguments[1].stringValue ?? "?") = \(arguments[0])")
      return .nil
    }
    let person = try world.newPerson()
    try person.setValue(9, forKey: "shoeSize")
    #expect(taken.all == ["shoeSize = 9"])
  }

  @Test func anOverrideOfUnableToSetNilForKeyIsSentForNilAScalar() throws {
    let world = try World()
    try world.person.addMethod("unableToSetNilForKey:", types: "v24@0:8@16") { receiver, _, arguments in
      try receiver.setValue(-1, forKey: arguments[0].stringValue ?? "?")
      return .nil
    }
    let person = try world.newPerson()
    try person.setValue(nil, forKey: "age")
    #expect(try person.value(forKey: "age") == -1)
  }

  @Test func withoutOverridesTheOldAndNewHooksRaiseAndNeverLoop() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()  // as linking Foundation does: the messages below come first
    let person = try world.newPerson()
    let query = #expect(throws: KeyValueError.self) { try world.runtime.msgSend(person, "handleQueryWithUnboundKey:", "x") }
    #expect(query?.exceptionName == "NSUnknownKeyException")
    let take = #expect(throws: KeyValueError.self) {
      try world.runtime.msgSend(person, "handleTakeValue:forUnboundKey:", 1, "x")
    }
    #expect(take?.code == .undefinedKey)
    let unable = #expect(throws: KeyValueError.self) { try world.runtime.msgSend(person, "unableToSetNilForKey:", "age") }
    #expect(unable?.code == .nilValueForScalar)
  }

  @Test func takeValueForKeyIsSetValueForKey() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try world.runtime.msgSend(person, "takeValue:forKey:", 7, "age")
    #expect(try person.value(forKey: "age") == 7)
    #expect(log.all.map(\.change.new) == [7])
    try world.runtime.msgSend(person, "takeValuesFromDictionary:", .dictionary(["age": 8]))
    #expect(try world.runtime.msgSend(person, "valuesForKeys:", ["age"]) == .dictionary(["age": 8]))
  }

  @Test func setKeysTriggerChangeNotificationsForDependentKeyDeclaresADependency() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()  // as linking Foundation does: the messages below come first
    try world.person.addMethod("badge", types: "@16@0:8") { receiver, _, _ in
      .string("\(try receiver.value(forKey: "name").stringValue ?? "?") #\(try receiver.value(forKey: "age"))")
    }
    try world.runtime.msgSend(world.person, "setKeys:triggerChangeNotificationsForDependentKey:", ["name", "age"], "badge")
    #expect(try world.runtime.msgSend(world.person, "keyPathsForValuesAffectingValueForKey:", "badge") == .set(["name", "age"]))
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "badge", options: [.new])
    try world.set(person, "age", 3)
    try world.set(person, "name", "Ann")
    #expect(log.all.map(\.change.new) == ["? #3", "Ann #3"])
  }

  @Test func keyPathsForValuesAffectingTakesPrecedenceOverSetKeys() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()  // as linking Foundation does: the messages below come first
    try world.runtime.msgSend(world.person, "setKeys:triggerChangeNotificationsForDependentKey:", ["age"], "fullName")
    // World's Person declares +keyPathsForValuesAffectingFullName: firstName and lastName.
    #expect(
      try world.runtime.msgSend(world.person, "keyPathsForValuesAffectingValueForKey:", "fullName") == ["firstName", "lastName"])
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "fullName")
    try world.set(person, "age", 3)
    #expect(log.count == 0)
  }

  @Test func setKeysDeclarationsApplyToSubclasses() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()  // as linking Foundation does: the messages below come first
    let student = try world.runtime.allocateClassPair(superclass: world.person, name: "Student")
    try world.runtime.registerClassPair(student)
    try world.runtime.msgSend(world.person, "setKeys:triggerChangeNotificationsForDependentKey:", ["age"], "score")
    #expect(try world.runtime.msgSend(student, "keyPathsForValuesAffectingValueForKey:", "score") == .set(["age"]))
  }
}
