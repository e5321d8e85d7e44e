// FidelityRound20SearchTests.swift: probe round 20, three places where two of MiniKVO's searches
// disagreed or where a rule was not yet stated by a test.
// - `KeyValuePath` takes a key holding a NUL as key-value coding does (by its part before the NUL,
//   round 17), where it refused it.
// - A mutable proxy's own `set<Key>:` step stops at a setter KVC cannot box, as
//   `setValue:forKey:`'s does (decision 0046): Foundation's slow proxy sets through the setter
//   `setValue:forKey:` would use (DIS_KVC_KVO), which for such a setter is the undefined key's;
//   GNUstep-base 1.28, run here, also stops there (it sends the `char *` setter, never the ivar).
// - `takeStoredValue:forKey:` through an ivar notifies the key's observers, as Foundation's ivar
//   setter does (GNUstep-base 1.28, run here: one notification, new value included).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound20SearchTests {
  // MARK: - KeyValuePath and a NUL

  /// A key holding a NUL parses as the key itself, NULs included, when its part before the first
  /// NUL is a key: the path prints back unchanged and KVC evaluates it as the parsed path says.
  @Test func aKeyValuePathTakesAKeyHoldingANulByItsPartBeforeTheNul() throws {
    let text = "items\u{0}\u{0}.@max.self\u{0}\u{0}me"
    let path = try KeyValuePath(text)
    #expect(path.components == [.key("items\u{0}\u{0}"), .collectionOperator(.max), .key("self\u{0}\u{0}me")])
    #expect(path.description == text)
    #expect(try KeyValuePath(path.description) == path)
    #expect(try KeyValuePath("name\u{0}x").components == [.key("name\u{0}x")])
    #expect(try KeyValuePath("friend\u{0}.@count").components == [.key("friend\u{0}"), .collectionOperator(.count)])
  }

  /// A key whose part before the NUL is no key (empty, or starting with a digit) is still refused,
  /// and so is an operator piece with no operator name before its NUL (since round 21 `@count\0x`
  /// is `@count`: FidelityRound21OperatorTests).
  @Test(arguments: ["\u{0}name", "9\u{0}lives", "a.\u{0}", "items.@\u{0}count", "na me\u{0}"])
  func aKeyValuePathRefusesANulAfterNoKey(text: String) throws {
    let error = #expect(throws: KeyValueError.self) { try KeyValuePath(text) }
    #expect(error?.code == .invalidKeyPath)
  }

  /// What `KeyValuePath` accepts, observing registers and notifies by the setter of the part
  /// before the NUL (round 19): the two agree on `age\0x`.
  @Test func aParsedKeyWithANulIsObservedThroughTheSetterOfItsPartBeforeTheNul() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    let path = try KeyValuePath("age\u{0}x")
    try ann.addObserver(observer, forKeyPath: path.description, options: [.new])
    try world.set(ann, "age", 3)
    #expect(log.all.map(\.keyPath) == ["age\u{0}x"])
    #expect(try ann.value(forKeyPath: path.description) == 3)
    try ann.removeObserver(observer, forKeyPath: path.description)
  }

  // MARK: - A mutable proxy's set<Key>: that KVC cannot box

  /// A holder with an ivar `_items` (an NSMutableArray or NSMutableSet) and a `setItems:` taking
  /// `types`' argument; `calls` records the setter.
  private func holder(in world: World, ivarClass: String, setter types: String, calls: Log<String>) throws -> Object {
    world.runtime.installKeyValueObserving()
    return try instance(of: "Holder", in: world) { cls in
      try cls.addIvar("_items", type: .object(className: ivarClass))
      try cls.addMethod("setItems:", types: types) { _, _, _ in
        calls.append("setItems:")
        return .nil
      }
    }
  }

  /// `setItems:` taking `char *` or a pointer is found first: the array proxy's edit ends in
  /// `setValue:forUndefinedKey:`, as `setValue:forKey:` does; the ivar's array is not edited and
  /// the setter is not sent.
  @Test(arguments: ["v24@0:8*16", "v24@0:8^v16", "v24@0:8(Either=if)16"])
  func theArrayProxyStopsAtASetKeyKVCCannotBox(types: String) throws {
    let world = try World()
    let calls = Log<String>()
    let holder = try holder(in: world, ivarClass: "NSMutableArray", setter: types, calls: calls)
    let array = try world.runtime.mutableArray(["a"])
    try holder.setValue(.object(array), forIvar: "_items")
    let setting = #expect(throws: KeyValueError.self) { try holder.setValue(["b"], forKey: "items") }
    #expect(setting?.exceptionName == "NSUnknownKeyException")
    let proxy = try arrayProxy(of: holder, "items", in: world)
    let error = #expect(throws: KeyValueError.self) { try send(proxy, "addObject:", "b") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message.hasSuffix("setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key items.") == true)
    #expect(try Value.object(array).collectionContents()?.elements == ["a"])
    #expect(calls.all == [])
  }

  /// The set proxy takes the same step (CollectionAccess.swift): its edit ends in
  /// `setValue:forUndefinedKey:`, which a class may answer; it gets the edited copy.
  @Test func theSetProxyStopsAtASetKeyKVCCannotBoxAndAsksTheUndefinedKeyHook() throws {
    let world = try World()
    let calls = Log<String>()
    let received = Log<Value>()
    let holder = try holder(in: world, ivarClass: "NSMutableSet", setter: "v24@0:8*16", calls: calls)
    try holder.isa.addMethod("setValue:forUndefinedKey:", types: "v32@0:8@16@24") { _, _, arguments in
      received.append(arguments[0])
      return .nil
    }
    let set = try world.runtime.mutableSet(["a"])
    try holder.setValue(.object(set), forIvar: "_items")
    try send(try holder.mutableSetValue(forKey: "items"), "addObject:", "b")
    #expect(try Value.object(set).collectionContents()?.elements == ["a"])
    #expect(try received.all.map { try $0.collectionContents().map { Set($0.elements) } } == [["a", "b"]])
    #expect(calls.all == [])
  }

  /// A `set<Key>:` KVC can box is still the proxy's step before the ivar (decision 0035).
  @Test func theArrayProxyStillSetsThroughASetKeyKVCCanBox() throws {
    let world = try World()
    let calls = Log<String>()
    let holder = try holder(in: world, ivarClass: "NSMutableArray", setter: "v24@0:8@16", calls: calls)
    let array = try world.runtime.mutableArray(["a"])
    try holder.setValue(.object(array), forIvar: "_items")
    try holder.isa.addMethod("items", types: "@16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_items") }
    try send(try arrayProxy(of: holder, "items", in: world), "addObject:", "b")
    #expect(calls.all == ["setItems:"])
    #expect(try Value.object(array).collectionContents()?.elements == ["a"])
  }

  // MARK: - takeStoredValue:forKey: through an ivar, observed

  /// A record with an ivar `_name` and a public `setName:` (recorded in `calls`).
  private func record(in world: World, calls: Log<String>) throws -> Object {
    world.runtime.installKeyValueObserving()
    return try instance(of: "Record", in: world) { cls in
      try cls.addIvar("_name", type: .object(className: "NSString"))
      try cls.addMethod("name", types: "@16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_name") }
      try cls.addMethod("setName:", types: "v24@0:8@16") { receiver, _, arguments in
        calls.append("setName:")
        try receiver.setValue(arguments[0], forIvar: "_name")
        return .nil
      }
    }
  }

  /// `takeStoredValue:forKey:` stores into the ivar `_name` (before `setName:`) and the key's
  /// observers are told once, with the old and new values, as `setValue:forKey:` through an
  /// ivar tells them.
  @Test func takeStoredValueThroughAnIvarNotifiesTheKeysObservers() throws {
    let world = try World()
    let calls = Log<String>()
    let record = try record(in: world, calls: calls)
    try record.setValue("A", forIvar: "_name")
    let (observer, log) = try world.newObserver()
    try record.addObserver(observer, forKeyPath: "name", options: [.old, .new])
    try send(record, "takeStoredValue:forKey:", "N", "name")
    #expect(try record.value(ofIvar: "_name") == "N")
    #expect(calls.all == [])
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: "N", old: "A")])
    try record.removeObserver(observer, forKeyPath: "name")
  }

  /// A class that does not notify automatically for the key is not wrapped: nobody is told.
  @Test func takeStoredValueThroughAnIvarFollowsAutomaticallyNotifies() throws {
    let world = try World()
    let calls = Log<String>()
    let record = try record(in: world, calls: calls)
    try record.isa.isa.addMethod("automaticallyNotifiesObserversForKey:", types: "B24@0:8@16") { _, _, _ in .bool(false) }
    let (observer, log) = try world.newObserver()
    try record.addObserver(observer, forKeyPath: "name", options: [.new])
    try send(record, "takeStoredValue:forKey:", "N", "name")
    #expect(try record.value(ofIvar: "_name") == "N")
    #expect(log.all.isEmpty)
    try record.removeObserver(observer, forKeyPath: "name")
  }
}
