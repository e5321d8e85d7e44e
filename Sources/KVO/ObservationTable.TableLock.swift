// ObservationTable.TableLock.swift: the lock of one observation table.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/KVOConcurrencyTests.swift.
//
// The lock is an `AdaptiveLock` word stored inside the table (so an observed object costs no
// lock allocation); this handle reaches it without retaining the table. What the lock guards,
// and where it sits in the lock order, is written in ObservationTable.swift and
// Sources/MiniRuntime/Locks.swift.
//
// One of KVO's few handle types that hold a reference without counting it (the others:
// UnretainedPendingChange.swift, UnretainedObservedPath.swift, UnretainedRegistration.swift,
// UnretainedObject.swift); its invariant is written once, below.

import MiniRuntime

extension ObservationTable {
  /// The lock of one table: a handle to its `AdaptiveLock`, valid while the table lives.
  struct TableLock {
    // INVARIANT: a handle is made by `ObservationTable.lock` and used at once, by a caller that
    // holds a strong reference to the table, so the table outlives it. So the lock word is
    // reached through the table borrowed, not retained: a field declared `unowned(unsafe)` is
    // still retained and released around each use (a retain and a release per lock section,
    // two per add+remove pair: K5).
    let table: Unmanaged<ObservationTable>

    init(table: ObservationTable) { self.table = .passUnretained(table) }

    /// Runs `body` holding the table's lock. The lock word's own `lock` and `unlock`, not its
    /// generic `withLock`, which another module calls unspecialized (its type metadata, and a
    /// reabstraction thunk around each body: two per add+remove pair, K5).
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
      try table._withUnsafeGuaranteedRef { table in
        let key = UInt(bitPattern: ObjectIdentifier(table))
        table.word.lock(parkingKey: key)
        defer { table.word.unlock(parkingKey: key) }
        return try body()
      }
    }
  }
}
