// ObservationTable.PathEntry.swift: what the table knows of one observed path.
//
// Docs: docs/performance.md#add-and-remove. Tests: Tests/KVOTests/RegistrationTests.swift.
//
// The path itself (ObservedPath.swift) holds only what readers see: its registrations and the
// summary flags. The counts behind the flags (how many live registrations, how many ask for old
// values, new values, priors, how many are KVO's own) and the keys that trigger the path live
// here, in the table, changed under its lock only, so that adding or removing a registration
// costs O(1) and readers and writers never share memory but through atomics.

import MiniRuntime

extension ObservationTable {
  /// One observed path and the table's bookkeeping of it. Locking: the table's `lock`.
  ///
  /// Size: 36 bytes with no padding at its end (two words, then five 32-bit counts), so that
  /// the table, which holds its first entry inline, puts its 32-bit lock word right after it
  /// (ObservationTable.swift). Swift lays a struct's stored properties out in declaration order.
  struct PathEntry {
    private(set) var path: ObservedPath
    /// The keys whose changes affect the path besides its own: its plan's, or the union of
    /// its registrations' plans' when they differ (a dependency method added between two
    /// registrations).
    private(set) var dependencyKeyIDs: [KeyID]
    private(set) var live: Int32 = 0
    private var wantsOld: Int32 = 0
    private var wantsNew: Int32 = 0
    private var wantsPrior: Int32 = 0
    /// The number of KVO's own registrations (`forwarders`) in the low 31 bits and, in the top
    /// bit, whether some registrations' plans bring dependency keys the others do not
    /// (`mixedDependencies`): one word, so the entry ends without padding (see above).
    private var forwardersAndMixed: UInt32 = 0
    private static let mixedBit: UInt32 = 1 << 31

    private var forwarders: Int32 {
      get { Int32(bitPattern: forwardersAndMixed & ~Self.mixedBit) }
      set { forwardersAndMixed = UInt32(bitPattern: newValue) & ~Self.mixedBit | forwardersAndMixed & Self.mixedBit }
    }

    /// Whether some registrations' plans bring dependency keys the others do not.
    private var mixedDependencies: Bool {
      get { forwardersAndMixed & Self.mixedBit != 0 }
      set { forwardersAndMixed = newValue ? forwardersAndMixed | Self.mixedBit : forwardersAndMixed & ~Self.mixedBit }
    }

    /// A new path of `table` holding `registration`, with room for `capacity`.
    init(_ registration: Registration, table: ObservationTable, capacity: Int) {
      self.init(plan: registration.plan, table: table, capacity: capacity)
      var ignored = false
      _ = add(registration, dependenciesChanged: &ignored)
    }

    /// A new empty path of `table` made with `plan`, with room for `capacity`.
    private init(plan: KeyPathPlan, table: ObservationTable, capacity: Int) {
      path = ObservedPath.make(plan, table: table, capacity: capacity)
      dependencyKeyIDs = plan.dependencyKeyIDs
    }

    var pathID: KeyID { path.pathID }

    /// Whether only the path's own key triggers it (no dependent keys, not a chain): then, as
    /// the table's only path, it is the object's snapshot itself (ObservationSnapshot.swift).
    var isItsOwnTrigger: Bool { dependencyKeyIDs.isEmpty && path.plan.firstKeyID == pathID }

    /// Appends `registration` if the path has room; `false` if it is full. Sets
    /// `dependenciesChanged` when the registration brings keys the path was not triggered by.
    mutating func add(_ registration: Registration, dependenciesChanged: inout Bool) -> Bool {
      guard path.append(registration) else { return false }
      count(registration, +1)
      let plan = path.plan
      if registration.plan !== plan && registration.plan.dependencyKeyIDs != plan.dependencyKeyIDs {
        mixedDependencies = true
        for key in registration.plan.dependencyKeyIDs where !dependencyKeyIDs.contains(key) {
          dependencyKeyIDs.append(key)
          dependenciesChanged = true
        }
      }
      return true
    }

    /// Takes `registration` (one of this path's) out: it is marked removed and stays in its
    /// slot, a tombstone. Returns whether the path's dependency keys changed.
    mutating func remove(_ registration: Registration) -> Bool {
      registration.markRemoved()
      count(registration, -1)
      guard mixedDependencies else { return false }
      // Some registrations brought keys of their own: keep exactly the live ones' keys (the
      // path's own plan counts only through a live registration that has it: the registration
      // it was made for may be the one leaving).
      var keys: [KeyID] = []
      var merged: [KeyPathPlan] = []
      for other in path.registrations where !merged.contains(where: { $0 === other.plan }) {
        merged.append(other.plan)
        for key in other.plan.dependencyKeyIDs where !keys.contains(key) { keys.append(key) }
      }
      guard keys != dependencyKeyIDs else { return false }
      dependencyKeyIDs = keys
      return true
    }

    /// Whether the path should be rebuilt without its tombstones: each costs every set a skip,
    /// so they may not outnumber the live registrations by much (and a path that fills up with
    /// them is rebuilt anyway when the next one is added).
    var needsCompaction: Bool { path.usedCount - Int(live) > 2 * Int(live) + 16 }

    /// The same registrations (and `extra`) in a new path, without tombstones, with room to grow.
    /// The new path is made with the newest registration's plan: the plans of the path's
    /// registrations agree on the key path, and the newest was made under the most recent method
    /// generation, so an add that finds the path's plan in the snapshot (Observation.swift) can
    /// use it without asking the class (`ObservedClass.plan(for:generation:)`, a lock), and the
    /// plan's cached getter is the one most likely still valid. The other registrations'
    /// dependency keys are kept (`add`), as for any registration whose plan differs.
    func rebuilt(adding extra: Registration? = nil) -> PathEntry {
      // Not empty: a path is rebuilt when it is full (and `extra` is added) or when it has more
      // tombstones than live registrations, and an emptied path is dropped instead. The live
      // registrations are copied straight from the old path's slots, with no array between.
      guard let newest = extra ?? path.last(where: { _ in true }) else { return self }
      var entry = PathEntry(plan: newest.plan, table: path.table, capacity: 2 * (Int(live) + (extra == nil ? 0 : 1)) + 14)
      var ignored = false
      for registration in path.registrationRefs {
        registration.withRegistration { _ = entry.add($0, dependenciesChanged: &ignored) }
      }
      if let extra { _ = entry.add(extra, dependenciesChanged: &ignored) }
      return entry
    }

    private mutating func count(_ registration: Registration, _ delta: Int32) {
      live += delta
      if registration.isExternal {
        if registration.options.contains(.old) { wantsOld += delta }
        if registration.options.contains(.new) { wantsNew += delta }
        if registration.options.contains(.prior) { wantsPrior += delta }
      } else {
        forwarders += delta
      }
      var flags: UInt = 0
      if wantsOld > 0 { flags |= ObservedPath.Flags.old }
      if wantsNew > 0 { flags |= ObservedPath.Flags.new }
      if wantsPrior > 0 { flags |= ObservedPath.Flags.prior }
      if forwarders > 0 { flags |= ObservedPath.Flags.forwarders }
      path.publish(flags: flags)
    }
  }
}
