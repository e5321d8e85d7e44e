// KeyValueCodingTests.swift: the accessor search order, ivars, undefined keys, nil for scalars.

import Testing

@testable import KVO

@Suite struct KeyValueCodingTests {
  func bare(_ world: World, _ build: (Class) throws -> Void) throws -> Object {
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Bare")
    try build(cls)
    try world.runtime.registerClassPair(cls)
    return try #require(try world.runtime.msgSend(cls, "new").objectValue)
  }

  @Test func getterSearchOrderIsGetKeyThenKeyThenIsKeyThenUnderscoreKey() throws {
    let world = try World()
    let names = ["getSize", "size", "isSize", "_size"]
    for winner in names.indices {
      let runtime = Runtime()
      let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Sized")
      for name in names[winner...] {
        try cls.addMethod(Selector(validating: name), types: "@16@0:8") { _, _, _ in .string(name) }
      }
      try runtime.registerClassPair(cls)
      let object = try #require(try runtime.msgSend(cls, "new").objectValue)
      #expect(try object.value(forKey: "size") == .string(names[winner]))
    }
    _ = world
  }

  @Test func oddKeysWithoutAccessorsAreUndefinedAndCachedLikeAnyKey() throws {
    // Any string is a key, as in Foundation, and is searched like any other (decision 0027: a
    // class may have `setShoe size:`); Person has no accessor for these, so each is undefined,
    // however warm the class's plan cache is, and its plan is cached as Foundation caches it.
    let world = try World()
    let person = try world.newPerson()
    for _ in 0..<2 {
      try person.setValue(7, forKey: "age")
      #expect(try person.value(forKey: "age") == .int64(7))
      for odd in ["", "shoe size", "friend.age", "9lives", "@count"] {
        let read = #expect(throws: KeyValueError.self) { try person.value(forKey: odd) }
        #expect(read?.code == .undefinedKey)
        #expect(read?.message.hasSuffix("valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(odd).") == true)
        let write = #expect(throws: KeyValueError.self) { try person.setValue(1, forKey: odd) }
        #expect(write?.code == .undefinedKey)
      }
    }
    let cached = AccessorPlans.of(person.isa, at: MethodGeneration(of: person.isa)).map { $0.getters.map(\.key) + $0.setters.map(\.key) } ?? []
    #expect(["", "shoe size", "friend.age", "9lives", "@count"].allSatisfy { cached.contains($0) })
  }

  @Test func setValuesForKeysSetsEachKeyThroughSetValueForKey() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "name", "Old")
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try person.addObserver(observer, forKeyPath: "name", options: [.new])
    try person.setValuesForKeys(["name": .nil, "age": 30])
    #expect(try person.value(forKey: "age") == 30)
    #expect(try person.value(forKey: "name") == .nil)  // .nil is Foundation's NSNull: sets nil
    #expect(log.all.map(\.keyPath) == ["age", "name"])  // ascending key order
    // Any string is a key: "bad key" is undefined, and stops there after "age" (ascending) was set.
    let error = #expect(throws: KeyValueError.self) { try person.setValuesForKeys(["age": 31, "bad key": 1]) }
    #expect(error?.code == .undefinedKey)
    #expect(try person.value(forKey: "age") == 31)
    // An undefined key stops there: the keys before it (in ascending order) are set, as in Foundation.
    #expect(throws: KeyValueError.self) { try person.setValuesForKeys(["age": 32, "zzz": 1]) }
    #expect(try person.value(forKey: "age") == 32)
  }

  @Test func ivarSearchOrderIsUnderscoreKeyUnderscoreIsKeyKeyIsKey() throws {
    let names = ["_size", "_isSize", "size", "isSize"]
    for winner in names.indices {
      let runtime = Runtime()
      let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Sized")
      for name in names[winner...] { try cls.addIvar(name, type: .object(className: "NSString")) }
      try runtime.registerClassPair(cls)
      let object = try #require(try runtime.msgSend(cls, "new").objectValue)
      try object.setValue(.string(names[winner]), forIvar: names[winner])
      #expect(try object.value(forKey: "size") == .string(names[winner]))
      try object.setValue("set", forKey: "size")
      #expect(try object.value(ofIvar: names[winner]) == "set")
    }
  }

  @Test func setterSearchPrefersSetKeyThenUnderscoreSetKey() throws {
    let world = try World()
    let calls = Log<String>()
    let object = try bare(world) { cls in
      try cls.addMethod("_setSize:", types: "v24@0:8@16") { _, _, _ in calls.append("_setSize:"); return .nil }
      try cls.addMethod("setSize:", types: "v24@0:8@16") { _, _, _ in calls.append("setSize:"); return .nil }
    }
    try object.setValue("x", forKey: "size")
    #expect(calls.all == ["setSize:"])
  }

  /// Foundation's implementation (not its documentation) also tries `_get<Key>`, after `is<Key>`
  /// and before `_<key>`; each getter wins over those after it.
  @Test func getterSearchTriesGetKeyKeyIsKeyUnderscoreGetKeyThenUnderscoreKey() throws {
    let names = ["getSize", "size", "isSize", "_getSize", "_size"]
    for winner in names.indices {
      let world = try World()
      let object = try bare(world) { cls in
        for name in names[winner...] { try cls.addMethod(Selector(interning: name), types: "@16@0:8") { _, _, _ in .string(name) } }
        try cls.addIvar("_size", type: .object(className: "NSString"))
      }
      #expect(try object.value(forKey: "size") == .string(names[winner]))
    }
  }

  /// Foundation's implementation (not its documentation) also tries `setIs<Key>:`, after
  /// `_set<Key>:` and before the ivars; an observed key's `setIs<Key>:` notifies.
  @Test func setterSearchFallsBackToSetIsKeyBeforeTheIvar() throws {
    let world = try World()
    let calls = Log<String>()
    let object = try bare(world) { cls in
      try cls.addIvar("_size", type: .longLong)
      try cls.addMethod("setIsSize:", types: "v24@0:8q16") { receiver, _, arguments in
        calls.append("setIsSize:")
        try receiver.setValue(arguments[0], forIvar: "_size")
        return .nil
      }
    }
    try object.setValue(3, forKey: "size")
    #expect(calls.all == ["setIsSize:"])
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "size", options: [.old, .new])
    try world.runtime.msgSend(object, "setIsSize:", 4)  // the notifying subclass overrides it
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: 4, old: 3)])
    #expect(calls.all == ["setIsSize:", "setIsSize:"])
  }

  @Test func directIvarAccessCanBeTurnedOff() throws {
    let world = try World()
    let object = try bare(world) { cls in
      try cls.addIvar("_size", type: .longLong)
      try cls.isa.addMethod("accessInstanceVariablesDirectly", types: "B16@0:8") { _, _, _ in false }
    }
    #expect(throws: KeyValueError.self) { try object.value(forKey: "size") }
  }

  @Test func undefinedKeyErrorReadsLikeFoundation() throws {
    let world = try World()
    let person = try world.newPerson()
    do {
      _ = try person.value(forKey: "shoeSize")
      Issue.record("expected an error")
    } catch let error as KeyValueError {
      #expect(error.code == .undefinedKey)
      #expect(error.exceptionName == "NSUnknownKeyException")
      #expect(error.message == "[<Person \(person.address)> valueForUndefinedKey:]: this class is not key value coding-compliant for the key shoeSize.")
    }
    #expect(throws: KeyValueError.self) { try person.setValue(1, forKey: "shoeSize") }
  }

  @Test func valueForUndefinedKeyCanBeOverridden() throws {
    let world = try World()
    try world.person.addMethod("valueForUndefinedKey:", types: "@24@0:8@16") { _, _, arguments in
      .string("default for \(arguments[0].stringValue ?? "")")
    }
    let person = try world.newPerson()
    #expect(try person.value(forKey: "shoeSize") == "default for shoeSize")
  }

  @Test func nilForAScalarGoesToSetNilValueForKey() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 3)
    #expect(throws: KeyValueError.self) { try person.setValue(nil, forKey: "age") }
    #expect(try person.value(forKey: "age") == 3)
    try world.person.addMethod("setNilValueForKey:", types: "v24@0:8@16") { receiver, _, _ in
      try receiver.setValue(0, forKey: "age")
      return .nil
    }
    try person.setValue(nil, forKey: "age")
    #expect(try person.value(forKey: "age") == 0)
  }

  @Test func numbersAreConvertedToTheSettersType() throws {
    let world = try World()
    let person = try world.newPerson()
    try person.setValue(.int32(7), forKey: "age")
    try person.setValue(2, forKey: "score")
    #expect(try person.value(forKey: "age") == .int64(7))
    #expect(try person.value(forKey: "score") == .double(2))
    try person.setValue("old", forKey: "age")  // -[NSString longLongValue]: no leading number, 0
    #expect(try person.value(forKey: "age") == .int64(0))
  }

  @Test func keyPathsNavigateObjectsArraysAndDictionaries() throws {
    let world = try World()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    try world.set(friend, "name", "Bob")
    try world.set(person, "friend", .object(friend))
    #expect(try person.value(forKeyPath: "friend.name") == "Bob")
    try person.setValue("Rob", forKeyPath: "friend.name")
    #expect(try friend.value(forKey: "name") == "Rob")
    try world.set(person, "items", [["k": 1], ["k": 2]])
    #expect(try person.value(forKeyPath: "items.k") == [1, 2])
    try world.set(person, "friend", nil)
    #expect(try person.value(forKeyPath: "friend.name") == .nil)
    try person.setValue("ignored", forKeyPath: "friend.name")  // messaging nil does nothing
  }

  @Test func dictionaryWithValuesForKeysCollectsValues() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "age", 4)
    let values = try person.dictionaryWithValues(forKeys: ["age", "name"])
    #expect(values == ["age": 4, "name": .null], "nil is NSNull in a dictionary")
  }

  @Test func oddKeysAreUndefinedAndOnlyBadOperatorsMakeAPathMalformed() throws {
    let world = try World()
    let person = try world.newPerson()
    for key in ["", "a b", "1x", "a.b"] {
      let error = #expect(throws: KeyValueError.self) { try person.value(forKey: key) }
      #expect(error?.code == .undefinedKey)
    }
    for path in ["", "a..b", ".a", "a.", "first name"] {
      let error = #expect(throws: KeyValueError.self) { try person.value(forKeyPath: path) }
      #expect(error?.code == .undefinedKey)
    }
    // An object that is no collection takes `@nope` as a key; an operator behind nil is nil.
    let unknown = #expect(throws: KeyValueError.self) { try person.value(forKeyPath: "@nope.x") }
    #expect(unknown?.code == .undefinedKey)
    #expect(try person.value(forKeyPath: "items.@sum") == .nil)
  }

  @Test func indexedAccessorsReadAsAnArrayProxy() throws {
    let world = try World()
    let object = try bare(world) { cls in
      try cls.addMethod("countOfRows", types: "Q16@0:8") { _, _, _ in .uint64(3) }
      try cls.addMethod("objectInRowsAtIndex:", types: "@24@0:8Q16") { _, _, arguments in
        .string("row \(arguments[0].intValue ?? -1)")
      }
    }
    let rows = try object.value(forKey: "rows")
    #expect(rows.objectValue?.isa.name == "NSKeyValueArray")  // a live proxy, read through the accessors
    #expect(try rows.collectionContents() == .array(["row 0", "row 1", "row 2"]))
  }

  @Test func aNewGetterIsFoundAfterTheCacheWasFilled() throws {
    let world = try World()
    let person = try world.newPerson()
    #expect(throws: KeyValueError.self) { try person.value(forKey: "nickname") }
    try world.person.addMethod("nickname", types: "@16@0:8") { _, _, _ in "Bunny" }
    #expect(try person.value(forKey: "nickname") == "Bunny")
  }

  @Test func aKeyThatIsNoStringGetsTheStringMessageItCannotAnswer() throws {
    // Foundation reads a key as an NSString: a number is sent -length, the runtime's
    // unrecognized selector (docs/kvo.md#the-nsobject-category).
    let world = try World()
    world.runtime.installKeyValueObserving()  // the category, for msgSend
    let person = try world.newPerson()
    let observer = try world.newObserver().0
    let sends: [(Selector, [Value])] = [
      ("valueForKey:", [5]), ("setValue:forKey:", [1, 5]), ("valueForKeyPath:", [5]),
      ("addObserver:forKeyPath:options:context:", [.object(observer), 5, 0, .nil]),
      ("removeObserver:forKeyPath:", [.object(observer), 5]), ("willChangeValueForKey:", [5]),
      ("didChangeValueForKey:", [5]), ("mutableArrayValueForKey:", [5]),
    ]
    for (selector, arguments) in sends {
      let error = #expect(throws: RuntimeError.self, "\(selector)") {
        try world.runtime.msgSend(person, selector, arguments: Arguments(arguments))
      }
      #expect(error?.code == .unrecognizedSelector, "\(selector)")
      #expect(error?.message.hasPrefix("-[__NSCFNumber length]: unrecognized selector sent to instance 0x") == true)
    }
    #expect(person.observedKeyPaths.isEmpty)
    // An object that answers the string primitives is read through them, as a string.
    let key = try instance(of: "Key", in: world) { cls in
      try cls.addMethod("length", types: "Q16@0:8") { _, _, _ in .uint64(3) }
      try cls.addMethod("characterAtIndex:", types: "S24@0:8Q16") { _, _, arguments in
        .uint16(Array("age".utf16)[arguments[0].intValue ?? 0])
      }
    }
    try world.set(person, "age", 7)
    #expect(try world.runtime.msgSend(person, "valueForKey:", .object(key)) == .int64(7))
    try world.runtime.checkInvariants()
  }
}
