// FoundationAPICensusTests+Collections.swift: the mutable array and ordered set edits and the ordered
// set initializers the census added.
// Part of the API census (FoundationAPICensusTests.swift): the methods the census found missing,
// each with Apple's documented answer.

import Testing

@testable import MiniFoundation

extension FoundationAPICensusTests {
  @Test func aMutableArrayRemovesAnIdenticalObjectInARangeAndReplacesWithPartOfAnother() throws {
    let runtime = Runtime()
    let nsMutableArray = try foundationClass("NSMutableArray", in: runtime)
    let item = try send(try foundationClass("NSMutableString", in: runtime), "stringWithString:", "x")
    let twin = try send(try foundationClass("NSMutableString", in: runtime), "stringWithString:", "x")
    let array = try send(nsMutableArray, "arrayWithArray:", [item, "a", item, twin, item])
    try send(array.objectValue, "removeObjectIdenticalTo:inRange:", item, Value.range(1..<4))
    let left = try send(array.objectValue, "count")
    #expect(left == .uint64(4))
    #expect(try send(array.objectValue, "objectAtIndex:", .uint64(2)).objectValue === twin.objectValue, "an equal but other object stays")
    #expect(try send(array.objectValue, "indexOfObjectIdenticalTo:", item) == .uint64(0))
    expectFoundationError(.indexOutOfBounds) { try send(array.objectValue, "removeObjectIdenticalTo:inRange:", item, Value.range(3..<6)) }
    let letters = try send(nsMutableArray, "arrayWithArray:", ["a", "b", "c", "d"])
    try send(letters.objectValue, "replaceObjectsInRange:withObjectsFromArray:range:", Value.range(1..<3), ["p", "q", "r", "s"], Value.range(1..<4))
    #expect(letters.objectValue.map(Value.object) == ["a", "q", "r", "s", "d"])
    expectFoundationError(.indexOutOfBounds) {
      try send(letters.objectValue, "replaceObjectsInRange:withObjectsFromArray:range:", Value.range(0..<1), ["p"], Value.range(0..<2))
    }
    #expect(letters.objectValue.map(Value.object) == ["a", "q", "r", "s", "d"], "a range past the other array's end changes nothing")
    try runtime.checkInvariants()
  }

  @Test func anOrderedSetIsMadeFromOneObjectOrPartOfAnArrayOrOrderedSetOrCopies() throws {
    let runtime = Runtime()
    let nsOrderedSet = try foundationClass("NSOrderedSet", in: runtime)
    let one = try send(try send(nsOrderedSet, "alloc").objectValue, "initWithObject:", "a")
    #expect(try send(one.objectValue, "array") == ["a"])
    expectFoundationError(.invalidArgument) { try send(try send(nsOrderedSet, "alloc").objectValue, "initWithObject:", .nil) }
    let part = try send(nsOrderedSet, "orderedSetWithArray:range:copyItems:", ["a", "b", "a", "c"], Value.range(1..<4), false)
    #expect(try send(part.objectValue, "array") == ["b", "a", "c"])
    let inner = try send(nsOrderedSet, "orderedSetWithOrderedSet:range:copyItems:", part, Value.range(1..<3), false)
    #expect(try send(inner.objectValue, "array") == ["a", "c"])
    expectFoundationError(.indexOutOfBounds) { try send(nsOrderedSet, "orderedSetWithArray:range:copyItems:", ["a"], Value.range(0..<2), false) }
    let original = try send(try foundationClass("NSMutableString", in: runtime), "stringWithString:", "m")
    let copied = try send(nsOrderedSet, "orderedSetWithSet:copyItems:", .set([original]), true)
    #expect(try send(copied.objectValue, "firstObject") == "m")
    #expect(try send(copied.objectValue, "firstObject").objectValue !== original.objectValue, "YES puts a copy in")
    let shared = try send(try send(nsOrderedSet, "alloc").objectValue, "initWithOrderedSet:copyItems:", copied, false)
    #expect(try send(shared.objectValue, "firstObject").objectValue === (try send(copied.objectValue, "firstObject")).objectValue)
    let arrayCopies = try send(try send(nsOrderedSet, "alloc").objectValue, "initWithArray:copyItems:", [original], true)
    #expect(try send(arrayCopies.objectValue, "firstObject").objectValue !== original.objectValue)
    try runtime.checkInvariants()
  }

  @Test func anOrderedSetIsASubsetOfASetAndAMutableOneRemovesAnArrayOrARange() throws {
    let runtime = Runtime()
    let set = try send(try foundationClass("NSMutableOrderedSet", in: runtime), "orderedSetWithArray:", ["a", "b", "c", "d", "e"])
    #expect(try send(set.objectValue, "isSubsetOfSet:", .set(["a", "b", "c", "d", "e", "f"])) == true)
    #expect(try send(set.objectValue, "isSubsetOfSet:", .set(["a", "b"])) == false)
    try send(set.objectValue, "removeObjectsInArray:", ["b", "z"])
    #expect(try send(set.objectValue, "array") == ["a", "c", "d", "e"])
    try send(set.objectValue, "removeObjectsInRange:", Value.range(1..<3))
    #expect(try send(set.objectValue, "array") == ["a", "e"])
    expectFoundationError(.indexOutOfBounds) { try send(set.objectValue, "removeObjectsInRange:", Value.range(1..<3)) }
    #expect(try send(set.objectValue, "array") == ["a", "e"], "a range past the end changes nothing")
    try runtime.checkInvariants()
  }
}
