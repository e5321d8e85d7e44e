// FoundationBehaviourRound20BufferTests.swift: the twentieth round of Foundation behaviours:
// the C-array messages decision 0047 gave a shape for and round 19 left unwritten:
// `-[NSMutableOrderedSet addObjects:count:]`, `replaceObjectsInRange:withObjects:count:` and
// `-[NSString getBytes:maxLength:usedLength:encoding:options:range:remainingRange:]`.
// `-[NSMutableArray addObjects:count:]` does not exist (neither Apple's NSArray.h nor
// GNUstep's declares it: the count forms are the ordered set's). The ordered set answers are
// GNUstep-base 1.28's, run on this machine (Apple's documentation says no more); the string
// answers are swift-corelibs-foundation's CFString, run on this machine (GNUstep-base 1.28 does
// not implement the message).

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound20BufferTests {
  @Test func addObjectsCountAppendsEachObjectTheOrderedSetDoesNotHold() throws {
    // GNUstep: (a, b, c) + {b, d, d, e} is (a, b, c, d, e).
    let runtime = Runtime()
    let set = try runtime.mutableOrderedSet(["a", "b", "c"])
    let buffer = VariablePointer(.cArray(["b", "d", "d", "e", "f"]))
    try send(set, "addObjects:count:", .swiftObject(buffer), 4)
    #expect(Value.object(set).orderedSetElements == ["a", "b", "c", "d", "e"])
    try send(set, "addObjects:count:", .nil, 0)
    #expect(Value.object(set).orderedSetElements == ["a", "b", "c", "d", "e"], "NULL with no count adds nothing")
    try runtime.checkInvariants()
  }

  @Test func addObjectsCountRefusesANilSlotBeforeAddingAnything() throws {
    let runtime = Runtime()
    let set = try runtime.mutableOrderedSet(["a"])
    let buffer = VariablePointer(.cArray(["q", .nil]))
    let error = expectFoundationError(.invalidArgument) { try send(set, "addObjects:count:", .swiftObject(buffer), 2) }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(error?.message.hasSuffix("attempt to insert nil object from objects[1]") == true)
    #expect(Value.object(set).orderedSetElements == ["a"], "q is not added either")
    let null = expectFoundationError(.invalidArgument) { try send(set, "addObjects:count:", .nil, 1) }
    #expect(null?.message.hasSuffix("pointer to objects array is NULL but length is 1") == true)
    try runtime.checkInvariants()
  }

  @Test func addObjectsCountIsAMutableOrderedSetMessageOnly() throws {
    let runtime = Runtime()
    let array = try runtime.mutableArray(["a"])
    #expect(try runtime.msgSend(array, "respondsToSelector:", .selector("addObjects:count:")) == false)
    let ordered = try runtime.mutableOrderedSet(["a"])
    #expect(try runtime.msgSend(ordered, "respondsToSelector:", .selector("addObjects:count:")) == true)
    #expect(try runtime.msgSend(ordered, "respondsToSelector:", .selector("replaceObjectsInRange:withObjects:count:")) == true)
    try runtime.checkInvariants()
  }

  @Test func replaceObjectsInRangeWithObjectsCountTakesAnyNumberOfObjects() throws {
    // GNUstep: the range's objects give way to the new ones, fewer, as many or more.
    let runtime = Runtime()
    func replaced(_ range: Range<Int>, _ objects: [Value]) throws -> [Value]? {
      let set = try runtime.mutableOrderedSet(["a", "b", "c", "d"])
      let buffer = VariablePointer(.cArray(objects))
      try send(set, "replaceObjectsInRange:withObjects:count:", .range(range), .swiftObject(buffer), .int(objects.count))
      return Value.object(set).orderedSetElements
    }
    #expect(try replaced(1..<3, ["x", "y"]) == ["a", "x", "y", "d"])
    #expect(try replaced(1..<3, ["x"]) == ["a", "x", "d"])
    #expect(try replaced(1..<2, ["x", "y", "z"]) == ["a", "x", "y", "z", "c", "d"])
    #expect(try replaced(2..<2, ["x"]) == ["a", "b", "x", "c", "d"], "an empty range inserts")
    #expect(try replaced(0..<4, []) == [], "no objects removes the range")
    try runtime.checkInvariants()
  }

  @Test func replaceObjectsInRangeSkipsAnObjectTheSetStillHolds() throws {
    // GNUstep: (a, b, c, d) with {d, x} over {0, 2} is (x, c, d): d stays where it was; with
    // {b, a} it is (b, a, c, d): the range's own objects may come back in another order; a
    // repeated object goes in once.
    let runtime = Runtime()
    func replaced(_ elements: [Value], _ range: Range<Int>, _ objects: [Value]) throws -> [Value]? {
      let set = try runtime.mutableOrderedSet(elements)
      try send(
        set, "replaceObjectsInRange:withObjects:count:", .range(range), .swiftObject(VariablePointer(.cArray(objects))),
        .int(objects.count))
      return Value.object(set).orderedSetElements
    }
    #expect(try replaced(["a", "b", "c", "d"], 0..<2, ["d", "x"]) == ["x", "c", "d"])
    #expect(try replaced(["a", "b", "c", "d"], 0..<2, ["b", "a"]) == ["b", "a", "c", "d"])
    #expect(try replaced(["a", "b"], 0..<1, ["x", "x"]) == ["x", "b"])
    try runtime.checkInvariants()
  }

  @Test func replaceObjectsInRangeChecksTheRangeAndEverySlotFirst() throws {
    // Apple raises NSRangeException for a range past the end (GNUstep 1.28 ignores it).
    let runtime = Runtime()
    let set = try runtime.mutableOrderedSet(["a", "b"])
    let buffer = VariablePointer(.cArray(["x", .nil]))
    let range = expectFoundationError(.indexOutOfBounds) {
      try send(set, "replaceObjectsInRange:withObjects:count:", .range(1..<6), .swiftObject(buffer), 1)
    }
    #expect(range?.exceptionName == "NSRangeException")
    #expect(range?.message.hasSuffix("range {1, 5} extends beyond bounds [0 .. 1]") == true)
    let nilSlot = expectFoundationError(.invalidArgument) {
      try send(set, "replaceObjectsInRange:withObjects:count:", .range(0..<1), .swiftObject(buffer), 2)
    }
    #expect(nilSlot?.message.hasSuffix("attempt to insert nil object from objects[1]") == true)
    #expect(Value.object(set).orderedSetElements == ["a", "b"], "nothing changed")
    try runtime.checkInvariants()
  }

  /// `getBytes:…` of `text`: its answer, the bytes written (nil when the buffer was NULL or
  /// nothing was written), the used length and the remaining range.
  private func getBytes(
    _ text: String, _ maxLength: Int, null: Bool = false, encoding: UInt64 = 4, options: Int = 0, _ range: Range<Int>,
    in runtime: Runtime
  ) throws -> (Value, [Value]?, Value, Value) {
    let buffer = VariablePointer(), used = VariablePointer(), remaining = VariablePointer()
    let answer = try Runtime.msgSend(
      try runtime.object(bridging: .string(text)), "getBytes:maxLength:usedLength:encoding:options:range:remainingRange:",
      arguments: Arguments([
        null ? .nil : .swiftObject(buffer), .int(maxLength), .swiftObject(used), .uint64(encoding), .int(options), .range(range),
        .swiftObject(remaining),
      ]))
    guard case .cArray(let bytes) = buffer.pointee else { return (answer, nil, used.pointee, remaining.pointee) }
    return (answer, bytes, used.pointee, remaining.pointee)
  }

  private func bytes(_ values: [UInt8]) -> [Value] { values.map(Value.uint8) }

  @Test func getBytesConvertsWhatFitsAndSaysWhereItStopped() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let cut = try getBytes("hello", 3, 0..<5, in: runtime)
    #expect(cut.0 == true)
    #expect(cut.1 == bytes([0x68, 0x65, 0x6C]), "no terminator is written")
    #expect(cut.2 == .uint64(3))
    #expect(cut.3 == .range(3..<5))
    let middle = try getBytes("hello", 10, 1..<4, in: runtime)
    #expect(middle.1 == bytes([0x65, 0x6C, 0x6C]))
    #expect(middle.3 == .range(4..<4))
    let counted = try getBytes("hello", 3, null: true, 0..<5, in: runtime)
    #expect(counted.0 == true)
    #expect(counted.1 == nil)
    #expect(counted.2 == .uint64(5), "a NULL buffer counts the whole range, whatever maxLength")
    #expect(counted.3 == .range(5..<5))
  }

  @Test func getBytesAnswersNoWhenNothingWasConverted() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let emptyRange = try getBytes("hello", 10, 1..<1, in: runtime)
    #expect(emptyRange.0 == false)
    #expect(emptyRange.2 == .uint64(0))
    #expect(emptyRange.3 == .range(1..<1))
    #expect(try getBytes("", 10, 0..<0, in: runtime).0 == true, "an empty string converts fully")
    let ascii: UInt64 = 1
    let first = try getBytes("éllo", 10, encoding: ascii, 0..<4, in: runtime)
    #expect(first.0 == false)
    #expect(first.3 == .range(0..<4))
    let later = try getBytes("héllo", 10, encoding: ascii, 0..<5, in: runtime)
    #expect(later.0 == true)
    #expect(later.1 == bytes([0x68]))
    #expect(later.3 == .range(1..<5), "stops before the first character ASCII cannot hold")
  }

  @Test func getBytesNeverSplitsACharacterExceptIntoUTF16() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let accent = try getBytes("héllo", 2, 0..<5, in: runtime)
    #expect(accent.1 == bytes([0x68]))
    #expect(accent.3 == .range(1..<5), "é takes two bytes in UTF-8")
    let emoji = try getBytes("a😀b", 4, 0..<4, in: runtime)
    #expect(emoji.1 == bytes([0x61]))
    #expect(emoji.3 == .range(1..<4), "the pair is one four-byte character")
    let halfPair = try getBytes("a😀b", 10, 0..<2, in: runtime)
    #expect(halfPair.1 == bytes([0x61]))
    #expect(halfPair.3 == .range(1..<2), "half a pair is no character UTF-8 holds")
    let utf16BigEndian: UInt64 = 0x9000_0100
    let units = try getBytes("a😀b", 4, encoding: utf16BigEndian, 0..<4, in: runtime)
    #expect(units.1 == bytes([0x00, 0x61, 0xD8, 0x3D]))
    #expect(units.3 == .range(2..<4), "UTF-16 copies units, half a pair too")
    let utf32BigEndian: UInt64 = 0x9800_0100
    #expect(try getBytes("a😀b", 10, encoding: utf32BigEndian, 0..<4, in: runtime).1 == bytes([0, 0, 0, 0x61, 0, 0x01, 0xF6, 0x00]))
  }

  @Test func getBytesLossyPutsABaseLetterOrAQuestionMark() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let ascii: UInt64 = 1, latin1: UInt64 = 5, allowLossy = 1
    let stripped = try getBytes("héllo", 10, encoding: ascii, options: allowLossy, 0..<5, in: runtime)
    #expect(stripped.1 == bytes(Array("hello".utf8)), "into ASCII, é loses its accent")
    #expect(try getBytes("a中", 10, encoding: ascii, options: allowLossy, 0..<2, in: runtime).1 == bytes([0x61, 0x3F]))
    let latin = try getBytes("héllo中", 10, encoding: latin1, options: allowLossy, 0..<6, in: runtime)
    #expect(latin.1 == bytes([0x68, 0xE9, 0x6C, 0x6C, 0x6F, 0x3F]))
    #expect(latin.3 == .range(6..<6))
  }

  @Test func getBytesExternalRepresentationMarksTheHostOrderUnicodeEncodings() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let unicode: UInt64 = 10, utf16BigEndian: UInt64 = 0x9000_0100, utf32: UInt64 = 0x8c00_0100, external = 2
    #expect(try getBytes("ab", 10, encoding: unicode, 0..<2, in: runtime).1 == bytes([0x61, 0, 0x62, 0]), "host order, no mark")
    #expect(try getBytes("ab", 10, encoding: unicode, options: external, 0..<2, in: runtime).1 == bytes([0xFF, 0xFE, 0x61, 0, 0x62, 0]))
    #expect(try getBytes("ab", 10, encoding: utf16BigEndian, options: external, 0..<2, in: runtime).1 == bytes([0, 0x61, 0, 0x62]))
    let utf32Marked = try getBytes("ab", 10, encoding: utf32, options: external, 0..<2, in: runtime)
    #expect(utf32Marked.1 == bytes([0xFF, 0xFE, 0, 0, 0x61, 0, 0, 0]), "the mark counts against maxLength")
    #expect(utf32Marked.2 == .uint64(8))
    #expect(utf32Marked.3 == .range(1..<2))
    let odd = try getBytes("ab", 3, encoding: unicode, 0..<2, in: runtime)
    #expect(odd.1 == bytes([0x61, 0]))
    #expect(odd.3 == .range(1..<2))
  }

  @Test func getBytesRaisesForARangePastTheEnd() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let error = expectFoundationError(.indexOutOfBounds) { _ = try getBytes("hello", 10, 3..<8, in: runtime) }
    #expect(error?.exceptionName == "NSRangeException")
    #expect(error?.message.hasSuffix("Range {3, 5} out of bounds; string length 5") == true)
  }
}
