// FidelityRound19SearchTests.swift: probe round 19, where the accessor searches stop. Foundation
// takes the first getter, setter or ivar whose name it finds and only then asks whether it can box
// the type: one it cannot box (`char *`, `SEL`, a pointer, a union) makes the key undefined, and
// the candidates after it (`_<key>`, the ivars, the collection accessors) are never tried
// (DIS_KVC_KVO's `_createValueGetterWithContainerClassID:key:`; GNUstep-base 1.28, run here,
// answers the same). The mutable proxies' last step, after `set<Key>:` and the ivars `_<key>` and
// `<key>`, is `valueForKey:`'s getter with `setValue:forKey:`'s setter, so an ivar `_is<Key>` or
// `is<Key>` is read and replaced there, as a setting (Foundation's `NSKeyValueSlowMutableArray`).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound19SearchTests {
  // MARK: - The first name found decides

  /// A getter `name` returning `char *`, `SEL`, a pointer or a union is found first: the key is
  /// undefined, although `_name` (a method) and the ivar `_name` could be read.
  @Test(arguments: ["*16@0:8", ":16@0:8", "^v16@0:8", "(Either=if)16@0:8"])
  func aGetterKVCCannotBoxHidesEverythingAfterIt(types: String) throws {
    let world = try World()
    let holder = try instance(of: "Holder", in: world) { cls in
      try cls.addIvar("_name", type: .object(className: "NSString"))
      try cls.addMethod("name", types: types) { _, _, _ in .nil }
      try cls.addMethod("_name", types: "@16@0:8") { _, _, _ in "private" }
    }
    try holder.setValue("Ann", forIvar: "_name")
    let error = #expect(throws: KeyValueError.self) { try holder.value(forKey: "name") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message.hasSuffix("valueForUndefinedKey:]: this class is not key value coding-compliant for the key name.") == true)
  }

  /// A getter of a type KVC cannot box comes before the collection accessors too: `countOf<Key>`
  /// and `objectIn<Key>AtIndex:` are never asked.
  @Test func aGetterKVCCannotBoxHidesTheCollectionAccessors() throws {
    let world = try World()
    let calls = Log<String>()
    let holder = try instance(of: "Holder", in: world) { cls in
      try cls.addMethod("isItems", types: "^v16@0:8") { _, _, _ in .nil }
      try cls.addMethod("countOfItems", types: "Q16@0:8") { _, _, _ in
        calls.append("countOfItems")
        return .uint64(1)
      }
      try cls.addMethod("objectInItemsAtIndex:", types: "@24@0:8Q16") { _, _, _ in "a" }
    }
    let error = #expect(throws: KeyValueError.self) { try holder.value(forKey: "items") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(calls.all == [])
  }

  /// A setter `setName:` taking a pointer or a union is found first: `_setName:` is never sent,
  /// the ivar is not set, and the key is undefined (`setValue:forUndefinedKey:`).
  @Test(arguments: ["v24@0:8^v16", "v24@0:8(Either=if)16", "v24@0:8:16"])
  func aSetterKVCCannotBoxHidesEverythingAfterIt(types: String) throws {
    let world = try World()
    let calls = Log<String>()
    let holder = try instance(of: "Holder", in: world) { cls in
      try cls.addIvar("_name", type: .object(className: "NSString"))
      try cls.addMethod("setName:", types: types) { _, _, _ in
        calls.append("setName:")
        return .nil
      }
      try cls.addMethod("_setName:", types: "v24@0:8@16") { _, _, _ in
        calls.append("_setName:")
        return .nil
      }
    }
    let error = #expect(throws: KeyValueError.self) { try holder.setValue("Ann", forKey: "name") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message.hasSuffix("setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key name.") == true)
    #expect(calls.all == [])
    #expect(try holder.value(ofIvar: "_name") == .nil)
  }

  /// The first ivar found decides as well: a `char *` ivar `_title` hides the object ivar
  /// `title`, for reading and for setting.
  @Test func anIvarKVCCannotBoxHidesTheIvarsAfterIt() throws {
    let world = try World()
    let holder = try instance(of: "Holder", in: world) { cls in
      try cls.addIvar("_title", type: .cString)
      try cls.addIvar("title", type: .object(className: "NSString"))
    }
    try holder.setValue("Dr", forIvar: "title")
    let read = #expect(throws: KeyValueError.self) { try holder.value(forKey: "title") }
    #expect(read?.exceptionName == "NSUnknownKeyException")
    let write = #expect(throws: KeyValueError.self) { try holder.setValue("Prof", forKey: "title") }
    #expect(write?.exceptionName == "NSUnknownKeyException")
    #expect(try holder.value(ofIvar: "title") == "Dr")
  }

  /// A getter that can be boxed still wins over everything after it (already matched).
  @Test func aGetterThatCanBeBoxedIsTheOneRead() throws {
    let world = try World()
    let holder = try instance(of: "Holder", in: world) { cls in
      try cls.addIvar("_name", type: .object(className: "NSString"))
      try cls.addMethod("name", types: "@16@0:8") { _, _, _ in "public" }
    }
    try holder.setValue("ivar", forIvar: "_name")
    #expect(try holder.value(forKey: "name") == "public")
  }

  // MARK: - The proxies and `_is<Key>` / `is<Key>` ivars

  /// Only `_<key>` and `<key>` are the proxies' ivars: with an ivar `_isItems` the array proxy
  /// falls to its last step, `valueForKey:`'s getter (the ivar) and `setValue:forKey:`'s setter
  /// (the ivar again). The edit is made on a copy that replaces the array, and an observer of
  /// `items` is told of a setting.
  @Test(arguments: ["_isItems", "isItems"])
  func theArrayProxyReplacesAnIsIvarThroughTheSetterSearch(ivarName: String) throws {
    let world = try World()
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addIvar(ivarName, type: .object(className: "NSMutableArray"))
    }
    let items = try world.runtime.mutableArray(["a"])
    try shelf.setValue(.object(items), forIvar: ivarName)
    let (observer, log) = try world.newObserver()
    try shelf.addObserver(observer, forKeyPath: "items", options: [.old, .new], context: 0)
    let proxy = try arrayProxy(of: shelf, "items", in: world)
    #expect(try send(proxy, "count") == 1)
    try send(proxy, "addObject:", "b")
    let stored = try shelf.value(ofIvar: ivarName)
    #expect(try stored.collectionContents()?.elements == ["a", "b"])
    #expect(stored.objectValue !== items, "a new array replaces the old one")
    #expect(try Value.object(items).collectionContents()?.elements == ["a"])
    #expect(log.all.map(\.change.kind) == [.setting])
    #expect(try log.all.first?.change.new?.collectionContents()?.elements == ["a", "b"])
  }

  /// The set and ordered-set proxies search alike: an ivar `_isTags` or `isSteps` is reached
  /// through `setValue:forKey:`'s setter, which stores the edited copy.
  @Test func theSetAndOrderedSetProxiesReplaceAnIsIvarThroughTheSetterSearch() throws {
    let world = try World()
    let box = try instance(of: "Box", in: world) { cls in
      try cls.addIvar("_isTags", type: .object(className: "NSMutableSet"))
      try cls.addIvar("isSteps", type: .object(className: "NSMutableOrderedSet"))
    }
    world.runtime.installKeyValueObserving()
    let tags = try world.runtime.mutableSet(["t"])
    let steps = try world.runtime.mutableOrderedSet(["one"])
    try box.setValue(.object(tags), forIvar: "_isTags")
    try box.setValue(.object(steps), forIvar: "isSteps")
    try send(try box.mutableSetValue(forKey: "tags"), "addObject:", "u")
    try send(try box.mutableOrderedSetValue(forKey: "steps"), "addObject:", "two")
    #expect(try Set(box.value(ofIvar: "_isTags").collectionContents()?.elements ?? []) == ["t", "u"])
    #expect(try box.value(ofIvar: "isSteps").collectionContents()?.elements == ["one", "two"])
    #expect(try box.value(ofIvar: "_isTags").objectValue !== tags)
    #expect(try box.value(ofIvar: "isSteps").objectValue !== steps)
  }
}
