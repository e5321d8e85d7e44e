// MethodEntry.swift: a method of one of Foundation's classes, and the helpers its code shares.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/FoundationClassesTests.swift.
//
// Each class file lists its methods as entries (selector, clang's type encoding, body); the
// installer adds them to the runtime's class (FoundationClasses.swift). The helpers read message
// arguments the way Foundation checks them, and word errors as Foundation's exceptions do.

/// One method: its selector, its type encoding, and its body (receiver, `_cmd`, arguments);
/// `variadic` for one declared with `...` (`stringWithFormat:`, `arrayWithObjects:`), whose
/// arguments after the selector's reach the body as sent.
struct MethodEntry: Sendable {
  let selector: Selector
  let types: String
  let variadic: Bool
  let body: ImplementationBody

  init(_ selector: Selector, _ types: String, variadic: Bool = false, _ body: @escaping ImplementationBody) {
    self.selector = selector
    self.types = types
    self.variadic = variadic
    self.body = body
  }
}

/// Reading and checking the arguments of Foundation's messages.
enum Message {
  /// `-[__NSArrayI objectAtIndex:]`, as exception reasons name a method (the receiver's real class).
  static func name(_ receiver: Object, _ selector: Selector) -> String {
    if let cls = receiver as? Class { return "+[\(cls.name) \(selector.name)]" }
    return "-[\(receiver.isa.name) \(selector.name)]"
  }

  /// An object argument that must not be nil.
  static func object(
    _ value: Value, _ receiver: Object, _ selector: Selector, what: String = "object"
  ) throws(FoundationError) -> Value {
    switch value {
    case .nil:
      throw FoundationError(.invalidArgument, "*** \(name(receiver, selector)): \(what) cannot be nil")
    case .cString, .cArray:
      throw FoundationError(.notAnObject, "*** \(name(receiver, selector)): \(value) is not an object")
    default:
      return value
    }
  }

  /// An `NSUInteger` argument (a negative number is what C would see: a huge unsigned value; a
  /// send has already converted -1 to 18446744073709551615 for a `Q` parameter).
  static func index(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> Int {
    if case .uint64(let unsigned) = value.bridged, unsigned > UInt64(Int.max) { return Int.max }
    guard let number = value.bridged.intValue else {
      throw FoundationError(.invalidArgument, "*** \(name(receiver, selector)): \(value) is not an index")
    }
    return number < 0 ? Int.max : number
  }

  /// An `NSUInteger` argument as Foundation's `%lu` prints it in an exception: -1 (or
  /// `NSUIntegerMax`) is `18446744073709551615`, `NSNotFound` is `9223372036854775807`.
  static func indexText(_ value: Value) -> String {
    let number = value.bridged
    if case .uint64(let unsigned) = number { return String(unsigned) }
    guard let signed = number.intValue else { return value.description }
    return String(UInt64(bitPattern: Int64(signed)))
  }

  /// Throws unless `index` is in `0..<count`, with `NSArray`'s wording.
  static func check(_ index: Int, count: Int, _ receiver: Object, _ selector: Selector) throws(FoundationError) {
    guard index >= count else { return }
    throw outOfBounds(index, count: count, receiver, selector)
  }

  /// `index 5 beyond bounds [0 .. 2]`, or `… for empty array`.
  static func outOfBounds(_ index: Int, count: Int, _ receiver: Object, _ selector: Selector) -> FoundationError {
    outOfBounds(shown: String(index), count: count, receiver, selector)
  }

  /// `index 18446744073709551615 beyond bounds [0 .. 2]` for the index argument `argument`
  /// (`objectAtIndex:-1`), printed as the `NSUInteger` the method received.
  static func outOfBounds(argument: Value, count: Int, _ receiver: Object, _ selector: Selector) -> FoundationError {
    outOfBounds(shown: indexText(argument), count: count, receiver, selector)
  }

  private static func outOfBounds(shown: String, count: Int, _ receiver: Object, _ selector: Selector) -> FoundationError {
    let bounds = count == 0 ? "beyond bounds for empty array" : "beyond bounds [0 .. \(count - 1)]"
    return FoundationError(.indexOutOfBounds, "*** \(name(receiver, selector)): index \(shown) \(bounds)")
  }

  /// The elements of an array argument (a bridged array or an `NSArray` object). Nil is an empty
  /// array: Foundation asks the argument its `count` or enumerates it, and nil answers 0 and
  /// holds nothing (`[NSArray arrayWithArray:nil]` is empty, `[array
  /// addObjectsFromArray:nil]` adds nothing).
  static func array(_ value: Value, _ receiver: Object, _ selector: Selector) throws -> [Value] {
    if value.isNil { return [] }
    if let elements = value.arrayValue { return elements }
    if case .object(let object) = value { return try Ordered.elements(of: object) }
    throw FoundationError(.invalidArgument, "*** \(name(receiver, selector)): \(value) is not an array")
  }

  /// The elements of a set argument (a bridged set, an `NSSet` object, or an object of a
  /// subclass that implements `allObjects`); nil is an empty set, as for `array`.
  static func set(_ value: Value, _ receiver: Object, _ selector: Selector) throws -> Set<Value> {
    if value.isNil { return [] }
    if let elements = value.setElements { return elements }
    if case .object(let object) = value, object.bridgedStorage == nil { return try Unordered.elements(of: object) }
    throw FoundationError(.invalidArgument, "*** \(name(receiver, selector)): \(value) is not a set")
  }

  /// The indexes of an `NSIndexSet` argument.
  static func indexes(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> Indexes {
    if let indexes = value.indexesValue { return indexes }
    throw FoundationError(.invalidArgument, "*** \(name(receiver, selector)): \(value) is not an index set")
  }

  /// The range of an `NSRange` argument (`{_NSRange=QQ}`).
  static func range(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> Range<Int> {
    guard let range = value.rangeValue else {
      throw FoundationError(.invalidArgument, "*** \(name(receiver, selector)): \(value) is not an NSRange")
    }
    return range
  }

  /// `*** -[NSArray count]: method only defined for abstract class.  Define -[MyArray count]!`
  /// An `NSUInteger` options argument (`NSStringCompareOptions` …) as its bits; a value that is
  /// no number raises.
  static func optionsMask(_ value: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> UInt64 {
    if case .uint64(let unsigned) = value.bridged { return unsigned }
    guard let number = value.bridged.intValue else {
      throw FoundationError(.invalidArgument, "*** \(name(receiver, selector)): \(value) is not an options mask")
    }
    return UInt64(bitPattern: Int64(number))
  }

  static func abstract(_ receiver: Object, _ selector: Selector, _ abstractClass: String) -> FoundationError {
    FoundationError(
      .abstractMethod,
      "*** -[\(abstractClass) \(selector.name)]: method only defined for abstract class.  Define -[\(receiver.isa.name) \(selector.name)]!")
  }

  /// An element as a collection stores it: `NSNull` for nil (as Swift bridges `[Any?]`).
  static func element(_ value: Value) -> Value { value.isNil ? .null : value }
}
