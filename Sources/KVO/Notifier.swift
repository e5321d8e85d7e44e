// Notifier.swift: will-change / did-change, and delivering notifications.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/ManualNotificationTests.swift,
// ChangeDictionaryTests.swift, DependentKeyTests.swift, KeyPathChainTests.swift.
//
// will(object, key):
//   1. The object's snapshot lists the observed paths a change of `key` affects (none: return).
//   2. On this thread's record (ThreadChanges.swift), per affected path: nested → depth += 1;
//      outermost → a pending change holding that path's registrations (the set notified is this
//      snapshot).
//   3. Old values (one per path, only if someone asked for old), then, in registration order,
//      prior notifications and the forwarded wills of internal registrations (chains and
//      dependent key paths).
// did(object, key): pops what the matching will recorded; for each path whose outermost pair
//   ends: relink chains, new values, then notifications (and forwarded dids) in registration
//   order.
// No KVO lock is taken on this path, and user code (accessors, observers) runs with no lock held.
//
// Exactly once: a change reaches each affected path of each object once per outermost pair,
// because nested wills on the same (thread, object, path) only count depth. That is what makes
// diamonds and cycles of dependent keys, and chains that converge, notify exactly once. A
// finished change leaves the thread's record before its notifications go out, so a set from an
// observer's callback is a new outermost change, not a nested one.
// Errors: a failing accessor while computing an old value cancels that will and is thrown; an
// observer that throws does not stop the others: its error is thrown after everyone was told.

import MiniRuntime

enum Notifier {
  /// Errors thrown by observers, delivered after every observer was notified.
  struct DeliveryErrors: Error {
    var errors: [any Error] = []
    mutating func append(_ error: any Error) { errors.append(error) }
    mutating func append(_ other: DeliveryErrors) { errors += other.errors }
    func rethrowFirst() throws { if let first = errors.first { throw first } }
  }

  // MARK: - Entry points by key name (messages and the Swift API)

  static func willChange(_ object: Object, key: String, kind: ChangeKind = .setting, indexes: Indexes? = nil) throws {
    try validate(key)
    try willChange(object, id: KeyTable.shared.id(key), kind: kind, indexes: indexes).rethrowFirst()
  }

  static func didChange(_ object: Object, key: String) throws {
    try validate(key)
    try didChange(object, id: KeyTable.shared.id(key)).rethrowFirst()
  }

  private static func validate(_ key: String) throws(KeyValueError) {
    let path = try KeyValuePath(key)
    guard !path.containsOperator else {
      throw KeyValueError(.unsupportedKeyPath, "cannot notify a change of '\(key)': it contains a collection operator")
    }
  }

  // MARK: - The engine

  /// Whether a change of `id` on `object` would notify anyone (one snapshot read, no lock).
  static func isObserved(_ object: Object, id: KeyID) -> Bool {
    object.observationSnapshot?.trigger(id) != nil
  }

  /// Whether KVC must notify around a direct ivar set of `key`: someone observes it and the
  /// class notifies automatically for it.
  static func notifiesAutomatically(_ object: Object, key: String) throws -> Bool {
    guard let snapshot = object.observationSnapshot, snapshot.trigger(KeyTable.shared.id(key)) != nil else {
      return false
    }
    let original = snapshot.table.originalClass
    return try Runtime.msgSend(original, "automaticallyNotifiesObserversForKey:", .string(key)).boolValue ?? true
  }

  /// Begins a change of `id`. Throws only if an old value cannot be computed (and then records
  /// nothing); observer errors are returned, to be thrown once the change is complete.
  @discardableResult
  static func willChange(
    _ object: Object, id: KeyID, kind: ChangeKind = .setting, indexes: Indexes? = nil,
    snapshot knownSnapshot: ObservationSnapshot? = nil, thread knownThread: ThreadChanges? = nil
  ) throws -> DeliveryErrors {
    guard let snapshot = knownSnapshot ?? object.observationSnapshot, let trigger = snapshot.trigger(id) else {
      return DeliveryErrors()
    }
    let thread = knownThread ?? ThreadChanges.current
    if trigger.count == 1 {  // the common case, without reference counting: the snapshot holds the path
      return try trigger.first._withUnsafeGuaranteedRef { path in
        try willChange(object, id: id, kind: kind, indexes: indexes, path: path, thread: thread)
      }
    }
    let paths = snapshot.paths(triggeredBy: id) ?? []
    let objectID = ObjectIdentifier(object)
    let firstNew = thread.changes.count
    var affected: [Unmanaged<PendingChange>] = []
    for observed in paths {
      if let existing = thread.pending(objectID, observed.pathID) {
        existing._withUnsafeGuaranteedRef { $0.depth += 1 }
        affected.append(existing)
      } else {
        let isThisKey = observed.pathID == id
        affected.append(
          thread.begin(objectID, observed, kind: isThisKey ? kind : .setting, indexes: isThisKey ? indexes : nil))
      }
    }
    guard let first = affected.first else { return DeliveryErrors() }
    thread.triggers.append(PendingTrigger(objectID: objectID, key: id, first: first, others: Array(affected.dropFirst())))
    // Strong references from here on: several paths is the uncommon case.
    let begun = thread.changes[firstNew...].map { $0.takeUnretainedValue() }
    do {
      for change in begun where change.withPath(\.wantsOld) && change.kind != .insertion {
        change.old = try currentValue(of: object, for: change)  // call-out: accessors, no lock held
      }
    } catch {
      cancel(thread, object, id)
      throw error
    }
    let announcing = begun.filter { $0.withPath { $0.wantsPrior || $0.hasForwarders } }
    return announcing.isEmpty ? DeliveryErrors() : announce(announcing, of: object)
  }

  /// `willChange` when the change affects one observed path (the common case: no arrays).
  private static func willChange(
    _ object: Object, id: KeyID, kind: ChangeKind, indexes: Indexes?, path observed: ObservedPath,
    thread: ThreadChanges
  ) throws -> DeliveryErrors {
    let objectID = ObjectIdentifier(object)
    if let existing = thread.pending(objectID, observed.pathID) {
      existing._withUnsafeGuaranteedRef { $0.depth += 1 }
      thread.triggers.append(PendingTrigger(objectID: objectID, key: id, first: existing))
      return DeliveryErrors()
    }
    let isThisKey = observed.pathID == id
    let reference = thread.begin(
      objectID, observed, kind: isThisKey ? kind : .setting, indexes: isThisKey ? indexes : nil)
    thread.triggers.append(PendingTrigger(objectID: objectID, key: id, first: reference))
    return try reference._withUnsafeGuaranteedRef { change in
      if observed.wantsOld && change.kind != .insertion {  // an insertion has no old values
        do {
          change.old = try currentValue(of: object, for: change)  // call-out: accessors, no lock held
        } catch {
          cancel(thread, object, id)
          throw error
        }
      }
      guard observed.wantsPrior || observed.hasForwarders else { return DeliveryErrors() }
      return announce(CollectionOfOne(change), of: object)
    }
  }

  /// Sends the prior notifications and forwards the will-changes of internal registrations, in
  /// registration order, for changes that just began.
  private static func announce<Changes: RandomAccessCollection<PendingChange>>(
    _ changes: Changes, of object: Object
  ) -> DeliveryErrors {
    var failures = DeliveryErrors()
    forEachRegistration(of: changes) { change, registration in
      do {
        if let forwarder = registration.forwarder {
          guard let owner = forwarder.owner else { return }
          let kind = forwarder.isDependency ? ChangeKind.setting : change.kind
          let forwarded = try willChange(
            owner, id: forwarder.ownerPathID, kind: kind, indexes: forwarder.isDependency ? nil : change.indexes)
          change.forwarded.append(registration.id)
          failures.append(forwarded)
        } else if registration.options.contains(.prior) {
          let prior = Change(
            kind: change.kind, old: registration.options.contains(.old) && change.kind != .insertion ? change.old : nil,
            indexes: change.indexes, isPrior: true)
          try deliver(prior, to: registration, about: object)
        }
      } catch {
        failures.append(error)
      }
    }
    return failures
  }

  /// Ends a change of `id` begun by `willChange` on this thread, notifying when it was the
  /// outermost one. A did-change without a will-change does nothing.
  ///
  /// - Parameter notify: `false` to close the change without telling anyone (its setter
  ///   failed): the forwarded will-changes are closed the same way.
  @discardableResult
  static func didChange(
    _ object: Object, id: KeyID, notify: Bool = true, thread known: ThreadChanges? = nil
  ) -> DeliveryErrors {
    let thread = known ?? ThreadChanges.current
    guard let trigger = thread.popTrigger(ObjectIdentifier(object), id) else { return DeliveryErrors() }
    // A finished change is retired before its notifications go out, so that an observer that
    // sets the same key again starts a change of its own; it is recycled once they are out.
    if trigger.others == nil {
      let isOutermost = trigger.first._withUnsafeGuaranteedRef { change -> Bool in
        change.depth -= 1
        return change.depth == 0
      }
      guard isOutermost, thread.retire(trigger.first) else { return DeliveryErrors() }
      let failures = trigger.first._withUnsafeGuaranteedRef { change in
        finish(CollectionOfOne(change), of: object, notify: notify, thread: thread)
      }
      thread.recycle(trigger.first)
      return failures
    }
    var finished: [Unmanaged<PendingChange>] = []
    for change in trigger.all where change._withUnsafeGuaranteedRef({ $0.depth -= 1; return $0.depth == 0 }) {
      if thread.retire(change) { finished.append(change) }
    }
    guard !finished.isEmpty else { return DeliveryErrors() }
    let failures = finish(finished.map { $0.takeUnretainedValue() }, of: object, notify: notify, thread: thread)
    for change in finished { thread.recycle(change) }
    return failures
  }

  /// Runs `body` between a will-change and a did-change of `id`; observer errors are thrown
  /// once the change is complete, and a failing `body` closes the change silently.
  static func around<Result>(
    _ object: Object, id: KeyID, kind: ChangeKind = .setting, indexes: Indexes? = nil,
    snapshot: ObservationSnapshot? = nil, _ body: () throws -> Result
  ) throws -> Result {
    try ThreadChanges.currentReference._withUnsafeGuaranteedRef { thread in
      let before = try willChange(object, id: id, kind: kind, indexes: indexes, snapshot: snapshot, thread: thread)
      let result: Result
      do {
        result = try body()
      } catch {
        didChange(object, id: id, notify: false, thread: thread)
        throw error
      }
      let after = didChange(object, id: id, thread: thread)
      try before.rethrowFirst()
      try after.rethrowFirst()
      return result
    }
  }

  /// Forgets a will-change whose old values could not be computed (nothing was forwarded yet).
  private static func cancel(_ thread: ThreadChanges, _ object: Object, _ id: KeyID) {
    guard let trigger = thread.popTrigger(ObjectIdentifier(object), id) else { return }
    for change in trigger.all where change._withUnsafeGuaranteedRef({ $0.depth -= 1; return $0.depth == 0 }) {
      thread.end(change)
    }
  }

  /// Closes a change whose setter failed: nobody is notified, every forwarded will is closed.
  static func abandonChange(_ object: Object, id: KeyID) {
    didChange(object, id: id, notify: false)
  }

  private static func finish<Changes: RandomAccessCollection<PendingChange>>(
    _ changes: Changes, of object: Object, notify: Bool, thread: ThreadChanges
  ) -> DeliveryErrors {
    var failures = DeliveryErrors()
    guard notify else {
      forEachRegistration(of: changes) { change, registration in
        if let forwarder = registration.forwarder, change.forwarded.contains(registration.id), let owner = forwarder.owner {
          didChange(owner, id: forwarder.ownerPathID, notify: false)
        }
      }
      return failures
    }
    for change in changes {
      if change.withPath(\.isChain) {
        for registration in object.observationSnapshot?.path(change.pathID)?.registrations ?? [] {
          do { try KeyPathChain.relink(registration, of: object) } catch { failures.append(error) }
        }
      }
      if change.withPath(\.wantsNew) {
        do {
          change.new = try currentValue(of: object, for: change)  // call-out: accessors
        } catch {
          failures.append(error)
        }
      }
    }
    var dead: [Registration] = []
    var batch = NotificationBatch(object: object, thread: thread)
    forEachRegistration(of: changes) { change, registration in
      do {
        if let forwarder = registration.forwarder {
          guard change.forwarded.contains(registration.id), let owner = forwarder.owner else { return }
          failures.append(didChange(owner, id: forwarder.ownerPathID))
          return
        }
        if try !batch.deliver(change, to: registration) { dead.append(registration) }
      } catch {
        failures.append(error)
      }
    }
    batch.finish()
    for registration in dead { Observation.pruneDeadObserver(registration, of: object) }
    return failures
  }

  /// Calls `body` for every (change, registration) pair in registration order.
  @inline(__always)
  private static func forEachRegistration<Changes: RandomAccessCollection<PendingChange>>(
    of changes: Changes, _ body: (PendingChange, Registration) -> Void
  ) {
    if changes.count == 1, let change = changes.first {
      change.withPath { path in
        for registration in path.registrationRefs { registration._withUnsafeGuaranteedRef { body(change, $0) } }
      }
      return
    }
    let pairs = changes.flatMap { change in change.path.registrations.map { (change, $0) } }
    for (change, registration) in pairs.sorted(by: { $0.1.id < $1.1.id }) { body(change, registration) }
  }

  /// The value a change reports: the whole value for a setting, the affected elements for a
  /// to-many change. A one-key path uses the getter cached at registration while it is valid.
  private static func currentValue(of object: Object, for change: PendingChange) throws -> Value {
    let value = try change.withPath { observed in
      if let cached = observed.getter, object.methodGeneration == cached.generation {
        return try Runtime.msgSend(object, cached.selector)
      }
      return try KeyValueCoding.value(of: .object(object), at: observed.path)
    }
    guard let indexes = change.indexes, change.kind != .setting else { return value }
    let elements = value.arrayValue ?? []
    return .array(indexes.filter { elements.indices.contains($0) }.map { elements[$0] })
  }
}
