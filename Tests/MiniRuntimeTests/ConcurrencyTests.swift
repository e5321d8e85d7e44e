// ConcurrencyTests.swift: the runtime under several threads: lock-free sends while another
// thread swizzles and flushes, concurrent class and method creation (Locks.swift,
// MethodCache.swift, Runtime+MessageSend.swift).
//
// Every test terminates whatever the interleaving (even if the "threads" run one after another),
// and asserts only what must hold in every interleaving; nothing here measures time.

import Dispatch
import Synchronization
import Testing

@testable import MiniRuntime

@Suite struct ConcurrencyTests {
  @Test func concurrentSendsDuringSwizzleSeeOneOfTwoImplementations() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try addReturning(person, "greet", "original")
    try addReturning(person, "xxx_greet", "swizzled")
    let original = try #require(try person.instanceMethod(for: "greet"))
    let swizzled = try #require(try person.instanceMethod(for: "xxx_greet"))
    let receivers = [try new(person, in: runtime), try new(student, in: runtime)]
    let senders = 4
    let sendsPerSender = 20_000
    let sendersDone = Atomic<Int>(0)
    let originals = Atomic<Int>(0)
    let swizzleds = Atomic<Int>(0)
    let surprises = Recorder<String>()
    let exchanges = Atomic<Int>(0)

    // Iteration 0 swizzles (started first, so it overlaps the senders whenever two threads run);
    // it stops when the senders are done, or after a fixed number of rounds if it runs alone.
    DispatchQueue.concurrentPerform(iterations: senders + 1) { index in
      if index == 0 {
        for round in 0..<100_000 {
          if sendersDone.load(ordering: .acquiring) == senders { break }
          do {
            try original.exchangeImplementation(with: swizzled)
            if round % 8 == 0 { runtime.flushCaches() }
            exchanges.add(1, ordering: .relaxed)
          } catch {
            surprises.append("exchange threw \(error)")
          }
        }
        return
      }
      let receiver = receivers[index % receivers.count]
      for _ in 0..<sendsPerSender {
        do {
          switch try runtime.msgSend(receiver, "greet") {
          case "original": originals.add(1, ordering: .relaxed)
          case "swizzled": swizzleds.add(1, ordering: .relaxed)
          case let other: surprises.append("greet returned \(other)")
          }
        } catch {
          surprises.append("greet threw \(error)")
        }
      }
      sendersDone.add(1, ordering: .releasing)
    }

    #expect(surprises.all.isEmpty, "\(surprises.all.prefix(5))")
    #expect(originals.load(ordering: .relaxed) + swizzleds.load(ordering: .relaxed) == senders * sendsPerSender)
    // After the last exchange every send must see its effect, on every receiver.
    let expected: Value = exchanges.load(ordering: .relaxed) % 2 == 0 ? "original" : "swizzled"
    for receiver in receivers { #expect(try runtime.msgSend(receiver, "greet") == expected) }
    try runtime.checkInvariants()
  }

  @Test func concurrentAllocateClassPairOfDistinctNamesRegistersAll() throws {
    let runtime = Runtime()
    let threads = 8
    let perThread = 50
    let failures = Recorder<String>()
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<perThread {
        do {
          let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "C\(thread)_\(index)")
          try cls.synthesizeProperty("value", type: .longLong)
          try addReturning(cls, "who", cls.name)
          try runtime.registerClassPair(cls)
          let object = try cls.createInstance()
          if try runtime.msgSend(object, "who") != .string(cls.name) { failures.append("\(cls.name) answered wrongly") }
        } catch {
          failures.append("C\(thread)_\(index): \(error)")
        }
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
    #expect(runtime.classes.count == 2 + threads * perThread)  // with NSObject and Protocol
    #expect(Set(runtime.classes.map(\.name)).count == 2 + threads * perThread)
    for thread in 0..<threads {
      for index in 0..<perThread { #expect(runtime.lookUpClass(named: "C\(thread)_\(index)") != nil) }
    }
    #expect(runtime.rootClass.subclasses.count == 1 + threads * perThread)  // with Protocol
    #expect(runtime.rootClass.isa.subclasses.count == 1 + threads * perThread)
    try runtime.checkInvariants()
  }

  @Test func concurrentRegistrationOfOneNameHasOneWinner() throws {
    // A pair under construction reserves no name (objc4); the first registered keeps it.
    let runtime = Runtime()
    let made = Atomic<Int>(0)
    let clashes = Atomic<Int>(0)
    let observation = runtime.addEventObserver { event in
      if case .diagnostic(_, let message) = event, message.hasPrefix("Class Contested is implemented in both") {
        clashes.add(1, ordering: .relaxed)
      }
    }
    let pairs = Locked<[Class]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      if let cls = try? runtime.allocateClassPair(superclass: runtime.rootClass, name: "Contested") {
        pairs.withLock { $0.append(cls) }
      }
    }
    let all = pairs.withLock { $0 }
    DispatchQueue.concurrentPerform(iterations: all.count) { index in
      if (try? runtime.registerClassPair(all[index])) != nil { made.add(1, ordering: .relaxed) }
    }
    observation.cancel()
    #expect(made.load(ordering: .relaxed) == 8)
    #expect(clashes.load(ordering: .relaxed) == 7)
    let winner = try #require(runtime.lookUpClass(named: "Contested"))
    #expect(runtime.classes.filter { $0.name == "Contested" }.count == 8 && winner.isRegistered)
    try runtime.checkInvariants()
  }

  @Test func concurrentAddMethodOnOneClassAddsEachSelectorOnce() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ownMethods = person.methodList.count
    let threads = 8
    let perThread = 100
    let shared = (0..<10).map { Selector(interning: "shared\($0)") }
    let sharedWins = Atomic<Int>(0)
    let failures = Recorder<String>()
    let ann = try new(person, in: runtime)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for index in 0..<perThread {
        do {
          let selector = try Selector(validating: "m\(thread)_\(index)")
          guard try addReturning(person, selector, selector.name) else {
            failures.append("\(selector) refused")
            continue
          }
          if try runtime.msgSend(ann, selector) != .string(selector.name) { failures.append("\(selector) wrong") }
          if index % 10 == 0 {
            if try addReturning(person, shared[index / 10], "thread \(thread)") {
              sharedWins.add(1, ordering: .relaxed)
            }
          }
        } catch {
          failures.append("\(error)")
        }
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
    #expect(sharedWins.load(ordering: .relaxed) == shared.count, "exactly one addMethod wins per selector")
    #expect(person.methodList.count == ownMethods + threads * perThread + shared.count)
    for selector in shared {
      let method = try #require(try person.instanceMethod(for: selector))
      #expect(try runtime.msgSend(ann, selector) == .string(method.implementation.name))
    }
    try runtime.checkInvariants()
  }

  /// A send that misses while another thread adds the method must not leave a stale negative
  /// ("forwarding") entry behind: once `addMethod` has returned, the send must succeed.
  ///
  /// The two threads pace each other with bounded spins (so the test also ends if they run one
  /// after the other): the sender starts missing on a selector; the adder waits a varying moment
  /// and adds it, landing somewhere inside the sender's slow path; the sender then checks the
  /// selector once more before the next `addMethod` (which flushes the whole cache) can hide a
  /// stale entry.
  @Test func missRacingAddMethodLeavesNoStaleNegativeEntry() throws {
    let runtime = Runtime()
    let target = try makeClass("Target", in: runtime)
    let object = try new(target, in: runtime)
    let count = 3_000
    let selectors = (0..<count).map { Selector(interning: "probe\($0)") }
    let missing = Atomic<Int>(-1)
    let added = Atomic<Int>(0)
    let stale = Recorder<String>()
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      if index == 0 {
        var spinBudget = 20_000_000
        var random = SeededGenerator(seed: 7)
        for (k, selector) in selectors.enumerated() {
          while missing.load(ordering: .acquiring) < k && spinBudget > 0 { spinBudget -= 1 }
          for _ in 0..<Int.random(in: 0..<3_000, using: &random) where spinBudget > 0 {
            spinBudget -= 1
          }
          _ = try? addReturning(target, selector, selector.name)
          added.store(k + 1, ordering: .releasing)
        }
      } else {
        var sendBudget = 60_000
        for (k, selector) in selectors.enumerated() {
          missing.store(k, ordering: .releasing)
          while added.load(ordering: .acquiring) <= k && sendBudget > 0 {
            sendBudget -= 1
            _ = try? runtime.msgSend(object, selector)
          }
          // The adder does not add the next selector before `missing` moves on, so no flush can
          // have hidden a stale entry yet.
          if added.load(ordering: .acquiring) > k, (try? runtime.msgSend(object, selector)) != .string(selector.name) {
            stale.append(selector.name)
          }
        }
        missing.store(count, ordering: .releasing)
      }
    }
    #expect(stale.all.isEmpty, "\(stale.count) sends failed right after addMethod returned: \(stale.all.prefix(5))")
    for selector in selectors { #expect(try runtime.msgSend(object, selector) == .string(selector.name)) }
    try runtime.checkInvariants()
  }

  @Test func concurrentReferenceIvarWritesNeverTearValues() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let names = (0..<8).map { "name-\($0)-" + String(repeating: "x", count: $0 * 10) }
    let surprises = Recorder<String>()
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      for step in 0..<5_000 {
        do {
          if index % 2 == 0 {
            try runtime.msgSend(ann, "setName:", .string(names[(index + step) % names.count]))
            try ann.setValue(.int64(Int64(step)), forIvar: "_age")
          } else {
            let name = try runtime.msgSend(ann, "name")
            if name != .nil, !names.contains(name.stringValue ?? "") { surprises.append("read \(name)") }
            let age = try ann.value(ofIvar: "_age").intValue ?? -1
            if !(0..<5_000).contains(age) { surprises.append("age \(age)") }
          }
        } catch {
          surprises.append("\(error)")
        }
      }
    }
    #expect(surprises.all.isEmpty, "\(surprises.all.prefix(5))")
    try runtime.checkInvariants()
  }
}
