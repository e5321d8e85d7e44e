// FidelityRound17NulKeyTests.swift: probe round 17, a key holding a NUL. Foundation builds every
// accessor and ivar name from the key as a C string (`getCString:` then patterns such as
// `"set%s:"`), so the name ends at the NUL: `name\0x` reads through `-name`, sets through
// `-setName:`, reaches the ivar `_name`, and the proxies, the collection accessors and the
// validator are found the same way. GNUstep-base 1.28, run here, answers alike.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound17NulKeyTests {
  /// Foundation builds accessor names from the key's C string, which ends at a NUL: the key
  /// `name\0x` reads and writes through `name` and `setName:`.
  @Test func aKeyWithANulFindsTheAccessorsOfItsPartBeforeTheNul() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "name", "Ann")
    #expect(try ann.value(forKey: "name\u{0}x") == "Ann")
    try ann.setValue("Bo", forKey: "name\u{0}junk")
    #expect(try ann.value(forKey: "name") == "Bo")
  }

  /// The ivar search uses the same C string: `count\0` reaches the ivar `_count`.
  @Test func aKeyWithANulReachesTheIvarOfItsPartBeforeTheNul() throws {
    let world = try World()
    let tally = try instance(of: "Tally", in: world) { cls in
      try cls.addIvar("_count", type: .longLong)
    }
    try tally.setValue(7, forKey: "count\u{0}")
    #expect(try tally.value(ofIvar: "_count") == .int64(7))
    #expect(try tally.value(forKey: "count\u{0}more") == 7)
  }

  /// The mutable proxies build their names alike: `books\0x` edits the ivar `_books`, and
  /// `tags\0` reaches the set mutators `addTagsObject:` / `removeTagsObject:`.
  @Test func theProxiesOfAKeyWithANulUseTheNamesOfItsPartBeforeTheNul() throws {
    let world = try World()
    let calls = Log<String>()
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addIvar("_books", type: .object(className: "NSMutableArray"))
      try cls.addMethod("addTagsObject:", types: "v24@0:8@16") { _, _, _ in
        calls.append("addTagsObject:")
        return .nil
      }
      try cls.addMethod("removeTagsObject:", types: "v24@0:8@16") { _, _, _ in .nil }
    }
    let books = try world.runtime.mutableArray(["a"])
    try shelf.setValue(.object(books), forIvar: "_books")
    try send(try arrayProxy(of: shelf, "books\u{0}x", in: world), "addObject:", "b")
    #expect(try Value.object(books).collectionContents()?.elements == ["a", "b"])
    try send(try shelf.mutableSetValue(forKey: "tags\u{0}"), "addObject:", "t")
    #expect(calls.all == ["addTagsObject:"])
  }

  /// `books\0x` finds `countOfBooks` and `objectInBooksAtIndex:`, and the array proxy
  /// `valueForKey:` answers reads through them.
  @Test func theIndexedAccessorsProxyOfAKeyWithANulReadsThroughThem() throws {
    let world = try World()
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addMethod("countOfBooks", types: "Q16@0:8") { _, _, _ in .uint64(2) }
      try cls.addMethod("objectInBooksAtIndex:", types: "@24@0:8Q16") { _, _, arguments in
        .string("book \(arguments[0].intValue ?? -1)")
      }
    }
    let books = try shelf.value(forKey: "books\u{0}x")
    #expect(try send(books.objectValue, "count") == .uint64(2))
    #expect(try send(books.objectValue, "objectAtIndex:", 1) == "book 1")
  }

  /// `validateValue:forKey:error:` of `name\0x` sends `validateName:error:`.
  @Test func theValidatorOfAKeyWithANulIsThatOfItsPartBeforeTheNul() throws {
    let world = try World()
    let calls = Log<String>()
    let thing = try instance(of: "Thing", in: world) { cls in
      try cls.addMethod("validateName:error:", types: "B32@0:8^@16^@24") { _, _, _ in
        calls.append("validateName:error:")
        return .bool(true)
      }
    }
    var value: Value = "x"
    try thing.validateValue(&value, forKey: "name\u{0}x")
    #expect(calls.all == ["validateName:error:"])
  }
}
