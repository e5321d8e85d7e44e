// KVOController+Entries.swift: what a controller observes, and unobserving it.
//
// Docs: docs/kvocontroller.md#the-object-graph. Tests: Tests/KVOControllerTests/KVOControllerTests.swift.
//
// Model: FB's `_objectInfosMap`: per observed object (by identity) an entry with the infos
// observed on it, in the order observed. The entry retains the object (FB's
// `retainObserved:YES`, a map table with strong keys) or holds it weakly. The retain is a real
// one (`objc_retain`, so `retainCount` is one more and a `retain` override is sent it), taken once
// per entry before the entry is published, and given back once, by whichever removal takes the
// entry out of `entries` (the last key path's unobserve, `unobserve:`, `unobserveAll`, the
// controller's release), after its KVO registrations are gone. An object observing itself
// through a retaining controller it owns is FB's retain loop (kept alive until an unobserve
// breaks it), as FB's header warns. A weakly held object is never retained; it carries a
// sentinel associated object whose release, when the object is freed, drops its entry.
//
// Lock: `lock` guards `entries`, `nextOrdinal` and `lastShared`. The shared controller (which calls KVO and
// may wait for callbacks) is called after it is released, and so are the retain and the release of
// an observed object (a `retain` override, and `dealloc`, are user code): callbacks, which may
// observe and unobserve, never run under it.

import KVO
import MiniRuntime

extension KVOController {
  /// A class, not a struct: a struct with a `weak` field is copied (and destroyed) field by
  /// field through the runtime's weak-reference calls each time it is read out of `entries`.
  final class Entry {
    /// The shared controller of the object's runtime, which registers its infos.
    let shared: SharedController
    /// The object, when the controller retains it: this reference keeps its memory, and the
    /// entry also holds one `objc_retain` of it (its `retainCount`), taken by `add` and given
    /// back by the removal that takes the entry out of `entries`.
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
    let sharedOfRuntime = try sharedController(of: runtime)
    // A new entry of a retaining controller holds a retain of the object, taken with the lock
    // released (a `retain` override is user code) and before the entry is published, so that no
    // removal can give it back first: the first pass finds there is no entry, the second makes
    // it. A retain taken and not used (another thread made the entry meanwhile) is given back.
    var placed = lock.withLock { place(info, of: object, id, sharedOfRuntime, holdingRetain: false) }
    if placed == nil {
      try Runtime.retainForStore(.object(object))  // call-out: a `retain` override, no lock held
      placed = lock.withLock { place(info, of: object, id, sharedOfRuntime, holdingRetain: true) }
    }
    let shared: SharedController
    switch placed {
    case .none:  // only without a retain held, which the second pass holds
      return false
    case .created(let entryShared, let replaced):
      shared = entryShared
      finish(replaced)
      if !retainsObserved {
        try? object.setAssociatedObject(
          .swiftObject(DeallocationSentinel(controller: self, object: id)), forKey: sentinelKey, policy: .retain)
      }
    case .appended(let entryShared, let unusedRetain):
      if unusedRetain { Runtime.releaseForStore(.object(object)) }  // call-out: a `release` override
      shared = entryShared
    case .duplicate(let unusedRetain):
      if unusedRetain { Runtime.releaseForStore(.object(object)) }  // call-out: a `release` override
      return false
    }
    do {
      try shared.observe(object, info)
    } catch {
      remove([info], of: object)
      throw error
    }
    return true
  }

  /// Where `place` put an info.
  private enum Placed {
    /// Nowhere: the key path is already observed on the object. `unusedRetain`: the caller holds
    /// a retain of the object it must give back.
    case duplicate(unusedRetain: Bool)
    /// Appended to the object's entry, whose infos this shared controller registers.
    case appended(SharedController, unusedRetain: Bool)
    /// In a new entry (holding the caller's retain, for a retaining controller), in place of
    /// `replaced` (a freed object's with the same identity).
    case created(SharedController, replaced: Removed?)
  }

  /// Puts `info` in the entry of `object`, or in a new one; nil when a retaining controller must
  /// make a new entry and the caller holds no retain of the object yet. Locking: caller holds
  /// `lock`.
  private func place(
    _ info: Info, of object: Object, _ id: ObjectIdentifier, _ shared: SharedController, holdingRetain: Bool
  ) -> Placed? {
    if let entry = entries[id], entry.object === object {
      if !info.isAdditional, entry.infos.contains(where: { $0.keyPath == info.keyPath }) {
        return .duplicate(unusedRetain: holdingRetain)
      }
      entry.infos.append(info)
      return .appended(entry.shared, unusedRetain: holdingRetain)
    }
    if retainsObserved, !holdingRetain { return nil }
    let entry = Entry(shared: shared, object: object, retains: retainsObserved, ordinal: nextOrdinal, infos: [info])
    nextOrdinal += 1
    let replaced = entries.updateValue(entry, forKey: id)  // a freed object's, if its sentinel has not run yet
    return .created(shared, replaced: replaced.map { Removed(entry: $0, infos: $0.infos, releasesObject: true) })
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
        return entries.values.sorted { $0.ordinal < $1.ordinal }.map {
          Removed(entry: $0, infos: $0.infos, releasesObject: true)
        }
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
    /// Whether the entry itself left `entries`: its retain of the object (if it holds one) is
    /// then given back, by this removal and no other.
    let releasesObject: Bool
  }

  /// Takes the infos `matching` out of the entry of `id` (and the entry, once empty).
  /// Locking: caller holds `lock`.
  func take(from id: ObjectIdentifier, matching: (Info) -> Bool) -> Removed? {
    guard let entry = entries[id] else { return nil }
    if entry.infos.allSatisfy(matching) {  // all of them (the common case): no new arrays
      entries[id] = nil
      return Removed(entry: entry, infos: entry.infos, releasesObject: true)
    }
    var (taken, kept): ([Info], [Info]) = ([], [])
    for info in entry.infos {
      if matching(info) { taken.append(info) } else { kept.append(info) }
    }
    guard !taken.isEmpty else { return nil }
    entry.infos = kept
    return Removed(entry: entry, infos: taken, releasesObject: false)
  }

  /// Unregisters the removed infos (waiting for their callbacks running elsewhere), then lets
  /// go of the object: an object stays alive until KVO no longer observes it through this
  /// controller. The release of a retained object's entry may be its release to zero (`dealloc`
  /// runs here, with no registration left). Locking: called with `lock` released.
  func finish(_ removed: Removed?) {
    guard let removed else { return }
    removed.entry.shared.unobserve(removed.entry.object, removed.infos)
    if removed.releasesObject, let object = removed.entry.strong {
      Runtime.releaseForStore(.object(object))  // call-out: a `release` override, or `dealloc`
    }
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
