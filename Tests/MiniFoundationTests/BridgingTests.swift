// BridgingTests.swift: bridged values become objects only when a message needs one, and both
// forms compare alike.

import Testing

@testable import MiniFoundation

@Suite struct BridgingTests {
  @Test func boxingABridgedValueGivesANewObjectOfItsClass() throws {
    let runtime = Runtime()
    let cases: [(Value, String)] = [
      (["a"], "__NSArrayI"), (["k": 1], "__NSDictionaryI"), (.set([1]), "__NSSetI"), ("text", "__NSCFString"),
      (7, "__NSCFNumber"), (true, "__NSCFBoolean"), (.range(0..<1), "NSConcreteValue"), (.pointer(8), "NSConcreteValue"),
      (.null, "NSNull"),
    ]
    for (value, className) in cases {
      let object = try #require(try runtime.object(bridging: value))
      #expect(object.isa.name == className)
      #expect(Value.object(object) == value, "\(value) equals its box")
    }
    #expect(try runtime.object(bridging: ["a"]) !== runtime.object(bridging: ["a"]), "a bridged value has no identity")
    #expect(try runtime.object(bridging: .null) === runtime.object(bridging: .null), "one NSNull per runtime")
    #expect(try runtime.object(bridging: .nil) == nil)
    try runtime.checkInvariants()
  }

  @Test func anObjectIsItselfAndACValueIsNoObject() throws {
    let runtime = Runtime()
    let list = try runtime.mutableArray()
    #expect(try runtime.object(bridging: .object(list)) === list)
    let error = expectFoundationError(.notAnObject) { _ = try runtime.object(bridging: .cString("a")) }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    expectFoundationError(.notAnObject) { _ = try runtime.object(bridging: .cArray([1])) }
  }

  @Test func messagesReachBridgedValuesThroughTheBoxingPoint() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(bridging: ["a", "b"], "count") == 2)
    #expect(try runtime.msgSend(bridging: ["k": 1], "objectForKey:", "k") == 1)
    #expect(try runtime.msgSend(bridging: "Ann", "length") == 3)
    #expect(try runtime.msgSend(bridging: 7, "stringValue") == "7")
    #expect(try runtime.msgSend(bridging: .nil, "count") == .nil, "a message to nil")
  }

  @Test func aNilElementIsBoxedAsNSNull() throws {
    let runtime = Runtime()
    let array = try runtime.object(bridging: [1, .nil])
    #expect(try send(array, "lastObject") == .null)
    #expect(try send(array, "lastObject").objectValue == nil, "the message returns the bridged NSNull")
    #expect(Value.object(try #require(array)).arrayValue == [1, .null])
  }

  @Test func theNSNullInstanceIsHeldWeaklyAndNeverDuplicated() throws {
    let runtime = Runtime()
    weak var first: Object?
    do {
      let null = try runtime.null()
      first = null
      #expect(try runtime.null() === null)
      #expect(try send(try foundationClass("NSNull", in: runtime), "null").objectValue === null)
    }
    #expect(first == nil, "the runtime does not keep its NSNull alive")
    #expect(try runtime.null().isa.name == "NSNull")
  }

  @Test func theRuntimeIsFreedWithFoundationInstalled() throws {
    weak var freed: Runtime?
    do {
      let runtime = Runtime()
      freed = runtime
      _ = try runtime.null()
      _ = try runtime.msgSend(bridging: ["a"], "count")
    }
    #expect(freed == nil)
  }

  @Test func readersSeeTheCurrentContentsOfMutableObjects() throws {
    let runtime = Runtime()
    let list = try runtime.mutableArray(["a"])
    let set = try runtime.mutableSet(["x"])
    let dictionary = try runtime.mutableDictionary(["k": 1])
    let ordered = try runtime.mutableOrderedSet(["a", "b", "a"])
    try send(list, "addObject:", "b")
    try send(set, "addObject:", "y")
    try send(dictionary, "setObject:forKey:", 2, "j")
    #expect(Value.object(list).arrayValue == ["a", "b"])
    #expect(Value.object(set).setElements == ["x", "y"])
    #expect(Value.object(dictionary).dictionaryValue == ["k": 1, "j": 2])
    #expect(Value.object(ordered).orderedSetElements == ["a", "b"])
    #expect(Value.object(ordered) != ["a", "b"], "an ordered set is not an array")
    #expect(Value.object(ordered) == .object(try runtime.orderedSet(["a", "b"])))
    #expect(Value.object(list).description == "(\"a\", \"b\")")
  }

  @Test func rangesAreNSRangeStructs() throws {
    #expect(Value.range(2..<5).encoding.description == "{_NSRange=QQ}")
    #expect(Value.range(2..<5).rangeValue == 2..<5)
    #expect(Value.int64(1).rangeValue == nil)
  }
}
