// FidelityRound17SetProxyTests.swift: probe round 17, `mutableSetValueForKey:`'s whole-set
// edits (`setSet:`, `intersectSet:`, `minusSet:`, `unionSet:`) on a class with only a
// `set<Key>:` setter. Foundation's slow set proxy reads the set, edits a copy and sends the
// setter once per message, so observers see what the notifying setter reports: one setting
// (NSKeyValueChangeSetting, the whole old and new sets, no set-mutation kind), its prior
// notification first. Only the ivar route is wrapped in a will/did of the set mutation
// (`NSKeyValueNotifyingMutableSet` around the ivar proxy). GNUstep-base 1.28, run here, brackets
// the setter route with set-mutation wills of its own and pairs them wrongly; Apple's design, in
// which the setter's notifying override reports, is followed. Already matched.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound17SetProxyTests {
  @Test func throughTheSetterEachWholeSetEditIsOneSettingWithItsPrior() throws {
    let world = try World()
    let club = try world.club(.setter, members: ["a", "b", "c"])
    let (observer, log) = try world.newObserver()
    try club.addObserver(observer, forKeyPath: "members", options: [.old, .new, .prior])
    let proxy = try club.mutableSetValue(forKey: "members")
    try Runtime.msgSend(proxy, "intersectSet:", .set(["a", "b", "q"]))
    try Runtime.msgSend(proxy, "setSet:", .set(["b", "x"]))
    try Runtime.msgSend(proxy, "minusSet:", .set(["x"]))
    try Runtime.msgSend(proxy, "unionSet:", .set(["y"]))
    #expect(try world.members(of: club) == ["b", "y"])
    let changes = log.all.map(\.change)
    #expect(changes.map(\.kind) == Array(repeating: .setting, count: 8))
    #expect(changes.map(\.isPrior) == [true, false, true, false, true, false, true, false])
    let sets: [Set<Value>] = [["a", "b", "c"], ["a", "b"], ["b", "x"], ["b"], ["b", "y"]]
    func members(_ value: Value?) throws -> Set<Value>? {
      try value.map { Set(try #require(try $0.collectionContents()).elements) }
    }
    let dids = changes.filter { !$0.isPrior }
    #expect(try dids.map { try members($0.old) } == Array(sets.dropLast()))
    #expect(try dids.map { try members($0.new) } == Array(sets.dropFirst()))
    #expect(changes.allSatisfy { $0.indexes == nil })
    try world.runtime.checkInvariants()
  }

  /// The setter receives each edited set once: four messages, four calls of `setMembers:`.
  @Test func eachWholeSetEditSendsTheSetterOnce() throws {
    let world = try World()
    let calls = Log<Value>()
    let club = try instance(of: "Band", in: world) { cls in
      try cls.addIvar("_members", type: .object(className: "NSSet"))
      try cls.addMethod("members", types: "@16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_members") }
      try cls.addMethod("setMembers:", types: "v24@0:8@16") { receiver, _, arguments in
        calls.append(arguments[0])
        try receiver.setValue(arguments[0], forIvar: "_members")
        return .nil
      }
    }
    try club.setValue(.set(["a", "b"]), forIvar: "_members")
    let proxy = try club.mutableSetValue(forKey: "members")
    try Runtime.msgSend(proxy, "setSet:", .set(["c"]))
    try Runtime.msgSend(proxy, "unionSet:", .set(["d"]))
    try Runtime.msgSend(proxy, "minusSet:", .set(["c"]))
    try Runtime.msgSend(proxy, "intersectSet:", .set(["d", "e"]))
    #expect(calls.count == 4)
    #expect(try world.members(of: club) == ["d"])
  }
}
