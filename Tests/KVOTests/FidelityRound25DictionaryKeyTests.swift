// FidelityRound25DictionaryKeyTests.swift: `-[NSDictionary valueForKey:]` and
// `-[NSMutableDictionary setValue:forKey:]` hand the key object itself to `objectForKey:`,
// `setObject:forKey:` and `removeObjectForKey:` (only a key whose first unit is `@` is read as
// text). So a key holding half a surrogate pair, which an NSString keeps (decision 0050), names
// the same entry through KVC as through the dictionary's own messages (docs/kvo.md#collections).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound25DictionaryKeyTests {
  /// `[NSString stringWithFormat:@"%C", unit]`: a string of one unit, kept as that unit.
  private func string(ofUnit unit: Int, in runtime: Runtime) throws -> Value {
    try runtime.installFoundation()
    let nsString = try #require(runtime.lookUpClass(named: "NSString"))
    return try Runtime.msgSend(nsString, "stringWithFormat:", .string("%C"), .int(unit))
  }

  @Test func aDictionaryKeyHoldingALoneSurrogateIsTheSameKeyThroughKeyValueCoding() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    let lone = try string(ofUnit: 0xD800, in: world.runtime)
    let dictionary = try world.runtime.mutableDictionary([:])
    try send(dictionary, "setValue:forKey:", 1, lone)
    #expect(try send(dictionary, "objectForKey:", lone) == 1, "KVC stored under the key object")
    #expect(try send(dictionary, "objectForKey:", "\u{FFFD}") == .nil, "not under U+FFFD")
    try send(dictionary, "setObject:forKey:", 2, lone)
    #expect(try send(dictionary, "valueForKey:", lone) == 2, "KVC reads the entry the key object names")
    #expect(try send(dictionary, "count") == 1)
    try send(dictionary, "setValue:forKey:", .nil, lone)
    #expect(try send(dictionary, "count") == 0, "nil removes the entry the key object names")
    try world.runtime.checkInvariants()
  }
}
