// FidelityRound16ProbeTests.swift: probe round 16, key-value coding's accessor searches as the
// Key-Value Coding Programming Guide ("Accessor Search Patterns") and NSKeyValueCoding.h document
// them, and cases after GNUstep-base's Tests/base/KVC and DIS_KVC_KVO, each with Foundation's answer.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound16ProbeTests {
  /// A getter `name` returning the string `name`.
  private func addNamedGetter(_ name: String, to cls: Class) throws {
    try cls.addMethod(Selector(interning: name), types: "@16@0:8") { _, _, _ in .string(name) }
  }

  /// The basic getter's search: `get<Key>`, `<key>`, `is<Key>`, `_<key>` (and Foundation's
  /// `_get<Key>` before `_<key>`): the first method found answers.
  @Test func theBasicGetterSearchTakesTheFirstAccessorInFoundationsOrder() throws {
    let world = try World()
    let names = ["getTitle", "title", "isTitle", "_getTitle", "_title"]
    for first in names.indices {
      let object = try instance(of: "Titled\(first)", in: world) { cls in
        for name in names[first...] { try addNamedGetter(name, to: cls) }
      }
      #expect(try object.value(forKey: "title") == .string(names[first]))
    }
  }

  /// After the accessors, an ivar named `_<key>`, `_is<Key>`, `<key>` or `is<Key>`, in that
  /// order, for the getter and for the setter alike.
  @Test func theIvarSearchOrderIsUnderscoreKeyUnderscoreIsKeyKeyThenIsKey() throws {
    let world = try World()
    let names = ["_lit", "_isLit", "lit", "isLit"]
    for first in names.indices {
      let object = try instance(of: "Lamp\(first)", in: world) { cls in
        for name in names[first...] { try cls.addIvar(name, type: .object(className: "NSString")) }
      }
      try object.setValue("on", forKey: "lit")
      for name in names[first...] {
        #expect(try object.value(ofIvar: name) == (name == names[first] ? "on" : .nil), "\(name) of \(names[first...])")
      }
      #expect(try object.value(forKey: "lit") == "on")
    }
  }

  /// The basic setter's search: `set<Key>:`, then `_set<Key>:` (Foundation also tries
  /// `setIs<Key>:`), before any ivar.
  @Test func theBasicSetterSearchTakesTheFirstSetterBeforeTheIvar() throws {
    let world = try World()
    let names = ["setTitle:", "_setTitle:", "setIsTitle:"]
    let called = Log<String>()
    for first in names.indices {
      let object = try instance(of: "Retitled\(first)", in: world) { cls in
        try cls.addIvar("_title", type: .object(className: "NSString"))
        for name in names[first...] {
          try cls.addMethod(Selector(interning: name), types: "v24@0:8@16") { _, _, _ in
            called.append(name)
            return .nil
          }
        }
      }
      try object.setValue("x", forKey: "title")
      #expect(try object.value(ofIvar: "_title") == .nil)
    }
    #expect(called.all == names)
  }

  /// `+accessInstanceVariablesDirectly` NO: the set and ordered-set proxies of an ivar-only key
  /// find no way to the collection, so using them raises NSUnknownKeyException.
  @Test func withoutDirectIvarAccessTheSetAndOrderedSetProxiesOfAnIvarOnlyKeyRaise() throws {
    let world = try World()
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addIvar("_tags", type: .object(className: "NSMutableSet"))
      try cls.addIvar("_books", type: .object(className: "NSMutableOrderedSet"))
      try cls.isa.addMethod("accessInstanceVariablesDirectly", types: "B16@0:8") { _, _, _ in false }
    }
    try shelf.setValue(.object(try world.runtime.mutableSet(["a"])), forIvar: "_tags")
    let tags = try shelf.mutableSetValue(forKey: "tags")
    let read = #expect(throws: KeyValueError.self) { try send(tags, "count") }
    #expect(read?.exceptionName == "NSUnknownKeyException")
    #expect(read?.message.hasSuffix("valueForUndefinedKey:]: this class is not key value coding-compliant for the key tags.") == true)
    let books = try shelf.mutableOrderedSetValue(forKey: "books")
    let add = #expect(throws: KeyValueError.self) { try send(books, "addObject:", "b") }
    #expect(add?.exceptionName == "NSUnknownKeyException")
  }

  /// `valueForKey:` with `countOf<Key>`, `enumeratorOf<Key>` and `memberOf<Key>:` answers a set
  /// proxy: `count` sends `countOf<Key>`, `containsObject:` and `member:` send `memberOf<Key>:`.
  @Test func aSetProxyFromTheUnorderedAccessorsAnswersCountAndMembershipThroughThem() throws {
    let world = try World()
    let asked = Log<String>()
    let club = try instance(of: "Club", in: world) { cls in
      try cls.addMethod("countOfMembers", types: "Q16@0:8") { _, _, _ in
        asked.append("count")
        return .uint64(2)
      }
      try cls.addMethod("enumeratorOfMembers", types: "@16@0:8") { receiver, _, _ in
        asked.append("enumerator")
        return try world.runtime.msgSend(bridging: .array(["a", "b"]), "objectEnumerator")
      }
      try cls.addMethod("memberOfMembers:", types: "@24@0:8@16") { _, _, arguments in
        asked.append("member")
        return arguments[0] == "a" || arguments[0] == "b" ? arguments[0] : .nil
      }
    }
    let members = try #require(try club.value(forKey: "members").objectValue)
    #expect(try send(members, "count") == .uint64(2) || (try send(members, "count").intValue) == 2)
    #expect(try send(members, "containsObject:", "a").boolValue == true)
    #expect(try send(members, "containsObject:", "z").boolValue == false)
    #expect(try send(members, "member:", "b") == "b")
    #expect(!asked.all.contains("enumerator"))
    #expect(asked.all.filter { $0 == "member" }.count == 3)
  }

  /// `valueForKey:` with `countOf<Key>` and `<key>AtIndexes:` only: an array proxy whose
  /// `objectAtIndex:` is answered through `<key>AtIndexes:`.
  @Test func anArrayProxyFromCountAndAtIndexesAnswersObjectAtIndex() throws {
    let world = try World()
    let deck = try instance(of: "Deck", in: world) { cls in
      try cls.addMethod("countOfCards", types: "Q16@0:8") { _, _, _ in .uint64(3) }
      try cls.addMethod("cardsAtIndexes:", types: "@24@0:8@16") { _, _, arguments in
        let indexes = try Runtime.msgSend(arguments[0].objectValue, "firstIndex").intValue ?? -1
        return .array([.string("card\(indexes)")])
      }
    }
    let cards = try #require(try deck.value(forKey: "cards").objectValue)
    #expect(try send(cards, "objectAtIndex:", 2) == "card2")
    #expect(try send(cards, "lastObject") == "card2")
    #expect(try deck.value(forKeyPath: "cards.@count") == 3)
  }

  /// A getter returning `int` is boxed in an NSNumber whose `objCType` is `i`; a `BOOL` `is<Key>`
  /// getter answers a `c`/`B` number.
  @Test func aGetGetterReturningIntIsBoxedAsAnIntNumber() throws {
    let world = try World()
    let person = try instance(of: "Aged", in: world) { cls in
      try cls.addMethod("getAge", types: "i16@0:8") { _, _, _ in .int32(41) }
      try cls.addMethod("isTall", types: "B16@0:8") { _, _, _ in .bool(true) }
    }
    let age = try person.value(forKey: "age")
    #expect(age.intValue == 41)
    let type = try world.runtime.msgSend(bridging: age, "objCType")
    #expect(type.stringValue == "i" || type == .cString("i"), "\(type)")
    #expect(try person.value(forKey: "tall").boolValue == true)
  }

  /// NSDictionary's `valueForKey:` drops a leading `@` and asks NSObject's: `@count` and
  /// `@allKeys` are the dictionary's own methods; `valueForKeyPath:` reaches them the same way.
  @Test func aDictionarysAtKeysReachItsOwnMethods() throws {
    let world = try World()
    let dictionary = try #require(try world.runtime.object(bridging: .dictionary(["a": 1, "b": 2])))
    #expect(try dictionary.value(forKey: "@count").intValue == 2)
    #expect(try dictionary.value(forKeyPath: "@count").intValue == 2)
    let keys = try dictionary.value(forKey: "@allKeys")
    #expect(Set(try #require(try keys.collectionContents()).elements) == ["a", "b"])
    let set = try #require(try world.runtime.object(bridging: .set([1, 2, 3])))
    #expect(try set.value(forKeyPath: "@count").intValue == 3)
    #expect(try set.value(forKeyPath: "@sum.self").intValue == 6)
  }
}
