// FidelityRound4Tests.swift: the fourth round of KVC/KVO behaviour cases, probed as a user porting
// GNUstep-base's NSKVOSupport and KVC tests, DIS_KVC_KVO's tests or Foundation bug reports would
// write them: texts that name objects, operators, removal by context and manual will/did pairs.
// Each test pins Foundation's answer. Collections' own KVC is in
// FidelityRound4CollectionTests.swift.

import Testing

@testable import KVO

@Suite struct FidelityRound4Tests {
  // MARK: - Texts

  @Test func anUndefinedKeyOnAnObservedObjectIsNamedByItsClassNotItsIsa() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age", options: [], context: 0)
    #expect(ann.isa.name == "NSKVONotifying_Person")
    let read = #expect(throws: KeyValueError.self) { try ann.value(forKey: "shoeSize") }
    #expect(read?.message.hasPrefix("[<Person 0x") == true)
    let write = #expect(throws: KeyValueError.self) { try ann.setValue(9, forKey: "shoeSize") }
    #expect(write?.message.hasPrefix("[<Person 0x") == true)
    let nilScalar = #expect(throws: KeyValueError.self) { try ann.setValue(nil, forKey: "age") }
    #expect(nilScalar?.message.hasPrefix("[<Person 0x") == true)
  }

  @Test func observingThroughABridgedArrayNamesTheArrayWithAnAddress() throws {
    let world = try World()
    let ann = try world.newPerson()
    _ = try world.runtime.null()  // Foundation is loaded (a refusal does not load it)
    try world.set(ann, "items", ["x"])  // a Swift array: Foundation would hold an __NSArrayI
    let (observer, _) = try world.newObserver()
    let error = #expect(throws: KeyValueError.self) {
      try ann.addObserver(observer, forKeyPath: "items.count", options: [], context: 0)
    }
    #expect(error?.message.hasPrefix("[<__NSArrayI 0x") == true)
    #expect(error?.message.hasSuffix("> addObserver:forKeyPath:options:context:] is not supported. Key path: count") == true)
  }

  @Test func maxWhoseFirstValueIsNSNullIsRefusedAsNSNullHasNoCompare() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [.null, 1])
    let error = #expect(throws: RuntimeError.self) { try ann.value(forKeyPath: "items.@max.self") }
    #expect(error?.message.hasPrefix("-[NSNull compare:]: unrecognized selector sent to instance 0x") == true)
  }

  // MARK: - Operators

  @Test func nestedOperatorsApplyTheRightOperatorToEachElement() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [[1, 2], [3], []])
    #expect(try ann.value(forKeyPath: "items.@sum.@count") == 3)
    #expect(try ann.value(forKeyPath: "items.@max.@count") == 2)
    #expect(try ann.value(forKeyPath: "items.@min.@count") == 0)
    #expect(try ann.value(forKeyPath: "items.@unionOfObjects.@count") == [2, 1, 0])
  }

  @Test func operatorsOnAnEmptyArrayGiveZeroForSumAndNilForAverageMaxAndMin() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [])
    #expect(try ann.value(forKeyPath: "items.@sum.self") == 0)
    #expect(try ann.value(forKeyPath: "items.@avg.self") == .nil)
    #expect(try ann.value(forKeyPath: "items.@max.self") == .nil)
    #expect(try ann.value(forKeyPath: "items.@min.self") == .nil)
    #expect(try ann.value(forKeyPath: "items.@count") == 0)
    #expect(try ann.value(forKeyPath: "items.@unionOfObjects.self") == [])
    #expect(try ann.value(forKeyPath: "items.@distinctUnionOfArrays.self") == [])
  }

  // MARK: - Removal

  @Test func removalWithoutAContextTakesTheMostRecentRegistrationWhateverItsContext() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age", options: [.new], context: ObservationContext(rawValue: 1))
    try ann.addObserver(observer, forKeyPath: "age", options: [.new], context: ObservationContext(rawValue: 2))
    try ann.removeObserver(observer, forKeyPath: "age")
    try world.set(ann, "age", 3)
    #expect(log.all.map(\.context.rawValue) == [1])
  }

  @Test func removalWithAContextTakesTheMostRecentOfTwoRegistrationsWithThatContext() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    let one = ObservationContext(rawValue: 1)
    try ann.addObserver(observer, forKeyPath: "age", options: [.new], context: one)
    try ann.addObserver(observer, forKeyPath: "age", options: [.old], context: one)
    try ann.removeObserver(observer, forKeyPath: "age", context: one)
    try world.set(ann, "age", 3)
    #expect(log.all.map(\.change.new) == [3])  // the first registration, with .new only, is left
    #expect(log.all.map(\.change.old) == [nil])
  }

  // MARK: - Manual will/did

  /// Foundation keeps a per-thread stack of pending changes and each did takes the latest will of
  /// the same object and key: both dids notify, the inner one with the inner will's old value.
  /// (GNUstep counts the depth and notifies once, at the outermost did; docs/kvo.md says why
  /// MiniKVO follows Foundation.)
  @Test func nestedWillDidOfOneKeyNotifiesAtEachDidWithItsOwnOldValue() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "age", 1)
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age", options: [.old, .new, .prior], context: 0)
    try ann.willChangeValue(forKey: "age")
    try ann.setValue(2, forIvar: "_age")
    try ann.willChangeValue(forKey: "age")
    try ann.setValue(3, forIvar: "_age")
    try ann.didChangeValue(forKey: "age")
    try ann.didChangeValue(forKey: "age")
    #expect(log.all.map(\.change.isPrior) == [true, true, false, false])
    #expect(log.all.map(\.change.old) == [1, 2, 2, 1])
    #expect(log.all.map(\.change.new) == [nil, nil, 3, 3])
  }

  @Test func didWithoutWillNotifiesNobody() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age", options: [.old, .new], context: 0)
    try ann.didChangeValue(forKey: "age")
    #expect(log.all.isEmpty)
  }

  @Test func willWithoutDidGivesOnlyThePriorNotificationAndLaterChangesStillNotify() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age", options: [.old, .new, .prior], context: 0)
    try ann.willChangeValue(forKey: "age")
    #expect(log.all.map(\.change.isPrior) == [true])
    try world.set(ann, "age", 4)
    #expect(log.all.map(\.change.isPrior) == [true, true, false])
    #expect(log.all.last?.change.old == 0)
    #expect(log.all.last?.change.new == 4)
  }

  // MARK: - The mutable array proxy's search

  @Test func anInsertionMutatorWithoutARemovalOneIsNotEnoughAndTheSetterIsUsed() throws {
    let world = try World()
    let called = Log<String>()
    try world.person.addMethod("insertObject:inItemsAtIndex:", types: "v32@0:8@16Q24") { _, _, _ in
      called.append("insert")
      return .nil
    }
    let ann = try world.newPerson()
    try world.set(ann, "items", [1])
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "items", options: [.new], context: 0)
    try ann.mutableArrayValue(forKey: "items").append(2)
    #expect(called.all.isEmpty)  // Foundation needs an insertion AND a removal method
    #expect(log.all.map(\.change.kind) == [.setting])
    #expect(try ann.value(forKey: "items") == [1, 2])
  }
}

extension FidelityRound4Tests {
  @Test func anObservedKeyWhoseGetterThrowsAbortsTheSetterBeforeItStores() throws {
    let world = try World()
    try world.person.addMethod("rank", types: "q16@0:8") { _, _, _ in
      throw KeyValueError(.invalidValue, "no rank yet")
    }
    try world.person.addMethod("setRank:", types: "v24@0:8q16") { receiver, _, arguments in
      try receiver.setValue(arguments[0], forIvar: "_age")
      return .nil
    }
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "rank", options: [.old, .new], context: 0)
    #expect(throws: KeyValueError.self) { try world.set(ann, "rank", 7) }  // the will reads the old value
    #expect(try ann.value(ofIvar: "_age") == 0)  // the original setter never ran
    #expect(log.all.isEmpty)
  }

  @Test func theOldAndNewValuesAreReadThroughAnOverriddenGetterNotTheIvar() throws {
    let world = try World()
    _ = try world.person.replaceMethod("age", types: "q16@0:8", implementation: Implementation(name: "-[Person age]") { receiver, _, _ in
      .int64(Int64((try receiver.value(ofIvar: "_age").intValue ?? 0) * 10))
    })
    let ann = try world.newPerson()
    try world.set(ann, "age", 1)
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age", options: [.old, .new], context: 0)
    try world.set(ann, "age", 2)
    #expect(log.all.map(\.change.old) == [10])  // valueForKey: sends -age
    #expect(log.all.map(\.change.new) == [20])
  }
}
