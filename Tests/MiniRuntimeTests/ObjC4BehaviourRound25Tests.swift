// ObjC4BehaviourRound25Tests.swift: objc4's OBJC_ASSOCIATION_SYSTEM_OBJECT flag (bit 16 of a
// policy, from memory of 818's objc-references.mm). objc_setAssociatedObject checks no policy
// bits, so a program can or the number into any policy. `_object_remove_assocations(obj,
// deallocating)` then puts such an association back in the table when not deallocating
// (objc_removeAssociatedObjects keeps it and releases only the others) and, when deallocating,
// releases it in a second loop after every other association.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound25Tests {
  @Test func aSystemObjectPolicyIsTheBareNumberOredIntoAPublicPolicy() {
    #expect(AssociationPolicy.systemObject.rawValue == 1 << 16)
    #expect(AssociationPolicy(rawValue: 0x1_0301) == [.retain, .systemObject])
    #expect(AssociationPolicy.retainNonatomic.rawValue == 1 && AssociationPolicy.copy.rawValue == 0x303)
    #expect(AssociationPolicy.assign.rawValue == 0 && AssociationPolicy.retain.rawValue == 0x301)
    #expect(AssociationPolicy.copyNonatomic.rawValue == 3)
  }

  @Test func removeAssociatedObjectsKeepsASystemObjectAssociationAndReleasesTheOthers() throws {
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let system = try new(try makeDeallocRecordingClass("SystemTag", in: runtime, deallocs: deallocs), in: runtime)
    let plain = try new(try makeDeallocRecordingClass("PlainTag", in: runtime, deallocs: deallocs), in: runtime)
    let owner = try new(try makePerson(in: runtime), in: runtime)
    let systemKey = AssociationKey("system")
    try owner.setAssociatedObject(.object(system), forKey: systemKey, policy: [.retainNonatomic, .systemObject])
    try owner.setAssociatedObject(.object(plain), forKey: AssociationKey("plain"), policy: .retain)
    try Runtime.release(system)
    try Runtime.release(plain)
    owner.removeAssociatedObjects()
    #expect(deallocs.all == ["PlainTag"], "only the association without the flag is released")
    #expect(owner.associationKeys.map(\.name) == ["system"])
    #expect(owner.associatedObject(forKey: systemKey) == .object(system))
    owner.removeAssociatedObjects()
    #expect(deallocs.all == ["PlainTag"], "a second removal keeps it too")
    try runtime.checkInvariants()
  }

  @Test func theRemovalAtDeallocReleasesASystemObjectAssociationAfterAllTheOthers() throws {
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let owner = try new(try makePerson(in: runtime), in: runtime)
    try associateRecordingTags([
      ("First", [.retain, .systemObject]), ("Second", .retain), ("Third", .retainNonatomic),
    ], with: owner, in: runtime, deallocs: deallocs)
    #expect(owner.associationKeys.map(\.name) == ["First", "Second", "Third"])
    try Runtime.release(owner)  // the last ownership: -dealloc, objc_destructInstance
    #expect(deallocs.all == ["Second", "Third", "First"], "the flagged association goes last, though set first")
    try runtime.checkInvariants()
  }

  @Test func objectDisposeReleasesASystemObjectAssociationLastToo() throws {
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let owner = try makePerson(in: runtime).createInstance()
    try associateRecordingTags(
      [("First", [.retainNonatomic, .systemObject]), ("Second", .retainNonatomic)], with: owner, in: runtime, deallocs: deallocs)
    try owner.dispose()
    #expect(deallocs.all == ["Second", "First"])
    try runtime.checkInvariants()
  }

  @Test func aSystemObjectFlagChangesNothingElseAboutThePolicy() throws {
    // The low byte still decides the holding and bits 8 and 9 the getter, as in objc4.
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let tag = try new(try makeDeallocRecordingClass("Tag", in: runtime, deallocs: deallocs), in: runtime)
    let owner = try new(try makePerson(in: runtime), in: runtime)
    let key = AssociationKey("tag")
    try owner.setAssociatedObject(.object(tag), forKey: key, policy: [.retain, .systemObject])
    #expect(tag.retainCount == 2, "retained")
    try Runtime.autoreleasepool {
      #expect(owner.associatedObject(forKey: key).objectValue === tag)
      #expect(tag.retainCount == 3, "the atomic getter's retain, until the pool pops")
    }
    #expect(tag.retainCount == 2)
    try owner.setAssociatedObject(nil, forKey: key, policy: [.retain, .systemObject])
    #expect(tag.retainCount == 1, "a set to nil releases it, flag or not")
    #expect(owner.associationKeys.isEmpty)
    try runtime.checkInvariants()
  }
}
