// ObservationSnapshot.swift: the immutable view of an object's observations that a set reads.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift.
//
// Immutable: published in the object's `observationInfo` slot by `ObservationTable.publish`
// (under the table's lock) and read by the set path without any lock.

import MiniRuntime

/// The immutable view of an object's observations that the set path reads without locking.
final class ObservationSnapshot: Sendable {
  let table: ObservationTable
  let paths: [ObservedPath]
  let triggers: [Trigger]

  init(table: ObservationTable, paths: [ObservedPath], triggers: [Trigger]) {
    self.table = table
    self.paths = paths
    self.triggers = triggers
  }

  /// What a change of `key` affects, or `nil` if it affects nothing: the number of observed
  /// paths and the first of them, unretained (the snapshot keeps it alive). No reference counting.
  ///
  /// - Complexity: O(*k*) in the number of distinct keys observed on the object (usually a few).
  @inline(__always)
  func trigger(_ key: KeyID) -> (count: Int, first: Unmanaged<ObservedPath>)? {
    for index in triggers.indices where triggers[index].key == key {
      return (triggers[index].paths.count, triggers[index].first)
    }
    return nil
  }

  /// The observed paths a change of `key` affects, or `nil` if it affects none.
  ///
  /// - Complexity: O(*k*) in the number of distinct keys observed on the object (usually a few).
  @inline(__always)
  func paths(triggeredBy key: KeyID) -> [ObservedPath]? {
    for index in triggers.indices where triggers[index].key == key { return triggers[index].paths }
    return nil
  }

  /// The observed path `pathID`, if any.
  func path(_ pathID: KeyID) -> ObservedPath? {
    paths.first { $0.pathID == pathID }
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
