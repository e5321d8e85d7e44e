// KVOController.swift: FBKVOController's design, on MiniKVO's KVO.
//
// Docs: docs/kvocontroller.md. Tests: Tests/KVOControllerTests.
//
// Model: a controller, owned by its observer, through which every observation goes. It keeps,
// per observed object, the infos observed through it (FB deduplicates them by key path); the
// shared controller registers them with KVO. So there is no manual removal (releasing the
// controller removes everything), no error on a double observe (deduplicated) or an unbalanced
// unobserve (a no-op), and no callback once unobserve, unobserveAll or the controller's release
// has returned, or once the observer is gone.
//
// This file: the public API, checked as FB checks it (its NSAsserts become errors; a nil object
// is a no-op, as in FB). The entries and their lock: KVOController+Entries.swift.

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
/// - no callback runs once unobserve has returned, on any thread
///   (`KVOControllerRaceTests.noCallbackOfAnUnobservedEpochInThousandsOfEpochs`), nor once the
///   observer is gone (`goneObserverReceivesNothing`);
/// - observing `self` through a retaining controller `self` owns is FB's retain loop, which an
///   unobserve breaks (`observingSelfThroughTheRetainingControllerIsARetainLoopUntilUnobserved`).
///
/// Objective-C: `FBKVOController`
public final class KVOController: @unchecked Sendable, CustomStringConvertible {
  /// A block callback: the observer, the observed object and the change, which also carries
  /// the key path under `ChangeKey.notificationKeyPath`.
  ///
  /// Objective-C: `FBKVONotificationBlock`
  public typealias Block = @Sendable (_ observer: Object, _ object: Object, _ change: Change) -> Void

  /// The observer callbacks are for; not retained (FB holds it weakly), so nil once it is freed
  /// or deallocated.
  ///
  /// Objective-C: `FBKVOController.observer`
  public var observer: Object? { observerReference.load() }
  /// Held by an unowned count, as KVO holds observers (decision 0018): no weak-reference side
  /// table for the observer, whose retains then stay on the fast path.
  private let observerReference: UnownedObject

  /// Whether observed objects are retained until unobserved: one retain per observed object,
  /// which its `retainCount` shows, given back when its last key path is unobserved.
  ///
  /// Objective-C: the `retainObserved:` argument of `-initWithObserver:retainObserved:`
  public let retainsObserved: Bool

  let lock = Lock()
  // The three below skip the dynamic exclusivity check, as the shared controller's infos do:
  // every access is under `lock`, and the checks cost about 230 instructions per observe and
  // unobserve (callgrind, C1).
  /// Locking: `lock`.
  @exclusivity(unchecked) var entries: [ObjectIdentifier: Entry] = [:]
  /// The number given to the next new entry (entries print in the order objects were first
  /// observed). Locking: `lock`.
  @exclusivity(unchecked) var nextOrdinal = 0
  /// The shared controller of the runtime last observed in. Locking: `lock`.
  @exclusivity(unchecked) var lastShared: SharedController?
  /// Keys the deallocation sentinels of weakly held objects under.
  let sentinelKey = AssociationKey("KVOController.sentinel")

  /// Creates a controller for `observer`.
  ///
  /// A nil observer is accepted, as FB's `nullable` observer is: the controller registers what
  /// it is asked to observe, and calls nothing back (FB's shared controller sends no callback
  /// to a nil observer), exactly as a controller whose observer is gone.
  ///
  /// - Parameters:
  ///   - observer: Receives the callbacks; held weakly. May be nil.
  ///   - retainObserved: Whether to keep observed objects alive until unobserved (default yes;
  ///     without it, this is FB's `-initWithObserver:`).
  ///
  /// Objective-C: `-[FBKVOController initWithObserver:retainObserved:]` and `-initWithObserver:`
  public init(observer: Object?, retainObserved: Bool = true) {
    if let observer { observerReference = UnownedObject(observer) } else { observerReference = UnownedObject() }
    retainsObserved = retainObserved
  }

  /// A new controller for `observer` (which may be nil), retaining observed objects.
  ///
  /// Objective-C: `+[FBKVOController controllerWithObserver:]`
  public static func controller(withObserver observer: Object?) -> KVOController {
    KVOController(observer: observer)
  }

  deinit { unobserveAll() }

  // MARK: - Observing

  /// Observes `keyPath` of `object`, calling `block` on each change.
  ///
  /// Observing a key path this controller already observes on `object` does nothing (FB
  /// deduplicates by key path, keeping the first registration); a nil object does nothing.
  ///
  /// - Parameters:
  ///   - object: The object to observe.
  ///   - keyPath: The key path to observe on it.
  ///   - options: What each change carries, as for `addObserver(_:forKeyPath:options:context:)`.
  ///   - delivery: Where the block runs (default: the thread that made the change).
  ///   - block: Called with the observer, the object and the change.
  /// - Throws: `KeyValueError` with code `invalidKeyPath` for an empty or malformed key path
  ///   (FB asserts on an empty one), or what KVO refuses (for example `unsupportedKeyPath`
  ///   through a to-many property). Nothing is registered when it throws. An observer that is
  ///   already gone is no error: FB registers the observation, which never calls back.
  ///   (A missing block cannot be expressed: the block is not optional in Swift.)
  ///
  /// Objective-C: `-[FBKVOController observe:keyPath:options:block:]`
  public func observe(
    _ object: Object?, keyPath: String, options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    block: @escaping Block
  ) throws {
    try observe(object, keyPath: keyPath, options: options, target: .block(BlockBox(block)), delivery: delivery)
  }

  /// Observes several key paths of `object` with one block.
  ///
  /// - Throws: As ``observe(_:keyPath:options:delivery:block:)``, and `invalidArgument` for an
  ///   empty array (FB asserts). The key paths are registered in turn, as FB's loop does: if
  ///   one is refused, the ones before it stay observed and the ones after it are not.
  ///
  /// Objective-C: `-[FBKVOController observe:keyPaths:options:block:]`
  public func observe(
    _ object: Object?, keyPaths: [String], options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    block: @escaping Block
  ) throws {
    try observe(object, keyPaths: keyPaths, options: options, target: .block(BlockBox(block)), delivery: delivery)
  }

  /// Observes `keyPath` of `object`, sending `action` to the observer with the change and the
  /// object: `-(void)ageChanged:(NSDictionary *)change object:(id)object`. An action that takes
  /// one argument gets the change only, one that takes none gets nothing, as an Objective-C
  /// method that takes fewer arguments ignores the rest.
  ///
  /// The change is Foundation's, unchanged: no `ChangeKey.notificationKeyPath`.
  ///
  /// - Throws: As the block form, and `invalidArgument` if the observer does not respond to
  ///   `action` (FB asserts) or the action takes more than two arguments (FB would pass garbage).
  ///
  /// Objective-C: `-[FBKVOController observe:keyPath:options:action:]`
  public func observe(
    _ object: Object?, keyPath: String, options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    action: Selector
  ) throws {
    try checkAction(action)
    try observe(object, keyPath: keyPath, options: options, target: .action(action), delivery: delivery)
  }

  /// Observes several key paths of `object` with one action.
  ///
  /// Objective-C: `-[FBKVOController observe:keyPaths:options:action:]`
  public func observe(
    _ object: Object?, keyPaths: [String], options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    action: Selector
  ) throws {
    try checkAction(action)
    try observe(object, keyPaths: keyPaths, options: options, target: .action(action), delivery: delivery)
  }

  /// Observes `keyPath` of `object`, sending the observer its own
  /// `observeValueForKeyPath:ofObject:change:context:` with `context` and Foundation's change,
  /// unchanged.
  ///
  /// Objective-C: `-[FBKVOController observe:keyPath:options:context:]`
  public func observe(
    _ object: Object?, keyPath: String, options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    context: ObservationContext
  ) throws {
    try observe(object, keyPath: keyPath, options: options, target: .context(context), delivery: delivery)
  }

  /// Observes several key paths of `object`, calling back through the observer's own
  /// `observeValueForKeyPath:ofObject:change:context:`.
  ///
  /// Objective-C: `-[FBKVOController observe:keyPaths:options:context:]`
  public func observe(
    _ object: Object?, keyPaths: [String], options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    context: ObservationContext
  ) throws {
    try observe(object, keyPaths: keyPaths, options: options, target: .context(context), delivery: delivery)
  }

  /// Checks what FB asserts on, then ignores a nil object (FB returns early), then registers each
  /// key path in turn, as FB's loop does: a key path refused (an empty one, or one KVO refuses)
  /// throws, and the key paths before it stay observed. Returns the infos it added.
  @discardableResult
  func observe(
    _ object: Object?, keyPaths: [String], options: ObservingOptions, target: Target, delivery: CallbackDelivery,
    isAdditional: Bool = false
  ) throws -> [Info] {
    guard !keyPaths.isEmpty else {
      throw KeyValueError(.invalidArgument, "KVOController needs at least one key path")
    }
    guard let object else { return [] }  // FB returns before looking at a key path
    let observer = self.observer  // nil once gone: registered all the same, as FB does
    var added: [Info] = []
    for keyPath in keyPaths {
      if keyPath.isEmpty { _ = try KeyValuePath(keyPath) }  // FB asserts on an empty one, in its turn
      let info = Info(
        keyPath: keyPath, options: options, target: target, delivery: delivery, observer: observer, object: object,
        isAdditional: isAdditional)
      if try add(info, of: object) { added.append(info) }  // a refused one removes only its own info
    }
    return added
  }

  /// One key path: the checks and the registration of the `keyPaths:` form, without its arrays.
  func observe(
    _ object: Object?, keyPath: String, options: ObservingOptions, target: Target, delivery: CallbackDelivery
  ) throws {
    if keyPath.isEmpty { _ = try KeyValuePath(keyPath) }  // FB asserts on an empty one
    guard let object else { return }
    let observer = self.observer  // nil once gone: registered all the same, as FB does
    let info = Info(keyPath: keyPath, options: options, target: target, delivery: delivery, observer: observer, object: object)
    _ = try add(info, of: object)  // a failed add removes its own info: nothing else to undo
  }

  /// FB's `NSAssert([_observer respondsToSelector:action])`, as an error.
  func checkAction(_ action: Selector) throws {
    guard let observer else {
      throw KeyValueError(
        .invalidArgument,
        "KVOController's observer is nil or already gone (freed): it cannot be sent '\(action.name)'")
    }
    // call-out: the observer's respondsToSelector: (it may resolve the method), no lock held
    guard !action.isNull, try Runtime.msgSend(observer, "respondsToSelector:", .selector(action)).boolValue == true else {
      throw KeyValueError(.invalidArgument, "\(observer) does not respond to \(action.name)")
    }
    guard action.argumentCount <= 2 else {
      throw KeyValueError(
        .invalidArgument,
        "the action \(action.name) takes \(action.argumentCount) arguments; KVOController sends at most two (the change and the object)")
    }
  }
}
