// UnretainedPendingChange.swift: an entry of a thread's change stack, held without reference
// counting.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/PendingChangeStackTests.swift.
//
// One of KVO's few handle types that hold a reference without counting it (the others:
// ObservationTable.TableLock.swift, UnretainedObservedPath.swift,
// UnretainedRegistration.swift, UnretainedObject.swift). Its invariant, written once here:
//   INVARIANT: the entry outlives the handle. A thread's `ThreadChanges` owns every entry the
//   thread ever made (`storage`, strong references) until the thread ends, and never frees one
//   before; every handle stays on that thread (its stack, its pool, a change's `forwarded` list,
//   a did's scratch memory), so no handle can outlive its entry.
// Hot paths rely on it where they say `// INVARIANT: UnretainedPendingChange`;
// `ThreadChanges.checkInvariants()` checks every handle it holds against its storage.

/// A pending change, unretained: beginning, matching and ending a change costs no reference
/// counting.
struct UnretainedPendingChange: Hashable {
  private let unmanaged: Unmanaged<PendingChange>

  /// The handle of `change`, without retaining it. The caller's thread must own `change`.
  @inline(__always)
  init(_ change: PendingChange) { unmanaged = .passUnretained(change) }

  /// The entry, as a strong reference.
  @inline(__always)
  var change: PendingChange { unmanaged.takeUnretainedValue() }

  /// Runs `body` with the entry and no reference counting.
  @inline(__always)
  func withChange<Result>(_ body: (PendingChange) throws -> Result) rethrows -> Result {
    try unmanaged._withUnsafeGuaranteedRef(body)
  }

  @inline(__always)
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.unmanaged.toOpaque() == rhs.unmanaged.toOpaque() }

  func hash(into hasher: inout Hasher) { hasher.combine(unmanaged.toOpaque()) }

  /// Checks the invariant for a handle a thread holds: `storage` (the thread's entries) owns
  /// the entry. Debug builds only; release builds compile it away.
  func checkInvariants(ownedBy storage: [PendingChange]) {
    #if DEBUG
      precondition(
        storage.contains { UnretainedPendingChange($0) == self }, "UnretainedPendingChange: an entry the thread does not own")
    #endif
  }
}
