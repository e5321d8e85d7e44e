// ValueClassMethods.swift: what Foundation's immutable value classes have in common.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSStringAndNumberTests.swift.
//
// An NSString, NSNumber, NSValue, NSNull or `__SwiftValue` object holds one bridged value
// (ScalarStorage): it is equal to an object or value bridging to an equal value, hashes as it,
// and is its own copy (retained: a copy is +1, Copying.swift).

enum ValueClassMethods {
  /// `isEqual:`, `hash` and `copyWithZone:` for a class of immutable values.
  static let common: [MethodEntry] = equality + [
    MethodEntry("copyWithZone:", "@24@0:8^v16") { receiver, _, _ in try Copying.itself(receiver) }
  ]

  /// `isEqual:` and `hash`: by the value the object bridges to.
  static let equality: [MethodEntry] = [
    MethodEntry("isEqual:", "B24@0:8@16") { receiver, _, arguments in .bool(Value.object(receiver) == arguments[0]) },
    MethodEntry("hash", "Q16@0:8") { receiver, _, _ in .uint64(UInt64(bitPattern: Int64(Value.object(receiver).hashValue))) },
  ]

  /// The value an object of an immutable value class holds, or the abstract-class error.
  static func value(of receiver: Object, _ selector: Selector, _ abstractClass: String) throws(FoundationError) -> Value {
    if let storage = receiver.bridgedStorage as? ScalarStorage { return storage.value }
    // An NSDecimalNumber answers NSNumber's and NSValue's messages as its nearest plain number.
    if let storage = receiver.bridgedStorage as? DecimalStorage { return storage.decimal.nearestNumber }
    throw Message.abstract(receiver, selector, abstractClass)
  }

  /// The storage of an object of an immutable value class (not a decimal), or the abstract-class
  /// error.
  static func scalarStorage(of receiver: Object, _ selector: Selector) throws(FoundationError) -> ScalarStorage {
    guard let storage = receiver.bridgedStorage as? ScalarStorage else { throw Message.abstract(receiver, selector, "NSValue") }
    return storage
  }

  /// A new object of `cls` holding `value`.
  static func box(_ value: Value, in cls: Class) throws -> Value {
    .object(try cls.createInstance(bridgedStorage: ScalarStorage(value)))
  }
}
