// ObservationTable.swift: the observations of one object.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/ObservationTableTests.swift.
//
// Model: each observed object's `observationInfo` slot holds an immutable
// `ObservationSnapshot`: every registration grouped by key path, and a trigger map from a
// changed key (or key path) to the observed key paths whose values that change affects
// (the path itself, paths that start with it, and keys that depend on it). A set therefore
// does one hash lookup by interned key and never looks at observers of other keys.
//
// Writers (add/remove registration, pending changes) take the table's `lock`; after each
// registration change they publish a new snapshot into the object's slot. Readers on the set
// path read the slot (the object's spin lock) and then use the snapshot without any lock.
// `pending` holds the will-change records of each thread, keyed by (thread, key path): will/did
// pairs nest per thread, and only the outermost pair notifies.
//
// Lock order: `ObservationTable.lock` → `Runtime.lock` (for isa switching) → the object's spin
// lock (publishing). No user code runs under `lock`.

import MiniRuntime

/// Who receives a registration's notifications.
enum ObserverKind: Sendable {
  /// A runtime object, sent `observeValueForKeyPath:ofObject:change:context:`; held weakly.
  case object(WeakReference<Object>, description: String)
  /// A Swift closure (``Object/observe(_:options:changeHandler:)``).
  case closure(@Sendable (Object, Change) -> Void)
  /// KVO's own plumbing: passes the will/did of this registration on to another key path of
  /// another (or the same) object. Used for key-path chains and dependent key paths.
  case forward(Forwarder)

  var isExternal: Bool {
    if case .forward = self { return false }
    return true
  }

  var isObjectObserver: Bool {
    if case .object = self { return true }
    return false
  }
}

/// The target of an internal registration: an object and the key path to notify on it.
final class Forwarder: Sendable {
  weak let owner: Object?
  let ownerPathID: KeyID
  /// A dependency forwarder reports a setting change; a chain forwarder passes the kind on.
  let isDependency: Bool

  init(owner: Object, ownerPathID: KeyID, isDependency: Bool) {
    self.owner = owner
    self.ownerPathID = ownerPathID
    self.isDependency = isDependency
  }
}

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

  /// The chain link: the internal registration that watches the rest of the path on the
  /// object `firstKey` currently leads to. Locking: the owner's table lock.
  var link: ChainLink?
  /// Bumped by every relink; a relink only installs its result if nobody relinked meanwhile.
  /// Locking: the owner's table lock.
  var linkVersion = 0
  /// False once removed. Locking: the owner's table lock.
  var isRegistered = true

  init(
    id: UInt64, path: KeyValuePath, options: ObservingOptions, context: ObservationContext, observer: ObserverKind,
    dependencyKeys: [String], dependencyPaths: [KeyValuePath]
  ) {
    self.id = id
    self.path = path
    pathString = path.description
    pathID = KeyTable.shared.id(pathString)
    firstKey = path.firstKey ?? pathString
    firstKeyID = KeyTable.shared.id(firstKey)
    self.options = options
    self.context = context
    self.observer = observer
    dependencyKeyIDs = dependencyKeys.map { KeyTable.shared.id($0) }
    self.dependencyPaths = dependencyPaths
  }

  /// Whether the observer of an external registration is `object`.
  func isObserved(by object: Object) -> Bool {
    if case .object(let reference, _) = observer { return reference.object === object }
    return false
  }

  /// The observer, for descriptions and diagnostics.
  var observerDescription: String {
    switch observer {
    case .object(_, let description): return description
    case .closure: return "<closure>"
    case .forward(let forwarder): return "<forwarder to \(KeyTable.shared.name(forwarder.ownerPathID))>"
    }
  }
}

/// The internal registration that follows the rest of a key path on an intermediate object.
final class ChainLink: Sendable {
  weak let target: Object?
  let registration: Registration

  init(target: Object, registration: Registration) {
    self.target = target
    self.registration = registration
  }
}

/// What a will-change recorded, waiting for its did-change. Owned by the thread that began it:
/// only that thread reads or writes its mutable fields.
final class PendingChange: @unchecked Sendable {
  var depth = 1
  let pathID: KeyID
  let kind: ChangeKind
  let indexes: Indexes?
  let registrations: [Registration]
  var old: Value?
  var new: Value?
  /// Internal registrations whose forwarded will-change succeeded: only they get the did.
  var forwarded: Set<UInt64> = []

  init(pathID: KeyID, kind: ChangeKind, indexes: Indexes?, registrations: [Registration]) {
    self.pathID = pathID
    self.kind = kind
    self.indexes = indexes
    self.registrations = registrations
  }

  var needsOld: Bool { registrations.contains { $0.observer.isExternal && $0.options.contains(.old) } }
  var needsNew: Bool {
    registrations.contains { $0.observer.isExternal && $0.options.contains(.new) }
  }
}

/// A thread's pending record for one key or key path.
struct PendingKey: Hashable {
  let thread: UInt
  let id: KeyID
}

/// The mutable observation state of one object. See the file comment for the locking rules.
final class ObservationTable: @unchecked Sendable {
  let lock = Lock()
  /// The class the object had before KVO switched its isa.
  let originalClass: Class

  /// Locking: `lock`.
  var registrations: [Registration] = []
  /// Internal registrations made for the key-path dependencies of each observed key, with the
  /// number of registrations that need them. Locking: `lock`.
  var dependencyLinks: [KeyID: (count: Int, links: [Registration])] = [:]
  /// Locking: `lock`.
  var pending: [PendingKey: PendingChange] = [:]
  /// For each (thread, changed key), the key paths each unfinished will-change touched.
  /// Locking: `lock`.
  var triggerStacks: [PendingKey: [[KeyID]]] = [:]

  init(originalClass: Class) { self.originalClass = originalClass }

  /// Publishes the current registrations in the object's slot; an empty table with no change
  /// in flight is dropped (a change in flight keeps it, so its did-change finds its records).
  /// Locking: caller holds `lock`.
  func publish(on object: Object) {
    guard object.observationSnapshot?.table === self else { return }
    if registrations.isEmpty && pending.isEmpty && triggerStacks.isEmpty {
      object.observationInfo = nil
    } else {
      object.observationInfo = makeSnapshot()
    }
  }

  /// Builds the snapshot of the current registrations. Locking: caller holds `lock`.
  func makeSnapshot() -> ObservationSnapshot {
    var byPath: [KeyID: [Registration]] = [:]
    var triggers: [KeyID: [KeyID]] = [:]
    func trigger(_ key: KeyID, _ path: KeyID) {
      if triggers[key]?.contains(path) != true { triggers[key, default: []].append(path) }
    }
    for registration in registrations {
      byPath[registration.pathID, default: []].append(registration)
      trigger(registration.firstKeyID, registration.pathID)
      trigger(registration.pathID, registration.pathID)
      for key in registration.dependencyKeyIDs { trigger(key, registration.pathID) }
    }
    return ObservationSnapshot(table: self, byPath: byPath, triggers: triggers)
  }
}

/// The immutable view of an object's observations that the set path reads without locking.
final class ObservationSnapshot: Sendable {
  let table: ObservationTable
  let byPath: [KeyID: [Registration]]
  let triggers: [KeyID: [KeyID]]

  init(table: ObservationTable, byPath: [KeyID: [Registration]], triggers: [KeyID: [KeyID]]) {
    self.table = table
    self.byPath = byPath
    self.triggers = triggers
  }
}

extension Object {
  /// The object's current observation snapshot, if it is observed.
  var observationSnapshot: ObservationSnapshot? { observationInfo as? ObservationSnapshot }
}
