// FoundationBehaviourRound10ProbeTests.swift: the tenth round's probe of the Foundation messages
// a key-value coding user meets, ported from the cases of GNUstep-base's NSArray, NSDictionary,
// NSSet, NSIndexSet and NSString tests, with Apple's answers: a nil collection given to an
// initializer is an empty one, nested descriptions at an indent, a dictionary in .strings format,
// an index set's ranges handed to a block, the common prefix of two strings.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound10ProbeTests {
  @Test func aNilCollectionGivenToAnInitializerIsAnEmptyOne() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    for (className, factory) in [
      ("NSArray", "arrayWithArray:"), ("NSMutableArray", "arrayWithArray:"), ("NSSet", "setWithArray:"),
      ("NSMutableSet", "setWithSet:"), ("NSOrderedSet", "orderedSetWithArray:"), ("NSOrderedSet", "orderedSetWithOrderedSet:"),
      ("NSDictionary", "dictionaryWithDictionary:"), ("NSMutableDictionary", "dictionaryWithDictionary:"),
    ] as [(String, Selector)] {
      let cls = try #require(runtime.lookUpClass(named: className))
      let made = try Runtime.msgSend(cls, factory, .nil)
      #expect(try send(made.objectValue, "count") == .uint64(0), "+[\(className) \(factory.name)nil]")
    }
    let list = try runtime.mutableArray(["a"])
    #expect(throws: FoundationError.self) { try send(list, "addObjectsFromArray:", 7) }  // not a collection: still refused
  }

  @Test func descriptionWithLocaleIndentIndentsEveryLineAsANestedCollectionIs() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: [1, "a b"], "descriptionWithLocale:indent:", .nil, 1) == "    (\n        1,\n        \"a b\"\n    )")
    #expect(try runtime.msgSend(bridging: ["k": [1]], "descriptionWithLocale:indent:", .nil, 0) == "{\n    k =     (\n        1\n    );\n}")
    #expect(try runtime.msgSend(bridging: .set([2]), "descriptionWithLocale:indent:", .nil, 2) == "        {(\n            2\n        )}")
    #expect(try runtime.msgSend(bridging: ["k": "v"], "descriptionWithLocale:indent:", .nil, 1) == "    {\n        k = v;\n    }")
    let unsupported = expectFoundationError(.invalidArgument) {
      try runtime.msgSend(bridging: [1], "descriptionWithLocale:indent:", "en_US", 0)
    }
    #expect(unsupported?.exceptionName == "NSInvalidArgumentException")
  }

  @Test func aDictionaryWritesItselfInStringsFileFormat() throws {
    let runtime = Runtime()
    let text = try runtime.msgSend(bridging: ["greeting": "Hello, \"you\"", "bye": "Ciao"], "descriptionInStringsFileFormat")
    #expect(text == "\"bye\" = \"Ciao\";\n\"greeting\" = \"Hello, \\\"you\\\"\";\n")
    #expect(try runtime.msgSend(bridging: [:], "descriptionInStringsFileFormat") == "")
  }

  @Test func anIndexSetHandsEachRangeToABlock() throws {
    let runtime = Runtime()
    let indexes = try runtime.indexSet(Indexes([1, 2, 3, 7, 9, 10]))
    let seen = Locked<[Value]>([])
    let block = try runtime.makeBlock { arguments in
      seen.withLock { $0.append(arguments[0]) }
      return .nil
    }
    try send(indexes, "enumerateRangesUsingBlock:", .object(block))
    #expect(seen.withLock { $0 } == [.range(1..<4), .range(7..<8), .range(9..<11)])
    seen.withLock { $0 = [] }
    try send(indexes, "enumerateRangesWithOptions:usingBlock:", .uint64(2), .object(block))  // NSEnumerationReverse
    #expect(seen.withLock { $0 } == [.range(9..<11), .range(7..<8), .range(1..<4)])
    let stopping = try runtime.makeBlock { arguments in
      seen.withLock { $0.append(arguments[0]) }
      arguments[1].swiftObject(as: VariablePointer.self)?.pointee = .bool(true)
      return .nil
    }
    seen.withLock { $0 = [] }
    try send(indexes, "enumerateRangesUsingBlock:", .object(stopping))
    #expect(seen.withLock { $0 } == [.range(1..<4)])
  }

  @Test func commonPrefixWithStringComparesWholeCharactersAndCanIgnoreCase() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: "abcd", "commonPrefixWithString:options:", "abxy", 0) == "ab")
    #expect(try runtime.msgSend(bridging: "Abcd", "commonPrefixWithString:options:", "aBxy", 1) == "Ab")
    #expect(try runtime.msgSend(bridging: "abc", "commonPrefixWithString:options:", "xyz", 0) == "")
    #expect(try runtime.msgSend(bridging: "e\u{301}t", "commonPrefixWithString:options:", "ét", 0) == "e\u{301}t")
    #expect(try runtime.msgSend(bridging: "e\u{301}t", "commonPrefixWithString:options:", "ét", 2) == "")  // literal
  }
}
