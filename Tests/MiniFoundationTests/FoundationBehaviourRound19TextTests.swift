// FoundationBehaviourRound19TextTests.swift: the nineteenth round of Foundation text and
// collection behaviours: a sentence's substring with the white space that ends it, the
// tilde abbreviation of the home directory written with a trailing slash and of a sibling that
// only starts with the home's name, and the range error of a mutable array's subscript setter.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound19TextTests {
  @Test func aSentencesSubstringKeepsTheWhiteSpaceThatEndsIt() throws {
    // Already matched: Foundation's sentences are ICU's segments (CFStringTokenizer's sentence
    // unit), and UAX #29's SB9-SB11 keep the spaces, a tab and one line or paragraph
    // separator after a terminator in the sentence: substring and enclosing range are the same
    // (docs/foundation.md#words-and-sentences).
    let runtime = Runtime()
    try runtime.installFoundation()
    let seen = Locked<[[Value]]>([])
    let block = try runtime.makeBlock { arguments in
      seen.withLock { $0.append(Array(arguments.values.prefix(3))) }
      return .nil
    }
    let text = "Hello there.  How are you?\tFine.\nLast"
    try runtime.msgSend(
      bridging: .string(text), "enumerateSubstringsInRange:options:usingBlock:", .range(0..<text.utf16.count), .uint64(4), .object(block))
    #expect(
      seen.withLock { $0 } == [
        ["Hello there.  ", .range(0..<14), .range(0..<14)],
        ["How are you?\t", .range(14..<27), .range(14..<27)],
        ["Fine.\n", .range(27..<33), .range(27..<33)],
        ["Last", .range(33..<37), .range(33..<37)],
      ])
  }

  @Test func theHomeWithATrailingSlashIsTheTildeAndASiblingOfTheHomeIsNot() throws {
    // Already matched: Apple's answers; GNUstep-base answers "~/" and "~/2", which is a
    // different directory.
    let runtime = Runtime()
    try runtime.installFoundation()
    let home = try #require(NSStringPathResolving.homeDirectory())
    try #require(home != "/" && !home.hasSuffix("/"))
    func abbreviated(_ path: String) throws -> String? {
      try runtime.msgSend(bridging: .string(path), "stringByAbbreviatingWithTildeInPath").stringValue
    }
    #expect(try abbreviated(home + "/") == "~")
    #expect(try abbreviated(home + "/a/") == "~/a")
    #expect(try abbreviated(home + "2") == home + "2")
    #expect(try abbreviated(home + "2/a") == home + "2/a")
    #expect(try abbreviated(home + "2/") == home + "2/", "not in the home: the path as it was given")
  }

  @Test func aMutableArraysSubscriptSetterNamesItselfInItsErrors() throws {
    // Apple's __NSArrayM answers setObject:atIndexedSubscript: itself (one past the end appends),
    // as it answers objectAtIndexedSubscript:; GNUstep names replaceObjectAtIndex:withObject:.
    let runtime = Runtime()
    let list = try runtime.mutableArray(["a"])
    let past = expectFoundationError(.indexOutOfBounds) { try send(list, "setObject:atIndexedSubscript:", "x", 3) }
    #expect(past?.message == "*** -[__NSArrayM setObject:atIndexedSubscript:]: index 3 beyond bounds [0 .. 0]")
    let none = expectFoundationError(.invalidArgument) { try send(list, "setObject:atIndexedSubscript:", .nil, 0) }
    #expect(none?.message == "*** -[__NSArrayM setObject:atIndexedSubscript:]: object cannot be nil")
    try send(list, "setObject:atIndexedSubscript:", "b", 1)
    try send(list, "setObject:atIndexedSubscript:", "z", 0)
    #expect(Value.object(list) == ["z", "b"])
    try runtime.checkInvariants()
  }
}
