// KVOController.swift: FBKVOController's design, on MiniKVO's KVO.
//
// Docs: docs/kvocontroller.md. Tests: Tests/KVOControllerTests.
//
// Model: a controller, owned by its observer, through which every observation goes. It keeps,
// per observed object, the infos observed through it, deduplicated by key path; the shared
// controller registers them with KVO. So there is no manual removal (releasing the controller
// removes everything), no error on a double observe (deduplicated) or an unbalanced unobserve
// (a no-op), and no callback once the controller or the observer is gone.
//
// Observed objects are retained by default (FB's `retainObserved:YES`), weakly held otherwise;
// an object observing itself is never retained (that would be a cycle through its own
// `kvoController`). A weakly held object carries a sentinel associated object whose release,
// when the object is freed, drops its entries.
//
// Lock: `lock` guards `entries`. KVO and the shared controller are called after it is released,
// so callbacks (which may observe or unobserve) never run under it.

@_exported import KVO
import MiniRuntime

/// Observes objects on behalf of an observer, safely: FBKVOController in Swift.
///
/// ```swift
/// let controller = KVOController(observer: viewModel)
/// try controller.observe(person, keyPath: "age", options: [.new]) { observer, object, change in
///   print(change.new ?? nil, change[.notificationKeyPath] ?? nil)   // 43 "age"
/// }
/// // no removal code: releasing the controller removes every observation
/// ```
///
/// Guarantees, each pinned by a test in `KVOControllerTests`:
/// - observing the same object and key path twice is one observation (`observingTwiceIsDeduplicated`);
/// - unobserving what is not observed does nothing (`unobservingUnknownIsANoOp`);
/// - releasing the controller removes everything it observed and restores isa
///   (`releasingTheControllerRemovesEveryObservation`);
/// - nothing is delivered after unobserve or once the observer is gone
///   (`notificationAfterUnobserveIsDropped`, `goneObserverReceivesNothing`);
/// - observing `self` does not leak (`observingSelfDoesNotLeak`).
///
/// Objective-C: `FBKVOController`
public final class KVOController: @unchecked Sendable, CustomStringConvertible {
  /// A block callback: the observer, the observed object and the change (which also carries
  /// the key path under ``KVO/ChangeKey/notificationKeyPath``).
  ///
  /// Objective-C: `FBKVONotificationBlock`
  public typealias Block = @Sendable (_ observer: Object, _ object: Object, _ change: Change) -> Void

  /// The observer callbacks are for; held weakly.
  ///
  /// Objective-C: `FBKVOController.observer`
  public weak let observer: Object?

  /// Whether observed objects are retained until unobserved.
  ///
  /// Objective-C: the `retainObserved:` argument of `-initWithObserver:retainObserved:`
  public let retainsObserved: Bool

  /// The runtime the observer lives in.
  private weak let runtime: Runtime?

  private struct Entry {
    let strong: Object?
    let weak: WeakReference<Object>
    var infos: [String: Info] = [:]
    var order: [String] = []
  }

  private let lock = Lock()
  /// Locking: `lock`.
  private var entries: [ObjectIdentifier: Entry] = [:]
  /// Locking: `lock`.
  private var entryOrder: [ObjectIdentifier] = []
  /// Keys the deallocation sentinels of weakly held objects under.
  private let sentinelKey = AssociationKey("KVOController.sentinel")

  /// Creates a controller for `observer`.
  ///
  /// - Parameters:
  ///   - observer: Receives the callbacks; held weakly.
  ///   - retainObserved: Whether to keep observed objects alive until unobserved (default yes).
  ///
  /// Objective-C: `-[FBKVOController initWithObserver:retainObserved:]`
  public init(observer: Object, retainObserved: Bool = true) {
    self.observer = observer
    retainsObserved = retainObserved
    runtime = observer.runtime
  }

  /// A new controller for `observer`, retaining observed objects.
  ///
  /// Objective-C: `+[FBKVOController controllerWithObserver:]`
  public static func controller(withObserver observer: Object) -> KVOController {
    KVOController(observer: observer)
  }

  deinit { unobserveAll() }

  // MARK: - Observing

  /// Observes `keyPath` of `object`, calling `block` on each change.
  ///
  /// Observing a key path this controller already observes on `object` does nothing (FB
  /// deduplicates by key path, keeping the first registration).
  ///
  /// - Parameters:
  ///   - delivery: Where the block runs (default: the thread that made the change).
  /// - Throws: ``KeyValueError`` with code `invalidArgument` for a nil object (FB asserts and
  ///   then ignores it), `invalidKeyPath` for an empty or malformed key path (FB asserts on an
  ///   empty one), or what KVO refuses (for example `unsupportedKeyPath` through a to-many
  ///   property). Nothing is registered when it throws. (A missing block cannot be expressed:
  ///   the block is not optional in Swift.)
  ///
  /// Objective-C: `-[FBKVOController observe:keyPath:options:block:]`
  public func observe(
    _ object: Object?, keyPath: String, options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    block: @escaping Block
  ) throws {
    try observe(object, keyPaths: [keyPath], options: options, callback: .block(block), delivery: delivery)
  }

  /// Observes several key paths of `object` with one block.
  ///
  /// - Throws: As ``observe(_:keyPath:options:delivery:block:)``, and `invalidArgument` for an
  ///   empty array. All or nothing: if one key path is refused, none of them stays observed.
  ///
  /// Objective-C: `-[FBKVOController observe:keyPaths:options:block:]`
  public func observe(
    _ object: Object?, keyPaths: [String], options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    block: @escaping Block
  ) throws {
    try observe(object, keyPaths: keyPaths, options: options, callback: .block(block), delivery: delivery)
  }

  /// Observes `keyPath` of `object`, sending `action` to the observer with (change, object).
  ///
  /// The action takes two arguments: `-(void)ageChanged:(NSDictionary *)change object:(id)object`.
  ///
  /// - Throws: As the block form, and `invalidArgument` if the observer does not respond to
  ///   `action` or it does not take two arguments.
  ///
  /// Objective-C: `-[FBKVOController observe:keyPath:options:action:]`
  public func observe(
    _ object: Object?, keyPath: String, options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    action: Selector
  ) throws {
    try observe(object, keyPaths: [keyPath], options: options, delivery: delivery, action: action)
  }

  /// Observes several key paths of `object` with one action.
  ///
  /// Objective-C: `-[FBKVOController observe:keyPaths:options:action:]`
  public func observe(
    _ object: Object?, keyPaths: [String], options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    action: Selector
  ) throws {
    guard action.isValid, action.argumentCount == 2, let observer, observer.isa.instancesRespond(to: action) else {
      throw KeyValueError(
        .invalidArgument,
        "\(observer.map(\.description) ?? "the observer") does not respond to the two-argument action '\(action.name)'")
    }
    try observe(object, keyPaths: keyPaths, options: options, callback: .action(action), delivery: delivery)
  }

  /// Observes `keyPath` of `object`, sending the observer its own
  /// `observeValueForKeyPath:ofObject:change:context:` with `context`.
  ///
  /// Objective-C: `-[FBKVOController observe:keyPath:options:context:]`
  public func observe(
    _ object: Object?, keyPath: String, options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    context: ObservationContext
  ) throws {
    try observe(object, keyPaths: [keyPath], options: options, callback: .context(context), delivery: delivery)
  }

  /// Observes several key paths of `object`, calling back through the observer's own
  /// `observeValueForKeyPath:ofObject:change:context:`.
  ///
  /// Objective-C: `-[FBKVOController observe:keyPaths:options:context:]`
  public func observe(
    _ object: Object?, keyPaths: [String], options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    context: ObservationContext
  ) throws {
    try observe(object, keyPaths: keyPaths, options: options, callback: .context(context), delivery: delivery)
  }

  private func observe(
    _ object: Object?, keyPaths: [String], options: ObservingOptions, callback: Callback, delivery: CallbackDelivery
  ) throws {
    guard let object else {
      throw KeyValueError(.invalidArgument, "KVOController cannot observe nil (FBKVOController asserts, then ignores it)")
    }
    guard !keyPaths.isEmpty else {
      throw KeyValueError(.invalidArgument, "KVOController needs at least one key path")
    }
    for keyPath in keyPaths {
      _ = try KeyValuePath(keyPath)  // checked before anything is registered
    }
    var added: [String] = []
    do {
      for keyPath in keyPaths
      where try observe(object, keyPath: keyPath, options: options, callback: callback, delivery: delivery) {
        added.append(keyPath)
      }
    } catch {
      for keyPath in added { unobserve(object, keyPath: keyPath) }  // all or nothing
      throw error
    }
  }

  /// Observes one key path; returns whether it was new (not deduplicated).
  private func observe(
    _ object: Object, keyPath: String, options: ObservingOptions, callback: Callback, delivery: CallbackDelivery
  ) throws -> Bool {
    guard let runtime = object.runtime else {
      throw KeyValueError(.invalidArgument, "\(object) belongs to a runtime that no longer exists")
    }
    let info = Info(controller: self, keyPath: keyPath, options: options, callback: callback, delivery: delivery)
    let id = ObjectIdentifier(object)
    let (isNew, needsSentinel) = lock.withLock { () -> (Bool, Bool) in
      var entry: Entry
      if let existing = entries[id], existing.weak.object === object {
        entry = existing
      } else {
        let retains = retainsObserved && object !== observer
        entry = Entry(strong: retains ? object : nil, weak: WeakReference(object))
        entryOrder.removeAll { $0 == id }
        entryOrder.append(id)
      }
      guard entry.infos[keyPath] == nil else { return (false, false) }
      let needsSentinel = entry.strong == nil && entry.infos.isEmpty
      entry.infos[keyPath] = info
      entry.order.append(keyPath)
      entries[id] = entry
      return (true, needsSentinel)
    }
    guard isNew else { return false }
    if needsSentinel {
      try? object.setAssociatedObject(
        .swiftObject(DeallocationSentinel(controller: self, object: id)), forKey: sentinelKey, policy: .retain)
    }
    do {
      try SharedController.of(runtime).observe(object, info)
    } catch {
      let removed = lock.withLock { remove(keyPath, of: id) }
      withExtendedLifetime(removed) {}  // released here, outside the lock
      throw error
    }
    return true
  }

  // MARK: - Unobserving

  /// Stops observing `keyPath` of `object`; does nothing if it is not observed.
  ///
  /// Objective-C: `-[FBKVOController unobserve:keyPath:]`
  public func unobserve(_ object: Object?, keyPath: String) {
    guard let object else { return }
    finish(lock.withLock { remove(keyPath, of: ObjectIdentifier(object)) })
  }

  /// Stops observing every key path of `object`; does nothing if it is not observed.
  ///
  /// Objective-C: `-[FBKVOController unobserve:]`
  public func unobserve(_ object: Object?) {
    guard let object else { return }
    finish(lock.withLock { removeEntry(ObjectIdentifier(object)) })
  }

  /// Stops observing everything. Called when the controller is released.
  ///
  /// Objective-C: `-[FBKVOController unobserveAll]`
  public func unobserveAll() {
    finish(lock.withLock { entryOrder.reduce(into: Removed()) { $0.merge(removeEntry($1)) } })
  }

  /// What a removal took out of `entries`: the infos to unregister from KVO and the observed
  /// objects the controller retained. Both are handled by `finish`, after `lock` is released,
  /// because unregistering calls KVO and releasing an object may free it (running its
  /// `dealloc`, which is user code).
  private struct Removed {
    var infos: [Info] = []
    var retained: [Object] = []

    mutating func merge(_ other: Removed) {
      infos += other.infos
      retained += other.retained
    }
  }

  /// Unregisters the removed infos, then lets go of the removed objects (in that order: an
  /// object stays alive until KVO no longer observes it through this controller).
  /// Locking: called with `lock` released.
  private func finish(_ removed: Removed) {
    if let runtime, !removed.infos.isEmpty {
      let shared = SharedController.of(runtime)
      for info in removed.infos { shared.unobserve(info) }
    }
    withExtendedLifetime(removed.retained) {}
  }

  /// Removes one info. Locking: caller holds `lock`.
  private func remove(_ keyPath: String, of id: ObjectIdentifier) -> Removed {
    guard var entry = entries[id], let info = entry.infos.removeValue(forKey: keyPath) else { return Removed() }
    entry.order.removeAll { $0 == keyPath }
    if entry.infos.isEmpty {
      entries[id] = nil
      entryOrder.removeAll { $0 == id }
    } else {
      entries[id] = entry
    }
    return Removed(infos: [info], retained: entry.strong.map { [$0] } ?? [])
  }

  /// Removes every info of one object. Locking: caller holds `lock`.
  private func removeEntry(_ id: ObjectIdentifier) -> Removed {
    guard let entry = entries.removeValue(forKey: id) else { return Removed() }
    entryOrder.removeAll { $0 == id }
    return Removed(infos: entry.order.compactMap { entry.infos[$0] }, retained: entry.strong.map { [$0] } ?? [])
  }

  /// Called when a weakly held observed object is freed: its entries go.
  fileprivate func observedObjectDeallocated(_ id: ObjectIdentifier) {
    finish(
      lock.withLock { () -> Removed in
        guard let entry = entries[id], entry.weak.object == nil else { return Removed() }
        return removeEntry(id)
      })
  }

  // MARK: - Introspection

  /// The key paths observed on `object` through this controller, in the order observed.
  ///
  /// Objective-C: none (MiniKVO extension; FB keeps this private).
  public func observedKeyPaths(of object: Object) -> [String] {
    lock.withLock {
      guard let entry = entries[ObjectIdentifier(object)], entry.weak.object === object else { return [] }
      return entry.order
    }
  }

  /// The number of observed objects (a freed, weakly held object no longer counts).
  ///
  /// Objective-C: none (MiniKVO extension).
  public var observedObjectCount: Int {
    lock.withLock { entries.values.filter { $0.weak.object != nil }.count }
  }

  /// The observer and, per observed object, each key path with its options spelled out.
  ///
  /// ```
  /// <KVOController:0x… observer:<Observer: 0x…>
  ///   <Person: 0x…> -> (<_FBKVOInfo:0x… keyPath:age options:<NSKeyValueObservingOptionNew> block>)>
  /// ```
  ///
  /// Objective-C: `-[FBKVOController debugDescription]`
  public var description: String {
    var text = "<KVOController:\(Object.identity(of: self)) observer:\(observer.map(\.description) ?? "nil")"
    let lines = lock.withLock {
      entryOrder.compactMap { id -> String? in
        guard let entry = entries[id], let object = entry.weak.object else { return nil }
        let infos = entry.order.compactMap { entry.infos[$0]?.description }
        return "  \(object) -> (\(infos.joined(separator: ", ")))"
      }
    }
    if !lines.isEmpty { text += "\n" + lines.joined(separator: "\n") }
    return text + ">"
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
