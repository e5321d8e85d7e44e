// FidelityRound29ChangeIndexesTests.swift: a to-many change's `indexes` prints as Foundation's
// change dictionary prints it, the index set object's own description, quoted:
// `indexes = "<_NSCachedIndexSet: 0x…>[number of indexes: 1 (in 1 ranges), indexes: (1)]";`.
// Until round 29 the Swift description printed `indexes = [number of indexes: 1 …];`, with no
// object, and each read of the entry made a new object.

import Testing

@testable import KVO

@Suite struct FidelityRound29ChangeIndexesTests {
  /// The changes an observer of `items` (options `options`) gets while `edit` runs.
  private func changes(
    _ world: World, options: ObservingOptions = [], _ edit: (Object) throws -> Void
  ) throws -> [Change] {
    try world.addItemsMutators()
    let person = try world.newPerson()
    try person.setValue(["a", "b", "c", "d"], forKey: "items")
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "items", options: options)
    try edit(person)
    try person.removeObserver(observer, forKeyPath: "items")
    return log.all.map(\.change)
  }

  @Test func anInsertionsIndexesPrintAsTheCachedIndexSetObjectItHolds() throws {
    let world = try World()
    let change = try #require(try changes(world) { try $0.mutableArrayValue(forKey: "items").insert("x", at: 1) }.first)
    let indexSet = try #require(change[.indexes]?.objectValue)
    #expect(indexSet.isa.name == "_NSCachedIndexSet")
    #expect(change[.indexes] == .object(indexSet), "one object, at every read")
    let line = "    indexes = \"<_NSCachedIndexSet: \(indexSet.address)>[number of indexes: 1 (in 1 ranges), indexes: (1)]\";"
    #expect(change.description == "{\n\(line)\n    kind = 2;\n}")
    // The message: NSDictionary's -description, sending the index set -description.
    let boxed = try world.runtime.object(bridging: .swiftObject(change))
    #expect(try send(boxed, "description").stringValue == "{\n\(line)\n    kind = 2;\n}")
    try world.runtime.checkInvariants()
  }

  @Test func severalIndexesPrintAsAnNSIndexSetWithRanges() throws {
    let world = try World()
    let change = try #require(
      try changes(world, options: [.old]) { person in
        try person.willChange(.removal, valuesAt: [0, 1, 3], forKey: "items")
        try person.setValue(["c"], forIvar: "_items")
        try person.didChange(.removal, valuesAt: [0, 1, 3], forKey: "items")
      }.first)
    let indexSet = try #require(change[.indexes]?.objectValue)
    #expect(indexSet.isa.name == "NSIndexSet")
    let text = "\"<NSIndexSet: \(indexSet.address)>[number of indexes: 3 (in 2 ranges), indexes: (0-1 3)]\""
    #expect(change.description.contains("    indexes = \(text);\n"), "\(change.description)")
    let boxed = try world.runtime.object(bridging: .swiftObject(change))
    #expect(try send(boxed, "description").stringValue?.contains("    indexes = \(text);\n") == true)
    try world.runtime.checkInvariants()
  }

  @Test func describingFirstMakesTheObjectTheEntryThenAnswers() throws {
    let world = try World()
    let change = try #require(
      try changes(world, options: [.new]) { try $0.mutableArrayValue(forKey: "items").replace(at: 2, with: "z") }.first)
    let described = change.description
    let indexSet = try #require(change[.indexes]?.objectValue)
    #expect(described.contains("<_NSCachedIndexSet: \(indexSet.address)>[number of indexes: 1 (in 1 ranges), indexes: (2)]"))
  }

  @Test func aChangeMadeWithoutARuntimePrintsItsIndexesBare() {
    let change = Change(kind: .insertion, indexes: [4])
    #expect(change.description == "{\n    indexes = [number of indexes: 1 (in 1 ranges), indexes: (4)];\n    kind = 2;\n}")
  }
}
