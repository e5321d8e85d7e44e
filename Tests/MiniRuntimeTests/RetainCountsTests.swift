// RetainCountsTests.swift: the counts kept in the object's own word (RetainCounts.swift,
// decision 0056) give the answers the side table gave: a count never reads as the deallocating
// mark, counts from several threads add up exactly, a hold is counted but not shown, and the
// object is deallocated once, by the release that finds no count.

import Dispatch
import Testing

@testable import MiniRuntime

@Suite struct RetainCountsTests {
  /// A `Person` whose `dealloc` counts its runs.
  private func countedPerson(in runtime: Runtime, deallocs: Box<Int>) throws -> Class {
    let person = try makePerson(in: runtime)
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      deallocs.update { $0 += 1 }
      return try Runtime.msgSendSuper(receiver, definedIn: person, "dealloc")
    }
    return person
  }

  /// Runs `body` on four threads at once (each given its index) and answers what they threw.
  private func problemsOnFourThreads(_ body: @Sendable (Int) throws -> Void) -> [String] {
    let problems = Recorder<String>()
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      do { try body(thread) } catch { problems.append("thread \(thread): \(error)") }
    }
    return problems.all
  }

  @Test func aRetainedObjectIsNotDeallocatingWhateverItsCount() throws {
    let runtime = Runtime()
    let deallocs = Box(0)
    let ann = try new(countedPerson(in: runtime, deallocs: deallocs), in: runtime)
    let variable = WeakVariable()
    try variable.store(ann)
    for _ in 0..<1_000 { try Runtime.retain(ann) }
    #expect(ann.retainCount == 1_001)
    #expect(!ann.isDeallocating)
    let loaded = variable.loadRetained()
    #expect(loaded === ann, "a weak load retains an object whose word holds counts")
    #expect(ann.retainCount == 1_002)
    for _ in 0..<1_001 { try Runtime.release(ann) }
    #expect(ann.retainCount == 1 && deallocs.value == 0)
    try Runtime.release(ann)  // the caller's ownership: the release to zero
    #expect(deallocs.value == 1)
    #expect(ann.isDeallocating && variable.loadRetained() == nil)
    try runtime.checkInvariants()
  }

  @Test func retainsAndReleasesFromSeveralThreadsAddUpExactly() throws {
    let runtime = Runtime()
    let deallocs = Box(0)
    let ann = try new(countedPerson(in: runtime, deallocs: deallocs), in: runtime)
    let problems = problemsOnFourThreads { _ in
      for round in 0..<5_000 {
        try Runtime.retain(ann)
        if round % 2 == 1 {
          try Runtime.release(ann)
          try Runtime.release(ann)
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    #expect(ann.retainCount == 1 && deallocs.value == 0)
    try Runtime.release(ann)
    #expect(deallocs.value == 1, "deallocated once, by the release that found no count")
    try runtime.checkInvariants()
  }

  @Test func aHoldIsCountedButNotShownAndLettingItGoCanBeTheReleaseToZero() throws {
    let runtime = Runtime()
    let deallocs = Box(0)
    let ann = try new(countedPerson(in: runtime, deallocs: deallocs), in: runtime)
    try Runtime.retain(ann)
    #expect(ann.tryHold())
    #expect(ann.retainCount == 2, "the hold is the runtime's own: retainCount does not show it")
    try Runtime.release(ann)
    try Runtime.release(ann)  // the caller's ownership; the hold's count keeps the object
    #expect(deallocs.value == 0 && !ann.isDeallocating)
    #expect(ann.retainCount == 1, "never below 1 while the object lives")
    ann.endHold()  // no count left: this is the release to zero
    #expect(deallocs.value == 1 && ann.isDeallocating)
    #expect(!ann.tryHold() && !ann.tryRetain(), "a deallocating object gets no count")
    try runtime.checkInvariants()
  }

  @Test func holdsAndRetainsFromSeveralThreadsLeaveTheCountAsItWas() throws {
    let runtime = Runtime()
    let deallocs = Box(0)
    let ann = try new(countedPerson(in: runtime, deallocs: deallocs), in: runtime)
    let problems = problemsOnFourThreads { thread in
      for _ in 0..<5_000 {
        if thread % 2 == 0 {
          guard ann.tryHold() else { throw RuntimeError(.deallocatingObject, "no hold") }
          ann.endHold()
        } else {
          try Runtime.retain(ann)
          let shown = ann.retainCount
          try Runtime.release(ann)
          guard shown >= 2 else { throw RuntimeError(.deallocatingObject, "a retain did not show") }
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    #expect(ann.retainCount == 1 && deallocs.value == 0)
    try runtime.checkInvariants()
  }
}
