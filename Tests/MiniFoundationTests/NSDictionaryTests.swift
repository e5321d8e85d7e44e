// NSDictionaryTests.swift: NSDictionary's and NSMutableDictionary's messages, keys and printing.

import Testing

@testable import MiniFoundation

@Suite struct NSDictionaryTests {
  @Test func readingMessagesAnswerAsFoundations() throws {
    let runtime = Runtime()
    let dictionary = try runtime.object(bridging: ["a": 1, "b": 2, 3: "three"])
    #expect(try send(dictionary, "count") == 3)
    #expect(try send(dictionary, "objectForKey:", "a") == 1)
    #expect(try send(dictionary, "objectForKey:", .int32(3)) == "three", "keys compare as NSNumber does")
    #expect(try send(dictionary, "objectForKey:", "z") == .nil)
    #expect(try send(dictionary, "allKeys").arrayValue.map(Set.init) == ["a", "b", 3])
    #expect(try send(dictionary, "allKeysForObject:", 2) == ["b"])
    #expect(try send(dictionary, "isEqualToDictionary:", ["a": 1, "b": 2, 3: "three"]) == true)
  }

  @Test func descriptionPrintsThePropertyListStyle() throws {
    let runtime = Runtime()
    let dictionary = try runtime.object(bridging: ["name": "Ann Lee", "age": 7, "tags": ["a"], "none": .null])
    // Leaves that are not plain words are quoted, and a nested collection starts indented, as
    // Foundation prints them.
    #expect(
      try send(dictionary, "description")
        == "{\n    age = 7;\n    name = \"Ann Lee\";\n    none = \"<null>\";\n    tags =     (\n        a\n    );\n}")
  }

  @Test func editingMessagesChangeTheMutableDictionary() throws {
    let runtime = Runtime()
    let dictionary = try runtime.mutableDictionary(["a": 1])
    try send(dictionary, "setObject:forKey:", 2, "b")
    try send(dictionary, "setObject:forKeyedSubscript:", 3, "c")
    try send(dictionary, "setObject:forKeyedSubscript:", .nil, "a")
    #expect(Value.object(dictionary) == ["b": 2, "c": 3])
    try send(dictionary, "addEntriesFromDictionary:", ["d": 4, "b": 20])
    try send(dictionary, "removeObjectForKey:", "c")
    #expect(Value.object(dictionary) == ["b": 20, "d": 4])
    try send(dictionary, "removeObjectsForKeys:", ["b", "zz"])
    try send(dictionary, "setDictionary:", ["x": 1])
    #expect(Value.object(dictionary) == ["x": 1])
    try send(dictionary, "removeAllObjects")
    #expect(try send(dictionary, "count") == 0)
  }

  @Test func nilObjectsAndKeysAreRefused() throws {
    let runtime = Runtime()
    let dictionary = try runtime.mutableDictionary()
    let object = expectFoundationError(.invalidArgument) { try send(dictionary, "setObject:forKey:", .nil, "k") }
    #expect(object?.message == "*** -[__NSDictionaryM setObject:forKey:]: object cannot be nil (key: \"k\")")
    let key = expectFoundationError(.invalidArgument) { try send(dictionary, "setObject:forKey:", 1, .nil) }
    #expect(key?.message == "*** -[__NSDictionaryM setObject:forKey:]: key cannot be nil")
    #expect(try send(dictionary, "count") == 0)
  }

  @Test func keysAreCopiedSoAMutableKeyCannotChangeInside() throws {
    let runtime = Runtime()
    let key = try runtime.mutableArray(["k"])
    let dictionary = try runtime.mutableDictionary()
    try send(dictionary, "setObject:forKey:", 1, .object(key))
    try send(key, "addObject:", "changed")
    #expect(try send(dictionary, "objectForKey:", ["k"]) == 1)
    let person = try makeClass("Person", superclass: runtime.rootClass, in: runtime)
    let ann = try send(person, "new")
    let error = #expect(throws: RuntimeError.self) { try send(dictionary, "setObject:forKey:", 1, ann) }
    #expect(error?.code == .unrecognizedSelector, "a key must implement copyWithZone:")
  }

  @Test func anImmutableDictionaryRefusesEditing() throws {
    let runtime = Runtime()
    let dictionary = try runtime.object(bridging: ["a": 1])
    let error = #expect(throws: RuntimeError.self) { try send(dictionary, "setObject:forKey:", 2, "b") }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(try send(try send(dictionary, "mutableCopy").objectValue, "setObject:forKey:", 2, "b") == .nil)
  }
}
