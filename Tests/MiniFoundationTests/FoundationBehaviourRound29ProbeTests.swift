// FoundationBehaviourRound29ProbeTests.swift: round 29's probes of the Foundation classes KVC and KVO act on
// (arrays, dictionaries, sets, ordered sets, numbers, strings, paths, formats, values, NSNull, index
// sets), from GNUstep-base's tests and Apple's documented answers; every one already matched.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound29ProbeTests {
  func fmt(_ runtime: Runtime, _ format: String, _ args: Value...) throws -> Value {
    let nsString = try foundationClass("NSString", in: runtime)
    return try Runtime.msgSend(nsString, "stringWithFormat:", arguments: Arguments([.string(format)] + args))
  }

  @Test func arrays() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let r = runtime
    #expect(try r.msgSend(bridging: ["b", "a", "c"], "sortedArrayUsingSelector:", .selector("compare:")) == ["a", "b", "c"])
    #expect(try r.msgSend(bridging: [3, 1, 2], "sortedArrayUsingSelector:", .selector("compare:")) == [1, 2, 3])
    #expect(try r.msgSend(bridging: ["a"], "arrayByAddingObjectsFromArray:", ["b", "c"]) == ["a", "b", "c"])
    #expect(try r.msgSend(bridging: [1, 2, 3], "componentsJoinedByString:", ", ") == "1, 2, 3")
    #expect(try r.msgSend(bridging: [], "componentsJoinedByString:", ", ") == "")
    #expect(try r.msgSend(bridging: ["x"], "componentsJoinedByString:", ", ") == "x")
    #expect(try r.msgSend(bridging: [1], "isEqualToArray:", ["1"]) == false)
    #expect(try r.msgSend(bridging: [1], "isEqualToArray:", [.double(1.0)]) == true)
    #expect(try r.msgSend(bridging: [1, 2], "containsObject:", .double(2.0)) == true)
    #expect(try r.msgSend(bridging: ["a"], "containsObject:", "b") == false)
    #expect(try r.msgSend(bridging: [1, 2], "indexOfObject:", .double(2.0)) == 1)
    let d = try r.msgSend(bridging: [["x": "a b"], [1, "c d"], "", "plain", "with\"quote"], "description")
    #expect(d == "(\n        {\n        x = \"a b\";\n    },\n        (\n        1,\n        \"c d\"\n    ),\n    \"\",\n    plain,\n    \"with\\\"quote\"\n)")
    let empty = try r.msgSend(bridging: [[]], "description")
    #expect(empty == "(\n        (\n    )\n)")
    let emptyArray = try r.msgSend(bridging: [], "description")
    #expect(emptyArray == "(\n)")
    let emptyDict = try r.msgSend(bridging: [:], "description")
    #expect(emptyDict == "{\n}")
    let nestedEmptyDict = try r.msgSend(bridging: ["k": [:]], "description")
    #expect(nestedEmptyDict == "{\n    k =     {\n    };\n}")
  }

  @Test func arrayErrors() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let array = try #require(try runtime.object(bridging: ["a", "b"]))
    let e1 = expectFoundationError(.indexOutOfBounds) { try send(array, "subarrayWithRange:", .range(1..<4)) }
    #expect(e1?.message == "*** -[__NSArrayI subarrayWithRange:]: range {1, 3} extends beyond bounds [0 .. 1]")
    let empty = try #require(try runtime.object(bridging: []))
    expectFoundationError(.indexOutOfBounds) { try send(empty, "subarrayWithRange:", .range(0..<1)) }
    let e3 = expectFoundationError(.indexOutOfBounds) { try send(array, "objectAtIndex:", .int(2)) }
    #expect(e3?.message == "*** -[__NSArrayI objectAtIndex:]: index 2 beyond bounds [0 .. 1]")
    expectFoundationError(.indexOutOfBounds) { try send(empty, "objectAtIndex:", .int(0)) }
    let mutable = try runtime.mutableArray(["a"])
    let e5 = expectFoundationError(.indexOutOfBounds) { try send(mutable, "objectAtIndex:", .int(3)) }
    #expect(e5?.message == "*** -[__NSArrayM objectAtIndex:]: index 3 beyond bounds [0 .. 0]")
    let e6 = expectFoundationError(.indexOutOfBounds) { try send(mutable, "insertObject:atIndex:", "x", .int(3)) }
    #expect(e6?.message == "*** -[__NSArrayM insertObject:atIndex:]: index 3 beyond bounds [0 .. 1]")
    let e7 = expectFoundationError(.invalidArgument) { try send(mutable, "addObject:", .nil) }
    #expect(e7?.message == "*** -[__NSArrayM insertObject:atIndex:]: object cannot be nil")
    expectFoundationError(.indexOutOfBounds) { try send(mutable, "removeObjectAtIndex:", .int(5)) }
  }

  @Test func makeObjectsPerform() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let inner1 = try runtime.mutableArray(["a"])
    let inner2 = try runtime.mutableArray(["b", "c"])
    let outer = try #require(try runtime.object(bridging: [.object(inner1), .object(inner2)]))
    try send(outer, "makeObjectsPerformSelector:", .selector("removeAllObjects"))
    #expect(try send(inner1, "count") == 0)
    #expect(try send(inner2, "count") == 0)
    try send(outer, "makeObjectsPerformSelector:withObject:", .selector("addObject:"), "z")
    #expect(Value.object(inner1) == ["z"])
  }

  @Test func dictionaries() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let r = runtime
    let keys = try r.msgSend(bridging: ["a": 1, "b": 2, "c": 1], "allKeysForObject:", .double(1.0))
    let keysSorted = try r.msgSend(bridging: keys, "sortedArrayUsingSelector:", .selector("compare:"))
    #expect(keysSorted == ["a", "c"])
    #expect(try r.msgSend(bridging: ["a": 3, "b": 1, "c": 2], "keysSortedByValueUsingSelector:", .selector("compare:")) == ["b", "c", "a"])
    #expect(try r.msgSend(bridging: ["a": 1], "allKeysForObject:", 2) == [])
    let cls = try foundationClass("NSDictionary", in: runtime)
    expectFoundationError(.invalidArgument) { try send(cls, "dictionaryWithObjects:forKeys:", ["x"], ["a", "b"]) }
    let d = try r.msgSend(bridging: ["b": 1, "a": 2, "C": 3, "aa": 4], "description")
    #expect(d == "{\n    C = 3;\n    a = 2;\n    aa = 4;\n    b = 1;\n}")
    let dict = try #require(try r.object(bridging: ["k": "v"]))
    let missing = try send(dict, "objectForKey:", "zz")
    #expect(missing.isNil)
  }

  @Test func sets() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let r = runtime
    let counted = try foundationClass("NSCountedSet", in: runtime)
    let c = try #require(try send(try send(counted, "alloc").objectValue, "initWithArray:", ["a", "b", "a"]).objectValue)
    #expect(try send(c, "countForObject:", "a") == 2)
    #expect(try send(c, "countForObject:", "z") == 0)
    #expect(try send(c, "count") == 2)
    try send(c, "removeObject:", "a")
    #expect(try send(c, "countForObject:", "a") == 1)
    #expect(try send(c, "containsObject:", "a") == true)
    try send(c, "removeObject:", "a")
    #expect(try send(c, "containsObject:", "a") == false)
    let m = try r.mutableSet(["a", "b", "c"])
    try send(m, "minusSet:", .set(["b", "z"]))
    #expect(Value.object(m) == .set(["a", "c"]))
    #expect(try r.msgSend(bridging: .set(["a", "b"]), "intersectsSet:", .set(["b", "q"])) == true)
    #expect(try r.msgSend(bridging: .set(["a", "b"]), "intersectsSet:", .set([])) == false)
    #expect(try r.msgSend(bridging: .set([]), "isSubsetOfSet:", .set([])) == true)
    #expect(try r.msgSend(bridging: .set(["a"]), "isSubsetOfSet:", .set(["a", "b"])) == true)
    #expect(try r.msgSend(bridging: .set(["a", "c"]), "isSubsetOfSet:", .set(["a", "b"])) == false)
    #expect(try r.msgSend(bridging: .set([]), "anyObject").isNil)
    #expect(try r.msgSend(bridging: .set(["q"]), "anyObject") == "q")
    #expect(try r.msgSend(bridging: .set([1]), "containsObject:", .double(1.0)) == true)
    #expect(try r.msgSend(bridging: .set([1]), "member:", .double(1.0)) == 1)
  }

  @Test func orderedSets() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let m = try runtime.mutableOrderedSet(["a", "b", "c"])
    try send(m, "insertObject:atIndex:", "c", .int(0))
    #expect(try send(m, "array") == ["a", "b", "c"])
    try send(m, "addObject:", "a")
    #expect(try send(m, "array") == ["a", "b", "c"])
    let moved = try runtime.mutableOrderedSet(["a", "b", "c", "d", "e"])
    let indexes = try runtime.indexSet(Indexes([0, 2]))
    try send(moved, "moveObjectsAtIndexes:toIndex:", .object(indexes), .int(1))
    #expect(try send(moved, "array") == ["b", "a", "c", "d", "e"])
    let moved2 = try runtime.mutableOrderedSet(["a", "b", "c", "d", "e"])
    try send(moved2, "moveObjectsAtIndexes:toIndex:", .object(try runtime.indexSet(Indexes([0, 1]))), .int(3))
    #expect(try send(moved2, "array") == ["c", "d", "e", "a", "b"])
    let live = try runtime.mutableOrderedSet(["a"])
    let arrayView = try send(live, "array")
    let setView = try send(live, "set")
    try send(live, "addObject:", "b")
    #expect(try send(arrayView.objectValue, "count") == 2, "the array view is live")
    #expect(try send(setView.objectValue, "count") == 2, "the set view is live")
    #expect(try send(arrayView.objectValue, "objectAtIndex:", .int(1)) == "b")
  }

  @Test func numbers() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let r = runtime
    #expect(try r.msgSend(bridging: 1, "compare:", .double(1.5)) == .int64(-1))
    #expect(try r.msgSend(bridging: .double(2.0), "compare:", 2) == .int64(0))
    #expect(try r.msgSend(bridging: .uint64(.max), "compare:", .int64(-1)) == .int64(1))
    #expect(try r.msgSend(bridging: .bool(true), "compare:", 1) == .int64(0))
    #expect(try r.msgSend(bridging: 1, "isEqualToNumber:", .double(1.0)) == true)
    #expect(try r.msgSend(bridging: .bool(true), "isEqualToNumber:", 1) == true)
    #expect(try r.msgSend(bridging: .double(0.1), "description") == "0.1")
    #expect(try r.msgSend(bridging: .double(1.0), "description") == "1")
    #expect(try r.msgSend(bridging: .double(-0.0), "description") == "-0")
    #expect(try r.msgSend(bridging: .double(1e20), "description") == "1e+20")
    #expect(try r.msgSend(bridging: .double(123456789012.5), "description") == "123456789012.5")
    #expect(try r.msgSend(bridging: .double(.infinity), "description") == "inf")
    #expect(try r.msgSend(bridging: .double(.nan), "description") == "nan")
    #expect(try r.msgSend(bridging: .uint64(.max), "description") == "18446744073709551615")
    #expect(try r.msgSend(bridging: .int64(.min), "description") == "-9223372036854775808")
    #expect(try r.msgSend(bridging: .uint64(.max), "stringValue") == "18446744073709551615")
    #expect(try r.msgSend(bridging: 300, "charValue") == .int8(44))
    #expect(try r.msgSend(bridging: .int8(97), "description") == "97")
    #expect(try r.msgSend(bridging: .double(3.9), "intValue") == .int32(3))
    #expect(try r.msgSend(bridging: .double(-3.9), "intValue") == .int32(-3))
    #expect(try r.msgSend(bridging: .bool(true), "description") == "1")
    #expect(try r.msgSend(bridging: .float(0.1), "description") == "0.1")
    #expect(try r.msgSend(bridging: .uint64(.max), "isEqual:", .int64(-1)) == false)
  }

  @Test func stringNumbers() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let r = runtime
    #expect(try r.msgSend(bridging: "  -12abc", "intValue") == .int32(-12))
    #expect(try r.msgSend(bridging: " +7", "integerValue") == .int64(7))
    #expect(try r.msgSend(bridging: "abc", "intValue") == .int32(0))
    #expect(try r.msgSend(bridging: "99999999999", "intValue") == .int32(.max))
    #expect(try r.msgSend(bridging: "-99999999999", "intValue") == .int32(.min))
    #expect(try r.msgSend(bridging: "99999999999999999999", "longLongValue") == .int64(.max))
    #expect(try r.msgSend(bridging: "\t\n 1.5e3x", "doubleValue") == .double(1500))
    #expect(try r.msgSend(bridging: "- 5", "intValue") == .int32(0))
    #expect(try r.msgSend(bridging: "--5", "intValue") == .int32(0))
    #expect(try r.msgSend(bridging: ".5", "doubleValue") == .double(0.5))
    #expect(try r.msgSend(bridging: "0x10", "intValue") == .int32(0))
    #expect(try r.msgSend(bridging: "YES", "boolValue") == true)
    #expect(try r.msgSend(bridging: "yes", "boolValue") == true)
    #expect(try r.msgSend(bridging: "1", "boolValue") == true)
    #expect(try r.msgSend(bridging: "  -1", "boolValue") == true)
    #expect(try r.msgSend(bridging: "0001", "boolValue") == true)
    #expect(try r.msgSend(bridging: "0", "boolValue") == false)
    #expect(try r.msgSend(bridging: "NO", "boolValue") == false)
    #expect(try r.msgSend(bridging: "true", "boolValue") == true)
    #expect(try r.msgSend(bridging: "", "boolValue") == false)
    #expect(try r.msgSend(bridging: "+-1", "boolValue") == false)
    #expect(try r.msgSend(bridging: "00t", "boolValue") == true)
  }

  @Test func paths() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let r = runtime
    #expect(try r.msgSend(bridging: "/", "stringByAppendingPathComponent:", "a") == "/a")
    #expect(try r.msgSend(bridging: "a/", "stringByAppendingPathComponent:", "b") == "a/b")
    #expect(try r.msgSend(bridging: "", "stringByAppendingPathComponent:", "a") == "a")
    #expect(try r.msgSend(bridging: "a", "stringByAppendingPathComponent:", "") == "a")
    #expect(try r.msgSend(bridging: "a", "stringByAppendingPathComponent:", "/b/") == "a/b")
    #expect(try r.msgSend(bridging: "a//b", "stringByAppendingPathComponent:", "c") == "a/b/c")
    #expect(try r.msgSend(bridging: "/", "lastPathComponent") == "/")
    #expect(try r.msgSend(bridging: "a/b/", "lastPathComponent") == "b")
    #expect(try r.msgSend(bridging: "", "lastPathComponent") == "")
    #expect(try r.msgSend(bridging: "a.tar.gz", "pathExtension") == "gz")
    #expect(try r.msgSend(bridging: ".hidden", "pathExtension") == "")
    #expect(try r.msgSend(bridging: "/a.b/c", "pathExtension") == "")
    #expect(try r.msgSend(bridging: "a.b/", "pathExtension") == "b")
    #expect(try r.msgSend(bridging: "a.", "pathExtension") == "")
  }

  @Test func searching() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let r = runtime
    #expect(try r.msgSend(bridging: "a,,b", "componentsSeparatedByString:", ",") == ["a", "", "b"])
    #expect(try r.msgSend(bridging: "", "componentsSeparatedByString:", ",") == [""])
    #expect(try r.msgSend(bridging: ",a,", "componentsSeparatedByString:", ",") == ["", "a", ""])
    #expect(try r.msgSend(bridging: "abc", "componentsSeparatedByString:", "") == ["abc"])
    #expect(try r.msgSend(bridging: "abc", "hasPrefix:", "") == false)
    #expect(try r.msgSend(bridging: "abc", "hasSuffix:", "") == false)
    #expect(try r.msgSend(bridging: "abc", "rangeOfString:", "") == .range(Int.max..<Int.max))
    #expect(try r.msgSend(bridging: "abc", "containsString:", "") == false)
    let s = try #require(try runtime.object(bridging: "abc"))
    expectFoundationError(.indexOutOfBounds) { try send(s, "substringWithRange:", .range(2..<5)) }
    expectFoundationError(.indexOutOfBounds) { try send(s, "substringFromIndex:", .int(4)) }
    expectFoundationError(.indexOutOfBounds) { try send(s, "characterAtIndex:", .int(3)) }
  }

  @Test func formats() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try fmt(runtime, "%d|%ld|%lu|%x|%X|%o|%%", .int32(-5), .int64(-6), .uint64(7), .int32(255), .int32(255), .int32(8)) == "-5|-6|7|ff|FF|10|%")
    #expect(try fmt(runtime, "%e|%g|%g|%g|%.2f|%f", .double(1234.5), .double(0.0001), .double(1e-5), .double(123456789), .double(2.375), .double(1)) == "1.234500e+03|0.0001|1e-05|1.23457e+08|2.38|1.000000")
    #expect(try fmt(runtime, "%2$@ %1$@", "a", "b") == "b a")
    #expect(try fmt(runtime, "%2$d-%1$d", .int32(1), .int32(2)) == "2-1")
    #expect(try fmt(runtime, "%@", .nil) == "(null)")
    #expect(try fmt(runtime, "%5s|%-5d|%05d|%+d", .cString(CString("ab")), .int32(3), .int32(42), .int32(5)) == "   ab|3    |00042|+5")
    #expect(try fmt(runtime, "%p", .pointer(0x10)) == "0x10")
    #expect(try fmt(runtime, "%c", .int32(65)) == "A")
    #expect(try fmt(runtime, "%u", .int32(-1)) == "4294967295")
    #expect(try fmt(runtime, "%lld|%llu|%hd|%hhd", .int64(-1), .uint64(.max), .int32(70000), .int32(300)) == "-1|18446744073709551615|4464|44")
    #expect(try fmt(runtime, "%@", [1, 2]) == "(\n    1,\n    2\n)")
    #expect(try fmt(runtime, "%#x|%#o", .int32(255), .int32(8)) == "0xff|010")
    #expect(try fmt(runtime, "%.3s", .cString(CString("abcdef"))) == "abc")
    #expect(try fmt(runtime, "%*d", .int32(4), .int32(7)) == "   7")
    #expect(try fmt(runtime, "%zd", .int64(-3)) == "-3")
  }

  @Test func valuesAndNull() throws {
    let runtime = Runtime()
    let nsValue = try foundationClass("NSValue", in: runtime)
    let v = try send(nsValue, "valueWithRange:", .range(1..<3))
    #expect(try send(v.objectValue, "rangeValue") == .range(1..<3))
    #expect(try send(v.objectValue, "description") == "NSRange: {1, 2}")
    let w = try send(nsValue, "valueWithRange:", .range(1..<3))
    #expect(try send(v.objectValue, "isEqualToValue:", w) == true)
    #expect(try send(v.objectValue, "isEqual:", w) == true)
    #expect(try send(v.objectValue, "hash") == (try send(w.objectValue, "hash")))
    let x = try send(nsValue, "valueWithRange:", .range(1..<4))
    #expect(try send(v.objectValue, "isEqualToValue:", x) == false)
    #expect(try send(v.objectValue, "objCType") == .cString(CString("{_NSRange=QQ}")))
    let null = try runtime.null()
    #expect(try send(null, "description") == "<null>")
    #expect(try send(null, "isEqual:", .object(null)) == true)
    #expect(try send(null, "isEqual:", .nil) == false)
    #expect(try runtime.msgSend(bridging: [.null], "description") == "(\n    \"<null>\"\n)")
  }

  @Test func indexSets() throws {
    let runtime = Runtime()
    let set = try runtime.indexSet(Indexes([1, 2, 5]))
    let d = try #require(try send(set, "description").stringValue)
    #expect(d.hasSuffix("[number of indexes: 3 (in 2 ranges), indexes: (1-2 5)]"), "\(d)")
    let empty = try runtime.indexSet(Indexes([]))
    #expect(try send(set, "count") == 3)
    #expect(try send(set, "firstIndex") == 1)
    #expect(try send(empty, "firstIndex") == .uint64(UInt64(Int.max)))
    #expect(try send(set, "containsIndexesInRange:", .range(1..<3)) == true)
    #expect(try send(set, "countOfIndexesInRange:", .range(0..<5)) == 2)
    #expect(try send(set, "indexGreaterThanIndex:", .int(2)) == 5)
    #expect(try send(set, "indexLessThanOrEqualToIndex:", .int(4)) == 2)
  }
}
