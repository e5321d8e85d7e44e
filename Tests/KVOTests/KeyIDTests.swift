// KeyIDTests.swift: KVO's key ids are the runtime's interned selectors (KeyID.swift,
// decision 0012): one interning mechanism in the process.

import MiniRuntime
import Testing

@testable import KVO

@Suite struct KeyIDTests {
  @Test func aKeyInternsToTheSelectorOfTheSameName() {
    let key = KeyID("age")
    let getter: Selector = "age"
    #expect(key.raw == getter.index)
    #expect(key.selector == getter)
    #expect(key.name == "age")
  }

  @Test func equalNamesGiveEqualIdsAndDifferentNamesDifferentOnes() {
    #expect(KeyID("keyIDTests.score") == KeyID("keyIDTests." + "score"))
    #expect(KeyID("keyIDTestsFirst") != KeyID("keyIDTestsSecond"))
  }

  @Test func aKeyPathInternsAsAnInvalidSelectorThatNoMessageCanUse() throws {
    let path = KeyID("friend.keyIDTestsAge")
    #expect(path.name == "friend.keyIDTestsAge")
    #expect(!path.selector.isValid)
    #expect(Selector(lookingUp: "friend.keyIDTestsAge") == path.selector)
  }

  @Test func theNoneKeyIsTheNullSelectorAndHasNoName() {
    #expect(KeyID.none.raw == 0)
    #expect(KeyID.none.selector.isNull)
    #expect(KeyID.none.name == "")
  }
}
