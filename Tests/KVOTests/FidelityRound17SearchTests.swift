// FidelityRound17SearchTests.swift: probe round 17, the searches of key-value coding, each with
// Foundation's answer: the mutable collection proxies try `set<Key>:` alone before the ivar and
// the other setters only after it (the Key-Value Coding Programming Guide's "search pattern for
// mutable arrays/sets/ordered sets"; decision 0035); a getter or ivar of a type KVC cannot box
// (`SEL`, `char *`, a pointer, a C array, a bit field) is none; and an NSValue of another struct
// is refused, not stored.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound17SearchTests {
  // MARK: - The proxies' setter step

  /// `_set<Key>:` is not the proxies' setter step: with an ivar `_<key>`, the array proxy edits
  /// the ivar's array in place and `_set<Key>:` is never sent.
  @Test func theArrayProxyEditsTheIvarBeforeUnderscoreSetKey() throws {
    let world = try World()
    let calls = Log<String>()
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addIvar("_books", type: .object(className: "NSMutableArray"))
      try cls.addMethod("_setBooks:", types: "v24@0:8@16") { _, _, _ in
        calls.append("_setBooks:")
        return .nil
      }
    }
    let books = try world.runtime.mutableArray(["a"])
    try shelf.setValue(.object(books), forIvar: "_books")
    try send(try arrayProxy(of: shelf, "books", in: world), "addObject:", "b")
    #expect(calls.all == [])
    #expect(try shelf.value(ofIvar: "_books") == .object(books), "the same array, edited in place")
    #expect(try Value.object(books).collectionContents()?.elements == ["a", "b"])
  }

  /// The set and ordered-set proxies search alike: `setIs<Key>:` and `_set<Key>:` come after
  /// the ivar.
  @Test func theSetAndOrderedSetProxiesEditTheIvarBeforeTheOtherSetters() throws {
    let world = try World()
    let calls = Log<String>()
    let box = try instance(of: "Box", in: world) { cls in
      try cls.addIvar("tags", type: .object(className: "NSMutableSet"))
      try cls.addIvar("_steps", type: .object(className: "NSMutableOrderedSet"))
      try cls.addMethod("setIsTags:", types: "v24@0:8@16") { _, _, _ in
        calls.append("setIsTags:")
        return .nil
      }
      try cls.addMethod("_setSteps:", types: "v24@0:8@16") { _, _, _ in
        calls.append("_setSteps:")
        return .nil
      }
    }
    world.runtime.installKeyValueObserving()  // as linking Foundation does: the message below comes first
    let tags = try world.runtime.mutableSet(["t"])
    let steps = try world.runtime.mutableOrderedSet(["one"])
    try box.setValue(.object(tags), forIvar: "tags")
    try box.setValue(.object(steps), forIvar: "_steps")
    try send(try box.mutableSetValue(forKey: "tags"), "addObject:", "u")
    try send(try box.mutableOrderedSetValue(forKey: "steps"), "addObject:", "two")
    #expect(calls.all == [])
    #expect(try Value.object(tags).collectionContents()?.elements.count == 2)
    #expect(try Value.object(steps).collectionContents()?.elements == ["one", "two"])
  }

  /// Without an ivar (or with `+accessInstanceVariablesDirectly` NO), the proxy falls back on
  /// the setters `setValue:forKey:` uses: `_set<Key>:` receives the edited array.
  @Test func withoutAnIvarTheProxyFallsBackOnUnderscoreSetKey() throws {
    let world = try World()
    let received = Log<Value>()
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addMethod("books", types: "@16@0:8") { _, _, _ in ["a"] }
      try cls.addMethod("_setBooks:", types: "v24@0:8@16") { _, _, arguments in
        received.append(arguments[0])
        return .nil
      }
    }
    try send(try arrayProxy(of: shelf, "books", in: world), "addObject:", "b")
    #expect(try received.all.map { try $0.collectionContents()?.elements } == [["a", "b"]])
  }

  /// With `+accessInstanceVariablesDirectly` NO the ivar step is skipped: `_set<Key>:` gets the
  /// edited array although an ivar `_<key>` exists.
  @Test func withoutDirectIvarAccessTheProxyFallsBackOnUnderscoreSetKey() throws {
    let world = try World()
    let received = Log<Value>()
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addIvar("_books", type: .object(className: "NSMutableArray"))
      try cls.addMethod("books", types: "@16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_books") }
      try cls.addMethod("_setBooks:", types: "v24@0:8@16") { _, _, arguments in
        received.append(arguments[0])
        return .nil
      }
      try cls.isa.addMethod("accessInstanceVariablesDirectly", types: "B16@0:8") { _, _, _ in false }
    }
    let books = try world.runtime.mutableArray(["a"])
    try shelf.setValue(.object(books), forIvar: "_books")
    try send(try arrayProxy(of: shelf, "books", in: world), "addObject:", "b")
    #expect(try received.all.map { try $0.collectionContents()?.elements } == [["a", "b"]])
    #expect(try Value.object(books).collectionContents()?.elements == ["a"], "the ivar's array is not edited")
  }

  /// `set<Key>:` itself still comes before the ivar.
  @Test func setKeyStillComesBeforeTheIvar() throws {
    let world = try World()
    let calls = Log<String>()
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addIvar("_books", type: .object(className: "NSMutableArray"))
      try cls.addMethod("setBooks:", types: "v24@0:8@16") { receiver, _, arguments in
        calls.append("setBooks:")
        try receiver.setValue(arguments[0], forIvar: "_books")
        return .nil
      }
    }
    try shelf.setValue(.object(try world.runtime.mutableArray(["a"])), forIvar: "_books")
    try send(try arrayProxy(of: shelf, "books", in: world), "addObject:", "b")
    #expect(calls.all == ["setBooks:"])
  }

  // MARK: - Non-ASCII keys

  /// Only an ASCII first letter is upper-cased on the set path too (C's `toupper` of the
  /// first UTF-8 byte): `élan` is set through `setélan:`, never `setÉlan:` (already matched).
  @Test func theSetPathUpperCasesOnlyAnASCIIFirstLetter() throws {
    let world = try World()
    let calls = Log<String>()
    let thing = try instance(of: "Thing", in: world) { cls in
      try cls.addMethod(Selector(interning: "setélan:"), types: "v24@0:8@16") { _, _, _ in
        calls.append("lower")
        return .nil
      }
      try cls.addMethod(Selector(interning: "setÉlan:"), types: "v24@0:8@16") { _, _, _ in
        calls.append("upper")
        return .nil
      }
    }
    try thing.setValue("x", forKey: "élan")
    #expect(calls.all == ["lower"])
  }

  // MARK: - Types KVC cannot box

  /// A getter returning `SEL`, `char *` or a pointer is no getter to KVC: with no ivar, the key
  /// is undefined (NSUnknownKeyException), not a value boxed somehow (already matched).
  @Test(arguments: [":16@0:8", "*16@0:8", "^i16@0:8"])
  func aGetterOfATypeKVCCannotBoxLeavesTheKeyUndefined(types: String) throws {
    let world = try World()
    let thing = try instance(of: "Thing", in: world) { cls in
      try cls.addMethod("action", types: types) { _, _, _ in .nil }
    }
    let error = #expect(throws: KeyValueError.self) { try thing.value(forKey: "action") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message.hasSuffix("this class is not key value coding-compliant for the key action.") == true)
  }

  /// An ivar of a C array or bit-field type is no ivar to KVC either: reading and setting the
  /// key raise NSUnknownKeyException (already matched).
  @Test(arguments: ["[4i]", "b3"])
  func anIvarOfACArrayOrBitFieldTypeLeavesTheKeyUndefined(type: String) throws {
    let world = try World()
    let thing = try instance(of: "Thing", in: world) { cls in
      try cls.addIvar("_cells", type: try TypeEncoding(type))
    }
    let read = #expect(throws: KeyValueError.self) { try thing.value(forKey: "cells") }
    #expect(read?.exceptionName == "NSUnknownKeyException")
    let write = #expect(throws: KeyValueError.self) { try thing.setValue(1, forKey: "cells") }
    #expect(write?.exceptionName == "NSUnknownKeyException")
  }

  /// An NSValue of another struct (an NSRange for a CGPoint property) is refused with
  /// NSInvalidArgumentException and nothing is stored (already matched).
  @Test func anNSValueOfAnotherStructIsRefusedAndNothingIsStored() throws {
    let world = try World()
    let shape = try instance(of: "Shape", in: world) { cls in
      try cls.synthesizeProperty("origin", type: try TypeEncoding("{CGPoint=dd}"))
      try cls.addIvar("_corner", type: try TypeEncoding("{CGPoint=dd}"))
    }
    let before = try shape.value(forKey: "origin")
    for key in ["origin", "corner"] {
      let error = #expect(throws: KeyValueError.self) { try shape.setValue(.range(2..<5), forKey: key) }
      #expect(error?.exceptionName == "NSInvalidArgumentException")
      #expect(try shape.value(forKey: key) == before)
    }
  }
}
