// KeyValuePathTests.swift: parsing key paths, with collection operators, and printing them back.

import Testing

@testable import KVO

@Suite struct KeyValuePathTests {
  @Test(arguments: ["age", "friend.age", "a.b.c", "employees.@count", "employees.@sum.salary", "@count", "_x.y2", "items.@distinctUnionOfObjects.name"])
  func validPathsRoundTrip(_ text: String) throws {
    let path = try KeyValuePath(text)
    #expect(path.description == text)
    #expect(try KeyValuePath(path.description) == path)
  }

  @Test(arguments: ["", ".", "a.", ".a", "a..b", "a b", "1a", "@", "@sum", "a.@avg", "@nope", "a.@Count.b", "a-b", "ä"])
  func malformedPathsThrow(_ text: String) {
    #expect(throws: KeyValueError.self) { try KeyValuePath(text) }
  }

  @Test func componentsSplitKeysAndOperators() throws {
    let path = try KeyValuePath("employees.@sum.salary")
    #expect(path.components == [.key("employees"), .collectionOperator(.sum), .key("salary")])
    #expect(path.firstKey == "employees")
    #expect(path.rest?.description == "@sum.salary")
    #expect(path.containsOperator)
  }
}
