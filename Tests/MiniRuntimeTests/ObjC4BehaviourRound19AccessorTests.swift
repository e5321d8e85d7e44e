// ObjC4BehaviourRound19AccessorTests.swift: the nineteenth round's accessor behaviour from
// objc4's own sources: objc_getProperty retains an atomic object property's value under the
// property's spinlock, the one objc_setProperty swaps under (objc-accessors.mm, atomicProperty.m).

import Dispatch
import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound19AccessorTests {
  @Test func anAtomicGetterRacingASetterNeverHandsOutAnObjectFreedBeforeThePoolPops() throws {
    // objc-accessors.mm: objc_getProperty retains the ivar's value under the property's spinlock,
    // the one objc_setProperty swaps under, so the setter's release of the old value comes after
    // the getter's retain: what the getter returned lives until the caller's pool pops, however
    // the two threads interleave (atomicProperty.m runs the two loops on two threads).
    let runtime = Runtime()
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.synthesizeProperty("value", type: .object(className: nil), options: [.retain])
    }
    let person = try makePerson(in: runtime)
    let owner = try new(holder, in: runtime)
    let early = Recorder<String>()
    let rounds = 20_000
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      do {
        for _ in 0..<rounds {
          if thread == 0 {
            let fresh = try new(person, in: runtime)
            try runtime.msgSend(owner, "setValue:", .object(fresh))
            try Runtime.release(fresh)  // the ivar's reference is its only one now
          } else {
            try Runtime.autoreleasepool {
              let read = try runtime.msgSend(owner, "value")
              if let object = read.objectValue, object.isDeallocating { early.append("deallocated under the pool") }
            }
          }
        }
      } catch {
        early.append("\(error)")
      }
    }
    #expect(early.all.isEmpty, "\(early.count) reads: \(early.all.prefix(3))")
    try runtime.msgSend(owner, "setValue:", .nil)
    try runtime.checkInvariants()
  }
}
