// CollectionOperatorEqualityTests.swift: the distinct unions keep one of objects that are equal
// by their own -isEqual: and -hash, as Foundation's (which collect into a set) do.

import Testing

@testable import KVO

@Suite struct CollectionOperatorEqualityTests {
  @Test func distinctUnionsKeepTheFirstOfEqualObjects() throws {
    let runtime = Runtime()
    let cls = try alikeClass(in: runtime)
    let (first, second) = (try cls.createInstance(), try cls.createInstance())
    let list = try runtime.mutableArray([.object(first), "a", .object(second)])
    #expect(try list.value(forKeyPath: "@distinctUnionOfObjects.self") == [.object(first), "a"])
    let nested = try runtime.mutableArray([[.object(first)], [.object(second), "a"]])
    #expect(try nested.value(forKeyPath: "@distinctUnionOfArrays.self") == [.object(first), "a"])
    let sets = try runtime.mutableArray([.set([.object(first)]), .set([.object(second)])])
    #expect(try sets.value(forKeyPath: "@distinctUnionOfSets.self").arrayValue?.count == 1)
  }
}
