// FidelityRound7KVCTests.swift: the seventh round's KVC cases on ordinary objects and
// Foundation's collections: `dictionaryWithValuesForKeys:` as NSObject implements it (one
// `valueForKey:` message per key, NSKeyValueCoding.h), and a `long double` property, which no
// Foundation getter or setter handles. The round's proxy and KVO cases are in
// FidelityRound7Tests.swift.

import Testing

@testable import KVO

@Suite struct FidelityRound7KVCTests {
  /// NSObject's `dictionaryWithValuesForKeys:` sends `valueForKey:` for each key, so an
  /// `NSDictionary` answers with its entries (NSNull for a missing key), an `NSArray` with the
  /// mapped arrays, and a class's override of `valueForKey:` is asked.
  @Test func dictionaryWithValuesForKeysSendsValueForKeySoADictionaryAnswersWithItsEntries() throws {
    let world = try World()
    let dictionary = try #require(try world.runtime.object(bridging: .dictionary(["a": 1, "b": 2])))
    #expect(try dictionary.dictionaryWithValues(forKeys: ["a", "z"]) == ["a": 1, "z": .null])
    let ann = try world.newPerson()
    try world.set(ann, "name", "Ann")
    let people = try #require(try world.runtime.object(bridging: [.object(ann), .object(try world.newPerson())]))
    #expect(try people.dictionaryWithValues(forKeys: ["name"]) == ["name": ["Ann", .null]])
    let asked = Log<String>()
    let keeper = try instance(of: "Keeper", in: world) { cls in
      try cls.addMethod("valueForKey:", types: "@24@0:8@16") { _, _, arguments in
        asked.append(arguments[0].stringValue ?? "?")
        return .string("kept")
      }
    }
    #expect(try keeper.dictionaryWithValues(forKeys: ["x", "y"]) == ["x": "kept", "y": "kept"])
    #expect(asked.all.sorted() == ["x", "y"])
  }

  /// Foundation's getters and setters handle objects, classes, the C numbers, `BOOL` and structs;
  /// `long double` is none of them (no `NSNumber` holds one), so a `long double` property is an
  /// undefined key to `valueForKey:` and `setValue:forKey:`, as a `char *` property is.
  @Test func aLongDoublePropertyIsAnUndefinedKey() throws {
    let world = try World()
    let gauge = try instance(of: "Gauge", in: world) { cls in
      try cls.synthesizeProperty("level", type: .longDouble)
    }
    let read = #expect(throws: KeyValueError.self) { try gauge.value(forKey: "level") }
    #expect(read?.exceptionName == "NSUnknownKeyException")
    #expect(read?.message.hasSuffix("valueForUndefinedKey:]: this class is not key value coding-compliant for the key level.") == true)
    let write = #expect(throws: KeyValueError.self) { try gauge.setValue(1, forKey: "level") }
    #expect(write?.message.hasSuffix("setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key level.") == true)
  }
}
