// NSMutableStringTests.swift: NSMutableString, its class cluster and its edits, as Apple's
// Foundation answers (one concrete class, `__NSCFString`, for mutable and immutable strings).

import Testing

@testable import MiniFoundation

@Suite struct NSMutableStringTests {
  @Test func mutableCopyOfAStringIsAnNSCFStringThatEditsWithoutTouchingTheOriginal() throws {
    let runtime = Runtime()
    let original = try #require(try runtime.object(bridging: "Ann"))
    let mutable = try #require(try send(original, "mutableCopy").objectValue)
    #expect(mutable !== original)
    #expect(try send(mutable, "class") == .class(try foundationClass("__NSCFString", in: runtime)))
    #expect(try send(mutable, "isKindOfClass:", .class(try foundationClass("NSMutableString", in: runtime))) == true)
    try send(mutable, "appendString:", " Lee")
    #expect(Value.object(mutable) == "Ann Lee")
    #expect(Value.object(original) == "Ann")
    #expect(try send(mutable, "length") == 7)
  }

  @Test func anImmutableStringIsKindOfNSMutableStringButRefusesEveryEdit() throws {
    let runtime = Runtime()
    let immutable = try #require(try runtime.object(bridging: "Ann"))
    let mutableString = try foundationClass("NSMutableString", in: runtime)
    // As Apple's __NSCFString, a subclass of NSMutableString, answers.
    #expect(try send(immutable, "isKindOfClass:", .class(mutableString)) == true)
    #expect(try send(immutable, "respondsToSelector:", .selector("appendString:")) == true)
    let edits: [(Selector, [Value])] = [
      ("appendString:", ["x"]), ("insertString:atIndex:", ["x", 0]), ("deleteCharactersInRange:", [.range(0..<1)]),
      ("setString:", ["x"]), ("replaceCharactersInRange:withString:", [.range(0..<1), "x"]), ("appendFormat:", ["100%%"]),
    ]
    for (selector, arguments) in edits {
      let error = expectFoundationError(.invalidArgument) {
        try Runtime.msgSend(immutable, selector, arguments: Arguments(arguments))
      }
      #expect(error?.message == "Attempt to mutate immutable object with \(selector.name)")
      #expect(error?.exceptionName == "NSInvalidArgumentException")
    }
    #expect(Value.object(immutable) == "Ann")
  }

  @Test func copyOfAMutableStringIsANewImmutableStringAndOfAnImmutableOneItself() throws {
    let runtime = Runtime()
    let immutable = try #require(try runtime.object(bridging: "Ann"))
    #expect(try send(immutable, "copy").objectValue === immutable)
    let mutable = try #require(try send(immutable, "mutableCopy").objectValue)
    let frozen = try #require(try send(mutable, "copy").objectValue)
    #expect(frozen !== mutable && frozen.isa.name == "__NSCFString")
    try send(mutable, "setString:", "Bo")
    #expect(Value.object(frozen) == "Ann")
    #expect(try send(frozen, "copy").objectValue === frozen)
    expectFoundationError(.invalidArgument) { try send(frozen, "appendString:", "!") }
    let again = try #require(try send(mutable, "mutableCopy").objectValue)
    #expect(again !== mutable && Value.object(again) == "Bo")
  }

  @Test func editsCountUTF16UnitsAsNSStringDoes() throws {
    let runtime = Runtime()
    let nsMutableString = try foundationClass("NSMutableString", in: runtime)
    let text = try #require(try send(nsMutableString, "stringWithString:", "héllo").objectValue)
    try send(text, "insertString:atIndex:", "😀", 0)
    #expect(try send(text, "length") == 7)
    try send(text, "deleteCharactersInRange:", .range(0..<2))
    #expect(Value.object(text) == "héllo")
    try send(text, "replaceCharactersInRange:withString:", .range(1..<4), "ELL")
    #expect(Value.object(text) == "hELLo")
    try send(text, "appendString:", "!")
    try send(text, "insertString:atIndex:", ">", 0)
    #expect(Value.object(text) == ">hELLo!")
    try send(text, "setString:", "")
    #expect(try send(text, "length") == 0)
  }

  @Test func editsOutOfBoundsRaiseCFStringsRangeErrorAndChangeNothing() throws {
    let runtime = Runtime()
    let text = try #require(try send(try runtime.object(bridging: "abc"), "mutableCopy").objectValue)
    let insert = expectFoundationError(.indexOutOfBounds) { try send(text, "insertString:atIndex:", "x", 4) }
    #expect(insert?.message == "-[__NSCFString insertString:atIndex:]: Range or index out of bounds")
    #expect(insert?.exceptionName == "NSRangeException")
    let delete = expectFoundationError(.indexOutOfBounds) { try send(text, "deleteCharactersInRange:", .range(2..<5)) }
    #expect(delete?.message == "-[__NSCFString replaceCharactersInRange:withString:]: Range or index out of bounds")
    expectFoundationError(.indexOutOfBounds) { try send(text, "insertString:atIndex:", "x", -1) }
    #expect(Value.object(text) == "abc")
    try send(text, "insertString:atIndex:", "d", 3)  // the end is a valid place
    #expect(Value.object(text) == "abcd")
  }

  @Test func aNilStringArgumentIsRefusedAsNilArgument() throws {
    let runtime = Runtime()
    let text = try #require(try send(try runtime.object(bridging: "abc"), "mutableCopy").objectValue)
    for selector: Selector in ["appendString:", "setString:"] {
      let error = expectFoundationError(.invalidArgument) { try send(text, selector, .nil) }
      #expect(error?.message == "-[__NSCFString \(selector.name)]: nil argument")
    }
    #expect(Value.object(text) == "abc")
  }

  @Test func mutableAndImmutableStringsAreEqualAndHashAlikeBothWays() throws {
    let runtime = Runtime()
    let immutable = try #require(try runtime.object(bridging: "Ann"))
    let mutable = try #require(try send(immutable, "mutableCopy").objectValue)
    #expect(try send(mutable, "isEqual:", .object(immutable)) == true)
    #expect(try send(immutable, "isEqual:", .object(mutable)) == true)
    #expect(try send(immutable, "isEqualToString:", .object(mutable)) == true)
    #expect(try send(mutable, "isEqualToString:", "Ann") == true)
    #expect(try send(mutable, "hash") == (try send(immutable, "hash")))
    #expect(try send(mutable, "compare:", "Bo") == -1)
    try send(mutable, "appendString:", "e")
    #expect(try send(mutable, "isEqual:", .object(immutable)) == false)
    #expect(try send(mutable, "uppercaseString") == "ANNE")
  }

  @Test func mutableStringClassMessagesMakeMutableStrings() throws {
    let runtime = Runtime()
    let nsMutableString = try foundationClass("NSMutableString", in: runtime)
    let made: [Value] = [
      try send(nsMutableString, "string"), try send(nsMutableString, "stringWithString:", "a"),
      try send(nsMutableString, "stringWithCapacity:", 10), try send(nsMutableString, "new"),
      try send(try send(nsMutableString, "alloc").objectValue, "initWithString:", "b"),
      try send(nsMutableString, "stringWithFormat:", "7"),
    ]
    for string in made {
      let object = try #require(string.objectValue)
      #expect(object.isa.name == "__NSCFString")
      try send(object, "appendString:", "!")
      #expect(string.stringValue?.hasSuffix("!") == true)
    }
    #expect(made[5] == "7!")
    let nsString = try foundationClass("NSString", in: runtime)
    let immutable = try send(nsString, "stringWithString:", "a")
    expectFoundationError(.invalidArgument) { try send(immutable.objectValue, "appendString:", "!") }
  }

  @Test func formatsWriteConversionsAsPrintfAndObjectsByTheirDescription() throws {
    let runtime = Runtime()
    let nsMutableString = try foundationClass("NSMutableString", in: runtime)
    func format(_ format: String, _ values: [Value]) throws -> Value {
      try send(try send(nsMutableString, "alloc").objectValue, "initWithFormat:arguments:", .string(format), .array(values))
    }
    let text = try format("%@ is %d, %.2f|%5s|%-4d|%x %% %@ %lu", ["Ann", 42, .double(3.14159), .cString("ab"), 7, 255, .nil, .int(-1)])
    #expect(text == "Ann is 42, 3.14|   ab|7   |ff % (null) 18446744073709551615")
    #expect(try format("%2$@-%1$@", ["a", ["b"]]) == "(\n    b\n)-a")
    let missing = expectFoundationError(.invalidArgument) { _ = try format("%d %d", [1]) }
    #expect(missing?.message.contains("missing argument") == true)
    try send(text.objectValue, "appendFormat:", " 100%%")  // no values: the format alone
    #expect(text.stringValue?.hasSuffix("18446744073709551615 100%") == true)
  }

  @Test func aSubclassDefiningThePrimitivesGetsEveryEditAndOneWithoutIsAbstract() throws {
    let runtime = Runtime()
    let nsMutableString = try foundationClass("NSMutableString", in: runtime)
    let bare = try makeClass("BareString", superclass: nsMutableString, in: runtime)
    let bareOne = try #require(try send(bare, "new").objectValue)
    let abstract = expectFoundationError(.abstractMethod) { try send(bareOne, "appendString:", "x") }
    #expect(
      abstract?.message
        == "*** -[NSString length]: method only defined for abstract class.  Define -[BareString length]!")
    let logKey = AssociationKey("text")
    let backed = try makeClass("BackedString", superclass: nsMutableString, in: runtime) { cls in
      try cls.addMethod("length", types: "Q16@0:8") { receiver, _, _ in
        .uint64(UInt64(receiver.associatedObject(forKey: logKey).stringValue?.utf16.count ?? 0))
      }
      try cls.addMethod("characterAtIndex:", types: "S24@0:8Q16") { receiver, _, arguments in
        .uint16(Array((receiver.associatedObject(forKey: logKey).stringValue ?? "").utf16)[arguments[0].intValue ?? 0])
      }
      try cls.addMethod("replaceCharactersInRange:withString:", types: "v40@0:8{_NSRange=QQ}16@32") { receiver, _, arguments in
        var units = Array((receiver.associatedObject(forKey: logKey).stringValue ?? "").utf16)
        units.replaceSubrange(arguments[0].rangeValue ?? 0..<0, with: (arguments[1].stringValue ?? "").utf16)
        try receiver.setAssociatedObject(.string(String(decoding: units, as: UTF16.self)), forKey: logKey, policy: .copy)
        return .nil
      }
    }
    let backedOne = try #require(try send(backed, "new").objectValue)
    try send(backedOne, "appendString:", "bc")
    try send(backedOne, "insertString:atIndex:", "a", 0)
    try send(backedOne, "appendFormat:", "1")
    #expect(backedOne.associatedObject(forKey: logKey) == "abc1")
    let copy = try #require(try send(backedOne, "copy").objectValue)
    #expect(copy.isa.name == "__NSCFString" && Value.object(copy) == "abc1")
  }
}
