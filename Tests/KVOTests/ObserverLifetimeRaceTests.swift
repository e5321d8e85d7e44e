// ObserverLifetimeRaceTests.swift: an observer freed on one thread while another thread's
// notifications reach it (decision 0018: registrations hold observers by an unowned count and
// take them with a try-retain). Run under TSan and ASan as well:
//   swift test --sanitize=thread --scratch-path .build-thread --filter ObserverLifetimeRaceTests
//
// Bounded by iterations, never by the clock; it asserts only what holds in every interleaving.

import Dispatch
import MiniRuntime
import Synchronization
import Testing

@testable import KVO

@Suite struct ObserverLifetimeRaceTests {
  /// What the observers saw and when they died, keyed by each observer's serial number (an
  /// address may be reused by the next observer; a serial is not).
  private final class Ledger: Sendable {
    private struct State {
      var dead: Set<Int> = []
      var violations: [String] = []
    }
    private let state = Locked(State())  // not Mutex: TSan reports it falsely here
    /// Notifications received by the observer of the round under way.
    let heardThisRound = Atomic<Int>(0)
    let round = Atomic<Int>(-1)
    let finished = Atomic<Bool>(false)

    func heard(_ serial: Int, deallocating: Bool) {
      state.withLock { state in
        if deallocating || state.dead.contains(serial) {
          state.violations.append("observer \(serial) messaged after its dealloc began")
        }
      }
      if serial == round.load(ordering: .acquiring) { heardThisRound.add(1, ordering: .releasing) }
    }

    func deallocated(_ serial: Int) { state.withLock { _ = $0.dead.insert(serial) } }
    var violations: [String] { state.withLock { $0.violations } }
    var deadCount: Int { state.withLock { $0.dead.count } }
  }

  /// A class whose instances carry a serial number, report every notification to `ledger`
  /// (with whether they were already deallocating) and tell it when their dealloc runs.
  private func mortalClass(_ world: World, _ ledger: Ledger) throws -> Class {
    let runtime = world.runtime
    let mortal = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Mortal")
    try mortal.synthesizeProperty("serial", type: .longLong)
    try runtime.registerClassPair(mortal)
    try mortal.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") {
      receiver, _, _ in
      ledger.heard(try receiver.value(ofIvar: "_serial").intValue ?? -1, deallocating: receiver.isDeallocating)
      return .nil
    }
    try mortal.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      ledger.deallocated(try receiver.value(ofIvar: "_serial").intValue ?? -1)
      return try runtime.msgSendSuper(receiver, superclass: runtime.rootClass, "dealloc")
    }
    return mortal
  }

  @Test func anObserverFreedWhileAnotherThreadSetsIsNeverMessagedAfterItsDeallocAndIsPruned() throws {
    let world = try World()
    let ledger = Ledger()
    let mortal = try mortalClass(world, ledger)
    let person = try world.newPerson()
    let rounds = 200
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      if index == 0 {  // the setter: notifies whoever is registered, until the rounds are over
        var step = 0
        while !ledger.finished.load(ordering: .acquiring) {
          try? world.set(person, "age", .int(step))
          step &+= 1
        }
        return
      }
      for serial in 0..<rounds {  // the owner: makes an observer, lets it be heard, drops it
        guard let made = try? world.runtime.msgSend(mortal, "new").objectValue else { break }
        try? made.setValue(.int(serial), forIvar: "_serial")
        ledger.heardThisRound.store(0, ordering: .releasing)
        ledger.round.store(serial, ordering: .releasing)
        try? person.addObserver(made, forKeyPath: "age")
        var spins = 0  // wait until the setter's passes reach it (bounded, not timed)
        while ledger.heardThisRound.load(ordering: .acquiring) == 0 && spins < 10_000_000 { spins &+= 1 }
        _ = consume made  // freed here, or when the pass that holds it ends
      }
      ledger.finished.store(true, ordering: .releasing)
    }
    try world.set(person, "age", -1)  // prunes what the setter's passes did not
    #expect(ledger.violations.isEmpty)
    #expect(ledger.deadCount == rounds)  // every observer was freed: the registrations kept none alive
    #expect(person.observances.isEmpty)
    #expect(person.isa === world.person)
    try world.runtime.checkInvariants()
  }
}
