// FoundationCollectionsRound5Tests.swift: the fifth round's cases of Foundation's collection
// classes as objects (NSArray, NSMutableArray, NSSet, NSOrderedSet, NSDictionary, NSNull,
// NSNumber), as GNUstep-base's collection tests and users' reports write them. Each test pins
// Foundation's answer.

import Testing

@testable import KVO

@Suite struct FoundationCollectionsRound5Tests {
  @Test func anArrayQuotesEveryLeafThatIsNotAPlainWordOfLettersAndDigits() throws {
    let runtime = Runtime()
    let words = try runtime.object(bridging: ["plain", "Word42", "a b", "snake_case", "1.5", "", "<null>"])
    #expect(
      try send(words, "description")
        == "(\n    plain,\n    Word42,\n    \"a b\",\n    \"snake_case\",\n    \"1.5\",\n    \"\",\n    \"<null>\"\n)")
    let numbers = try runtime.object(bridging: [.double(1.5), .int(-3), .int(7), .bool(true), .null])
    #expect(try send(numbers, "description") == "(\n    \"1.5\",\n    \"-3\",\n    7,\n    1,\n    \"<null>\"\n)")
  }

  @Test func aQuotedLeafEscapesQuotesNewlinesAndNonASCIICharacters() throws {
    let runtime = Runtime()
    let strings = try runtime.object(bridging: ["q\"uote", "back\\slash", "line\nbreak", "tab\tbed", "caf\u{e9}", "\u{4f60}\u{597d}"])
    #expect(
      try send(strings, "description")
        == #"(\#n    "q\"uote",\#n    "back\\slash",\#n    "line\nbreak",\#n    "tab\tbed",\#n    "caf\U00e9",\#n    "\U4f60\U597d"\#n)"#)
    #expect(try send(strings, "objectAtIndex:", 4) == "caf\u{e9}")  // the string itself is untouched
  }

  @Test func aDictionaryListsItsEntriesInTheOrderOfItsKeysQuotingKeysAsValues() throws {
    let runtime = Runtime()
    let json = try runtime.object(bridging: ["token_type": "bearer", "expires_in": 3600, "lat": .double(37.5), "a": [1, 2]])
    #expect(
      try send(json, "description")
        == "{\n    a =     (\n        1,\n        2\n    );\n    \"expires_in\" = 3600;\n    lat = \"37.5\";\n    \"token_type\" = bearer;\n}")
  }
}
