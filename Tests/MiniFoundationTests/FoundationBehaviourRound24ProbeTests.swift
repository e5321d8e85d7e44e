// FoundationBehaviourRound24ProbeTests.swift: probes from swift-corelibs-foundation's and
// GNUstep-base's null, counted-set and format tests: a counted set's equality (the members, as
// NSSet's; decision 0059), NSNull's one instance and `%zu`.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound24ProbeTests {
  func countedSet(_ elements: [Value], in runtime: Runtime) throws -> Object {
    let cls = try foundationClass("NSCountedSet", in: runtime)
    return try #require(try send(try send(cls, "alloc").objectValue, "initWithArray:", .array(elements)).objectValue)
  }

  @Test func twoCountedSetsWithTheSameMembersAreEqualWhateverTheCounts() throws {
    let runtime = Runtime()
    let twice = try countedSet(["x", "x", "y"], in: runtime)
    let once = try countedSet(["x", "y"], in: runtime)
    #expect(try send(twice, "isEqual:", .object(once)) == true)
    #expect(try send(once, "isEqual:", .object(twice)) == true)
    #expect(try send(twice, "isEqualToSet:", .object(once)) == true)
    #expect(try send(twice, "hash") == (try send(once, "hash")))
    #expect(try send(twice, "isEqual:", .object(try countedSet(["x"], in: runtime))) == false)
  }

  @Test func nullIsOneObjectHoweverItIsMade() throws {
    let runtime = Runtime()
    let nsNull = try foundationClass("NSNull", in: runtime)
    let null = try #require(try send(nsNull, "null").objectValue)
    #expect(try send(nsNull, "new").objectValue === null)
    #expect(try send(try send(nsNull, "alloc").objectValue, "init").objectValue === null)
    #expect(try send(null, "copy").objectValue === null)
  }

  @Test func sizeTConversionsReadAWord() throws {
    let runtime = Runtime()
    let nsString = try foundationClass("NSString", in: runtime)
    let text = try Runtime.msgSend(nsString, "stringWithFormat:", arguments: Arguments(["%zu|%zx|%5zu|", .int64(-1), 255, 9]))
    #expect(text == "18446744073709551615|ff|    9|")
  }
}
