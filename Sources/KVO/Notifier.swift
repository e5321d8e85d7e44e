// Notifier.swift: will-change / did-change, and delivering notifications.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/ManualNotificationTests.swift,
// ChangeDictionaryTests.swift, DependentKeyTests.swift, KeyPathChainTests.swift.
//
// will(object, key):
//   1. snapshot.triggers[key] → the observed key paths this change affects (none: return).
//   2. Under the table lock, per (thread, path): nested → depth += 1; outermost → a pending record
//      with the registrations of that path (the set notified is this snapshot).
//   3. Outside every lock: old values (one per path, only if someone asked for old), then, in
//      registration order, prior notifications and the forwarded wills of internal
//      registrations (chains and dependent key paths).
// did(object, key): pops what the matching will pushed; for each path whose outermost pair ends:
//   relink chains, new values, then notifications (and forwarded dids) in registration order.
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
    var errors: [any Error]
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
    object.observationSnapshot?.triggers[id] != nil
  }

  /// Whether KVC must notify around a direct ivar set of `key`: someone observes it and the
  /// class notifies automatically for it.
  static func notifiesAutomatically(_ object: Object, key: String, _ kvo: KVORuntime) throws -> Bool {
    guard isObserved(object, id: KeyTable.shared.id(key)), let runtime = kvo.runtime else { return false }
    let original = kvo.originalClass(of: object.isa)
    return try runtime.msgSend(original, "automaticallyNotifiesObserversForKey:", .string(key)).boolValue ?? true
  }

  /// Begins a change of `id`. Throws only if an old value cannot be computed (and then records
  /// nothing); observer errors are returned, to be thrown once the change is complete.
  @discardableResult
  static func willChange(
    _ object: Object, id: KeyID, kind: ChangeKind = .setting, indexes: Indexes? = nil
  ) throws -> DeliveryErrors {
    guard let snapshot = object.observationSnapshot, let paths = snapshot.triggers[id] else {
      return DeliveryErrors(errors: [])
    }
    let table = snapshot.table
    let thread = ThreadIdentity.current
    let begun = table.lock.withLock { () -> [PendingChange] in
      table.triggerStacks[PendingKey(thread: thread, id: id), default: []].append(paths)
      var begun: [PendingChange] = []
      for path in paths {
        let key = PendingKey(thread: thread, id: path)
        if let existing = table.pending[key] {
          existing.depth += 1
          continue
        }
        let isThisKey = path == id
        let change = PendingChange(
          pathID: path, kind: isThisKey ? kind : .setting, indexes: isThisKey ? indexes : nil,
          registrations: snapshot.byPath[path] ?? [])
        table.pending[key] = change
        begun.append(change)
      }
      return begun
    }
    do {
      for change in begun where change.needsOld {
        change.old = try currentValue(of: object, for: change)  // call-out: accessors, no lock held
      }
    } catch {
      cancelChange(object, id: id)
      throw error
    }
    var failures = DeliveryErrors(errors: [])
    for (change, registration) in inRegistrationOrder(begun) {
      do {
        switch registration.observer {
        case .forward(let forwarder):
          guard let owner = forwarder.owner else { continue }
          let kind = forwarder.isDependency ? ChangeKind.setting : change.kind
          let forwarded = try willChange(
            owner, id: forwarder.ownerPathID, kind: kind, indexes: forwarder.isDependency ? nil : change.indexes)
          change.forwarded.insert(registration.id)
          failures.errors += forwarded.errors
        case .object, .closure:
          guard registration.options.contains(.prior) else { continue }
          let prior = Change(
            kind: change.kind, old: registration.options.contains(.old) ? change.old : nil, indexes: change.indexes,
            isPrior: true)
          try deliver(prior, to: registration, about: object)
        }
      } catch {
        failures.errors.append(error)
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
    guard let snapshot = object.observationSnapshot else { return DeliveryErrors(errors: []) }
    let table = snapshot.table
    let finished = popPending(table, of: object, id: id, thread: ThreadIdentity.current)
    guard !finished.isEmpty else { return DeliveryErrors(errors: []) }
    return finish(finished, of: object, notify: notify)
  }

  /// Runs `body` between a will-change and a did-change of `id`; observer errors are thrown
  /// once the change is complete, and a failing `body` closes the change silently.
  static func around<Result>(
    _ object: Object, id: KeyID, kind: ChangeKind = .setting, indexes: Indexes? = nil, _ body: () throws -> Result
  ) throws -> Result {
    let before = try willChange(object, id: id, kind: kind, indexes: indexes)
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
  private static func cancelChange(_ object: Object, id: KeyID) {
    guard let table = object.observationSnapshot?.table else { return }
    _ = popPending(table, of: object, id: id, thread: ThreadIdentity.current)
  }

  /// Closes a change whose setter failed: nobody is notified, every forwarded will is closed.
  static func abandonChange(_ object: Object, id: KeyID) {
    didChange(object, id: id, notify: false)
  }

  /// Pops one will-change of `id`; returns the pending records whose outermost pair ended.
  private static func popPending(_ table: ObservationTable, of object: Object, id: KeyID, thread: UInt) -> [PendingChange] {
    table.lock.withLock { () -> [PendingChange] in
      let stackKey = PendingKey(thread: thread, id: id)
      guard var stack = table.triggerStacks[stackKey], let paths = stack.popLast() else { return [] }
      table.triggerStacks[stackKey] = stack.isEmpty ? nil : stack
      var finished: [PendingChange] = []
      for path in paths {
        let key = PendingKey(thread: thread, id: path)
        guard let change = table.pending[key] else { continue }
        change.depth -= 1
        if change.depth == 0 {
          table.pending[key] = nil
          finished.append(change)
        }
      }
      if table.registrations.isEmpty { table.publish(on: object) }  // drop it once nothing is in flight
      return finished
    }
  }

  private static func finish(_ changes: [PendingChange], of object: Object, notify: Bool) -> DeliveryErrors {
    var failures = DeliveryErrors(errors: [])
    guard notify else {
      for (change, registration) in inRegistrationOrder(changes) where change.forwarded.contains(registration.id) {
        if case .forward(let forwarder) = registration.observer, let owner = forwarder.owner {
          didChange(owner, id: forwarder.ownerPathID, notify: false)
        }
      }
      return failures
    }
    for change in changes {
      if change.registrations.contains(where: { $0.path.rest != nil }) {
        for registration in object.observationSnapshot?.byPath[change.pathID] ?? [] where registration.path.rest != nil {
          do { try KeyPathChain.relink(registration, of: object) } catch { failures.errors.append(error) }
        }
      }
      if change.needsNew {
        do {
          change.new = try currentValue(of: object, for: change)  // call-out: accessors
        } catch {
          failures.errors.append(error)
        }
      }
    }
    var dead: [Registration] = []
    for (change, registration) in inRegistrationOrder(changes) {
      do {
        switch registration.observer {
        case .forward(let forwarder):
          guard change.forwarded.contains(registration.id), let owner = forwarder.owner else { continue }
          failures.errors += didChange(owner, id: forwarder.ownerPathID).errors
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
        failures.errors.append(error)
      }
    }
    for registration in dead { Observation.pruneDeadObserver(registration, of: object) }
    return failures
  }

  /// Every (change, registration) pair, sorted by registration number.
  private static func inRegistrationOrder(_ changes: [PendingChange]) -> [(PendingChange, Registration)] {
    if changes.count == 1, let change = changes.first {
      return change.registrations.map { (change, $0) }
    }
    return changes.flatMap { change in change.registrations.map { (change, $0) } }.sorted { $0.1.id < $1.1.id }
  }

  /// The value a change reports: the whole value for a setting, the affected elements for a
  /// to-many change.
  private static func currentValue(of object: Object, for change: PendingChange) throws -> Value {
    guard let path = change.registrations.first?.path else { return .nil }
    let value = try KeyValueCoding.value(of: .object(object), at: path)
    guard let indexes = change.indexes, change.kind != .setting else { return value }
    let elements = value.arrayValue ?? []
    return .array(indexes.filter { elements.indices.contains($0) }.map { elements[$0] })
  }

  /// Sends one notification. Returns `false` if the observer is gone (it will be pruned).
  @discardableResult
  static func deliver(_ change: Change, to registration: Registration, about object: Object) throws -> Bool {
    switch registration.observer {
    case .object(let reference, _):
      guard let observer = reference.object, let runtime = observer.runtime else { return false }
      try runtime.msgSend(  // call-out: the observer's method, no lock held
        observer, "observeValueForKeyPath:ofObject:change:context:",
        arguments: [.string(registration.pathString), .object(object), .swiftObject(ChangeDictionary(change)), registration.context.value])
    case .closure(let handler):
      handler(object, change)  // call-out: the observer's closure, no lock held
    case .forward:
      break
    }
    return true
  }
}
