// AssociatedObjectTests.swift: associated objects and their policies, and their release when
// the owner deallocates (AssociatedObjects.swift, Object.swift).

import Testing

@testable import MiniRuntime

@Suite struct AssociatedObjectTests {
  /// Owner and Tag classes; Tag answers `copyWithZone:` with a new Tag when `copyable`.
  struct Fixture {
    let runtime = Runtime()
    let owner: Class
    let tag: Class
    let key = AssociationKey("tag")
    let copies = Recorder<String>()

    init(copyable: Bool = true) throws {
      owner = try makeClass("Owner", in: runtime)
      let copies = self.copies
      tag = try makeClass("Tag", in: runtime) { cls in
        guard copyable else { return }
        try cls.addMethod("copyWithZone:", types: "@24@0:8^v16") { receiver, _, _ in
          copies.append("copy")
          return .object(try receiver.isa.createInstance())
        }
      }
    }
  }

  @Test func retainKeepsTheObjectAlive() throws {
    let f = try Fixture()
    let holder = try new(f.owner, in: f.runtime)
    let weak: WeakReference<Object>
    do {
      let tag = try new(f.tag, in: f.runtime)
      weak = WeakReference(tag)
      try holder.setAssociatedObject(.object(tag), forKey: f.key, policy: .retainNonatomic)
    }
    #expect(weak.object != nil)
    #expect(holder.associatedObject(forKey: f.key).objectValue === weak.object)
    try f.runtime.checkInvariants()
  }

  @Test(arguments: [AssociationPolicy.retain, .retainNonatomic])
  func retainPoliciesKeepTheObjectAlive(policy: AssociationPolicy) throws {
    let f = try Fixture()
    let holder = try new(f.owner, in: f.runtime)
    let weak: WeakReference<Object>
    do {
      let tag = try new(f.tag, in: f.runtime)
      weak = WeakReference(tag)
      try holder.setAssociatedObject(.object(tag), forKey: f.key, policy: policy)
    }
    #expect(weak.object != nil)
    try holder.setAssociatedObject(.nil, forKey: f.key, policy: policy)
    #expect(weak.object == nil, "removing the association releases the object")
    try f.runtime.checkInvariants()
  }

  @Test func assignDoesNotRetainAndReadsNilAfterTheObjectDies() throws {
    let f = try Fixture()
    let holder = try new(f.owner, in: f.runtime)
    let weak: WeakReference<Object>
    do {
      let tag = try new(f.tag, in: f.runtime)
      weak = WeakReference(tag)
      try holder.setAssociatedObject(.object(tag), forKey: f.key, policy: .assign)
      #expect(holder.associatedObject(forKey: f.key).objectValue === tag)
    }
    #expect(weak.object == nil, "assign does not keep the object alive")
    #expect(holder.associatedObject(forKey: f.key) == .nil)
    try f.runtime.checkInvariants()
  }

  @Test func assignOfSwiftObjectIsWeakToo() throws {
    let f = try Fixture()
    let holder = try new(f.owner, in: f.runtime)
    do {
      let box = Box(1)
      try holder.setAssociatedObject(.swiftObject(box), forKey: f.key, policy: .assign)
      #expect(holder.associatedObject(forKey: f.key).swiftObject(as: Box<Int>.self) === box)
    }
    #expect(holder.associatedObject(forKey: f.key) == .nil)
    try f.runtime.checkInvariants()
  }

  @Test func assignOfValueStoresTheValue() throws {
    let f = try Fixture()
    let holder = try new(f.owner, in: f.runtime)
    try holder.setAssociatedObject(7, forKey: f.key, policy: .assign)
    #expect(holder.associatedObject(forKey: f.key) == 7)
    try f.runtime.checkInvariants()
  }

  @Test(arguments: [AssociationPolicy.copy, .copyNonatomic])
  func copyOfValueStoresTheValue(policy: AssociationPolicy) throws {
    let f = try Fixture()
    let holder = try new(f.owner, in: f.runtime)
    try holder.setAssociatedObject("text", forKey: f.key, policy: policy)
    try holder.setAssociatedObject([1, 2], forKey: AssociationKey("list"), policy: policy)
    #expect(holder.associatedObject(forKey: f.key) == "text")
    #expect(holder.associationKeys.count == 2)
    #expect(f.copies.count == 0, "values are copies already; no message is sent")
    try f.runtime.checkInvariants()
  }

  @Test(arguments: [AssociationPolicy.copy, .copyNonatomic])
  func copyOfObjectSendsCopyAndStoresTheCopy(policy: AssociationPolicy) throws {
    let f = try Fixture()
    let holder = try new(f.owner, in: f.runtime)
    let original = try new(f.tag, in: f.runtime)
    try holder.setAssociatedObject(.object(original), forKey: f.key, policy: policy)
    #expect(f.copies.all == ["copy"])
    let stored = try #require(holder.associatedObject(forKey: f.key).objectValue)
    #expect(stored !== original)
    #expect(stored.isa === f.tag)
    try f.runtime.checkInvariants()
  }

  @Test(arguments: [AssociationPolicy.copy, .copyNonatomic])
  func copyOfAClassStoresTheClass(policy: AssociationPolicy) throws {
    let f = try Fixture()
    let holder = try new(f.owner, in: f.runtime)
    try holder.setAssociatedObject(.class(f.tag), forKey: f.key, policy: policy)
    #expect(holder.associatedObject(forKey: f.key) == .class(f.tag))
    #expect(f.copies.all.isEmpty, "the class's copy is the class: Tag's -copyWithZone: is not involved")
    try f.runtime.checkInvariants()
  }

  @Test func copyOfUncopyableObjectThrowsAndAssociatesNothing() throws {
    let f = try Fixture(copyable: false)
    let holder = try new(f.owner, in: f.runtime)
    let original = try new(f.tag, in: f.runtime)
    let error = expectError(.unrecognizedSelector) {
      try holder.setAssociatedObject(.object(original), forKey: f.key, policy: .copy)
    }
    #expect(error?.message.hasPrefix("-[Tag copyWithZone:]") == true, "\(error?.message ?? "")")
    #expect(holder.associatedObject(forKey: f.key) == .nil)
    #expect(holder.associationKeys.isEmpty)
    try holder.setAssociatedObject("previous", forKey: f.key, policy: .retain)
    expectError(.unrecognizedSelector) {
      try holder.setAssociatedObject(.object(original), forKey: f.key, policy: .copy)
    }
    #expect(holder.associatedObject(forKey: f.key) == "previous", "a refused set keeps the old value")
    try f.runtime.checkInvariants()
  }

  @Test func copyOfSwiftObjectIsRefused() throws {
    let f = try Fixture()
    let holder = try new(f.owner, in: f.runtime)
    expectError(.invalidArgument) { try holder.setAssociatedObject(.swiftObject(Box(1)), forKey: f.key, policy: .copy) }
    #expect(holder.associationKeys.isEmpty)
    try f.runtime.checkInvariants()
  }

  @Test func settingNilRemovesTheAssociation() throws {
    let f = try Fixture()
    let holder = try new(f.owner, in: f.runtime)
    let other = AssociationKey("other")
    try holder.setAssociatedObject("a", forKey: f.key, policy: .retain)
    try holder.setAssociatedObject("b", forKey: other, policy: .retain)
    try holder.setAssociatedObject(nil, forKey: f.key, policy: .retain)
    #expect(holder.associatedObject(forKey: f.key) == .nil)
    #expect(holder.associatedObject(forKey: other) == "b")
    #expect(holder.associationKeys.map(\.name) == ["other"])
    try holder.setAssociatedObject(nil, forKey: AssociationKey("never set"), policy: .retain)
    #expect(holder.associationKeys.count == 1)
    try f.runtime.checkInvariants()
  }

  @Test func keysCompareByIdentityNotName() throws {
    let f = try Fixture()
    let holder = try new(f.owner, in: f.runtime)
    let twin = AssociationKey("tag")
    try holder.setAssociatedObject("first", forKey: f.key, policy: .retain)
    try holder.setAssociatedObject("second", forKey: twin, policy: .retain)
    #expect(holder.associatedObject(forKey: f.key) == "first")
    #expect(holder.associatedObject(forKey: twin) == "second")
    try holder.setAssociatedObject("replaced", forKey: f.key, policy: .retain)
    #expect(holder.associatedObject(forKey: f.key) == "replaced")
    #expect(holder.associationKeys.map { $0 === f.key } == [true, false], "replacing keeps the key's place")
    try f.runtime.checkInvariants()
  }

  @Test func removeAssociatedObjectsRemovesEverything() throws {
    let f = try Fixture()
    let holder = try new(f.owner, in: f.runtime)
    let weak: WeakReference<Object>
    do {
      let tag = try new(f.tag, in: f.runtime)
      weak = WeakReference(tag)
      try holder.setAssociatedObject(.object(tag), forKey: f.key, policy: .retain)
      try holder.setAssociatedObject("x", forKey: AssociationKey("x"), policy: .copy)
    }
    holder.removeAssociatedObjects()
    #expect(holder.associationKeys.isEmpty)
    #expect(holder.associatedObject(forKey: f.key) == .nil)
    #expect(weak.object == nil)
    try f.runtime.checkInvariants()
  }

  @Test func associatedObjectsAreReleasedAfterOwnerDealloc() throws {
    let f = try Fixture()
    let order = Recorder<String>()
    try f.owner.addMethod("dealloc", types: "v16@0:8") { receiver, selector, _ in
      order.append("Owner dealloc")
      return try receiver.runtime!.msgSendSuper(receiver, superclass: receiver.runtime!.rootClass, selector)
    }
    try f.tag.addMethod("dealloc", types: "v16@0:8") { _, _, _ in
      order.append("Tag dealloc")
      return .nil
    }
    let weak: WeakReference<Object>
    do {
      let holder = try new(f.owner, in: f.runtime)
      let tag = try new(f.tag, in: f.runtime)
      weak = WeakReference(tag)
      try holder.setAssociatedObject(.object(tag), forKey: f.key, policy: .retain)
    }
    #expect(weak.object == nil)
    #expect(order.all == ["Owner dealloc", "Tag dealloc"])
    try f.runtime.checkInvariants()
  }

  @Test func deallocCanStillReadAssociatedObjects() throws {
    let f = try Fixture()
    let seen = Recorder<Value>()
    let key = f.key
    try f.owner.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      seen.append(receiver.associatedObject(forKey: key))
      return .nil
    }
    do {
      let holder = try new(f.owner, in: f.runtime)
      try holder.setAssociatedObject("still here", forKey: f.key, policy: .retain)
    }
    #expect(seen.all == ["still here"])
    try f.runtime.checkInvariants()
  }
}
