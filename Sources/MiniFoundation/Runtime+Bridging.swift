// Runtime+Bridging.swift: the one boxing point, where a bridged value becomes an object.
//
// Docs: docs/foundation.md#objects-and-bridged-values. Tests: Tests/MiniFoundationTests/BridgingTests.swift.
//
// A `Value` such as `["a", "b"]` is a bridged `NSArray`: no object exists until a message must be
// sent to it. Then, and only then, it is boxed here into a new object of the concrete class
// (`__NSArrayI`), as Swift bridges an `Array` to an `NSArray` when an Objective-C API needs one.
// Boxing the same bridged value twice gives two objects, except Foundation's singletons (`NSNull`
// and the two booleans, `kCFBooleanTrue` and `kCFBooleanFalse`); `.object` values are already objects
// and come back as themselves. Nothing is locked while boxing but the runtime's own locks.

extension Runtime {
  /// The object a value stands for, boxing a bridged value into a new object of its class.
  ///
  /// ```swift
  /// let array = try runtime.object(bridging: ["a", "b"])   // a new __NSArrayI
  /// try runtime.msgSend(array, "count")                     // 2
  /// try runtime.object(bridging: .null) === runtime.object(bridging: .null)   // one NSNull
  /// try runtime.object(bridging: .object(ann)) === ann      // objects are themselves
  /// ```
  ///
  /// `.nil` gives `nil` (a message to it does nothing); numbers give an `__NSCFNumber` (a `Bool`
  /// the runtime's one `__NSCFBoolean` for its value, as `@YES` is always `kCFBooleanTrue`),
  /// structs, unions, pointers, selectors and (on Intel) a `long double` an `NSConcreteValue`, a Swift
  /// object the object of its ``FoundationBridgeable/foundationValue`` if it has one, else a
  /// `__SwiftValue`. A `.nil` element of an array, set or dictionary becomes `NSNull`.
  ///
  /// - Throws: ``FoundationError`` with code `notAnObject` for a C string or C array (a `char *`
  ///   is not an `id`), or what installing Foundation throws.
  /// - Complexity: O(*n*) in the elements of a collection (copied into its storage).
  ///
  /// Objective-C: none (Swift's bridging: `value as AnyObject`).
  public func object(bridging value: Value) throws -> Object? {
    let classes = try FoundationClasses.of(self)
    switch value {
    case .nil:
      return nil
    case .object(let object):
      return object
    case .class(let cls):
      return cls
    case .null:
      return try classes.nullObject()
    case .string:
      return try classes.stringConcrete.createInstance(bridgedStorage: ScalarStorage(value))
    case .array(let elements):
      return try classes.arrayI.createInstance(bridgedStorage: ArrayStorage.array(elements.map(Message.element)))
    case .dictionary(let entries):
      return try classes.dictionaryI.createInstance(bridgedStorage: DictionaryStorage.dictionary(entries.mapValues(Message.element)))
    case .set(let elements):
      return try classes.setI.createInstance(bridgedStorage: SetStorage.set(Set(elements.map(Message.element))))
    case .bool(let yes):
      return try classes.booleanObject(yes)
    case .int8, .int16, .int32, .int64, .uint8, .uint16, .uint32, .uint64, .float, .double:
      return try classes.numberConcrete.createInstance(bridgedStorage: ScalarStorage(value))
    case .structure, .union, .pointer, .selector:
      return try classes.valueConcrete.createInstance(bridgedStorage: ScalarStorage(value))
    #if arch(x86_64) || arch(i386)
      case .longDouble:  // no NSNumber holds one: an NSValue of objCType "D", as valueWithBytes:objCType: makes
        return try classes.valueConcrete.createInstance(bridgedStorage: ScalarStorage(value))
    #endif
    case .swiftObject(let swiftObject):
      // A Swift type that bridges to a Foundation value (KVO's Change → NSDictionary) becomes
      // that value's object, as `_ObjectiveCBridgeable` types do; anything else a __SwiftValue.
      if let bridgeable = swiftObject as? any FoundationBridgeable { return try object(bridging: bridgeable.foundationValue) }
      return try classes.swiftValue.createInstance(bridgedStorage: ScalarStorage(value))
    case .cString, .cArray:
      throw FoundationError(.notAnObject, "\(value) is not an object: a C value cannot receive messages")
    }
  }

  /// Sends a message to a value, boxing it first if it is a bridged value (see
  /// ``object(bridging:)``).
  ///
  /// ```swift
  /// try runtime.msgSend(bridging: ["a", "b"], "count")             // 2
  /// try runtime.msgSend(bridging: ["k": 1], "objectForKey:", "k")   // 1
  /// ```
  ///
  /// - Throws: What boxing throws, or what the message throws.
  ///
  /// Objective-C: `objc_msgSend` to `value as AnyObject`
  @discardableResult
  public func msgSend(bridging receiver: Value, _ selector: Selector, _ arguments: Value...) throws -> Value {
    try Runtime.msgSend(try object(bridging: receiver), selector, arguments: Arguments(arguments))
  }

  /// A new mutable collection object of `kind` holding `contents`.
  func makeCollection(_ kind: CollectionKind, mutable: Bool, storage: any BridgedStorage) throws -> Object {
    try FoundationClasses.of(self).concreteClass(for: kind, mutable: mutable).createInstance(bridgedStorage: storage)
  }

  /// A new `NSMutableArray` holding `elements`.
  ///
  /// ```swift
  /// let list = try runtime.mutableArray(["a"])
  /// try runtime.msgSend(list, "addObject:", "b")
  /// Value.object(list) == ["a", "b"]   // true
  /// ```
  ///
  /// Objective-C: `+[NSMutableArray arrayWithArray:]`
  public func mutableArray(_ elements: [Value] = []) throws -> Object {
    try makeCollection(.array, mutable: true, storage: ArrayStorage.array(elements.map(Message.element)))
  }

  /// A new `NSMutableDictionary` holding `entries`.
  ///
  /// Objective-C: `+[NSMutableDictionary dictionaryWithDictionary:]`
  public func mutableDictionary(_ entries: [Value: Value] = [:]) throws -> Object {
    try makeCollection(.dictionary, mutable: true, storage: DictionaryStorage.dictionary(entries.mapValues(Message.element)))
  }

  /// A new `NSMutableSet` holding `elements`.
  ///
  /// Objective-C: `+[NSMutableSet setWithSet:]`
  public func mutableSet(_ elements: Set<Value> = []) throws -> Object {
    try makeCollection(.set, mutable: true, storage: SetStorage.set(Set(elements.map(Message.element))))
  }

  /// A new `NSOrderedSet` holding `elements` (duplicates after the first are dropped).
  ///
  /// Objective-C: `+[NSOrderedSet orderedSetWithArray:]`
  public func orderedSet(_ elements: [Value] = []) throws -> Object {
    try makeCollection(.orderedSet, mutable: false, storage: OrderedSetStorage.orderedSet(OrderedElements(elements.map(Message.element))))
  }

  /// A new `NSMutableOrderedSet` holding `elements` (duplicates after the first are dropped).
  ///
  /// Objective-C: `+[NSMutableOrderedSet orderedSetWithArray:]`
  public func mutableOrderedSet(_ elements: [Value] = []) throws -> Object {
    try makeCollection(.orderedSet, mutable: true, storage: OrderedSetStorage.orderedSet(OrderedElements(elements.map(Message.element))))
  }

  /// A new `NSIndexSet` holding `indexes`.
  ///
  /// Objective-C: `+[NSIndexSet indexSetWithIndexesInRange:]` and friends
  public func indexSet(_ indexes: Indexes) throws -> Object {
    try makeCollection(.indexSet, mutable: false, storage: IndexSetStorage.indexSet(indexes))
  }

  /// A new immutable index set holding `index`: an `_NSCachedIndexSet`, as Foundation's
  /// `+indexSetWithIndex:` gives (it prints `<_NSCachedIndexSet: 0x…>[number of indexes: 1 (in 1
  /// ranges), indexes: (3)]`).
  ///
  /// ```swift
  /// let set = try runtime.indexSet(index: 3)
  /// set.isa.name                     // "_NSCachedIndexSet"
  /// Value.object(set).indexesValue   // [3]
  /// ```
  ///
  /// - Throws: ``FoundationError`` (`NSRangeException`) for an index no set holds: a negative one
  ///   (a huge `NSUInteger` in C) or `NSNotFound`, worded as Foundation's
  ///   `*** -[NSIndexSet initWithIndexesInRange:]: Range {9223372036854775807, 1} exceeds maximum
  ///   index value of NSNotFound - 1`.
  ///
  /// Objective-C: `+[NSIndexSet indexSetWithIndex:]`
  public func indexSet(index: Int) throws -> Object {
    guard index >= 0, index < Int.max else {
      throw FoundationError(
        .indexOutOfBounds,
        "*** -[NSIndexSet initWithIndexesInRange:]: Range {\(UInt64(bitPattern: Int64(index))), 1} exceeds maximum index value of NSNotFound - 1")
    }
    return try FoundationClasses.of(self).cachedIndexSet.createInstance(bridgedStorage: IndexSetStorage.indexSet([index]))
  }

  /// The runtime's one `NSNull` instance.
  ///
  /// Objective-C: `+[NSNull null]`
  public func null() throws -> Object {
    try FoundationClasses.of(self).nullObject()
  }
}

/// A Swift object that stands for a Foundation value, and becomes an object of that value's class
/// when a message must be sent to it (`runtime.object(bridging:)`), as a Swift type conforming to
/// `_ObjectiveCBridgeable` becomes an `NSDictionary` or `NSArray` when Objective-C code needs one.
///
/// KVO's `Change` is one: the `change:` argument of `observeValueForKeyPath:ofObject:change:context:`
/// is the typed Swift object, and a message sent to it (`objectForKey:`) reaches an `NSDictionary`
/// of its entries.
///
/// Objective-C: none (Swift's `_ObjectiveCBridgeable` protocol).
public protocol FoundationBridgeable: AnyObject, Sendable {
  /// The bridged value this object stands for (`.dictionary` for an `NSDictionary`). It must not
  /// be a `.swiftObject` that bridges again.
  ///
  /// Objective-C: none (`_bridgeToObjectiveC()`).
  var foundationValue: Value { get }
}
