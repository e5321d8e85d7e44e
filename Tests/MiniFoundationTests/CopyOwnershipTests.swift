// CopyOwnershipTests.swift: a `copy` answers an object its caller owns (+1), as Apple's do: an
// immutable object's copy is `[self retain]`, so manual retain-release code that releases the
// copy and then the original over-releases nothing; the library's own copies (a copy setter, a
// dictionary's keys, `copyItems:`) keep or give back that +1, so nothing leaks either.

import Testing

@testable import MiniFoundation

/// The object a bridged value is boxed into (`value as AnyObject`).
private func box(_ runtime: Runtime, _ value: Value) throws -> Object {
  try #require(try runtime.object(bridging: value))
}

@Suite struct CopyOwnershipTests {
  // MARK: - An immutable object's copy is itself, retained

  /// Expects `[object copy]` to answer `object` with one more retain, and `[copy release]` to give
  /// it back.
  private func expectCopyIsRetainedItself(_ object: Object, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let before = object.retainCount
    let copy = try send(object, "copy")
    #expect(copy.objectValue === object, sourceLocation: sourceLocation)
    #expect(object.retainCount == before + 1, "\(object.isa.name)", sourceLocation: sourceLocation)
    #expect(try send(object, "retainCount") == .uint64(UInt64(before + 1)), sourceLocation: sourceLocation)
    try send(copy.objectValue, "release")
    #expect(object.retainCount == before, sourceLocation: sourceLocation)
  }

  @Test func copyOfAnImmutableStringNumberOrValueRetainsIt() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    try expectCopyIsRetainedItself(try box(runtime, "a string"))
    try expectCopyIsRetainedItself(try box(runtime, .int64(42)))
    try expectCopyIsRetainedItself(try box(runtime, .double(2.5)))
    try expectCopyIsRetainedItself(try #require(try send(try foundationClass("NSNull", in: runtime), "null").objectValue))
    let decimal = try send(try foundationClass("NSDecimalNumber", in: runtime), "decimalNumberWithString:", "1.5")
    try expectCopyIsRetainedItself(try #require(decimal.objectValue))
  }

  @Test func copyOfAnImmutableArrayDictionarySetOrderedSetOrIndexSetRetainsIt() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    try expectCopyIsRetainedItself(try box(runtime, ["a", "b"]))
    try expectCopyIsRetainedItself(try box(runtime, ["k": 1]))
    try expectCopyIsRetainedItself(try box(runtime, .set(["a"])))
    try expectCopyIsRetainedItself(try runtime.orderedSet(["a"]))
    try expectCopyIsRetainedItself(try runtime.indexSet([1, 2]))
  }

  @Test func copyOfASortDescriptorCharacterSetOrHeapBlockRetainsIt() throws {
    let runtime = Runtime()
    let descriptors = try foundationClass("NSSortDescriptor", in: runtime)
    try expectCopyIsRetainedItself(
      try #require(try send(descriptors, "sortDescriptorWithKey:ascending:", "name", true).objectValue))
    let characterSets = try foundationClass("NSCharacterSet", in: runtime)
    try expectCopyIsRetainedItself(try #require(try send(characterSets, "letterCharacterSet").objectValue))
    try expectCopyIsRetainedItself(try runtime.makeBlock { _ in .nil })
  }

  @Test func copyOfAGlobalBlockOrAClassCountsNothing() throws {
    // A global block and a class are never counted: their copy is themselves, retainCount as before.
    let runtime = Runtime()
    let global = try runtime.makeBlock(kind: .global) { _ in .nil }
    #expect(try send(global, "copy") == .object(global))
    #expect(global.retainCount == 1)
    #expect(try send(runtime.rootClass, "copy") == .class(runtime.rootClass))
    #expect(try send(runtime.rootClass, "retainCount") == .uint64(UInt64.max))
  }

  @Test func aNewCopyIsOwnedOnceAndTheOriginalIsUntouched() throws {
    // -copy of a mutable object and every -mutableCopy: a new object, retainCount 1.
    let runtime = Runtime()
    try runtime.installFoundation()
    let mutable = try runtime.mutableArray(["a"])
    let copy = try #require(try send(mutable, "copy").objectValue)
    #expect(copy !== mutable && copy.retainCount == 1 && mutable.retainCount == 1)
    let string = try box(runtime, "text")
    let mutableString = try #require(try send(string, "mutableCopy").objectValue)
    #expect(mutableString !== string && mutableString.retainCount == 1 && string.retainCount == 1)
  }

  @Test func releasingTheCopyThenTheOriginalDeallocatesOnlyAtTheLastRelease() throws {
    // GNUstep's tests, in manual retain-release: y = [x copy]; [y release]; ... [x release].
    let runtime = Runtime()
    try runtime.installFoundation()
    for original in [try box(runtime, "x"), try box(runtime, .int64(7)), try box(runtime, ["a"])] {
      let watch = try WeakVariable(original)
      let copy = try send(original, "copy")
      try send(copy.objectValue, "release")
      try Runtime.autoreleasepool {  // objc_loadWeak's +1 goes at the pop
        #expect(!original.isDeallocating && watch.load() === original, "\(original.isa.name): the copy's release was its own")
      }
      try send(original, "release")
      #expect(original.isDeallocating && watch.load() == nil, "\(original.isa.name): the last release deallocates")
    }
  }

  // MARK: - The library's own copies keep or give back the +1

  @Test func aCopySetterKeepsTheRetainedImmutableCopyAndGivesItBack() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let holder = try makeClass("Holder", superclass: runtime.rootClass, in: runtime) { cls in
      try cls.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
    }
    let name = try box(runtime, "Ann")
    let watch = try WeakVariable(name)
    do {
      let object = try #require(try send(holder, "new").objectValue)
      try send(object, "setName:", .object(name))
      #expect(try send(object, "name").objectValue === name)
      #expect(name.retainCount == 2, "the ivar owns the copy, which is the string retained")
      try send(object, "setName:", .nil)
      #expect(name.retainCount == 1)
      try send(object, "setName:", .object(name))
    }
    #expect(name.retainCount == 1, "the freed holder gave its copy back")
    try send(name, "release")
    #expect(watch.load() == nil, "not over-released before: the last release deallocates")
  }

  @Test func aDictionaryOwnsEachCopiedKeyOnceAndGivesItBack() throws {
    // A key whose copy is itself, retained (as an immutable class's `copyWithZone:` answers it).
    let runtime = Runtime()
    try runtime.installFoundation()
    let immutable = try makeClass("ImmutableKey", superclass: runtime.rootClass, in: runtime) { cls in
      try cls.addMethod("copyWithZone:", types: "@24@0:8^v16") { receiver, _, _ in .object(try Runtime.retain(receiver) ?? receiver) }
    }
    let key = try #require(try send(immutable, "new").objectValue)
    let dictionary = try runtime.mutableDictionary()
    try send(dictionary, "setObject:forKey:", "v", .object(key))
    #expect(key.retainCount == 2, "the dictionary owns its copy of the key once")
    try send(dictionary, "setObject:forKey:", "w", .object(key))
    #expect(key.retainCount == 2, "an existing key is kept; the new copy is given back")
    try send(dictionary, "removeObjectForKey:", .object(key))
    #expect(key.retainCount == 1)
    let refused = expectFoundationError(.invalidArgument) { try send(dictionary, "setObject:forKey:", .nil, .object(key)) }
    #expect(refused != nil && key.retainCount == 1, "a refused store gives its copy back")
  }

  @Test func aDictionaryKeysNewCopyIsOwnedByTheDictionaryAlone() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let fresh = try makeClass("FreshKey", superclass: runtime.rootClass, in: runtime) { cls in
      try cls.addMethod("copyWithZone:", types: "@24@0:8^v16") { receiver, _, _ in .object(try receiver.isa.createInstance()) }
    }
    let key = try #require(try send(fresh, "new").objectValue)
    let dictionary = try runtime.mutableDictionary()
    try send(dictionary, "setObject:forKey:", "v", .object(key))
    let stored = try #require(try send(dictionary, "allKeys").arrayValue?.first?.objectValue)
    #expect(stored !== key && stored.retainCount == 1 && key.retainCount == 1)
    let watch = try WeakVariable(stored)
    try send(dictionary, "removeObjectForKey:", .object(stored))  // found by identity, as Value's == finds it
    #expect(watch.load() == nil, "the dictionary's release was the copy's last")
  }

  @Test func copyItemsOwnsEachRetainedCopyOnceAndGivesItBackWhenFreed() throws {
    // Before: the temporary copy's release took the new collection's retain, and freeing the
    // collection over-released the original.
    let runtime = Runtime()
    let arrays = try foundationClass("NSArray", in: runtime)
    let string = try box(runtime, "item")
    let number = try box(runtime, .int64(3))
    let source = try runtime.mutableArray([.object(string), .object(number)])
    do {
      let copy = try send(try send(arrays, "alloc").objectValue, "initWithArray:copyItems:", .object(source), true)
      #expect(try send(copy.objectValue, "objectAtIndex:", 0).objectValue === string)
      #expect(string.retainCount == 3 && number.retainCount == 3, "the source's retain, the copy's, and ours")
      try send(copy.objectValue, "release")
    }
    #expect(string.retainCount == 2 && number.retainCount == 2)
    let sets = try foundationClass("NSSet", in: runtime)
    let set = try send(try send(sets, "alloc").objectValue, "initWithSet:copyItems:", .set([.object(string)]), true)
    #expect(string.retainCount == 3)
    try send(set.objectValue, "release")
    #expect(string.retainCount == 2 && !string.isDeallocating)
  }

  @Test func internalCopiesLeakNothing() throws {
    // What a Swift reference alone kept is still freed when it goes, after every internal copy.
    let runtime = Runtime()
    try runtime.installFoundation()
    let holder = try makeClass("Holder", superclass: runtime.rootClass, in: runtime) { cls in
      try cls.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
    }
    let watches: [WeakVariable]
    do {
      let name = try box(runtime, "Bea")
      let number = try box(runtime, .int64(5))
      let object = try #require(try send(holder, "new").objectValue)
      try send(object, "setName:", .object(name))
      let dictionary = try runtime.mutableDictionary()
      try send(dictionary, "setObject:forKey:", .object(name), .object(number))
      let arrays = try foundationClass("NSArray", in: runtime)
      let copied = try send(arrays, "alloc")
      _ = try send(copied.objectValue, "initWithArray:copyItems:", .array([.object(name)]), true)
      try object.setAssociatedObject(.object(number), forKey: AssociationKey("copy.test"), policy: .copy)
      watches = [try WeakVariable(name), try WeakVariable(number), try WeakVariable(object), try WeakVariable(dictionary)]
    }
    for watch in watches { #expect(watch.load() == nil) }
  }
}
