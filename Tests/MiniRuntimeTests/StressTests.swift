// StressTests.swift: the send path under a storm of method changes (issue 7, "Concurrency
// stress"): several threads send messages while another swizzles, adds and replaces methods and
// flushes caches (MethodCache.swift, Class+Methods.swift, Runtime+MessageSend.swift).
//
// Bounded by iterations, never by the clock: whatever the interleaving (even if the threads run
// one after another) the test ends, and it asserts only what holds in every interleaving.

import Dispatch
import Synchronization
import Testing

@testable import MiniRuntime

@Suite struct StressTests {
  /// Base ← Mid ← Leaf, one receiver of each. `greet` starts on Base ("original"), swizzled with
  /// `xxx_greet` ("swizzled"); the mutator overrides it on Mid ("mid-1", then replaced by
  /// "mid-2", …) and adds `extra<k>` (answering "extra-k") to Base for even k, to Leaf for odd k
  /// (so Base and Mid never answer an odd one).
  struct Fixture {
    let runtime = Runtime()
    let base: Class
    let mid: Class
    let leaf: Class
    let receivers: [Object]
    let extras: [Selector]

    init(extras count: Int) throws {
      base = try makeClass("Base", in: runtime)
      mid = try makeSubclass(of: base, named: "Mid", in: runtime)
      leaf = try makeSubclass(of: mid, named: "Leaf", in: runtime)
      try addReturning(base, "greet", "original")
      try addReturning(base, "xxx_greet", "swizzled")
      receivers = [try new(base, in: runtime), try new(mid, in: runtime), try new(leaf, in: runtime)]
      extras = (0..<count).map { Selector(interning: "extra\($0)") }
    }
  }

  /// What one sender saw, to check that what it sees only moves forward.
  struct SenderView {
    var lastMid = 0
    var extrasSeen = Set<Int>()
  }

  @Test func sendsDuringSwizzleAddAndFlushSeeOnlyValidImplementationsAndNeverGoBack() throws {
    let rounds = 400  // even, so greet ends unswizzled
    let f = try Fixture(extras: rounds)
    let originalGreet = try #require(try f.base.instanceMethod(for: "greet"))
    let swizzledGreet = try #require(try f.base.instanceMethod(for: "xxx_greet"))
    let senders = 3
    let sendsPerSender = 6_000
    let surprises = Recorder<String>()
    let extrasAdded = Atomic<Int>(0)

    DispatchQueue.concurrentPerform(iterations: senders + 1) { index in
      if index == 0 {
        // The mutator: a fixed number of rounds of swizzle, add, replace and flush.
        for round in 0..<rounds {
          do {
            try originalGreet.exchangeImplementation(with: swizzledGreet)
            let owner = round % 2 == 0 ? f.base : f.leaf
            guard try addReturning(owner, f.extras[round], "extra-\(round)") else {
              surprises.append("extra\(round) was refused")
              continue
            }
            extrasAdded.store(round + 1, ordering: .releasing)
            if round % 10 == 0 {
              try f.mid.replaceMethod("greet", types: "@16@0:8", implementation: returning("mid-\(round / 10 + 1)"))
            }
            switch round % 3 {
            case 0: f.runtime.flushCaches()
            case 1: f.runtime.flushCaches(f.mid)
            default: break
            }
          } catch {
            surprises.append("mutator: \(error)")
          }
        }
        return
      }
      var random = SeededGenerator(seed: UInt64(index))
      var views = Array(repeating: SenderView(), count: f.receivers.count)
      for _ in 0..<sendsPerSender {
        let which = Int.random(in: 0..<f.receivers.count, using: &random)
        let receiver = f.receivers[which]
        do {
          let answer = try f.runtime.msgSend(receiver, "greet").stringValue ?? "?"
          if let k = answer.split(separator: "-").last.flatMap({ Int($0) }), answer.hasPrefix("mid-") {
            if which == 0 { surprises.append("Base answered \(answer)") }
            if k < views[which].lastMid {
              surprises.append("\(receiver.isa.name) went back from mid-\(views[which].lastMid) to \(answer)")
            }
            views[which].lastMid = k
          } else if answer == "original" || answer == "swizzled" {
            if views[which].lastMid > 0 { surprises.append("\(receiver.isa.name) lost its override: \(answer)") }
          } else {
            surprises.append("\(receiver.isa.name) greet answered \(answer)")
          }
        } catch {
          surprises.append("greet threw \(error)")
        }
        // An extra selector: once this sender has seen it answer, it must keep answering
        // (no stale negative cache entry); Base never answers the odd ones (added to Leaf).
        let limit = max(1, extrasAdded.load(ordering: .acquiring) + 2)
        let k = Int.random(in: 0..<min(limit, rounds), using: &random)
        do {
          let answer = try f.runtime.msgSend(receiver, f.extras[k])
          if answer != .string("extra-\(k)") { surprises.append("extra\(k) answered \(answer)") }
          if which < 2 && k % 2 == 1 { surprises.append("\(receiver.isa.name) answered extra\(k), added to Leaf") }
          views[which].extrasSeen.insert(k)
        } catch let error as RuntimeError where error.code == .unrecognizedSelector {
          if views[which].extrasSeen.contains(k) { surprises.append("\(receiver.isa.name) forgot extra\(k)") }
        } catch {
          surprises.append("extra\(k) threw \(error)")
        }
      }
    }

    #expect(surprises.all.isEmpty, "\(surprises.count) surprises: \(surprises.all.prefix(5))")
    // After the storm every receiver sees the final state (an even number of exchanges).
    #expect(try f.runtime.msgSend(f.receivers[0], "greet") == "original")
    for receiver in f.receivers.dropFirst() {
      #expect(try f.runtime.msgSend(receiver, "greet") == .string("mid-\((rounds - 1) / 10 + 1)"))
    }
    for (k, selector) in f.extras.enumerated() {
      #expect(try f.runtime.msgSend(f.receivers[2], selector) == .string("extra-\(k)"))
      if k % 2 == 1 { expectError(.unrecognizedSelector) { try f.runtime.msgSend(f.receivers[1], selector) } }
    }
    try f.runtime.checkInvariants()
  }

  /// The same storm with the stress switch on (every send takes the slow path), so the sends
  /// contend for the runtime lock with the mutator instead of reading caches.
  @Test func sendsWithCachesDisabledDuringMethodChangesSeeOnlyValidImplementations() throws {
    let f = try Fixture(extras: 0)
    f.runtime.cachesDisabled = true
    let original = try #require(try f.base.instanceMethod(for: "greet"))
    let swizzled = try #require(try f.base.instanceMethod(for: "xxx_greet"))
    let surprises = Recorder<String>()
    DispatchQueue.concurrentPerform(iterations: 3) { index in
      for step in 0..<2_000 {
        do {
          if index == 0 {
            try original.exchangeImplementation(with: swizzled)
            if step % 50 == 0 { try addReturning(f.leaf, Selector(interning: "late\(step)"), "late") }
          } else {
            let answer = try f.runtime.msgSend(f.receivers[step % 3], "greet")
            if answer != "original" && answer != "swizzled" { surprises.append("greet answered \(answer)") }
          }
        } catch {
          surprises.append("\(error)")
        }
      }
    }
    #expect(surprises.all.isEmpty, "\(surprises.all.prefix(5))")
    #expect(try f.runtime.msgSend(f.receivers[2], "late1950") == "late")
    try f.runtime.checkInvariants()
  }
}
