// ObjC4BehaviourRound22AssociationTests.swift: associations set on an owner that is being
// deallocated (objc-references.mm, from memory of 818: objc_destructInstance's
// `_object_remove_assocations(obj, /*deallocating*/ true)` swaps the owner's entry out of the
// global table under the lock, then releases the old values outside it, and nothing reads the
// table again before the owner is freed; objc_setAssociatedObject checks nothing about
// deallocation). A set made from one of those releases lands in a fresh entry under the freed
// owner and is never released: it leaks. A set made in the owner's own -dealloc, before
// [super dealloc], is removed and released with the others.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound22AssociationTests {
  @Test func aSetOnTheOwnerFromAnAssociatedValuesDeallocLeaksTheNewValue() throws {
    let runtime = Runtime()
    let lateClass = try makeClass("Late", in: runtime)
    let owner = try new(try makePerson(in: runtime), in: runtime)
    let tagKey = AssociationKey("tag")
    let lateKey = AssociationKey("late")
    let late = try new(lateClass, in: runtime)
    let pending = Locked<Object?>(late)
    let seen = Recorder<String>()
    let tagClass = try makeClass("Tag", in: runtime) { cls in
      try cls.addMethod("dealloc", types: "v16@0:8") { [weak owner, root = runtime.rootClass] receiver, _cmd, _ in
        if let owner {
          seen.append(owner.associatedObject(forKey: tagKey) == .nil ? "tag gone" : "tag still there")
          if let value = pending.withLock({ held in defer { held = nil }; return held }) {
            try owner.setAssociatedObject(.object(value), forKey: lateKey, policy: .retainNonatomic)
            try Runtime.release(value)  // the association's reference is its only one now
          }
        }
        return try Runtime.msgSendSuper(receiver, superclass: root, _cmd)
      }
    }
    let tag = try new(tagClass, in: runtime)
    try owner.setAssociatedObject(.object(tag), forKey: tagKey, policy: .retainNonatomic)
    try Runtime.release(tag)
    try Runtime.release(owner)  // the last ownership: -dealloc, objc_destructInstance
    #expect(tag.isDeallocating, "the owner's associations were released")
    #expect(seen.all == ["tag gone"], "its entry is out of the table while the old values go")
    #expect(!late.isDeallocating, "the late association is never released: objc4 leaks it")
    #expect(late.retainCount == 1, "the association's reference, held for good")
    #expect(lateClass.liveInstanceCount == 1)
    try runtime.checkInvariants()
  }

  @Test func aSetInTheOwnersOwnDeallocBeforeSuperDeallocIsReleasedWithTheOthers() throws {
    // Already matched: objc_destructInstance runs inside [super dealloc] and takes it.
    let runtime = Runtime()
    let lateClass = try makeClass("Late", in: runtime)
    let late = try new(lateClass, in: runtime)
    let pending = Locked<Object?>(late)
    let lateKey = AssociationKey("late")
    let ownerClass = try makeClass("Owner", in: runtime) { cls in
      try cls.addMethod("dealloc", types: "v16@0:8") { [root = runtime.rootClass] receiver, _cmd, _ in
        if let value = pending.withLock({ held in defer { held = nil }; return held }) {
          try receiver.setAssociatedObject(.object(value), forKey: lateKey, policy: .retain)
          try Runtime.release(value)
        }
        return try Runtime.msgSendSuper(receiver, superclass: root, _cmd)
      }
    }
    let owner = try new(ownerClass, in: runtime)
    try Runtime.release(owner)
    #expect(late.isDeallocating, "released by objc_destructInstance")
    try runtime.checkInvariants()
  }

  @Test func removeAssociatedObjectsReleasesEveryPublicPolicysValue() throws {
    // Already matched: objc_removeAssociatedObjects (deallocating false) keeps only values set
    // with the private OBJC_ASSOCIATION_SYSTEM_OBJECT flag, which no public policy carries.
    let runtime = Runtime()
    let tagClass = try makeClass("Tag", in: runtime)
    let owner = try new(try makePerson(in: runtime), in: runtime)
    var tags: [Object] = []
    for (index, policy) in [AssociationPolicy.retain, .retainNonatomic, .assign].enumerated() {
      let tag = try new(tagClass, in: runtime)
      try owner.setAssociatedObject(.object(tag), forKey: AssociationKey("k\(index)"), policy: policy)
      tags.append(tag)
    }
    try Runtime.release(tags[0])
    try Runtime.release(tags[1])
    owner.removeAssociatedObjects()
    #expect(owner.associationKeys.isEmpty)
    #expect(tags[0].isDeallocating && tags[1].isDeallocating)
    #expect(!tags[2].isDeallocating, "assign never owned it")
    try runtime.checkInvariants()
  }
}
