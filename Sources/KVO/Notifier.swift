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
// diamonds and cycles of dependent keys, and chains that converge, notify exactly once.
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
    object.observationSnapshot?.paths(triggeredBy: id) != nil
  }

  /// Whether KVC must notify around a direct ivar set of `key`: someone observes it and the
  /// class notifies automatically for it.
  static func notifiesAutomatically(_ object: Object, key: String) throws -> Bool {
    guard let snapshot = object.observationSnapshot, snapshot.paths(triggeredBy: KeyTable.shared.id(key)) != nil else {
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
    snapshot known: ObservationSnapshot? = nil
  ) throws -> DeliveryErrors {
    guard let snapshot = known ?? object.observationSnapshot, let paths = snapshot.paths(triggeredBy: id) else {
      return DeliveryErrors()
    }
    let thread = ThreadChanges.current
    if paths.count == 1 {
      return try willChange(object, id: id, kind: kind, indexes: indexes, path: paths[0], thread: thread)
    }
    let firstNew = thread.changes.count
    var affected: [PendingChange] = []
    for observed in paths {
      let change: PendingChange
      if let existing = thread.pending(object, observed.pathID) {
        existing.depth += 1
        change = existing
      } else {
        let isThisKey = observed.pathID == id
        change = thread.makeChange(
          object: object, observed: observed, kind: isThisKey ? kind : .setting, indexes: isThisKey ? indexes : nil)
        thread.changes.append(change)
      }
      affected.append(change)
    }
    guard let first = affected.first else { return DeliveryErrors() }
    thread.triggers.append(
      PendingTrigger(object: ObjectIdentifier(object), key: id, first: first, others: Array(affected.dropFirst())))
    let begun = Array(thread.changes[firstNew...])
    do {
      for change in begun where change.observed.wantsOld && change.kind != .insertion {
        change.old = try currentValue(of: object, for: change)  // call-out: accessors, no lock held
      }
    } catch {
      cancel(thread, object, id)
      throw error
    }
    let announcing = begun.filter { $0.observed.wantsPrior || $0.observed.hasForwarders }
    return announcing.isEmpty ? DeliveryErrors() : announce(announcing, of: object)
  }

  /// `willChange` when the change affects one observed path (the common case: no arrays).
  private static func willChange(
    _ object: Object, id: KeyID, kind: ChangeKind, indexes: Indexes?, path observed: ObservedPath,
    thread: ThreadChanges
  ) throws -> DeliveryErrors {
    if let existing = thread.pending(object, observed.pathID) {
      existing.depth += 1
      thread.triggers.append(PendingTrigger(object: ObjectIdentifier(object), key: id, first: existing))
      return DeliveryErrors()
    }
    let isThisKey = observed.pathID == id
    let change = thread.makeChange(
      object: object, observed: observed, kind: isThisKey ? kind : .setting, indexes: isThisKey ? indexes : nil)
    thread.changes.append(change)
    thread.triggers.append(PendingTrigger(object: ObjectIdentifier(object), key: id, first: change))
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

  /// Sends the prior notifications and forwards the will-changes of internal registrations, in
  /// registration order, for changes that just began.
  private static func announce<Changes: RandomAccessCollection<PendingChange>>(
    _ changes: Changes, of object: Object
  ) -> DeliveryErrors {
    var failures = DeliveryErrors()
    forEachRegistration(of: changes) { change, registration in
      do {
        switch registration.observer {
        case .forward(let forwarder):
          guard let owner = forwarder.owner else { return }
          let kind = forwarder.isDependency ? ChangeKind.setting : change.kind
          let forwarded = try willChange(
            owner, id: forwarder.ownerPathID, kind: kind, indexes: forwarder.isDependency ? nil : change.indexes)
          change.forwarded.append(registration.id)
          failures.append(forwarded)
        case .object, .closure:
          guard registration.options.contains(.prior) else { return }
          let prior = Change(
            kind: change.kind, old: registration.options.contains(.old) && change.kind != .insertion ? change.old : nil,
            indexes: change.indexes,
            isPrior: true)
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
  static func didChange(_ object: Object, id: KeyID, notify: Bool = true) -> DeliveryErrors {
    let thread = ThreadChanges.current
    guard let trigger = thread.popTrigger(object, id) else { return DeliveryErrors() }
    if trigger.others == nil {
      let change = trigger.first
      change.depth -= 1
      guard change.depth == 0 else { return DeliveryErrors() }
      thread.remove(change)
      defer { thread.recycle(change) }
      return finish(CollectionOfOne(change), of: object, notify: notify)
    }
    var finished: [PendingChange] = []
    for change in trigger.all {
      change.depth -= 1
      if change.depth == 0 {
        thread.remove(change)
        finished.append(change)
      }
    }
    guard !finished.isEmpty else { return DeliveryErrors() }
    defer { for change in finished { thread.recycle(change) } }
    return finish(finished, of: object, notify: notify)
  }

  /// Runs `body` between a will-change and a did-change of `id`; observer errors are thrown
  /// once the change is complete, and a failing `body` closes the change silently.
  static func around<Result>(
    _ object: Object, id: KeyID, kind: ChangeKind = .setting, indexes: Indexes? = nil,
    snapshot: ObservationSnapshot? = nil, _ body: () throws -> Result
  ) throws -> Result {
    let before = try willChange(object, id: id, kind: kind, indexes: indexes, snapshot: snapshot)
    let result: Result
    do {
      result = try body()
    } catch {
      abandonChange(object, id: id)
      throw error
    }
    let after = didChange(object, id: id)
    try before.rethrowFirst()
    try after.rethrowFirst()
    return result
  }

  /// Forgets a will-change whose old values could not be computed (nothing was forwarded yet).
  private static func cancel(_ thread: ThreadChanges, _ object: Object, _ id: KeyID) {
    guard let trigger = thread.popTrigger(object, id) else { return }
    for change in trigger.all {
      change.depth -= 1
      if change.depth == 0 {
        thread.remove(change)
        thread.recycle(change)
      }
    }
  }

  /// Closes a change whose setter failed: nobody is notified, every forwarded will is closed.
  static func abandonChange(_ object: Object, id: KeyID) {
    didChange(object, id: id, notify: false)
  }

  private static func finish<Changes: RandomAccessCollection<PendingChange>>(
    _ changes: Changes, of object: Object, notify: Bool
  ) -> DeliveryErrors {
    var failures = DeliveryErrors()
    guard notify else {
      forEachRegistration(of: changes) { change, registration in
        if change.forwarded.contains(registration.id), case .forward(let forwarder) = registration.observer,
          let owner = forwarder.owner
        {
          didChange(owner, id: forwarder.ownerPathID, notify: false)
        }
      }
      return failures
    }
    for change in changes {
      if change.observed.isChain {
        for registration in object.observationSnapshot?.path(change.observed.pathID)?.registrations ?? [] {
          do { try KeyPathChain.relink(registration, of: object) } catch { failures.append(error) }
        }
      }
      if change.observed.wantsNew {
        do {
          change.new = try currentValue(of: object, for: change)  // call-out: accessors
        } catch {
          failures.append(error)
        }
      }
    }
    var dead: [Registration] = []
    forEachRegistration(of: changes) { change, registration in
      do {
        switch registration.observer {
        case .forward(let forwarder):
          guard change.forwarded.contains(registration.id), let owner = forwarder.owner else { return }
          failures.append(didChange(owner, id: forwarder.ownerPathID))
        case .object, .closure:
          let options = registration.options
          let notification = Change(
            kind: change.kind,
            new: options.contains(.new) && change.kind != .removal ? change.new : nil,
            old: options.contains(.old) && change.kind != .insertion ? change.old : nil,
            indexes: change.indexes)
          if try !deliver(notification, to: registration, about: object) { dead.append(registration) }
        }
      } catch {
        failures.append(error)
      }
    }
    for registration in dead { Observation.pruneDeadObserver(registration, of: object) }
    return failures
  }

  /// Calls `body` for every (change, registration) pair in registration order.
  @inline(__always)
  private static func forEachRegistration<Changes: RandomAccessCollection<PendingChange>>(
    of changes: Changes, _ body: (PendingChange, Registration) -> Void
  ) {
    if changes.count == 1, let change = changes.first {
      for registration in change.observed.registrations { body(change, registration) }
      return
    }
    let pairs = changes.flatMap { change in change.observed.registrations.map { (change, $0) } }
    for (change, registration) in pairs.sorted(by: { $0.1.id < $1.1.id }) { body(change, registration) }
  }

  /// The value a change reports: the whole value for a setting, the affected elements for a
  /// to-many change. A one-key path uses the getter cached at registration while it is valid.
  private static func currentValue(of object: Object, for change: PendingChange) throws -> Value {
    let observed = change.observed
    let value: Value
    if let cached = observed.getter, object.methodGeneration == cached.generation {
      value = try Runtime.msgSend(object, cached.selector)
    } else {
      value = try KeyValueCoding.value(of: .object(object), at: observed.path)
    }
    guard let indexes = change.indexes, change.kind != .setting else { return value }
    let elements = value.arrayValue ?? []
    return .array(indexes.filter { elements.indices.contains($0) }.map { elements[$0] })
  }

  /// Sends one notification. Returns `false` if the observer is gone (it will be pruned).
  @discardableResult
  static func deliver(_ change: Change, to registration: Registration, about object: Object) throws -> Bool {
    switch registration.observer {
    case .object(let reference, _):
      guard let observer = reference.object else { return false }
      try Runtime.msgSend(  // call-out: the observer's method, no lock held
        observer, Selectors.observeValue,
        arguments: Arguments(.string(registration.pathString), .object(object), .swiftObject(change), registration.context.value))
    case .closure(let handler):
      handler(object, change)  // call-out: the observer's closure, no lock held
    case .forward:
      break
    }
    return true
  }
}
