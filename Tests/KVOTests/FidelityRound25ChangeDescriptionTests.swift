// FidelityRound25ChangeDescriptionTests.swift: a change dictionary prints its values as
// NSDictionary's description prints any dictionary's: a plain word (ASCII letters and digits)
// bare, any other text quoted, a number as NSNumber describes it, a collection indented
// (docs/kvo.md#change-dictionaries). `NSLog(@"%@", change)` in an observer is where users meet it.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound25ChangeDescriptionTests {
  /// The description of the change an observer of `key` with old and new values gets from
  /// setting `value`.
  private func description(setting key: String, to value: Value, in world: World, on person: Object? = nil) throws -> String {
    let person = try person ?? world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: key, options: [.old, .new])
    try world.set(person, key, value)
    try person.removeObserver(observer, forKeyPath: key)
    return try #require(log.all.last).change.description
  }

  /// A string that is a plain word prints bare, one with a space quoted (was: every string
  /// quoted, `new = "Ann";`).
  @Test func aStringPrintsBareWhenItIsAPlainWord() throws {
    let world = try World()
    let person = try world.newPerson()
    #expect(try description(setting: "name", to: "Ann", in: world, on: person) == "{\n    kind = 1;\n    new = Ann;\n    old = \"<null>\";\n}")
    #expect(try description(setting: "name", to: "Ann Lee", in: world, on: person) == "{\n    kind = 1;\n    new = \"Ann Lee\";\n    old = Ann;\n}")
    try world.runtime.checkInvariants()
  }

  /// Numbers print as NSNumber describes them, then quoted unless a plain word: a double with a
  /// point is `"2.5"`, a BOOL `1` (was: `2.5` and `YES`).
  @Test func numbersPrintAsNSNumberDescribesThem() throws {
    let world = try World()
    #expect(try description(setting: "score", to: .double(2.5), in: world) == "{\n    kind = 1;\n    new = \"2.5\";\n    old = 0;\n}")
    #expect(try description(setting: "isActive", to: .bool(true), in: world) == "{\n    kind = 1;\n    new = 1;\n    old = 0;\n}")
    try world.runtime.checkInvariants()
  }

  /// An object prints quoted (its text has `<`, `:` and spaces), and an array indented as a
  /// nested collection, its elements quoted as needed (was: `new = <Person: 0x…>;` and
  /// `new = ("a", "b c");`).
  @Test func anObjectPrintsQuotedAndAnArrayIndented() throws {
    let world = try World()
    let bob = try world.newPerson()
    let friend = try description(setting: "friend", to: .object(bob), in: world)
    #expect(friend == "{\n    kind = 1;\n    new = \"<Person: \(bob.address)>\";\n    old = \"<null>\";\n}")
    let items = try description(setting: "items", to: ["a", "b c"], in: world)
    #expect(items == "{\n    kind = 1;\n    new =     (\n        a,\n        \"b c\"\n    );\n    old = \"<null>\";\n}")
    try world.runtime.checkInvariants()
  }
}
