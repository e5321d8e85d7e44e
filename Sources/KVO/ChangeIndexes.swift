// ChangeIndexes.swift: the indexes of a to-many change, with the runtime their NSIndexSet
// belongs to.
//
// Docs: docs/kvo.md#change-dictionaries. Tests: Tests/KVOTests/ChangeDictionaryTests.swift.
//
// Foundation's change dictionary holds an `NSIndexSet` under `NSKeyValueChangeIndexesKey`. An
// object belongs to a runtime, so a to-many change carries the runtime it happened in, weakly,
// beside its indexes: made once per to-many change (a setting carries none, so the notifying set
// of a to-one key pays nothing), immutable, shared by every observer's `Change`. The index set
// object is made when the entry is read, a new one each time, as a bridged value is boxed anew
// for every message (decision 0005): reading it installs Foundation's classes in the runtime,
// which nothing else on the notification path does.

import MiniFoundation
import MiniRuntime

/// The indexes a to-many change reports, and the runtime whose `NSIndexSet` shows them.
final class ChangeIndexes: Sendable {
  let indexes: Indexes
  /// The runtime while it lives, by an unowned count, not `weak` (MiniRuntime's
  /// UnownedReference.swift says why).
  var runtime: Runtime? { runtimeReference.load() }
  private let runtimeReference = UnownedReference<Runtime>()

  init(_ indexes: Indexes, in runtime: Runtime?) {
    self.indexes = indexes
    if let runtime { runtimeReference.set(runtime) }
  }

  /// The indexes of a change of `object`.
  convenience init(_ indexes: Indexes, of object: Object) {
    self.init(indexes, in: object.runtime)
  }

  /// The change dictionary's `indexes` entry: a new `NSIndexSet` of the runtime, or, for a
  /// change made without one (`Change.init`) or after its runtime is gone, the indexes as an
  /// array of numbers (which the to-many notification messages also take as indexes).
  var entry: Value {
    if let runtime, let indexSet = try? runtime.indexSet(indexes) { return .object(indexSet) }
    return .array(indexes.map { .int($0) })
  }
}
