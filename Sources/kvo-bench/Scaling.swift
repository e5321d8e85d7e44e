// Scaling.swift: `kvo-bench --scaling`, the cost of one operation as the work around it grows.
//
// Docs: docs/performance.md#how-cost-grows. Each series measures one operation (a set, an add, a
// remove, a send) at several sizes of the thing that could slow it down (observers of the key,
// objects observed, other keys, key-path depth, dependent keys, classes and methods). A point
// is the fastest of three timed batches (one for the largest worlds), in ns per operation: the
// fastest is the least disturbed by other work on the machine, and the shape of a curve is what
// is read, not its last digit. ScalingChart.swift draws the curves.

import KVOController

/// One curve: an operation, and the sizes it is measured at.
struct ScalingSeries {
  let id: String
  let title: String
  /// What the size counts (the chart's x axis).
  let size: String
  /// The growth the design promises: "flat" or "linear".
  let expected: String
  let sizes: [Int]
  /// ns per operation at a size.
  let measure: (Int) throws -> Double
}

/// A measured curve.
struct ScalingResult {
  let series: ScalingSeries
  let points: [(size: Int, nanoseconds: Double)]
}

/// The fastest of `repetitions` timed batches of `operations` operations, in ns per operation.
/// `prepare` builds a batch (untimed) and returns its timed body.
private func perOperation(_ operations: Int, repetitions: Int = 3, _ prepare: () throws -> () throws -> Void) throws -> Double {
  var best = Double.infinity
  for _ in 0..<repetitions {
    let body = try prepare()
    let start = now()
    _ = try timedBatch {
      try body()
      return 0
    }
    best = min(best, Double(now() - start) / Double(operations))
  }
  return best
}

/// Operations per batch for a point whose operation costs about `size` units: enough to time,
/// few enough to keep the whole run to a minute or two.
private func operations(_ budget: Int, per size: Int) -> Int { max(20, budget / max(1, size)) }

private let setAge: Selector = "setAge:"
private let newOld: ObservingOptions = [.new, .old]

/// A world whose `Person` has `age` observed by `count` watchers.
private func person(observedBy count: Int, in world: World) throws -> (Object, [Object]) {
  let person = try world.new(world.person)
  let watchers = try (0..<count).map { _ in try world.new(world.watcher) }
  for watcher in watchers { try person.addObserver(watcher, forKeyPath: "age", options: newOld) }
  return (person, watchers)
}

func scalingSeries() -> [ScalingSeries] {
  let observerCounts = [1, 10, 100, 1_000, 10_000]
  return [
    ScalingSeries(
      id: "S1", title: "set a key with n observers", size: "observers of the key", expected: "linear", sizes: observerCounts
    ) { count in
      let world = try World()
      let (person, watchers) = try person(observedBy: count, in: world)
      let sets = operations(400_000, per: count)
      return try perOperation(sets) {
        {
          for index in 0..<sets { try world.runtime.msgSend(person, setAge, .int64(Int64(index))) }
          withExtendedLifetime(watchers) {}
        }
      }
    },
    ScalingSeries(
      id: "S2", title: "add + remove one more observer", size: "observers of the key", expected: "flat", sizes: observerCounts
    ) { count in
      let world = try World()
      let (person, watchers) = try person(observedBy: count, in: world)
      let visitor = try world.new(world.watcher)
      return try perOperation(50_000) {
        {
          for _ in 0..<50_000 {
            try person.addObserver(visitor, forKeyPath: "age", options: newOld)
            try person.removeObserver(visitor, forKeyPath: "age")
          }
          withExtendedLifetime(watchers) {}
        }
      }
    },
    ScalingSeries(
      id: "S3", title: "add n observers of one key, per add", size: "observers of the key", expected: "flat",
      sizes: observerCounts
    ) { count in
      let world = try World()
      let objects = max(1, 10_000 / count)
      return try perOperation(objects * count) {
        let people = try (0..<objects).map { _ in try world.new(world.person) }
        let watchers = try (0..<count).map { _ in try world.new(world.watcher) }
        return {
          for person in people {
            for watcher in watchers { try person.addObserver(watcher, forKeyPath: "age", options: newOld) }
          }
        }
      }
    },
    ScalingSeries(
      id: "S4", title: "remove n observers, newest first", size: "observers of the key", expected: "flat",
      sizes: observerCounts
    ) { count in
      try removal(of: count, oldestFirst: false)
    },
    ScalingSeries(
      id: "S5", title: "remove n observers, oldest first", size: "observers of the key", expected: "linear",
      sizes: observerCounts
    ) { count in
      try removal(of: count, oldestFirst: true)
    },
    ScalingSeries(
      id: "S6", title: "add, per object observed", size: "objects observed", expected: "flat",
      sizes: [1_000, 10_000, 100_000, 1_000_000]
    ) { count in
      let world = try World()
      let watcher = try world.new(world.watcher)
      return try perOperation(count, repetitions: count >= 100_000 ? 1 : 3) {
        let people = try (0..<count).map { _ in try world.new(world.person) }
        return { for person in people { try person.addObserver(watcher, forKeyPath: "age", options: newOld) } }
      }
    },
    ScalingSeries(
      id: "S7", title: "set, per object observed", size: "objects observed", expected: "flat",
      sizes: [1_000, 10_000, 100_000, 1_000_000]
    ) { count in
      let world = try World()
      let watcher = try world.new(world.watcher)
      let people = try (0..<count).map { _ in try world.new(world.person) }
      for person in people { try person.addObserver(watcher, forKeyPath: "age", options: newOld) }
      return try perOperation(count, repetitions: count >= 100_000 ? 1 : 3) {
        { for person in people { try world.runtime.msgSend(person, setAge, 1) } }
      }
    },
    ScalingSeries(
      id: "S8", title: "remove, per object observed", size: "objects observed", expected: "flat",
      sizes: [1_000, 10_000, 100_000, 1_000_000]
    ) { count in
      let world = try World()
      let watcher = try world.new(world.watcher)
      return try perOperation(count, repetitions: count >= 100_000 ? 1 : 3) {
        let people = try (0..<count).map { _ in try world.new(world.person) }
        for person in people { try person.addObserver(watcher, forKeyPath: "age", options: newOld) }
        return { for person in people { try person.removeObserver(watcher, forKeyPath: "age") } }
      }
    },
    ScalingSeries(
      id: "S9", title: "set age (1 observer), n observers of score", size: "observers of another key",
      expected: "flat", sizes: observerCounts
    ) { count in
      let world = try World()
      let (person, watchers) = try person(observedBy: 1, in: world)
      let others = try (0..<count).map { _ in try world.new(world.watcher) }
      for other in others { try person.addObserver(other, forKeyPath: "score", options: newOld) }
      return try perOperation(100_000) {
        {
          for index in 0..<100_000 { try world.runtime.msgSend(person, setAge, .int64(Int64(index))) }
          withExtendedLifetime(watchers + others) {}
        }
      }
    },
    ScalingSeries(
      id: "S10", title: "set one key, n other keys observed on the object", size: "keys observed on the object",
      expected: "flat", sizes: [1, 4, 16, 64, 256]
    ) { count in
      try setAmongKeys(count)
    },
    ScalingSeries(
      id: "S11", title: "set the end of a key-path chain", size: "key-path depth", expected: "linear",
      sizes: [1, 2, 4, 8]
    ) { depth in
      let world = try World()
      let (head, chain) = try chain(depth, in: world)
      let watcher = try world.new(world.watcher)
      try head.addObserver(watcher, forKeyPath: chainPath(depth), options: newOld)
      let leaf = chain[chain.count - 1]
      return try perOperation(100_000) {
        {
          for index in 0..<100_000 { try world.runtime.msgSend(leaf, setAge, .int64(Int64(index))) }
          withExtendedLifetime((watcher, chain)) {}
        }
      }
    },
    ScalingSeries(
      id: "S12", title: "add + remove a key-path observation", size: "key-path depth", expected: "linear",
      sizes: [1, 2, 4, 8]
    ) { depth in
      let world = try World()
      let (head, chain) = try chain(depth, in: world)
      let watcher = try world.new(world.watcher)
      let path = chainPath(depth)
      return try perOperation(20_000) {
        {
          for _ in 0..<20_000 {
            try head.addObserver(watcher, forKeyPath: path, options: newOld)
            try head.removeObserver(watcher, forKeyPath: path)
          }
          withExtendedLifetime(chain) {}
        }
      }
    },
    ScalingSeries(
      id: "S13", title: "set a key n observed keys depend on", size: "dependent keys", expected: "linear",
      sizes: [1, 4, 16, 64, 256]
    ) { count in
      try fanOut(count)
    },
    ScalingSeries(
      id: "S14", title: "cached send, n classes in the runtime", size: "classes", expected: "flat",
      sizes: [10, 100, 1_000, 10_000]
    ) { count in
      let world = try World()
      let runtime = world.runtime
      for index in 0..<count {
        try runtime.registerClassPair(try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Filler\(index)"))
      }
      let person = try world.new(world.person)
      return try perOperation(2_000_000) {
        { for index in 0..<2_000_000 { try runtime.msgSend(person, setAge, .int64(Int64(index))) } }
      }
    },
    ScalingSeries(
      id: "S15", title: "cached send, n methods on the class (all cached)", size: "methods", expected: "flat",
      sizes: [10, 100, 1_000, 10_000]
    ) { count in
      let world = try World()
      let runtime = world.runtime
      let wide = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Wide")
      try wide.synthesizeProperty("age", type: .longLong, options: .nonatomic)
      let selectors = try (0..<count).map { try Selector(validating: "method\($0)") }
      for selector in selectors { try wide.addMethod(selector, types: "v16@0:8") { _, _, _ in .nil } }
      try runtime.registerClassPair(wide)
      let object = try world.new(wide)
      for selector in selectors { try runtime.msgSend(object, selector) }  // fill the cache
      return try perOperation(2_000_000) {
        { for index in 0..<2_000_000 { try runtime.msgSend(object, setAge, .int64(Int64(index))) } }
      }
    },
  ]
}

/// Removes `count` observers of one key, newest or oldest first, on enough objects to make
/// 10,000 removals; ns per removal.
private func removal(of count: Int, oldestFirst: Bool) throws -> Double {
  let world = try World()
  let objects = max(1, 10_000 / count)
  return try perOperation(objects * count) {
    let people = try (0..<objects).map { _ in try world.new(world.person) }
    let watchers = try (0..<count).map { _ in try world.new(world.watcher) }
    for person in people {
      for watcher in watchers { try person.addObserver(watcher, forKeyPath: "age", options: newOld) }
    }
    let order = oldestFirst ? watchers : watchers.reversed()
    return {
      for person in people {
        for watcher in order { try person.removeObserver(watcher, forKeyPath: "age") }
      }
    }
  }
}

/// `friend.friend.….age` with `depth` keys in all.
private func chainPath(_ depth: Int) -> String {
  (Array(repeating: "friend", count: depth - 1) + ["age"]).joined(separator: ".")
}

/// `depth` people, each the `friend` of the one before; returns the first and all of them.
private func chain(_ depth: Int, in world: World) throws -> (Object, [Object]) {
  let people = try (0..<depth).map { _ in try world.new(world.person) }
  for (person, friend) in zip(people, people.dropFirst()) {
    try world.runtime.msgSend(person, "setFriend:", .object(friend))
  }
  return (people[0], people)
}

/// Sets the last of `count` keys observed on one object (each by one watcher); ns per set.
private func setAmongKeys(_ count: Int) throws -> Double {
  let world = try World()
  let runtime = world.runtime
  let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Keys\(count)")
  let keys = (0..<count).map { "key\($0)" }
  for key in keys { try cls.synthesizeProperty(key, type: .longLong, options: .nonatomic) }
  try runtime.registerClassPair(cls)
  let object = try world.new(cls)
  let watcher = try world.new(world.watcher)
  for key in keys { try object.addObserver(watcher, forKeyPath: key, options: newOld) }
  let setter = try Selector(validating: "setKey\(count - 1):")
  return try perOperation(100_000) {
    { for index in 0..<100_000 { try runtime.msgSend(object, setter, .int64(Int64(index))) } }
  }
}

/// Sets `name` on an object where `count` observed keys depend on it; ns per set.
private func fanOut(_ count: Int) throws -> Double {
  let world = try World()
  let runtime = world.runtime
  let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Fan\(count)")
  try cls.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
  try runtime.registerClassPair(cls)
  let keys = (0..<count).map { "derived\($0)" }
  for key in keys {
    try cls.addMethod(try Selector(validating: key), types: "@16@0:8") { receiver, _, _ in try receiver.value(forKey: "name") }
    let affecting = "keyPathsForValuesAffecting" + key.prefix(1).uppercased() + key.dropFirst()
    try cls.isa.addMethod(try Selector(validating: affecting), types: "@16@0:8") { _, _, _ in ["name"] }
  }
  let object = try world.new(cls)
  let watcher = try world.new(world.watcher)
  for key in keys { try object.addObserver(watcher, forKeyPath: key, options: newOld) }
  let names: [Value] = [.string("Ann"), .string("Bea")]
  let sets = operations(2_000_000, per: count * 20)
  return try perOperation(sets) {
    { for index in 0..<sets { try runtime.msgSend(object, "setName:", names[index & 1]) } }
  }
}

/// Runs every series (or those `only` names), prints the table and returns the results.
func runScaling(only: Set<String>?) throws -> [ScalingResult] {
  print("kvo-bench --scaling: ns per operation (fastest of 3 batches; 1 for 100,000 objects and more)")
  print("id".padding(4), "operation".padding(48), "size".leftPadding(10), "ns/op".leftPadding(10), "× first".leftPadding(9), " expected")
  var results: [ScalingResult] = []
  for series in scalingSeries() where only?.contains(series.id) ?? true {
    var points: [(size: Int, nanoseconds: Double)] = []
    for size in series.sizes {
      let nanoseconds = try series.measure(size)
      points.append((size, nanoseconds))
      let ratio = nanoseconds / points[0].nanoseconds
      print(
        series.id.padding(4), series.title.padding(48), String(size).leftPadding(10), nanoseconds.formatted.leftPadding(10),
        ratio.rounded(2).description.leftPadding(9), "", size == series.sizes[0] ? series.expected : "")
    }
    results.append(ScalingResult(series: series, points: points))
  }
  return results
}
