// ObjC4BehaviourRound19AssociationTests.swift: the nineteenth round's associated-object behaviour
// from objc4's objc-references.mm: OBJC_ASSOCIATION_RETAIN and OBJC_ASSOCIATION_COPY carry
// OBJC_ASSOCIATION_GETTER_RETAIN | GETTER_AUTORELEASE (0x301 and 0x303), so
// objc_getAssociatedObject retains the value under the associations lock and autoreleases it; the
// nonatomic policies (1 and 3) and assign return it as it is.

import Dispatch
import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound19AssociationTests {
  @Test(arguments: [AssociationPolicy.retain, .copy])
  func anAtomicAssociationsGetterRetainsAndAutoreleasesWhatItReturns(policy: AssociationPolicy) throws {
    let runtime = Runtime()
    let tagClass = try makeClass("Tag", in: runtime) { cls in
      try cls.addMethod("copyWithZone:", types: "@24@0:8^{_NSZone=}16") { receiver, _, _ in
        .object(try #require(try Runtime.retain(receiver)))  // an immutable object's copy is itself
      }
    }
    let owner = try new(try makePerson(in: runtime), in: runtime)
    let tag = try new(tagClass, in: runtime)
    let key = AssociationKey("tag")
    try owner.setAssociatedObject(.object(tag), forKey: key, policy: policy)
    try Runtime.release(tag)
    #expect(tag.retainCount == 1, "the association's reference only")
    try Runtime.autoreleasepool {
      #expect(owner.associatedObject(forKey: key).objectValue === tag)
      #expect(tag.retainCount == 2, "the getter's +1, which the pool owns")
      try owner.setAssociatedObject(.nil, forKey: key, policy: policy)
      #expect(!tag.isDeallocating, "the pool keeps what the getter returned")
    }
    #expect(tag.isDeallocating, "the pool's release was the last")
    try runtime.checkInvariants()
  }

  @Test(arguments: [AssociationPolicy.retainNonatomic, .copyNonatomic])
  func aNonatomicAssociationsGetterReturnsTheValueAsItIs(policy: AssociationPolicy) throws {
    let runtime = Runtime()
    let tagClass = try makeClass("Tag", in: runtime) { cls in
      try cls.addMethod("copyWithZone:", types: "@24@0:8^{_NSZone=}16") { receiver, _, _ in
        .object(try #require(try Runtime.retain(receiver)))
      }
    }
    let owner = try new(try makePerson(in: runtime), in: runtime)
    let tag = try new(tagClass, in: runtime)
    let key = AssociationKey("tag")
    try owner.setAssociatedObject(.object(tag), forKey: key, policy: policy)
    try Runtime.release(tag)
    try Runtime.autoreleasepool {
      #expect(owner.associatedObject(forKey: key).objectValue === tag)
      #expect(tag.retainCount == 1, "no retain, no autorelease")
    }
    try owner.setAssociatedObject(.nil, forKey: key, policy: policy)
    #expect(tag.isDeallocating)
    try runtime.checkInvariants()
  }

  @Test func anAtomicAssociationsGetterRacingASetterNeverHandsOutAFreedObject() throws {
    // The retain is taken under the lock the setter replaces the value under, so the setter's
    // release of the old value comes after it.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let owner = try new(person, in: runtime)
    let key = AssociationKey("tag")
    let problems = Recorder<String>()
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      do {
        for _ in 0..<20_000 {
          if thread == 0 {
            let fresh = try new(person, in: runtime)
            try owner.setAssociatedObject(.object(fresh), forKey: key, policy: .retain)
            try Runtime.release(fresh)  // the association's reference is its only one now
          } else {
            try Runtime.autoreleasepool {
              if let read = owner.associatedObject(forKey: key).objectValue, read.isDeallocating {
                problems.append("deallocated under the pool")
              }
            }
          }
        }
      } catch {
        problems.append("\(error)")
      }
    }
    #expect(problems.all.isEmpty, "\(problems.count): \(problems.all.prefix(3))")
    try owner.setAssociatedObject(.nil, forKey: key, policy: .retain)
    try runtime.checkInvariants()
  }
}
