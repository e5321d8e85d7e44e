// CollectionRetainTests.swift: Foundation's collections retain what they hold and release it when
// it is removed or the collection goes, as Apple's do (`[o retainCount]` is 2 after
// `[array addObject:o]`, 1 after removal); a class overriding retain and release is sent them.

import Synchronization
import Testing

@testable import MiniFoundation

/// A class whose `retain` and `release` record themselves and call NSObject's (customrr.m).
private func makeCustomRR(in runtime: Runtime, calls: Recorder) throws -> Class {
  try makeClass("CustomRR", superclass: runtime.rootClass, in: runtime) { cls in
    for selector: Selector in ["retain", "release"] {
      let types = try #require(try runtime.rootClass.instanceMethod(for: selector)).typeEncoding
      try cls.addMethod(selector, types: types) { receiver, cmd, _ in
        calls.append(cmd.name)
        return try Runtime.msgSendSuper(receiver, definedIn: cls, cmd)
      }
    }
  }
}

/// A thread-safe list of call names.
private final class Recorder: Sendable {
  private let storage = Mutex<[String]>([])
  func append(_ name: String) { storage.withLock { $0.append(name) } }
  var all: [String] { storage.withLock { $0 } }
}

@Suite struct CollectionRetainTests {
  @Test func anArrayCountsWhatItHoldsUntilItIsRemoved() throws {
    let runtime = Runtime()
    let array = try runtime.mutableArray()
    let object = try #require(try send(runtime.rootClass, "new").objectValue)
    try send(array, "addObject:", .object(object))
    #expect(object.retainCount == 2)
    try send(array, "addObject:", .object(object))
    #expect(object.retainCount == 3, "an array holds an object once per slot")
    try send(array, "removeObjectAtIndex:", 0)
    #expect(object.retainCount == 2)
    try send(array, "replaceObjectAtIndex:withObject:", 0, "a string")
    #expect(object.retainCount == 1)
    expectFoundationError(.indexOutOfBounds) { try send(array, "insertObject:atIndex:", .object(object), 5) }
    #expect(object.retainCount == 1)
  }

  @Test func aSetAnOrderedSetAndADictionaryCountTheirObjects() throws {
    let runtime = Runtime()
    let object = try #require(try send(runtime.rootClass, "new").objectValue)
    let key = try #require(try send(runtime.rootClass, "new").objectValue)
    let set = try runtime.mutableSet()
    try send(set, "addObject:", .object(object))
    try send(set, "addObject:", .object(object))  // already a member: not retained again
    #expect(object.retainCount == 2)
    let ordered = try runtime.mutableOrderedSet()
    try send(ordered, "addObject:", .object(object))
    try send(ordered, "addObject:", .object(object))
    #expect(object.retainCount == 3)
    let dictionary = try runtime.mutableDictionary()
    try send(dictionary, "setObject:forKey:", .object(object), "k")
    try send(dictionary, "setObject:forKey:", .object(object), "k")  // replaces itself: still one
    #expect(object.retainCount == 4)
    try send(set, "removeObject:", .object(object))
    try send(ordered, "removeObjectAtIndex:", 0)
    try send(dictionary, "removeObjectForKey:", "k")
    #expect(object.retainCount == 1)
    _ = key
  }

  @Test func aCollectionReleasesItsElementsWhenItGoes() throws {
    // -[NSArray dealloc]: the elements are released, by a release to zero or by Swift.
    let runtime = Runtime()
    let object = try #require(try send(runtime.rootClass, "new").objectValue)
    let released = try runtime.mutableArray()
    try send(released, "addObject:", .object(object))
    do {
      let dropped = try runtime.mutableArray([.object(object)])
      #expect(object.retainCount == 3)
      _ = dropped
    }
    #expect(object.retainCount == 2)
    try Runtime.release(released)
    #expect(object.retainCount == 1)
  }

  @Test func aCustomClassIsSentRetainAndReleaseByTheCollection() throws {
    // customrr.m: collection insertion and removal reach the class's own retain and release.
    let runtime = Runtime()
    try runtime.installFoundation()
    let calls = Recorder()
    let object = try #require(try send(try makeCustomRR(in: runtime, calls: calls), "new").objectValue)
    let array = try runtime.mutableArray()
    try send(array, "addObject:", .object(object))
    #expect(calls.all == ["retain"] && object.retainCount == 2)
    try send(array, "removeAllObjects")
    #expect(calls.all == ["retain", "release"] && object.retainCount == 1)
  }
}
