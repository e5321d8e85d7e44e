// AnyStringKeyTests.swift: key-value coding takes any string as a key, as Foundation does; a key
// whose accessor names the class lacks ends in valueForUndefinedKey: / setValue:forUndefinedKey:.

import Testing

@testable import KVO

@Suite struct AnyStringKeyTests {
  @Test func aKeyWithASpaceIsAnUndefinedKeyInFoundationsWords() throws {
    let world = try World()
    let person = try world.newPerson()
    let error = #expect(throws: KeyValueError.self) { try person.value(forKey: "first name") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(
      error?.message
        == "[<Person \(person.address)> valueForUndefinedKey:]: this class is not key value coding-compliant for the key first name."
    )
    let set = #expect(throws: KeyValueError.self) { try person.setValue(1, forKey: "first name") }
    #expect(set?.message.contains("setValue:forUndefinedKey:]") == true)
    try world.runtime.checkInvariants()
  }

  @Test func theEmptyKeyIsAnUndefinedKey() throws {
    let world = try World()
    let person = try world.newPerson()
    let error = #expect(throws: KeyValueError.self) { try person.value(forKey: "") }
    #expect(error?.code == .undefinedKey)
    #expect(error?.message.hasSuffix("not key value coding-compliant for the key .") == true)
  }

  @Test func valueForKeyDoesNotSplitOnDotsButValueForKeyPathDoes() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(friend, "name", "Bob")
    try world.set(person, "friend", .object(friend))
    let error = #expect(throws: KeyValueError.self) { try person.value(forKey: "friend.name") }
    #expect(error?.message.hasSuffix("for the key friend.name.") == true)  // one key
    #expect(try person.value(forKeyPath: "friend.name") == "Bob")
  }

  @Test func anEmptyComponentOfAKeyPathAsksTheObjectBeforeItForTheEmptyKey() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    #expect(try person.value(forKeyPath: "friend..name") == .nil)  // friend is nil: messaging nil
    try world.set(person, "friend", .object(friend))
    let error = #expect(throws: KeyValueError.self) { try person.value(forKeyPath: "friend..name") }
    #expect(error?.message.hasPrefix("[<Person \(friend.address)> valueForUndefinedKey:]") == true)
    #expect(error?.message.hasSuffix("for the key .") == true)
    let set = #expect(throws: KeyValueError.self) { try person.setValue(1, forKeyPath: "friend.first name") }
    #expect(set?.message.hasPrefix("[<Person \(friend.address)> setValue:forUndefinedKey:]") == true)
  }

  @Test func anOverrideOfTheUndefinedKeyMethodsSeesEveryKey() throws {
    let world = try World()
    let seen = Locked<[String]>([])
    try world.person.addMethod("valueForUndefinedKey:", types: "@24@0:8@16") { _, _, arguments in
      .string("default for '\(arguments[0].stringValue ?? "?")'")
    }
    try world.person.addMethod("setValue:forUndefinedKey:", types: "v32@0:8@16@24") { _, _, arguments in
      seen.withLock { $0.append(arguments[1].stringValue ?? "?") }
      return .nil
    }
    let person = try world.newPerson()
    #expect(try person.value(forKey: "first name") == "default for 'first name'")
    #expect(try person.value(forKey: "") == "default for ''")
    #expect(try person.value(forKey: "a.b") == "default for 'a.b'")
    #expect(try person.value(forKeyPath: "first name") == "default for 'first name'")
    #expect(try person.dictionaryWithValues(forKeys: ["shoe size"]) == ["shoe size": "default for 'shoe size'"])
    try person.setValue(1, forKey: "shoe size")
    try person.setValue(2, forKey: "")
    try person.setValuesForKeys(["x y": 3])
    #expect(seen.withLock { $0 } == ["shoe size", "", "x y"])
  }

  @Test func aKeyStartingWithADigitCanStillNameAnIvar() throws {
    let runtime = Runtime()
    let cat = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Cat")
    try cat.addIvar("_9lives", type: .int)
    try runtime.registerClassPair(cat)
    let tom = try cat.createInstance()
    try tom.setValue(9, forKey: "9lives")  // Foundation's search finds the ivar _9lives
    #expect(try tom.value(forKey: "9lives") == .int32(9))
  }

  @Test func observingTakesAnyKeyUncheckedAsFoundationDoes() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "first name")
    #expect(person.observedKeyPaths == ["first name"])
    try person.removeObserver(observer, forKeyPath: "first name")
    #expect(person.observedKeyPaths.isEmpty && person.isa === world.person)
  }
}
