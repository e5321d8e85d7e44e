// FidelityRound25KeyUnitTests.swift: the `@` that starts a collection's operator key and the
// `.` that makes a shared observer's key a key path are code units, as round 24 made the key
// path separator. Foundation asks a key's first UTF-16 unit (NSString's literal prefix test) and
// searches its units, so "@\u{301}count" (an `@` and a combining mark, one Swift Character)
// starts with `@`, and "a.\u{301}b" holds a `.` (docs/kvo.md#key-paths).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound25KeyUnitTests {
  /// `@`, a combining acute accent, then `count`: one Character `@\u{301}` before `count`.
  private static let accentedCount = "@\u{301}count"

  /// An array, an ordered set, a set and a dictionary, each of two people.
  private func collections(in world: World) throws -> [Object] {
    let ann = Value.object(try world.newPerson())
    let bob = Value.object(try world.newPerson())
    let array = try #require(try world.runtime.object(bridging: [ann, bob]))
    let orderedSet = try world.runtime.orderedSet([ann, bob])
    let set = try #require(try world.runtime.object(bridging: .set([ann, bob])))
    let dictionary = try #require(try world.runtime.object(bridging: .dictionary(["a": ann, "b": bob])))
    return [array, orderedSet, set, dictionary]
  }

  /// A collection's `valueForKey:` sees the `@` unit and asks the collection itself (NSObject's
  /// `valueForKey:`) for the key after that one unit, "\u{301}count", which no collection has:
  /// an undefined key of the collection (was: the array, ordered set and set asked each person
  /// for "@\u{301}count", and the dictionary answered its `objectForKey:`, nil).
  @Test func aCollectionsAtKeyIsTheAtUnitThenTheRest() throws {
    let world = try World()
    for collection in try collections(in: world) {
      let error = #expect(throws: KeyValueError.self) { try collection.value(forKey: Self.accentedCount) }
      #expect(error?.exceptionName == "NSUnknownKeyException")
      #expect(error?.userInfo["NSUnknownUserInfoKey"] == "\u{301}count")
      #expect(error?.userInfo["NSTargetObjectUserInfoKey"] == .object(collection))
    }
    try world.runtime.checkInvariants()
  }

  /// The rest after the `@` unit is the whole rest: the combining mark stays in the key, so a
  /// collection class answering `-\u{301}count` gives that answer, not its `-count`.
  @Test func theMarkAfterTheAtStaysInTheKey() throws {
    let world = try World()
    let array = try #require(try world.runtime.object(bridging: [1, 2]))
    try #require(array.isa.addMethod(Selector(interning: "\u{301}count"), types: "q16@0:8") { _, _, _ in .int64(40) })
    #expect(try array.value(forKey: Self.accentedCount) == 40)
    #expect(try array.value(forKey: "@count") == 2)
    try world.runtime.checkInvariants()
  }

  /// An unknown operator after the `@` unit is named by everything after that unit, the mark
  /// included: `does not implement the \u{301}x operation` (was: `the x operation`, the `@` and
  /// its mark dropped as one Character).
  @Test func anUnknownOperatorIsNamedByTheUnitsAfterTheAt() throws {
    let world = try World()
    let array = try #require(try world.runtime.object(bridging: [1, 2]))
    let error = #expect(throws: KeyValueError.self) { try array.value(forKeyPath: "@\u{301}x.self") }
    #expect(error?.message.hasSuffix("valueForKeyPath:]: this class does not implement the \u{301}x operation.") == true)
    try world.runtime.checkInvariants()
  }

  /// A shared observer observes keys, checked by units: "friend.\u{301}b" and "@\u{301}count"
  /// are refused (`SharedObserversTests.aKeyPathIsRefused`, which failed before for both: the
  /// Character checks saw `.\u{301}` and `@\u{301}` as other characters), while a key whose
  /// accent follows a letter ("ne\u{301}") holds neither unit and is added (already matched).
  @Test func aKeyWithAnAccentButNoDotOrAtIsAKey() throws {
    let world = try World()
    let (observer, _) = try world.newObserver()
    let shared = SharedObservers(observableClass: world.person)
    try shared.addSharedObserver(observer, forKey: "ne\u{301}")
    #expect(shared.snapshot().count == 1)
    try world.runtime.checkInvariants()
  }
}
