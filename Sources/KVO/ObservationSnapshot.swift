// ObservationSnapshot.swift: the immutable view of an object's observations that a set reads.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift,
// ObservedPathTests.swift.
//
// What an observed object's `observationInfo` slot holds, seen through one type. Two forms:
//   - the object's one observed path itself (ObservedPath.swift), when it observes one key path
//     that is also the only key triggering it (no dependent keys, not a chain): the common case,
//     so that an observation costs no snapshot allocation at all (docs/performance.md);
//   - otherwise a `TriggerList` (TriggerList.swift): each key whose change notifies someone, with
//     the observed paths it affects.
// Either is immutable in what a reader relies on, published by `ObservationTable.publish` under
// the table's lock and read by the set path without any lock. This value holds one strong
// reference to what the slot held, so a reader that keeps it keeps the paths it lists alive
// (UnretainedObservedPath.swift).

import MiniRuntime

/// The immutable view of an object's observations that the set path reads without locking.
struct ObservationSnapshot {
  /// What the slot holds: an `ObservedPath` when `isPath`, else a `TriggerList`. One reference
  /// and a flag rather than an enum over the two classes, so a copy is one retain (an enum's
  /// copies go through outlined value witnesses, measurable on the set path).
  private let object: AnyObject
  private let isPath: Bool

  private var storage: Storage {
    @inline(__always) get {
      isPath ? .path(unsafeDowncast(object, to: ObservedPath.self)) : .list(unsafeDowncast(object, to: TriggerList.self))
    }
  }

  private enum Storage {
    /// The object's only observed path, triggered by its own key alone.
    case path(ObservedPath)
    /// Anything else.
    case list(TriggerList)
  }

  /// The snapshot of a table's paths (`head` and `tail`, in the order first observed): the path
  /// itself when it is the only one and only its own key triggers it.
  init(table: ObservationTable, first head: ObservationTable.PathEntry, others tail: [ObservationTable.PathEntry]) {
    if tail.isEmpty, head.isItsOwnTrigger {
      object = head.path
      isPath = true
    } else {
      object = TriggerList(table: table, first: head, others: tail)
      isPath = false
    }
    checkInvariants()
  }

  /// The snapshot of a table whose only path is `path`, triggered by its own key alone (the
  /// table checked: `ObservationTable.makeSnapshot`, which so copies no entry).
  init(soleTriggered path: ObservedPath) {
    object = path
    isPath = true
    checkInvariants()
  }

  /// The snapshot an object's `observationInfo` slot holds, if the slot holds one of KVO's. The
  /// slot is public API (anyone may store an object there), so the type is checked, by comparing
  /// metatypes: cheaper than a dynamic cast, and no extra reference counting.
  @inline(__always)
  init?(info: (any AnyObject & Sendable)?) {
    guard let info else { return nil }
    let type = type(of: info)
    if type == ObservedPath.self {
      isPath = true
    } else if type == TriggerList.self {
      isPath = false
    } else {
      return nil
    }
    object = info
  }

  /// The snapshot `info` is, an `ObservedPath` if `isPath`, else a `TriggerList` (the caller
  /// checked its type).
  @inline(__always)
  fileprivate init(slot info: any AnyObject & Sendable, isPath: Bool) {
    object = info
    self.isPath = isPath
  }

  /// What the object's `observationInfo` slot holds for this snapshot.
  var slotValue: any AnyObject & Sendable {
    switch storage {
    case .path(let path): path.slotValue
    case .list(let list): list
    }
  }

  /// The table of a one-path snapshot (`isPath`), and whether its path has one slot used.
  var tableOfPath: (ObservationTable, holdsOneSlot: Bool) {
    let path = unsafeDowncast(object, to: ObservedPath.self)
    return (path.table, path.usedCount == 1)
  }

  /// The table whose snapshot this is.
  var table: ObservationTable {
    switch storage {
    case .path(let path): path.table
    case .list(let list): list.table
    }
  }

  /// Runs `body` with the table, borrowed: what the slot held (a path or a trigger list) holds
  /// its table strongly and this snapshot holds that, so the table outlives `body` without a
  /// retain of its own (`table` takes one: two per add+remove pair, K5).
  @inline(__always)
  func withTable<Result>(_ body: (ObservationTable) throws -> Result) rethrows -> Result {
    // INVARIANT: the table outlives the snapshot's holder (see above).
    let table: Unmanaged<ObservationTable>
    switch storage {
    case .path(let path): table = path.withUnsafeMutablePointerToHeader { .passUnretained($0.pointee.table) }
    case .list(let list): table = .passUnretained(list.table)
    }
    return try table._withUnsafeGuaranteedRef(body)
  }

  /// What a change of `key` affects, or `nil` if it affects nothing: the number of observed
  /// paths and the first of them, unretained (valid while the caller holds the snapshot:
  /// UnretainedObservedPath.swift). No reference counting.
  ///
  /// - Complexity: O(1): a compare for a one-path snapshot; else a scan of a few entries or a
  ///   hash probe (TriggerList.swift).
  @inline(__always)
  func trigger(_ key: KeyID) -> (count: Int, first: UnretainedObservedPath)? {
    switch storage {
    case .path(let path): path.pathID == key ? (1, UnretainedObservedPath(path)) : nil
    case .list(let list): list.trigger(key)
    }
  }

  /// The observed paths a change of `key` affects, or `nil` if it affects none.
  ///
  /// - Complexity: O(*k*) in the number of distinct keys observed on the object (usually a few).
  func paths(triggeredBy key: KeyID) -> [ObservedPath]? {
    switch storage {
    case .path(let path): path.pathID == key ? [path] : nil
    case .list(let list): list.paths(triggeredBy: key)
    }
  }

  /// The plan of the observed path `keyPath`, if the object observes it.
  ///
  /// - Complexity: O(*k*) string compares in the keys observed on the object (usually a few).
  func plan(for keyPath: String) -> KeyPathPlan? {
    switch storage {
    case .path(let path):
      let plan = path.plan
      return plan.pathString == keyPath ? plan : nil
    case .list(let list):
      return list.plan(for: keyPath)
    }
  }

  /// The observed path `pathID`, if any.
  func path(_ pathID: KeyID) -> ObservedPath? {
    switch storage {
    case .path(let path): path.pathID == pathID ? path : nil
    case .list(let list): list.path(pathID)
    }
  }

  /// Checks what a reader relies on (see `TriggerList.checkInvariants`; a one-path snapshot is
  /// its path, which must be its own trigger). Debug builds only.
  // Internal invariant, not input: a one-path snapshot is made only by the two inits above, each
  // after `PathEntry.isItsOwnTrigger` held for that path (the first checks it, the second's one
  // caller, `ObservationTable.makeSnapshot`), and that is `plan.firstKeyID == pathID`; a snapshot
  // read back from the slot (`init?(info:)`) is not checked again.
  func checkInvariants() {
    #if DEBUG
      switch storage {
      case .path(let path):
        path.checkInvariants()
        precondition(path.plan.firstKeyID == path.pathID, "ObservationSnapshot: a one-path snapshot of a chain")
      case .list(let list):
        list.checkInvariants()
      }
    #endif
  }
}

// What an object's slot holds tells KVO when the object lets go of it without KVO's `dealloc`
// (MiniRuntime's `ObservationInfoRelease`): the table and its paths hold each other, and only
// the table letting go of its paths frees them.
extension ObservedPath: ObservationInfoRelease {
  func objectReleasesObservationInfo() { table.objectReleasedSnapshot() }
}

extension TriggerList: ObservationInfoRelease {
  func objectReleasesObservationInfo() { table.objectReleasedSnapshot() }
}

extension Object {
  /// The object's current observation snapshot, if it is observed: what every KVO read of its
  /// registrations uses. Its own slot's, or, when its class overrides `-observationInfo`, what
  /// that answers (ObservationInfoOverride.swift).
  ///
  /// - Throws: What an overriding `-observationInfo` throws, or a ``KeyValueError`` when its
  ///   answer is not a pointer KVO handed out.
  var observationSnapshot: ObservationSnapshot? {
    @inline(__always) get throws {
      // Each branch uses `info` once: a second use would cost a retain on the set path.
      guard let info = observationInfo else { return nil }
      let type = type(of: info)
      if type == ObservedPath.self { return ObservationSnapshot(slot: info, isPath: true) }
      if type == TriggerList.self { return ObservationSnapshot(slot: info, isPath: false) }
      return try snapshotThroughOverride(info)
    }
  }

  /// The snapshot an add starts from: the object's own record, after its table was made to hold
  /// what its observation info answers when the slot holds something else than the record
  /// itself (ObservationInfoAdoption.swift; with `followsAnswer` false, the record as it is).
  ///
  /// - Throws: As ``Observation/adoptAnswer(of:slot:removing:)``.
  @inline(__always)
  func snapshotForAdding(followsAnswer: Bool) throws -> ObservationSnapshot? {
    // Each branch uses `info` once, as `observationSnapshot` (the add path is K5's).
    guard let info = observationInfo else { return nil }
    let type = type(of: info)
    if type == ObservedPath.self { return ObservationSnapshot(slot: info, isPath: true) }
    if type == TriggerList.self { return ObservationSnapshot(slot: info, isPath: false) }
    return try Observation.snapshotForAdding(to: self, slot: info, followsAnswer: followsAnswer)
  }

  /// The table a removal of `observer`'s `keyPath` (and `context`) from this object looks in:
  /// its own, after it was made from what its observation info answers, if that is not its own
  /// record (ObservationInfoAdoption.swift), and after its slot was made to read a getter
  /// override a category added since it was published; `nil` if the answer names nobody, or
  /// registrations without that observance. `holdsOneSlot` is set when the slot held one path
  /// with one slot used, left as it is otherwise: read without the table's lock, a hint (no
  /// more) that removing that registration empties the table (Observation+Removal.swift).
  ///
  /// - Throws: As ``observationSnapshot``, and what re-registering another object's
  ///   observances here throws.
  @inline(__always)
  func tableForRemoval(
    of observer: Object, keyPath: String, context: ObservationContext?, holdsOneSlot: inout Bool
  ) throws -> ObservationTable? {
    guard let info = observationInfo else { return nil }
    let generation = MethodGeneration(of: self)  // first: see MethodGeneration.swift
    let type = type(of: info)
    let table: ObservationTable
    if type == ObservedPath.self {
      (table, holdsOneSlot) = ObservationSnapshot(slot: info, isPath: true).tableOfPath
    } else if type == TriggerList.self {
      table = ObservationSnapshot(slot: info, isPath: false).table
    } else {
      return try Observation.tableForRemoval(from: self, slot: info, observer: observer, keyPath: keyPath, context: context)
    }
    // The stamp alone is read inline; the walk, when it is stale, is out of line and loads the
    // class again, so the class is not retained across a call here (K5).
    if table.observed.knownGetterAnswer(at: generation) == false { return table }
    return try Observation.tableForRemoval(from: self, checking: table, at: generation, observer: observer, keyPath: keyPath, context: context)
  }
}
