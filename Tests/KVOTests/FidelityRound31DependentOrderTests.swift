// FidelityRound31DependentOrderTests.swift: the members of an NSSet that
// `+keyPathsForValuesAffecting<Key>` answers are taken in the order of their UTF-16 units, as
// `-[NSString compare:]` orders them, a key held in a string object with a lone surrogate by its
// own unit (DependentKeys.swift, docs/kvo.md#dependent-keys).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound31DependentOrderTests {
  /// {U+D800 alone, "b", U+FF21, U+1F600} is taken as b, D800, D83D DE00, FF21 (was: the lone
  /// key sorted as "" first, and Swift's order put U+FF21 before U+1F600 by scalar).
  @Test func aSetsKeysAreTakenInUTF16Order() throws {
    let world = try World()
    try world.runtime.installFoundation()
    world.runtime.installKeyValueObserving()
    let nsString = try #require(world.runtime.lookUpClass(named: "NSString"))
    let lone = try Runtime.msgSend(nsString, "stringWithFormat:", .string("%C"), .int(0xD800))
    #expect(lone.stringValue == nil, "an object keeping the unit")
    let members: Set<Value> = [lone, "b", "\u{FF21}", "\u{1F600}"]
    try world.person.isa.addMethod("keyPathsForValuesAffectingTotal", types: "@16@0:8") { _, _, _ in .set(members) }
    let paths = try DependentKeys.affecting("total", of: world.person, KVORuntime.of(world.runtime))
    let units = paths.map { LoneSurrogateKey.units(of: $0.description) ?? Array($0.description.utf16) }
    #expect(units == [[0x62], [0xD800], [0xD83D, 0xDE00], [0xFF21]])
    try world.runtime.checkInvariants()
  }
}
