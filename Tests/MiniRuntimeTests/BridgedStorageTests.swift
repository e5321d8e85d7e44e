// BridgedStorageTests.swift: objects carrying bridged contents compare and print as what they
// bridge to, without the runtime knowing their classes.

import Testing

@testable import MiniRuntime

/// A minimal array-like storage, as MiniFoundation's would be (mutable, behind a lock).
private final class ListStorage: BridgedStorage {
  let elements: Locked<[Value]>
  init(_ elements: [Value]) { self.elements = Locked(elements) }
  var bridgedValue: Value? { .array(elements.withLock { $0 }) }
}

/// A storage with no bridged form: equal to another of its kind with the same elements only.
private final class OrderedStorage: BridgedStorage {
  let elements: [Value]
  init(_ elements: [Value]) { self.elements = elements }
  var bridgedValue: Value? { nil }
  func isEqual(to other: any BridgedStorage) -> Bool { (other as? OrderedStorage)?.elements == elements }
  func hash(into hasher: inout Hasher) { hasher.combine(elements) }
  var description: String { "{(\(elements.map(\.description).joined(separator: ", ")))}" }
}

@Suite struct BridgedStorageTests {
  @Test func anObjectEqualsTheValueItsStorageBridgesTo() throws {
    let runtime = Runtime()
    let list = try makeClass("List", in: runtime)
    let storage = ListStorage(["a", 1])
    let object = try list.createInstance(bridgedStorage: storage)
    #expect(object.bridgedStorage === storage)
    #expect(Value.object(object) == ["a", 1])
    #expect(["a", .int32(1)] == Value.object(object), "either side, numbers by value")
    #expect(Value.object(object).arrayValue == ["a", 1])
    #expect(Value.object(object).description == "(\"a\", 1)", "printed as %@ prints an array")
    storage.elements.withLock { $0.append("b") }
    #expect(Value.object(object) != ["a", 1], "a mutable one compares by its current contents")
    try runtime.checkInvariants()
  }

  @Test func objectsWithEqualContentsAreEqualAndHashAlike() throws {
    let runtime = Runtime()
    let list = try makeClass("List", in: runtime)
    let first = Value.object(try list.createInstance(bridgedStorage: ListStorage([1, 2])))
    let second = Value.object(try list.createInstance(bridgedStorage: ListStorage([1, 2])))
    #expect(first == second)
    #expect(Set([first, second, .array([1, 2])]).count == 1)
    let plain = Value.object(try list.createInstance())
    #expect(plain != first && plain == plain, "an object without storage compares by identity")
    try runtime.checkInvariants()
  }

  @Test func aStorageWithoutBridgedFormDecidesItsOwnEquality() throws {
    let runtime = Runtime()
    let ordered = try makeClass("Ordered", in: runtime)
    let first = Value.object(try ordered.createInstance(bridgedStorage: OrderedStorage([1, 2])))
    let second = Value.object(try ordered.createInstance(bridgedStorage: OrderedStorage([1, 2])))
    #expect(first == second && Set([first, second]).count == 1)
    #expect(first != [1, 2], "an ordered set is not an array")
    #expect(first.description == "{(1, 2)}")
    try runtime.checkInvariants()
  }

  @Test func numberObjectsConvertToScalarTypes() throws {
    final class NumberStorage: BridgedStorage {
      var bridgedValue: Value? { .int32(7) }
    }
    let runtime = Runtime()
    let number = try makeClass("Number", in: runtime)
    let seven = Value.object(try number.createInstance(bridgedStorage: NumberStorage()))
    #expect(seven == 7 && seven.intValue == 7)
    #expect(try seven.converted(to: .double) == .double(7), "as KVC unboxes an NSNumber for a scalar")
    #expect(try seven.converted(to: .object(className: nil)) === seven, "an id keeps the object itself")
    try runtime.checkInvariants()
  }
}

extension Value {
  /// Identity of the object behind an `.object` value (for the test above).
  fileprivate static func === (lhs: Value, rhs: Value) -> Bool { lhs.objectValue === rhs.objectValue }
}
