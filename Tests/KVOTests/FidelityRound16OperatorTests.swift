// FidelityRound16OperatorTests.swift: the collection operators an NSSet implements (decision
// 0033). NSSet's key-value coding category has the aggregates and the distinct unions only; a
// union that keeps duplicates (`@unionOfObjects`, `@unionOfArrays`, `@unionOfSets`) is no
// operation of a set, so its `valueForKeyPath:` refuses it with NSInvalidArgumentException, as
// it refuses `@foo`. NSArray keeps every operator.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound16OperatorTests {
  @Test(arguments: ["unionOfObjects", "unionOfArrays", "unionOfSets"])
  func aSetRefusesTheUnionsThatKeepDuplicates(op: String) throws {
    let world = try World()
    let set = try #require(try world.runtime.object(bridging: .set([.set([1]), .set([2])])))
    let error = #expect(throws: KeyValueError.self) { try set.value(forKeyPath: "@\(op).self") }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(error?.message.hasPrefix("[<\(set.isa.name) 0x") == true)
    #expect(error?.message.hasSuffix("> valueForKeyPath:]: this class does not implement the \(op) operation.") == true)
    let ann = try world.newPerson()
    try world.set(ann, "items", .object(try world.runtime.mutableSet([.set([1])])))  // a mutable set alike
    #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "items.@\(op).self") }
  }

  @Test func aSetAnswersTheAggregatesAndTheDistinctUnions() throws {
    let world = try World()
    let set = try #require(try world.runtime.object(bridging: .set([.set([1, 2]), .set([2, 3])])))
    #expect(try set.value(forKeyPath: "@count").intValue == 2)
    #expect(try set.value(forKeyPath: "@distinctUnionOfSets.self") == .set([1, 2, 3]))
    #expect(try set.value(forKeyPath: "@distinctUnionOfArrays.self") == .set([1, 2, 3]))
    #expect(try set.value(forKeyPath: "@distinctUnionOfObjects.@count") == .set([2]))
    let array = try #require(try world.runtime.object(bridging: [[1, 2], [2]]))
    #expect(try array.value(forKeyPath: "@unionOfArrays.self") == [1, 2, 2])
    #expect(try array.value(forKeyPath: "@unionOfObjects.@count") == [2, 1])
  }
}
