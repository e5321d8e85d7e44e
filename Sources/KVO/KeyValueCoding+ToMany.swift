// KeyValueCoding+ToMany.swift: mutableArrayValueForKey: and its proxy.
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
    if hasIndexedMutators(object) {
      if object.isa.instancesRespond(to: replace) {
        try Runtime.msgSend(object, replace, .int(index), element)
      } else {
        try Notifier.around(object, id: KeyTable.shared.id(key), kind: .replacement, indexes: Indexes(integer: index)) {
          try Runtime.msgSend(object, Selector(interning: "removeObjectFrom\(capitalized)AtIndex:"), .int(index))
          try Runtime.msgSend(object, Selector(interning: "insertObject:in\(capitalized)AtIndex:"), element, .int(index))
        }
      }
      return
    }
    var edited = current
    edited[index] = element
    try replaceWhole(object, with: edited, kind: .replacement, indexes: Indexes(integer: index))
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
    try Notifier.around(object, id: KeyTable.shared.id(key), kind: kind, indexes: indexes) {
      try object.setValue(.array(elements), forKey: key)
    }
  }
}
