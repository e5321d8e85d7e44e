// ThreadChanges.swift: the changes in progress on the current thread.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/ManualNotificationTests.swift.
//
// Model: a will-change records, on the thread that makes it, one `PendingChange` per affected
// observed path of the object (or counts one more level if that path already has one: nested
// pairs), plus a `PendingTrigger` saying which changes this will touched. The matching
// did-change pops that trigger; a path whose count drops to zero is finished and notified. The
// records live in thread-specific storage, so the set path takes no lock, two threads changing
// one object never see each other's records, and a did-change without a will-change finds
// nothing to pop. Foundation keeps its pending changes per thread in the same way.
//
// Only the owning thread touches a `ThreadChanges` (hence `@unchecked Sendable`).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import MiniRuntime

/// One observed path of one object being changed on this thread.
///
/// Recycled: a finished change goes back to its thread's pool (set path allocates nothing).
final class PendingChange: @unchecked Sendable {
  // Only the owning thread touches these, never with overlapping accesses: the dynamic
  // exclusivity check would only cost time on every set.
  /// The changed object, for matching only: never dereferenced, so the change does not keep it
  /// alive (whoever calls will/did does).
  @exclusivity(unchecked) var objectID: ObjectIdentifier
  /// What is being changed: retained while the change is pending, released when it is
  /// recycled (`nil` in the pool). Held unmanaged so that reading it costs no reference counting
  /// (see `withPath`).
  @exclusivity(unchecked) private var observed: Unmanaged<ObservedPath>?
  /// `observed`'s path id, for matching without touching it.
  @exclusivity(unchecked) private(set) var pathID: KeyID
  @exclusivity(unchecked) var depth = 1
  @exclusivity(unchecked) var kind: ChangeKind
  @exclusivity(unchecked) var indexes: Indexes?
  @exclusivity(unchecked) var old: Value?
  @exclusivity(unchecked) var new: Value?
  /// Internal registrations whose forwarded will-change succeeded: only they get the did.
  @exclusivity(unchecked) var forwarded: [UInt64] = []

  init(objectID: ObjectIdentifier, observed: ObservedPath, kind: ChangeKind, indexes: Indexes?) {
    self.objectID = objectID
    self.observed = Unmanaged.passRetained(observed)
    pathID = observed.pathID
    self.kind = kind
    self.indexes = indexes
  }

  deinit { observed?.release() }

  /// Points a pooled change at `path` (retaining it).
  @inline(__always)
  func reuse(for path: ObservedPath) {
    observed = Unmanaged.passRetained(path)
    pathID = path.pathID
  }

  /// Lets go of the path (the change goes back to the pool).
  @inline(__always)
  func releasePath() {
    observed?.release()
    observed = nil
  }

  /// Runs `body` with the observed path, which the change keeps alive (no reference counting).
  @inline(__always)
  func withPath<Result>(_ body: (ObservedPath) throws -> Result) rethrows -> Result {
    try observed.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
  }

  /// The observed path (a counted reference: prefer `withPath` on hot paths).
  var path: ObservedPath { observed.unsafelyUnwrapped.takeUnretainedValue() }
}

/// What one will-change touched: the changes its did-change must close (the first one inline,
/// so the common single-path change allocates no array). The changes are owned by
/// `ThreadChanges.changes`, so the trigger holds them unretained.
struct PendingTrigger {
  let objectID: ObjectIdentifier
  let key: KeyID
  let first: Unmanaged<PendingChange>
  var others: [PendingChange]? = nil

  var all: [PendingChange] {
    let first = first.takeUnretainedValue()
    return others.map { [first] + $0 } ?? [first]
  }
}

/// The changes in progress on one thread.
final class ThreadChanges: @unchecked Sendable {
  /// Every change in progress, in the order begun (this list owns them).
  @exclusivity(unchecked) var changes: [PendingChange] = []
  @exclusivity(unchecked) var triggers: [PendingTrigger] = []

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
      guard let pointer else { return }
      Unmanaged<ThreadChanges>.fromOpaque(pointer).release()
    }
    return key
  }()

  /// The calling thread's changes, made on first use and freed when the thread ends.
  static var current: ThreadChanges { currentReference.takeUnretainedValue() }

  /// The calling thread's changes, unretained: the thread-specific slot keeps them alive for as
  /// long as the thread runs, so `_withUnsafeGuaranteedRef` needs no reference counting.
  @inline(__always)
  static var currentReference: Unmanaged<ThreadChanges> {
    if let pointer = pthread_getspecific(key) { return Unmanaged<ThreadChanges>.fromOpaque(pointer) }
    let changes = Unmanaged.passRetained(ThreadChanges())
    pthread_setspecific(key, changes.toOpaque())
    return changes
  }

  /// The change in progress for `path` of `object`, if any.
  @inline(__always)
  func pending(_ object: ObjectIdentifier, _ pathID: KeyID) -> PendingChange? {
    for change in changes where change.objectID == object && change.pathID == pathID { return change }
    return nil
  }

  /// Begins a change and records it.
  @inline(__always)
  func begin(_ object: ObjectIdentifier, _ observed: ObservedPath, kind: ChangeKind, indexes: Indexes?) -> PendingChange {
    let change = makeChange(objectID: object, observed: observed, kind: kind, indexes: indexes)
    changes.append(change)
    return change
  }

  /// Removes and returns the most recent trigger of `key` on `object`.
  @inline(__always)
  func popTrigger(_ object: ObjectIdentifier, _ key: KeyID) -> PendingTrigger? {
    if let last = triggers.last, last.key == key, last.objectID == object { return triggers.removeLast() }
    guard let index = triggers.lastIndex(where: { $0.key == key && $0.objectID == object }) else { return nil }
    return triggers.remove(at: index)
  }

  /// Forgets a finished change and takes it back for reuse (dropping what it held, so nothing
  /// is kept alive).
  @inline(__always)
  func finishAndRecycle(_ change: PendingChange) {
    let owned: PendingChange
    if changes.last === change {
      owned = changes.removeLast()
    } else if let index = changes.lastIndex(where: { $0 === change }) {
      owned = changes.remove(at: index)
    } else {
      return
    }
    recycle(owned)
  }

  // MARK: - Recycling

  /// Finished changes ready for reuse.
  @exclusivity(unchecked) private var pool: [PendingChange] = []

  /// A pending change, recycled when one is free.
  @inline(__always)
  private func makeChange(objectID: ObjectIdentifier, observed: ObservedPath, kind: ChangeKind, indexes: Indexes?)
    -> PendingChange
  {
    guard let change = pool.popLast() else {
      return PendingChange(objectID: objectID, observed: observed, kind: kind, indexes: indexes)
    }
    change.objectID = objectID
    change.reuse(for: observed)
    change.depth = 1
    change.kind = kind
    if indexes != nil { change.indexes = indexes }
    return change
  }

  private func recycle(_ change: PendingChange) {
    guard pool.count < 16 else { return }
    change.releasePath()
    if change.old != nil { change.old = nil }
    if change.new != nil { change.new = nil }
    if change.indexes != nil { change.indexes = nil }
    if !change.forwarded.isEmpty { change.forwarded.removeAll(keepingCapacity: true) }
    pool.append(change)
  }
}
