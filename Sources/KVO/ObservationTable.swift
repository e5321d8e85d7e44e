// ObservationTable.swift: the observations of one object.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift,
// KVOConcurrencyTests.swift.
//
// Model: each observed object's `observationInfo` slot holds an immutable
// `ObservationSnapshot`: a short trigger list from a changed key (or key path) to the observed
// paths that change affects (the path itself, paths that start with it, and keys that depend on
// it). Each `ObservedPath` holds that path's registrations in registration order and what they
// ask for. A set reads the slot once and scans the trigger list by interned key id: it never
// hashes a string and never looks at observers of other keys.
//
// Writers (adding and removing registrations) take the table's `lock`. Adding to a path that
// has room, or removing from one, changes only that path, in place (ObservedPath.swift says why
// a reader cannot tell); a new snapshot is published only when the set of paths changes: a path
// appears or goes, or is rebuilt with more room or without its tombstones. The set path takes
// no KVO lock at all: readers use the snapshot and paths they read, and changes in progress
// live with the thread that makes them (ThreadChanges.swift), as Foundation keeps them in
// thread-specific data.
//
// The first registration makes the table and publishes it, with its snapshot, in an empty slot;
// the last one out switches the isa back and then empties the slot, which leaves the table
// inactive (an empty table is an inactive one), so an add that found the table meanwhile starts
// over with a new one. In that order
// (isa back before the slot is emptied, slot filled before the isa is switched) a concurrent
// first add can never leave an observed object with its original class.
//
// Lock order: Sources/MiniRuntime/Locks.swift (`lock` comes before `Runtime.lock`, which isa
// switching takes, and the object's own lock, which publishing takes). No user code runs under
// `lock`: the isa switch's runtime event is held back (`Runtime.deferringEvents`) and delivered
// after `lock` is released. `lock` is an `AdaptiveLock` word kept inside the table, so an observed
// object costs no lock allocation (GNUstep's KVO takes one process-wide lock instead).

import MiniRuntime

/// The mutable observation state of one object. See the file comment for the locking rules.
final class ObservationTable: @unchecked Sendable {
  // Size: 72 bytes (an 80-byte heap block; one is made per observed object). Swift lays a
  // class's stored properties out in declaration order, so the order below is part of the
  // size: the first path's entry is 36 bytes (ObservationTable.PathEntry.swift), the 32-bit
  // lock word fills the rest of its last word, and what few tables need is in `extras`.

  /// The object's original class, and its notifying subclass.
  let observed: ObservedClass

  /// The first observed path, kept inline: most objects observe one key path. Locking: `lock`
  /// (so exclusive without the dynamic check).
  @exclusivity(unchecked) private var head: PathEntry?

  /// The table's lock word (see `lock`), after `head` to sit in its last word. Only `TableLock`
  /// uses it.
  let word = AdaptiveLock()

  /// The other paths and the dependency links, made by the first that needs them
  /// (ObservationTable.Extras.swift). Locking: `lock`.
  @exclusivity(unchecked) private var extras: Extras?

  init(observed: ObservedClass) { self.observed = observed }

  /// The table's lock (ObservationTable.TableLock.swift).
  var lock: TableLock { TableLock(table: self) }

  /// The class the object had before KVO switched its isa.
  var originalClass: Class { observed.original }

  /// Whether no registration is left. Locking: caller holds `lock`.
  var isEmpty: Bool { head == nil }

  /// False once the last registration left and the object's slot was emptied: a table is made
  /// with its first registration, and whoever takes the last one out (or all of them, when the
  /// object is deallocated, or the first one back when the first isa switch fails) empties the
  /// slot in the same lock section, so "no registration" and "no longer the object's table" are
  /// one state, kept without a flag of its own (one word less per observed object). Locking:
  /// caller holds `lock`.
  var isActive: Bool { head != nil }

  /// Every observed path with its bookkeeping, in the order first observed. Locking: caller
  /// holds `lock`.
  var entries: [PathEntry] { head.map { [$0] + tail } ?? [] }

  /// The observed paths after the first, in the order first observed. Locking: caller holds
  /// `lock`.
  private var tail: [PathEntry] { extras?.tail ?? [] }

  /// Whether the table observes one path at most. Locking: caller holds `lock`.
  private var hasNoTail: Bool { extras?.tail.isEmpty ?? true }

  /// The table's extras, made on first use (the second path observed, or the first dependency
  /// links: DependentKeys.swift). Locking: caller holds `lock`.
  var madeExtras: Extras {
    if let extras { return extras }
    let made = Extras()
    extras = made
    return made
  }

  /// Adds `registration` to its path. Returns whether the snapshot must be published again.
  /// Locking: caller holds `lock`.
  ///
  /// - Complexity: O(1) amortised; O(observers of the key) when the path is rebuilt.
  func add(_ registration: Registration) -> Bool {
    guard let index = index(of: registration.pathID) else {
      let entry = PathEntry(registration, table: self, capacity: 1)
      if head == nil { head = entry } else { madeExtras.tail.append(entry) }
      return true
    }
    return withEntry(index) { entry in
      var dependenciesChanged = false
      if entry.add(registration, dependenciesChanged: &dependenciesChanged) { return dependenciesChanged }
      entry = entry.rebuilt(adding: registration)
      return true
    }
  }

  /// Takes `registration` out of its path (it is marked removed). Returns whether the snapshot
  /// must be published again. Locking: caller holds `lock`.
  ///
  /// - Complexity: O(1) amortised; O(observers of the key) when the path is rebuilt.
  func remove(_ registration: Registration) -> Bool {
    guard let index = index(of: registration.pathID) else { return false }
    let (changed, isEmpty) = withEntry(index) { entry -> (Bool, Bool) in
      let dependenciesChanged = entry.remove(registration)
      if entry.live == 0 { return (true, true) }
      if entry.needsCompaction {
        entry = entry.rebuilt()
        return (true, false)
      }
      return (dependenciesChanged, false)
    }
    if isEmpty {
      if index == 0 {
        head = hasNoTail ? nil : extras?.tail.removeFirst()
      } else {
        extras?.tail.remove(at: index - 1)
      }
    }
    return changed
  }

  /// Whether removing `registration` (a live one of this table) leaves the table empty.
  /// Locking: caller holds `lock`.
  func isEmptied(byRemoving registration: Registration) -> Bool {
    guard let head, hasNoTail else { return false }
    return head.live == 1 && head.pathID == registration.pathID
  }

  /// Removes every registration (the object is being deallocated) and returns them in
  /// registration order. Locking: caller holds `lock`.
  func removeAll() -> [Registration] {
    let all = registrations
    for registration in all { registration.markRemoved() }
    head = nil
    extras = nil
    return all
  }

  /// The most recent registration of `observer` for `keyPath` (and `context`, if given), shared
  /// observers' aside. Locking: caller holds `lock`.
  ///
  /// - Complexity: O(observers of `keyPath`) at worst; O(1) for the most recent one.
  func lastRegistration(of observer: Object, keyPath: String, context: ObservationContext?) -> Registration? {
    // The path alone, not the whole entry; read without reference counting: the table holds
    // its paths, and `lock` keeps them (UnretainedObservedPath.swift).
    let path: UnretainedObservedPath
    if let first = head.map({ UnretainedObservedPath($0.path) }), first.withPath({ $0.plan.pathString == keyPath }) {
      path = first
    } else if let entry = extras?.tail.first(where: { $0.path.plan.pathString == keyPath }) {
      path = UnretainedObservedPath(entry.path)
    } else {
      return nil
    }
    // A shared observer's registration is not the caller's to remove (SharedObserversSnapshot.swift).
    return path.withPath { path in
      path.last { $0.isObserved(by: observer) && !$0.isShared && (context == nil || $0.context == context) }
    }
  }

  /// Every registration, in registration order. Locking: caller holds `lock`.
  var registrations: [Registration] {
    guard let head else { return [] }
    if hasNoTail { return head.path.registrations }
    return entries.flatMap(\.path.registrations).sorted { $0.id < $1.id }
  }

  /// A snapshot of the current paths. Locking: caller holds `lock`, and the table is not empty.
  func makeSnapshot() -> ObservationSnapshot {
    // The common case read in place: passing `head` to the general initializer copies the entry
    // (a retain and a release of its path and its key array; K7a).
    if hasNoTail, head?.isItsOwnTrigger == true, let path = head?.path { return ObservationSnapshot(soleTriggered: path) }
    return ObservationSnapshot(table: self, first: head!, others: tail)  // set: the table is not empty (callers check)
  }

  /// Publishes a snapshot of the current paths in the object's slot. Locking: caller holds
  /// `lock`, and the table is active and not empty (so the slot holds its snapshot).
  func publish(on object: Object) {
    object.observationInfo = slotValue()
  }

  /// What the object's slot holds for a snapshot of the current paths: the snapshot, or, if the
  /// class overrides `-observationInfo`, the snapshot inside the type that sends KVO's reads
  /// through it (ObservationInfoOverride.swift). Locking: as `makeSnapshot`.
  func slotValue() -> any AnyObject & Sendable {
    let record = makeSnapshot().slotValue
    return observed.readsObservationInfoOverride ? OverriddenObservationInfo(record) : record
  }

  /// Lets go of the paths of a table that was never published (it lost the race to be an
  /// object's first table), without marking its registrations removed: they are added to the
  /// table that won. Its paths hold it (ObservedPath.swift), so this is what frees it.
  /// Locking: caller holds `lock`.
  func discard() {
    head = nil
    extras?.tail = []
  }

  /// Lets go of the paths when the object let go of its snapshot without KVO's `dealloc`
  /// (`object_dispose`, or a deallocation after user code moved the isa off the notifying
  /// class): the object's registrations end with it, as they do when its table is freed, and
  /// the cycle with the paths is broken so that both are freed (`ObservationInfoRelease`).
  /// Takes `lock`.
  func objectReleasedSnapshot() {
    lock.withLock { discard() }
  }

  /// The position of the path `pathID`: 0 for `head`, 1 + its index in `tail` for the others.
  private func index(of pathID: KeyID) -> Int? {
    guard let head else { return nil }
    if head.pathID == pathID { return 0 }
    return extras?.tail.firstIndex { $0.pathID == pathID }.map { $0 + 1 }
  }

  /// Runs `body` on the entry at `index` (see `index(of:)`).
  private func withEntry<Result>(_ index: Int, _ body: (inout PathEntry) -> Result) -> Result {
    if index > 0 { return body(&extras!.tail[index - 1]) }  // set: `index(of:)` found it there
    return body(&head!)  // set: `index(of:)` gave 0 (an internal invariant)
  }
}
