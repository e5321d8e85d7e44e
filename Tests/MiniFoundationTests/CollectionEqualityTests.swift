// CollectionEqualityTests.swift: Foundation's collections compare a user's objects with their
// own -isEqual: and -hash (MessageEquality.swift, docs/decisions/0024), as GNUstep-base's
// collection tests and Apple's NSArray, NSSet and NSDictionary documentation expect.

import Testing

@testable import MiniFoundation

/// A user class whose objects are equal when their `_name`s are, and hash by it: the model class
/// of GNUstep's collection tests. `overriding` says which of the two it overrides.
private struct Named {
  let cls: Class

  enum Overrides { case both, isEqualOnly }

  init(_ runtime: Runtime, _ name: String = "Named", overriding: Overrides = .both, isEqual: ImplementationBody? = nil) throws {
    try runtime.installFoundation()
    let root = runtime.rootClass
    cls = try makeClass(name, superclass: root, in: runtime) { cls in
      try cls.addIvar("_name", type: "@")
      try cls.addMethod("name", types: "@16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_name") }
      try cls.addMethod(
        "isEqual:", types: "B24@0:8@16",
        isEqual ?? { receiver, _, arguments in
          guard case .object(let other) = arguments[0], other.isa === receiver.isa else { return false }
          return .bool(try receiver.value(ofIvar: "_name") == other.value(ofIvar: "_name"))
        })
      if overriding == .both {
        try cls.addMethod("hash", types: "Q16@0:8") { receiver, _, _ in
          .uint64(UInt64(truncatingIfNeeded: (try receiver.value(ofIvar: "_name").stringValue ?? "").utf8.count))
        }
      }
      try cls.addMethod("copyWithZone:", types: "@24@0:8^{_NSZone=}16") { receiver, _, _ in
        let copy = try receiver.isa.createInstance()  // a new object, equal to the receiver
        try copy.setValue(try receiver.value(ofIvar: "_name"), forIvar: "_name")
        return .object(copy)
      }
    }
  }

  func callAsFunction(_ name: String) throws -> Object {
    let object = try cls.createInstance()
    try object.setValue(.string(name), forIvar: "_name")
    return object
  }
}

private let notFound = Value.uint64(UInt64(Int.max))

@Suite struct CollectionEqualityTests {
  @Test func anArrayFindsAnEqualObjectByIsEqual() throws {
    let runtime = Runtime()
    let named = try Named(runtime)
    let (ann, bob, annAgain) = (try named("ann"), try named("bob"), try named("ann"))
    let list = try runtime.mutableArray([.object(bob), .object(ann), "x", .object(ann)])
    #expect(try send(list, "containsObject:", .object(annAgain)) == true)
    #expect(try send(list, "indexOfObject:", .object(annAgain)) == 1)
    #expect(try send(list, "indexOfObject:inRange:", .object(annAgain), .range(2..<4)) == 3)
    #expect(try send(list, "containsObject:", .object(try named("cy"))) == false)
    #expect(try send(list, "firstObjectCommonWithArray:", [.object(annAgain)]) == .object(ann))
    let same = try runtime.mutableArray([.object(try named("bob")), .object(annAgain), "x", .object(try named("ann"))])
    #expect(try send(list, "isEqualToArray:", .object(same)) == true)
    #expect(try send(list, "isEqual:", .object(same)) == true)
    try send(list, "removeObject:inRange:", .object(annAgain), .range(0..<2))
    #expect(try send(list, "count") == 3)
    try send(list, "addObject:", .object(ann))
    try send(list, "removeObject:", .object(annAgain))  // every equal element goes
    #expect(Value.object(list) == [.object(bob), "x"])
    try send(list, "removeObjectsInArray:", [.object(try named("bob"))])
    #expect(Value.object(list) == ["x"])
  }

  @Test func containsObjectAndIndexOfObjectSendIsEqualInTheirDocumentedDirections() throws {
    // Apple's NSArray docs: containsObject: sends isEqual: to each element with the argument;
    // indexOfObject: (and removeObject:, which uses it) sends it to the argument with each element.
    let runtime = Runtime()
    let greedy = try Named(runtime, "Greedy", isEqual: { _, _, _ in true })  // equal to anything
    let plain = try makeClass("Plain", superclass: runtime.rootClass, in: runtime).createInstance()
    let eager = try greedy("eager")
    let holdsGreedy = try runtime.mutableArray([.object(eager)])
    #expect(try send(holdsGreedy, "containsObject:", .object(plain)) == true, "[eager isEqual:plain]")
    #expect(try send(holdsGreedy, "indexOfObject:", .object(plain)) == notFound, "[plain isEqual:eager]")
    let holdsPlain = try runtime.mutableArray([.object(plain)])
    #expect(try send(holdsPlain, "containsObject:", .object(eager)) == false, "[plain isEqual:eager]")
    #expect(try send(holdsPlain, "indexOfObject:", .object(eager)) == 0, "[eager isEqual:plain]")
    try send(holdsPlain, "removeObject:", .object(eager))
    #expect(try send(holdsPlain, "count") == 0)
  }

  @Test func aSetFindsAnEqualMemberByHashAndIsEqual() throws {
    let runtime = Runtime()
    let named = try Named(runtime)
    let (ann, bob) = (try named("ann"), try named("bob"))
    let set = try runtime.mutableSet([.object(ann), .object(bob)])
    #expect(try send(set, "member:", .object(try named("ann"))) == .object(ann), "the member, not the argument")
    #expect(try send(set, "containsObject:", .object(try named("bob"))) == true)
    #expect(try send(set, "containsObject:", .object(try named("cy"))) == false)
    try send(set, "addObject:", .object(try named("ann")))
    #expect(try send(set, "count") == 2, "an equal object is not added a second time")
    #expect(try send(set, "member:", .object(try named("ann"))).objectValue === ann, "the first stays")
    let others = try runtime.mutableSet([.object(try named("ann")), .object(try named("bob")), .object(try named("cy"))])
    #expect(try send(set, "isSubsetOfSet:", .object(others)) == true)
    #expect(try send(set, "intersectsSet:", .object(try runtime.mutableSet([.object(try named("bob"))]))) == true)
    #expect(try send(set, "isEqualToSet:", .object(try runtime.mutableSet([.object(try named("bob")), .object(try named("ann"))]))) == true)
    try send(set, "removeObject:", .object(try named("bob")))
    #expect(Value.object(set) == .set([.object(ann)]))
    try send(set, "addObject:", .object(bob))
    try send(set, "minusSet:", .object(try runtime.mutableSet([.object(try named("ann"))])))
    #expect(Value.object(set) == .set([.object(bob)]))
    try send(set, "addObject:", .object(ann))
    try send(set, "intersectSet:", .object(try runtime.mutableSet([.object(try named("ann"))])))
    #expect(Value.object(set) == .set([.object(ann)]))
  }

  @Test func setWithArrayAndOrderedSetWithArrayKeepOneOfEqualObjects() throws {
    let runtime = Runtime()
    let named = try Named(runtime)
    let (ann, bob) = (try named("ann"), try named("bob"))
    let objects: Value = [.object(ann), .object(bob), .object(try named("ann"))]
    let setClass = try foundationClass("NSSet", in: runtime)
    let set = try send(setClass, "setWithArray:", objects)
    #expect(try send(set.objectValue, "count") == 2)
    let orderedClass = try foundationClass("NSMutableOrderedSet", in: runtime)
    let ordered = try send(orderedClass, "orderedSetWithArray:", objects)
    #expect(try send(ordered.objectValue, "array") == [.object(ann), .object(bob)])
  }

  @Test func anOrderedSetFindsAnEqualObjectByHashAndIsEqual() throws {
    let runtime = Runtime()
    let named = try Named(runtime)
    let (ann, bob) = (try named("ann"), try named("bob"))
    let orderedClass = try foundationClass("NSMutableOrderedSet", in: runtime)
    let ordered = try #require(try send(orderedClass, "orderedSetWithArray:", [.object(ann), .object(bob)]).objectValue)
    #expect(try send(ordered, "indexOfObject:", .object(try named("bob"))) == 1)
    #expect(try send(ordered, "containsObject:", .object(try named("ann"))) == true)
    try send(ordered, "addObject:", .object(try named("bob")))
    try send(ordered, "insertObject:atIndex:", .object(try named("ann")), 0)
    #expect(try send(ordered, "count") == 2, "an equal object is not added a second time")
    try send(ordered, "removeObject:", .object(try named("ann")))
    #expect(try send(ordered, "array") == [.object(bob)])
  }

  @Test func aDictionaryFindsAnEqualKeyThroughTheCopyItStored() throws {
    let runtime = Runtime()
    let named = try Named(runtime)
    let ann = try named("ann")
    let entries = try runtime.mutableDictionary()
    try send(entries, "setObject:forKey:", 1, .object(ann))
    let stored = try #require(try send(entries, "allKeys").arrayValue?.first?.objectValue)
    #expect(stored !== ann, "the key is a copy (copyWithZone:), found by the copy's hash and isEqual:")
    #expect(try send(entries, "objectForKey:", .object(try named("ann"))) == 1)
    #expect(try send(entries, "objectForKey:", .object(ann)) == 1)
    try send(entries, "setObject:forKey:", 2, .object(try named("ann")))
    #expect(try send(entries, "count") == 1, "an equal key replaces the value")
    #expect(try send(entries, "objectForKey:", .object(ann)) == 2)
    #expect(try send(entries, "allKeys").arrayValue?.first?.objectValue === stored, "the first key stays")
    #expect(try send(entries, "allKeysForObject:", 2) == [.object(stored)])
    let same = try runtime.mutableDictionary()
    try send(same, "setObject:forKey:", 2, .object(try named("ann")))
    #expect(try send(entries, "isEqualToDictionary:", .object(same)) == true)
    try send(entries, "removeObjectForKey:", .object(try named("ann")))
    #expect(try send(entries, "count") == 0)
  }

  @Test func aClassOverridingOnlyIsEqualIsFoundInAnArrayButNotInASet() throws {
    // Apple: objects that are equal must have the same hash; a hashed collection asks the hash
    // first, so two equal objects with NSObject's (address) hash are not found in a set.
    let runtime = Runtime()
    let named = try Named(runtime, overriding: .isEqualOnly)
    let ann = try named("ann")
    #expect(try send(try runtime.mutableArray([.object(ann)]), "containsObject:", .object(try named("ann"))) == true)
    let set = try runtime.mutableSet([.object(ann)])
    #expect(try send(set, "member:", .object(try named("ann"))) == .nil)
    try send(set, "addObject:", .object(try named("ann")))
    #expect(try send(set, "count") == 2)
  }

  @Test func anIsEqualThatThrowsFailsTheCollectionMessage() throws {
    let runtime = Runtime()
    let named = try Named(runtime, isEqual: { _, _, _ in throw FoundationError(.invalidArgument, "isEqual: refused") })
    let ann = try named("ann")
    let other = try named("ann")
    let list = try runtime.mutableArray([.object(ann)])
    let set = try runtime.mutableSet([.object(ann)])
    let entries = try runtime.mutableDictionary([.object(ann): 1])
    let lookups: [(Object, Selector)] = [(list, "containsObject:"), (list, "indexOfObject:"), (set, "member:"), (entries, "objectForKey:")]
    for (receiver, selector) in lookups {
      let error = expectFoundationError(.invalidArgument) { try send(receiver, selector, .object(other)) }
      #expect(error?.message == "isEqual: refused", "\(selector)")
    }
    expectFoundationError(.invalidArgument) { try send(set, "addObject:", .object(other)) }
    #expect(try send(set, "count") == 1, "nothing added")
  }

  @Test func removeObjectAsksEveryIsEqualBeforeRemovingAny() throws {
    // Removing is one step after the search: an isEqual: that throws part-way removes nothing,
    // in removeObject: as in removeObject:inRange:.
    let runtime = Runtime()
    let named = try Named(
      runtime, "Fussy",
      isEqual: { receiver, _, arguments in
        let theirs = try arguments[0].objectValue?.value(ofIvar: "_name")
        if theirs == "bomb" { throw FoundationError(.invalidArgument, "isEqual: refused") }
        return .bool(try receiver.value(ofIvar: "_name") == theirs)
      })
    let list = try runtime.mutableArray([.object(try named("ann")), .object(try named("bomb")), .object(try named("ann"))])
    expectFoundationError(.invalidArgument) { try send(list, "removeObject:", .object(try named("ann"))) }
    #expect(try send(list, "count") == 3, "the ann after the bomb is still there")
    expectFoundationError(.invalidArgument) { try send(list, "removeObject:inRange:", .object(try named("ann")), .range(0..<3)) }
    #expect(try send(list, "count") == 3)
    try send(list, "removeObject:inRange:", .object(try named("ann")), .range(2..<3))
    #expect(try send(list, "count") == 2)
  }

  @Test func anIsEqualThatReadsTheSameCollectionDoesNotDeadlock() throws {
    let runtime = Runtime()
    let holder = Locked<Object?>(nil)
    let named = try Named(
      runtime, "Reader",
      isEqual: { receiver, _, arguments in
        let collection = holder.withLock { $0 }
        _ = try Runtime.msgSend(collection, "count")  // a call-out into the collection being searched
        return .bool(try receiver.value(ofIvar: "_name") == arguments[0].objectValue?.value(ofIvar: "_name"))
      })
    let ann = try named("ann")
    let set = try runtime.mutableSet([.object(ann)])
    holder.withLock { $0 = set }
    #expect(try send(set, "member:", .object(try named("ann"))) == .object(ann))
    try send(set, "addObject:", .object(try named("ann")))
    try send(set, "removeObject:", .object(try named("ann")))
    #expect(try send(set, "count") == 0)
    let list = try runtime.mutableArray([.object(ann)])
    holder.withLock { $0 = list }
    try send(list, "removeObject:", .object(try named("ann")))
    #expect(try send(list, "count") == 0)
  }

  @Test func nestedCollectionsCompareTheirElementsByIsEqual() throws {
    // Foundation's -isEqual: of a collection sends isEqual: to its elements, at every depth.
    let runtime = Runtime()
    let named = try Named(runtime)
    let (ann, annAgain, bob) = (try named("ann"), try named("ann"), try named("bob"))
    let inner = try runtime.mutableArray([.object(ann)])
    let outer = try runtime.mutableArray([.object(inner), "x"])
    let same = try runtime.mutableArray([.object(try runtime.mutableArray([.object(annAgain)])), "x"])
    #expect(try send(outer, "isEqual:", .object(same)) == true)
    #expect(try send(outer, "isEqualToArray:", .object(same)) == true)
    #expect(try send(outer, "isEqualToArray:", [[.object(annAgain)], "x"]) == true, "a bridged argument too")
    #expect(try send(outer, "isEqual:", [[.object(bob)], "x"]) == false)
    #expect(try send(outer, "containsObject:", [.object(annAgain)]) == true)
    #expect(try send(outer, "indexOfObject:", .object(try runtime.mutableArray([.object(annAgain)]))) == 0)
    #expect(try send(outer, "containsObject:", .object(try runtime.orderedSet([.object(annAgain)]))) == false, "another kind")
    let inSets = try runtime.mutableArray([.object(try runtime.mutableSet([.object(ann), "y"]))])
    #expect(try send(inSets, "isEqual:", [.set([.object(annAgain), "y"])]) == true)
    let entries = try runtime.mutableDictionary(["k": .object(inner), "n": [.object(try runtime.mutableSet([.object(bob)]))]])
    let alike = try runtime.mutableDictionary(["k": [.object(annAgain)], "n": [.set([.object(try named("bob"))])]])
    #expect(try send(entries, "isEqualToDictionary:", .object(alike)) == true)
    #expect(try send(entries, "isEqual:", .object(alike)) == true)
    #expect(try send(entries, "allKeysForObject:", [.object(annAgain)]) == ["k"])
    try send(outer, "removeObject:", [.object(annAgain)])
    #expect(Value.object(outer) == ["x"])
  }

  @Test func aSetOrDictionaryFindsACollectionHoldingAnEqualObject() throws {
    let runtime = Runtime()
    let named = try Named(runtime)
    let stored = try runtime.mutableArray([.object(try named("ann"))])
    let set = try runtime.mutableSet([.object(stored), "x"])
    #expect(try send(set, "member:", [.object(try named("ann"))]) == .object(stored), "the member, not the argument")
    try send(set, "addObject:", .object(try runtime.mutableArray([.object(try named("ann"))])))
    #expect(try send(set, "count") == 2, "an equal array is not added a second time")
    #expect(try send(set, "containsObject:", [.object(try named("bob"))]) == false)
    let sets = try runtime.mutableSet([.set([.object(try named("ann"))])])
    #expect(try send(sets, "containsObject:", .object(try runtime.mutableSet([.object(try named("ann"))]))) == true)
    let entries = try runtime.mutableDictionary([[.object(try named("ann"))]: 1])
    #expect(try send(entries, "objectForKey:", [.object(try named("ann"))]) == 1)
    try send(entries, "setObject:forKey:", 2, [.object(try named("ann"))])
    #expect(try send(entries, "count") == 1)
    let ordered = try runtime.mutableOrderedSet([[.object(try named("ann"))], "x"])
    #expect(try send(ordered, "indexOfObject:", [.object(try named("ann"))]) == 0)
    let setClass = try foundationClass("NSSet", in: runtime)
    let deduplicated = try send(setClass, "setWithArray:", [[.object(try named("ann"))], [.object(try named("ann"))]])
    #expect(try send(deduplicated.objectValue, "count") == 1)
  }

  @Test func equalCollectionsHashAlikeAsFoundationsDo() throws {
    // Apple's NSArray, NSSet, NSDictionary and NSOrderedSet hash is their count, so collections
    // equal through their elements' isEqual: hash alike.
    let runtime = Runtime()
    let named = try Named(runtime)
    let pairs: [(Object, Object)] = [
      (try runtime.mutableArray([.object(try named("ann"))]), try runtime.mutableArray([.object(try named("ann"))])),
      (try runtime.mutableSet([.object(try named("ann"))]), try runtime.mutableSet([.object(try named("ann"))])),
      (try runtime.mutableDictionary(["k": .object(try named("ann"))]), try runtime.mutableDictionary(["k": .object(try named("ann"))])),
      (try runtime.mutableOrderedSet([.object(try named("ann"))]), try runtime.mutableOrderedSet([.object(try named("ann"))])),
    ]
    for (mine, theirs) in pairs {
      #expect(try send(mine, "isEqual:", .object(theirs)) == true, "\(mine.isa.name)")
      #expect(try send(mine, "hash") == send(theirs, "hash"), "\(mine.isa.name)")
      #expect(try send(mine, "hash") == 1, "\(mine.isa.name): the count")
    }
  }

  @Test func objectsWithoutTheirOwnEqualityStillCompareAsBefore() throws {
    let runtime = Runtime()
    let plain = try makeClass("Plain", superclass: runtime.rootClass, in: runtime)
    let (one, two) = (try plain.createInstance(), try plain.createInstance())
    let set = try runtime.mutableSet([.object(one), "a", 1])
    #expect(try send(set, "containsObject:", .object(two)) == false, "NSObject's isEqual: is identity")
    #expect(try send(set, "containsObject:", .double(1)) == true, "numbers by value")
    #expect(try send(try runtime.mutableArray([.object(one)]), "indexOfObject:", .object(two)) == notFound)
  }
}
