// CollectionGetterProxyTests.swift: valueForKey: of a key with only collection accessors is a
// live NSKeyValueArray or NSKeyValueSet that sends the container's accessors on every message.

import Testing

@testable import KVO

@Suite struct CollectionGetterProxyTests {
  /// A `Table` whose `rows` are kept in the ivar `_storage` and read only through accessors;
  /// `calls` records the accessors sent.
  struct Table {
    let runtime = Runtime()
    let cls: Class
    let object: Object
    let calls = Locked<[String]>([])

    static func stored(_ receiver: Object) throws -> [Value] { try receiver.value(ofIvar: "_storage").arrayValue ?? [] }

    init(
      indexed: Bool = true, atIndexes: Bool = false, indexOf: Bool = false, unordered: Bool = false, setter: Bool = false
    ) throws {
      cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Table")
      try cls.addIvar("_storage", type: .object(className: "NSArray"))
      try runtime.registerClassPair(cls)
      let calls = calls
      try cls.addMethod("countOfRows", types: "Q16@0:8") { receiver, _, _ in
        calls.withLock { $0.append("countOfRows") }
        return .int(try Table.stored(receiver).count)
      }
      if indexed {
        try cls.addMethod("objectInRowsAtIndex:", types: "@24@0:8Q16") { receiver, _, arguments in
          calls.withLock { $0.append("objectInRowsAtIndex: \(arguments[0])") }
          return try Table.stored(receiver)[arguments[0].intValue ?? 0]
        }
      }
      if atIndexes {
        try cls.addMethod("rowsAtIndexes:", types: "@24@0:8@16") { receiver, _, arguments in
          calls.withLock { $0.append("rowsAtIndexes:") }
          let all = try Table.stored(receiver)
          return .array(try KeyValueCategory.indexes(arguments[0]).map { all[$0] })
        }
      }
      if indexOf {
        try cls.addMethod("indexInRowsOfObject:", types: "Q24@0:8@16") { receiver, _, arguments in
          calls.withLock { $0.append("indexInRowsOfObject: \(arguments[0])") }
          return .int(try Table.stored(receiver).firstIndex(of: arguments[0]) ?? Int.max)
        }
      }
      if unordered {
        try cls.addMethod("enumeratorOfRows", types: "@16@0:8") { receiver, _, _ in
          calls.withLock { $0.append("enumeratorOfRows") }
          return try Runtime.msgSend(try receiver.runtime?.object(bridging: .array(try Table.stored(receiver))), "objectEnumerator")
        }
        try cls.addMethod("memberOfRows:", types: "@24@0:8@16") { receiver, _, arguments in
          calls.withLock { $0.append("memberOfRows: \(arguments[0])") }
          return try Table.stored(receiver).first { $0 == arguments[0] } ?? .nil
        }
      }
      if setter {
        try cls.addMethod("setRows:", types: "v24@0:8@16") { receiver, _, arguments in
          try receiver.setValue(arguments[0], forIvar: "_storage")
          return .nil
        }
      }
      object = try cls.createInstance()
    }

    func store(_ rows: Value) throws { try object.setValue(rows, forIvar: "_storage") }
    func taken() -> [String] {
      calls.withLock { calls in
        defer { calls = [] }
        return calls
      }
    }
  }

  @Test func indexedAccessorsReadAsAnNSKeyValueArrayWhichIsAnNSArray() throws {
    let t = try Table()
    let rows = try #require(try t.object.value(forKey: "rows").objectValue)
    #expect(rows.isa.name == "NSKeyValueArray")
    #expect(rows.isa.superclass?.name == "NSArray")
    let nsArray = try #require(t.runtime.lookUpClass(named: "NSArray"))
    #expect(try t.runtime.msgSend(rows, "isKindOfClass:", .class(nsArray)) == true)
    try t.runtime.checkInvariants()
  }

  @Test func theArrayProxysCountFollowsLaterChanges() throws {
    let t = try Table()
    try t.store(["a"])
    let rows = try t.object.value(forKey: "rows")
    #expect(try t.runtime.msgSend(bridging: rows, "count") == 1)
    try t.store(["a", "b", "c"])  // after valueForKey: answered
    _ = t.taken()
    #expect(try t.runtime.msgSend(bridging: rows, "count") == 3)
    #expect(t.taken() == ["countOfRows"])  // asked again, not remembered
  }

  @Test func objectAtIndexSendsObjectInKeyAtIndexEachTime() throws {
    let t = try Table()
    try t.store(["a", "b"])
    let rows = try t.object.value(forKey: "rows")
    _ = t.taken()
    #expect(try t.runtime.msgSend(bridging: rows, "objectAtIndex:", 1) == "b")
    #expect(t.taken().last == "objectInRowsAtIndex: 1")
    try t.store(["x", "y"])
    #expect(try t.runtime.msgSend(bridging: rows, "objectAtIndex:", 1) == "y")
  }

  @Test func anIndexOutOfBoundsIsARangeErrorWithoutAskingTheContainer() throws {
    let t = try Table()
    try t.store(["a"])
    let rows = try t.object.value(forKey: "rows")
    _ = t.taken()
    let error = #expect(throws: KeyValueError.self) { try t.runtime.msgSend(bridging: rows, "objectAtIndex:", 5) }
    #expect(error?.exceptionName == "NSRangeException")
    #expect(error?.message.contains("index 5 beyond bounds [0 .. 0]") == true)
    #expect(t.taken() == ["countOfRows"])
  }

  @Test func keyAtIndexesAloneServesObjectAtIndexAndObjectsAtIndexes() throws {
    let t = try Table(indexed: false, atIndexes: true)
    try t.store(["a", "b", "c"])
    let rows = try t.object.value(forKey: "rows")
    #expect(rows.objectValue?.isa.name == "NSKeyValueArray")
    _ = t.taken()
    #expect(try t.runtime.msgSend(bridging: rows, "objectAtIndex:", 2) == "c")
    #expect(t.taken() == ["countOfRows", "rowsAtIndexes:"])
    let indexes = try t.runtime.indexSet([0, 2])
    #expect(try t.runtime.msgSend(bridging: rows, "objectsAtIndexes:", .object(indexes)) == ["a", "c"])
    #expect(t.taken() == ["rowsAtIndexes:"])
  }

  @Test func everyNSArrayMessageAndCollectionOperatorWorksOnTheArrayProxy() throws {
    let t = try Table()
    try t.store([3, 1, 2])
    let rows = try t.object.value(forKey: "rows")
    #expect(try t.runtime.msgSend(bridging: rows, "containsObject:", 2) == true)
    #expect(try t.runtime.msgSend(bridging: rows, "lastObject") == 2)
    #expect(try t.runtime.msgSend(bridging: rows, "isEqual:", [3, 1, 2]) == true)
    #expect(try rows.collectionContents() == .array([3, 1, 2]))
    #expect(try t.object.value(forKeyPath: "rows.@count") == 3)
    #expect(try t.object.value(forKeyPath: "rows.@max.self") == 3)
  }

  @Test func unorderedAccessorsReadAsALiveNSKeyValueSet() throws {
    let t = try Table(indexed: false, unordered: true)
    try t.store(["a", "b"])
    let rows = try t.object.value(forKey: "rows")
    let proxy = try #require(rows.objectValue)
    #expect(proxy.isa.name == "NSKeyValueSet")
    #expect(proxy.isa.superclass?.name == "NSSet")
    _ = t.taken()
    #expect(try t.runtime.msgSend(proxy, "count") == 2)
    #expect(try t.runtime.msgSend(proxy, "member:", "b") == "b")
    #expect(try t.runtime.msgSend(proxy, "member:", "z") == .nil)
    #expect(t.taken() == ["countOfRows", "memberOfRows: \"b\"", "memberOfRows: \"z\""])
    try t.store(["a", "b", "c"])
    #expect(try t.runtime.msgSend(proxy, "count") == 3)  // live
    #expect(try rows.collectionContents() == .set(["a", "b", "c"]))  // through enumeratorOfRows
    #expect(t.taken().last == "enumeratorOfRows")
    #expect(try t.runtime.msgSend(proxy, "isEqual:", .set(["c", "b", "a"])) == true)
  }

  @Test func aGetterMethodStillComesBeforeTheCollectionAccessors() throws {
    let t = try Table(unordered: true)
    try t.cls.addMethod("rows", types: "@16@0:8") { _, _, _ in ["from the getter"] }
    #expect(try t.object.value(forKey: "rows") == ["from the getter"])
  }

  @Test func indexedAccessorsComeBeforeUnorderedOnes() throws {
    let t = try Table(indexed: true, unordered: true)
    #expect(try t.object.value(forKey: "rows").objectValue?.isa.name == "NSKeyValueArray")
  }

  @Test func theValueTypeOfCollectionAccessorsIsTheProxysPublicClass() throws {
    let indexed = try Table()
    let unordered = try Table(indexed: false, unordered: true)
    #expect(try indexed.cls.valueType(forKey: "rows") == .object(className: "NSArray"))
    #expect(try unordered.cls.valueType(forKey: "rows") == .object(className: "NSSet"))
  }

  @Test func theMutableArrayProxyReadsThroughTheLiveArrayOnTheSetterRoute() throws {
    let t = try Table(setter: true)
    try t.store(["a"])
    let rows = try t.object.mutableArrayValue(forKey: "rows")
    try rows.append("b")  // read through the NSKeyValueArray, set back with -setRows:
    #expect(try t.object.value(ofIvar: "_storage") == ["a", "b"])
    try t.runtime.checkInvariants()
  }

  /// NSKeyValueCoding.h's ordered-set step, after the simple getters and before the array step.
  @Test func indexedAccessorsWithIndexInKeyOfObjectReadAsALiveNSKeyValueOrderedSet() throws {
    let t = try Table(indexOf: true, unordered: true)
    try t.store(["a", "b"])
    let rows = try t.object.value(forKey: "rows")
    let proxy = try #require(rows.objectValue)
    #expect(proxy.isa.name == "NSKeyValueOrderedSet")
    let nsOrderedSet = try #require(t.runtime.lookUpClass(named: "NSOrderedSet"))
    #expect(try t.runtime.msgSend(proxy, "isKindOfClass:", .class(nsOrderedSet)) == true)
    _ = t.taken()
    #expect(try t.runtime.msgSend(proxy, "count") == 2)
    #expect(try t.runtime.msgSend(proxy, "objectAtIndex:", 1) == "b")
    #expect(try t.runtime.msgSend(proxy, "indexOfObject:", "b") == 1)
    #expect(t.taken() == ["countOfRows", "countOfRows", "objectInRowsAtIndex: 1", "indexInRowsOfObject: \"b\""])
    try t.store(["c", "a", "b"])
    #expect(try rows.collectionContents() == .orderedSet(["c", "a", "b"]))  // live
    #expect(try t.object.value(forKeyPath: "rows.@count") == 3)
    #expect(try t.cls.valueType(forKey: "rows") == .object(className: "NSOrderedSet"))
    try t.runtime.checkInvariants()
  }

  @Test func theOrderedSetProxyServesObjectsThroughKeyAtIndexesAlone() throws {
    let t = try Table(indexed: false, atIndexes: true, indexOf: true)
    try t.store(["a", "b", "c"])
    let rows = try t.object.value(forKey: "rows")
    #expect(rows.objectValue?.isa.name == "NSKeyValueOrderedSet")
    #expect(try t.runtime.msgSend(bridging: rows, "objectAtIndex:", 2) == "c")
    #expect(try t.runtime.msgSend(bridging: rows, "array") == ["a", "b", "c"])
  }

  @Test func indexInKeyOfObjectWithoutAnIndexedGetterIsNoOrderedSet() throws {
    let t = try Table(indexed: false, indexOf: true, unordered: true)
    #expect(try t.object.value(forKey: "rows").objectValue?.isa.name == "NSKeyValueSet")
  }

  @Test func aNegativeIndexIsARangeErrorPrintedAsTheNSUIntegerItReceived() throws {
    let t = try Table()
    try t.store(["a", "b", "c"])
    let rows = try t.object.value(forKey: "rows")
    let error = #expect(throws: KeyValueError.self) { try t.runtime.msgSend(bridging: rows, "objectAtIndex:", -1) }
    #expect(error?.exceptionName == "NSRangeException")
    #expect(error?.message.hasSuffix("objectAtIndex:]: index 18446744073709551615 beyond bounds [0 .. 2]") == true)
  }
}
