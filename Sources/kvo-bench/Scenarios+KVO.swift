// Scenarios+KVO.swift: K0–K10, key-value observing and coding.
//
// Docs: docs/performance.md#scenarios. Each mirrors the GNUstep peer's scenario of the same id
// (K5b has none: it is ours alone).

import KVOController

private let setAge: Selector = "setAge:"
private let newOld: ObservingOptions = [.new, .old]

/// A world with one Person observed on `age` by `observers` watchers.
private func observedPerson(observers: Int) throws -> (World, Object, [Object]) {
  let world = try World()
  let person = try world.new(world.person)
  let watchers = try (0..<observers).map { _ in try world.new(world.watcher) }
  for watcher in watchers { try person.addObserver(watcher, forKeyPath: "age", options: newOld) }
  return (world, person, watchers)
}

/// Times `count` sends of `selector` with integer arguments; returns notifications + 0.
private func setLoop(_ world: World, _ object: Object, _ selector: Selector, _ count: Int, keeping: [Object]) -> () throws -> Int {
  {
    world.notifications.value = 0
    for index in 0..<count { try world.runtime.msgSend(object, selector, .int64(Int64(index))) }
    withExtendedLifetime(keeping) {}
    return world.notifications.value
  }
}

/// Times `count` add+remove pairs of `visitor` on `person`'s `age`, then sends each of `sets`
/// once; returns `count` if those sends notified exactly once (the remaining observer), else 0.
private func addRemoveLoop(
  _ world: World, _ person: Object, _ visitor: Object, _ count: Int, then sets: [(Selector, Value)], keeping: [Object]
) -> () throws -> Int {
  {
    for _ in 0..<count {
      try person.addObserver(visitor, forKeyPath: "age", options: newOld)
      try person.removeObserver(visitor, forKeyPath: "age")
    }
    world.notifications.value = 0
    for (selector, value) in sets { try world.runtime.msgSend(person, selector, value) }
    withExtendedLifetime(keeping) {}
    return world.notifications.value == 1 ? count : 0
  }
}

func kvoScenarios() -> [Scenario] {
  var scenarios: [Scenario] = [
    Scenario("K0", "setter on an unobserved object (KVO loaded)", operations: 5_000_000) {
      let world = try World()
      let person = try world.new(world.person)
      let body = setLoop(world, person, setAge, 5_000_000, keeping: [])
      return { try body() + (try person.value(forKey: "age").intValue ?? 0) + 1 }
    },
    Scenario("K1", "notifying setter, 1 observer (new|old)", operations: 200_000) {
      let (world, person, watchers) = try observedPerson(observers: 1)
      return setLoop(world, person, setAge, 200_000, keeping: watchers)
    },
    Scenario("K2", "notifying setter, 10 observers (new|old)", operations: 50_000) {
      let (world, person, watchers) = try observedPerson(observers: 10)
      return setLoop(world, person, setAge, 50_000, keeping: watchers)
    },
    Scenario("K3", "setter of an unobserved key (score), 10 observers on age", operations: 5_000_000) {
      let (world, person, watchers) = try observedPerson(observers: 10)
      let body = setLoop(world, person, "setScore:", 5_000_000, keeping: watchers)
      return { try body() + (try person.value(forKey: "score").intValue ?? 0) + 1 }
    },
    Scenario("K3x", "setter of a key hooked in the class but not observed on this object", operations: 2_000_000) {
      let (world, person, watchers) = try observedPerson(observers: 10)
      let other = try world.new(world.person)
      try other.addObserver(watchers[0], forKeyPath: "level", options: newOld)
      let body = setLoop(world, person, "setLevel:", 2_000_000, keeping: watchers + [other])
      return { try body() + (try person.value(forKey: "level").intValue ?? 0) + 1 }
    },
    Scenario("K4", "object-typed setter (setName:), 1 observer (new|old)", operations: 200_000) {
      let world = try World()
      let person = try world.new(world.person)
      let watcher = try world.new(world.watcher)
      try person.addObserver(watcher, forKeyPath: "name", options: newOld)
      let names: [Value] = [.string("a name long enough to be on the heap"), .string("another name, also on the heap")]
      let runtime = world.runtime
      return {
        world.notifications.value = 0
        for index in 0..<200_000 { try runtime.msgSend(person, "setName:", names[index & 1]) }
        withExtendedLifetime(watcher) {}
        return world.notifications.value
      }
    },
    Scenario("K5", "add+remove observer pair on an already swizzled object", operations: 100_000) {
      let (world, person, watchers) = try observedPerson(observers: 1)
      let visitor = try world.new(world.watcher)
      return addRemoveLoop(world, person, visitor, 100_000, then: [(setAge, 1)], keeping: watchers)
    },
    Scenario("K5b", "add+remove observer pair, the object's other observer on another key", operations: 100_000) {
      // Each add gives the object a second observed path, so it publishes a trigger list; each
      // removal empties that path and publishes the other path alone again.
      let world = try World()
      let person = try world.new(world.person)
      let watcher = try world.new(world.watcher)
      try person.addObserver(watcher, forKeyPath: "name", options: newOld)
      let visitor = try world.new(world.watcher)
      return addRemoveLoop(world, person, visitor, 100_000, then: [(setAge, 1), ("setName:", .string("Ann"))], keeping: [watcher])
    },
    Scenario("K6", "first observation of an instance of a never-observed class (200 classes)", operations: 200) {
      let world = try World()
      let runtime = world.runtime
      let watcher = try world.new(world.watcher)
      var objects: [Object] = []
      for _ in 0..<200 {
        let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Fresh\(freshClassCounter.next())")
        try cls.synthesizeProperty("age", type: .longLong, options: .nonatomic)
        try runtime.registerClassPair(cls)
        objects.append(try world.new(cls))
      }
      return {
        for object in objects { try object.addObserver(watcher, forKeyPath: "age", options: newOld) }
        return objects.filter { $0.isa.name.hasPrefix("NSKVONotifying_") }.count
      }
    },
    Scenario("K8", "dependent key: observe fullName (depends on name), set name", operations: 100_000) {
      let world = try World()
      let person = try world.new(world.person)
      let watcher = try world.new(world.watcher)
      try person.addObserver(watcher, forKeyPath: "fullName", options: newOld)
      let names: [Value] = [.string("Ann"), .string("Bea")]
      let runtime = world.runtime
      return {
        world.notifications.value = 0
        for index in 0..<100_000 { try runtime.msgSend(person, "setName:", names[index & 1]) }
        withExtendedLifetime(watcher) {}
        return world.notifications.value
      }
    },
    Scenario("K9", "key-path chain: observe friend.age, set the friend's age", operations: 100_000) {
      let world = try World()
      let person = try world.new(world.person)
      let friend = try world.new(world.person)
      try world.runtime.msgSend(person, "setFriend:", .object(friend))
      let watcher = try world.new(world.watcher)
      try person.addObserver(watcher, forKeyPath: "friend.age", options: newOld)
      return setLoop(world, friend, setAge, 100_000, keeping: [watcher, person])
    },
    Scenario("K10a", "KVC valueForKey: on an unobserved object", operations: 1_000_000) {
      let world = try World()
      let person = try world.new(world.person)
      try world.runtime.msgSend(person, setAge, 7)
      return {
        var sum = 0
        for _ in 0..<1_000_000 { sum &+= try person.value(forKey: "age").intValue ?? 0 }
        return sum
      }
    },
    Scenario("K10b", "KVC setValue:forKey: on an unobserved object", operations: 1_000_000) {
      let world = try World()
      let person = try world.new(world.person)
      return {
        for index in 0..<1_000_000 { try person.setValue(.int64(Int64(index)), forKey: "age") }
        return (try person.value(forKey: "age").intValue ?? 0) + 1
      }
    },
  ]
  scenarios += manyObjectsScenarios()
  return scenarios
}

/// K7: 10,000 objects, one observer each: add, set, remove, and bytes per observation.
private func manyObjectsScenarios() -> [Scenario] {
  let count = 10_000
  func people() throws -> (World, [Object], Object) {
    let world = try World()
    return (world, try (0..<count).map { _ in try world.new(world.person) }, try world.new(world.watcher))
  }
  let bytes = Counter()
  return [
    Scenario("K7a", "10,000 objects: add one observer each", operations: count) {
      let (world, objects, watcher) = try people()
      return {
        for object in objects { try object.addObserver(watcher, forKeyPath: "age", options: newOld) }
        withExtendedLifetime(world) {}
        return objects.filter { $0.isa !== world.person }.count
      }
    },
    Scenario("K7b", "10,000 objects: set each once (one notification each)", operations: count) {
      let (world, objects, watcher) = try people()
      for object in objects { try object.addObserver(watcher, forKeyPath: "age", options: newOld) }
      return {
        world.notifications.value = 0
        for object in objects { try world.runtime.msgSend(object, setAge, 1) }
        withExtendedLifetime(watcher) {}
        return world.notifications.value
      }
    },
    Scenario("K7c", "10,000 objects: remove each observer", operations: count) {
      let (world, objects, watcher) = try people()
      for object in objects { try object.addObserver(watcher, forKeyPath: "age", options: newOld) }
      return {
        for object in objects { try object.removeObserver(watcher, forKeyPath: "age") }
        return objects.filter { $0.isa === world.person }.count
      }
    },
    Scenario("K7m", "heap bytes per observation (10,000 observations)", operations: count, unit: "B/obs", quantity: bytes) {
      let (world, objects, watcher) = try people()
      return {
        let before = heapBytesInUse()
        for object in objects { try object.addObserver(watcher, forKeyPath: "age", options: newOld) }
        bytes.value = (heapBytesInUse() - before) / count
        withExtendedLifetime(world) {}
        return objects.filter { $0.isa !== world.person }.count
      }
    },
  ]
}

/// Unique names for K6's fresh classes.
let freshClassCounter = Sequencer()

final class Sequencer: @unchecked Sendable {
  private var value = 0
  func next() -> Int {
    value += 1
    return value
  }
}
