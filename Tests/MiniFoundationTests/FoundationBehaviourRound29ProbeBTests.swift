// FoundationBehaviourRound29ProbeBTests.swift: more of round 29's probes of the Foundation classes KVC
// and KVO act on (paths, strings, numbers, collections); every one already matched.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound29ProbeBTests {
  @Test func morePaths() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let r = runtime
    func p(_ s: String, _ sel: Selector) throws -> Value { try r.msgSend(bridging: .string(s), sel) }
    #expect(try p("/tmp/scratch.tiff", "stringByDeletingLastPathComponent") == "/tmp")
    #expect(try p("/tmp/lock/", "stringByDeletingLastPathComponent") == "/tmp")
    #expect(try p("/tmp/", "stringByDeletingLastPathComponent") == "/")
    #expect(try p("/tmp", "stringByDeletingLastPathComponent") == "/")
    #expect(try p("/", "stringByDeletingLastPathComponent") == "/")
    #expect(try p("scratch.tiff", "stringByDeletingLastPathComponent") == "")
    #expect(try p("/tmp/scratch.tiff", "stringByDeletingPathExtension") == "/tmp/scratch")
    #expect(try p("/tmp/", "stringByDeletingPathExtension") == "/tmp")
    #expect(try p("scratch.bundle/", "stringByDeletingPathExtension") == "scratch")
    #expect(try p("scratch..tiff", "stringByDeletingPathExtension") == "scratch.")
    #expect(try p(".tiff", "stringByDeletingPathExtension") == ".tiff")
    #expect(try p("/", "stringByDeletingPathExtension") == "/")
    #expect(try r.msgSend(bridging: "/tmp/scratch.old", "stringByAppendingPathExtension:", "tiff") == "/tmp/scratch.old.tiff")
    #expect(try r.msgSend(bridging: "/tmp/", "stringByAppendingPathExtension:", "tiff") == "/tmp.tiff")
    #expect(try r.msgSend(bridging: "scratch", "stringByAppendingPathExtension:", "tiff") == "scratch.tiff")
    #expect(try p("tmp/scratch", "pathComponents") == ["tmp", "scratch"])
    #expect(try p("/tmp/scratch", "pathComponents") == ["/", "tmp", "scratch"])
    #expect(try p("/tmp/scratch/", "pathComponents") == ["/", "tmp", "scratch", "/"])
    #expect(try p("/usr/", "lastPathComponent") == "usr")
    #expect(try p("/tmp/scratch.tiff", "lastPathComponent") == "scratch.tiff")
    #expect(try p("~", "isAbsolutePath") == true)
    #expect(try p("a", "isAbsolutePath") == false)
    let nsString = try foundationClass("NSString", in: runtime)
    #expect(try send(nsString, "pathWithComponents:", ["/", "tmp", "x"]) == "/tmp/x")
  }

  @Test func moreStrings() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let r = runtime
    #expect(try r.msgSend(bridging: "a2", "compare:options:", "a10", .uint64(64)) == .int64(-1))
    #expect(try r.msgSend(bridging: "a2", "compare:", "a10") == .int64(1))
    #expect(try r.msgSend(bridging: "hello wORLD", "capitalizedString") == "Hello World")
    #expect(try r.msgSend(bridging: "abc", "stringByPaddingToLength:withString:startingAtIndex:", .int(6), "12", .int(1)) == "abc212")
    #expect(try r.msgSend(bridging: "abcabc", "rangeOfString:options:", "bc", .uint64(4)) == .range(4..<6))
    #expect(try r.msgSend(bridging: "abcabc", "rangeOfString:options:", "bc", .uint64(8)) == .range(Int.max..<Int.max))
    #expect(try r.msgSend(bridging: "abcabc", "rangeOfString:options:", "bc", .uint64(12)) == .range(4..<6))
    #expect(try r.msgSend(bridging: "ABC", "rangeOfString:options:", "b", .uint64(1)) == .range(1..<2))
    #expect(try r.msgSend(bridging: "abc", "stringByReplacingOccurrencesOfString:withString:", "", "x") == "abc")
    #expect(try r.msgSend(bridging: "aaa", "stringByReplacingOccurrencesOfString:withString:", "aa", "b") == "ba")
    #expect(try r.msgSend(bridging: "abc", "substringToIndex:", .int(3)) == "abc")
    #expect(try r.msgSend(bridging: "abc", "substringFromIndex:", .int(3)) == "")
    #expect(try r.msgSend(bridging: "a", "isEqual:", 1) == false)
    #expect(try r.msgSend(bridging: "abc", "commonPrefixWithString:options:", "abd", .uint64(0)) == "ab")
    #expect(try r.msgSend(bridging: "  x \n", "stringByTrimmingCharactersInSet:",
      try send(try foundationClass("NSCharacterSet", in: runtime), "whitespaceAndNewlineCharacterSet")) == "x")
    #expect(try r.msgSend(bridging: "ab", "stringByAppendingString:", "") == "ab")
    #expect(try r.msgSend(bridging: "a b", "componentsSeparatedByCharactersInSet:",
      try send(try foundationClass("NSCharacterSet", in: runtime), "whitespaceCharacterSet")) == ["a", "b"])
    #expect(try r.msgSend(bridging: "Abc", "lowercaseString") == "abc")
    #expect(try r.msgSend(bridging: "straße", "uppercaseString") == "STRASSE")
    #expect(try r.msgSend(bridging: "abc", "length") == 3)
    #expect(try r.msgSend(bridging: "😀", "length") == 2)
    #expect(try r.msgSend(bridging: "1.5", "floatValue") == .float(1.5))
    #expect(try r.msgSend(bridging: "1e400", "doubleValue") == .double(.infinity))
    #expect(try r.msgSend(bridging: "-1e400", "doubleValue") == .double(-.infinity))
    #expect(try r.msgSend(bridging: "12", "hash") == (try r.msgSend(bridging: "12", "hash")))
    #expect(try r.msgSend(bridging: "abc", "isEqualToString:", .nil) == false)
  }

  @Test func moreNumbers() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let r = runtime
    let n = try foundationClass("NSNumber", in: runtime)
    #expect(try send(send(n, "numberWithUnsignedChar:", .uint8(255)).objectValue, "charValue") == .int8(-1))
    #expect(try send(send(n, "numberWithShort:", .int16(-1)).objectValue, "unsignedShortValue") == .uint16(65535))
    #expect(try send(send(n, "numberWithUnsignedInt:", .uint32(.max)).objectValue, "description") == "4294967295")
    #expect(try send(send(n, "numberWithFloat:", .float(1.5)).objectValue, "description") == "1.5")
    #expect(try send(send(n, "numberWithBool:", .bool(true)).objectValue, "description") == "1")
    #expect(try send(send(n, "numberWithInt:", 0).objectValue, "boolValue") == false)
    #expect(try r.msgSend(bridging: 1, "isEqual:", "1") == false)
    #expect(try r.msgSend(bridging: 1, "hash") == (try r.msgSend(bridging: .double(1.0), "hash")))
    #expect(try r.msgSend(bridging: 1, "compare:", .double(1.0)) == .int64(0))
    #expect(try r.msgSend(bridging: .double(1e16), "description") == "1e+16")
    #expect(try r.msgSend(bridging: .double(1234567890123456), "description") == "1234567890123456")
    #expect(try r.msgSend(bridging: .double(0.1 + 0.2), "description") == "0.3")
    #expect(try r.msgSend(bridging: .double(1.0 / 3.0), "description") == "0.3333333333333333")
    #expect(try r.msgSend(bridging: .double(0.0001), "description") == "0.0001")
    #expect(try r.msgSend(bridging: .double(0.00001), "description") == "1e-05")
    #expect(try r.msgSend(bridging: .double(2.5), "stringValue") == "2.5")
    #expect(try r.msgSend(bridging: .double(2.5), "integerValue") == .int64(2))
    let d = try r.msgSend(bridging: .double(2.5), "descriptionWithLocale:", .nil)
    #expect(d == "2.5")
  }

  @Test func moreCollections() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let r = runtime
    #expect(try r.msgSend(bridging: ["a", "b", "c"], "objectsAtIndexes:", .object(try r.indexSet(Indexes([0, 2])))) == ["a", "c"])
    #expect(try r.msgSend(bridging: ["a", "b"], "firstObjectCommonWithArray:", ["x", "b"]) == "b")
    #expect(try r.msgSend(bridging: [], "firstObject").isNil)
    #expect(try r.msgSend(bridging: [], "lastObject").isNil)
    #expect(try r.msgSend(bridging: ["a", "b", "a"], "indexOfObject:inRange:", "a", .range(1..<3)) == 2)
    #expect(try r.msgSend(bridging: [1, 2], "isEqual:", [1, 2]) == true)
    #expect(try r.msgSend(bridging: [1, 2], "hash") == 2)
    #expect(try r.msgSend(bridging: ["a": 1], "hash") == 1)
    #expect(try r.msgSend(bridging: .set([1, 2, 3]), "hash") == 3)
    let m = try r.mutableArray(["c", "a", "b"])
    try send(m, "sortUsingSelector:", .selector("compare:"))
    #expect(Value.object(m) == ["a", "b", "c"])
    try send(m, "removeObject:", "b")
    #expect(Value.object(m) == ["a", "c"])
    try send(m, "removeObject:", "zz")
    try send(m, "exchangeObjectAtIndex:withObjectAtIndex:", .int(0), .int(1))
    #expect(Value.object(m) == ["c", "a"])
    try send(m, "removeObjectsInRange:", .range(0..<2))
    #expect(Value.object(m) == [])
    expectFoundationError(.indexOutOfBounds) { try send(m, "removeLastObject") }
    let dict = try r.mutableDictionary(["a": 1])
    try send(dict, "removeObjectForKey:", "nope")
    expectFoundationError(.invalidArgument) { try send(dict, "setObject:forKey:", .nil, "k") }
    let e3 = expectFoundationError(.invalidArgument) { try send(dict, "setObject:forKey:", "v", .nil) }
    #expect(e3?.message == "*** -[__NSDictionaryM setObject:forKey:]: key cannot be nil")
    let s = try r.mutableSet([])
    let e4 = expectFoundationError(.invalidArgument) { try send(s, "addObject:", .nil) }
    #expect(e4?.message == "*** -[__NSSetM addObject:]: object cannot be nil")
    #expect(try r.msgSend(bridging: .set(["b", "a"]), "description") == "{(\n    a,\n    b\n)}")
    #expect(try r.msgSend(bridging: .set([]), "description") == "{(\n)}")
    #expect(try send(try r.orderedSet([]), "description") == "{(\n)}")
    let os = try r.orderedSet(["b", "a"])
    #expect(try send(os, "description") == "{(\n    b,\n    a\n)}")
  }
}
