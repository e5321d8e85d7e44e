// StringArgumentTests.swift: how NSString's messages read a string argument (one helper,
// NSStringMethods.stringArgument): nil in each family's words, a subclass's characters through its
// primitives, a non-string sent `length` as Foundation's string code sends it.

import Testing

@testable import MiniFoundation

@Suite struct StringArgumentTests {
  /// A registered NSString subclass whose characters are `text`, given only through the
  /// primitives `length` and `characterAtIndex:`.
  private func primitiveString(_ text: String, in runtime: Runtime) throws -> Object {
    let nsString = try foundationClass("NSString", in: runtime)
    let cls = try makeClass("PrimitiveString", superclass: nsString, in: runtime) { cls in
      try cls.addMethod("length", types: "Q16@0:8") { _, _, _ in .uint64(UInt64(text.utf16.count)) }
      try cls.addMethod("characterAtIndex:", types: "S24@0:8Q16") { _, _, arguments in
        .uint16(Array(text.utf16)[arguments[0].intValue ?? 0])
      }
    }
    return try #require(try send(cls, "new").objectValue)
  }

  @Test func aNilStringToAnEditRaisesCFStringsMutationWordsWithoutStars() throws {
    let runtime = Runtime()
    let text = try #require(try send(try runtime.object(bridging: "abc"), "mutableCopy").objectValue)
    let edits: [(Selector, [Value])] = [
      ("appendString:", [.nil]), ("setString:", [.nil]), ("insertString:atIndex:", [.nil, 0]),
      ("replaceCharactersInRange:withString:", [.range(0..<1), .nil]),
    ]
    for (selector, arguments) in edits {
      let error = expectFoundationError(.invalidArgument) {
        try Runtime.msgSend(text, selector, arguments: Arguments(arguments))
      }
      #expect(error?.message == "-[__NSCFString \(selector.name)]: nil argument")
    }
    #expect(Value.object(text) == "abc")
  }

  @Test func aNilStringToAnImmutableMessageKeepsTheStars() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    for selector: Selector in ["stringByAppendingString:", "rangeOfString:", "stringByAppendingPathComponent:"] {
      let error = expectFoundationError(.invalidArgument) { try runtime.msgSend(bridging: "abc", selector, .nil) }
      #expect(error?.message == "*** -[__NSCFString \(selector.name)]: nil argument")
    }
  }

  @Test func aNilStringToAComparisonSaysNilArgumentAsNSStringsOwnMessagesDo() throws {
    let runtime = Runtime()
    let calls: [(Selector, [Value])] = [
      ("commonPrefixWithString:options:", [.nil, 0]), ("compare:", [.nil]), ("caseInsensitiveCompare:", [.nil]),
      ("localizedCompare:", [.nil]),
    ]
    for (selector, arguments) in calls {
      let receiver = try #require(try runtime.object(bridging: "abc"))
      let error = expectFoundationError(.invalidArgument) {
        try Runtime.msgSend(receiver, selector, arguments: Arguments(arguments))
      }
      #expect(error?.message == "*** -[__NSCFString \(selector.name)]: nil argument")
    }
  }

  @Test func aNumberWhereAStringBelongsIsSentLengthAndDoesNotRecognizeIt() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let number = try #require(try runtime.object(bridging: 5))
    for selector: Selector in ["stringByAppendingString:", "rangeOfString:", "initWithString:"] {
      let receiver = try #require(try runtime.object(bridging: "abc"))
      let error = #expect(throws: RuntimeError.self) { try send(receiver, selector, .object(number)) }
      #expect(error?.message.hasPrefix("-[__NSCFNumber length]: unrecognized selector sent to instance") == true)
    }
    let text = try #require(try send(try runtime.object(bridging: "abc"), "mutableCopy").objectValue)
    #expect(throws: RuntimeError.self) { try send(text, "appendString:", 5) }
    #expect(Value.object(text) == "abc")
  }

  @Test func aSubclassInstanceAsArgumentGivesItsCharactersThroughItsPrimitives() throws {
    let runtime = Runtime()
    let other = Value.object(try primitiveString("cd", in: runtime))
    #expect(try runtime.msgSend(bridging: "ab", "stringByAppendingString:", other) == "abcd")
    #expect(try runtime.msgSend(bridging: "abcd", "rangeOfString:", other) == .range(2..<4))
    #expect(try runtime.msgSend(bridging: "/ab", "stringByAppendingPathComponent:", other) == "/ab/cd")
    let text = try #require(try send(try runtime.object(bridging: "ab"), "mutableCopy").objectValue)
    try send(text, "appendString:", other)
    #expect(Value.object(text) == "abcd")
  }
}
