// FidelityRound19StoredAccessorTests.swift: probe round 19, NSKeyValueCoding.h's deprecated
// stored accessors (`+useStoredAccessor`, `-storedValueForKey:`, `-takeStoredValue:forKey:`).
// Apple's legacy NSKeyValueCoding reference gives their search: the private accessors first
// (`_get<Key>`, `_<key>`; `_set<Key>:`), then the ivars `_<key>` and `<key>` if
// `+accessInstanceVariablesDirectly`, then the public accessors (`get<Key>`, `<key>`;
// `set<Key>:`), else the unbound-key hooks; `+useStoredAccessor` (YES) answering NO makes them
// `valueForKey:` and `takeValue:forKey:`. GNUstep-base 1.28, run here, follows that order case
// for case (docs/kvo.md#deprecated-methods says where Apple's binary may differ).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound19StoredAccessorTests {
  /// A class with the public accessors of `name`, an ivar `_name`, an ivar `title` and a public
  /// `getTitle`; `calls` records the setters sent.
  private func base(in world: World, calls: Log<String>) throws -> Class {
    world.runtime.installKeyValueObserving()
    return try makeClass("Record", in: world) { cls in
      try cls.addIvar("_name", type: .object(className: "NSString"))
      try cls.addIvar("title", type: .object(className: "NSString"))
      try cls.addMethod("name", types: "@16@0:8") { _, _, _ in "public name" }
      try cls.addMethod("setName:", types: "v24@0:8@16") { _, _, arguments in
        calls.append("setName: \(arguments[0].stringValue ?? "?")")
        return .nil
      }
      try cls.addMethod("getTitle", types: "@16@0:8") { _, _, _ in "public title" }
      try cls.addMethod("setTitle:", types: "v24@0:8@16") { _, _, arguments in
        calls.append("setTitle: \(arguments[0].stringValue ?? "?")")
        return .nil
      }
    }
  }

  private func new(_ cls: Class) throws -> Object { try #require(try cls.runtime?.msgSend(cls, "new").objectValue) }

  @Test func useStoredAccessorAnswersYes() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    #expect(try world.runtime.msgSend(world.runtime.rootClass, "useStoredAccessor") == true)
  }

  /// The ivars come before the public accessors: `storedValueForKey:` reads `_name` and `title`,
  /// `takeStoredValue:forKey:` stores into them, and `name`, `getTitle`, `setName:` and
  /// `setTitle:` are never sent.
  @Test func theIvarsComeBeforeThePublicAccessors() throws {
    let world = try World()
    let calls = Log<String>()
    let record = try new(try base(in: world, calls: calls))
    try record.setValue("ivar name", forIvar: "_name")
    try record.setValue("ivar title", forIvar: "title")
    #expect(try send(record, "storedValueForKey:", "name") == "ivar name")
    #expect(try send(record, "storedValueForKey:", "title") == "ivar title")
    try send(record, "takeStoredValue:forKey:", "N", "name")
    try send(record, "takeStoredValue:forKey:", "T", "title")
    #expect(try record.value(ofIvar: "_name") == "N")
    #expect(try record.value(ofIvar: "title") == "T")
    #expect(calls.all == [])
  }

  /// The private accessors come first: `_getName` before `_name`, and `_setName:`.
  @Test func thePrivateAccessorsComeFirst() throws {
    let world = try World()
    let calls = Log<String>()
    let cls = try base(in: world, calls: calls)
    try cls.addMethod("_getName", types: "@16@0:8") { _, _, _ in "_getName" }
    try cls.addMethod("_name", types: "@16@0:8") { _, _, _ in "_name" }
    try cls.addMethod("_setName:", types: "v24@0:8@16") { _, _, arguments in
      calls.append("_setName: \(arguments[0].stringValue ?? "?")")
      return .nil
    }
    try cls.addMethod("_title", types: "@16@0:8") { _, _, _ in "_title" }
    let record = try new(cls)
    #expect(try send(record, "storedValueForKey:", "name") == "_getName")
    #expect(try send(record, "storedValueForKey:", "title") == "_title")
    try send(record, "takeStoredValue:forKey:", "N", "name")
    #expect(calls.all == ["_setName: N"])
    #expect(try record.value(ofIvar: "_name") == .nil)
  }

  /// Without direct ivar access, the public accessors are what is left: `getTitle`, `name`,
  /// `setName:`.
  @Test func withoutIvarAccessThePublicAccessorsAreUsed() throws {
    let world = try World()
    let calls = Log<String>()
    let cls = try base(in: world, calls: calls)
    try cls.isa.addMethod("accessInstanceVariablesDirectly", types: "B16@0:8") { _, _, _ in false }
    let record = try new(cls)
    #expect(try send(record, "storedValueForKey:", "name") == "public name")
    #expect(try send(record, "storedValueForKey:", "title") == "public title")
    try send(record, "takeStoredValue:forKey:", "N", "name")
    #expect(calls.all == ["setName: N"])
  }

  /// `+useStoredAccessor` answering NO makes them `valueForKey:` and `takeValue:forKey:`.
  @Test func useStoredAccessorNoMeansValueForKey() throws {
    let world = try World()
    let calls = Log<String>()
    let cls = try base(in: world, calls: calls)
    try cls.isa.addMethod("useStoredAccessor", types: "B16@0:8") { _, _, _ in false }
    let record = try new(cls)
    try record.setValue("ivar name", forIvar: "_name")
    #expect(try send(record, "storedValueForKey:", "name") == "public name")
    try send(record, "takeStoredValue:forKey:", "N", "name")
    #expect(calls.all == ["setName: N"])
    #expect(try record.value(ofIvar: "_name") == "ivar name")
  }

  /// The stored search knows only `_<key>` and `<key>` for ivars: an ivar `_isFlag` is not
  /// found, and an unknown key ends in the unbound-key hooks, which a class may override.
  @Test func anUnknownKeyEndsInTheUnboundKeyHooks() throws {
    let world = try World()
    let calls = Log<String>()
    let cls = try base(in: world, calls: calls)
    try cls.addIvar("_isFlag", type: .object(className: "NSNumber"))
    let plain = try new(cls)
    let read = #expect(throws: KeyValueError.self) { try send(plain, "storedValueForKey:", "flag") }
    #expect(read?.exceptionName == "NSUnknownKeyException")
    #expect(read?.message.hasSuffix("this class is not key value coding-compliant for the key flag.") == true)
    let write = #expect(throws: KeyValueError.self) { try send(plain, "takeStoredValue:forKey:", 1, "flag") }
    #expect(write?.exceptionName == "NSUnknownKeyException")
    let hooked = try makeClass("Hooked", in: world) { hooked in
      try hooked.addMethod("handleQueryWithUnboundKey:", types: "@24@0:8@16") { _, _, arguments in
        calls.append("handleQueryWithUnboundKey: \(arguments[0].stringValue ?? "?")")
        return "hooked"
      }
      try hooked.addMethod("handleTakeValue:forUnboundKey:", types: "v32@0:8@16@24") { _, _, arguments in
        calls.append("handleTakeValue:forUnboundKey: \(arguments[1].stringValue ?? "?")")
        return .nil
      }
    }
    let object = try new(hooked)
    #expect(try send(object, "storedValueForKey:", "missing") == "hooked")
    try send(object, "takeStoredValue:forKey:", 1, "missing")
    #expect(calls.all == ["handleQueryWithUnboundKey: missing", "handleTakeValue:forUnboundKey: missing"])
  }

  /// A number into a scalar ivar is converted as `setValue:forKey:` converts it, and nil into a
  /// scalar sends `setNilValueForKey:` (NSObject's raises).
  @Test func aScalarIvarIsConvertedAndNilRaises() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    let cls = try makeClass("Counter", in: world) { cls in
      try cls.addIvar("_count", type: .int)
    }
    let counter = try new(cls)
    try send(counter, "takeStoredValue:forKey:", "12", "count")
    #expect(try counter.value(ofIvar: "_count") == .int32(12))
    #expect(try send(counter, "storedValueForKey:", "count") == 12)
    let error = #expect(throws: KeyValueError.self) { try send(counter, "takeStoredValue:forKey:", .nil, "count") }
    #expect(error?.code == .nilValueForScalar)
  }
}
