// KeyPathFuzzRegressionTests.swift: inputs the KeyPath fuzzer (Fuzz/KeyPath) found, kept as
// tests. Each states Foundation's answer for the input.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct KeyPathFuzzRegressionTests {
  /// Found on 2026-11-30 (`items\0…\0.@max.self\0\0me`): `valueForKeyPath:` evaluates a path
  /// whose keys hold NULs, as Foundation does, by each key's part before its NUL (round 17): here
  /// `items.@max.self`; since round 20 `KeyValuePath` parses it too. People have no `compare:`, so
  /// the operator's refusal is the unrecognized selector, not a malformed path.
  @Test func aPathWhoseKeysHoldNulsIsEvaluatedByTheirPartsBeforeTheNuls() throws {
    let world = try World()
    let ann = try world.newPerson()
    let text = "items\u{0}\u{0}.@max.self\u{0}\u{0}me"
    #expect(try KeyValuePath(text).description == text)
    try ann.setValue([3, 9, 4], forKey: "items")
    #expect(try ann.value(forKeyPath: text) == 9)
    try ann.setValue([.object(try world.newPerson()), .object(try world.newPerson())], forKey: "items")
    let error = #expect(throws: RuntimeError.self) { try ann.value(forKeyPath: text) }
    #expect(error?.message.contains("compare:") == true)
  }
}
