// FoundationAPICensusTests+Strings.swift: the string and path messages the census added.
// Part of the API census (FoundationAPICensusTests.swift): the methods the census found missing,
// each with Apple's documented answer.

import Testing

@testable import MiniFoundation

extension FoundationAPICensusTests {
  @Test func maximumLengthOfBytesIsTheLengthTimesTheWidestUnit() throws {
    let runtime = Runtime()
    let text = try #require(try runtime.object(bridging: "h\u{E9}llo"))  // 5 UTF-16 units
    #expect(try send(text, "maximumLengthOfBytesUsingEncoding:", .uint64(4)) == .uint64(15))  // UTF-8: 3 a unit
    #expect(try send(text, "maximumLengthOfBytesUsingEncoding:", .uint64(10)) == .uint64(10))  // UTF-16
    #expect(try send(text, "maximumLengthOfBytesUsingEncoding:", .uint64(1)) == .uint64(5))  // ASCII
    #expect(try send(text, "maximumLengthOfBytesUsingEncoding:", .uint64(0x8c00_0100)) == .uint64(20))  // UTF-32
    try runtime.checkInvariants()
  }

  @Test func pathsMatchingExtensionsKeepsTheStringsWithOneOfTheExtensions() throws {
    let runtime = Runtime()
    let paths = try #require(try runtime.object(bridging: ["a.txt", "b.TXT", "c.png", "d", "/x/y.txt/", ".txt"]))
    #expect(try send(paths, "pathsMatchingExtensions:", ["txt", "png"]) == ["a.txt", "c.png", "/x/y.txt/"])
    #expect(try send(paths, "pathsMatchingExtensions:", [] as Value) == [] as Value)
    try runtime.checkInvariants()
  }
}
