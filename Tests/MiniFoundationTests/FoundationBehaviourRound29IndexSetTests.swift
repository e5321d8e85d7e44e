// FoundationBehaviourRound29IndexSetTests.swift: the class and description Foundation gives an
// index set of one index (`_NSCachedIndexSet`), beside NSIndexSet's and NSMutableIndexSet's.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound29IndexSetTests {
  /// `[object description]`.
  private func description(_ object: Object) throws -> String {
    try #require(try send(object, "description").stringValue)
  }

  @Test func indexSetWithIndexGivesACachedIndexSetThatPrintsItsClassAndAddress() throws {
    let runtime = Runtime()
    let nsIndexSet = try foundationClass("NSIndexSet", in: runtime)
    let one = try #require(try send(nsIndexSet, "indexSetWithIndex:", .uint64(3)).objectValue)
    #expect(one.isa.name == "_NSCachedIndexSet")
    #expect(one.isa.superclass === nsIndexSet)
    #expect(try send(one, "isKindOfClass:", .class(nsIndexSet)) == true)
    #expect(try description(one) == "<_NSCachedIndexSet: \(one.address)>[number of indexes: 1 (in 1 ranges), indexes: (3)]")
    #expect(try send(one, "copy") == .object(one), "immutable: the copy is the set itself")
    let mutable = try #require(try send(one, "mutableCopy").objectValue)
    #expect(mutable.isa.name == "NSMutableIndexSet")
    let alloced = try send(nsIndexSet, "alloc")
    #expect(try send(alloced.objectValue, "initWithIndex:", .uint64(0)).objectValue?.isa.name == "_NSCachedIndexSet")
    #expect(try runtime.indexSet(index: 5).isa.name == "_NSCachedIndexSet")
    #expect(Value.object(try runtime.indexSet(index: 5)).indexesValue == [5])
    try runtime.checkInvariants()
  }

  @Test func aMutableOrRangeMadeIndexSetKeepsItsClassInTheDescription() throws {
    let runtime = Runtime()
    let nsIndexSet = try foundationClass("NSIndexSet", in: runtime)
    let nsMutableIndexSet = try foundationClass("NSMutableIndexSet", in: runtime)
    let mutable = try #require(try send(nsMutableIndexSet, "indexSetWithIndex:", .uint64(3)).objectValue)
    #expect(try description(mutable) == "<NSMutableIndexSet: \(mutable.address)>[number of indexes: 1 (in 1 ranges), indexes: (3)]")
    let empty = try #require(try send(nsIndexSet, "indexSet").objectValue)
    #expect(try description(empty) == "<NSIndexSet: \(empty.address)>[number of indexes: 0 (in 0 ranges), indexes: ()]")
    let range = try #require(try send(nsIndexSet, "indexSetWithIndexesInRange:", .range(2..<5)).objectValue)
    #expect(try description(range) == "<NSIndexSet: \(range.address)>[number of indexes: 3 (in 1 ranges), indexes: (2-4)]")
    try send(mutable, "addIndex:", .uint64(7))
    try send(mutable, "addIndexesInRange:", .range(0..<2))
    #expect(try description(mutable).hasSuffix(">[number of indexes: 4 (in 3 ranges), indexes: (0-1 3 7)]"))
  }

  @Test func indexSetWithIndexOutsideTheIndexesRaisesAsFoundation() throws {
    let runtime = Runtime()
    let error = #expect(throws: FoundationError.self) { try runtime.indexSet(index: -1) }
    #expect(error?.code == .indexOutOfBounds)
    #expect(error?.message == "*** -[NSIndexSet initWithIndexesInRange:]: Range {18446744073709551615, 1} exceeds maximum index value of NSNotFound - 1")
    #expect(throws: FoundationError.self) { try runtime.indexSet(index: Int.max) }
  }
}
