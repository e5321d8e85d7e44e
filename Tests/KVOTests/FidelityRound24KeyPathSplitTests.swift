// FidelityRound24KeyPathSplitTests.swift: a key path splits at every "." code unit. Foundation
// finds the separator with CFString's literal search over UTF-16 units, so a dot followed by a
// combining mark ("friend.\u{301}b", where ".\u{301}" is one Swift Character) still separates
// `friend` from the key "\u{301}b" (docs/kvo.md#key-paths).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound24KeyPathSplitTests {
  /// The key after the dot: a combining acute accent, then `b`.
  private let accented = "\u{301}b"

  /// Ann, whose friend Bob is a Person; Person answers `-\u{301}b` with 7.
  private func annWithFriend(_ world: World) throws -> (ann: Object, bob: Object) {
    try world.person.addMethod(Selector(interning: accented), types: "q16@0:8") { _, _, _ in .int64(7) }
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try ann.setValue(.object(bob), forKey: "friend")
    return (ann, bob)
  }

  /// `valueForKeyPath:` splits at the dot: `friend`, then the key "\u{301}b" of the friend.
  @Test func valueForKeyPathSplitsAtADotBeforeACombiningMark() throws {
    let world = try World()
    let (ann, _) = try annWithFriend(world)
    #expect(try ann.value(forKeyPath: "friend." + accented) == 7)
  }

  /// A key after such a dot that the friend's class lacks is the undefined key "\u{301}x".
  @Test func theKeyAfterTheDotIsTheUndefinedKey() throws {
    let world = try World()
    let (ann, _) = try annWithFriend(world)
    let read = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "friend.\u{301}x") }
    #expect(read?.message.hasSuffix("valueForUndefinedKey:]: this class is not key value coding-compliant for the key \u{301}x.") == true)
    let write = #expect(throws: KeyValueError.self) { try ann.setValue(1, forKeyPath: "friend.\u{301}x") }
    #expect(write?.message.hasSuffix("setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \u{301}x.") == true)
  }

  /// `addObserver:forKeyPath:` splits there too: it observes `friend` of Ann, so setting her
  /// friend notifies, with the new value read through the key "\u{301}b".
  @Test func observingSplitsAtADotBeforeACombiningMark() throws {
    let world = try World()
    let (ann, _) = try annWithFriend(world)
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "friend." + accented, options: [.new])
    try ann.setValue(.object(try world.newPerson()), forKey: "friend")
    #expect(log.all.map(\.keyPath) == ["friend." + accented])
    #expect(log.all.first?.change.new == 7)
    try ann.removeObserver(observer, forKeyPath: "friend." + accented)
  }

  /// `mutableArrayValueForKeyPath:` splits at the same dot: the proxy is the friend's, for its
  /// key "\u{301}x", which the friend lacks when the proxy is read.
  @Test func theToManyPathSplitsThereToo() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    let (ann, _) = try annWithFriend(world)
    let pathProxy = try #require(
      try world.runtime.msgSend(ann, "mutableArrayValueForKeyPath:", .string("friend.\u{301}x")).objectValue)
    let read = #expect(throws: KeyValueError.self) { try world.runtime.msgSend(pathProxy, "count") }
    #expect(read?.message.contains("for the key \u{301}x.") == true)
  }
}
