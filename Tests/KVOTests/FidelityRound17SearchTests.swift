// FidelityRound17SearchTests.swift: probe round 17, the searches of key-value coding, each with
// Foundation's answer: the mutable collection proxies try `set<Key>:` alone before the ivar and
// the other setters only after it (the Key-Value Coding Programming Guide's "search pattern for
// mutable arrays/sets/ordered sets"; decision 0035).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound17SearchTests {
  /// `[object mutableArrayValueForKey:key]`, as a program sends it.
  private func arrayProxy(of object: Object, _ key: String, in world: World) throws -> Object? {
    world.runtime.installKeyValueObserving()  // as linking Foundation does: the message comes first
    return try world.runtime.msgSend(object, "mutableArrayValueForKey:", .string(key)).objectValue
  }

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
}
