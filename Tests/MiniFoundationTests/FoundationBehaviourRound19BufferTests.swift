// FoundationBehaviourRound19BufferTests.swift: the nineteenth round of Foundation behaviours:
// the messages that read or fill a caller's C array or variables (decision 0047), with
// Foundation's range errors and nil rules. The answers are Apple's (NSArray.h, NSString.h and
// the exception texts of its concrete classes), checked where they can be against GNUstep-base
// and swift-corelibs-foundation run on this machine.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound19BufferTests {
  @Test func arrayWithObjectsCountReadsTheFirstCountSlots() throws {
    let runtime = Runtime()
    let array = try foundationClass("NSArray", in: runtime), mutable = try foundationClass("NSMutableArray", in: runtime)
    let buffer = VariablePointer(.cArray(["a", "b", "c", .nil]))
    #expect(try send(array, "arrayWithObjects:count:", .swiftObject(buffer), 3) == ["a", "b", "c"])
    #expect(try send(array, "arrayWithObjects:count:", .swiftObject(buffer), 0) == [])
    #expect(try send(array, "arrayWithObjects:count:", .nil, 0) == [], "NULL with no count is an empty array")
    let made = try send(mutable, "arrayWithObjects:count:", .swiftObject(buffer), 2)
    try send(made.objectValue, "addObject:", "z")  // the class sent is the class made
    #expect(made == ["a", "b", "z"])
    try runtime.checkInvariants()
  }

  @Test func aNilSlotOrANullBufferRaisesFromThePlaceholderInitializer() throws {
    let runtime = Runtime()
    let array = try foundationClass("NSArray", in: runtime)
    let buffer = VariablePointer(.cArray(["a", "b", "c", .nil]))
    let nilObject = expectFoundationError(.invalidArgument) { try send(array, "arrayWithObjects:count:", .swiftObject(buffer), 4) }
    #expect(nilObject?.message == "*** -[__NSPlaceholderArray initWithObjects:count:]: attempt to insert nil object from objects[3]")
    #expect(nilObject?.exceptionName == "NSInvalidArgumentException")
    let null = expectFoundationError(.invalidArgument) { try send(array, "arrayWithObjects:count:", .nil, 2) }
    #expect(null?.message == "*** -[__NSPlaceholderArray initWithObjects:count:]: pointer to objects array is NULL but length is 2")
    let set = try foundationClass("NSSet", in: runtime)
    let inSet = expectFoundationError(.invalidArgument) { try send(set, "setWithObjects:count:", .swiftObject(buffer), 4) }
    #expect(inSet?.message == "*** -[__NSPlaceholderSet initWithObjects:count:]: attempt to insert nil object from objects[3]")
    let orderedSet = try foundationClass("NSOrderedSet", in: runtime)
    let inOrderedSet = expectFoundationError(.invalidArgument) {
      try send(orderedSet, "orderedSetWithObjects:count:", .swiftObject(buffer), 4)
    }
    #expect(inOrderedSet?.message == "*** -[__NSPlaceholderOrderedSet initWithObjects:count:]: attempt to insert nil object from objects[3]")
    try runtime.checkInvariants()
  }

  @Test func setsAndOrderedSetsFromACArrayKeepOneOfEachEqualObject() throws {
    let runtime = Runtime()
    let buffer = VariablePointer(.cArray(["b", "a", "b"]))
    let set = try send(try foundationClass("NSSet", in: runtime), "setWithObjects:count:", .swiftObject(buffer), 3)
    #expect(try send(set.objectValue, "count") == 2)
    let ordered = try send(try foundationClass("NSOrderedSet", in: runtime), "orderedSetWithObjects:count:", .swiftObject(buffer), 3)
    #expect(try send(ordered.objectValue, "array") == ["b", "a"])
    try runtime.checkInvariants()
  }

  @Test func dictionaryWithObjectsForKeysCountChecksEachObjectThenItsKey() throws {
    let runtime = Runtime()
    let dictionary = try foundationClass("NSDictionary", in: runtime)
    let objects = VariablePointer(.cArray([1, 2, 3])), keys = VariablePointer(.cArray(["a", "b", "a"]))
    let made = try send(dictionary, "dictionaryWithObjects:forKeys:count:", .swiftObject(objects), .swiftObject(keys), 3)
    #expect(made == .dictionary(["a": 3, "b": 2]), "a repeated key keeps its last object")
    let nilKey = VariablePointer(.cArray(["a", .nil])), nilObject = VariablePointer(.cArray([.nil, 2]))
    let key = expectFoundationError(.invalidArgument) {
      try send(dictionary, "dictionaryWithObjects:forKeys:count:", .swiftObject(objects), .swiftObject(nilKey), 2)
    }
    #expect(key?.message == "*** -[__NSPlaceholderDictionary initWithObjects:forKeys:count:]: attempt to insert nil key from keys[1]")
    let object = expectFoundationError(.invalidArgument) {
      try send(dictionary, "dictionaryWithObjects:forKeys:count:", .swiftObject(nilObject), .swiftObject(nilKey), 2)
    }
    #expect(object?.message == "*** -[__NSPlaceholderDictionary initWithObjects:forKeys:count:]: attempt to insert nil object from objects[0]")
    try runtime.checkInvariants()
  }

  @Test func getObjectsRangeFillsTheBufferOrRaisesBeforeWritingAnything() throws {
    let runtime = Runtime()
    let list = try #require(try runtime.object(bridging: ["a", "b", "c"]))
    let buffer = VariablePointer(.cArray(["x", "y", "z", "w"]))
    try send(list, "getObjects:range:", .swiftObject(buffer), .range(1..<3))
    #expect(buffer.pointee == .cArray(["b", "c", "z", "w"]), "the slots past the range are the caller's")
    let range = expectFoundationError(.indexOutOfBounds) { try send(list, "getObjects:range:", .swiftObject(buffer), .range(1..<4)) }
    #expect(range?.message == "*** -[__NSArrayI getObjects:range:]: range {1, 3} extends beyond bounds [0 .. 2]")
    #expect(buffer.pointee == .cArray(["b", "c", "z", "w"]))
    let whole = VariablePointer()
    try send(list, "getObjects:", .swiftObject(whole))
    #expect(whole.pointee == .cArray(["a", "b", "c"]))
    let ordered = try send(try foundationClass("NSOrderedSet", in: runtime), "orderedSetWithArray:", ["p", "q"])
    let two = VariablePointer()
    try send(ordered.objectValue, "getObjects:range:", .swiftObject(two), .range(0..<2))
    #expect(two.pointee == .cArray(["p", "q"]))
    try runtime.checkInvariants()
  }

  @Test func getObjectsAndKeysCountPairsEachObjectWithItsKey() throws {
    let runtime = Runtime()
    let dictionary = try runtime.msgSend(bridging: .dictionary(["a": 1, "b": 2, "c": 3]), "self")
    let objects = VariablePointer(), keys = VariablePointer()
    try send(dictionary.objectValue, "getObjects:andKeys:count:", .swiftObject(objects), .swiftObject(keys), 3)
    guard case .cArray(let gotObjects) = objects.pointee, case .cArray(let gotKeys) = keys.pointee else {
      Issue.record("nothing written: \(objects.pointee) \(keys.pointee)")
      return
    }
    #expect(gotKeys.count == 3)
    for (object, key) in zip(gotObjects, gotKeys) { #expect(try send(dictionary.objectValue, "objectForKey:", key) == object) }
    let onlyKeys = VariablePointer()
    try send(dictionary.objectValue, "getObjects:andKeys:", .nil, .swiftObject(onlyKeys))
    #expect(onlyKeys.pointee == .cArray(gotKeys), "a NULL objects pointer: the keys alone")
    try runtime.checkInvariants()
  }

  @Test func getCharactersRangeWritesUTF16UnitsAndChecksTheRange() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let buffer = VariablePointer()
    _ = try runtime.msgSend(bridging: "héllo😀", "getCharacters:range:", .swiftObject(buffer), .range(1..<3))
    #expect(buffer.pointee == .cArray([.uint16(0xE9), .uint16(0x6C)]))
    let all = VariablePointer()
    _ = try runtime.msgSend(bridging: "a😀", "getCharacters:", .swiftObject(all))
    #expect(all.pointee == .cArray([.uint16(0x61), .uint16(0xD83D), .uint16(0xDE00)]))
    let range = expectFoundationError(.indexOutOfBounds) {
      _ = try runtime.msgSend(bridging: "hello", "getCharacters:range:", .swiftObject(buffer), .range(3..<6))
    }
    #expect(range?.exceptionName == "NSRangeException")
    #expect(range?.message.hasSuffix("Range {3, 3} out of bounds; string length 5") == true)
  }

  @Test func getCStringAnswersNoWhenTheTerminatorDoesNotFitOrTheEncodingCannotHoldIt() throws {
    // GNUstep-base and Apple: NO for maxLength 5 with "hello", YES with 6 (the NUL counts).
    let runtime = Runtime()
    try runtime.installFoundation()
    let ascii: Value = .uint64(1), utf8: Value = .uint64(4)
    let buffer = VariablePointer()
    #expect(try runtime.msgSend(bridging: "hello", "getCString:maxLength:encoding:", .swiftObject(buffer), 5, ascii) == false)
    #expect(buffer.pointee == .nil)
    #expect(try runtime.msgSend(bridging: "hello", "getCString:maxLength:encoding:", .swiftObject(buffer), 6, ascii) == true)
    #expect(buffer.pointee == .cArray([104, 101, 108, 108, 111, 0].map { Value.int8($0) }))
    #expect(try runtime.msgSend(bridging: "hé", "getCString:maxLength:encoding:", .swiftObject(buffer), 10, ascii) == false)
    let bytes = VariablePointer()
    #expect(try runtime.msgSend(bridging: "é", "getCString:maxLength:encoding:", .swiftObject(bytes), 3, utf8) == true)
    #expect(bytes.pointee == .cArray([.int8(-61), .int8(-87), .int8(0)]))
  }

  @Test func getLineStartWritesTheLineStartEndAndContentsEnd() throws {
    // swift-corelibs-foundation's CFString answers, run on this machine.
    let runtime = Runtime()
    try runtime.installFoundation()
    let text: Value = "ab\ncd\u{2028}ef\r\ngh\u{85}ij\u{2029}k\rl"
    func ends(_ selector: Selector, _ range: Range<Int>) throws -> [Value] {
      let start = VariablePointer(), end = VariablePointer(), contentsEnd = VariablePointer()
      _ = try runtime.msgSend(
        bridging: text, selector, .swiftObject(start), .swiftObject(end), .swiftObject(contentsEnd), .range(range))
      return [start.pointee, end.pointee, contentsEnd.pointee]
    }
    let line: Selector = "getLineStart:end:contentsEnd:forRange:", paragraph: Selector = "getParagraphStart:end:contentsEnd:forRange:"
    #expect(try ends(line, 0..<0) == [0, 3, 2].map { Value.uint64($0) })
    #expect(try ends(line, 3..<3) == [3, 6, 5].map { Value.uint64($0) }, "U+2028 ends a line")
    #expect(try ends(paragraph, 3..<3) == [3, 10, 8].map { Value.uint64($0) }, "but not a paragraph")
    #expect(try ends(line, 9..<9) == [6, 10, 8].map { Value.uint64($0) }, "inside \\r\\n: the line it ends")
    #expect(try ends(line, 10..<10) == [10, 13, 12].map { Value.uint64($0) }, "U+0085")
    #expect(try ends(paragraph, 10..<10) == [10, 16, 15].map { Value.uint64($0) }, "U+0085 and U+2029")
    #expect(try ends(line, 16..<16) == [16, 18, 17].map { Value.uint64($0) }, "a lone \\r")
    #expect(try ends(line, 1..<6) == [0, 6, 5].map { Value.uint64($0) })
    #expect(try ends(line, 19..<19) == [18, 19, 19].map { Value.uint64($0) }, "the end: the last line, no terminator")
    let onlyEnd = VariablePointer()
    _ = try runtime.msgSend(bridging: text, line, .nil, .swiftObject(onlyEnd), .nil, .range(0..<1))
    #expect(onlyEnd.pointee == .uint64(3), "NULL pointers are skipped")
    let range = expectFoundationError(.indexOutOfBounds) { _ = try runtime.msgSend(bridging: text, line, .nil, .nil, .nil, .range(18..<21)) }
    #expect(range?.exceptionName == "NSRangeException")
  }
}
