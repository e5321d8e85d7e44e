// ObservationTable.swift: the observations of one object.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift,
// KVOConcurrencyTests.swift.
//
// Model: each observed object's `observationInfo` slot holds an immutable
// `ObservationSnapshot`: the object's observed key paths (`ObservedPath`: a path, its
// registrations in registration order, and what they ask for) and a short trigger list from a
// changed key (or key path) to the observed paths that change affects (the path itself, paths
// that start with it, and keys that depend on it). A set reads the slot once and scans the
// trigger list by interned key id: it never hashes a string and never looks at observers of
// other keys.
//
// Writers (adding and removing registrations) take the table's `lock` and publish a new
// snapshot into the object's slot. The set path takes no KVO lock at all: readers use the
// snapshot they read, and changes in progress live with the thread that makes them
// (ThreadChanges.swift), as Foundation keeps them in thread-specific data.
//
// Lock order: `ObservationTable.lock` → `Runtime.lock` (for isa switching) → the object's spin
// lock (publishing). No user code runs under `lock`: the isa switch's runtime event is held back
// (`Runtime.deferringEvents`) and delivered after `lock` is released.

import MiniRuntime

/// Who receives a registration's notifications.
enum ObserverKind: Sendable {
  /// A runtime object, sent `observeValueForKeyPath:ofObject:change:context:`; held weakly.
  case object(WeakReference<Object>, label: ObserverLabel)
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

/// What an object observer looked like when it registered: its class name and address, kept so
/// that a description can name it after it is gone. Formatted only when described, so that
/// registering costs no string formatting.
struct ObserverLabel: Sendable, CustomStringConvertible {
  let className: String
  let address: UInt

  init(_ object: Object) {
    className = object.isa.name
    address = UInt(bitPattern: ObjectIdentifier(object))
  }

  /// The same text as `Object.description` gave at registration: `<Class: 0x…>`.
  var description: String { "<\(className): 0x\(String(address, radix: 16))>" }
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

/// The internal registration that follows the rest of a key path on an intermediate object.
final class ChainLink: Sendable {
  weak let target: Object?
  let registration: Registration

  init(target: Object, registration: Registration) {
    self.target = target
    self.registration = registration
  }
}

/// An observed key path of one object, with its registrations: built with each snapshot,
/// immutable after.
final class ObservedPath: Sendable {
  let pathID: KeyID
  let path: KeyValuePath
  /// The path's first key (the whole path for a one-key path).
  let firstKey: String
  /// In registration order.
  let registrations: [Registration]
  /// The same, unretained (`registrations` keeps them alive): the set path walks these without
  /// reference counting.
  let registrationRefs: [Unmanaged<Registration>]
  /// Whether any outside observer asked for old values, new values, prior notifications.
  let wantsOld: Bool
  let wantsNew: Bool
  let wantsPrior: Bool
  /// Whether the path goes through another object (its registrations hold chain links).
  let isChain: Bool
  /// Whether any registration is KVO's own plumbing (chains, dependent key paths).
  let hasForwarders: Bool
  /// How to read the value (cached at registration; see `Registration.getter`).
  let getter: CachedGetter?

  init(_ registrations: [Registration]) {
    let first = registrations[0]
    pathID = first.pathID
    path = first.path
    firstKey = first.firstKey
    self.registrations = registrations
    registrationRefs = registrations.map { Unmanaged.passUnretained($0) }
    // One pass, no intermediate arrays: this runs for every path on every add and remove.
    var externalOptions: ObservingOptions = []
    var hasForwarders = false
    var getter: CachedGetter?
    for registration in registrations {
      if registration.observer.isExternal {
        externalOptions.formUnion(registration.options)
      } else {
        hasForwarders = true
      }
      if getter == nil { getter = registration.getter }
    }
    wantsOld = externalOptions.contains(.old)
    wantsNew = externalOptions.contains(.new)
    wantsPrior = externalOptions.contains(.prior)
    isChain = first.path.components.count > 1
    self.hasForwarders = hasForwarders
    self.getter = getter
  }
}

/// The getter method of a one-key path, found when the registration was made, valid while the
/// runtime's method generation is unchanged (and the class did not override `valueForKey:`).
/// Two plain words, so reading it costs no reference counting.
struct CachedGetter: Sendable {
  let generation: UInt64
  let selector: Selector
}

/// The mutable observation state of one object. See the file comment for the locking rules.
final class ObservationTable: @unchecked Sendable {
  let lock = Lock()
  /// The class the object had before KVO switched its isa.
  let originalClass: Class

  /// Locking: `lock` (so exclusive without the dynamic check).
  @exclusivity(unchecked) var registrations: [Registration] = []
  /// Internal registrations made for the key-path dependencies of each observed key, with the
  /// number of registrations that need them. Locking: `lock`.
  @exclusivity(unchecked) var dependencyLinks: [KeyID: (count: Int, links: [Registration])] = [:]

  init(originalClass: Class) { self.originalClass = originalClass }

  /// Publishes the current registrations in the object's slot, or empties the slot when there
  /// are none. Locking: caller holds `lock`.
  func publish(on object: Object) {
    guard object.observationSnapshot?.table === self else { return }
    object.observationInfo = registrations.isEmpty ? nil : makeSnapshot()
  }

  /// Builds the snapshot of the current registrations. Locking: caller holds `lock`.
  func makeSnapshot() -> ObservationSnapshot {
    if let first = registrations.first, registrations.allSatisfy({ $0.pathID == first.pathID }) {
      return makeSinglePathSnapshot()
    }
    var groups: [(KeyID, [Registration])] = []
    groups.reserveCapacity(registrations.count)
    for registration in registrations {
      if let index = groups.firstIndex(where: { $0.0 == registration.pathID }) {
        groups[index].1.append(registration)
      } else {
        groups.append((registration.pathID, [registration]))
      }
    }
    let paths = groups.map { ObservedPath($0.1) }
    var triggers: [(key: KeyID, paths: [ObservedPath])] = []
    triggers.reserveCapacity(2 * paths.count)
    func trigger(_ key: KeyID, _ path: ObservedPath) {
      if let index = triggers.firstIndex(where: { $0.key == key }) {
        if !triggers[index].paths.contains(where: { $0 === path }) { triggers[index].paths.append(path) }
      } else {
        triggers.append((key, [path]))
      }
    }
    for path in paths {
      for registration in path.registrations {
        trigger(registration.firstKeyID, path)
        trigger(registration.pathID, path)
        for key in registration.dependencyKeyIDs { trigger(key, path) }
      }
    }
    return ObservationSnapshot(table: self, paths: paths, triggers: triggers.map { Trigger(key: $0.key, paths: $0.paths) })
  }

  /// The common case, every registration on one key path: the path shares the table's
  /// registration array and every trigger shares the one-element path list, so a snapshot costs
  /// five allocations instead of one per group, trigger and intermediate list. Same result as
  /// the general case (triggers in first-appearance order). Locking: caller holds `lock`.
  private func makeSinglePathSnapshot() -> ObservationSnapshot {
    let paths = [ObservedPath(registrations)]
    var triggers: [Trigger] = []
    triggers.reserveCapacity(2)
    func trigger(_ key: KeyID) {
      if !triggers.contains(where: { $0.key == key }) { triggers.append(Trigger(key: key, paths: paths)) }
    }
    for registration in registrations {
      trigger(registration.firstKeyID)
      trigger(registration.pathID)
      for key in registration.dependencyKeyIDs { trigger(key) }
    }
    return ObservationSnapshot(table: self, paths: paths, triggers: triggers)
  }
}

/// What a change of one key affects: the observed paths, and the first of them unretained (the
/// set path's common case is exactly one, which it reads without reference counting).
struct Trigger: Sendable {
  let key: KeyID
  let paths: [ObservedPath]
  let first: Unmanaged<ObservedPath>

  init(key: KeyID, paths: [ObservedPath]) {
    self.key = key
    self.paths = paths
    first = Unmanaged.passUnretained(paths[0])
  }
}

/// The immutable view of an object's observations that the set path reads without locking.
final class ObservationSnapshot: Sendable {
  let table: ObservationTable
  let paths: [ObservedPath]
  let triggers: [Trigger]

  init(table: ObservationTable, paths: [ObservedPath], triggers: [Trigger]) {
    self.table = table
    self.paths = paths
    self.triggers = triggers
  }

  /// What a change of `key` affects, or `nil` if it affects nothing: the number of observed
  /// paths and the first of them, unretained (the snapshot keeps it alive). No reference counting.
  ///
  /// - Complexity: O(*k*) in the number of distinct keys observed on the object (usually a few).
  @inline(__always)
  func trigger(_ key: KeyID) -> (count: Int, first: Unmanaged<ObservedPath>)? {
    for index in triggers.indices where triggers[index].key == key {
      return (triggers[index].paths.count, triggers[index].first)
    }
    return nil
  }

  /// The observed paths a change of `key` affects, or `nil` if it affects none.
  ///
  /// - Complexity: O(*k*) in the number of distinct keys observed on the object (usually a few).
  @inline(__always)
  func paths(triggeredBy key: KeyID) -> [ObservedPath]? {
    for index in triggers.indices where triggers[index].key == key { return triggers[index].paths }
    return nil
  }

  /// The observed path `pathID`, if any.
  func path(_ pathID: KeyID) -> ObservedPath? {
    paths.first { $0.pathID == pathID }
  }
}

extension Object {
  /// The object's current observation snapshot, if it is observed.
  ///
  /// The slot is public API (anyone may store an object there), so the type is checked, by
  /// comparing metatypes: cheaper than a dynamic cast, and no extra reference counting.
  var observationSnapshot: ObservationSnapshot? {
    guard let info = observationInfo, type(of: info) == ObservationSnapshot.self else { return nil }
    return unsafeDowncast(info, to: ObservationSnapshot.self)
  }
}
