// FidelityRound22ProbeTests.swift: KVC and observation corners not probed before round 22, each
// pinned to Foundation's answer (reasoned from its documented search orders and DIS_KVC_KVO's
// reconstruction where no Apple run was at hand; docs/kvo.md says which).

import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound22ProbeTests {
  // MARK: - Collection operators

  /// `@unionOfArrays` adds each element's value with `addObjectsFromArray:`, which enumerates
  /// it: an element that is no collection (a number) raises, as the unrecognized enumeration does.
  @Test(arguments: ["unionOfArrays", "distinctUnionOfArrays"])
  func aUnionOfArraysOverAnElementThatIsNoArrayRaises(operation: String) throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [[1], 5])
    let error = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "items.@\(operation).self") }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
  }

  /// `@max` and `@min` compare the elements' values, starting from none: an empty array has no
  /// extreme, so the answer is nil (and `@count` 0).
  @Test(arguments: ["@max.age", "@min.age", "@max.self", "@min.self"])
  func theExtremesOfAnEmptyArrayAreNil(path: String) throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [])
    #expect(try ann.value(forKeyPath: "items.\(path)") == .nil)
    #expect(try ann.value(forKeyPath: "items.@count") == 0)
  }

  // MARK: - The to-many proxies' last step

  /// With only `countOf<Key>` and `objectIn<Key>AtIndex:` (no mutators, no setter, no ivar),
  /// `mutableArrayValueForKey:` still answers a proxy: reading goes through `valueForKey:`, which
  /// finds the indexed getters; a mutation sends `setValue:forUndefinedKey:`, which raises.
  @Test func anArrayProxyOfAKeyWithOnlyIndexedGettersReadsButRaisesOnMutation() throws {
    let world = try World()
    let pile = try instance(of: "Pile", in: world) { cls in
      try cls.addMethod("countOfStones", types: "Q16@0:8") { _, _, _ in .uint64(2) }
      try cls.addMethod("objectInStonesAtIndex:", types: "@24@0:8Q16") { _, _, arguments in
        .string("stone \(arguments[0].intValue ?? -1)")
      }
    }
    let proxy = try arrayProxy(of: pile, "stones", in: world)
    #expect(try send(proxy, "count") == 2)
    #expect(try send(proxy, "objectAtIndex:", 1) == "stone 1")
    let error = #expect(throws: KeyValueError.self) { try send(proxy, "addObject:", "pebble") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message.hasSuffix("setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key stones.") == true)
  }

  // MARK: - Ivars

  /// `accessInstanceVariablesDirectly` answering NO closes the whole ivar step, `_is<Key>`
  /// included: the key is undefined for reading and setting.
  @Test func withoutDirectIvarAccessAnUnderscoreIsIvarIsNotFound() throws {
    let world = try World()
    let lamp = try instance(of: "Lamp", in: world) { cls in
      try cls.addIvar("_isLit", type: .bool)
      try cls.isa.addMethod("accessInstanceVariablesDirectly", types: "B16@0:8") { _, _, _ in .bool(false) }
    }
    try lamp.setValue(.bool(true), forIvar: "_isLit")
    let read = #expect(throws: KeyValueError.self) { try lamp.value(forKey: "lit") }
    #expect(read?.exceptionName == "NSUnknownKeyException")
    let set = #expect(throws: KeyValueError.self) { try lamp.setValue(.bool(false), forKey: "lit") }
    #expect(set?.exceptionName == "NSUnknownKeyException")
    #expect(try lamp.value(ofIvar: "_isLit").boolValue == true)
  }

  // MARK: - Observation

  /// An object that observes itself in `-init` before setting anything: its ivars are still
  /// zero, so the first set's old value is nil.
  @Test func anObjectObservingItselfInInitBeforeSettingItsIvarsHearsANilOldValue() throws {
    let world = try World()
    let root = world.runtime.rootClass
    let log = Log<Change>()
    let cls = try makeClass("Draft", in: world) { cls in
      try cls.synthesizeProperty("title", type: .object(className: "NSString"))
      try cls.addMethod("init", types: "@16@0:8") { receiver, selector, _ in
        let me = try #require(try Runtime.msgSendSuper(receiver, superclass: root, selector).objectValue)
        try me.addObserver(me, forKeyPath: "title", options: [.old, .new], context: 0)
        try world.runtime.msgSend(me, "setTitle:", "untitled")
        return .object(me)
      }
      try cls.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") { _, _, arguments in
        if let change = arguments[2].change { log.append(change) }
        return .nil
      }
    }
    let draft = try #require(try world.runtime.msgSend(try world.runtime.msgSend(cls, "alloc").objectValue, "init").objectValue)
    #expect(log.all.map(\.old) == [.nil])
    #expect(log.all.map(\.new) == ["untitled"])
    try draft.removeObserver(draft, forKeyPath: "title")
  }

  /// An observer asking for old values of a key whose getter raises: the notifying setter's will
  /// reads the old value first, so the exception leaves the setter before the original setter
  /// runs; nothing is stored and nobody is told.
  @Test func anOldValueWhoseGetterRaisesStopsTheSetBeforeItStores() throws {
    let world = try World()
    let gauge = try instance(of: "Gauge", in: world) { cls in
      try cls.addIvar("_level", type: .longLong)
      try cls.addMethod("level", types: "q16@0:8") { _, _, _ in
        throw KeyValueError(.undefinedKey, "level unreadable")
      }
      try cls.addMethod("setLevel:", types: "v24@0:8q16") { receiver, _, arguments in
        try receiver.setValue(arguments[0], forIvar: "_level")
        return .nil
      }
    }
    let (observer, log) = try world.newObserver()
    try gauge.addObserver(observer, forKeyPath: "level", options: [.old, .new])
    #expect(throws: KeyValueError.self) { try world.runtime.msgSend(gauge, "setLevel:", .int64(3)) }
    #expect(try gauge.value(ofIvar: "_level") == .int64(0))
    #expect(log.count == 0)
    try gauge.removeObserver(observer, forKeyPath: "level")
    try world.runtime.checkInvariants()
  }

  /// `automaticallyNotifiesObserversForKey:` NO for the dependent key only: the dependent's
  /// notifications come from its base key's will/did, which still notify automatically, so a set
  /// of the base key tells the dependent's observers.
  @Test func automaticNotificationOffForTheDependentKeyStillNotifiesItThroughItsBaseKey() throws {
    let world = try World()
    try world.person.isa.addMethod("automaticallyNotifiesObserversOfFullName", types: "B16@0:8") { _, _, _ in false }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "fullName", options: [.new])
    try world.set(person, "firstName", "Ann")
    #expect(log.all.map(\.change.new) == ["Ann "])
  }

  /// NO for the base key while only the dependent key is observed: the base key's setter is not
  /// made to notify, so the dependent hears nothing from it.
  @Test func automaticNotificationOffForABaseKeySilencesADependentObservedAlone() throws {
    let world = try World()
    try world.person.isa.addMethod("automaticallyNotifiesObserversOfFirstName", types: "B16@0:8") { _, _, _ in false }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "fullName", options: [.new])
    try world.set(person, "firstName", "Ann")
    try world.set(person, "lastName", "Lee")
    #expect(log.all.map(\.change.new) == ["Ann Lee"])
  }
}
