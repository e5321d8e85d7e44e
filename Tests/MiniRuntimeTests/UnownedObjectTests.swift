// UnownedObjectTests.swift: holding an object by an unowned count and loading it with a
// try-retain (UnownedObject.swift, decision 0018).

import Testing

@testable import MiniRuntime

@Suite struct UnownedObjectTests {
  /// Where a dealloc implementation finds the holder (set once the object exists).
  private final class Holder: @unchecked Sendable {
    var reference = UnownedObject()
  }

  @Test func loadAnswersTheObjectWhileItLivesAndNilForNoObject() throws {
    let runtime = Runtime()
    let ann = try new(try makePerson(in: runtime), in: runtime)
    let reference = UnownedObject(ann)
    #expect(reference.load() === ann)
    #expect(reference.address == UInt(bitPattern: ObjectIdentifier(ann)))
    #expect(UnownedObject().load() == nil)
    try runtime.checkInvariants()
  }

  @Test func loadAnswersNilOnceTheObjectIsFreedThoughTheHolderOutlivesIt() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    var ann: Object? = try new(person, in: runtime)
    let reference = UnownedObject(try #require(ann))
    let address = reference.address
    ann = nil  // the last strong reference: the deinit runs, the memory stays for `reference`
    #expect(person.liveInstanceCount == 0)
    #expect(reference.load() == nil)
    #expect(reference.address == address)
    try runtime.checkInvariants()
  }

  @Test func loadAnswersNilInsideDealloc() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let holder = Holder()
    let seenInDealloc = Recorder<Bool>()
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      seenInDealloc.append(holder.reference.load() == nil)
      return try receiver.runtime!.msgSendSuper(receiver, superclass: runtime.rootClass, "dealloc")
    }
    do {
      let ann = try new(person, in: runtime)
      holder.reference = UnownedObject(ann)
    }
    #expect(seenInDealloc.all == [true])
    #expect(holder.reference.load() == nil)
    try runtime.checkInvariants()
  }

  @Test func loadAnswersNilForAnObjectReleasedToZeroWhoseShellLives() throws {
    let runtime = Runtime()
    let ann = try new(try makePerson(in: runtime), in: runtime)
    let reference = UnownedObject(ann)
    try Runtime.release(ann)  // the last ownership (decision 0017): dealloc runs, `ann` still reaches it
    #expect(ann.isDeallocating)
    #expect(reference.load() == nil)
    try runtime.checkInvariants()
  }
}
