// ObservationSnapshot.swift: the immutable view of an object's observations that a set reads.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift.
//
// Immutable: the owning table and the trigger list, from each key (or key path) whose change
// notifies someone to the observed paths it affects (the first entry inline, so that the
// common snapshot is one allocation). Published in the
// object's `observationInfo` slot by `ObservationTable.publish` (under the table's lock) and
// read by the set path without any lock. It is replaced only when the object's set of observed
// paths changes (a path appears, goes, or is rebuilt); adding and removing registrations of a
// path already observed happen inside the path (ObservedPath.swift).

import MiniRuntime

/// The immutable view of an object's observations that the set path reads without locking.
///
/// `@unchecked Sendable`: immutable once made; the paths it lists are retained by it and only
/// change in ways readers cannot be hurt by (ObservedPath.swift).
final class ObservationSnapshot: @unchecked Sendable {
  let table: ObservationTable
  /// The first entry, kept inline: a one-key path without dependent keys (the common case)
  /// needs no list at all.
  private let first: Trigger
  /// The other entries (empty, so not allocated, in the common case).
  private let others: [Trigger]

  /// A snapshot of the table's paths (not empty, in the order they were first observed).
  init(table: ObservationTable, entries paths: [ObservationTable.PathEntry]) {
    self.table = table
    if paths.count == 1, paths[0].path.plan.firstKeyID == paths[0].pathID, paths[0].dependencyKeyIDs.isEmpty {
      // One key, nothing depending on it: one entry, no list.
      first = Trigger(key: paths[0].pathID, path: Unmanaged.passRetained(paths[0].path))
      others = []
      return
    }
    var entries: [Trigger] = []
    for entry in paths {
      let path = entry.path
      let reference = Unmanaged.passUnretained(path)
      func trigger(_ key: KeyID) {
        if !entries.contains(where: { $0.key == key && $0.path.toOpaque() == reference.toOpaque() }) {
          entries.append(Trigger(key: key, path: reference))
        }
      }
      trigger(path.plan.firstKeyID)
      trigger(path.pathID)
      for key in entry.dependencyKeyIDs { trigger(key) }
    }
    // The entries of one key together, keys in the order they first appear; each path retained.
    var grouped: [Trigger] = []
    grouped.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() where !entries[..<index].contains(where: { $0.key == entry.key }) {
      for same in entries[index...] where same.key == entry.key {
        grouped.append(Trigger(key: same.key, path: same.path.retain()))
      }
    }
    first = grouped[0]
    others = Array(grouped.dropFirst())
  }

  deinit {
    first.path.release()
    for entry in others { entry.path.release() }
  }

  /// What a change of `key` affects, or `nil` if it affects nothing: the number of observed
  /// paths and the first of them, unretained (the snapshot keeps it alive). No reference counting.
  ///
  /// - Complexity: O(*k*) in the number of distinct keys observed on the object (usually a few).
  @inline(__always)
  func trigger(_ key: KeyID) -> (count: Int, first: Unmanaged<ObservedPath>)? {
    if first.key == key {
      var count = 1
      while count - 1 < others.count && others[count - 1].key == key { count += 1 }
      return (count, first.path)
    }
    var index = 0
    while index < others.count {
      if others[index].key == key {
        var end = index + 1
        while end < others.count && others[end].key == key { end += 1 }
        return (end - index, others[index].path)
      }
      index += 1
    }
    return nil
  }

  /// The observed paths a change of `key` affects, or `nil` if it affects none.
  ///
  /// - Complexity: O(*k*) in the number of distinct keys observed on the object (usually a few).
  func paths(triggeredBy key: KeyID) -> [ObservedPath]? {
    let paths = ([first] + others).filter { $0.key == key }.map { $0.path.takeUnretainedValue() }
    return paths.isEmpty ? nil : paths
  }

  /// The observed path `pathID`, if any.
  func path(_ pathID: KeyID) -> ObservedPath? {
    ([first] + others).first { $0.key == pathID && $0.path._withUnsafeGuaranteedRef { $0.pathID } == pathID }?.path
      .takeUnretainedValue()
  }
}

extension Object {
  /// The object's current observation snapshot, if it is observed.
  ///
  /// The slot is public API (anyone may store an object there), so the type is checked, by
  /// comparing metatypes: cheaper than a dynamic cast, and no extra reference counting.
  var observationSnapshot: ObservationSnapshot? {
    guard let info = observationInfo, type(of: info) == ObservationSnapshot.self else { return nil }
    return unsafeDowncast(info, to: ObservationSnapshot.self)
  }
}
