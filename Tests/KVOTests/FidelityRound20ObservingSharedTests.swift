// FidelityRound20ObservingSharedTests.swift: attaching shared observers from two threads at once
// (decision 0048). The header promises one set of shared observers per object; MiniKVO makes an
// attach atomic per object, so two attaches racing on one object leave exactly one snapshot's
// observers (the one that started last), never both lists, a mix, or none.

import Dispatch
import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound20ObservingSharedTests {
  /// Two threads attach different snapshots (three entries each) to the same new object at the
  /// same moment, many times: afterwards a change of `age` reaches the three observers of
  /// exactly one of the snapshots.
  @Test func twoThreadsAttachingSnapshotsLeaveExactlyOne() throws {
    let world = try World()
    let (first, firstLog) = try world.newObserver()
    let (second, secondLog) = try world.newObserver()
    let firsts = SharedObservers(observableClass: world.person)
    let seconds = SharedObservers(observableClass: world.person)
    for context in 1...3 {
      try firsts.addSharedObserver(first, forKey: "age", options: [.new], context: ObservationContext(rawValue: UInt(context)))
      try seconds.addSharedObserver(second, forKey: "age", options: [.new], context: ObservationContext(rawValue: UInt(context)))
    }
    let snapshots = [firsts.snapshot(), seconds.snapshot()]
    var outcomes: [String] = []
    for round in 0..<400 {
      let person = try world.newPerson()
      let failures = Log<String>()
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        do { try person.setSharedObservers(snapshots[index]) } catch { failures.append("\(error)") }
      }
      #expect(failures.all.isEmpty)
      firstLog.removeAll()
      secondLog.removeAll()
      try world.set(person, "age", .int64(Int64(round)))
      let counts = (firstLog.count, secondLog.count)
      if counts != (3, 0) && counts != (0, 3) { outcomes.append("round \(round): \(counts.0) + \(counts.1)") }
      try person.setSharedObservers(nil)
      #expect(person.isa === world.person)
    }
    #expect(outcomes == [])
    try world.runtime.checkInvariants()
  }
}
