// MutableArrayProxy.swift: the mutable array `mutableArrayValueForKey:` returns.
//
// Docs: docs/kvo.md#to-many-changes. Tests: Tests/KVOTests/ToManyTests.swift.
//
// An edit goes through the class's mutators, its setter, or its ivar, as Foundation's proxies do
// (MutableArrayProxy+Access.swift), and checks its indexes where Foundation's do (decision 0025):
// an edit the proxy hands to one mutator message (a one-index edit, or any edit the class has the
// `…AtIndexes:` mutator for) and every edit of the ivar's array go on unchecked, so the notifying
// override's or the proxy's will comes first and the mutator or the array raises after it; a
// multi-index edit made one index at a time (`NSMutableArray`'s own `…AtIndexes:` methods) and
// every edit through the setter (made on a copy) check first, so nobody is told.
// The notifications are the ones those routes make: one per mutator message, one setting per
// setter call, one per proxy edit around a direct ivar edit.

import MiniFoundation
import MiniRuntime

/// An editable view of a to-many property; every edit notifies observers of that key the way
/// Foundation's proxy does.
///
/// Objective-C: the `NSMutableArray` proxy `mutableArrayValueForKey:` returns
/// (`NSKeyValueFastMutableArray`, `NSKeyValueSlowMutableArray`, `NSKeyValueIvarMutableArray`)
public final class MutableArrayProxy: Sendable {
  /// The container, kept alive by the proxy as Foundation's proxy retains it (so a proxy made on
  /// a value boxed on the way of a key path still has its object).
  private let object: Object
  /// The to-many key being edited.
  ///
  /// Objective-C: none (the proxy's key).
  public let key: String
  let capitalized: String

  /// A proxy for any key, as Foundation makes one: a key whose accessor and ivar names the class
  /// lacks (often the empty key) is an undefined key when the proxy is used.
  init(_ object: Object, key: String) {
    self.object = object
    self.key = key
    capitalized = KeyValueCoding.capitalized(key)
  }

  // MARK: - Reading

  /// The current elements.
  ///
  /// - Throws: ``KeyValueError`` with code `collectionIsNil` if the property is nil and only a
  ///   setter could change it (the proxy never invents an array), or what the accessors throw.
  ///
  /// Objective-C: `-[NSArray copy]` of the proxy
  public func elements() throws -> [Value] {
    let object = try target()
    return try currentElements(object, try access(object), for: "count")
  }

  /// The number of elements.
  ///
  /// Objective-C: `-[NSArray count]`
  public func count() throws -> Int { try elements().count }

  // MARK: - One-index edits

  /// Inserts `element` at `index` (0 ... count).
  ///
  /// - Throws: ``KeyValueError`` with code `indexOutOfBounds` for an index out of bounds,
  ///   `collectionIsNil` if the property is nil and only a setter could change it (nothing
  ///   changes, nobody is told), or what the accessors throw.
  ///
  /// Objective-C: `-[NSMutableArray insertObject:atIndex:]`
  public func insert(_ element: Value, at index: Int) throws {
    try insert([element], at: Indexes(integer: index), method: "insertObject:atIndex:", preferringBulk: false)
  }

  /// Appends `element`.
  ///
  /// Objective-C: `-[NSMutableArray addObject:]`
  public func append(_ element: Value) throws {
    let object = try target()
    let count = try currentElements(object, try access(object), for: "addObject:").count
    try insert([element], at: Indexes(integer: count), method: "addObject:", preferringBulk: false)
  }

  /// Removes the element at `index`.
  ///
  /// - Throws: ``KeyValueError`` with code `indexOutOfBounds` for an index out of bounds.
  ///
  /// Objective-C: `-[NSMutableArray removeObjectAtIndex:]`
  public func remove(at index: Int) throws {
    try remove(at: Indexes(integer: index), method: "removeObjectAtIndex:", preferringBulk: false)
  }

  /// Replaces the element at `index` with `element`. Without a replacement mutator, the class's
  /// removal and insertion mutators are sent (two notifications), as Foundation's proxy does.
  ///
  /// - Throws: ``KeyValueError`` with code `indexOutOfBounds` for an index out of bounds.
  ///
  /// Objective-C: `-[NSMutableArray replaceObjectAtIndex:withObject:]`
  public func replace(at index: Int, with element: Value) throws {
    let method = "replaceObjectAtIndex:withObject:"
    let object = try target()
    let access = try access(object)
    guard case .mutators(let mutators) = access else {
      return try store(in: object, access, kind: .replacement, indexes: Indexes(integer: index), objects: [element]) { [self] in
        var edited = try currentElements(object, access, for: method)
        try check(index, in: edited.count, method)
        edited[index] = element
        return edited
      }
    }
    if let replace = mutators.replace {
      try Runtime.msgSend(object, replace, .int(index), element)  // call-out: its notifying override reports it
    } else if let replaceMany = mutators.replaceMany {
      try Runtime.msgSend(object, replaceMany, ChangeIndexes(Indexes(integer: index), of: object).entry, .array([element]))
    } else {
      try remove(at: Indexes(integer: index), method: method, preferringBulk: false)
      try insert([element], at: Indexes(integer: index), method: method, preferringBulk: false)
    }
  }

  // MARK: - Several indexes

  /// Inserts `elements` at `indexes`, one index per element, as `NSMutableArray` does: the
  /// indexes are positions in the resulting array, taken in ascending order. Through mutators,
  /// `insert<Key>:atIndexes:` is sent if the class has it (one notification), else
  /// `insertObject:in<Key>AtIndex:` once per element.
  ///
  /// - Throws: ``KeyValueError`` with code `invalidArgument` when the counts differ, or
  ///   `indexOutOfBounds` for an index past the end (nothing changes in either case).
  ///
  /// Objective-C: `-[NSMutableArray insertObjects:atIndexes:]`
  public func insert(_ elements: [Value], at indexes: Indexes) throws {
    try insert(elements, at: indexes, method: "insertObjects:atIndexes:", preferringBulk: true)
  }

  /// Replaces the elements at `indexes` with `elements`, one index per element. Through mutators,
  /// `replace<Key>AtIndexes:with<Key>:` is sent if the class has it (one notification, the
  /// indexes unchecked: decision 0025), else each index is replaced as
  /// the one-index `replace(at:with:)` does, after a check; through the ivar, its array receives
  /// the edit inside one will/did.
  ///
  /// - Throws: ``KeyValueError`` with code `invalidArgument` when the counts differ, or
  ///   `indexOutOfBounds` for an index out of bounds.
  ///
  /// Objective-C: `-[NSMutableArray replaceObjectsAtIndexes:withObjects:]`
  public func replace(at indexes: Indexes, with elements: [Value]) throws {
    let method = "replaceObjectsAtIndexes:withObjects:"
    let object = try target()
    try checkCounts(elements, indexes, method)
    let access = try access(object)
    let edited = { [self] () throws -> [Value] in
      var edited = try currentElements(object, access, for: method)
      for (index, element) in zip(indexes, elements) {
        try check(index, in: edited.count, method)
        edited[index] = element
      }
      return edited
    }
    // Checked before anyone is told unless the edit goes on unchecked; read once either way.
    let unchecked = Self.forwardsUnchecked(indexes, access, preferringBulk: true, bulk: \.replaceMany, single: \.replace)
    let checked = unchecked ? nil : try edited()
    guard indexes.count > 0 else { return }
    guard case .mutators(let mutators) = access else {
      return try store(in: object, access, kind: .replacement, indexes: indexes, objects: elements) { try checked ?? edited() }
    }
    if let replaceMany = mutators.replaceMany {
      try Runtime.msgSend(object, replaceMany, ChangeIndexes(indexes, of: object).entry, .array(elements))  // call-out: the mutator
    } else {
      for (index, element) in zip(indexes, elements) { try replace(at: index, with: element) }
    }
  }

  /// Removes the elements at `indexes`. Through mutators, `remove<Key>AtIndexes:` is sent if the
  /// class has it (one notification), else `removeObjectFrom<Key>AtIndex:` from the highest index
  /// down.
  ///
  /// - Throws: ``KeyValueError`` with code `indexOutOfBounds` for an index out of bounds
  ///   (nothing changes).
  ///
  /// Objective-C: `-[NSMutableArray removeObjectsAtIndexes:]`
  public func remove(at indexes: Indexes) throws {
    try remove(at: indexes, method: "removeObjectsAtIndexes:", preferringBulk: true)
  }

  /// Removes every element equal to `element` (nothing, and no notification, if there is none),
  /// asked as NSMutableArray asks: `[element isEqual:each]` (decision 0024).
  ///
  /// Objective-C: `-[NSMutableArray removeObject:]`
  public func remove(_ element: Value) throws {
    let equal = try CollectionEquality.indexes(of: element, in: try elements())  // call-out: isEqual:
    try remove(at: Indexes(equal), method: "removeObject:", preferringBulk: true)
  }

  /// Removes every element (nothing, and no notification, if the array is empty).
  ///
  /// Objective-C: `-[NSMutableArray removeAllObjects]`
  public func removeAll() throws {
    try remove(at: Indexes(integersIn: 0..<(try count())), method: "removeAllObjects", preferringBulk: true)
  }

  /// Removes the last element.
  ///
  /// - Throws: ``KeyValueError`` with code `indexOutOfBounds` if the array is empty.
  ///
  /// Objective-C: `-[NSMutableArray removeLastObject]`
  public func removeLast() throws {
    let count = try count()
    guard count > 0 else {
      throw KeyValueError(.indexOutOfBounds, "*** -[NSKeyValueMutableArray removeLastObject]: index 0 beyond bounds for empty array")
    }
    try remove(at: Indexes(integer: count - 1), method: "removeLastObject", preferringBulk: false)
  }

  // MARK: - The edits

  private func insert(_ elements: [Value], at indexes: Indexes, method: String, preferringBulk: Bool) throws {
    let object = try target()
    try checkCounts(elements, indexes, "insertObjects:atIndexes:")
    let access = try access(object)
    let edited = { [self] () throws -> [Value] in
      var edited = try currentElements(object, access, for: method)
      for (element, index) in zip(elements, indexes) {
        try check(index, in: edited.count, includingEnd: true, method)
        edited.insert(element, at: index)
      }
      return edited
    }
    // Checked before anyone is told unless the edit goes on unchecked; read once either way.
    let unchecked = Self.forwardsUnchecked(indexes, access, preferringBulk: preferringBulk, bulk: \.insertMany, single: \.insert)
    let checked = unchecked ? nil : try edited()
    guard !elements.isEmpty else { return }
    guard case .mutators(let mutators) = access else {
      return try store(in: object, access, kind: .insertion, indexes: indexes, objects: elements) { try checked ?? edited() }
    }
    if let insertMany = mutators.insertMany, preferringBulk || mutators.insert == nil {
      try Runtime.msgSend(object, insertMany, .array(elements), ChangeIndexes(indexes, of: object).entry)  // call-out: the mutator
    } else if let insert = mutators.insert {
      for (element, index) in zip(elements, indexes) { try Runtime.msgSend(object, insert, element, .int(index)) }
    }
  }

  private func remove(at indexes: Indexes, method: String, preferringBulk: Bool) throws {
    let object = try target()
    let access = try access(object)
    let edited = { [self] () throws -> [Value] in
      var edited = try currentElements(object, access, for: method)
      for index in indexes { try check(index, in: edited.count, method) }
      for index in indexes.reversed() { edited.remove(at: index) }
      return edited
    }
    // Checked before anyone is told unless the edit goes on unchecked; read once either way.
    let unchecked = Self.forwardsUnchecked(indexes, access, preferringBulk: preferringBulk, bulk: \.removeMany, single: \.remove)
    let checked = unchecked ? nil : try edited()
    guard indexes.count > 0 else { return }
    guard case .mutators(let mutators) = access else {
      return try store(in: object, access, kind: .removal, indexes: indexes, objects: []) { try checked ?? edited() }
    }
    if let removeMany = mutators.removeMany, preferringBulk || mutators.remove == nil {
      try Runtime.msgSend(object, removeMany, ChangeIndexes(indexes, of: object).entry)  // call-out: the mutator
    } else if let remove = mutators.remove {
      for index in indexes.reversed() { try Runtime.msgSend(object, remove, .int(index)) }
    }
  }

  private func target() throws(KeyValueError) -> Object { object }

  /// Whether an edit goes on with its indexes unchecked, as Foundation's proxies send it
  /// (decision 0025): to one mutator message (`single` for one index unless `preferringBulk`,
  /// else `bulk` if the class has it), whose notifying override sends the will first, a bad
  /// index raising there or in the mutator; or to the ivar's array inside the proxy's will/did.
  /// A multi-index edit made one mutator message per index, and every setter edit, is checked.
  static func forwardsUnchecked(
    _ indexes: Indexes, _ access: Access, preferringBulk: Bool, bulk: KeyPath<Mutators, Selector?>,
    single: KeyPath<Mutators, Selector?>
  ) -> Bool {
    switch access {
    case .ivar: return true
    case .setter, .undefined: return false
    case .mutators(let mutators):
      if mutators[keyPath: bulk] != nil && (preferringBulk || mutators[keyPath: single] == nil) { return true }
      return !preferringBulk && indexes.count == 1
    }
  }

  /// Refuses a multi-index edit whose objects and indexes differ in number, before anything
  /// is read or told, as `NSMutableArray`'s `insertObjects:atIndexes:` and
  /// `replaceObjectsAtIndexes:withObjects:` do.
  func checkCounts(_ elements: [Value], _ indexes: Indexes, _ method: String) throws(KeyValueError) {
    guard elements.count != indexes.count else { return }
    throw .countMismatch(objects: elements.count, indexes: indexes.count, in: "-[NSKeyValueMutableArray \(method)]")
  }

  /// Refuses an index outside `0..<count` (or `0...count` when the end is allowed, to insert).
  func check(_ index: Int, in count: Int, includingEnd: Bool = false, _ method: String) throws(KeyValueError) {
    let last = includingEnd ? count : count - 1
    guard index >= 0, index <= last else {
      // Printed as the NSUInteger Foundation's proxy receives: -1 is 18446744073709551615.
      let bounds = last < 0 ? "beyond bounds for empty array" : "beyond bounds [0 .. \(last)]"
      let shown = printedAsNSUInteger(index)
      throw KeyValueError(.indexOutOfBounds, "*** -[NSKeyValueMutableArray \(method)]: index \(shown) \(bounds)")
    }
  }
}
