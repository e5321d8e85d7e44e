// DeallocOrderTests.swift: objc4's order of destruction: the subclasses' -dealloc code, then
// NSObject's -dealloc (objc_destructInstance: associated objects released), then the code a
// subclass runs after [super dealloc] (RootClass.swift, Object+Memory.swift).

import Testing

@testable import MiniRuntime

@Suite struct DeallocOrderTests {
  @Test func associatedObjectsAreReleasedInsideNSObjectsDealloc() throws {
    let runtime = Runtime()
    let log = Recorder<String>()
    let tag = try makeClass("Tag", in: runtime) { cls in
      try cls.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
        log.append("tag released")
        return try Runtime.msgSendSuper(receiver, definedIn: receiver.isa, "dealloc")
      }
    }
    let owner = try makeClass("Owner", in: runtime)
    try owner.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      log.append("owner dealloc begins")
      defer { log.append("owner dealloc after super") }
      return try Runtime.msgSendSuper(receiver, definedIn: receiver.isa, "dealloc")
    }
    do {
      let object = try owner.createInstance()
      try object.setAssociatedObject(.object(try tag.createInstance()), forKey: AssociationKey("tag"), policy: .retain)
    }
    #expect(log.all == ["owner dealloc begins", "tag released", "owner dealloc after super"])
    #expect(owner.liveInstanceCount == 0 && tag.liveInstanceCount == 0)
  }

  @Test func aDeallocThatDoesNotCallSuperStillReleasesTheAssociations() throws {
    let runtime = Runtime()
    let log = Recorder<String>()
    let tag = try makeClass("Tag", in: runtime) { cls in
      try cls.addMethod("dealloc", types: "v16@0:8") { _, _, _ in
        log.append("tag released")
        return .nil
      }
    }
    let owner = try makeClass("Owner", in: runtime)
    try owner.addMethod("dealloc", types: "v16@0:8") { _, _, _ in
      log.append("owner dealloc")
      return .nil
    }
    do {
      let object = try owner.createInstance()
      try object.setAssociatedObject(.object(try tag.createInstance()), forKey: AssociationKey("tag"), policy: .retain)
    }
    #expect(log.all == ["owner dealloc", "tag released"], "released after dealloc, as before: nothing leaks")
  }
}
