// Scenarios+Controller.swift: C1, C2, the KVOController paths.
//
// Docs: docs/performance.md#scenarios.

import KVOController

func controllerScenarios() -> [Scenario] {
  let setAge: Selector = "setAge:"
  return [
    Scenario("C1", "KVOController: observe + set + unobserve", operations: 50_000) {
      let world = try World()
      let person = try world.new(world.person)
      let watcher = try world.new(world.watcher)
      let controller = KVOController(observer: watcher)
      let seen = Counter()
      // The controller holds its observer weakly (as FBKVOController does): the closure keeps
      // `watcher` alive, or the controller would observe on behalf of nobody and count 0.
      return {
        seen.value = 0
        defer { withExtendedLifetime(watcher) {} }
        for index in 0..<50_000 {
          try controller.observe(person, keyPath: "age", options: [.new]) { _, _, _ in seen.value += 1 }
          try world.runtime.msgSend(person, setAge, .int64(Int64(index)))
          controller.unobserve(person, keyPath: "age")
        }
        return seen.value
      }
    },
    Scenario("C2", "KVOController block notification (new|old), set", operations: 200_000) {
      let world = try World()
      let person = try world.new(world.person)
      let watcher = try world.new(world.watcher)
      let controller = KVOController(observer: watcher)
      let seen = Counter()
      try controller.observe(person, keyPath: "age", options: [.new, .old]) { _, _, change in
        if change.new != nil { seen.value += 1 }
      }
      return {
        seen.value = 0
        for index in 0..<200_000 { try world.runtime.msgSend(person, setAge, .int64(Int64(index))) }
        withExtendedLifetime((controller, watcher)) {}
        return seen.value
      }
    },
    Scenario("C2r", "raw KVO closure observation (new|old), set", operations: 200_000) {
      let world = try World()
      let person = try world.new(world.person)
      let seen = Counter()
      let token = try person.observe("age", options: [.new, .old]) { _, change in
        if change.new != nil { seen.value += 1 }
      }
      return {
        seen.value = 0
        for index in 0..<200_000 { try world.runtime.msgSend(person, setAge, .int64(Int64(index))) }
        withExtendedLifetime(token) {}
        return seen.value
      }
    },
  ]
}
