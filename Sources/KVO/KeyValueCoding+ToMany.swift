// KeyValueCoding+ToMany.swift: mutableArrayValueForKey:, mutableArrayValueForKeyPath: and the proxy.
//
// Docs: docs/kvo.md#to-many-changes. Tests: Tests/KVOTests/ToManyTests.swift.
//
// The proxy edits the to-many property `key` of an object in place. When the class has the
// indexed mutators (`insertObject:in<Key>AtIndex:` and `removeObjectFrom<Key>AtIndex:`, plus
// optionally `replaceObjectIn<Key>AtIndex:withObject:`), it sends them, and the notifying
// subclass's overrides report insertion/removal/replacement with the index. Otherwise it reads
// the whole array, edits a copy and sets it back with `setValue:forKey:`, wrapped in a
// will/did-change of the right kind and indexes; the setter's own setting notification nests
// inside that pair and is absorbed, so observers see one insertion, not a setting.

import MiniRuntime

extension Object {
  /// A proxy that edits the to-many property `key` and notifies observers with the indexes.
  ///
  /// ```swift
  /// let friends = try person.mutableArrayValue(forKey: "friends")
  /// try friends.insert(.object(bob), at: 0)   // observers get kind .insertion, indexes [0]
  /// try friends.remove(at: 0)                 // kind .removal
  /// ```
  ///
  /// - Throws: ``KeyValueError`` with code `invalidKeyPath` for a malformed key.
  ///
  /// Objective-C: `-[NSObject mutableArrayValueForKey:]`
  public func mutableArrayValue(forKey key: String) throws -> MutableArrayProxy {
    let proxy = try sendCategoryMessage("mutableArrayValueForKey:", [.string(key)])
    guard let result = proxy.swiftObject(as: MutableArrayProxy.self) else {
      throw KeyValueError(.invalidValue, "mutableArrayValueForKey: returned \(proxy), not a proxy")
    }
    return result
  }

  /// A proxy for the to-many property at the end of `keyPath`: the last key, on the object the
  /// rest of the path leads to; `nil` when that object is nil (as messaging nil gives nil).
  ///
  /// ```swift
  /// let items = try person.mutableArrayValue(forKeyPath: "friend.items")
  /// try items?.append("x")   // observers of the friend's items get an insertion
  /// ```
  ///
  /// - Throws: ``KeyValueError`` with code `invalidKeyPath` for a malformed path,
  ///   `unsupportedKeyPath` for a collection operator or a path through a value that is not an
  ///   object.
  ///
  /// Objective-C: `-[NSObject mutableArrayValueForKeyPath:]`
  public func mutableArrayValue(forKeyPath keyPath: String) throws -> MutableArrayProxy? {
    let proxy = try sendCategoryMessage("mutableArrayValueForKeyPath:", [.string(keyPath)])
    if proxy.isNil { return nil }
    guard let result = proxy.swiftObject(as: MutableArrayProxy.self) else {
      throw KeyValueError(.invalidValue, "mutableArrayValueForKeyPath: returned \(proxy), not a proxy")
    }
    return result
  }
}

/// An editable view of a to-many property; every edit notifies observers of that key.
///
/// Objective-C: the `NSMutableArray` proxy `mutableArrayValueForKey:` returns
/// (`NSKeyValueMutableArray`)
public final class MutableArrayProxy: Sendable {
  private weak let object: Object?
  /// The to-many key being edited.
  ///
  /// Objective-C: none (the proxy's key).
  public let key: String
  private let capitalized: String

  init(_ object: Object, key: String) throws {
    try KeyValuePath.validateKey(key)
    self.object = object
    self.key = key
    capitalized = KeyValueCoding.capitalized(key)
  }

  /// `mutableArrayValueForKeyPath:`: the proxy for the last key on the object the rest of
  /// `path` leads to, or `.nil` if that object is nil.
  static func forKeyPath(_ path: KeyValuePath, of object: Object) throws -> Value {
    guard !path.containsOperator, case .key(let last)? = path.components.last else {
      throw KeyValueError(.unsupportedKeyPath, "mutableArrayValueForKeyPath: cannot edit through a collection operator: \(path)")
    }
    var target = object
    for component in path.components.dropLast() {
      guard case .key(let key) = component else { continue }
      let next = try target.value(forKey: key)
      if next.isNil { return .nil }
      guard let nextObject = next.objectValue else {
        throw KeyValueError(
          .unsupportedKeyPath, "mutableArrayValueForKeyPath: '\(path)' passes through \(next) at '\(key)', which is not an object")
      }
      target = nextObject
    }
    return .swiftObject(try MutableArrayProxy(target, key: last))
  }

  /// The current elements.
  ///
  /// Objective-C: `-[NSArray copy]` of the proxy
  public func elements() throws -> [Value] {
    let object = try target()
    let value = try object.value(forKey: key)
    if value.isNil { return [] }
    guard let elements = value.arrayValue else {
      throw KeyValueError(.invalidValue, "\(object)'s \(key) is \(value), not an array")
    }
    return elements
  }

  /// The number of elements.
  ///
  /// Objective-C: `-[NSArray count]`
  public func count() throws -> Int { try elements().count }

  /// Inserts `element` at `index` (0 ... count).
  ///
  /// - Throws: ``KeyValueError`` with code `indexOutOfBounds` for an index out of bounds
  ///   (nothing changes), or what the accessors throw.
  ///
  /// Objective-C: `-[NSMutableArray insertObject:atIndex:]`
  public func insert(_ element: Value, at index: Int) throws {
    let object = try target()
    let current = try elements()
    try check(index, in: current.count, includingEnd: true, "insertObject:atIndex:")
    if hasIndexedMutators(object) {
      try Runtime.msgSend(object, Selector(interning: "insertObject:in\(capitalized)AtIndex:"), element, .int(index))
      return
    }
    var edited = current
    edited.insert(element, at: index)
    try replaceWhole(object, with: edited, kind: .insertion, indexes: Indexes(integer: index))
  }

  /// Appends `element`.
  ///
  /// Objective-C: `-[NSMutableArray addObject:]`
  public func append(_ element: Value) throws { try insert(element, at: try count()) }

  /// Removes the element at `index`.
  ///
  /// - Throws: ``KeyValueError`` with code `indexOutOfBounds` for an index out of bounds.
  ///
  /// Objective-C: `-[NSMutableArray removeObjectAtIndex:]`
  public func remove(at index: Int) throws {
    let object = try target()
    let current = try elements()
    try check(index, in: current.count, "removeObjectAtIndex:")
    if hasIndexedMutators(object) {
      try Runtime.msgSend(object, Selector(interning: "removeObjectFrom\(capitalized)AtIndex:"), .int(index))
      return
    }
    var edited = current
    edited.remove(at: index)
    try replaceWhole(object, with: edited, kind: .removal, indexes: Indexes(integer: index))
  }

  /// Replaces the element at `index` with `element`.
  ///
  /// - Throws: ``KeyValueError`` with code `indexOutOfBounds` for an index out of bounds.
  ///
  /// Objective-C: `-[NSMutableArray replaceObjectAtIndex:withObject:]`
  public func replace(at index: Int, with element: Value) throws {
    let object = try target()
    let current = try elements()
    try check(index, in: current.count, "replaceObjectAtIndex:withObject:")
    let replace = Selector(interning: "replaceObjectIn\(capitalized)AtIndex:withObject:")
    if hasIndexedMutators(object) && object.isa.instancesRespond(to: replace) {
      try Runtime.msgSend(object, replace, .int(index), element)  // its notifying override reports it
      return
    }
    var edited = current
    edited[index] = element
    try edit(object, kind: .replacement, indexes: Indexes(integer: index), edited: edited) {
      try Runtime.msgSend(object, Selector(interning: "removeObjectFrom\(capitalized)AtIndex:"), .int(index))
      try Runtime.msgSend(object, Selector(interning: "insertObject:in\(capitalized)AtIndex:"), element, .int(index))
    }
  }

  /// Inserts `elements` at `indexes`, one index per element, as `NSMutableArray` does: the
  /// indexes are positions in the resulting array, taken in ascending order. Observers get one
  /// insertion with every index.
  ///
  /// - Throws: ``KeyValueError`` with code `invalidArgument` when the counts differ, or
  ///   `indexOutOfBounds` for an index past the end (nothing changes in either case).
  ///
  /// Objective-C: `-[NSMutableArray insertObjects:atIndexes:]`
  public func insert(_ elements: [Value], at indexes: Indexes) throws {
    let object = try target()
    guard elements.count == indexes.count else {
      throw KeyValueError(
        .invalidArgument,
        "*** -[NSKeyValueMutableArray insertObjects:atIndexes:]: count of array (\(elements.count)) differs from count of index set (\(indexes.count))")
    }
    var edited = try self.elements()
    for (element, index) in zip(elements, indexes) {
      try check(index, in: edited.count, includingEnd: true, "insertObjects:atIndexes:")
      edited.insert(element, at: index)
    }
    guard !elements.isEmpty else { return }
    try edit(object, kind: .insertion, indexes: indexes, edited: edited) {
      let insert = Selector(interning: "insertObject:in\(capitalized)AtIndex:")
      for (element, index) in zip(elements, indexes) { try Runtime.msgSend(object, insert, element, .int(index)) }
    }
  }

  /// Removes the elements at `indexes`. Observers get one removal with every index.
  ///
  /// - Throws: ``KeyValueError`` with code `indexOutOfBounds` for an index out of bounds
  ///   (nothing changes).
  ///
  /// Objective-C: `-[NSMutableArray removeObjectsAtIndexes:]`
  public func remove(at indexes: Indexes) throws {
    let object = try target()
    var edited = try elements()
    for index in indexes { try check(index, in: edited.count, "removeObjectsAtIndexes:") }
    guard indexes.count > 0 else { return }
    for index in indexes.reversed() { edited.remove(at: index) }
    try edit(object, kind: .removal, indexes: indexes, edited: edited) {
      let remove = Selector(interning: "removeObjectFrom\(capitalized)AtIndex:")
      for index in indexes.reversed() { try Runtime.msgSend(object, remove, .int(index)) }
    }
  }

  /// Removes every element equal to `element` (nothing, and no notification, if there is none).
  ///
  /// Objective-C: `-[NSMutableArray removeObject:]`
  public func remove(_ element: Value) throws {
    let current = try elements()
    try remove(at: Indexes(current.indices.filter { current[$0] == element }))
  }

  /// Removes every element (nothing, and no notification, if the array is empty).
  ///
  /// Objective-C: `-[NSMutableArray removeAllObjects]`
  public func removeAll() throws { try remove(at: Indexes(integersIn: 0..<(try count()))) }

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
    try remove(at: Indexes(integer: count - 1))
  }

  /// One multi-index edit: through the indexed mutators if the class has them (their own
  /// notifications nest inside this one and are absorbed), otherwise by setting `edited`.
  private func edit(
    _ object: Object, kind: ChangeKind, indexes: Indexes, edited: [Value], indexed: () throws -> Void
  ) throws {
    guard hasIndexedMutators(object) else {
      try replaceWhole(object, with: edited, kind: kind, indexes: indexes)
      return
    }
    try Notifier.bracket(object, key: key, id: KeyTable.shared.id(key), kind: kind, indexes: indexes, indexed)
  }

  private func target() throws(KeyValueError) -> Object {
    guard let object else {
      throw KeyValueError(.invalidArgument, "the object of this mutableArrayValueForKey:\(key) proxy is gone")
    }
    return object
  }

  private func hasIndexedMutators(_ object: Object) -> Bool {
    object.isa.instancesRespond(to: Selector(interning: "insertObject:in\(capitalized)AtIndex:"))
      && object.isa.instancesRespond(to: Selector(interning: "removeObjectFrom\(capitalized)AtIndex:"))
  }

  /// Refuses an index outside `0..<count` (or `0...count` when the end is allowed, to insert).
  private func check(_ index: Int, in count: Int, includingEnd: Bool = false, _ method: String) throws(KeyValueError) {
    let last = includingEnd ? count : count - 1
    guard index >= 0, index <= last else {
      let bounds = last < 0 ? "for empty array" : "beyond bounds [0 .. \(last)]"
      throw KeyValueError(.indexOutOfBounds, "*** -[NSKeyValueMutableArray \(method)]: index \(index) \(bounds)")
    }
  }

  /// Sets the whole edited array, reporting `kind` at `indexes` (the setter's own setting
  /// notification nests inside and is absorbed).
  private func replaceWhole(_ object: Object, with elements: [Value], kind: ChangeKind, indexes: Indexes) throws {
    try Notifier.bracket(object, key: key, id: KeyTable.shared.id(key), kind: kind, indexes: indexes) {
      try object.setValue(.array(elements), forKey: key)
    }
  }
}
