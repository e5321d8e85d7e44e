// FidelityRound17OperatorTests.swift: probe round 17, `@unionOfSets` and `@distinctUnionOfSets`
// sent to an array of sets. NSArray's key-value coding answers every operator with an array
// (its `_unionOfSetsForKeyPath:` and `_distinctUnionOfSetsForKeyPath:` among them); only a set
// receiver answers a set. `@unionOfSets` keeps an element met in two sets, as `@unionOfArrays`
// does; the distinct form keeps one.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound17OperatorTests {
  /// The elements of an array answer, sorted (the order within a set is not defined).
  private func sortedInts(_ value: Value) throws -> [Int] {
    try #require(value.arrayValue, "an array, not \(value)").compactMap(\.intValue).sorted()
  }

  @Test func anArrayOfSetsAnswersTheSetUnionsWithArrays() throws {
    let world = try World()
    let sets = try world.runtime.mutableArray([.set([1, 2]), .set([2, 3])])
    let union = try sets.value(forKeyPath: "@unionOfSets.self")
    #expect(try sortedInts(union) == [1, 2, 2, 3])
    let distinct = try sets.value(forKeyPath: "@distinctUnionOfSets.self")
    #expect(try sortedInts(distinct) == [1, 2, 3])
  }

  @Test func theSetUnionsOfAnArrayPropertyAnswerArraysAndOfASetPropertyASet() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [.set([1, 2]), .object(try world.runtime.mutableSet([2, 4]))])
    #expect(try sortedInts(try ann.value(forKeyPath: "items.@unionOfSets.self")) == [1, 2, 2, 4])
    #expect(try sortedInts(try ann.value(forKeyPath: "items.@distinctUnionOfSets.self")) == [1, 2, 4])
    try world.set(ann, "items", .set([.set([1, 2]), .set([2, 4])]))
    #expect(try ann.value(forKeyPath: "items.@distinctUnionOfSets.self") == .set([1, 2, 4]))
  }

  /// The right-hand key path is sent to each nested set (whose `valueForKeyPath:` maps it).
  @Test func theRightPathIsReadFromEachNestedSet() throws {
    let world = try World()
    let words = try world.runtime.mutableArray([.set(["ab", "cde"]), .set(["fg"])])
    #expect(try sortedInts(try words.value(forKeyPath: "@unionOfSets.length")) == [2, 2, 3])
    #expect(try sortedInts(try words.value(forKeyPath: "@distinctUnionOfSets.length")) == [2, 3])
  }
}
