// FBKVOControllerBehaviourRound4Tests.swift: a fourth round of behaviour cases modelled on
// FBKVOController's tests and users' reports. Each test pins FBKVOController's semantics.

import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound4Tests {
  @Test func initialAndPriorGiveOneInitialCallThenAPriorAndAPostCallPerChange() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<Change>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.initial, .prior, .new, .old]) { _, _, change in
      seen.append(change)
    }
    #expect(seen.all.map(\.isPrior) == [false])
    #expect(seen.all.first?.new == 0)
    #expect(seen.all.first?.old == nil)  // the initial call carries no old value
    try world.setAge(person, 5)
    #expect(seen.all.map(\.isPrior) == [false, true, false])
    #expect(seen.all[1].new == nil)
    #expect(seen.all[1].old == 0)
    #expect(seen.all[2].new == 5)
    #expect(seen.all[2].old == 0)
    #expect(seen.all.allSatisfy { $0[.notificationKeyPath] == "age" })
  }

  @Test func aTwoArgumentActionReceivesTheChangeThenTheObject() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let received = Log<String>()
    try world.watcher.addMethod("changed:object:", types: "v32@0:8@16@24") { _, _, arguments in
      received.append("\(arguments[0].change?.new ?? nil) \(arguments[1].objectValue.map { ObjectIdentifier($0) }.map { "\($0)" } ?? "-")")
      return .nil
    }
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new], action: "changed:object:")
    try world.setAge(person, 5)
    #expect(received.all == ["5 \(ObjectIdentifier(person))"])
  }
}
