// NSCountedSetTests.swift: NSCountedSet, from GNUstep-base's Tests/base/NSCountedSet cases and
// Apple's NSCountedSet documentation.

import Testing

@testable import MiniFoundation

@Suite struct NSCountedSetTests {
  /// `[[NSCountedSet alloc] initWithArray:elements]`.
  private func countedSet(_ elements: [Value], in runtime: Runtime) throws -> Object {
    let cls = try foundationClass("NSCountedSet", in: runtime)
    return try #require(try send(try send(cls, "alloc").objectValue, "initWithArray:", .array(elements)).objectValue)
  }

  private func count(_ set: Object, _ element: Value) throws -> Value { try send(set, "countForObject:", element) }

  @Test func countedSetIsAConcreteSubclassOfNSMutableSet() throws {
    let runtime = Runtime()
    let cls = try foundationClass("NSCountedSet", in: runtime)
    #expect(cls.superclass?.name == "NSMutableSet")
    let made = try #require(try send(cls, "new").objectValue)
    #expect(made.isa === cls)
    #expect(try send(made, "count") == 0)
    let withCapacity = try #require(try send(cls, "alloc").objectValue)
    #expect(try send(withCapacity, "initWithCapacity:", 3).objectValue?.isa === cls)
    let listed = try #require(try send(cls, "setWithObjects:", "a", "a", "b", .nil).objectValue)
    #expect(listed.isa === cls)
    #expect(try count(listed, "a") == 2)
  }

  @Test func countForObjectCountsEachAddAndCountIsTheDistinctObjects() throws {
    let runtime = Runtime()
    let set = try countedSet(["a", "b", "a"], in: runtime)
    #expect(try send(set, "count") == 2)
    #expect(try count(set, "a") == 2)
    #expect(try count(set, "b") == 1)
    #expect(try count(set, "z") == 0)
    try send(set, "addObject:", "a")
    try send(set, "addObject:", "c")
    #expect(try count(set, "a") == 3)
    #expect(try send(set, "count") == 3)
    #expect(try send(set, "containsObject:", "c") == true)
    #expect(try send(set, "member:", "a") == "a")
    #expect(try send(set, "member:", "z") == .nil)
  }

  @Test func removeObjectTakesOneOffAndTheObjectGoesAtZero() throws {
    let runtime = Runtime()
    let set = try countedSet(["a", "b", "a"], in: runtime)
    try send(set, "removeObject:", "a")
    #expect(try count(set, "a") == 1)
    #expect(try send(set, "count") == 2)
    try send(set, "removeObject:", "a")
    #expect(try count(set, "a") == 0)
    #expect(try send(set, "containsObject:", "a") == false)
    #expect(try send(set, "count") == 1)
    try send(set, "removeObject:", "z")  // absent: nothing happens
    #expect(try send(set, "count") == 1)
    try send(set, "addObject:", "b")
    try send(set, "removeAllObjects")
    #expect(try send(set, "count") == 0)
    #expect(try count(set, "b") == 0)
  }

  @Test func unionAddsOneToEachCountAndMinusTakesOneOff() throws {
    let runtime = Runtime()
    let set = try countedSet(["b", "b"], in: runtime)
    try send(set, "unionSet:", .set(["b", "c"]))
    #expect(try count(set, "b") == 3)
    #expect(try count(set, "c") == 1)
    try send(set, "minusSet:", .set(["b"]))
    #expect(try count(set, "b") == 2)
  }

  @Test func addingNilIsRefused() throws {
    let runtime = Runtime()
    let set = try countedSet([], in: runtime)
    let error = expectFoundationError(.invalidArgument) { try send(set, "addObject:", .nil) }
    #expect(error?.message == "*** -[NSCountedSet addObject:]: object cannot be nil")
  }

  @Test func theEnumeratorAndAllObjectsGiveEachObjectOnceWhateverItsCount() throws {
    let runtime = Runtime()
    let set = try countedSet(["a", "b", "a", "a"], in: runtime)
    let enumerator = try #require(try send(set, "objectEnumerator").objectValue)
    var seen: [Value] = []
    while case let next = try send(enumerator, "nextObject"), !next.isNil { seen.append(next) }
    #expect(Set(seen) == ["a", "b"] && seen.count == 2)
    #expect(Set(try send(set, "allObjects").arrayValue ?? []) == ["a", "b"])
  }

  @Test func initWithSetTakesACountedSetsCountsAndAPlainSetsMembersOnce() throws {
    let runtime = Runtime()
    let cls = try foundationClass("NSCountedSet", in: runtime)
    let source = try countedSet(["a", "a", "b"], in: runtime)
    let fromCounted = try #require(try send(try send(cls, "alloc").objectValue, "initWithSet:", .object(source)).objectValue)
    #expect(try count(fromCounted, "a") == 2)
    let fromSet = try #require(try send(try send(cls, "alloc").objectValue, "initWithSet:", .set(["a", "b"])).objectValue)
    #expect(try count(fromSet, "a") == 1)
    #expect(try send(fromSet, "count") == 2)
  }

  @Test func aCountedSetEqualsASetWithTheSameMembersWhateverTheCounts() throws {
    let runtime = Runtime()
    let set = try countedSet(["a", "b", "a"], in: runtime)
    let plain = try #require(try runtime.object(bridging: .set(["a", "b"])))
    #expect(try send(set, "isEqual:", .object(plain)) == true)
    #expect(try send(plain, "isEqual:", .object(set)) == true)
    #expect(try send(set, "isEqualToSet:", .set(["a"])) == false)
    #expect(try send(set, "hash") == (try send(plain, "hash")))
  }

  @Test func copyAndMutableCopyAreNewCountedSetsWithTheCounts() throws {
    let runtime = Runtime()
    let set = try countedSet(["a", "a"], in: runtime)
    for selector: Selector in ["copy", "mutableCopy"] {
      let copy = try #require(try send(set, selector).objectValue)
      #expect(copy !== set)
      #expect(copy.isa.name == "NSCountedSet")
      #expect(try count(copy, "a") == 2)
      try send(copy, "addObject:", "a")
      #expect(try count(set, "a") == 2, "the original keeps its counts")
    }
  }

  @Test func descriptionListsEachMemberWithItsCount() throws {
    let runtime = Runtime()
    let set = try countedSet(["b", "a", "a"], in: runtime)
    let text = try #require(try send(set, "description").stringValue)
    #expect(text == "<NSCountedSet: \(set.address)> (a [2], b [1])")
  }

  @Test func membersAreRetainedOnceAndReleasedWhenTheirCountReachesZero() throws {
    let runtime = Runtime()
    let item = try runtime.rootClass.createInstance()
    let before = try send(item, "retainCount")
    let set = try countedSet([.object(item), .object(item)], in: runtime)
    #expect(try send(item, "retainCount").intValue == (before.intValue ?? 0) + 1)
    try send(set, "removeObject:", .object(item))
    #expect(try send(item, "retainCount").intValue == (before.intValue ?? 0) + 1)
    try send(set, "removeObject:", .object(item))
    #expect(try send(item, "retainCount") == before)
  }

  @Test func equalObjectsOfAClassWithItsOwnIsEqualAndHashCountAsOne() throws {
    // GNUstep's collection tests' model: objects equal (and hashing alike) by a name.
    let runtime = Runtime()
    try runtime.installFoundation()
    let named = try makeClass("CountedNamed", superclass: runtime.rootClass, in: runtime) { cls in
      try cls.addIvar("_name", type: "@")
      try cls.addMethod("isEqual:", types: "B24@0:8@16") { receiver, _, arguments in
        guard case .object(let other) = arguments[0], other.isa === receiver.isa else { return false }
        return .bool(try receiver.value(ofIvar: "_name") == other.value(ofIvar: "_name"))
      }
      try cls.addMethod("hash", types: "Q16@0:8") { receiver, _, _ in
        .uint64(UInt64((try receiver.value(ofIvar: "_name").stringValue ?? "").utf8.count))
      }
    }
    func ann() throws -> Value {
      let object = try named.createInstance()
      try object.setValue("Ann", forIvar: "_name")
      return .object(object)
    }
    let first = try ann()
    let set = try countedSet([first, try ann()], in: runtime)
    #expect(try send(set, "count") == 1)
    #expect(try count(set, try ann()) == 2)
    #expect(try send(set, "member:", try ann()) == first, "the first of the equal objects stays the member")
    try send(set, "addObject:", try ann())
    #expect(try count(set, first) == 3)
    try send(set, "removeObject:", try ann())
    #expect(try count(set, first) == 2)
  }
}
