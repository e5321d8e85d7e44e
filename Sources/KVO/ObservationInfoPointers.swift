// ObservationInfoPointers.swift: the pointers KVO has handed out as observation info, and the
// table each named.
//
// Docs: docs/kvo.md#seeing-what-is-registered. Tests: Tests/KVOTests/ObservationInfoOverrideTests.swift.
//
// Model: a `void *` given to an overriding `-setObservationInfo:` (or answered by NSObject's
// `-observationInfo`) may come back from an overriding `-observationInfo`, possibly on another
// object, possibly after it was replaced. This map turns it back into what it named: the
// observation table whose snapshot it was, held weakly (a table lives while its object is
// observed, so a pointer outlives it harmlessly). A pointer KVO never handed out is not in the
// map, which is how it is refused. Pointers are snapshot addresses: one reused by a later
// snapshot is recorded again with the newer table, the latest record winning.
//
// Locking: `entries` is a leaf lock held only to read or change the map (releasing an entry
// runs no user code). Only classes that override the pair, or code that sends
// `-observationInfo`, ever reach it: the set path of other classes never does.

import MiniRuntime

/// The pointers handed out as observation info in one runtime (``KVORuntime/infoPointers``).
final class ObservationInfoPointers: Sendable {
  private struct Entry {
    weak var table: ObservationTable?
  }

  private struct State {
    var map: [UInt: Entry] = [:]
    /// The size past which a record first drops the entries whose table is gone.
    var pruneAt = 64
  }

  private let entries = Locked(State())

  /// Records that `pointer` was handed out for `table`'s snapshot.
  ///
  /// - Complexity: O(1) amortised (dead entries are dropped when the map doubles).
  func record(_ pointer: UInt, for table: ObservationTable) {
    entries.withLock { state in
      state.map[pointer] = Entry(table: table)
      guard state.map.count >= state.pruneAt else { return }
      state.map = state.map.filter { $0.value.table != nil }
      state.pruneAt = max(64, state.map.count * 2)
    }
  }

  /// What `pointer` named: `nil` if KVO never handed it out; else its table, `.some(nil)` once
  /// that table is freed.
  func lookUp(_ pointer: UInt) -> ObservationTable?? {
    entries.withLock { state in state.map[pointer].map(\.table) }
  }
}
