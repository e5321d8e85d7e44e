// SelfContainingCollectionTests.swift: collections that contain themselves (Value+Nesting.swift,
// docs/foundation.md#collections-that-contain-themselves, decision 0024). Apple's -isEqual: and
// -description recurse over such a collection until the stack runs out; ours raise
// NSInvalidArgumentException past Value.nestingLimit levels, and everything Apple answers
// without recursing (hash, copy, identity) answers the same here. Each test crashed before.

import Testing

@testable import MiniFoundation

@Suite struct SelfContainingCollectionTests {
  /// An NSMutableArray added to itself.
  private func selfContaining(_ runtime: Runtime, _ also: [Value] = []) throws -> Object {
    let array = try runtime.mutableArray(also)
    _ = try send(array, "addObject:", .object(array))
    return array
  }

  private func expectTooDeep(_ body: () throws -> Value) {
    do {
      let answer = try body()
      Issue.record("answered \(answer) where Apple's recursion runs out of stack")
    } catch let error as FoundationError {
      #expect(error.exceptionName == "NSInvalidArgumentException")
      #expect(error.message.contains("nested more than \(Value.nestingLimit) levels deep"), "\(error.message)")
    } catch {
      Issue.record("threw \(error)")
    }
  }

  @Test func twoSelfContainingArraysRaiseWhenComparedByIsEqual() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let (first, second) = (try selfContaining(runtime), try selfContaining(runtime))
    expectTooDeep { try send(first, "isEqual:", .object(second)) }
    expectTooDeep { try send(first, "isEqualToArray:", .object(second)) }
    #expect(try send(first, "isEqual:", .object(first)) == true, "the same object is equal without a walk")
    #expect(Value.object(first) != .object(second), "Swift's == ends and answers false")
    #expect(Value.object(first) == .object(first))
  }

  @Test func twoArraysHoldingEachOtherRaiseWhenCompared() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let (first, second) = (try runtime.mutableArray(), try runtime.mutableArray())
    _ = try send(first, "addObject:", .object(second))
    _ = try send(second, "addObject:", .object(first))
    expectTooDeep { try send(first, "isEqual:", .object(second)) }
    let (left, right) = (try runtime.mutableDictionary(), try runtime.mutableDictionary())
    _ = try send(left, "setObject:forKey:", .object(left), "me")
    _ = try send(right, "setObject:forKey:", .object(right), "me")
    expectTooDeep { try send(left, "isEqualToDictionary:", .object(right)) }
  }

  @Test func searchesForASelfContainingArrayRaiseWhereTheyWouldRecurse() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let (first, second) = (try selfContaining(runtime), try selfContaining(runtime))
    let list = try runtime.mutableArray(["x", .object(first)])
    expectTooDeep { try send(list, "containsObject:", .object(second)) }
    expectTooDeep { try send(list, "indexOfObject:", .object(second)) }
    #expect(try send(list, "indexOfObject:", .object(first)) == 1, "itself is found by identity")
    let set = try runtime.mutableSet([.object(first)])
    expectTooDeep { try send(set, "containsObject:", .object(second)) }
    #expect(try send(set, "containsObject:", .object(first)) == true)
  }

  @Test func aSelfContainingArrayHashesCopiesAndGoesIntoASetAsApplesDoes() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let array = try selfContaining(runtime, ["a"])
    #expect(try send(array, "hash") == 2, "Apple's -[NSArray hash] is the count: no walk")
    let set = try runtime.mutableSet()
    _ = try send(set, "addObject:", .object(array))
    _ = try send(set, "addObject:", .object(array))
    #expect(try send(set, "count") == 1)
    let copy = try send(array, "copy")
    #expect(try send(copy.objectValue, "count") == 2)
    #expect(try send(copy.objectValue, "objectAtIndex:", 1) == .object(array), "a shallow copy holds the original")
    #expect(try send(copy.objectValue, "isEqual:", .object(array)) == true, "its one element is the same object")
    let dictionary = try runtime.mutableDictionary()
    _ = try send(dictionary, "setObject:forKey:", "v", .object(array))  // the key is copied
    #expect(try send(dictionary, "count") == 1)
  }

  @Test func aSelfContainingArraysDescriptionRaisesAndSwiftsDescriptionEnds() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let array = try selfContaining(runtime, ["a"])
    expectTooDeep { try send(array, "description") }
    #expect(Value.object(array).description.contains("..."), "Swift's description cannot throw: it stops")
  }

  @Test func collectionsNestedWithinTheLimitStillCompareAndPrint() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    func nested(_ depth: Int) throws -> Object {
      var inner = try runtime.mutableArray(["leaf"])
      for _ in 1..<depth { inner = try runtime.mutableArray([.object(inner)]) }
      return inner
    }
    let depth = Value.nestingLimit - 8
    let (first, second) = (try nested(depth), try nested(depth))
    #expect(try send(first, "isEqual:", .object(second)) == true)
    #expect(Value.object(first) == .object(second))
    #expect(Value.object(first).hashValue == Value.object(second).hashValue)
    #expect(try send(first, "description").stringValue?.contains("leaf") == true)
  }
}
