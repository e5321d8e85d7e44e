// OrderedStore.swift: the storage of an array or an ordered set, edited the same way.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSArrayTests.swift,
// NSOrderedSetTests.swift.
//
// NSArray and NSOrderedSet share their primitive messages (`count`, `objectAtIndex:`,
// `insertObject:atIndex:`, `removeObjectAtIndex:`, `replaceObjectAtIndex:withObject:`). Each
// primitive checks its index and edits the storage in one locked section, so two threads editing
// one array never see each other half done. An ordered set ignores an insertion of an object it
// already holds, as `NSMutableOrderedSet` does.

/// The storage of an array or an ordered set object.
enum OrderedStore {
  case array(ArrayStorage)
  case orderedSet(OrderedSetStorage)

  /// The store of `object`, or `nil` for an object without one (an abstract subclass's instance).
  init?(_ object: Object) {
    switch object.bridgedStorage {
    case let storage as ArrayStorage: self = .array(storage)
    case let storage as OrderedSetStorage: self = .orderedSet(storage)
    default: return nil
    }
  }

  var elements: [Value] {
    switch self {
    case .array(let storage): return storage.value
    case .orderedSet(let storage): return storage.value.elements
    }
  }

  /// The element at `index`, or `nil` with the count when it is out of bounds.
  func element(at index: Int) -> Result<Value, OutOfBounds> {
    switch self {
    case .array(let storage):
      return storage.update { $0.indices.contains(index) ? .success($0[index]) : .failure(OutOfBounds(count: $0.count)) }
    case .orderedSet(let storage):
      return storage.update {
        $0.elements.indices.contains(index) ? .success($0.elements[index]) : .failure(OutOfBounds(count: $0.count))
      }
    }
  }

  /// Inserts `element` at `index` (0...count).
  func insert(_ element: Value, at index: Int) throws(OutOfBounds) {
    switch self {
    case .array(let storage):
      try storage.update { (elements: inout [Value]) throws(OutOfBounds) in
        guard index <= elements.count else { throw OutOfBounds(count: elements.count) }
        elements.insert(element, at: index)
      }
    case .orderedSet(let storage):
      try storage.update { (elements: inout OrderedElements) throws(OutOfBounds) in
        guard index <= elements.count else { throw OutOfBounds(count: elements.count) }
        elements.insert(element, at: index)
      }
    }
  }

  /// Removes the element at `index` (0..<count).
  func remove(at index: Int) throws(OutOfBounds) {
    switch self {
    case .array(let storage):
      try storage.update { (elements: inout [Value]) throws(OutOfBounds) in
        guard index < elements.count else { throw OutOfBounds(count: elements.count) }
        elements.remove(at: index)
      }
    case .orderedSet(let storage):
      try storage.update { (elements: inout OrderedElements) throws(OutOfBounds) in
        guard index < elements.count else { throw OutOfBounds(count: elements.count) }
        elements.remove(at: index)
      }
    }
  }

  /// Replaces the element at `index` (0..<count) with `element`.
  func replace(at index: Int, with element: Value) throws(OutOfBounds) {
    switch self {
    case .array(let storage):
      try storage.update { (elements: inout [Value]) throws(OutOfBounds) in
        guard index < elements.count else { throw OutOfBounds(count: elements.count) }
        elements[index] = element
      }
    case .orderedSet(let storage):
      try storage.update { (elements: inout OrderedElements) throws(OutOfBounds) in
        guard index < elements.count else { throw OutOfBounds(count: elements.count) }
        elements.replace(at: index, with: element)
      }
    }
  }

  /// Replaces every element.
  func setElements(_ elements: [Value]) {
    switch self {
    case .array(let storage): storage.update { $0 = elements }
    case .orderedSet(let storage): storage.update { $0 = OrderedElements(elements) }
    }
  }
}

/// An index was out of bounds; `count` is the count at that moment, for the error text.
struct OutOfBounds: Error {
  let count: Int
}
