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
// the last one out switches the isa back and then empties the slot, and marks the table
// inactive, so an add that found the table meanwhile starts over with a new one. In that order
// (isa back before the slot is emptied, slot filled before the isa is switched) a concurrent
// first add can never leave an observed object with its original class.
//
// Lock order: Sources/MiniRuntime/Locks.swift (`lock` comes before `Runtime.lock`, which isa
// switching takes, and the object's own lock, which publishing takes). No user code runs under `lock`: the isa switch's runtime event is held back
// (`Runtime.deferringEvents`) and delivered after `lock` is released.

import MiniRuntime

/// The mutable observation state of one object. See the file comment for the locking rules.
final class ObservationTable: @unchecked Sendable {
  let lock = Lock()
  /// The object's original class, and its notifying subclass.
  let observed: ObservedClass

  /// The observed paths, in the order first observed. Locking: `lock` (so exclusive without
  /// the dynamic check).
  @exclusivity(unchecked) private(set) var entries: [PathEntry] = []
  /// Internal registrations made for the key-path dependencies of each observed key, with the
  /// number of registrations that need them. Locking: `lock`.
  @exclusivity(unchecked) var dependencyLinks: [KeyID: (count: Int, links: [Registration])] = [:]
  /// False once the last registration left and the object's slot was emptied. Locking: `lock`.
  @exclusivity(unchecked) var isActive = true

  init(observed: ObservedClass) { self.observed = observed }

  /// The class the object had before KVO switched its isa.
  var originalClass: Class { observed.original }

  /// Whether no registration is left. Locking: caller holds `lock`.
  var isEmpty: Bool { entries.isEmpty }

  /// Adds `registration` to its path. Returns whether the snapshot must be published again.
  /// Locking: caller holds `lock`.
  ///
  /// - Complexity: O(1) amortised; O(observers of the key) when the path is rebuilt.
  func add(_ registration: Registration) -> Bool {
    guard let index = entries.firstIndex(where: { $0.pathID == registration.pathID }) else {
      entries.append(PathEntry(registration, capacity: 1))
      return true
    }
    var dependenciesChanged = false
    if entries[index].add(registration, dependenciesChanged: &dependenciesChanged) { return dependenciesChanged }
    entries[index] = entries[index].rebuilt(adding: registration)
    return true
  }

  /// Takes `registration` out of its path (it is marked removed). Returns whether the snapshot
  /// must be published again. Locking: caller holds `lock`.
  ///
  /// - Complexity: O(1) amortised; O(observers of the key) when the path is rebuilt.
  func remove(_ registration: Registration) -> Bool {
    guard let index = entries.firstIndex(where: { $0.pathID == registration.pathID }) else { return false }
    let dependenciesChanged = entries[index].remove(registration)
    if entries[index].live == 0 {
      entries.remove(at: index)
      return true
    }
    if entries[index].needsCompaction {
      entries[index] = entries[index].rebuilt()
      return true
    }
    return dependenciesChanged
  }

  /// Whether removing `registration` (a live one of this table) leaves the table empty.
  /// Locking: caller holds `lock`.
  func isEmptied(byRemoving registration: Registration) -> Bool {
    entries.count == 1 && entries[0].live == 1 && entries[0].pathID == registration.pathID
  }

  /// Removes every registration (the object is being deallocated) and returns them in
  /// registration order. Locking: caller holds `lock`.
  func removeAll() -> [Registration] {
    let all = registrations
    for registration in all { registration.markRemoved() }
    entries = []
    dependencyLinks = [:]
    return all
  }

  /// The most recent registration of `observer` for `keyPath` (and `context`, if given).
  /// Locking: caller holds `lock`.
  ///
  /// - Complexity: O(observers of `keyPath`) at worst; O(1) for the most recent one.
  func lastRegistration(of observer: Object, keyPath: String, context: ObservationContext?) -> Registration? {
    guard let entry = entries.first(where: { $0.path.plan.pathString == keyPath }) else { return nil }
    return entry.path.last { $0.isObserved(by: observer) && (context == nil || $0.context == context) }
  }

  /// Every registration, in registration order. Locking: caller holds `lock`.
  var registrations: [Registration] {
    entries.count == 1 ? entries[0].path.registrations : entries.flatMap(\.path.registrations).sorted { $0.id < $1.id }
  }

  /// A snapshot of the current paths. Locking: caller holds `lock`.
  func makeSnapshot() -> ObservationSnapshot { ObservationSnapshot(table: self, entries: entries) }

  /// Publishes a snapshot of the current paths in the object's slot. Locking: caller holds
  /// `lock`, and the table is active (so the slot holds its snapshot).
  func publish(on object: Object) {
    object.observationInfo = makeSnapshot()
  }
}
