// Scenarios+Runtime.swift: M1–M4, message send.
//
// Docs: docs/performance.md#scenarios.

import KVOController

func runtimeScenarios() -> [Scenario] {
  let setAge: Selector = "setAge:"
  return [
    Scenario("M1", "cached msgSend of a 1-argument setter", operations: 5_000_000) {
      let world = try World()
      let person = try world.new(world.person)
      let runtime = world.runtime
      return {
        for index in 0..<5_000_000 { try runtime.msgSend(person, setAge, .int64(Int64(index))) }
        return (try runtime.msgSend(person, "age").intValue ?? 0) + 1
      }
    },
    Scenario("M2", "uncached send: flush the class's cache, then send", operations: 200_000) {
      let world = try World()
      let person = try world.new(world.person)
      let runtime = world.runtime
      let cls = world.person
      return {
        for index in 0..<200_000 {
          runtime.flushCaches(cls)
          try runtime.msgSend(person, setAge, .int64(Int64(index)))
        }
        return (try runtime.msgSend(person, "age").intValue ?? 0) + 1
      }
    },
    Scenario("M3", "cached send with 1,000 classes and 1,000 methods on the class", operations: 5_000_000) {
      let world = try World()
      let runtime = world.runtime
      for index in 0..<1_000 {
        try runtime.registerClassPair(try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Filler\(index)"))
      }
      let wide = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Wide")
      try wide.synthesizeProperty("age", type: .longLong, options: .nonatomic)
      var selectors: [Selector] = []
      for index in 0..<998 {
        let selector = try Selector(validating: "method\(index)")
        selectors.append(selector)
        try wide.addMethod(selector, types: "v16@0:8") { _, _, _ in .nil }
      }
      try runtime.registerClassPair(wide)
      let object = try world.new(wide)
      for selector in selectors { try runtime.msgSend(object, selector) }  // fill the cache
      return {
        for index in 0..<5_000_000 { try runtime.msgSend(object, setAge, .int64(Int64(index))) }
        return (try runtime.msgSend(object, "age").intValue ?? 0) + 1
      }
    },
    Scenario("M4", "cached msgSendSuper of a 1-argument setter", operations: 5_000_000) {
      let world = try World()
      let runtime = world.runtime
      let student = try runtime.allocateClassPair(superclass: world.person, name: "Student")
      try runtime.registerClassPair(student)
      let object = try world.new(student)
      let person = world.person
      return {
        for index in 0..<5_000_000 {
          try runtime.msgSendSuper(object, superclass: person, setAge, .int64(Int64(index)))
        }
        return (try runtime.msgSend(object, "age").intValue ?? 0) + 1
      }
    },
  ]
}
