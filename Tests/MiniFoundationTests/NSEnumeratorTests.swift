// NSEnumeratorTests.swift: NSEnumerator's nextObject and allObjects, and the collections'
// objectEnumerator.

import Testing

@testable import MiniFoundation

@Suite struct NSEnumeratorTests {
  @Test func anArraysEnumeratorHandsOutEachElementInOrderThenNil() throws {
    let runtime = Runtime()
    let array = try runtime.object(bridging: ["a", "b"])
    let enumerator = try send(array, "objectEnumerator").objectValue
    #expect(enumerator?.isa.name == "NSEnumerator")
    #expect(try send(enumerator, "nextObject") == "a")
    #expect(try send(enumerator, "nextObject") == "b")
    #expect(try send(enumerator, "nextObject") == .nil)
    #expect(try send(enumerator, "nextObject") == .nil)  // stays exhausted
  }

  @Test func allObjectsGivesTheElementsNotHandedOutYet() throws {
    let runtime = Runtime()
    let enumerator = try send(try runtime.object(bridging: [1, 2, 3]), "objectEnumerator").objectValue
    #expect(try send(enumerator, "nextObject") == 1)
    #expect(try send(enumerator, "allObjects") == [2, 3])
    #expect(try send(enumerator, "nextObject") == .nil)
    #expect(try send(enumerator, "allObjects") == [])
  }

  @Test func aSetsEnumeratorHandsOutEveryMemberOnce() throws {
    let runtime = Runtime()
    let set = try runtime.object(bridging: .set(["x", "y", "z"]))
    let enumerator = try send(set, "objectEnumerator")
    #expect(Set(try send(enumerator.objectValue, "allObjects").arrayValue ?? []) == ["x", "y", "z"])
  }

  @Test func anEnumeratorOfAnArrayChangedSinceItWasMadeRaises() throws {
    let runtime = Runtime()
    let array = try runtime.mutableArray(["a"])
    let enumerator = try send(array, "objectEnumerator").objectValue
    try send(array, "addObject:", "b")
    let error = expectFoundationError(.collectionMutated) { try send(enumerator, "allObjects") }
    #expect(error?.exceptionName == "NSGenericException")
  }

  @Test func aSubclassThatDefinesNextObjectGetsAllObjects() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let base = try #require(runtime.lookUpClass(named: "NSEnumerator"))
    let countdown = try runtime.allocateClassPair(superclass: base, name: "Countdown")
    try countdown.addIvar("_left", type: .longLong)
    try countdown.addMethod("nextObject", types: "@16@0:8") { receiver, _, _ in
      let left = try receiver.value(ofIvar: "_left").intValue ?? 0
      guard left > 0 else { return .nil }
      try receiver.setValue(.int(left - 1), forIvar: "_left")
      return .int(left)
    }
    try runtime.registerClassPair(countdown)
    let object = try countdown.createInstance()
    try object.setValue(3, forIvar: "_left")
    #expect(try send(object, "allObjects") == [3, 2, 1])
  }

  @Test func nextObjectOfASubclassWithoutItIsTheAbstractClassError() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let base = try #require(runtime.lookUpClass(named: "NSEnumerator"))
    let bare = try runtime.allocateClassPair(superclass: base, name: "Bare")
    try runtime.registerClassPair(bare)
    let error = #expect(throws: FoundationError.self) { try send(try bare.createInstance(), "nextObject") }
    #expect(error?.message.contains("method only defined for abstract class") == true)
  }
}
