// FoundationRound6Tests.swift: the sixth round's cases of Foundation's classes as objects (a
// mutable string in copy and strong properties, range exceptions' NSUInteger indexes, the
// messages users' KVC tests send to strings, numbers and values), as GNUstep-base's tests and
// users' reports write them. Each test pins Foundation's answer.

import Testing

@testable import KVO

@Suite struct FoundationRound6Tests {
  @Test func aCopyPropertyKeepsAnImmutableCopyOfAMutableStringAndAStrongOneSharesIt() throws {
    let world = try World()
    let ann = try world.newPerson()
    let mutable = try #require(try send(try world.runtime.object(bridging: "Ann"), "mutableCopy").objectValue)
    try world.set(ann, "name", .object(mutable))  // name is (copy)
    try world.set(ann, "firstName", .object(mutable))  // firstName is (strong)
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "name", options: [.new, .old])
    try ann.addObserver(observer, forKeyPath: "firstName", options: [.new, .old])

    try send(mutable, "appendString:", " Lee")
    #expect(try send(ann, "name") == "Ann")
    #expect(try send(ann, "name").objectValue !== mutable)
    #expect(try send(ann, "firstName").objectValue === mutable)
    #expect(try send(ann, "firstName") == "Ann Lee")
    #expect(log.count == 0, "mutating a string in place notifies nobody")
    let kept = try #require(try send(ann, "name").objectValue)
    expectFoundationErrorMessage("Attempt to mutate immutable object with appendString:") { try send(kept, "appendString:", "!") }
    try ann.removeObserver(observer, forKeyPath: "name")
    try ann.removeObserver(observer, forKeyPath: "firstName")
  }

  @Test func keyValueCodingSetsACopyPropertyThroughItsSetterSoItCopiesToo() throws {
    let world = try World()
    let ann = try world.newPerson()
    let mutable = try #require(try send(try world.runtime.object(bridging: "Bo"), "mutableCopy").objectValue)
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "name", options: [.new])
    try ann.setValue(.object(mutable), forKey: "name")
    try send(mutable, "setString:", "Cy")
    #expect(try ann.value(forKey: "name") == "Bo")
    #expect(log.all.count == 1)
    #expect(log.all.first?.change.new == "Bo")
    #expect(log.all.first?.change.new?.objectValue !== mutable, "the change carries the stored copy")
    try ann.setValue(.object(mutable), forKey: "firstName")
    try send(mutable, "setString:", "Di")
    #expect(try ann.value(forKey: "firstName") == "Di")
    try ann.removeObserver(observer, forKeyPath: "name")
  }

  @Test func rangeExceptionsPrintANegativeIndexAsTheUnsignedNSUIntegerFoundationReceived() throws {
    let runtime = Runtime()
    let array = try #require(try runtime.object(bridging: ["a", "b", "c"]))
    let mutable = try runtime.mutableArray(["a", "b", "c"])
    let ordered = try runtime.orderedSet(["a", "b", "c"])
    let huge = "18446744073709551615"
    let cases: [(Object, Selector, [Value], String)] = [
      (array, "objectAtIndex:", [-1], "*** -[__NSArrayI objectAtIndex:]: index \(huge) beyond bounds [0 .. 2]"),
      (array, "objectAtIndexedSubscript:", [-1], "*** -[__NSArrayI objectAtIndexedSubscript:]: index \(huge) beyond bounds [0 .. 2]"),
      (mutable, "removeObjectAtIndex:", [-1], "*** -[__NSArrayM removeObjectAtIndex:]: index \(huge) beyond bounds [0 .. 2]"),
      (mutable, "insertObject:atIndex:", ["x", -1], "*** -[__NSArrayM insertObject:atIndex:]: index \(huge) beyond bounds [0 .. 3]"),
      (mutable, "replaceObjectAtIndex:withObject:", [-2, "x"], "*** -[__NSArrayM replaceObjectAtIndex:withObject:]: index 18446744073709551614 beyond bounds [0 .. 2]"),
      (ordered, "objectAtIndex:", [-1], "*** -[__NSOrderedSetI objectAtIndex:]: index \(huge) beyond bounds [0 .. 2]"),
      (array, "objectAtIndex:", [.int(Int.max)], "*** -[__NSArrayI objectAtIndex:]: index 9223372036854775807 beyond bounds [0 .. 2]"),
    ]
    for (receiver, selector, arguments, message) in cases {
      expectFoundationErrorMessage(message) { try Runtime.msgSend(receiver, selector, arguments: Arguments(arguments)) }
    }
    #expect(Value.object(mutable) == ["a", "b", "c"])
    let string = try runtime.object(bridging: "ab")
    expectFoundationErrorMessage("*** -[__NSCFString characterAtIndex:]: Index \(huge) out of bounds; string length 2") {
      try send(string, "characterAtIndex:", -1)
    }
  }

  @Test func aStringAnswersValueForKeyThroughItsMethodsAndAnArrayMapsItOverItsStrings() throws {
    let runtime = Runtime()
    let string = try #require(try runtime.object(bridging: "héllo"))
    #expect(try string.value(forKey: "length") == 5)
    #expect(try string.value(forKey: "uppercaseString") == "HÉLLO")
    #expect(try string.value(forKey: "intValue") == 0)
    let words = try #require(try runtime.object(bridging: ["a", "bb", "ccc"]))
    #expect(try words.value(forKey: "length") == [1, 2, 3])
    #expect(try words.value(forKeyPath: "@sum.length") == 6)
    #expect(try words.value(forKey: "uppercaseString") == ["A", "BB", "CCC"])
    let mutable = try #require(try send(string, "mutableCopy").objectValue)
    #expect(try mutable.value(forKey: "length") == 5)
  }

  @Test func commonStringMessagesAnswerAsNSStringDoes() throws {
    let runtime = Runtime()
    let string = try #require(try runtime.object(bridging: "a,b,,c"))
    #expect(try send(string, "componentsSeparatedByString:", ",") == ["a", "b", "", "c"])
    #expect(try send(string, "componentsSeparatedByString:", ";") == ["a,b,,c"])
    #expect(try send(string, "substringFromIndex:", 2) == "b,,c")
    #expect(try send(string, "substringToIndex:", 3) == "a,b")
    #expect(try send(string, "substringWithRange:", .range(2..<5)) == "b,,")
    #expect(try send(string, "containsString:", ",,") == true)
    #expect(try send(string, "rangeOfString:", ",,") == .range(3..<5))
    #expect(try send(string, "rangeOfString:", "x") == .range(Int.max..<Int.max))  // {NSNotFound, 0}
    #expect(try send(string, "stringByReplacingOccurrencesOfString:withString:", ",", "-") == "a-b--c")
    #expect(try runtime.msgSend(bridging: "hello wORLD", "capitalizedString") == "Hello World")
    #expect(try runtime.msgSend(bridging: " 42 ", "integerValue") == 42)
    #expect(try runtime.msgSend(bridging: "3.5", "doubleValue") == 3.5)
    #expect(try runtime.msgSend(bridging: "NO", "boolValue") == false)
    #expect(try runtime.msgSend(bridging: "abc", "hasPrefix:", "") == false)  // the empty string is no prefix
    #expect(try runtime.msgSend(bridging: "abc", "hasSuffix:", "bc") == true)
    expectFoundationErrorMessage("*** -[__NSCFString substringFromIndex:]: Index 7 out of bounds; string length 6") {
      try send(string, "substringFromIndex:", 7)
    }
    expectFoundationErrorMessage("*** -[__NSCFString substringToIndex:]: Index 18446744073709551615 out of bounds; string length 6") {
      try send(string, "substringToIndex:", -1)
    }
    expectFoundationErrorMessage("*** -[__NSCFString substringWithRange:]: Range {4, 5} out of bounds; string length 6") {
      try send(string, "substringWithRange:", .range(4..<9))
    }
  }

  @Test func numbersAndValuesAnswerTheMessagesKVCTestsSend() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let nsNumber = try #require(runtime.lookUpClass(named: "NSNumber"))
    let yes = try #require(try send(nsNumber, "numberWithBool:", true).objectValue)
    #expect(try send(yes, "description") == "1" && send(yes, "stringValue") == "1")
    #expect(try send(try send(nsNumber, "numberWithInt:", 3).objectValue, "compare:", .double(3.5)) == -1)
    #expect(try send(try send(nsNumber, "numberWithDouble:", 3.0).objectValue, "compare:", .int32(3)) == 0)
    #expect(try send(try send(nsNumber, "numberWithInt:", 1).objectValue, "isEqual:", .object(yes)) == true)
    #expect(try runtime.msgSend(bridging: 42, "stringValue") == "42")
    let nsValue = try #require(runtime.lookUpClass(named: "NSValue"))
    let range = try #require(try send(nsValue, "valueWithRange:", .range(2..<5)).objectValue)
    #expect(try send(range, "rangeValue") == .range(2..<5))
    #expect(try send(range, "isEqualToValue:", .range(2..<5)) == true)
    #expect(try send(range, "isEqualToValue:", .range(2..<4)) == false)
    #expect(try send(range, "description") == "NSRange: {2, 3}")
  }

  @Test func collectionsAreEqualAcrossMutabilityAndNestingAndAnImmutableCopyIsItself() throws {
    let runtime = Runtime()
    let inner = try runtime.mutableArray(["x"])
    let mutableString = try #require(try send(try runtime.object(bridging: "s"), "mutableCopy").objectValue)
    let outer = try #require(try runtime.object(bridging: [.object(inner), .object(mutableString)]))
    #expect(try send(outer, "isEqual:", [["x"], "s"]) == true)
    #expect(try send(outer, "isEqualToArray:", [["x"], "s"]) == true)
    let dictionary = try runtime.mutableDictionary(["k": .object(inner)])
    #expect(try send(try runtime.object(bridging: ["k": ["x"]]), "isEqual:", .object(dictionary)) == true)
    #expect(try send(try runtime.mutableSet(["a"]), "isEqual:", .set(["a"])) == true)
    #expect(try send(try runtime.mutableOrderedSet(["a"]), "isEqual:", .object(try runtime.orderedSet(["a"]))) == true)
    try send(inner, "addObject:", "y")
    #expect(try send(outer, "isEqual:", [["x"], "s"]) == false, "equality reads the nested array as it is now")
    for value: Value in ["s", 7, .double(1.5), .range(0..<1), .null, ["a"], ["k": 1], .set([1])] {
      let object = try #require(try runtime.object(bridging: value))
      #expect(try send(object, "copy").objectValue === object, "\(value)")
    }
  }

  /// Expects `body` to throw a `FoundationError` whose message is `message`.
  func expectFoundationErrorMessage(_ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    do {
      try body()
      Issue.record("expected \(message), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as FoundationError {
      #expect(error.message == message, sourceLocation: sourceLocation)
    } catch {
      Issue.record("expected \(message), got \(error)", sourceLocation: sourceLocation)
    }
  }
}
