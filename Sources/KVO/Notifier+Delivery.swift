// Notifier+Delivery.swift: sending the notifications of a finished change.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/ChangeDictionaryTests.swift,
// RegistrationTests.swift.
//
// Each observer gets a change built from its own options, as Foundation does. A change is
// immutable, so observers that asked for the same things share one change object, and observers
// that also share a context share one argument list for
// `observeValueForKeyPath:ofObject:change:context:`: with ten observers of a key, a set builds
// one change and one argument list, not ten (what keeps K2 linear in observers with a small slope).

import MiniRuntime

/// The notifications of one finished change, built lazily and shared where they are identical.
struct NotificationBatch {
  /// The changed object; the caller keeps it alive for the batch's (short) life.
  unowned(unsafe) let object: Object
  private var options: ObservingOptions = []
  /// The pending change the current notification was built from (identity only).
  private var source: ObjectIdentifier? = nil
  private var notification: Change? = nil
  private var context: ObservationContext? = nil
  /// Valid when `hasArguments` (not an optional: unwrapping one would copy every argument).
  private var arguments = Arguments()
  private var hasArguments = false

  /// The thread's changes, where a change object nobody kept waits for reuse.
  unowned(unsafe) let thread: ThreadChanges
  /// Whether the runtime reports events: each delivery is then reported (`observerNotified`).
  private let reportsEvents: Bool

  init(object: Object, thread: ThreadChanges) {
    self.object = object
    self.thread = thread
    reportsEvents = object.reportsEvents
  }

  /// Notifies `registration` of `change`. Returns `false` if its observer is gone.
  mutating func deliver(_ change: PendingChange, to registration: Registration) throws -> Bool {
    let wanted = registration.options.intersection([.new, .old])
    if notification == nil || wanted != options || ObjectIdentifier(change) != source {
      let new = wanted.contains(.new) && change.kind != .removal ? change.new : nil
      let old = wanted.contains(.old) && change.kind != .insertion ? change.old : nil
      if notification == nil, let spare = thread.spareChange.take() {
        spare.refill(kind: change.kind, new: new, old: old, indexes: change.indexes)
        notification = spare
      } else {
        notification = Change(kind: change.kind, new: new, old: old, indexes: change.indexes)
      }
      options = wanted
      source = ObjectIdentifier(change)
      hasArguments = false
    }
    if reportsEvents { Notifier.report(notification.unsafelyUnwrapped, to: registration, about: object) }
    if let handler = registration.handler {
      handler(object, notification.unsafelyUnwrapped)  // call-out: the observer's closure, no lock held
      return true
    }
    guard let observer = registration.observerObject else { return false }
    if !hasArguments || context != registration.context {
      arguments = Arguments(
        .string(registration.pathString), .object(object), .swiftObject(notification.unsafelyUnwrapped),
        registration.context.value)
      context = registration.context
      hasArguments = true
    }
    try Self.send(observer, arguments)
    return true
  }

  /// Sends `observeValueForKeyPath:ofObject:change:context:`. The observer is consumed (the
  /// reference its weak load made is the one the send uses), which spares a retain/release pair
  /// on an object whose weak references make reference counting slow.
  @inline(never)
  private static func send(_ observer: consuming Object, _ arguments: borrowing Arguments) throws {
    try Runtime.msgSend(observer, Selectors.observeValue, arguments: copy arguments)  // call-out: the observer's method, no lock held
  }

  /// Ends the batch: if no observer kept the last change object, it waits on the thread for
  /// the next set (so a set with one kind of observer allocates no change object at all).
  mutating func finish() {
    arguments = Arguments()
    if isKnownUniquelyReferenced(&notification) {
      let last = notification.take()
      last?.empty()
      thread.spareChange = last
    }
  }
}

extension Notifier {
  /// Sends one notification (the initial one, or a prior one). Returns `false` if the observer
  /// is gone (it will be pruned).
  @discardableResult
  static func deliver(_ change: Change, to registration: Registration, about object: Object) throws -> Bool {
    if object.reportsEvents { report(change, to: registration, about: object) }
    if let handler = registration.handler {
      handler(object, change)  // call-out: the observer's closure, no lock held
      return true
    }
    guard registration.forwarder == nil else { return true }
    guard let observer = registration.observerObject else { return false }
    try Runtime.msgSend(  // call-out: the observer's method, no lock held
      observer, Selectors.observeValue,
      arguments: Arguments(.string(registration.pathString), .object(object), .swiftObject(change), registration.context.value))
    return true
  }

  /// Reports a delivery to the runtime's event observers (`RuntimeEvent.observerNotified`), before
  /// the observer is called so that what its callback does follows in the event stream. KVO's own
  /// registrations (key-path chains) are not reported: they are not observers of the program.
  /// Locking: no lock held (event observers run synchronously).
  static func report(_ change: Change, to registration: Registration, about object: Object) {
    guard registration.forwarder == nil else { return }
    let observer = registration.handler != nil ? "block" : registration.observerObject?.description ?? "nil"
    object.runtime?.emit(
      .observerNotified(
        observer: observer, keyPath: registration.pathString, object: object.description,
        change: change.description))
  }
}
