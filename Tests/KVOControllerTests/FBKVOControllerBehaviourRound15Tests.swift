// FBKVOControllerBehaviourRound15Tests.swift: FBKVOController cases of fidelity round 15, each
// with FBKVOController's answer (FBKVOControllerTests and its users' reports).

import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound15Tests {
  /// FB asserts only `[observer respondsToSelector:action]`: an action named as no compiler would
  /// name it (`age changed:`) is taken if the observer has it (decision 0027), and sent.
  @Test func anActionWithAMalformedNameTheObserverHasIsTakenAndSent() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let seen = Log<String>()
    try world.watcher.addMethod(Selector(interning: "age changed:"), types: "v24@0:8@16") { _, _, arguments in
      seen.append("\(arguments[0].change?.new ?? nil)")
      return .nil
    }
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new], action: Selector(interning: "age changed:"))
    try world.setAge(person, 3)
    #expect(seen.all == ["\(Value.int64(3))"])
    #expect(throws: KeyValueError.self) {
      try controller.observe(person, keyPath: "name", action: Selector(interning: "name changed:"))
    }
  }
}
