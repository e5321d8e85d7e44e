// FidelityRound20ProbeTests.swift: probe round 20, cases from GNUstep-base's
// Tests/base/NSKeyValueCoding suites and from users' KVC bug reports that no earlier round
// stated. Each states Foundation's documented or implemented answer; GNUstep-base 1.28, run
// here, answers the same unless a test says otherwise.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound20ProbeTests {
  /// The elements of `value`, an array or set (bridged or an object).
  private func elements(_ value: Value) throws -> [Value] {
    try #require(try value.collectionContents()).elements
  }

  /// `valueForKeyPath:` through a dictionary holding an array of dictionaries: the dictionary
  /// answers the array, whose `valueForKey:` asks every element, and an element without the key
  /// answers NSNull in its place; `@count` counts every element.
  @Test func aPathThroughADictionaryHoldingAnArrayOfDictionaries() throws {
    let world = try World()
    let holder = try #require(try world.runtime.object(bridging: ["list": [["name": "a"], ["name": "b"], [:]]]))
    #expect(try elements(try holder.value(forKeyPath: "list.name")) == ["a", "b", .null])
    #expect(try holder.value(forKeyPath: "list.@count").intValue == 3)
  }

  /// `@count` after a key holding a set counts the set, from an object or a dictionary.
  @Test func atCountThroughAPathCountsASet() throws {
    let world = try World()
    let ann = try world.newPerson()
    try ann.setValue(.object(try world.runtime.mutableSet(["a", "b"])), forKey: "items")
    #expect(try ann.value(forKeyPath: "items.@count").intValue == 2)
    let holder = try #require(try world.runtime.object(bridging: ["tags": .set(["x", "y", "z"])]))
    #expect(try holder.value(forKeyPath: "tags.@count").intValue == 3)
  }

  /// An array of arrays answers `valueForKey:` with an array of arrays: each inner array maps the
  /// key over its own elements (no flattening).
  @Test func valueForKeyOnNestedArraysKeepsTheNesting() throws {
    let world = try World()
    let nested = try #require(try world.runtime.object(bridging: [[["n": 1], ["n": 2]], [["n": 3]]]))
    let result = try elements(try nested.value(forKey: "n"))
    #expect(try result.map { try elements($0) } == [[1, 2], [3]])
  }

  /// `setValue:forKey:` on an array sets the key on every element.
  @Test func setValueForKeyOnAnArraySetsEveryElement() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let people = try #require(try world.runtime.object(bridging: [.object(ann), .object(bob)]))
    try people.setValue(7, forKey: "age")
    #expect(try ann.value(forKey: "age") == 7)
    #expect(try bob.value(forKey: "age") == 7)
    let error = #expect(throws: KeyValueError.self) { try people.setValue(1, forKey: "nothing") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
  }

  /// A class's `setNilValueForKey:` override is sent for nil into a struct, as for a number, and
  /// may store a zero struct itself; nothing is raised.
  @Test func setNilValueForKeyOverrideHandlesAStructKey() throws {
    let world = try World()
    let keys = Log<String>()
    let zero = Value.structure(Structure(name: "CGPoint", fields: [.double(0), .double(0)]))
    let holder = try instance(of: "Holder", in: world) { cls in
      try cls.synthesizeProperty("origin", type: try TypeEncoding("{CGPoint=dd}"))
      try cls.addMethod("setNilValueForKey:", types: "v24@0:8@16") { receiver, _, arguments in
        keys.append(arguments[0].stringValue ?? "?")
        try receiver.setValue(zero, forIvar: "_origin")
        return .nil
      }
    }
    let point = Value.structure(Structure(name: "CGPoint", fields: [.double(3), .double(4)]))
    try holder.setValue(.object(try #require(try world.runtime.object(bridging: point))), forKey: "origin")
    #expect(try holder.value(forKey: "origin") == point)
    try holder.setValue(nil, forKey: "origin")
    #expect(keys.all == ["origin"])
    #expect(try holder.value(forKey: "origin") == zero)
  }

  /// A `char` ivar is read as an NSNumber of a `char` (`objCType` `c`), as is a `BOOL` (`B`,
  /// Foundation's `numberWithBool:`, a `c` number). GNUstep-base 1.28 differs: its numbers of a
  /// `char` answer `i`.
  @Test func aCharOrBoolIvarIsANumberOfACharType() throws {
    let world = try World()
    let bits = try instance(of: "Bits", in: world) { cls in
      try cls.addIvar("letter", type: .char)
      try cls.addIvar("flag", type: .bool)
    }
    try bits.setValue(.int8(65), forIvar: "letter")
    try bits.setValue(.bool(true), forIvar: "flag")
    let letter = try bits.value(forKey: "letter")
    #expect(letter.intValue == 65)
    #expect(try world.runtime.msgSend(bridging: letter, "objCType") == .cString("c"))
    let flag = try bits.value(forKey: "flag")
    #expect(flag.boolValue == true)
    #expect(try world.runtime.msgSend(bridging: flag, "objCType") == .cString("c"))
  }

  /// An `unsigned long long` ivar keeps every bit through `setValue:forKey:` and `valueForKey:`:
  /// the largest value reads back as itself, a `Q` number.
  @Test func anUnsignedLongLongRoundTripsItsLargestValue() throws {
    let world = try World()
    let counter = try instance(of: "Counter", in: world) { cls in
      try cls.addIvar("_total", type: .unsignedLongLong)
    }
    try counter.setValue(.uint64(UInt64.max), forKey: "total")
    #expect(try counter.value(ofIvar: "_total") == .uint64(UInt64.max))
    let total = try counter.value(forKey: "total")
    #expect(total == .uint64(UInt64.max))
    #expect(try world.runtime.msgSend(bridging: total, "objCType") == .cString("Q"))
    try counter.setValue(.object(try #require(try world.runtime.object(bridging: .uint64(UInt64.max - 1)))), forKey: "total")
    #expect(try counter.value(ofIvar: "_total") == .uint64(UInt64.max - 1))
  }
}
