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
  /// The path as it was when the change began: the registrations it notifies, and what they
  /// asked for (`nil` in the pool).
  @exclusivity(unchecked) private var view: ObservedPath.View?
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
    view = observed.view()
    pathID = observed.pathID
    self.kind = kind
    self.indexes = indexes
  }

  deinit { observed?.release() }

  /// Refills a free change for a new change of `path` (retaining it).
  @inline(__always)
  func reuse(objectID: ObjectIdentifier, path: ObservedPath, kind: ChangeKind, indexes: Indexes?) {
    self.objectID = objectID
    observed = Unmanaged.passRetained(path)
    view = path.view()
    pathID = path.pathID
    depth = 1
    self.kind = kind
    if indexes != nil { self.indexes = indexes }
  }

  /// Lets go of everything the change held (it becomes free for reuse).
  @inline(__always)
  func empty() {
    observed?.release()
    observed = nil
    view = nil
    if old != nil { old = nil }
    if new != nil { new = nil }
    if indexes != nil { indexes = nil }
    if !forwarded.isEmpty { forwarded.removeAll(keepingCapacity: true) }
  }

  /// Runs `body` with the observed path as it was when the change began, which the change
  /// keeps alive (no reference counting).
  @inline(__always)
  func withPath<Result>(_ body: (ObservedPath.View) throws -> Result) rethrows -> Result {
    try body(view.unsafelyUnwrapped)
  }

  /// The observed path as it was when the change began.
  var path: ObservedPath.View { view.unsafelyUnwrapped }
}

/// What one will-change touched: the changes its did-change must close (the first one inline,
/// so the common single-path change allocates no array). Unretained: see `ThreadChanges`.
struct PendingTrigger {
  let objectID: ObjectIdentifier
  let key: KeyID
  let first: Unmanaged<PendingChange>
  var others: [Unmanaged<PendingChange>]? = nil

  var all: [Unmanaged<PendingChange>] { others.map { [first] + $0 } ?? [first] }
}

/// The changes in progress on one thread.
///
/// Ownership: `storage` owns every `PendingChange` this thread ever needed (as many as its
/// deepest nesting of changes, usually one); everything else (`changes`, `free`, triggers)
/// refers to them unretained, so beginning, matching and finishing a change costs no reference
/// counting. They are freed with the thread.
final class ThreadChanges: @unchecked Sendable {
  /// A change object that no observer kept after its notification, emptied, for reuse.
  @exclusivity(unchecked) var spareChange: Change?
  /// The changes in progress, in the order begun.
  @exclusivity(unchecked) private(set) var changes: [Unmanaged<PendingChange>] = []
  @exclusivity(unchecked) var triggers: [PendingTrigger] = []
  /// Every change object of this thread (the owner of them all).
  @exclusivity(unchecked) private var storage: [PendingChange] = []
  /// The change objects not in progress.
  @exclusivity(unchecked) private var free: [Unmanaged<PendingChange>] = []

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
  func pending(_ object: ObjectIdentifier, _ pathID: KeyID) -> Unmanaged<PendingChange>? {
    for change in changes
    where change._withUnsafeGuaranteedRef({ $0.objectID == object && $0.pathID == pathID }) {
      return change
    }
    return nil
  }

  /// Begins a change and records it as in progress.
  @inline(__always)
  func begin(_ object: ObjectIdentifier, _ observed: ObservedPath, kind: ChangeKind, indexes: Indexes?)
    -> Unmanaged<PendingChange>
  {
    let change: Unmanaged<PendingChange>
    if let reused = free.popLast() {
      change = reused
      reused._withUnsafeGuaranteedRef { $0.reuse(objectID: object, path: observed, kind: kind, indexes: indexes) }
    } else {
      let made = PendingChange(objectID: object, observed: observed, kind: kind, indexes: indexes)
      storage.append(made)
      change = Unmanaged.passUnretained(made)
    }
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

  /// Ends a change: no longer in progress, emptied (so it keeps nothing alive) and free for reuse.
  @inline(__always)
  func end(_ change: Unmanaged<PendingChange>) {
    if retire(change) { recycle(change) }
  }

  /// Takes a change out of progress while its notifications go out: `pending` no longer finds
  /// it, so a set of the same key from an observer's callback begins a change of its own (with
  /// its own old value and prior notification, as Foundation does), and the change is not on
  /// the free list, so that nested change cannot reuse it. `false` if it was not in progress.
  @inline(__always)
  @discardableResult
  func retire(_ change: Unmanaged<PendingChange>) -> Bool {
    let id = change.toOpaque()
    if changes.last?.toOpaque() == id {
      changes.removeLast()
    } else if let index = changes.lastIndex(where: { $0.toOpaque() == id }) {
      changes.remove(at: index)
    } else {
      return false
    }
    return true
  }

  /// Empties a retired change (so it keeps nothing alive) and frees it for reuse.
  @inline(__always)
  func recycle(_ change: Unmanaged<PendingChange>) {
    change._withUnsafeGuaranteedRef { $0.empty() }
    free.append(change)
  }
}
