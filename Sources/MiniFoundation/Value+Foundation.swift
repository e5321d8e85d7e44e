// Value+Foundation.swift: reading the Foundation values that have no case of their own.
//
// Docs: docs/foundation.md#objects-and-bridged-values. Tests: Tests/MiniFoundationTests/BridgingTests.swift.

extension Value {
  /// The elements of an `NSOrderedSet` object, in order.
  ///
  /// ```swift
  /// try runtime.orderedSet(["a", "b", "a"]).orderedSetElements   // ["a", "b"]
  /// ```
  ///
  /// Objective-C: none (`-[NSOrderedSet array]`).
  public var orderedSetElements: [Value]? {
    guard case .object(let object) = self, let storage = object.bridgedStorage as? OrderedSetStorage else { return nil }
    return storage.value.elements
  }

  /// The indexes of an `NSIndexSet` object.
  ///
  /// Objective-C: none (Swift's `IndexSet` bridged from an `NSIndexSet`).
  public var indexesValue: Indexes? {
    guard case .object(let object) = self, let storage = object.bridgedStorage as? IndexSetStorage else { return nil }
    return storage.value
  }

  /// The range of an `NSRange` struct (`{_NSRange=QQ}`: location and length).
  ///
  /// Objective-C: none (an `NSRange` as a Swift `Range`).
  public var rangeValue: Range<Int>? {
    guard let structure = structureValue, structure.name == "_NSRange", structure.fields.count == 2,
      let location = structure.fields[0].intValue, let length = structure.fields[1].intValue,
      location >= 0, length >= 0, location <= Int.max - length
    else { return nil }
    return location..<(location + length)
  }

  /// An `NSRange` struct value (`{_NSRange=QQ}`) for `range`.
  ///
  /// ```swift
  /// try runtime.msgSend(bridging: ["a", "b", "c"], "subarrayWithRange:", .range(1..<3))   // ["b", "c"]
  /// ```
  ///
  /// Objective-C: `NSMakeRange(location, length)`
  public static func range(_ range: Range<Int>) -> Value {
    .structure(Structure(name: "_NSRange", fields: [.uint64(UInt64(range.lowerBound)), .uint64(UInt64(range.count))]))
  }
}

/// Reading an ordered collection object, whatever its class: from its storage when it has one,
/// else through the primitive messages a subclass implements (`count`, `objectAtIndex:`).
enum Ordered {
  static func elements(of object: Object) throws -> [Value] {
    switch object.bridgedStorage {
    case let storage as ArrayStorage: return storage.value
    case let storage as OrderedSetStorage: return storage.value.elements
    case let view as OrderedSetView: return view.elements  // an ordered set's -array, read live
    default:
      let count = try Runtime.msgSend(object, "count").intValue ?? 0  // call-out: the subclass's primitives
      return try (0..<max(0, count)).map { try Runtime.msgSend(object, "objectAtIndex:", .int($0)) }
    }
  }
}

/// Reading an unordered collection object: from its storage, else through `allObjects`.
enum Unordered {
  static func elements(of object: Object) throws -> Set<Value> {
    if let storage = object.bridgedStorage as? SetStorage { return storage.value }
    if let storage = object.bridgedStorage as? CountedSetStorage { return Set(storage.value.keys) }
    if let view = object.bridgedStorage as? OrderedSetView { return view.members }  // an ordered set's -set
    let all = try Runtime.msgSend(object, "allObjects")  // call-out: the subclass's primitives
    return Set(all.arrayValue ?? [])
  }
}

/// What kind of collection a value is, for code that treats every collection alike (key-value
/// coding's collection operators, to-many relationships).
///
/// Objective-C: none (the `isKindOfClass:` tests Foundation's own code makes).
public enum CollectionContents: Sendable, Equatable {
  /// An array or an `NSArray`: elements in order.
  case array([Value])
  /// An `NSOrderedSet`: distinct elements in order.
  case orderedSet([Value])
  /// A set or an `NSSet`.
  case set(Set<Value>)
  /// A dictionary or an `NSDictionary`.
  case dictionary([Value: Value])

  /// The elements, in order for ordered collections (a dictionary's values).
  ///
  /// Objective-C: none (`-allObjects`, `-allValues`).
  public var elements: [Value] {
    switch self {
    case .array(let elements), .orderedSet(let elements): return elements
    case .set(let elements): return Array(elements)
    case .dictionary(let entries): return Array(entries.values)
    }
  }
}

extension Value {
  /// The contents of a collection: a bridged array, set or dictionary, or an object of
  /// `NSArray`, `NSOrderedSet`, `NSSet` or `NSDictionary` (or a subclass, read through its
  /// primitive messages); `nil` for anything else.
  ///
  /// ```swift
  /// try Value.set([1]).collectionContents()                       // .set([1])
  /// try Value.object(runtime.orderedSet(["a"])).collectionContents()  // .orderedSet(["a"])
  /// try Value.int64(1).collectionContents()                       // nil
  /// ```
  ///
  /// - Throws: What a subclass's primitive methods throw.
  ///
  /// Objective-C: none (`[x isKindOfClass:[NSArray class]] ? … : …`).
  public func collectionContents() throws -> CollectionContents? {
    if let contents = MessageEquality.storedContents(self) { return contents }
    // A subclass's instance (a KVC proxy, a user's NSArray subclass): through its primitives.
    guard case .object(let object) = self, object.bridgedStorage == nil, !(object is Class),
      let classes = FoundationClasses.installed(for: object)
    else { return nil }
    if object.isa.isSubclass(of: classes.array) { return .array(try Ordered.elements(of: object)) }
    if object.isa.isSubclass(of: classes.orderedSet) { return .orderedSet(try Ordered.elements(of: object)) }
    if object.isa.isSubclass(of: classes.set) { return .set(try Unordered.elements(of: object)) }
    if object.isa.isSubclass(of: classes.dictionary) { return .dictionary(try NSDictionaryMethods.entries(of: object)) }
    return nil
  }
}
