// Registration.swift: one observation (Foundation's `NSKeyValueObservance`).
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift.
//
// Immutable once made, except for its chain link, the link's version and whether it is still
// registered, which only change under the owning object's `ObservationTable.lock`.

import MiniRuntime

/// One observation: an observer, a key path, options and a context, on one object.
///
/// Objective-C: `NSKeyValueObservance`
final class Registration: @unchecked Sendable {
  let id: UInt64
  let path: KeyValuePath
  let pathString: String
  let pathID: KeyID
  let firstKey: String
  let firstKeyID: KeyID
  let options: ObservingOptions
  let context: ObservationContext
  let observer: ObserverKind
  /// Keys of the same object whose changes affect `firstKey` (flattened dependencies).
  let dependencyKeyIDs: [KeyID]
  /// Key paths of the same object whose changes affect `firstKey`.
  let dependencyPaths: [KeyValuePath]
  /// For a one-key path: how to read its value without the KVC message (see `CachedGetter`).
  let getter: CachedGetter?
  // `observer`, unpacked so the set path reads one field instead of copying the enum's payload.
  /// The observer object of an `addObserver` registration.
  weak let observerObject: Object?
  /// The closure of a closure observation.
  let handler: (@Sendable (Object, Change) -> Void)?
  /// The target of one of KVO's own registrations.
  let forwarder: Forwarder?

  /// The chain link: the internal registration that watches the rest of the path on the
  /// object `firstKey` currently leads to. Locking: the owner's table lock (for this and the two
  /// below, which is why they skip the dynamic exclusivity check).
  @exclusivity(unchecked) var link: ChainLink?
  /// Bumped by every relink; a relink only installs its result if nobody relinked meanwhile.
  /// Locking: the owner's table lock.
  @exclusivity(unchecked) var linkVersion = 0
  /// False once removed. Locking: the owner's table lock.
  @exclusivity(unchecked) var isRegistered = true

  init(
    id: UInt64, path: KeyValuePath, options: ObservingOptions, context: ObservationContext, observer: ObserverKind,
    dependencyKeys: [String], dependencyPaths: [KeyValuePath], getter: CachedGetter?
  ) {
    self.id = id
    self.path = path
    pathString = path.description
    pathID = KeyTable.shared.id(pathString)
    firstKey = path.firstKey ?? pathString
    firstKeyID = path.components.count == 1 ? pathID : KeyTable.shared.id(firstKey)  // one key: one lookup
    self.options = options
    self.context = context
    self.observer = observer
    dependencyKeyIDs = dependencyKeys.map { KeyTable.shared.id($0) }
    self.dependencyPaths = dependencyPaths
    self.getter = getter
    switch observer {
    case .object(let reference, _):
      observerObject = reference.object
      handler = nil
      forwarder = nil
    case .closure(let closure):
      observerObject = nil
      handler = closure
      forwarder = nil
    case .forward(let target):
      observerObject = nil
      handler = nil
      forwarder = target
    }
  }

  /// Whether the observer of an external registration is `object`.
  func isObserved(by object: Object) -> Bool {
    if case .object(let reference, _) = observer { return reference.object === object }
    return false
  }

  /// The observer, for descriptions and diagnostics.
  var observerDescription: String {
    switch observer {
    case .object(_, let label): return label.description
    case .closure: return "<closure>"
    case .forward(let forwarder): return "<forwarder to \(KeyTable.shared.name(forwarder.ownerPathID))>"
    }
  }
}
