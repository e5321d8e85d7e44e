// SetMutationTests.swift: set mutations and the change kinds Foundation gives them
// (SetMutation.swift, Notifier+SetMutation.swift, NotifyingSetMutators.swift).

import Testing

@testable import KVO

@Suite struct SetMutationTests {
  /// (mutation, objects, expected kind, expected old, expected new) from members {a, b}.
  static let cases: [(SetMutationKind, Set<Value>, ChangeKind, Value?, Value?)] = [
    (.union, ["b", "c"], .insertion, nil, .set(["c"])),
    (.minus, ["b", "x"], .removal, .set(["b"]), nil),
    (.intersect, ["a", "x"], .removal, .set(["b"]), nil),
    (.set, ["b", "c"], .replacement, .set(["a"]), .set(["c"])),
  ]

  @Test(arguments: 0..<4)
  func manualWillAndDidReportTheMutationsKindAndSets(index: Int) throws {
    let (mutation, objects, kind, old, new) = Self.cases[index]
    let world = try World()
    let club = try world.club(.ivar)
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.old, .new])
    try club.willChangeValue(forKey: "members", withSetMutation: mutation, using: objects)
    var members = try world.members(of: club)
    switch mutation {
    case .union: members.formUnion(objects)
    case .minus: members.subtract(objects)
    case .intersect: members.formIntersection(objects)
    case .set: members = objects
    }
    try club.setValue(.set(members), forIvar: "_members")
    try club.didChangeValue(forKey: "members", withSetMutation: mutation, using: objects)
    let change = try #require(log.all.only).change
    #expect(change.kind == kind)
    #expect(change.old == old)
    #expect(change.new == new)
    #expect(change.indexes == nil)
    #expect(mutation.changeKind == kind)
    try world.runtime.checkInvariants()
  }

  @Test func theMessagesTakeTheKindAsANumberAndTheObjectsAsAnySet() throws {
    let world = try World()
    let club = try world.club(.ivar)
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.old])
    let objects = Value.object(try world.runtime.mutableSet(["a"]))
    try Runtime.msgSend(club, "willChangeValueForKey:withSetMutation:usingObjects:", arguments: ["members", .uint64(2), objects])
    try Runtime.msgSend(club, "didChangeValueForKey:withSetMutation:usingObjects:", arguments: ["members", .uint64(2), objects])
    #expect(log.all.map(\.change) == [Change(kind: .removal, old: .set(["a"]))])
    #expect(throws: KeyValueError.self) {
      try Runtime.msgSend(club, "willChangeValueForKey:withSetMutation:usingObjects:", arguments: ["members", .uint64(9), objects])
    }
    #expect(throws: KeyValueError.self) {
      try Runtime.msgSend(club, "willChangeValueForKey:withSetMutation:usingObjects:", arguments: ["members", .uint64(1), 42])
    }
  }

  @Test func priorNotificationsCarryTheKindAndTheOldObjects() throws {
    let world = try World()
    let club = try world.club(.mutators)
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.old, .new, .prior])
    try world.runtime.msgSend(club, "removeMembersObject:", "a")
    let changes = log.all.map(\.change)
    #expect(changes == [
      Change(kind: .removal, old: .set(["a"]), isPrior: true),
      Change(kind: .removal, old: .set(["a"])),
    ])
  }

  @Test func theNotifyingSubclassWrapsEachSetAccessor() throws {
    let world = try World()
    let club = try world.club(.mutators)
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.old, .new])
    try world.runtime.msgSend(club, "addMembersObject:", "c")
    try world.runtime.msgSend(club, "removeMembersObject:", "a")
    try world.runtime.msgSend(club, "addMembers:", .set(["d", "e"]))
    try world.runtime.msgSend(club, "removeMembers:", .set(["d"]))
    try world.runtime.msgSend(club, "intersectMembers:", .set(["b", "c"]))
    try world.runtime.msgSend(club, "setMembers:", .set(["z"]))
    #expect(log.all.map(\.change) == [
      Change(kind: .insertion, new: .set(["c"])),
      Change(kind: .removal, old: .set(["a"])),
      Change(kind: .insertion, new: .set(["d", "e"])),
      Change(kind: .removal, old: .set(["d"])),
      Change(kind: .removal, old: .set(["e"])),
      Change(kind: .setting, new: .set(["z"]), old: .set(["b", "c"])),
    ])
    #expect(try world.members(of: club) == ["z"])
    let notifying = try #require(world.runtime.lookUpClass(named: "NSKVONotifying_Club"))
    #expect(try notifying.instanceMethod(for: "addMembersObject:")?.implementation.name == "NSKVOAddObjectAndNotify")
    #expect(try notifying.instanceMethod(for: "intersectMembers:")?.implementation.name == "NSKVOIntersectSetAndNotify")
    try world.runtime.checkInvariants()
  }

  @Test func anUnobservedInstanceOfTheNotifyingClassIsNotTold() throws {
    let world = try World()
    let observed = try world.club(.mutators)
    let (observer, log) = try world.newObserver()
    try observed.addObserver(observer, forKeyPath: "members", options: [.new])
    try observed.removeObserver(observer, forKeyPath: "members")
    try world.runtime.msgSend(observed, "addMembersObject:", "c")
    #expect(log.all.isEmpty)
    #expect(try world.members(of: observed) == ["a", "b", "c"])
  }

  @Test func aKeyThatDependsOnTheSetGetsASetting() throws {
    let world = try World()
    let club = try world.club(.mutators)
    try club.isa.addMethod("memberCount", types: "q16@0:8") { receiver, _, _ in
      .int64(Int64(try receiver.value(ofIvar: "_members").setElements?.count ?? 0))
    }
    try club.isa.isa.addMethod("keyPathsForValuesAffectingMemberCount", types: "@16@0:8") { _, _, _ in ["members"] }
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "memberCount", options: [.old, .new])
    try world.runtime.msgSend(club, "addMembersObject:", "c")
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: .int64(3), old: .int64(2))])
  }

  @Test func aClassThatOverridesTheSetMutationPairSeesEveryAutomaticChange() throws {
    let world = try World()
    let club = try world.club(.mutators)
    let seen = Log<String>()
    for name in ["willChangeValueForKey:withSetMutation:usingObjects:", "didChangeValueForKey:withSetMutation:usingObjects:"] {
      let selector = Selector(interning: name)
      try club.isa.addMethod(selector, types: "v40@0:8@16Q24@32") { receiver, selector, arguments in
        let objects = (arguments[2].setElements ?? []).compactMap(\.stringValue).sorted()
        seen.append("\(selector.name.prefix(3)) \(arguments[1].intValue ?? 0) \(objects)")
        guard let root = receiver.runtime?.rootClass else { return .nil }
        return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments: arguments)
      }
    }
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.new])
    try world.runtime.msgSend(club, "addMembersObject:", "c")
    #expect(seen.all == [#"wil 1 ["c"]"#, #"did 1 ["c"]"#])
    #expect(log.all.map(\.change) == [Change(kind: .insertion, new: .set(["c"]))])
  }

  @Test func aKeyPathThroughTheRelationshipGetsTheSameSetMutation() throws {
    let world = try World()
    let club = try world.club(.mutators)
    let person = try world.newPerson()
    try person.setValue(.object(club), forKey: "friend")
    let log = Log<Change>()
    let token = try person.observe("friend.members", options: [.new]) { _, change in log.append(change) }
    try world.runtime.msgSend(club, "addMembersObject:", "c")
    #expect(log.all == [Change(kind: .insertion, new: .set(["c"]))])
    token.invalidate()
  }
}

extension Array {
  /// The one element, or nil if there are none or several.
  fileprivate var only: Element? { count == 1 ? first : nil }
}
