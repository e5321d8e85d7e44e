// FidelityRound15AccessorNameTests.swift: Foundation builds every accessor name of a key as text
// (`set<Key>:`, `countOf<Key>`, `_<key>`, …), upper-casing only the key's first byte with C's
// `toupper`, and asks the runtime for a method or ivar of that name. The runtime takes any name
// (decision 0027), so a key with a space or a dot, the empty key and a key starting with a
// non-ASCII letter find the methods and ivars a class has under those names.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound15AccessorNameTests {
  /// A `Box` with `setMy key:` and `my key` over the ivar `_my key`, the setter counting its calls.
  private func box(_ world: World, sets: Log<Value>) throws -> Object {
    try instance(of: "Box", in: world) { cls in
      try cls.addIvar("_my key", type: .object(className: "NSString"))
      try cls.addMethod(Selector(interning: "my key"), types: "@16@0:8") { receiver, _, _ in
        try receiver.value(ofIvar: "_my key")
      }
      try cls.addMethod(Selector(interning: "setMy key:"), types: "v24@0:8@16") { receiver, _, arguments in
        sets.append(arguments[0])
        try receiver.setValue(arguments[0], forIvar: "_my key")
        return .nil
      }
    }
  }

  @Test func aKeyWithASpaceFindsItsGetterAndSetterByTheirBuiltNames() throws {
    let world = try World()
    let sets = Log<Value>()
    let box = try box(world, sets: sets)
    try box.setValue("x", forKey: "my key")
    #expect(sets.all == ["x"])
    #expect(try box.value(forKey: "my key") == "x")
    #expect(try box.dictionaryWithValues(forKeys: ["my key"]) == ["my key": "x"])
  }

  @Test func aKeyWithASpaceReachesAnIvarOfThatName() throws {
    let world = try World()
    let bag = try instance(of: "Bag", in: world) { try $0.addIvar("_first name", type: .object(className: "NSString")) }
    try bag.setValue("Ann", forKey: "first name")
    #expect(try bag.value(ofIvar: "_first name") == "Ann")
    #expect(try bag.value(forKey: "first name") == "Ann")
  }

  @Test func aKeyWithADotIsOneKeyToValueForKeyAndFindsGetA_b() throws {
    let world = try World()
    let thing = try instance(of: "Thing", in: world) { cls in
      try cls.addMethod(Selector(interning: "getA.b"), types: "@16@0:8") { _, _, _ in "dotted" }
    }
    #expect(try thing.value(forKey: "a.b") == "dotted")
  }

  @Test func theEmptyKeyAsksForTheMethodsGetAndUnderscore() throws {
    let world = try World()
    let thing = try instance(of: "Thing", in: world) { cls in
      try cls.addMethod(Selector(interning: "get"), types: "@16@0:8") { _, _, _ in "empty" }
      try cls.addMethod(Selector(interning: "set:"), types: "v24@0:8@16") { _, _, _ in .nil }
    }
    #expect(try thing.value(forKey: "") == "empty")
    try thing.setValue("y", forKey: "")  // `set:` takes it: no setValue:forUndefinedKey:
    let plain = try instance(of: "Plain", in: world) { _ in }
    #expect(throws: KeyValueError.self) { try plain.value(forKey: "") }
  }

  @Test func onlyAnASCIIFirstLetterIsUpperCasedAsCsToupperDoes() throws {
    let world = try World()
    let thing = try instance(of: "Thing", in: world) { cls in
      try cls.addMethod(Selector(interning: "getélan"), types: "@16@0:8") { _, _, _ in "lower" }
      try cls.addMethod(Selector(interning: "getÉlan"), types: "@16@0:8") { _, _, _ in "upper" }
    }
    #expect(try thing.value(forKey: "élan") == "lower")
    #expect(AccessorNames.of("élan").capitalized == "élan")
    #expect(AccessorNames.of("ßig").capitalized == "ßig")
    #expect(KeyValueCoding.capitalized("age") == "Age")
  }

  @Test func aKeyWithASpaceFindsItsIndexedAccessorsForGetAndMutate() throws {
    let world = try World()
    let inserted = Log<String>()
    let list = try instance(of: "List", in: world) { cls in
      try cls.addMethod(Selector(interning: "countOfMy key"), types: "Q16@0:8") { _, _, _ in .uint64(2) }
      try cls.addMethod(Selector(interning: "objectInMy keyAtIndex:"), types: "@24@0:8Q16") { _, _, arguments in
        .string("item\(arguments[0].intValue ?? -1)")
      }
      try cls.addMethod(Selector(interning: "insertObject:inMy keyAtIndex:"), types: "v32@0:8@16Q24") {
        _, _, arguments in
        inserted.append("\(arguments[0]) at \(arguments[1].intValue ?? -1)")
        return .nil
      }
      try cls.addMethod(Selector(interning: "removeObjectFromMy keyAtIndex:"), types: "v24@0:8Q16") { _, _, _ in .nil }
    }
    let value = try list.value(forKey: "my key")
    #expect(try send(value.objectValue, "count") == .uint64(2))
    #expect(try send(value.objectValue, "objectAtIndex:", .uint64(1)) == "item1")
    let (observer, log) = try world.newObserver()
    try list.addObserver(observer, forKeyPath: "my key", options: [])
    try list.mutableArrayValue(forKey: "my key").insert("z", at: 1)
    #expect(inserted.all == ["\(Value.string("z")) at 1"])
    #expect(log.all.map(\.change) == [Change(kind: .insertion, indexes: [1])])
    withExtendedLifetime(observer) {}
  }

  @Test func aKeyWithASpaceGetsANotifyingSetter() throws {
    let world = try World()
    let sets = Log<Value>()
    let box = try box(world, sets: sets)
    let (observer, log) = try world.newObserver()
    try box.addObserver(observer, forKeyPath: "my key", options: [.old, .new])
    try send(box, Selector(interning: "setMy key:"), "v")
    #expect(sets.all == ["v"])
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: "v", old: .nil)])
    withExtendedLifetime(observer) {}
  }

  @Test func aKeyWithASpaceGetsNotifyingSetMutatorsAndTheSetProxyUsesThem() throws {
    let world = try World()
    let added = Log<Value>()
    let club = try instance(of: "Club", in: world) { cls in
      try cls.addIvar("_the members", type: .object(className: "NSSet"))
      try cls.addMethod(Selector(interning: "addThe membersObject:"), types: "v24@0:8@16") { _, _, arguments in
        added.append(arguments[0])
        return .nil
      }
      try cls.addMethod(Selector(interning: "removeThe membersObject:"), types: "v24@0:8@16") { _, _, _ in .nil }
    }
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "the members", options: [.new])
    try send(try club.mutableSetValue(forKey: "the members"), "addObject:", "m")
    #expect(added.all == ["m"])
    #expect(log.all.map(\.change) == [Change(kind: .insertion, new: .set(["m"]))])
    withExtendedLifetime(observer) {}
  }

  @Test func aKeyWithASpaceIsValidatedByItsValidator() throws {
    let world = try World()
    let checked = Log<Value>()
    let thing = try instance(of: "Thing", in: world) { cls in
      try cls.addMethod(Selector(interning: "validateMy key:error:"), types: "B32@0:8^@16^@24") { _, _, arguments in
        checked.append(arguments[0])
        return false
      }
    }
    var value: Value = "v"
    #expect(throws: ValidationError.self) { try thing.validateValue(&value, forKey: "my key") }
    #expect(checked.count == 1)
  }
}
