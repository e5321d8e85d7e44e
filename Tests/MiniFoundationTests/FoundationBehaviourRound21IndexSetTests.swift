// FoundationBehaviourRound21IndexSetTests.swift: the twenty-first round of Foundation
// behaviours: an index set asked about, or edited with, a range that reaches past `NSNotFound -
// 1` (the largest index a set can hold), and `removeIndex:NSNotFound`. Apple documents neither;
// GNUstep-base 1.28, run on this machine, raises for every one but `countOfIndexesInRange:`
// (`Bad range`, NSInvalidArgumentException), and its `NSMakeRange` itself raises for a range
// past `NSUIntegerMax`. What we chose and why: docs/foundation.md#index-sets.

import Testing

@testable import MiniFoundation

/// An `NSRange` value from its raw location and length (`Value.range` cannot spell one whose end
/// passes `Int.max`).
private func nsRange(_ location: UInt64, _ length: UInt64) -> Value {
  .structure(Structure(name: "_NSRange", fields: [.uint64(location), .uint64(length)]))
}

/// `NSNotFound`.
private let notFound = UInt64(Int.max)

@Suite struct FoundationBehaviourRound21IndexSetTests {
  /// The indexes 0-9 and `NSNotFound - 1`, the largest index.
  private func tenAndTheLast(in runtime: Runtime) throws -> Object {
    let nsMutableIndexSet = try foundationClass("NSMutableIndexSet", in: runtime)
    let set = try #require(try send(nsMutableIndexSet, "indexSetWithIndexesInRange:", .range(0..<10)).objectValue)
    try send(set, "addIndex:", .uint64(notFound - 1))
    return set
  }

  @Test func aQuestionAboutARangePastTheLargestIndexIsAnsweredForTheIndexesASetCanHold() throws {
    // The range is an NSRange (not "not an NSRange"); the indexes past NSNotFound - 1 are
    // indexes no set holds: contains is NO, count and intersects see the rest.
    let runtime = Runtime()
    let set = try tenAndTheLast(in: runtime)
    #expect(try send(set, "containsIndexesInRange:", nsRange(notFound, 2)) == false)
    #expect(try send(set, "containsIndexesInRange:", nsRange(notFound - 1, 2)) == false)
    #expect(try send(set, "containsIndexesInRange:", nsRange(notFound - 1, 1)) == true)
    #expect(try send(set, "intersectsIndexesInRange:", nsRange(notFound - 1, 2)) == true)
    #expect(try send(set, "intersectsIndexesInRange:", nsRange(notFound, 2)) == false)
    #expect(try send(set, "countOfIndexesInRange:", nsRange(notFound - 1, 2)) == .uint64(1), "GNUstep answers 1 too")
    #expect(try send(set, "countOfIndexesInRange:", nsRange(5, notFound)) == .uint64(6))
    try runtime.checkInvariants()
  }

  @Test func aRangePastNSUIntegerMaxStopsThere() throws {
    // {5, NSUIntegerMax} ends past NSUIntegerMax; read as every index from 5 on.
    let runtime = Runtime()
    let set = try tenAndTheLast(in: runtime)
    #expect(try send(set, "countOfIndexesInRange:", nsRange(5, UInt64.max)) == .uint64(6))
    #expect(try send(set, "intersectsIndexesInRange:", nsRange(UInt64.max, 2)) == false)
    #expect(try send(set, "containsIndexesInRange:", nsRange(5, UInt64.max)) == false)
  }

  @Test func removingAnIndexOrRangePastTheLargestIndexRaisesAsAddingDoes() throws {
    let runtime = Runtime()
    let set = try tenAndTheLast(in: runtime)
    let index = expectFoundationError(.indexOutOfBounds) { try send(set, "removeIndex:", .uint64(notFound)) }
    #expect(index?.exceptionName == "NSRangeException")
    #expect(
      index?.message
        == "*** -[NSMutableIndexSet removeIndexesInRange:]: Range {9223372036854775807, 1} exceeds maximum index value of NSNotFound - 1")
    let range = expectFoundationError(.indexOutOfBounds) { try send(set, "removeIndexesInRange:", nsRange(notFound - 1, 2)) }
    #expect(
      range?.message
        == "*** -[NSMutableIndexSet removeIndexesInRange:]: Range {9223372036854775806, 2} exceeds maximum index value of NSNotFound - 1")
    #expect(try send(set, "count") == .uint64(11), "nothing removed")
    try send(set, "removeIndex:", .uint64(notFound - 1))
    try send(set, "removeIndexesInRange:", nsRange(notFound - 1, 1))
    #expect(try send(set, "count") == .uint64(10))
    try runtime.checkInvariants()
  }

  @Test func addingNSNotFoundRaisesNSRangeExceptionNamingTheRangeMethod() throws {
    // Already matched: Apple's reports of addIndex:NSNotFound name NSRangeException (GNUstep
    // raises NSInvalidArgumentException, `Bad range`).
    let runtime = Runtime()
    let set = try tenAndTheLast(in: runtime)
    let error = expectFoundationError(.indexOutOfBounds) { try send(set, "addIndex:", .uint64(notFound)) }
    #expect(error?.exceptionName == "NSRangeException")
    #expect(error?.message.hasPrefix("*** -[NSMutableIndexSet addIndexesInRange:]: Range {9223372036854775807, 1}") == true)
  }
}
