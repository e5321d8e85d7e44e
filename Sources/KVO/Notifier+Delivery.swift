// Notifier+Delivery.swift: sending the notifications of a finished change.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/ChangeDictionaryTests.swift,
// RegistrationTests.swift.
//
// Each observer gets a change built from its own options, as Foundation does. A change is
// immutable, so observers that asked for the same things (and carry no extra entry of their own,
// ExtraChangeEntry.swift) share one change object, and observers
// that also share a context share one argument list for
// `observeValueForKeyPath:ofObject:change:context:`: with ten observers of a key, a set builds
// one change and one argument list, not ten (what keeps K2 linear in observers with a small slope).
// Observers are loaded strongly when the pass begins (Notifier.withObserversAlive) and passed in.

import MiniRuntime

/// The notifications of one finished change, built lazily and shared where they are identical.
struct NotificationBatch {
  private var options: ObservingOptions = []
  /// The pending change the current notification was built from (identity only).
  private var source: ObjectIdentifier? = nil
  /// Whether the current notification carries a registration's extra entry: such a change is
  /// that registration's alone, never shared.
  private var hasExtra = false
  private var notification: Change? = nil
  private var context: ObservationContext? = nil
  /// Valid when `hasArguments` (not an optional: unwrapping one would copy every argument).
  private var arguments = Arguments()
  private var hasArguments = false
  /// Whether the runtime reports events: each delivery is then reported (`observerNotified`).
  private let reportsEvents: Bool

  /// A batch for the changes of `object` (every delivery names the same object).
  init(reportingEventsOf object: Object) {
    reportsEvents = object.reportsEvents
  }

  /// Notifies `registration` of `change` of `object`; `observer` is its observer object, loaded
  /// (and kept alive) when the pass began. Returns `false` if an object observer is gone.
  ///
  /// A new `Change` is made for every notification pass: a change handed to an observer may be
  /// read on another thread after the set returns (a KVOController executor), so none is reused.
  mutating func deliver(
    _ change: PendingChange, of object: Object, to registration: Registration, observer: UnretainedObject?
  ) throws -> Bool {
    let wanted = registration.options.intersection([.new, .old])
    let ownsExtra = registration.hasExtraEntry
    if notification == nil || wanted != options || ObjectIdentifier(change) != source || ownsExtra || hasExtra {
      let new = wanted.contains(.new) && change.kind != .removal ? change.new : nil
      let old = wanted.contains(.old) && change.kind != .insertion ? change.old : nil
      notification = Change(
        kind: change.kind, new: new, old: old, indexes: change.indexSource,
        extra: ownsExtra ? registration.extraEntry : nil)
      options = wanted
      source = ObjectIdentifier(change)
      hasExtra = ownsExtra
      hasArguments = false
    }
    if reportsEvents { Notifier.report(notification!, to: registration, about: object) }
    if let handler = registration.handler {
      handler(object, notification!)  // call-out: the observer's closure, no lock held
      return true
    }
    guard let observer else { return registration.isNilObserver }  // gone before the pass began, or nil
    if !hasArguments || context != registration.context {
      arguments = Arguments(
        try registration.pathArgument(about: object), .object(object), .swiftObject(notification!),
        registration.context.value)
      context = registration.context
      hasArguments = true
    }
    // INVARIANT: UnretainedObject (the pass keeps the observer alive): no reference counting.
    _ = try observer.withObject { observer in
      try Runtime.msgSend(observer, Selectors.observeValue, arguments: arguments)  // call-out: the observer's method, no lock held
    }
    return true
  }
}

extension Notifier {
  /// Sends one notification (a prior one) to `registration`, whose observer object (if it has
  /// one) is `observer`. Returns `false` if that observer is gone.
  @discardableResult
  static func deliver(_ change: Change, to registration: Registration, observer: Object?, about object: Object) throws
    -> Bool
  {
    if object.reportsEvents { report(change, to: registration, about: object) }
    if let handler = registration.handler {
      handler(object, change)  // call-out: the observer's closure, no lock held
      return true
    }
    guard registration.forwarder == nil else { return true }
    guard let observer else { return registration.isNilObserver }  // a message to nil does nothing
    try Runtime.msgSend(  // call-out: the observer's method, no lock held
      observer, Selectors.observeValue,
      arguments: Arguments(
        try registration.pathArgument(about: object), .object(object), .swiftObject(change),
        registration.context.value))
    return true
  }

  /// Reports a delivery to the runtime's event observers (`RuntimeEvent.observerNotified`), before
  /// the observer is called so that what its callback does follows in the event stream. KVO's own
  /// registrations (key-path chains) are not reported: they are not observers of the program.
  /// Locking: no lock held (event observers run synchronously).
  static func report(_ change: Change, to registration: Registration, about object: Object) {
    guard registration.forwarder == nil else { return }
    let observer = registration.handler != nil ? "block" : registration.observerObject?.description ?? "nil"
    report(change, toObserver: observer, keyPath: registration.pathString, about: object)
  }

  /// Reports a delivery to `observer` (its description, or `block`) of `keyPath` (KVO's name of
  /// it: a lone surrogate's spelling is shown as the text U+FFFD, LoneSurrogateKey.swift).
  static func report(_ change: Change, toObserver observer: String, keyPath: String, about object: Object) {
    object.runtime?.emit(
      .observerNotified(
        observer: observer, keyPath: LoneSurrogateKey.displayed(keyPath), object: object.description,
        change: change.description))
  }
}
