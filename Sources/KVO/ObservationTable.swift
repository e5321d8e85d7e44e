// ObservationTable.swift: the observations of one object.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift,
// KVOConcurrencyTests.swift.
//
// Model: each observed object's `observationInfo` slot holds an immutable
// `ObservationSnapshot`: the object's observed key paths (`ObservedPath`: a path, its
// registrations in registration order, and what they ask for) and a short trigger list from a
// changed key (or key path) to the observed paths that change affects (the path itself, paths
// that start with it, and keys that depend on it). A set reads the slot once and scans the
// trigger list by interned key id: it never hashes a string and never looks at observers of
// other keys.
//
// Writers (adding and removing registrations) take the table's `lock` and publish a new
// snapshot into the object's slot. The set path takes no KVO lock at all: readers use the
// snapshot they read, and changes in progress live with the thread that makes them
// (ThreadChanges.swift), as Foundation keeps them in thread-specific data.
//
// Lock order: `ObservationTable.lock` → `Runtime.lock` (for isa switching) → the object's spin
// lock (publishing). No user code runs under `lock`: the isa switch's runtime event is held back
// (`Runtime.deferringEvents`) and delivered after `lock` is released.

import MiniRuntime

/// The mutable observation state of one object. See the file comment for the locking rules.
final class ObservationTable: @unchecked Sendable {
  let lock = Lock()
  /// The class the object had before KVO switched its isa.
  let originalClass: Class

  /// Locking: `lock` (so exclusive without the dynamic check).
  @exclusivity(unchecked) var registrations: [Registration] = []
  /// Internal registrations made for the key-path dependencies of each observed key, with the
  /// number of registrations that need them. Locking: `lock`.
  @exclusivity(unchecked) var dependencyLinks: [KeyID: (count: Int, links: [Registration])] = [:]

  init(originalClass: Class) { self.originalClass = originalClass }

  /// Publishes the current registrations in the object's slot, or empties the slot when there
  /// are none. Locking: caller holds `lock`.
  func publish(on object: Object) {
    guard object.observationSnapshot?.table === self else { return }
    object.observationInfo = registrations.isEmpty ? nil : makeSnapshot()
  }

  /// Builds the snapshot of the current registrations. Locking: caller holds `lock`.
  func makeSnapshot() -> ObservationSnapshot {
    if let first = registrations.first, registrations.allSatisfy({ $0.pathID == first.pathID }) {
      return makeSinglePathSnapshot()
    }
    var groups: [(KeyID, [Registration])] = []
    groups.reserveCapacity(registrations.count)
    for registration in registrations {
      if let index = groups.firstIndex(where: { $0.0 == registration.pathID }) {
        groups[index].1.append(registration)
      } else {
        groups.append((registration.pathID, [registration]))
      }
    }
    let paths = groups.map { ObservedPath($0.1) }
    var triggers: [(key: KeyID, paths: [ObservedPath])] = []
    triggers.reserveCapacity(2 * paths.count)
    func trigger(_ key: KeyID, _ path: ObservedPath) {
      if let index = triggers.firstIndex(where: { $0.key == key }) {
        if !triggers[index].paths.contains(where: { $0 === path }) { triggers[index].paths.append(path) }
      } else {
        triggers.append((key, [path]))
      }
    }
    for path in paths {
      for registration in path.registrations {
        trigger(registration.firstKeyID, path)
        trigger(registration.pathID, path)
        for key in registration.dependencyKeyIDs { trigger(key, path) }
      }
    }
    return ObservationSnapshot(table: self, paths: paths, triggers: triggers.map { Trigger(key: $0.key, paths: $0.paths) })
  }

  /// The common case, every registration on one key path: the path shares the table's
  /// registration array and every trigger shares the one-element path list, so a snapshot costs
  /// five allocations instead of one per group, trigger and intermediate list. Same result as
  /// the general case (triggers in first-appearance order). Locking: caller holds `lock`.
  private func makeSinglePathSnapshot() -> ObservationSnapshot {
    let paths = [ObservedPath(registrations)]
    var triggers: [Trigger] = []
    triggers.reserveCapacity(2)
    func trigger(_ key: KeyID) {
      if !triggers.contains(where: { $0.key == key }) { triggers.append(Trigger(key: key, paths: paths)) }
    }
    for registration in registrations {
      trigger(registration.firstKeyID)
      trigger(registration.pathID)
      for key in registration.dependencyKeyIDs { trigger(key) }
    }
    return ObservationSnapshot(table: self, paths: paths, triggers: triggers)
  }
}
