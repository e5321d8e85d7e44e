// TypedKeyPathTests.swift: checked key paths, typed changes and the Initial flag
// (TypedKeyPath.swift, ObservableValue.swift, KeyValueCoding+ValueType.swift).

import Dispatch
import Testing

@testable import KVOController

@Suite struct TypedKeyPathTests {
  @Test func typedKeyPathDeclaredAgainstAClassCatchesAMisspeltKey() throws {
    let world = try World()
    _ = try TypedKeyPath<Int64>("age", of: world.person)
    let error = #expect(throws: KeyValueError.self) { try TypedKeyPath<Int64>("agee", of: world.person) }
    #expect(error?.code == .undefinedKey)
    #expect(error?.message.contains("not key value coding-compliant for the key agee") == true)
  }

  @Test func typedKeyPathDeclaredAgainstAClassCatchesAWrongValueType() throws {
    let world = try World()
    let error = #expect(throws: KeyValueError.self) { try TypedKeyPath<String>("age", of: world.person) }
    #expect(error?.code == .invalidValue)
    #expect(error?.message.contains("long long") == true)
    _ = try TypedKeyPath<String>("name", of: world.person)
    _ = try TypedKeyPath<Object>("friend", of: world.person)
    _ = try TypedKeyPath<Value>("age", of: world.person)  // any type: only the key is checked
  }

  @Test func typedKeyPathFollowsObjectStepsToTheClassTheyName() throws {
    let world = try World()
    _ = try TypedKeyPath<Int64>("friend.age", of: world.person)
    _ = try TypedKeyPath<String>("friend.friend.name", of: world.person)
    #expect(throws: KeyValueError.self) { try TypedKeyPath<Int64>("friend.agee", of: world.person) }
    #expect(throws: KeyValueError.self) { try TypedKeyPath<Int64>("friend.name", of: world.person) }
    #expect(throws: KeyValueError.self) { try TypedKeyPath<Int64>("friend.@count", of: world.person) }
  }

  @Test func typedObserveChecksTheObjectsClassBeforeRegistering() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    #expect(throws: KeyValueError.self) {
      try controller.observe(person, "agee" as TypedKeyPath<Int64>) { _, _, _ in }
    }
    #expect(throws: KeyValueError.self) {
      try controller.observe(person, TypedKeyPath<String>("age")) { _, _, _ in }
    }
    #expect(person.observationInfo == nil)
    #expect(controller.observedObjectCount == 0)
    try controller.observe(nil, TypedKeyPath<String>("whatever")) { _, _, _ in }  // nil object: nothing
  }

  @Test func typedBlockGetsTypedOldAndNewAndTellsTheInitialNotificationApart() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    try world.setAge(person, 40)
    let controller = KVOController(observer: watcher)
    let seen = Log<String>()
    try controller.observe(person, TypedKeyPath<Int64>("age"), options: [.initial, .old, .new]) { _, _, change in
      seen.append("\(change.isInitial) \(change.old.map(String.init) ?? "-") \(change.new.map(String.init) ?? "-") \(change.keyPath)")
    }
    try world.setAge(person, 41)
    #expect(seen.all == ["true - 40 age", "false 40 41 age"])
  }

  @Test func initialIsToldApartFromAChangeThatCarriesTheSameEntries() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let seen = Log<String>()
    // With `.initial` alone, the Initial notification and a change both carry just the kind.
    try controller.observe(person, TypedKeyPath<Value>("age"), options: [.initial]) { _, _, change in
      seen.append("\(change.isInitial) \(change.change.dictionary.keys.sorted())")
    }
    try world.setAge(person, 1)
    #expect(seen.all == [#"true ["kind"]"#, #"false ["kind"]"#])
  }

  @Test func initialFlagSurvivesExecutorDeliveryAndAddedCallbacks() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let queue = DispatchQueue(label: "typed")
    let seen = Log<Bool>()
    let handle = try controller.addCallback(
      for: person, TypedKeyPath<Int64>("age"), options: [.initial, .new], delivery: .executor(queue)
    ) { _, _, change in seen.append(change.isInitial) }
    try world.setAge(person, 2)
    queue.sync {}
    #expect(seen.all == [true, false])
    controller.removeCallback(handle)
    #expect(person.isa === world.person)
  }

  @Test func valueTypeFollowsKVCsSearchOrder() throws {
    let world = try World()
    #expect(try world.person.valueType(forKey: "age") == .longLong)
    #expect(try world.person.valueType(forKey: "name") == .object(className: "NSString"))
    try world.person.addMethod("getAge", types: "d16@0:8") { _, _, _ in .double(1) }  // get<Key> comes first
    #expect(try world.person.valueType(forKey: "age") == .double)
    #expect(throws: KeyValueError.self) { try world.person.valueType(forKey: "nothing") }
    try world.person.addMethod("valueForUndefinedKey:", types: "@24@0:8@16") { _, _, _ in .nil }
    #expect(try world.person.valueType(forKey: "nothing") == nil)  // anything may come back
  }
}
