// TriggerList.swift: an object's snapshot when it observes more than one key path, or a path
// other keys trigger.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift.
//
// Immutable: the owning table and the trigger list, from each key (or key path) whose change
// notifies someone to the observed paths it affects (the first entry inline). Published in the
// object's `observationInfo` slot by `ObservationTable.publish` (under the table's lock) and
// read by the set path without any lock, through `ObservationSnapshot` (ObservationSnapshot.swift:
// an object observing one key path and nothing depending on it publishes the path itself
// instead). It is replaced only when the object's set of observed paths changes (a path
// appears, goes, or is rebuilt); adding and removing registrations of a path already observed
// happen inside the path (ObservedPath.swift).

import MiniRuntime

/// The general form of an object's snapshot: which observed paths each key's change affects.
///
/// `@unchecked Sendable`: immutable once made; the paths it lists are retained by it (one
/// retain per trigger, UnretainedObservedPath.swift) and only change in ways readers cannot be
/// hurt by (ObservedPath.swift).
final class TriggerList: @unchecked Sendable {
  let table: ObservationTable
  /// The first entry, kept inline: a one-key path without dependent keys (the common case)
  /// needs no list at all.
  private let first: Trigger
  /// The other entries (empty, so not allocated, in the common case).
  private let others: [Trigger]
  /// Where each key's entries start in `others`, when there are too many to scan.
  private let index: TriggerIndex?
  /// The most entries `trigger(_:)` scans; beyond, it looks the key up in `index`.
  private static let scanLimit = 8

  /// A snapshot of the table's paths (`first` and `others`, in the order first observed).
  init(table: ObservationTable, first head: ObservationTable.PathEntry, others tail: [ObservationTable.PathEntry]) {
    self.table = table
    var grouped = Self.grouped(head, tail)
    for entry in grouped { _ = entry.path.retain() }  // released by deinit
    first = grouped.removeFirst()
    others = grouped
    index = others.count > Self.scanLimit ? TriggerIndex(others) : nil
    checkInvariants()
  }

  /// The most (key, path) pairs `grouped` groups in place; beyond, it groups through a dictionary.
  private static let inPlaceLimit = 16

  /// Each key's paths, unretained: keys in the order they first appear (a key's own path first),
  /// each path once per key. Few pairs (the common case: an object observes a few key paths) are
  /// grouped in place, each inserted after its key's run, O(pairs²) compares of two words and one
  /// allocation; more go through a dictionary, O(pairs), so a snapshot of many keys costs no more
  /// per key than one. Both give the same list.
  private static func grouped(_ head: ObservationTable.PathEntry, _ tail: [ObservationTable.PathEntry]) -> [Trigger] {
    var pairs = 2 + head.dependencyKeyIDs.count
    for entry in tail { pairs += 2 + entry.dependencyKeyIDs.count }
    guard pairs <= inPlaceLimit else { return hashed([head] + tail) }
    var grouped: [Trigger] = []
    grouped.reserveCapacity(pairs)
    place(head, in: &grouped)
    for entry in tail { place(entry, in: &grouped) }
    return grouped
  }

  /// Inserts the triggers of `entry`'s path into `grouped` (see `grouped`).
  private static func place(_ entry: ObservationTable.PathEntry, in grouped: inout [Trigger]) {
    let path = UnretainedObservedPath(entry.path)
    let firstKey = path.withPath { $0.plan.firstKeyID }
    place(Trigger(key: firstKey, path: path), in: &grouped)
    if entry.pathID != firstKey { place(Trigger(key: entry.pathID, path: path), in: &grouped) }
    for key in entry.dependencyKeyIDs { place(Trigger(key: key, path: path), in: &grouped) }
  }

  /// Inserts `trigger` at the end of its key's run (the end of the list for a new key), unless
  /// the run has its path already.
  private static func place(_ trigger: Trigger, in grouped: inout [Trigger]) {
    var position = 0
    while position < grouped.count && grouped[position].key != trigger.key { position += 1 }
    while position < grouped.count && grouped[position].key == trigger.key {
      if grouped[position].path == trigger.path { return }
      position += 1
    }
    if position == grouped.count { grouped.append(trigger) } else { grouped.insert(trigger, at: position) }
  }

  /// `grouped` for many pairs: the keys' paths gathered in a dictionary, O(paths + keys).
  private static func hashed(_ entries: [ObservationTable.PathEntry]) -> [Trigger] {
    var order: [KeyID] = []
    var pathsOf: [KeyID: [UnretainedObservedPath]] = [:]
    for entry in entries {
      let reference = UnretainedObservedPath(entry.path)
      for key in [entry.path.plan.firstKeyID, entry.pathID] + entry.dependencyKeyIDs {
        if let known = pathsOf[key] {
          if !known.contains(reference) { pathsOf[key, default: []].append(reference) }
        } else {
          order.append(key)
          pathsOf[key] = [reference]
        }
      }
    }
    var grouped: [Trigger] = []
    for key in order {
      for path in pathsOf[key] ?? [] { grouped.append(Trigger(key: key, path: path)) }
    }
    return grouped
  }

  deinit {
    first.path.release()
    for entry in others { entry.path.release() }
  }

  /// What a change of `key` affects, or `nil` if it affects nothing: the number of observed
  /// paths and the first of them, unretained (valid while the caller holds the snapshot:
  /// UnretainedObservedPath.swift). No reference counting.
  ///
  /// - Complexity: O(1): a scan of at most `scanLimit` entries, else a hash probe.
  @inline(__always)
  func trigger(_ key: KeyID) -> (count: Int, first: UnretainedObservedPath)? {
    if first.key == key {
      var count = 1
      while count - 1 < others.count && others[count - 1].key == key { count += 1 }
      return (count, first.path)
    }
    let start: Int
    if let index {
      guard let found = index.start(of: key, in: others) else { return nil }
      start = found
    } else {
      guard let found = others.firstIndex(where: { $0.key == key }) else { return nil }
      start = found
    }
    var end = start + 1
    while end < others.count && others[end].key == key { end += 1 }
    return (end - start, others[start].path)
  }

  /// The observed paths a change of `key` affects, or `nil` if it affects none.
  ///
  /// - Complexity: O(*k*) in the number of distinct keys observed on the object (usually a few).
  func paths(triggeredBy key: KeyID) -> [ObservedPath]? {
    guard let (count, head) = trigger(key) else { return nil }
    guard count > 1 else { return [head.path] }
    // A key's entries are adjacent in the list `first` + `others` (positions 0, 1 …).
    let start = first.key == key ? 0 : 1 + (others.firstIndex { $0.key == key } ?? 0)
    return (start..<start + count).map { ($0 == 0 ? first : others[$0 - 1]).path.path }
  }

  /// The plan of the observed path `keyPath`, if the object observes it.
  ///
  /// - Complexity: O(*k*) string compares in the keys observed on the object (usually a few).
  func plan(for keyPath: String) -> KeyPathPlan? {
    if first.path.withPath({ $0.plan.pathString == keyPath }) {
      return first.path.withPath(\.plan)
    }
    for entry in others where entry.path.withPath({ $0.plan.pathString == keyPath }) {
      return entry.path.withPath(\.plan)
    }
    return nil
  }

  /// The observed path `pathID`, if any.
  func path(_ pathID: KeyID) -> ObservedPath? {
    func isIt(_ entry: Trigger) -> Bool { entry.key == pathID && entry.path.withPath(\.pathID) == pathID }
    if isIt(first) { return first.path.path }
    return others.first(where: isIt)?.path.path
  }

  /// Checks the snapshot's paths (each retained by it, so each must still be a path, with its
  /// registrations in its slots) and that each key's entries are adjacent, which `trigger(_:)`
  /// relies on. Debug builds only; the init calls it, once the retains are taken.
  // Internal invariant, not input: the snapshot is built only by this file, grouping entries by key.
  func checkInvariants() {
    #if DEBUG
      let all = [first] + others
      var seen: Set<KeyID> = []
      for (position, entry) in all.enumerated() {
        entry.path.checkInvariants()
        entry.path.withPath { $0.checkInvariants() }
        if position == 0 || all[position - 1].key != entry.key {
          precondition(seen.insert(entry.key).inserted, "TriggerList: a key's entries are not adjacent")
        }
      }
    #endif
  }
}

/// An open-addressing hash table from a key to the position of its first entry in a snapshot's
/// `others` list: for an object with many observed keys, so that a set finds its key in O(1).
struct TriggerIndex {
  /// 1 + the position of a key's first entry, or 0 for an empty bucket; a power of two long.
  private let buckets: [Int32]

  init(_ entries: [Trigger]) {
    var size = 16
    while size < 2 * entries.count { size *= 2 }
    var buckets = [Int32](repeating: 0, count: size)
    for (position, entry) in entries.enumerated() where position == 0 || entries[position - 1].key != entry.key {
      var bucket = Self.hash(entry.key) & (size - 1)
      while buckets[bucket] != 0 { bucket = (bucket + 1) & (size - 1) }
      buckets[bucket] = Int32(position + 1)
    }
    self.buckets = buckets
  }

  /// Fibonacci hashing of the key's interned number.
  @inline(__always)
  private static func hash(_ key: KeyID) -> Int { Int(truncatingIfNeeded: (UInt64(key.raw) &* 0x9E37_79B9_7F4A_7C15) >> 40) }

  /// The position in `entries` (the list this index was made from) of `key`'s first entry.
  func start(of key: KeyID, in entries: [Trigger]) -> Int? {
    let mask = buckets.count - 1
    var bucket = Self.hash(key) & mask
    while true {
      let slot = Int(buckets[bucket])
      if slot == 0 { return nil }
      if entries[slot - 1].key == key { return slot - 1 }
      bucket = (bucket + 1) & mask
    }
  }
}
