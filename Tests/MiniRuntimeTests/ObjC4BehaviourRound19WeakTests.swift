// ObjC4BehaviourRound19WeakTests.swift: the nineteenth round's weak-reference behaviour from
// objc4's own sources and weakrace.m: a weak load racing the last release of its object either
// retains the object before the release (which then does not deallocate it) or reads nil; it never
// hands out an object whose dealloc has begun (objc4's rootTryRetain and rootRelease decide on the
// same isa word with one compare-and-swap each).

import Dispatch
import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound19WeakTests {
  @Test func aWeakLoadRacingTheLastReleaseNeverAnswersADeallocatingObject() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let variable = WeakVariable()
    let problems = Recorder<String>()
    let done = Box(false)
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      do {
        if thread == 0 {
          for _ in 0..<20_000 {
            let fresh = try new(person, in: runtime)
            _ = try variable.store(fresh)
            try Runtime.release(fresh)  // its last reference: dealloc now, unless a load retained it first
          }
          done.value = true
        } else {
          while !done.value {
            guard let loaded = variable.loadRetained() else { continue }
            if loaded.isDeallocating { problems.append("a +1 load answered a deallocating object") }
            try Runtime.release(loaded)
          }
        }
      } catch {
        problems.append("\(error)")
      }
    }
    #expect(problems.all.isEmpty, "\(problems.count): \(problems.all.prefix(3))")
    try runtime.checkInvariants()
  }
}
