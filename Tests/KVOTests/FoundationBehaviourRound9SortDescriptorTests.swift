// FoundationBehaviourRound9SortDescriptorTests.swift: NSSortDescriptor and the collections'
// sortedArrayUsingDescriptors: / sortUsingDescriptors:, as NSSortDescriptor.h documents them: a
// descriptor reads its key path of both objects with key-value coding (collection operators
// included), orders nil first, sends its selector (compare: by default), and the descriptors of
// an array are tried in order, the sort keeping ties in place.

import Testing

@testable import KVO

@Suite struct FoundationBehaviourRound9SortDescriptorTests {
  func descriptor(_ runtime: Runtime, _ key: Value, ascending: Bool = true, selector: Selector? = nil) throws -> Object
  {
    runtime.installKeyValueObserving()
    try runtime.installFoundation()
    let cls = try #require(runtime.lookUpClass(named: "NSSortDescriptor"))
    let made =
      if let selector {
        try send(cls, "sortDescriptorWithKey:ascending:selector:", key, .bool(ascending), .selector(selector))
      } else {
        try send(cls, "sortDescriptorWithKey:ascending:", key, .bool(ascending))
      }
    return try #require(made.objectValue)
  }

  let people: Value = [
    ["name": "bob", "age": 30], ["name": "Ann", "age": 25], ["name": "cid", "age": 30], ["name": "dee", "age": 25],
  ]

  func names(_ sorted: Value) -> [String] {
    (sorted.arrayValue ?? []).map { $0.dictionaryValue?["name"]?.stringValue ?? "?" }
  }

  @Test func aDescriptorAnswersItsKeyDirectionAndSelectorAndReverses() throws {
    let runtime = Runtime()
    let byName = try descriptor(runtime, "name")
    #expect(try send(byName, "key") == "name")
    #expect(try send(byName, "ascending") == true)
    #expect(try send(byName, "selector") == .selector("compare:"))
    #expect(try send(byName, "description") == "(name, ascending, compare:)")
    let folded = try descriptor(runtime, "name", ascending: false, selector: "caseInsensitiveCompare:")
    #expect(try send(folded, "selector") == .selector("caseInsensitiveCompare:"))
    #expect(try send(folded, "description") == "(name, descending, caseInsensitiveCompare:)")
    let reversed = try #require(try send(folded, "reversedSortDescriptor").objectValue)
    #expect(reversed !== folded)
    #expect(try send(reversed, "ascending") == true)
    #expect(try send(reversed, "key") == "name")
    #expect(try send(reversed, "selector") == .selector("caseInsensitiveCompare:"))
    #expect(try send(folded, "ascending") == false, "the receiver is unchanged")
    // alloc/init makes the same descriptor; equal descriptors are isEqual: and hash alike.
    let cls = try #require(runtime.lookUpClass(named: "NSSortDescriptor"))
    let allocated = try send(send(cls, "alloc").objectValue, "initWithKey:ascending:", "name", true)
    #expect(allocated.objectValue?.isa === cls)
    #expect(try send(allocated.objectValue, "isEqual:", .object(byName)) == true)
    #expect(try send(allocated.objectValue, "hash") == (try send(byName, "hash")))
    #expect(try send(byName, "isEqual:", .object(folded)) == false)
    #expect(try send(byName, "copy").objectValue === byName)
    let selfKey = try descriptor(runtime, .nil)
    #expect(try send(selfKey, "key") == .nil)
  }

  @Test func compareObjectToObjectReadsTheKeyPathAndSendsTheSelector() throws {
    let runtime = Runtime()
    let byAge = try descriptor(runtime, "age")
    let older: Value = ["age": 30]
    let younger: Value = ["age": 25]
    #expect(try send(byAge, "compareObject:toObject:", younger, older) == -1)
    #expect(try send(byAge, "compareObject:toObject:", older, younger) == 1)
    #expect(try send(byAge, "compareObject:toObject:", older, older) == 0)
    let descending = try descriptor(runtime, "age", ascending: false)
    #expect(try send(descending, "compareObject:toObject:", younger, older) == 1)
    let folded = try descriptor(runtime, .nil, selector: "caseInsensitiveCompare:")
    #expect(try send(folded, "compareObject:toObject:", "abc", "ABD") == -1)  // nil key: the objects themselves
    #expect(try send(try descriptor(runtime, .nil), "compareObject:toObject:", "abc", "ABD") == 1)
    let bySelf = try descriptor(runtime, "self", ascending: false)  // the common idiom: KVC's -self
    #expect(
      try runtime.msgSend(bridging: ["b", "c", "a"], "sortedArrayUsingDescriptors:", [.object(bySelf)]) == [
        "c", "b", "a",
      ])
  }

  @Test func aNilValueSortsFirstAscendingAndLastDescending() throws {
    let world = try World()
    let ann = try world.newPerson()
    let nobody = try world.newPerson()
    try world.set(ann, "firstName", "Ann")
    let byFirstName = try descriptor(world.runtime, "firstName")
    #expect(try send(byFirstName, "compareObject:toObject:", .object(nobody), .object(ann)) == -1)
    #expect(try send(byFirstName, "compareObject:toObject:", .object(ann), .object(nobody)) == 1)
    #expect(try send(byFirstName, "compareObject:toObject:", .object(nobody), .object(nobody)) == 0)
    let list = try world.runtime.mutableArray([.object(ann), .object(nobody)])
    #expect(
      try send(list, "sortedArrayUsingDescriptors:", [.object(byFirstName)]).arrayValue?.first?.objectValue === nobody)
    let descending = try send(byFirstName, "reversedSortDescriptor")
    #expect(try send(list, "sortedArrayUsingDescriptors:", [descending]).arrayValue?.last?.objectValue === nobody)
  }

  @Test func sortedArrayUsingDescriptorsTriesTheDescriptorsInOrderAndKeepsTies() throws {
    let runtime = Runtime()
    let byAge = try descriptor(runtime, "age")
    let byName = try descriptor(runtime, "name", ascending: false, selector: "caseInsensitiveCompare:")
    #expect(
      names(try runtime.msgSend(bridging: people, "sortedArrayUsingDescriptors:", [.object(byAge), .object(byName)]))
        == ["dee", "Ann", "cid", "bob"])
    #expect(
      names(try runtime.msgSend(bridging: people, "sortedArrayUsingDescriptors:", [.object(byAge)])) == [
        "Ann", "dee", "bob", "cid",
      ])  // ties keep their order
    #expect(
      names(try runtime.msgSend(bridging: people, "sortedArrayUsingDescriptors:", [])) == ["bob", "Ann", "cid", "dee"])
    #expect(
      names(try runtime.msgSend(bridging: people, "sortedArrayUsingDescriptors:", .nil)) == [
        "bob", "Ann", "cid", "dee",
      ])
    let byPlainName = try descriptor(runtime, "name")
    #expect(
      names(try runtime.msgSend(bridging: people, "sortedArrayUsingDescriptors:", [.object(byPlainName)])) == [
        "Ann", "bob", "cid", "dee",
      ])
  }

  @Test func mutableArraysAndOrderedSetsSortInPlaceAndSetsAnswerASortedArray() throws {
    let runtime = Runtime()
    let byAge = try descriptor(runtime, "age", ascending: false)
    let byName = try descriptor(runtime, "name")
    let list = try runtime.mutableArray(people.arrayValue ?? [])
    try send(list, "sortUsingDescriptors:", [.object(byAge), .object(byName)])
    #expect(names(.object(list)) == ["bob", "cid", "Ann", "dee"])

    let orderedSetClass = try #require(runtime.lookUpClass(named: "NSMutableOrderedSet"))
    let ordered = try send(orderedSetClass, "orderedSetWithArray:", [3, 1, 2])
    #expect(
      try send(ordered.objectValue, "sortedArrayUsingDescriptors:", [.object(try descriptor(runtime, .nil))]) == [
        1, 2, 3,
      ])
    try send(ordered.objectValue, "sortUsingDescriptors:", [.object(try descriptor(runtime, .nil, ascending: false))])
    #expect(try send(ordered.objectValue, "array") == [3, 2, 1])
    #expect(try send(ordered.objectValue, "count") == .uint64(3))

    let set = try runtime.msgSend(
      bridging: .set(["b", "c", "a"]), "sortedArrayUsingDescriptors:", [.object(try descriptor(runtime, .nil))])
    #expect(set == ["a", "b", "c"])
  }

  @Test func aKeyPathMayGoThroughRelationshipsAndCollectionOperators() throws {
    let runtime = Runtime()
    let teams: Value = [
      ["name": "red", "scores": [3, 9], "lead": ["age": 40]],
      ["name": "blue", "scores": [5, 6, 7], "lead": ["age": 20]],
    ]
    let byCount = try descriptor(runtime, "scores.@count")
    #expect(
      names(try runtime.msgSend(bridging: teams, "sortedArrayUsingDescriptors:", [.object(byCount)])) == [
        "red", "blue",
      ])
    let byBest = try descriptor(runtime, "scores.@max.self", ascending: false)
    #expect(
      names(try runtime.msgSend(bridging: teams, "sortedArrayUsingDescriptors:", [.object(byBest)])) == ["red", "blue"])
    let byLeadAge = try descriptor(runtime, "lead.age")
    #expect(
      names(try runtime.msgSend(bridging: teams, "sortedArrayUsingDescriptors:", [.object(byLeadAge)])) == [
        "blue", "red",
      ])
  }

  @Test func badInputRaisesFoundationsExceptionsAndLeavesTheArrayAlone() throws {
    let world = try World()
    let runtime = world.runtime
    // The values do not answer the selector: -[__NSCFNumber caseInsensitiveCompare:] is unrecognized.
    let byAgeFolded = try descriptor(runtime, "age", selector: "caseInsensitiveCompare:")
    let list = try runtime.mutableArray(people.arrayValue ?? [])
    let unanswered = #expect(throws: RuntimeError.self) {
      try send(list, "sortUsingDescriptors:", [.object(byAgeFolded)])
    }
    #expect(unanswered?.exceptionName == "NSInvalidArgumentException")
    #expect(names(.object(list)) == ["bob", "Ann", "cid", "dee"], "nothing moved")
    // A key that is not a string.
    let cls = try #require(runtime.lookUpClass(named: "NSSortDescriptor"))
    let badKey = #expect(throws: FoundationError.self) { try send(cls, "sortDescriptorWithKey:ascending:", 7, true) }
    #expect(badKey?.exceptionName == "NSInvalidArgumentException")
    // Something in the descriptors array that is no descriptor.
    let notADescriptor = #expect(throws: RuntimeError.self) { try send(list, "sortedArrayUsingDescriptors:", ["name"]) }
    #expect(notADescriptor?.exceptionName == "NSInvalidArgumentException")
    // A key the objects do not have: key-value coding's NSUnknownKeyException.
    let people = try runtime.mutableArray([.object(try world.newPerson()), .object(try world.newPerson())])
    let unknown = #expect(throws: KeyValueError.self) {
      try send(people, "sortedArrayUsingDescriptors:", [.object(try descriptor(runtime, "shoeSize"))])
    }
    #expect(unknown?.exceptionName == "NSUnknownKeyException")
    // Descriptors that are not an array.
    let notAnArray = #expect(throws: FoundationError.self) { try send(list, "sortedArrayUsingDescriptors:", 3) }
    #expect(notAnArray?.exceptionName == "NSInvalidArgumentException")
  }
}
