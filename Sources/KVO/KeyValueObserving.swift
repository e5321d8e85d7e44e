// KeyValueObserving.swift: the public API for adding and removing observations.
//
// Docs: docs/kvo.md#key-value-observing. Tests: Tests/KVOTests/AppleKVOExperimentsTests.swift,
// RegistrationTests.swift.
//
// The engine behind these methods is in Observation.swift (adding) and Observation+Removal.swift
// (removing); the will/did methods at the end go to Notifier.swift.

import MiniRuntime
import Synchronization

extension Object {
  /// Registers `observer` to receive `observeValueForKeyPath:ofObject:change:context:` when the
  /// value at `keyPath` changes.
  ///
  /// ```swift
  /// try person.addObserver(watcher, forKeyPath: "age", options: [.new, .old], context: .none)
  /// person.isa.name                                   // "NSKVONotifying_Person"
  /// try Runtime.msgSend(person, "class")              // Person
  /// ```
  ///
  /// The observer is held weakly (Foundation holds it unretained): once it is gone it receives
  /// nothing and its registration is dropped. Registering twice registers twice.
  ///
  /// The key path is not checked, as Foundation checks none: it is split at its first dot into a
  /// key and the rest, and a value is read only for the initial notification and for the first
  /// key of a nested path (`a..b` on a Person: `undefinedKey` for `a`).
  ///
  /// - Throws: ``KeyValueError`` (`unsupportedKeyPath` for an array or set, or a step through a
  ///   to-many property; `undefinedKey` for a value that must be read), or an error from the
  ///   initial notification. Nothing is registered when the add throws.
  ///
  /// Objective-C: `-[NSObject addObserver:forKeyPath:options:context:]`
  public func addObserver(
    _ observer: Object, forKeyPath keyPath: String, options: ObservingOptions = [], context: ObservationContext = .none
  ) throws {
    if try runsOwnRegistration(KeyValueCategory.addObserver, Selectors.addObserver) {
      try Observation.add(observer: .object(observer), to: self, keyPath: keyPath, options: options, context: context)
      return
    }
    try sendCategoryMessage(
      Selectors.addObserver,
      Arguments(.object(observer), .string(keyPath), .uint64(UInt64(options.rawValue)), context.value))
  }

  /// Registers `observer` as ``addObserver(_:forKeyPath:options:context:)`` does, and every
  /// change it is sent for this registration (the Initial and prior ones included) carries one
  /// more entry, `extraEntry`.
  ///
  /// ```swift
  /// try person.addObserver(
  ///   watcher, forKeyPath: "age", options: [.new],
  ///   extraEntry: ExtraChangeEntry(.string("age"), forKey: ChangeKey("FBKVONotificationKeyPathKey")))
  /// // watcher's change: kind, new, and FBKVONotificationKeyPathKey = age
  /// ```
  ///
  /// For a layer above KVO that hands its callbacks the change with an entry of its own (as
  /// KVOController adds the key path): the entry goes into the change KVO builds anyway, instead
  /// of a copy of every change. A class that overrides `addObserver:forKeyPath:options:context:`,
  /// or a runtime tracing message sends, is sent that message as usual, which has no room for the
  /// entry: those changes carry none.
  ///
  /// - Throws: As ``addObserver(_:forKeyPath:options:context:)``.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func addObserver(
    _ observer: Object, forKeyPath keyPath: String, options: ObservingOptions = [], context: ObservationContext = .none,
    extraEntry: ExtraChangeEntry
  ) throws {
    if try !runsOwnRegistration(KeyValueCategory.addObserver, Selectors.addObserver) {
      // The first KVO call on this runtime finds no category yet: install it and ask again.
      runtime?.installKeyValueObserving()
      guard try runsOwnRegistration(KeyValueCategory.addObserver, Selectors.addObserver) else {
        return try addObserver(observer, forKeyPath: keyPath, options: options, context: context)
      }
    }
    try Observation.add(
      observer: .object(observer), to: self, keyPath: keyPath, options: options, context: context, extra: extraEntry)
  }

  /// Removes the most recently added registration of `observer` for `keyPath`, whatever its
  /// context.
  ///
  /// - Throws: ``KeyValueError`` with code `observerNotRegistered`, worded as Foundation's
  ///   `NSRangeException`: "Cannot remove an observer … for the key path "age" from … because
  ///   it is not registered as an observer."
  ///
  /// Objective-C: `-[NSObject removeObserver:forKeyPath:]`
  public func removeObserver(_ observer: Object, forKeyPath keyPath: String) throws {
    if try runsOwnRegistration(KeyValueCategory.removeObserver, Selectors.removeObserver) {
      return try Observation.remove(observer: observer, from: self, keyPath: keyPath, context: nil)
    }
    try sendCategoryMessage(Selectors.removeObserver, Arguments(.object(observer), .string(keyPath)))
  }

  /// Removes the most recently added registration of `observer` for `keyPath` with `context`.
  ///
  /// - Throws: ``KeyValueError`` with code `observerNotRegistered`.
  ///
  /// Objective-C: `-[NSObject removeObserver:forKeyPath:context:]`
  public func removeObserver(_ observer: Object, forKeyPath keyPath: String, context: ObservationContext) throws {
    if try runsOwnRegistration(KeyValueCategory.removeObserverWithContext, Selectors.removeObserverWithContext) {
      return try Observation.remove(observer: observer, from: self, keyPath: keyPath, context: context)
    }
    try sendCategoryMessage(
      Selectors.removeObserverWithContext, [.object(observer), .string(keyPath), context.value])
  }

  /// Whether sending `selector` would run the category's own `implementation`, and sends are not
  /// traced: then the Swift API calls the same engine directly, which behaves identically and
  /// saves the message (its argument list and the unpacking). A class that overrides the method,
  /// or a trace of message sends, gets the real message.
  /// The question is the send's (`sendWouldRun`): the first one after the object's isa became a
  /// new notifying class initializes that class, as `[obj removeObserver:…]` would, so later
  /// registrations find NSObject's implementation in its method cache.
  @inline(__always)
  private func runsOwnRegistration(_ implementation: Implementation, _ selector: Selector) throws -> Bool {
    try !tracesMessageSends && sendWouldRun(implementation, for: selector)
  }

  /// Observes `keyPath` with a Swift closure until the returned token is invalidated or released.
  ///
  /// ```swift
  /// let token = try person.observe("age", options: [.new]) { object, change in
  ///   print("age is now", change.new ?? nil)
  /// }
  /// token.invalidate()
  /// ```
  ///
  /// - Throws: As ``addObserver(_:forKeyPath:options:context:)``.
  ///
  /// Objective-C: `-[NSObject observe:options:changeHandler:]` (the Swift overlay's
  /// `NSKeyValueObservation`)
  public func observe(
    _ keyPath: String, options: ObservingOptions = [], changeHandler: @escaping @Sendable (Object, Change) -> Void
  ) throws -> ObservationToken {
    let registration = try Observation.add(
      observer: .closure(changeHandler), to: self, keyPath: keyPath, options: options, context: .none)
    return ObservationToken(object: self, registration: registration)
  }

  /// The key paths observed on this object by outside observers, in registration order (one
  /// entry per registration); a lone surrogate reads as U+FFFD, as in ``Observance/keyPath``.
  ///
  /// Objective-C: none (what `-observationInfo`'s description lists).
  public var observedKeyPaths: [String] {
    guard let table = (try? currentObservationSnapshot)?.table else { return [] }
    return table.lock.withLock { table.registrations.filter(\.isExternal).map(\.pathString) }.map(LoneSurrogateKey.displayed)
  }

  /// A description of every registration on this object, internal ones included, in the style
  /// of Foundation's `NSKeyValueObservationInfo`: one line per element of ``observances``, the
  /// same information as values.
  ///
  /// Objective-C: `[[obj observationInfo] description]`
  public var observationInfoDescription: String {
    let snapshot: ObservationSnapshot?
    do {
      snapshot = try currentObservationSnapshot
    } catch {
      return "(observation info unreadable: \(error))"
    }
    guard snapshot != nil else { return "(not observed)" }
    return "<ObservationInfo> (\n" + observances.map { "  \($0)" }.joined(separator: "\n") + "\n)"
  }
}

/// A closure observation; the observation ends when the token is invalidated or released.
///
/// Objective-C: `NSKeyValueObservation`
public final class ObservationToken: Sendable {
  private weak let object: Object?
  private let registration: Registration
  private let isValid = Atomic<Bool>(true)

  init(object: Object, registration: Registration) {
    self.object = object
    self.registration = registration
  }

  /// The observed key path.
  ///
  /// Objective-C: `-[NSKeyValueObservation keyPath]` (MiniKVO: as a string).
  public var keyPath: String { registration.pathString }

  /// Ends the observation. Calling it again does nothing.
  ///
  /// Objective-C: `-[NSKeyValueObservation invalidate]`
  public func invalidate() {
    guard isValid.exchange(false, ordering: .acquiringAndReleasing), let object else { return }
    Observation.remove(registration, from: object)
  }

  deinit { invalidate() }
}

extension Object {
  /// Announces that the value of `key` is about to change (pair it with ``didChangeValue(forKey:)``).
  ///
  /// Pairs nest per thread and each did notifies (decision 0010). Observers that asked for old
  /// values get the value read here; those that asked for `prior` are notified here. Until its
  /// did (or the thread's end) the change retains the object once per observance, as
  /// Foundation's pending notifications do.
  ///
  /// Objective-C: `-[NSObject willChangeValueForKey:]`
  public func willChangeValue(forKey key: String) throws {
    guard
      try KeyValueCategory.isOverridden(
        Selectors.willChangeValueForKey, own: KeyValueCategory.willChangeValueForKey, bySending: self)
    else { return try Notifier.willChange(self, key: key) }
    try Runtime.msgSend(self, Selectors.willChangeValueForKey, .string(key))
  }

  /// Announces that the value of `key` has changed: ends the most recent open will of `key` on
  /// this object on this thread, notifies its observers and gives back its retains. A
  /// did-change without a will-change does nothing.
  ///
  /// Objective-C: `-[NSObject didChangeValueForKey:]`
  public func didChangeValue(forKey key: String) throws {
    guard
      try KeyValueCategory.isOverridden(
        Selectors.didChangeValueForKey, own: KeyValueCategory.didChangeValueForKey, bySending: self)
    else { return try Notifier.didChange(self, key: key) }
    try Runtime.msgSend(self, Selectors.didChangeValueForKey, .string(key))
  }

  /// Announces a to-many change of `key` at `indexes` (insertion, removal or replacement).
  ///
  /// Objective-C: `-[NSObject willChange:valuesAtIndexes:forKey:]`
  public func willChange(_ kind: ChangeKind, valuesAt indexes: Indexes, forKey key: String) throws {
    try sendCategoryMessage("willChange:valuesAtIndexes:forKey:", [.uint64(UInt64(kind.rawValue)), ChangeIndexes(indexes, of: self).entry, .string(key)])
  }

  /// Ends a to-many change of `key` announced with ``willChange(_:valuesAt:forKey:)``.
  ///
  /// Objective-C: `-[NSObject didChange:valuesAtIndexes:forKey:]`
  public func didChange(_ kind: ChangeKind, valuesAt indexes: Indexes, forKey key: String) throws {
    try sendCategoryMessage("didChange:valuesAtIndexes:forKey:", [.uint64(UInt64(kind.rawValue)), ChangeIndexes(indexes, of: self).entry, .string(key)])
  }
}
