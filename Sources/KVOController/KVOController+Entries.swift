// KVOController+Entries.swift: what a controller observes, and unobserving it.
//
// Docs: docs/kvocontroller.md#the-object-graph. Tests: Tests/KVOControllerTests/KVOControllerTests.swift.
//
// Model: FB's `_objectInfosMap`: per observed object (by identity) an entry with the infos
// observed on it, in the order observed. The entry retains the object (FB's
// `retainObserved:YES`) or holds it weakly. An object observing itself through a retaining
// controller it owns is FB's retain loop (kept alive until an unobserve breaks it), as FB's
// header warns. A weakly held object carries a sentinel associated object whose release, when
// the object is freed, drops its entry.
//
// Lock: `lock` guards `entries`, `nextOrdinal` and `lastShared`. The shared controller (which calls KVO and
// may wait for callbacks) is called after it is released, and so is the release of an observed
// object (whose `dealloc` is user code): callbacks, which may observe and unobserve, never run
// under it.

import KVO
import MiniRuntime

extension KVOController {
  /// A class, not a struct: a struct with a `weak` field is copied (and destroyed) field by
  /// field through the runtime's weak-reference calls each time it is read out of `entries`.
  final class Entry {
    /// The shared controller of the object's runtime, which registers its infos.
    let shared: SharedController
    /// The object, when the controller retains it.
    let strong: Object?
    /// The object, when it is held weakly.
    private weak let weak: Object?
    /// Where the entry prints among the others.
    let ordinal: Int
    /// In the order observed. Locking: the controller's `lock` (so no dynamic exclusivity check).
    @exclusivity(unchecked) var infos: [Info]

    init(shared: SharedController, object: Object, retains: Bool, ordinal: Int, infos: [Info]) {
      self.shared = shared
      strong = retains ? object : nil
      weak = retains ? nil : object
      self.ordinal = ordinal
      self.infos = infos
    }

    /// The object: nil once a weakly held one is freed or deallocated.
    var object: Object? { strong ?? Object.unlessDeallocating(weak) }
  }

  /// Adds `info` to the entry of `object` and registers it; returns `false` if a plain observe
  /// found the key path already observed (FB deduplicates by key path).
  func add(_ info: Info, of object: Object) throws -> Bool {
    let id = ObjectIdentifier(object)
    guard let runtime = object.runtime else {
      throw KeyValueError(.invalidArgument, "\(object) belongs to a runtime that no longer exists")
    }
    let shared = try sharedController(of: runtime)
    let added = lock.withLock { () -> (shared: SharedController, replaced: Entry?, needsSentinel: Bool)? in
      if let entry = entries[id], entry.object === object {
        if !info.isAdditional, entry.infos.contains(where: { $0.keyPath == info.keyPath }) { return nil }
        entry.infos.append(info)
        return (entry.shared, nil, false)
      }
      let retains = retainsObserved
      let entry = Entry(shared: shared, object: object, retains: retains, ordinal: nextOrdinal, infos: [info])
      nextOrdinal += 1
      let replaced = entries.updateValue(entry, forKey: id)  // a freed object's, if its sentinel has not run yet
      return (shared, replaced, !retains)
    }
    guard let (shared, replaced, needsSentinel) = added else { return false }
    if let replaced { replaced.shared.unobserve(nil, replaced.infos) }
    if needsSentinel {
      try? object.setAssociatedObject(
        .swiftObject(DeallocationSentinel(controller: self, object: id)), forKey: sentinelKey, policy: .retain)
    }
    do {
      try shared.observe(object, info)
    } catch {
      remove([info], of: object)
      throw error
    }
    return true
  }

  /// The shared controller of `runtime`, remembered for the next observation.
  private func sharedController(of runtime: Runtime) throws -> SharedController {
    if let cached = lock.withLock({ lastShared }), cached.runtimeID == ObjectIdentifier(runtime) { return cached }
    let shared = try SharedController.of(runtime)  // may make a class: events, so no lock held
    lock.withLock { lastShared = shared }
    return shared
  }

  // MARK: - Unobserving

  /// Stops observing `keyPath` of `object`; does nothing if it is not observed, or for nil.
  ///
  /// Once it returns, no callback of that observation runs, on any thread (a callback already
  /// running on another thread is waited for; one running on this thread goes on).
  ///
  /// Objective-C: `-[FBKVOController unobserve:keyPath:]`
  public func unobserve(_ object: Object?, keyPath: String) {
    guard let object else { return }
    finish(lock.withLock { take(from: ObjectIdentifier(object)) { $0.keyPath == keyPath } })
  }

  /// Stops observing every key path of `object`; does nothing if it is not observed, or for nil.
  ///
  /// Objective-C: `-[FBKVOController unobserve:]`
  public func unobserve(_ object: Object?) {
    guard let object else { return }
    finish(lock.withLock { take(from: ObjectIdentifier(object)) { _ in true } })
  }

  /// Stops observing everything. Called when the controller is released.
  ///
  /// Objective-C: `-[FBKVOController unobserveAll]`
  public func unobserveAll() {
    finish(
      lock.withLock {
        defer { entries = [:] }
        return entries.values.sorted { $0.ordinal < $1.ordinal }.map { Removed(entry: $0, infos: $0.infos) }
      })
  }

  /// Removes infos that failed to register, or were registered by a failed multi-path call.
  func remove(_ infos: [Info], of object: Object) {
    finish(lock.withLock { take(from: ObjectIdentifier(object)) { info in infos.contains { $0 === info } } })
  }

  /// What a removal took out of one entry: the infos to unregister, and the entry, whose
  /// strong reference may be the last one to the object.
  struct Removed {
    let entry: Entry
    let infos: [Info]
  }

  /// Takes the infos `matching` out of the entry of `id` (and the entry, once empty).
  /// Locking: caller holds `lock`.
  func take(from id: ObjectIdentifier, matching: (Info) -> Bool) -> Removed? {
    guard let entry = entries[id] else { return nil }
    if entry.infos.allSatisfy(matching) {  // all of them (the common case): no new arrays
      entries[id] = nil
      return entry.infos.isEmpty ? nil : Removed(entry: entry, infos: entry.infos)
    }
    var (taken, kept): ([Info], [Info]) = ([], [])
    for info in entry.infos {
      if matching(info) { taken.append(info) } else { kept.append(info) }
    }
    guard !taken.isEmpty else { return nil }
    entry.infos = kept
    return Removed(entry: entry, infos: taken)
  }

  /// Unregisters the removed infos (waiting for their callbacks running elsewhere), then lets
  /// go of the object: an object stays alive until KVO no longer observes it through this
  /// controller. Locking: called with `lock` released.
  func finish(_ removed: Removed?) {
    guard let removed else { return }
    removed.entry.shared.unobserve(removed.entry.object, removed.infos)
    withExtendedLifetime(removed) {}
  }

  /// `finish` for each removal, in order.
  func finish(_ removed: [Removed]) {
    for each in removed { finish(each) }
  }

  /// Called when a weakly held observed object is freed: its entry goes.
  fileprivate func observedObjectDeallocated(_ id: ObjectIdentifier) {
    finish(
      lock.withLock { () -> Removed? in
        guard let entry = entries[id], entry.object == nil else { return nil }
        return take(from: id) { _ in true }
      })
  }

  // MARK: - Introspection

  /// The key paths observed on `object` through this controller, in the order observed (one
  /// per callback).
  ///
  /// Objective-C: none (MiniKVO extension; FB keeps this private).
  public func observedKeyPaths(of object: Object) -> [String] {
    lock.withLock {
      guard let entry = entries[ObjectIdentifier(object)], entry.object === object else { return [] }
      return entry.infos.map(\.keyPath)
    }
  }

  /// The number of observed objects (a freed, weakly held object no longer counts).
  ///
  /// Objective-C: none (MiniKVO extension).
  public var observedObjectCount: Int {
    lock.withLock { entries.values.filter { $0.object != nil }.count }
  }
}

/// Associated with a weakly held observed object; released when the object is freed.
private final class DeallocationSentinel: Sendable {
  private weak let controller: KVOController?
  private let object: ObjectIdentifier

  init(controller: KVOController, object: ObjectIdentifier) {
    self.controller = controller
    self.object = object
  }

  deinit { controller?.observedObjectDeallocated(object) }
}
