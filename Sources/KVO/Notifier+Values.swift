// Notifier+Values.swift: the old and new values a change reports.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/ChangeDictionaryTests.swift,
// KeyPathChainTests.swift, ToManyTests.swift.
//
// Read with the getter a path cached at registration while it is valid (a synthesized getter's
// value read in place when its send could not be told apart: CachedGetter.swift), else by KVC,
// with no lock held (accessors are user code); a to-many change reports the affected elements
// only.
// Stateless.

import MiniRuntime

extension Notifier {
  /// Reads the old value an entry reports, if some observer of its path asked for old values
  /// (an insertion has none).
  @inline(__always)
  static func readOldValue(of object: Object, into change: PendingChange) throws {
    if let mutation = change.setMutation {
      let (wantsOld, wantsNew) = change.withPath { ($0.wantsOld, $0.wantsNew) }
      guard wantsOld || wantsNew else { return }
      let current = try currentValue(of: object, for: change)  // call-out: accessors (no indexes: the whole set)
      (change.old, change.new) = try mutation.values(from: current, old: wantsOld, new: wantsNew)
      return
    }
    guard change.withPath(\.wantsOld) && change.kind != .insertion else { return }
    change.old = try currentValue(of: object, for: change)  // call-out: accessors, no lock held
  }

  /// The value a change reports: the whole value for a setting, the affected elements for a
  /// change with indexes (of any kind: Foundation reads `objectsAtIndexes:` for an indexed
  /// setting too). The path's first key is read with the getter cached at registration
  /// while it is valid (a chain reads the rest of its path from that value by KVC).
  static func currentValue(of object: Object, for change: PendingChange) throws -> Value {
    let value = try change.withPath { observed in
      if let cached = observed.getter, cached.generation.isCurrent(for: object) {
        let first = try cached.value(of: object)  // in place when a send would only load it
        return cached.isChain ? try restOfChain(observed, from: first, of: object) : first
      }
      return try staleGetterValue(of: object, observed)
    }
    guard let indexes = change.indexes else { return value }
    // An array or an ordered set; nil answers no elements, as a message to nil does.
    guard let elements = try value.arrayValue ?? value.collectionContents()?.elements else { return .array([]) }
    if let first = indexes.first, first < 0 { throw outOfBounds(first, count: elements.count) }  // a huge NSUInteger
    guard let last = indexes.last, last >= elements.count else { return .array(indexes.map { elements[$0] }) }
    throw outOfBounds(last, count: elements.count)
  }

  /// `-[NSArray objectsAtIndexes:]`'s refusal of an index outside the array (decision 0025).
  @inline(never)
  static func outOfBounds(_ index: Int, count: Int) -> KeyValueError {
    let bounds = count == 0 ? "for empty array" : "beyond bounds [0 .. \(count - 1)]"
    return KeyValueError(.indexOutOfBounds, "*** -[NSArray objectsAtIndexes:]: index \(printedAsNSUInteger(index)) in index set \(bounds)")
  }

  /// The value of `observed`'s path when the plan's own getter went stale: read with the getter
  /// worked out again for the current methods (a chain's link hooks a setter right after its
  /// plan was made: K9), else by KVC.
  @inline(never)
  static func staleGetterValue(of object: Object, _ observed: ObservedPath.View) throws -> Value {
    try observed.withPlan { plan in
      guard let cached = plan.currentGetter(for: object) else {
        return try KeyValueCoding.value(of: .object(object), at: plan.path)
      }
      let first = try cached.value(of: object)
      return cached.isChain ? try restOfChain(plan, from: first, of: object) : first
    }
  }

  /// The value at the rest of a chain's path, read from `first`, its first key's value: with
  /// the plan's rest getter while it holds, else by KVC.
  @inline(never)
  static func restOfChain(_ observed: ObservedPath.View, from first: Value, of object: Object) throws -> Value {
    try observed.withPlan { try restOfChain($0, from: first, of: object) }
  }

  @inline(__always)
  private static func restOfChain(_ plan: KeyPathPlan, from first: Value, of object: Object) throws -> Value {
    if case .object(let next) = first, let getter = plan.currentRestGetter(for: next) {
      return try getter.value(of: next)  // what KVC's valueForKey: would send (or its load)
    }
    guard let rest = plan.rest else { return first }
    return try KeyValueCoding.value(of: first, at: rest, boxingIn: { object.runtime })
  }
}
