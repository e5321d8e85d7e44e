// NSSetTests.swift: NSSet's and NSMutableSet's messages and set operations.

import Testing

@testable import MiniFoundation

@Suite struct NSSetTests {
  @Test func readingMessagesAnswerAsFoundations() throws {
    let runtime = Runtime()
    let set = try runtime.object(bridging: .set(["a", "b", 1]))
    #expect(try send(set, "count") == 3)
    #expect(try send(set, "member:", .int32(1)) == 1)
    #expect(try send(set, "member:", "z") == .nil)
    #expect(try send(set, "containsObject:", "a") == true)
    #expect(try send(set, "allObjects").arrayValue.map(Set.init) == ["a", "b", 1])
    #expect(try send(set, "isSubsetOfSet:", .set(["a", "b", 1, 2])) == true)
    #expect(try send(set, "intersectsSet:", .set(["z"])) == false)
    #expect(try send(set, "setByAddingObject:", "c") == .set(["a", "b", 1, "c"]))
    #expect(try send(set, "isEqual:", .set([1, "b", "a"])) == true)
    #expect(try send(set, "isEqual:", ["a", "b", 1]) == false, "an array is not a set")
    #expect(try send(runtime.object(bridging: .set(["b", "a"])), "description") == "{(\n    a,\n    b\n)}")
  }

  @Test func setByAddingObjectsFromArrayAnswersTheUnion() throws {
    let runtime = Runtime()
    let set = try runtime.object(bridging: .set(["a", "b"]))
    #expect(try send(set, "setByAddingObjectsFromArray:", ["b", "c", "c"]) == .set(["a", "b", "c"]))
    #expect(try send(set, "setByAddingObjectsFromArray:", .object(runtime.mutableArray(["d"]))) == .set(["a", "b", "d"]))
    let error = #expect(throws: FoundationError.self) { try send(set, "setByAddingObjectsFromArray:", 7) }
    #expect(error?.message.contains("is not an array") == true)
  }

  @Test func setOperationsChangeTheMutableSet() throws {
    let runtime = Runtime()
    let set = try runtime.mutableSet(["a", "b"])
    try send(set, "addObject:", "c")
    try send(set, "addObject:", "a")
    #expect(Value.object(set) == .set(["a", "b", "c"]))
    try send(set, "minusSet:", .set(["a", "z"]))
    #expect(Value.object(set) == .set(["b", "c"]))
    try send(set, "unionSet:", .set(["d"]))
    try send(set, "intersectSet:", .set(["c", "d", "e"]))
    #expect(Value.object(set) == .set(["c", "d"]))
    try send(set, "removeObject:", "c")
    try send(set, "addObjectsFromArray:", ["x", "x"])
    #expect(Value.object(set) == .set(["d", "x"]))
    try send(set, "setSet:", .set([1]))
    #expect(Value.object(set) == .set([1]))
    try send(set, "removeAllObjects")
    #expect(try send(set, "count") == 0)
    expectFoundationError(.invalidArgument) { try send(set, "addObject:", .nil) }
    expectFoundationError(.invalidArgument) { try send(set, "unionSet:", ["an", "array"]) }
  }

  @Test func anImmutableSetRefusesEditingAndCopiesAreImmutable() throws {
    let runtime = Runtime()
    let set = try runtime.object(bridging: .set(["a"]))
    #expect(throws: RuntimeError.self) { try send(set, "addObject:", "b") }
    let mutable = try #require(try send(set, "mutableCopy").objectValue)
    #expect(mutable.isa.name == "__NSSetM")
    try send(mutable, "addObject:", "b")
    #expect(try send(mutable, "copy").objectValue?.isa.name == "__NSSetI")
    #expect(Value.object(try #require(set)) == .set(["a"]))
    #expect(try send(try foundationClass("NSSet", in: runtime), "setWithArray:", [1, 1, 2]) == .set([1, 2]))
  }
}
