// ScalingShapeTests.swift: the shape of the add/remove cost, by counting work, never by timing.
//
// Pins what ObservationTable.swift and ObservedPath.swift promise (and `kvo-bench --scaling`
// plots): registrations of one key go into their path in place, and the path is rebuilt (every
// live registration copied into a new one, and a new snapshot published) only when it is full or
// mostly tombstones, with room to grow each time. So the registrations copied by n adds, by n
// removals in either order, and by many add/remove pairs beside n observers grow linearly with
// the operations, never quadratically as when each change rebuilt the whole list.

import Testing

@testable import KVO

@Suite struct ScalingShapeTests {
  /// Counts the rebuilds of an object's first observed path, and the registrations they copied,
  /// by looking at the path after each operation.
  private struct RebuildCounter {
    private var current: ObjectIdentifier?
    private var publishedSnapshot: ObjectIdentifier?
    private(set) var rebuilds = 0
    private(set) var copied = 0
    private(set) var snapshots = 0

    mutating func look(at object: Object) {
      guard let snapshot = object.ownObservationSnapshot else {
        current = nil
        return
      }
      let table = snapshot.table
      let path = table.lock.withLock { table.entries.first?.path }
      if ObjectIdentifier(snapshot.slotValue) != publishedSnapshot {
        publishedSnapshot = ObjectIdentifier(snapshot.slotValue)
        snapshots += 1
      }
      guard let path else { return }
      if ObjectIdentifier(path) != current {
        if current != nil {
          rebuilds += 1
          copied += path.usedCount
        }
        current = ObjectIdentifier(path)
      }
    }
  }

  /// The number of bits of `value`: a bound on the doublings a growing path can go through.
  private func bits(_ value: Int) -> Int { Int.bitWidth - value.leadingZeroBitCount }

  @Test(arguments: [100, 1_000, 4_000])
  func addingObserversOfOneKeyCopiesLinearlyMany(count: Int) throws {
    let world = try World()
    let person = try world.newPerson()
    var counter = RebuildCounter()
    var observers: [Object] = []
    for _ in 0..<count {
      let (observer, _) = try world.newObserver()
      try person.addObserver(observer, forKeyPath: "age", options: [.new])
      observers.append(observer)
      counter.look(at: person)
    }
    // Capacity doubles (plus a little) at each rebuild: at most one rebuild per doubling, and
    // the copies sum to less than twice the final count (a geometric series).
    #expect(counter.rebuilds <= bits(count))
    #expect(counter.copied <= 2 * count)
    #expect(counter.snapshots <= counter.rebuilds + 1)
    #expect(person.observedKeyPaths.count == count)
  }

  @Test(arguments: [false, true])
  func removingManyObserversInEitherOrderCopiesLinearlyMany(oldestFirst: Bool) throws {
    let count = 3_000
    let world = try World()
    let person = try world.newPerson()
    var observers: [Object] = []
    for _ in 0..<count {
      let (observer, _) = try world.newObserver()
      try person.addObserver(observer, forKeyPath: "age", options: [.new])
      observers.append(observer)
    }
    var counter = RebuildCounter()
    counter.look(at: person)
    for observer in oldestFirst ? observers : observers.reversed() {
      try person.removeObserver(observer, forKeyPath: "age")
      counter.look(at: person)
    }
    // Each compaction keeps at most a third of the slots it leaves (tombstones > 2 × live + 16),
    // so the copies sum to at most half the registrations removed.
    #expect(counter.copied <= count)
    #expect(counter.rebuilds <= 2 * bits(count))
    #expect(person.observationInfo == nil)
    #expect(person.isa === world.person)
  }

  @Test func addRemovePairsBesideManyObserversCopyAmortisedConstantMany() throws {
    let count = 1_000
    let pairs = 10_000
    let world = try World()
    let person = try world.newPerson()
    var observers: [Object] = []
    for _ in 0..<count {
      let (observer, _) = try world.newObserver()
      try person.addObserver(observer, forKeyPath: "age", options: [.new])
      observers.append(observer)
    }
    let (visitor, visitorLog) = try world.newObserver()
    var counter = RebuildCounter()
    counter.look(at: person)
    for _ in 0..<pairs {
      try person.addObserver(visitor, forKeyPath: "age", options: [.new])
      counter.look(at: person)
      try person.removeObserver(visitor, forKeyPath: "age")
      counter.look(at: person)
    }
    // A rebuild copies the ~1,000 live registrations and leaves ~1,000 free slots, which the
    // next ~1,000 pairs fill with tombstones: about one copy per pair, never one per observer
    // per pair (10,000,000 here).
    #expect(counter.copied <= 2 * pairs + 2 * count)
    #expect(counter.rebuilds <= 2 * pairs / count + 2)
    try world.set(person, "age", 1)
    #expect(visitorLog.count == 0)
    #expect(person.observedKeyPaths.count == count)
  }
}
