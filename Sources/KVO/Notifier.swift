// Notifier.swift: will-change / did-change: the one path every change takes.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/ManualNotificationTests.swift,
// PendingChangeStackTests.swift, FaultInjectionTests.swift, DependentKeyTests.swift,
// KeyPathChainTests.swift.
//
// will(object, key) (decision 0010):
//   1. The object's snapshot lists the observed paths a change of `key` affects (none: return).
//   2. A new change: one entry per affected path on this thread's stack (ThreadChanges.swift),
//      the first one beginning the change; each entry carries its path's observances.
//   3. Old values (one read per path, only if someone asked for old), then, in registration
//      order, prior notifications and the forwarded wills of internal registrations (chains,
//      key-path dependencies), whose entries join the same change. A forwarded will that reaches
//      an (object, path) the change already has an entry for stops there (the re-entry guard).
// did(object, key): takes the most recent change of `key` on `object` off the stack; relinks
//   chains, reads new values, then tells each observance in registration order, unless its
//   registration is gone by then, and finishes forwarded entries where their forwarder stands.
// Every caller (notifying setters, KVC's ivar set, the to-many proxy, manual will/did, will/did
// sent as messages) goes through these two functions. No KVO lock is taken on this path, and
// user code (accessors, observers) runs with no lock held.
//
// Exactly once, per change: one entry per (object, path) per change, by triggers for one-key
// dependencies and by the re-entry guard for forwarded wills; separate changes (nested pairs,
// sets from callbacks) each notify, as in Foundation.
// Errors: what observers throw is kept with the change and thrown by its did after everyone was
// told; an old value that cannot be read cancels the will and is thrown, a forwarded will's too
// (it stops the announcing: Notifier+AbandonedWill.swift). A change that fails
// (Notifier+Messages.swift) is closed without telling anyone.

import MiniRuntime

enum Notifier {
  // MARK: - Entry points by key name (messages and the Swift API)

  /// Foundation takes any string as the key of `willChangeValueForKey:` and
  /// `didChangeValueForKey:`: it names the observances of that key path (`""` included, which an
  /// observer of `""` hears), so no key is refused.
  static func willChange(_ object: Object, key: String, kind: ChangeKind = .setting, indexes: Indexes? = nil) throws {
    let id = KeyID(key)
    let toMany = indexes.map { ChangeIndexes($0, of: object) }
    // An object with no registrations of its own may still name some through its getter.
    let snapshot = try object.currentObservationSnapshot ?? object.observationSnapshotOfUnregistered()
    try ThreadChanges.perThread.withCurrent { thread in
      try holdingObject(object, thread: thread) {
        try willChange(object, id: id, kind: kind, indexes: toMany, snapshot: snapshot, thread: thread)
      }
    }
  }

  static func didChange(_ object: Object, key: String) throws {
    let id = KeyID(key)
    try ThreadChanges.perThread.withCurrent { thread in try didChange(object, id: id, thread: thread) }
  }

  // MARK: - Queries

  /// Whether a change of `id` on `object` would notify anyone (one snapshot read, no lock).
  static func isObserved(_ object: Object, id: KeyID) throws -> Bool {
    try object.observationSnapshot?.trigger(id) != nil
  }

  /// Whether KVC must notify around a direct ivar set of `key`: someone observes it and the
  /// class notifies automatically for it.
  static func notifiesAutomatically(_ object: Object, key: String) throws -> Bool {
    guard let snapshot = try object.observationSnapshot, snapshot.trigger(KeyID(key)) != nil else {
      return false
    }
    let original = snapshot.table.originalClass
    return try KeyValueCategory.automaticallyNotifiesObservers(original, forKey: key)
  }

  // MARK: - will

  /// Begins a change of `id` on `object` (see the file comment). What observers throw is kept
  /// with the change and thrown by its did.
  ///
  /// - Throws: Only what reading an old value throws; then nothing is recorded.
  static func willChange(
    _ object: Object, id: KeyID, kind: ChangeKind, indexes: ChangeIndexes?, snapshot known: ObservationSnapshot?,
    thread: ThreadChanges, setMutation: SetMutation? = nil
  ) throws {
    guard let snapshot = try known ?? object.observationSnapshot, let trigger = snapshot.trigger(id) else { return }
    defer { withExtendedLifetime(snapshot) {} }  // it holds `trigger.first` until the entries do
    let serial = thread.nextSerial()
    let objectID = ObjectIdentifier(object)
    if trigger.count == 1 {  // the common case, without reference counting: the snapshot holds the path
      // INVARIANT: UnretainedObservedPath (`snapshot` holds the path until the entry retains
      // it), UnretainedPendingChange (the thread owns the entry).
      let entry = trigger.first.withPath { path in
        let isThisKey = path.pathID == id
        return thread.push(
          objectID, path, serial: serial, begins: true, key: id, forwarded: false, kind: isThisKey ? kind : .setting,
          indexes: isThisKey ? indexes : nil)
      }
      if setMutation != nil && trigger.first.withPath({ $0.pathID == id }) {
        entry.withChange { $0.setMutation = setMutation }
      }
      let abandoned = try entry.withChange { change -> Bool in
        if change.movesLinks { holdLinkTargets(of: change, on: object, beginning: change) }
        do {
          try readOldValue(of: object, into: change)
        } catch {
          throw abandonWill([entry], unreadable: 0, error, of: object, thread: thread)
        }
        guard change.withPath({ $0.wantsPrior || $0.hasForwarders }) else { return false }
        if change.withPath(\.wantsPrior) { holdForPriors(object, beginning: change, observances: change.withPath(\.registrationCount)) }
        change.isAnnouncing = true
        announce(CollectionOfOne(change), of: object, beginning: change, thread: thread)
        change.isAnnouncing = false
        return change.isAbandoned
      }
      if abandoned { throw closeAbandoned(entry, beginning: entry.change, thread: thread) }
      return
    }
    let paths = snapshot.paths(triggeredBy: id) ?? []
    var entries: [UnretainedPendingChange] = []
    for (index, path) in paths.enumerated() {
      let isThisKey = path.pathID == id
      entries.append(
        thread.push(
          objectID, path, serial: serial, begins: index == 0, key: id, forwarded: false,
          kind: isThisKey ? kind : .setting, indexes: isThisKey ? indexes : nil))
    }
    // Strong references from here on: several paths is the uncommon case.
    let begun = entries.map(\.change)
    if setMutation != nil { for change in begun where change.pathID == id { change.setMutation = setMutation } }
    for change in begun where change.movesLinks { holdLinkTargets(of: change, on: object, beginning: begun[0]) }
    var read = 0
    do {
      while read < begun.count {
        try readOldValue(of: object, into: begun[read])
        read += 1
      }
    } catch {
      throw abandonWill(entries, unreadable: read, error, of: object, thread: thread)
    }
    let announcing = begun.filter { $0.withPath { $0.wantsPrior || $0.hasForwarders } }
    guard !announcing.isEmpty, let beginning = begun.first else { return }
    if announcing.contains(where: { $0.withPath(\.wantsPrior) }) {
      holdForPriors(object, beginning: beginning, observances: begun.reduce(0) { $0 + $1.withPath(\.registrationCount) })
    }
    beginning.isAnnouncing = true
    announce(announcing, of: object, beginning: beginning, thread: thread)
    beginning.isAnnouncing = false
    if beginning.isAbandoned { throw closeAbandoned(entries[0], beginning: beginning, thread: thread) }
  }

  /// The forwarded will of an internal registration: entries for the paths of `owner` that a
  /// change of `id` affects and that change `beginning` has no entry for yet, joined to it and
  /// listed in `change.forwarded` under `registrationID` (none if the change already had them:
  /// the re-entry guard).
  private static func forwardWill(
    to owner: Object, id: KeyID, kind: ChangeKind, indexes: ChangeIndexes?, setMutation: SetMutation?, beginning: PendingChange,
    from change: PendingChange, registrationID: UInt64, thread: ThreadChanges
  ) {
    guard let snapshot = owner.ownObservationSnapshot, let trigger = snapshot.trigger(id) else { return }
    defer { withExtendedLifetime(snapshot) {} }  // it holds `trigger.first` until the entry does
    let ownerID = ObjectIdentifier(owner)
    if trigger.count == 1 {  // the common case (a chain link's change): no list, no reference counting
      // INVARIANT: UnretainedObservedPath (`snapshot` holds the path until the entry retains
      // it), UnretainedPendingChange (the thread owns the entry).
      let entry: UnretainedPendingChange? = trigger.first.withPath { path in
        guard !thread.contains(ownerID, path.pathID, inChange: beginning.serial) else { return nil }
        let isThisKey = path.pathID == id
        return thread.push(
          ownerID, path, serial: beginning.serial, begins: false, key: id, forwarded: true,
          kind: isThisKey ? kind : .setting, indexes: isThisKey ? indexes : nil)
      }
      guard let entry else { return }
      entry.withChange { begun in
        hold(owner, in: begun, beginning: beginning)
        if setMutation != nil && begun.pathID == id { begun.setMutation = setMutation }
        do {
          try readOldValue(of: owner, into: begun)
        } catch {
          return abandonForwardedWill([entry], unreadable: 0, error, of: owner, beginning: beginning, thread: thread)
        }
        if begun.withPath({ $0.wantsPrior || $0.hasForwarders }) {
          announce(CollectionOfOne(begun), of: owner, beginning: beginning, thread: thread)
        }
        change.forwarded.append((registrationID, entry))
      }
      return
    }
    guard let paths = snapshot.paths(triggeredBy: id) else { return }
    var entries: [UnretainedPendingChange] = []
    for path in paths where !thread.contains(ownerID, path.pathID, inChange: beginning.serial) {
      let isThisKey = path.pathID == id
      entries.append(
        thread.push(
          ownerID, path, serial: beginning.serial, begins: false, key: id, forwarded: true,
          kind: isThisKey ? kind : .setting, indexes: isThisKey ? indexes : nil))
    }
    guard !entries.isEmpty else { return }
    let begun = entries.map(\.change)
    for change in begun { hold(owner, in: change, beginning: beginning) }
    if setMutation != nil { for change in begun where change.pathID == id { change.setMutation = setMutation } }
    var read = 0
    do {
      while read < begun.count {
        try readOldValue(of: owner, into: begun[read])
        read += 1
      }
    } catch {
      return abandonForwardedWill(entries, unreadable: read, error, of: owner, beginning: beginning, thread: thread)
    }
    let announcing = begun.filter { $0.withPath { $0.wantsPrior || $0.hasForwarders } }
    if !announcing.isEmpty { announce(announcing, of: owner, beginning: beginning, thread: thread) }
    for entry in entries { change.forwarded.append((registrationID, entry)) }
  }

  /// Sends the prior notifications and forwards the will to internal registrations, in
  /// registration order, for entries just begun. Observers are kept alive for the pass.
  private static func announce<Changes: PendingChanges>(
    _ changes: Changes, of object: Object, beginning: PendingChange, thread: ThreadChanges
  ) {
    var wantsPrior = false
    changes.forEachBorrowed { if $0.withPath(\.wantsPrior) { wantsPrior = true } }
    guard wantsPrior else {  // only forwarders act (a chain link's will): no observer object to keep alive
      forEachRegistration(of: changes) { change, _, registration in
        guard !registration.isExternal else { return }  // asked for no prior notification
        announce(change, to: registration, observer: nil, of: object, beginning: beginning, thread: thread)
      }
      return
    }
    withObserversAlive(of: changes) { observers in
      forEachRegistration(of: changes) { change, index, registration in
        announce(change, to: registration, observer: observers[change.observerBase + index], of: object, beginning: beginning, thread: thread)
      }
    }
  }

  /// Announces an entry just begun to one of its registrations: its prior notification, or its
  /// forwarded will (what observers throw is kept with `beginning`).
  @inline(__always)
  static func announce(
    _ change: PendingChange, to registration: Registration, observer: UnretainedObject?, of object: Object,
    beginning: PendingChange, thread: ThreadChanges
  ) {
    // Removed meanwhile: not told. Abandoned (a forwarded will could not read): nobody more is.
    guard registration.isRegistered, !beginning.isAbandoned else { return }
    if let forwarder = registration.forwarder {
      guard let owner = forwarder.owner else { return }
      forwardWill(
        to: owner, id: forwarder.ownerPathID, kind: forwarder.isDependency ? .setting : change.kind,
        indexes: forwarder.isDependency ? nil : change.indexSource,
        setMutation: forwarder.isDependency ? nil : change.setMutation, beginning: beginning, from: change,
        registrationID: registration.id, thread: thread)
    } else if registration.options.contains(.prior) {
      let prior = Change(
        kind: change.kind, new: nil,
        old: registration.options.contains(.old) && change.kind != .insertion ? change.old : nil,
        indexes: change.indexSource, isPrior: true, extra: registration.extraEntry)
      do {
        try deliver(prior, to: registration, observer: observer?.object, about: object)
      } catch {
        beginning.errors.append(error)
      }
    }
  }

  // MARK: - did

  /// Ends the most recent change of `id` on `object` begun on this thread and tells its
  /// observances; a did that finds no such change does nothing.
  ///
  /// - Throws: The first error an observer of the change threw (prior notifications first),
  ///   after every observer was told.
  static func didChange(_ object: Object, id: KeyID, thread: ThreadChanges) throws {
    guard let beginning = thread.beginning(of: ObjectIdentifier(object), id) else { return }
    var errors: [any Error] = []
    if thread.takeAlone(beginning) {  // the common case, without allocating or reference counting
      finishAlone(beginning, of: object, errors: &errors)
      beginning.withChange { if !$0.errors.isEmpty { errors = $0.errors + errors } }
      thread.recycle(beginning)
    } else if let forwarded = thread.takeLinked(beginning) {  // a chain link's change
      finishLinkedChange(beginning, forwarded, of: object, errors: &errors, thread: thread)
    } else {
      // The change's entries, copied off the stack into scratch memory (no allocation): the
      // entries of `object` first, then the forwarded ones, each group in the order pushed.
      let count = thread.countOfChange(beginning)
      withUnsafeTemporaryAllocation(of: UnretainedPendingChange.self, capacity: count) { scratch in
        let own = thread.take(beginning, into: scratch)
        let taken = UnsafeBufferPointer(scratch)
        finishTaken(taken, own: own, of: object, errors: &errors)
        taken[0].withChange { if !$0.errors.isEmpty { errors = $0.errors + errors } }
        for entry in taken { thread.recycle(entry) }
      }
    }
    if let first = errors.first { throw first }
  }

  /// Tells the observances of `entry`, a change's one entry taken off the stack, about `object`.
  @inline(__always)
  static func finishAlone(_ entry: UnretainedPendingChange, of object: Object, errors: inout [any Error]) {
    // INVARIANT: UnretainedPendingChange (the thread owns the entry until it is recycled).
    // The entry as a list of one handle: passing it on borrowed, not in a `CollectionOfOne`
    // (which would own, so retain and release, the entry).
    // INVARIANT: the handle's object outlives it (`object` is this call's argument, alive
    // until it returns): the closures capture a handle, not the object (they would retain it).
    let changed = UnretainedObject(object)
    withUnsafePointer(to: entry) { one in
      let only = PendingChangeList(UnsafeBufferPointer(start: one, count: 1))
      withObserversAlive(of: only) { observers in
        changed.withObject { finish(only, of: $0, observers: observers, errors: &errors) }
      }
    }
  }

  /// Tells the observances of a change's entries taken off the stack (`own` entries of
  /// `object`, then the forwarded ones), all their observers kept alive for the pass.
  static func finishTaken(
    _ taken: UnsafeBufferPointer<UnretainedPendingChange>, own: Int, of object: Object, errors: inout [any Error]
  ) {
    withObserversAliveInBuffer(of: PendingChangeList(taken)) { observers in  // several entries
      finish(PendingChangeList(UnsafeBufferPointer(rebasing: taken[..<own])), of: object, observers: observers, errors: &errors)
    }
  }

  /// Closes, without telling anyone, every change of `id` on `object` begun on this thread after
  /// serial `mark` and still open: what a bracket does when the change itself failed.
  static func closeSilently(_ object: Object, id: KeyID, after mark: UInt64, thread: ThreadChanges) {
    for beginning in thread.openChanges(of: ObjectIdentifier(object), id, after: mark) {
      thread.recycle(thread.take(beginning))
    }
  }

  /// Tells the observances of finished entries of `object`: relinks chains, reads new values,
  /// then notifies in registration order, skipping registrations removed meanwhile and finishing
  /// forwarded entries where their forwarder stands.
  private static func finish<Changes: PendingChanges>(
    _ changes: Changes, of object: Object, observers: UnsafeBufferPointer<UnretainedObject?>, errors: inout [any Error]
  ) {
    var unreadable: [ObjectIdentifier] = []  // changes whose new value could not be read: not told
    changes.forEachBorrowed { change in  // borrowed: no reference counting of the entries
      if change.movesLinks {
        for registration in object.ownObservationSnapshot?.path(change.pathID)?.registrations ?? [] {
          do { try KeyPathChain.relink(registration, of: object) } catch { errors.append(error) }
        }
      }
      // A set mutation's new is the will's; a removal has none.
      if change.setMutation == nil && change.kind != .removal && change.withPath(\.wantsNew) {
        do {
          change.new = try currentValue(of: object, for: change)  // call-out: accessors
        } catch {
          errors.append(error)  // Foundation raises before notifying: the observers are not told
          unreadable.append(ObjectIdentifier(change))
        }
      }
    }
    var dead: [Registration] = []
    var batch = NotificationBatch(reportingEventsOf: object)
    forEachRegistration(of: changes) { change, index, registration in
      guard registration.isRegistered else { return }  // removed before its turn: not told
      if let forwarder = registration.forwarder {
        guard let owner = forwarder.owner else { return }
        if change.forwarded.count == 1 {  // the common case: one entry forwarded, no list
          let (id, entry) = change.forwarded[0]
          guard id == registration.id else { return }
          entry.withChange { finish(CollectionOfOne($0), of: owner, observers: observers, errors: &errors) }
          return
        }
        let group = change.forwarded.filter { $0.registration == registration.id }.map(\.change.change)
        if !group.isEmpty { finish(group, of: owner, observers: observers, errors: &errors) }
        return
      }
      if !unreadable.isEmpty && unreadable.contains(ObjectIdentifier(change)) { return }
      do {
        if try !batch.deliver(change, of: object, to: registration, observer: observers[change.observerBase + index]) {
          dead.append(registration)
        }
      } catch {
        errors.append(error)
      }
    }
    for registration in dead { Observation.pruneDeadObserver(registration, of: object) }
  }
}
