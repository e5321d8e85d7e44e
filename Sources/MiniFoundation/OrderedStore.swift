// OrderedStore.swift: the storage of an array or an ordered set, edited the same way.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSArrayTests.swift,
// NSOrderedSetTests.swift.
//
// NSArray and NSOrderedSet share their primitive messages (`count`, `objectAtIndex:`,
// `insertObject:atIndex:`, `removeObjectAtIndex:`, `replaceObjectAtIndex:withObject:`). Each
// primitive checks its index and edits the storage in one locked section, so two threads editing
// one array never see each other half done. An ordered set ignores an insertion of an object it
// already holds, as `NSMutableOrderedSet` does. Each primitive retains what it adds before the
// edit and releases what it removes after it (`Runtime.retainForStore`, CollectionStorage.swift),
// outside the lock; an insertion that does not happen gives its retain back.

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
      return storage.read { $0.indices.contains(index) ? .success($0[index]) : .failure(OutOfBounds(count: $0.count)) }
    case .orderedSet(let storage):
      return storage.read {
        $0.elements.indices.contains(index) ? .success($0.elements[index]) : .failure(OutOfBounds(count: $0.count))
      }
    }
  }

  /// Inserts `element` at `index` (0...count), retaining it.
  ///
  /// - Throws: ``OutOfBounds`` (nothing changes; the retain is given back). A refused retain (an
  ///   object Objective-C already freed, where objc4 would crash) stores the element uncounted.
  func insert(_ element: Value, at index: Int) throws(OutOfBounds) {
    if case .orderedSet(let storage) = self, storage.value.contains(element) { return }  // not retained
    try? Runtime.retainForStore(element)  // call-out: a `retain` override, no lock held
    var inserted = true
    do throws(OutOfBounds) {
      switch self {
      case .array(let storage):
        try storage.update { (elements: inout [Value]) throws(OutOfBounds) in
          guard index <= elements.count else { throw OutOfBounds(count: elements.count) }
          elements.insert(element, at: index)
        }
      case .orderedSet(let storage):
        inserted = try storage.update { (elements: inout OrderedElements) throws(OutOfBounds) in
          guard index <= elements.count else { throw OutOfBounds(count: elements.count) }
          return elements.insert(element, at: index)
        }
      }
    } catch {
      Runtime.releaseForStore(element)
      throw error
    }
    if !inserted { Runtime.releaseForStore(element) }  // another thread added it meanwhile
  }

  /// Removes the element at `index` (0..<count), releasing it.
  func remove(at index: Int) throws(OutOfBounds) {
    let removed: Value
    switch self {
    case .array(let storage):
      removed = try storage.update { (elements: inout [Value]) throws(OutOfBounds) in
        guard index < elements.count else { throw OutOfBounds(count: elements.count) }
        return elements.remove(at: index)
      }
    case .orderedSet(let storage):
      removed = try storage.update { (elements: inout OrderedElements) throws(OutOfBounds) in
        guard index < elements.count else { throw OutOfBounds(count: elements.count) }
        return elements.remove(at: index)
      }
    }
    Runtime.releaseForStore(removed)  // after unlocking: may run user code
  }

  /// Replaces the element at `index` (0..<count) with `element`, retaining it and releasing the
  /// one it replaces (an ordered set that holds `element` elsewhere changes nothing).
  ///
  /// - Throws: ``OutOfBounds`` (nothing changes; the retain is given back).
  func replace(at index: Int, with element: Value) throws(OutOfBounds) {
    try? Runtime.retainForStore(element)  // call-out: a `retain` override, no lock held
    let released: Value
    do throws(OutOfBounds) {
      switch self {
      case .array(let storage):
        released = try storage.update { (elements: inout [Value]) throws(OutOfBounds) in
          guard index < elements.count else { throw OutOfBounds(count: elements.count) }
          defer { elements[index] = element }
          return elements[index]
        }
      case .orderedSet(let storage):
        released = try storage.update { (elements: inout OrderedElements) throws(OutOfBounds) in
          guard index < elements.count else { throw OutOfBounds(count: elements.count) }
          return elements.replace(at: index, with: element) ?? element  // unchanged: give it back
        }
      }
    } catch {
      Runtime.releaseForStore(element)
      throw error
    }
    Runtime.releaseForStore(released)  // after unlocking: may run user code
  }

  /// Replaces every element, retaining the new ones and releasing the old.
  func setElements(_ elements: [Value]) {
    for element in elements { try? Runtime.retainForStore(element) }
    let old: [Value]
    switch self {
    case .array(let storage):
      old = storage.update { contents in
        defer { contents = elements }
        return contents
      }
    case .orderedSet(let storage):
      old = storage.update { contents in
        defer { contents = OrderedElements(elements) }
        return contents.elements
      }
      // An ordered set keeps one of equal elements: give back the others' retains.
      var kept = OrderedElements([])
      for element in elements where !kept.append(element) { Runtime.releaseForStore(element) }
    }
    for element in old { Runtime.releaseForStore(element) }  // after unlocking: may run user code
  }
}

/// An index was out of bounds; `count` is the count at that moment, for the error text.
struct OutOfBounds: Error {
  let count: Int
}
