// FidelityRound16SearchTests.swift: probe round 16, the to-many searches of `valueForKey:` and of
// the mutable collection proxies as the Key-Value Coding Programming Guide and NSKeyValueCoding.h
// order them, and nil for a struct, each with Foundation's answer.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound16SearchTests {
  /// `valueForKey:`'s step 2 (`countOf<Key>` with `objectIn<Key>AtIndex:`) comes before the
  /// ivar: the answer is the accessors' array proxy, not the ivar's array.
  @Test func theIndexedAccessorsComeBeforeTheIvar() throws {
    let world = try World()
    let deck = try instance(of: "Deck", in: world) { cls in
      try cls.addIvar("_cards", type: .object(className: "NSArray"))
      try cls.addMethod("countOfCards", types: "Q16@0:8") { _, _, _ in .uint64(1) }
      try cls.addMethod("objectInCardsAtIndex:", types: "@24@0:8Q16") { _, _, _ in "accessor" }
    }
    try deck.setValue(["ivar", "ivar"], forIvar: "_cards")
    let cards = try deck.value(forKey: "cards")
    #expect(cards.objectValue?.isa.name == "NSKeyValueArray")
    #expect(try deck.value(forKeyPath: "cards.@count") == 1)
    #expect(try send(cards.objectValue, "objectAtIndex:", 0) == "accessor")
  }

  /// `countOf<Key>` alone is no collection: the search goes on to the ivar, else the key is
  /// undefined.
  @Test func countOfAloneMakesNoProxy() throws {
    let world = try World()
    let pile = try instance(of: "Pile", in: world) { cls in
      try cls.addMethod("countOfStones", types: "Q16@0:8") { _, _, _ in .uint64(3) }
    }
    let error = #expect(throws: KeyValueError.self) { try pile.value(forKey: "stones") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message.hasSuffix("valueForUndefinedKey:]: this class is not key value coding-compliant for the key stones.") == true)
  }

  /// The to-many proxies' ivar step looks for `_<key>` first, then `<key>`.
  @Test func theProxiesIvarStepTakesUnderscoreKeyBeforeKey() throws {
    let world = try World()
    let box = try instance(of: "Box", in: world) { cls in
      try cls.addIvar("_items", type: .object(className: "NSMutableArray"))
      try cls.addIvar("items", type: .object(className: "NSMutableArray"))
      try cls.addIvar("_tags", type: .object(className: "NSMutableSet"))
      try cls.addIvar("tags", type: .object(className: "NSMutableSet"))
    }
    world.runtime.installKeyValueObserving()  // as linking Foundation does: the message below comes first
    try box.setValue(.object(try world.runtime.mutableArray()), forIvar: "_items")
    try box.setValue(.object(try world.runtime.mutableArray()), forIvar: "items")
    try box.setValue(.object(try world.runtime.mutableSet()), forIvar: "_tags")
    try box.setValue(.object(try world.runtime.mutableSet()), forIvar: "tags")
    try send(try world.runtime.msgSend(box, "mutableArrayValueForKey:", "items").objectValue, "addObject:", "a")
    try send(try box.mutableSetValue(forKey: "tags"), "addObject:", "t")
    #expect(try box.value(ofIvar: "_items").collectionContents()?.elements == ["a"])
    #expect(try box.value(ofIvar: "items").collectionContents()?.elements == [])
    #expect(try box.value(ofIvar: "_tags").collectionContents()?.elements == ["t"])
    #expect(try box.value(ofIvar: "tags").collectionContents()?.elements == [])
  }

  /// Without set mutators, `mutableSetValueForKey:` uses `set<Key>:` before the ivar.
  @Test func theSetProxyUsesTheSetterBeforeTheIvar() throws {
    let world = try World()
    let received = Log<Value>()
    let box = try instance(of: "Tagged", in: world) { cls in
      try cls.addIvar("_tags", type: .object(className: "NSSet"))
      try cls.addMethod("setTags:", types: "v24@0:8@16") { receiver, _, arguments in
        received.append(arguments[0])
        try receiver.setValue(arguments[0], forIvar: "_tags")
        return .nil
      }
    }
    try box.setValue(.set(["a"]), forIvar: "_tags")
    try send(try box.mutableSetValue(forKey: "tags"), "addObject:", "b")
    #expect(received.count == 1)
    #expect(try received.all.first.map { Set(try #require(try $0.collectionContents()).elements) } == ["a", "b"])
  }

  /// nil for a struct property is sent to `setNilValueForKey:`, whose default raises
  /// NSInvalidArgumentException with Foundation's text, the property unchanged.
  @Test func nilForAStructPropertyRaisesFromSetNilValueForKey() throws {
    let world = try World()
    let span = try instance(of: "Span", in: world) { cls in
      try cls.synthesizeProperty("range", type: try TypeEncoding("{_NSRange=QQ}"))
    }
    let before = try span.value(forKey: "range")
    let error = #expect(throws: KeyValueError.self) { try span.setValue(.nil, forKey: "range") }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(error?.message.hasPrefix("[<Span 0x") == true)
    #expect(error?.message.hasSuffix("> setNilValueForKey]: could not set nil as the value for the key range.") == true)
    #expect(try span.value(forKey: "range") == before)
  }
}
