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
  /// Kept alive until the change is finished (`nil` while the change waits in the pool).
  @exclusivity(unchecked) var object: Object?
  @exclusivity(unchecked) var observed: ObservedPath
  @exclusivity(unchecked) var depth = 1
  @exclusivity(unchecked) var kind: ChangeKind
  @exclusivity(unchecked) var indexes: Indexes?
  @exclusivity(unchecked) var old: Value?
  @exclusivity(unchecked) var new: Value?
  /// Internal registrations whose forwarded will-change succeeded: only they get the did.
  @exclusivity(unchecked) var forwarded: [UInt64] = []

  init(object: Object, observed: ObservedPath, kind: ChangeKind, indexes: Indexes?) {
    self.object = object
    self.observed = observed
    self.kind = kind
    self.indexes = indexes
  }
}

/// What one will-change touched: the changes its did-change must close (the first one inline,
/// so the common single-path change allocates no array).
struct PendingTrigger {
  let object: ObjectIdentifier
  let key: KeyID
  let first: PendingChange
  var others: [PendingChange]? = nil

  var all: [PendingChange] { others.map { [first] + $0 } ?? [first] }
}

/// The changes in progress on one thread.
final class ThreadChanges: @unchecked Sendable {
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
  static var current: ThreadChanges {
    if let pointer = pthread_getspecific(key) {
      return Unmanaged<ThreadChanges>.fromOpaque(pointer).takeUnretainedValue()
    }
    let changes = ThreadChanges()
    pthread_setspecific(key, Unmanaged.passRetained(changes).toOpaque())
    return changes
  }

  /// The change in progress for `path` of `object`, if any.
  @inline(__always)
  func pending(_ object: Object, _ pathID: KeyID) -> PendingChange? {
    for change in changes where change.observed.pathID == pathID && change.object === object { return change }
    return nil
  }

  /// Removes and returns the most recent trigger of `key` on `object`.
  func popTrigger(_ object: Object, _ key: KeyID) -> PendingTrigger? {
    guard let index = triggers.lastIndex(where: { $0.key == key && $0.object == ObjectIdentifier(object) }) else {
      return nil
    }
    return triggers.remove(at: index)
  }

  /// Forgets a finished change.
  func remove(_ change: PendingChange) {
    if let index = changes.lastIndex(where: { $0 === change }) { changes.remove(at: index) }
  }

  // MARK: - Recycling

  /// Finished changes ready for reuse.
  @exclusivity(unchecked) private var pool: [PendingChange] = []

  /// A pending change, recycled when one is free.
  func makeChange(object: Object, observed: ObservedPath, kind: ChangeKind, indexes: Indexes?) -> PendingChange {
    guard let change = pool.popLast() else {
      return PendingChange(object: object, observed: observed, kind: kind, indexes: indexes)
    }
    change.object = object
    change.observed = observed
    change.depth = 1
    change.kind = kind
    change.indexes = indexes
    return change
  }

  /// Takes back a finished change (dropping what it held, so nothing is kept alive).
  func recycle(_ change: PendingChange) {
    guard pool.count < 16 else { return }
    change.object = nil
    change.observed = ObservedPath.placeholder
    change.old = nil
    change.new = nil
    change.indexes = nil
    change.forwarded.removeAll(keepingCapacity: true)
    pool.append(change)
  }
}
