// FoundationSnippetTests.swift: the examples of docs/foundation.md, run as tests.

import KVO
import Testing

@Suite struct FoundationSnippetTests {
  @Test func bridgedValuesAreBoxedWhenAMessageNeedsAnObject() throws {
    // snippet: docs/foundation.md#objects-and-bridged-values
    let runtime = Runtime()
    let tags: Value = ["swift", "kvo"]  // a bridged NSArray: no object yet
    #expect(try runtime.msgSend(bridging: tags, "count") == 2)  // boxed into an __NSArrayI to receive it
    #expect(try runtime.object(bridging: tags)?.isa.name == "__NSArrayI")

    let list = try runtime.mutableArray(["swift"])  // an __NSArrayM: identity and contents that change
    try runtime.msgSend(list, "addObject:", "kvo")
    #expect(Value.object(list) == tags)  // equal contents, as -isEqual: says
    #expect(Value.object(list).arrayValue == ["swift", "kvo"])

    #expect(try runtime.object(bridging: .null) === runtime.null())  // one NSNull per runtime
    #expect(Value.null != .nil)  // NSNull is an object; nil is not
    #expect(throws: FoundationError.self) { try runtime.object(bridging: .cString("kvo")) }  // a char * is no object
    // end snippet
  }

  @Test func collectionsRetainTheirElements() throws {
    // snippet: docs/foundation.md#collections-retain-their-elements
    let runtime = Runtime()
    let array = try runtime.mutableArray()
    let object = try #require(try runtime.msgSend(runtime.rootClass, "new").objectValue)
    try runtime.msgSend(array, "addObject:", .object(object))
    #expect(object.retainCount == 2)
    try runtime.msgSend(array, "removeAllObjects")
    #expect(object.retainCount == 1)
    // end snippet
  }

  @Test func theClassesAreClustersWithFoundationsMessages() throws {
    // snippet: docs/foundation.md#the-classes
    let runtime = Runtime()
    try runtime.installFoundation()
    let mutableSet = try #require(runtime.lookUpClass(named: "NSMutableSet"))
    let set = try runtime.msgSend(mutableSet, "setWithArray:", ["a", "b", "a"])
    #expect(set.objectValue?.isa.name == "__NSSetM")
    try runtime.msgSend(set.objectValue, "minusSet:", .set(["a"]))
    #expect(set == .set(["b"]))

    let frozen = try runtime.msgSend(set.objectValue, "copy")
    #expect(frozen.objectValue?.isa.name == "__NSSetI")
    let refused = #expect(throws: RuntimeError.self) { try runtime.msgSend(frozen.objectValue, "addObject:", "c") }
    #expect(refused?.exceptionName == "NSInvalidArgumentException")  // -[__NSSetI addObject:]: unrecognized selector …
    #expect(try runtime.msgSend(bridging: ["b": 2, "a": 1], "description") == "{\n    a = 1;\n    b = 2;\n}")
    // end snippet
  }

  @Test func variadicMessagesTakeTheirValuesAfterTheFixedArgument() throws {
    // snippet: docs/foundation.md#variadic-messages
    let runtime = Runtime()
    try runtime.installFoundation()
    let nsString = try #require(runtime.lookUpClass(named: "NSString"))
    let text = try runtime.msgSend(nsString, "stringWithFormat:", arguments: ["%@ is %d (%.1f%%)", "Ann", 42, 99.5])
    #expect(text == "Ann is 42 (99.5%)")
    #expect(try runtime.msgSend(nsString, "stringWithFormat:", arguments: ["%u", -1]) == "4294967295")  // %u reads an unsigned int
    let wrongKind = #expect(throws: FoundationError.self) { try runtime.msgSend(nsString, "stringWithFormat:", arguments: ["%d", "x"]) }
    #expect(wrongKind?.exceptionName == "NSInvalidArgumentException")  // C would print garbage

    let nsArray = try #require(runtime.lookUpClass(named: "NSArray"))
    #expect(try runtime.msgSend(nsArray, "arrayWithObjects:", arguments: ["a", "b", .nil, "c"]) == ["a", "b"])  // up to the first nil
    let nsDictionary = try #require(runtime.lookUpClass(named: "NSDictionary"))
    let entries = try runtime.msgSend(nsDictionary, "dictionaryWithObjectsAndKeys:", arguments: ["Ann", "name", 42, "age", .nil])
    #expect(entries.dictionaryValue == ["name": "Ann", "age": 42])  // object, then key
    // end snippet
  }

  @Test func decimalNumbersAddExactlyAndEqualPlainNumbers() throws {
    // snippet: docs/foundation.md#nsdecimalnumber
    let runtime = Runtime()
    try runtime.installFoundation()
    let decimalNumber = try #require(runtime.lookUpClass(named: "NSDecimalNumber"))
    let tenth = try runtime.msgSend(decimalNumber, "decimalNumberWithString:", "0.1")
    let sum = try runtime.msgSend(tenth.objectValue, "decimalNumberByAdding:", .double(0.2))
    #expect(try runtime.msgSend(sum.objectValue, "description") == "0.3")  // not 0.30000000000000004
    #expect(try runtime.msgSend(sum.objectValue, "isEqual:", .double(0.3)) == true)
    #expect(sum == .double(0.3))  // in Swift too: it bridges to its nearest plain number
    let third = try runtime.msgSend(runtime.msgSend(decimalNumber, "one").objectValue, "decimalNumberByDividingBy:", 3)
    #expect(third.decimalValue?.description == "0.33333333333333333333333333333333333333")  // 38 digits
    // end snippet
  }

  @Test func errorsCarryFoundationsExceptionNames() throws {
    // snippet: docs/foundation.md#errors
    let runtime = Runtime()
    let list = try runtime.mutableArray(["a", "b"])
    let range = #expect(throws: FoundationError.self) { try runtime.msgSend(list, "objectAtIndex:", 2) }
    #expect(range?.exceptionName == "NSRangeException")
    #expect(range?.message == "*** -[__NSArrayM objectAtIndex:]: index 2 beyond bounds [0 .. 1]")
    let empty = #expect(throws: FoundationError.self) { try runtime.msgSend(list, "addObject:", nil) }
    #expect(empty?.message == "*** -[__NSArrayM insertObject:atIndex:]: object cannot be nil")
    #expect(Value.object(list) == ["a", "b"])  // nothing changed
    // end snippet
  }

  @Test func aCopyOfAnImmutableObjectIsItselfRetained() throws {
    // snippet: docs/runtime.md#copies-are-owned
    let runtime = Runtime()
    try runtime.installFoundation()
    let name = try #require(try runtime.object(bridging: "Ann"))  // an immutable NSString, yours
    let copy = try runtime.msgSend(name, "copy")  // [name copy]
    defer { try? Runtime.release(copy.objectValue) }  // what ARC does at the end of the scope
    #expect(copy.objectValue === name && name.retainCount == 2)
    // end snippet
  }
}
