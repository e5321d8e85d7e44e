// FoundationBehaviourRound15UnionTests.swift: the distinct unions of key-value coding compare as
// Foundation's collections compare (decision 0024): collections that hold themselves raise
// NSInvalidArgumentException, as -isEqual: and -member: do, where Swift's `==` would answer
// false at Value.nestingLimit; objects whose class overrides -isEqual:/-hash are deduped by
// those messages at every depth (docs/foundation.md#collections-that-contain-themselves).

import Testing

@testable import KVO

@Suite struct FoundationBehaviourRound15UnionTests {
  /// An NSMutableArray added to itself.
  private func selfContaining(_ runtime: Runtime) throws -> Object {
    let array = try runtime.mutableArray()
    _ = try runtime.msgSend(bridging: .object(array), "addObject:", .object(array))
    return array
  }

  private func expectTooDeep(_ path: String, of collection: Object, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
      let answer = try collection.value(forKeyPath: path)
      Issue.record("\(path) answered \(answer) where Apple's -isEqual: recurses", sourceLocation: sourceLocation)
    } catch let error as FoundationError {
      #expect(error.exceptionName == "NSInvalidArgumentException", sourceLocation: sourceLocation)
      #expect(error.message.contains("nested more than \(Value.nestingLimit) levels deep"), "\(error.message)", sourceLocation: sourceLocation)
    } catch {
      Issue.record("\(path) threw \(error)", sourceLocation: sourceLocation)
    }
  }

  /// People whose `items` are `values`, in an array. (A path through the arrays themselves,
  /// `@distinctUnionOfObjects.self`, would recurse on Apple too: `[array valueForKey:@"self"]`
  /// asks each element, and a self-containing array is its own element.)
  private func people(_ world: World, _ values: [Value]) throws -> Object {
    try world.runtime.mutableArray(
      values.map { value in
        let person = try world.newPerson()
        try person.setValue(value, forKey: "items")
        return .object(person)
      })
  }

  @Test func distinctUnionsOfTwoSelfContainingArraysRaiseAsIsEqualDoes() throws {
    let world = try World()
    let runtime = world.runtime
    try runtime.installFoundation()
    let (first, second) = (try selfContaining(runtime), try selfContaining(runtime))
    let owners = try people(world, [.object(first), .object(second)])
    expectTooDeep("@distinctUnionOfObjects.items", of: owners)
    let wrapped = try people(world, [[.object(first)], [.object(second)]])
    expectTooDeep("@distinctUnionOfArrays.items", of: wrapped)
    let sets = try people(world, [.set([.object(first)]), .set([.object(second)])])
    expectTooDeep("@distinctUnionOfSets.items", of: sets)
    let unordered = try runtime.mutableSet(try people(world, [.object(first), .object(second)]).value(forKey: "self").arrayValue.map(Set.init) ?? [])
    expectTooDeep("@distinctUnionOfObjects.items", of: unordered)  // NSSet has no @unionOfObjects (decision 0033)
  }

  @Test func aSelfContainingArrayMetTwiceIsKeptOnceAndAUnionThatKeepsAllComparesNothing() throws {
    let world = try World()
    let runtime = world.runtime
    try runtime.installFoundation()
    let first = try selfContaining(runtime)
    let owners = try people(world, [.object(first), "x", .object(first), ["y"]])
    let distinct = try #require(try owners.value(forKeyPath: "@distinctUnionOfObjects.items").arrayValue)
    #expect(distinct.count == 3 && distinct[0].objectValue === first && distinct[1] == "x", "the same object needs no walk")
    #expect(try owners.value(forKeyPath: "@unionOfObjects.items").arrayValue?.count == 4)
  }

  @Test func distinctUnionsDedupeObjectsWithTheirOwnEqualityInsideCollectionsAndOrderedSets() throws {
    let runtime = Runtime()
    let cls = try alikeClass(in: runtime)
    let (first, second) = (try cls.createInstance(), try cls.createInstance())
    let arrays = try runtime.mutableArray([[.object(first)], [.object(second)], ["a"]])
    #expect(try arrays.value(forKeyPath: "@distinctUnionOfObjects.self") == [[.object(first)], ["a"]], "[a] isEqual: [b] asks a")
    let ordered = try runtime.mutableOrderedSet([.object(first), "a", .object(second)])
    let union = try ordered.value(forKeyPath: "@distinctUnionOfObjects.self")
    #expect(union.setElements?.count == 2 || union.arrayValue?.count == 2, "\(union)")
    let set = try runtime.mutableSet([.object(first), .object(second)])
    #expect(try set.value(forKeyPath: "@distinctUnionOfObjects.self").setElements?.count == 1)
  }

  @Test func valueForKeyThroughASelfContainingCollectionRaisesWhereApplesRunsOutOfStack() throws {
    // [array valueForKey:@"self"] asks each element, and an array holding itself is its own
    // element: Apple's recursion runs out of stack. Ours raises past Value.nestingLimit levels,
    // as -isEqual: and -description do, and a walk within the limit still answers.
    let world = try World()
    let runtime = world.runtime
    try runtime.installFoundation()
    let array = try selfContaining(runtime)
    expectTooDeep("self", of: array)
    expectTooDeep("@distinctUnionOfObjects.self", of: try runtime.mutableArray([.object(array)]))
    let set = try runtime.mutableSet([])
    _ = try runtime.msgSend(bridging: .object(set), "addObject:", .object(array))
    expectTooDeep("self", of: set)
    let thrown = #expect(throws: FoundationError.self) { try array.setValue(1, forKey: "name") }
    #expect(thrown?.message.contains("-[__NSArrayM setValue:forKey:]: collections nested more than") == true, "\(String(describing: thrown))")
    let nested = try runtime.mutableArray([[["a"]]])
    #expect(try nested.value(forKey: "length") == [[[1]]], "a walk within the limit answers")
  }
}
