// NilTerminatedListTests.swift: Foundation's nil-terminated variadic constructors
// (`+arrayWithObjects:`, `+setWithObjects:`, `+orderedSetWithObjects:`, `-initWithObjects:`,
// `+dictionaryWithObjectsAndKeys:`, `-initWithObjectsAndKeys:`): the list ends at the first nil
// (NilTerminatedList.swift).

import Testing

@testable import MiniFoundation

@Suite struct NilTerminatedListTests {
  @Test func arrayWithObjectsStopsAtTheFirstNil() throws {
    let runtime = Runtime()
    let nsArray = try foundationClass("NSArray", in: runtime)
    let array = try Runtime.msgSend(nsArray, "arrayWithObjects:", arguments: ["a", "b", .nil, "c", .nil])
    #expect(array == ["a", "b"])
    #expect(array.objectValue?.isa.name == "__NSArrayI")
    #expect(try Runtime.msgSend(nsArray, "arrayWithObjects:", arguments: [.nil]) == [])
    let many = try Runtime.msgSend(nsArray, "arrayWithObjects:", arguments: [1, 2, 3, 4, 5, 6, .null, .nil])
    #expect(many == [1, 2, 3, 4, 5, 6, .null], "NSNull is an object, not the end")
  }

  @Test func theMutableClassesMakeMutableCollections() throws {
    let runtime = Runtime()
    let array = try Runtime.msgSend(try foundationClass("NSMutableArray", in: runtime), "arrayWithObjects:", arguments: ["a", .nil])
    #expect(array.objectValue?.isa.name == "__NSArrayM")
    try send(array.objectValue, "addObject:", "b")
    #expect(array == ["a", "b"])
    let set = try Runtime.msgSend(try foundationClass("NSMutableSet", in: runtime), "setWithObjects:", arguments: ["a", .nil])
    try send(set.objectValue, "addObject:", "b")
    #expect(set.setElements == ["a", "b"])
    let dictionary = try Runtime.msgSend(
      try foundationClass("NSMutableDictionary", in: runtime), "dictionaryWithObjectsAndKeys:", arguments: [1, "one", .nil])
    try send(dictionary.objectValue, "setObject:forKey:", 2, "two")
    #expect(dictionary.dictionaryValue == ["one": 1, "two": 2])
  }

  @Test func setsAndOrderedSetsKeepEachObjectOnce() throws {
    let runtime = Runtime()
    let set = try Runtime.msgSend(try foundationClass("NSSet", in: runtime), "setWithObjects:", arguments: ["a", "b", "a", .nil])
    #expect(set.setElements == ["a", "b"])
    let orderedSetClass = try foundationClass("NSOrderedSet", in: runtime)
    let ordered = try Runtime.msgSend(orderedSetClass, "orderedSetWithObjects:", arguments: ["b", "a", "b", .nil, "c"])
    #expect(ordered.orderedSetElements == ["b", "a"])
  }

  @Test func initWithObjectsIsVariadicOnEveryClass() throws {
    let runtime = Runtime()
    for (name, expected) in [("NSArray", 3), ("NSMutableArray", 3), ("NSSet", 2), ("NSOrderedSet", 2), ("NSMutableOrderedSet", 2)] {
      let allocated = try send(try foundationClass(name, in: runtime), "alloc")
      let made = try Runtime.msgSend(allocated.objectValue, "initWithObjects:", arguments: ["x", "y", "x", .nil])
      #expect(try send(made.objectValue, "count") == .uint64(UInt64(expected)), "\(name)")
    }
  }

  @Test func dictionaryWithObjectsAndKeysPairsObjectThenKey() throws {
    let runtime = Runtime()
    let nsDictionary = try foundationClass("NSDictionary", in: runtime)
    let dictionary = try Runtime.msgSend(nsDictionary, "dictionaryWithObjectsAndKeys:", arguments: ["Ann", "name", 42, "age", .nil, "x", "y"])
    #expect(dictionary.dictionaryValue == ["name": "Ann", "age": 42])
    #expect(try send(dictionary.objectValue, "objectForKey:", "age") == 42)
    let repeated = try Runtime.msgSend(nsDictionary, "dictionaryWithObjectsAndKeys:", arguments: [1, "k", 2, "k", .nil])
    #expect(repeated.dictionaryValue == ["k": 2], "a key given twice keeps its last object")
    let initialized = try Runtime.msgSend(try send(nsDictionary, "alloc").objectValue, "initWithObjectsAndKeys:", arguments: ["v", "k", .nil])
    #expect(initialized.dictionaryValue == ["k": "v"])
    #expect(try Runtime.msgSend(nsDictionary, "dictionaryWithObjectsAndKeys:", arguments: [.nil]).dictionaryValue == [:])
  }

  @Test func aNilKeyOrAListWithoutNilIsRefused() throws {
    let runtime = Runtime()
    let nsDictionary = try foundationClass("NSDictionary", in: runtime)
    let nilKey = expectFoundationError(.invalidArgument) {
      try Runtime.msgSend(nsDictionary, "dictionaryWithObjectsAndKeys:", arguments: ["a", .nil, .nil])
    }
    #expect(
      nilKey?.message
        == "*** +[NSDictionary dictionaryWithObjectsAndKeys:]: second object of each pair must be non-nil.  Or, did you forget to nil-terminate your parameter list?"
    )
    expectFoundationError(.invalidArgument) { try Runtime.msgSend(nsDictionary, "dictionaryWithObjectsAndKeys:", arguments: ["a", "k", "b"]) }
    let unterminated = expectFoundationError(.invalidArgument) {
      try Runtime.msgSend(nsDictionary, "dictionaryWithObjectsAndKeys:", arguments: ["a", "k"])
    }
    #expect(unterminated?.message.contains("the argument list is not nil-terminated (2 argument(s), none nil)") == true)
    let nsArray = try foundationClass("NSArray", in: runtime)
    let array = expectFoundationError(.invalidArgument) { try Runtime.msgSend(nsArray, "arrayWithObjects:", arguments: ["a", "b"]) }
    #expect(array?.message.hasPrefix("*** +[NSArray arrayWithObjects:]: the argument list is not nil-terminated") == true)
    expectFoundationError(.notAnObject) { try Runtime.msgSend(nsArray, "arrayWithObjects:", arguments: [.cString("a"), .nil]) }
  }
}
