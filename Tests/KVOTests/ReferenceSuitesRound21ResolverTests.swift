// ReferenceSuitesRound21ResolverTests.swift: reference-suite round 21, `@dynamic` properties
// whose accessors a class adds in `+resolveInstanceMethod:` (the Core Data style users report
// KVC and KVO working with on Apple platforms). Foundation asks for each accessor name with
// `class_getInstanceMethod`, which runs the resolver (objc4's `LOOKUP_RESOLVER`), so a method
// the resolver adds is found by `valueForKey:`, `setValue:forKey:` and by the notifying
// subclass KVO makes when the first observer is added.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct ReferenceSuitesRound21ResolverTests {
  /// A class `Dyn` with an object ivar `store` (a name KVC's ivar search never tries for
  /// `title`) and a `+resolveInstanceMethod:` that logs every selector it is asked for and adds
  /// `title` and `setTitle:`, reading and writing `store`, to `Dyn` when asked for them.
  private func dynamicClass(in world: World, asked: Log<String>) throws -> Class {
    let runtime = world.runtime
    return try makeClass("Dyn", in: world) { cls in
      try cls.addIvar("store", type: .object(className: "NSString"))
      try cls.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { _, _, arguments in
        let name = arguments[0].selectorValue?.name ?? "?"
        asked.append(name)
        guard let dyn = runtime.lookUpClass(named: "Dyn") else { return false }
        switch name {
        case "title":
          return .bool(try dyn.addMethod("title", types: "@16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "store") })
        case "setTitle:":
          return .bool(
            try dyn.addMethod("setTitle:", types: "v24@0:8@16") { receiver, _, arguments in
              try receiver.setValue(arguments[0], forIvar: "store")
              return .nil
            })
        default: return false
        }
      }
    }
  }

  /// `setValue:forKey:` and `valueForKey:` find the setter and getter the resolver adds when
  /// KVC asks for `setTitle:` and `title`: nothing is undefined.
  @Test func keyValueCodingFindsAccessorsTheResolverAdds() throws {
    let world = try World()
    let asked = Log<String>()
    let dyn = try world.newInstance(of: try dynamicClass(in: world, asked: asked))
    try dyn.setValue("Dune", forKey: "title")
    #expect(try dyn.value(ofIvar: "store") == "Dune")
    #expect(try dyn.value(forKey: "title") == "Dune")
    #expect(asked.all.contains("setTitle:"))
    #expect(asked.all.contains("title"))
    try world.runtime.checkInvariants()
  }

  /// `valueForKey:` of a key nothing implements asks the resolver for the getter names in
  /// Foundation's search order (`get<Key>`, `<key>`, `is<Key>`, `_get<Key>`, `_<key>`) before
  /// anything else, then raises NSUnknownKeyException.
  @Test func valueForKeyAsksTheResolverForEachGetterNameInOrder() throws {
    let world = try World()
    let asked = Log<String>()
    let dyn = try world.newInstance(of: try dynamicClass(in: world, asked: asked))
    asked.removeAll()
    let error = #expect(throws: KeyValueError.self) { try dyn.value(forKey: "colour") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(Array(asked.all.prefix(5)) == ["getColour", "colour", "isColour", "_getColour", "_colour"])
  }

  /// `setValue:forKey:` of a key nothing implements asks the resolver for `set<Key>:`,
  /// `_set<Key>:` and `setIs<Key>:`, in that order, before the ivars.
  @Test func setValueForKeyAsksTheResolverForEachSetterNameInOrder() throws {
    let world = try World()
    let asked = Log<String>()
    let dyn = try world.newInstance(of: try dynamicClass(in: world, asked: asked))
    asked.removeAll()
    #expect(throws: KeyValueError.self) { try dyn.setValue("red", forKey: "colour") }
    #expect(Array(asked.all.prefix(3)) == ["setColour:", "_setColour:", "setIsColour:"])
  }

  /// Observing `title` before any `setTitle:` was sent: KVO's search for the setter to override
  /// runs the resolver, which adds `setTitle:`, so the notifying subclass overrides it and a
  /// later `setTitle:` notifies with the old and new values.
  @Test func observingADynamicPropertyOverridesTheSetterTheResolverAdds() throws {
    let world = try World()
    let asked = Log<String>()
    let dyn = try world.newInstance(of: try dynamicClass(in: world, asked: asked))
    try dyn.setValue("Dune", forIvar: "store")
    let (observer, log) = try world.newObserver()
    try dyn.addObserver(observer, forKeyPath: "title", options: [.old, .new])
    #expect(asked.all.contains("setTitle:"))
    try world.set(dyn, "title", "Emma")
    #expect(log.count == 1)
    #expect(log.all.first?.change.old == "Dune")
    #expect(log.all.first?.change.new == "Emma")
    try dyn.removeObserver(observer, forKeyPath: "title")
    try world.runtime.checkInvariants()
  }

  /// A class with no resolver of its own runs NSObject's: replaced by a category, the
  /// replacement is asked for KVC's getter names too (MiniKVO skips only NSObject's own
  /// resolver, which adds nothing).
  @Test func aCategoryResolverOnNSObjectIsAskedToo() throws {
    let world = try World()
    let asked = Log<String>()
    world.runtime.installKeyValueObserving()
    _ = try world.runtime.rootClass.isa.replaceMethod(
      "resolveInstanceMethod:", types: "B24@0:8:16",
      implementation: Implementation(name: "+[NSObject(Logging) resolveInstanceMethod:]") { _, _, arguments in
        asked.append(arguments[0].selectorValue?.name ?? "?")
        return false
      })
    let ann = try world.newPerson()
    asked.removeAll()
    #expect(throws: KeyValueError.self) { try ann.value(forKey: "colour") }
    #expect(Array(asked.all.prefix(2)) == ["getColour", "colour"])
  }

  /// Observing a class object's key whose class-method setter `+resolveClassMethod:` adds:
  /// KVO's search asks the resolver (`class_getInstanceMethod` on the metaclass), overrides the
  /// `+setCount:` it adds, and a later `[Person setCount:]` notifies.
  @Test func observingAClassObjectOverridesTheClassSetterTheResolverAdds() throws {
    let world = try World()
    let store = Locked<Int64>(2)
    let asked = Log<String>()
    let meta = world.person.metaclass
    try meta.addMethod("count", types: "q16@0:8") { _, _, _ in .int64(store.withLock { $0 }) }
    try meta.addMethod("resolveClassMethod:", types: "B24@0:8:16") { _, _, arguments in
      let name = arguments[0].selectorValue?.name ?? "?"
      asked.append(name)
      guard name == "setCount:" else { return false }
      return .bool(
        try meta.addMethod("setCount:", types: "v24@0:8q16") { _, _, arguments in
          store.withLock { $0 = Int64(arguments[0].intValue ?? 0) }
          return .nil
        })
    }
    let (observer, log) = try world.newObserver()
    try world.person.addObserver(observer, forKeyPath: "count", options: [.old, .new])
    #expect(asked.all.contains("setCount:"))
    try world.runtime.msgSend(world.person, "setCount:", 9)
    #expect(store.withLock { $0 } == 9)
    #expect(log.count == 1)
    #expect(log.all.first?.change.old == 2)
    #expect(log.all.first?.change.new == 9)
    try world.person.removeObserver(observer, forKeyPath: "count")
    try world.runtime.checkInvariants()
  }

  /// An indexed to-many mutator the resolver adds (`insertObject:inBooksAtIndex:`) is one the
  /// notifying subclass overrides too: observing `books` asks for it, and a direct insertion
  /// notifies an insertion at its index with the inserted object.
  @Test func observingAToManyKeyOverridesTheMutatorTheResolverAdds() throws {
    let world = try World()
    let runtime = world.runtime
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addIvar("store", type: .object(className: "NSArray"))
      try cls.addMethod("books", types: "@16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "store") }
      try cls.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { _, _, arguments in
        guard arguments[0].selectorValue?.name == "insertObject:inBooksAtIndex:",
          let shelf = runtime.lookUpClass(named: "Shelf")
        else { return false }
        return .bool(
          try shelf.addMethod("insertObject:inBooksAtIndex:", types: "v32@0:8@16Q24") { receiver, _, arguments in
            var books = try receiver.value(ofIvar: "store").arrayValue ?? []
            books.insert(arguments[0], at: arguments[1].intValue ?? 0)
            try receiver.setValue(.array(books), forIvar: "store")
            return .nil
          })
      }
    }
    try shelf.setValue(.array(["Emma"]), forIvar: "store")
    let (observer, log) = try world.newObserver()
    try shelf.addObserver(observer, forKeyPath: "books", options: [.new])
    try runtime.msgSend(shelf, "insertObject:inBooksAtIndex:", "Dune", .uint64(0))
    #expect(try shelf.value(ofIvar: "store") == ["Dune", "Emma"])
    #expect(log.all.map(\.change.kind) == [.insertion])
    #expect(log.all.map(\.change.indexes) == [[0]])
    #expect(log.all.first?.change.new == ["Dune"])
    try shelf.removeObserver(observer, forKeyPath: "books")
    try runtime.checkInvariants()
  }
}

