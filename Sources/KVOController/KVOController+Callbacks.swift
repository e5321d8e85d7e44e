// KVOController+Callbacks.swift: what FBKVOController's users asked for, each opt-in.
//
// Docs: docs/kvocontroller.md#several-callbacks-for-one-key-path,
// docs/kvocontroller.md#checked-key-paths. Tests: Tests/KVOControllerTests/KVOControllerCallbackTests.swift,
// TypedKeyPathTests.swift.
//
// FB keeps one callback per object and key path (a second `observe` is ignored), and its block
// cannot tell the Initial notification from a change. `addCallback` adds a callback that is not
// deduplicated and returns a handle that removes it alone; `observe(_:_:…)` with a
// ``TypedKeyPath`` checks the key path against the object's class before registering and calls
// back with an ``ObservedChange`` (typed old and new, `isInitial`). The FB-style methods are
// unchanged: these are separate entry points.

import KVO
import MiniRuntime

extension KVOController {
  /// A typed callback: the observer, the observed object and the typed change.
  ///
  /// Objective-C: none (MiniKVO extension).
  public typealias TypedBlock<ValueType: ObservableValue> =
    @Sendable (_ observer: Object, _ object: Object, _ change: ObservedChange<ValueType>) -> Void

  /// One callback added with `addCallback`; ``removeCallback(_:)`` removes it alone.
  ///
  /// Objective-C: none (MiniKVO extension; FBKVOController keeps one callback per key path).
  public final class CallbackHandle: Hashable, Sendable {
    weak let info: Info?
    /// The observed key path.
    ///
    /// Objective-C: none (MiniKVO extension).
    public let keyPath: String

    init(_ info: Info) {
      self.info = info
      keyPath = info.keyPath
    }

    /// Handles are equal when they are the same handle.
    ///
    /// Objective-C: none (MiniKVO extension).
    public static func == (lhs: CallbackHandle, rhs: CallbackHandle) -> Bool { lhs === rhs }

    /// Hashes the handle's identity.
    ///
    /// Objective-C: none (MiniKVO extension).
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  }

  // MARK: - Several callbacks

  /// Adds `block` as one more callback for `keyPath` of `object`, even if this controller already
  /// observes that key path there (FB would ignore it); removable on its own.
  ///
  /// ```swift
  /// let first = try controller.addCallback(for: ann, keyPath: "age") { _, _, _ in … }
  /// let second = try controller.addCallback(for: ann, keyPath: "age") { _, _, _ in … }
  /// controller.removeCallback(first)   // second still called
  /// ```
  ///
  /// - Throws: As ``observe(_:keyPath:options:delivery:block:)``.
  ///
  /// Objective-C: none (MiniKVO extension).
  @discardableResult
  public func addCallback(
    for object: Object, keyPath: String, options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    block: @escaping Block
  ) throws -> CallbackHandle {
    try add(object, keyPath: keyPath, options: options, target: .block(BlockBox(block)), delivery: delivery)
  }

  /// Adds `action` as one more callback for `keyPath` of `object`; removable on its own.
  ///
  /// - Throws: As ``observe(_:keyPath:options:delivery:action:)``.
  ///
  /// Objective-C: none (MiniKVO extension).
  @discardableResult
  public func addCallback(
    for object: Object, keyPath: String, options: ObservingOptions = [], delivery: CallbackDelivery = .callerThread,
    action: Selector
  ) throws -> CallbackHandle {
    try checkAction(action)
    return try add(object, keyPath: keyPath, options: options, target: .action(action), delivery: delivery)
  }

  /// Adds a typed callback for `keyPath` of `object` (checked as the typed `observe` checks it);
  /// removable on its own.
  ///
  /// Objective-C: none (MiniKVO extension).
  @discardableResult
  public func addCallback<ValueType>(
    for object: Object, _ keyPath: TypedKeyPath<ValueType>, options: ObservingOptions = [],
    delivery: CallbackDelivery = .callerThread, block: @escaping TypedBlock<ValueType>
  ) throws -> CallbackHandle {
    try keyPath.check(against: object.isa)
    return try add(object, keyPath: keyPath.keyPath, options: options, target: Self.typed(block), delivery: delivery)
  }

  /// Removes the callback `handle` stands for; does nothing if it was removed already (by this
  /// call, `unobserve` or `unobserveAll`). Once it returns, that callback does not run.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func removeCallback(_ handle: CallbackHandle) {
    guard let info = handle.info else { return }
    finish(lock.withLock { take(from: info.objectID) { $0 === info } })
  }

  private func add(
    _ object: Object, keyPath: String, options: ObservingOptions, target: Target, delivery: CallbackDelivery
  ) throws -> CallbackHandle {
    let added = try observe(object, keyPaths: [keyPath], options: options, target: target, delivery: delivery, isAdditional: true)
    // INVARIANT: an additional info is never deduplicated, and `object` is not nil.
    guard let info = added.first else { throw KeyValueError(.invalidArgument, "\(keyPath) was not added") }
    return CallbackHandle(info)
  }

  // MARK: - Checked key paths

  /// Observes a ``TypedKeyPath`` of `object`: the key path is checked against the object's class
  /// first, and the block gets typed old and new values and whether the notification is the
  /// Initial one. Deduplicated by key path, as the other `observe` forms; a nil object does
  /// nothing.
  ///
  /// - Throws: What ``TypedKeyPath/check(against:)`` throws (nothing is registered), and as
  ///   ``observe(_:keyPath:options:delivery:block:)``.
  ///
  /// Objective-C: none (MiniKVO extension; FB's `observe:keyPath:options:block:` with
  /// `FBKVOKeyPath`).
  public func observe<ValueType>(
    _ object: Object?, _ keyPath: TypedKeyPath<ValueType>, options: ObservingOptions = [],
    delivery: CallbackDelivery = .callerThread, block: @escaping TypedBlock<ValueType>
  ) throws {
    if let object { try keyPath.check(against: object.isa) }
    try observe(object, keyPaths: [keyPath.keyPath], options: options, target: Self.typed(block), delivery: delivery)
  }

  /// The target that builds an ``ObservedChange`` for a typed block.
  private static func typed<ValueType>(_ block: @escaping TypedBlock<ValueType>) -> Target {
    .handler(
      HandlerBox { observer, object, change, keyPath, isInitial in
        block(observer, object, ObservedChange(keyPath: keyPath, isInitial: isInitial, change: change))
      })
  }
}
