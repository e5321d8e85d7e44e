// ChangeIndexes.swift: the indexes of a to-many change, with the runtime their NSIndexSet
// belongs to, and that index set once made.
//
// Docs: docs/kvo.md#change-dictionaries. Tests: Tests/KVOTests/ChangeDictionaryTests.swift,
// Tests/KVOTests/FidelityRound29ChangeIndexesTests.swift.
//
// Foundation's change dictionary holds one `NSIndexSet` under `NSKeyValueChangeIndexesKey`. An
// object belongs to a runtime, so a to-many change carries the runtime it happened in, weakly,
// beside its indexes: made once per to-many change (a setting carries none, so the notifying set
// of a to-one key pays nothing), shared by every observer's `Change`. The index set object is
// made when the entry is first read (or the change described), not per notification: reading it
// installs Foundation's classes in the runtime, which nothing else on the notification path does.
// Then it is kept, so every read answers the same object and every description prints the same
// address, as Foundation's dictionary holds one object. Once made, that object holds its runtime
// strongly, as every instance does: from then on the change keeps the runtime alive, and the
// fallback for a runtime already gone (the indexes read as an array of numbers) applies only to a
// change whose indexes were never read or described.
// Locking: `made` is written once, under its own lock; the object is created outside it (object
// creation takes the runtime lock), and a thread that loses the race drops its own and answers
// the first one made.

import MiniFoundation
import MiniRuntime

/// The indexes a to-many change reports, and the runtime whose `NSIndexSet` shows them.
final class ChangeIndexes: Sendable {
  let indexes: Indexes
  /// The runtime while it lives, by an unowned count, not `weak` (MiniRuntime's
  /// UnownedReference.swift says why).
  var runtime: Runtime? { runtimeReference.load() }
  private let runtimeReference = UnownedReference<Runtime>()
  /// The index set object, once made.
  private let made = Locked<Object?>(nil)

  init(_ indexes: Indexes, in runtime: Runtime?) {
    self.indexes = indexes
    if let runtime { runtimeReference.set(runtime) }
  }

  /// The indexes of a change of `object`.
  convenience init(_ indexes: Indexes, of object: Object) {
    self.init(indexes, in: object.runtime)
  }

  /// The change dictionary's `indexes` entry: the runtime's index set object (the same one at
  /// every read), or, for a change made without one (`Change.init`) or after its runtime is gone,
  /// the indexes as an array of numbers (which the to-many notification messages also take as
  /// indexes).
  var entry: Value {
    if let indexSet = indexSet(installingFoundation: true) { return .object(indexSet) }
    return .array(indexes.map { .int($0) })
  }

  /// The entry as `NSDictionary`'s description prints it, without sending a message or loading
  /// Foundation: the index set object's description, quoted
  /// (`"<_NSCachedIndexSet: 0x…>[number of indexes: 1 (in 1 ranges), indexes: (0)]"`); with no
  /// object to make (no runtime, or Foundation not loaded in it), the indexes' own text.
  var described: String {
    guard let indexSet = indexSet(installingFoundation: false),
      let text = Describing.entryWithoutMessages(.object(indexSet))
    else { return indexes.description }
    return text
  }

  /// The index set object: made once, as Foundation makes a change's (`+indexSetWithIndex:`'s
  /// `_NSCachedIndexSet` for one index, an `NSIndexSet` otherwise); nil without a runtime, or
  /// when Foundation is not loaded and may not be.
  private func indexSet(installingFoundation: Bool) -> Object? {
    if let held = made.withLock({ $0 }) { return held }
    guard let runtime, installingFoundation || runtime.hasFoundation else { return nil }
    let fresh: Object?
    if indexes.count == 1, let only = indexes.first {
      fresh = try? runtime.indexSet(index: only)
    } else {
      fresh = try? runtime.indexSet(indexes)
    }
    guard let fresh else { return nil }
    return made.withLock { held in
      if let held { return held }  // another thread made one first: all answer that one
      held = fresh
      return fresh
    }
  }
}
